// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/alarm.h"
#include "domain/event.h"
#include "domain/metric.h"
#include "domain/topology.h"

#include "vigil/v1/gateway.pb.h"

#include <vector>

// Conversions between Vigil's value types and the wire contract.
namespace vigil::wire {

v1::Topology toProto(const Topology &topology);
Topology fromProto(const v1::Topology &topology); // call Topology::index() on the result to validate it

v1::EntityRef toProto(EntityRef ref);
EntityRef fromProto(const v1::EntityRef &ref);

v1::Event toProto(const Event &event);
Event fromProto(const v1::Event &event);

v1::Alarm toProto(const Alarm &alarm);
Alarm fromProto(const v1::Alarm &alarm); // an unknown priority reads as low

v1::Dictionary toProto(uint64_t topologyVersion, const std::vector<MetricDescriptor> &metrics);
std::vector<MetricDescriptor> fromProto(const v1::Dictionary &dictionary);

// How many entities of a kind the topology has (1 for Cluster).
size_t entityCount(const Topology &topology, EntityKind kind);

} // namespace vigil::wire
