// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "domain/metric.h"
#include "domain/topology.h"

#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace vigil {

// Where one pod gateway's entities are in the aggregator's merged topology.
struct PodPlacement
{
    QString pod; // the upstream's address, as given
    uint32_t gpuOffset = 0;
    uint32_t nodeOffset = 0;
    uint32_t rackOffset = 0;
    uint32_t pduOffset = 0;
    uint32_t instanceOffset = 0;
    uint32_t gpus = 0; // how many of the merged topology's GPUs are this pod's
    std::vector<uint32_t> coolingLoops; // the pod's loop -> merged (pods share loops by name)
    std::vector<uint32_t> switches; // the pod's switch -> merged (pods share spines by name)
    std::vector<uint32_t> jobs; // the pod's job -> merged (a job over several pods is one job)

    // The merged index of the pod's entity `index` of `kind`; nothing when out of range.
    std::optional<uint32_t> place(EntityKind kind, uint32_t index, const Topology &pod) const;
};

// One topology of several pods' (each laid out by its own gateway): halls and rows of the
// same name are one hall and one row; cooling loops and switches of the same name are
// shared; a job with the same id is one job over all its GPUs. Racks, nodes, PDUs and GPUs
// are each pod's own: a rack, node or PDU name, or a GPU UUID, found in two pods is a
// conflicting topology, and the error names both pods and the entity.
QString mergePodTopologies(const std::vector<std::pair<QString, std::shared_ptr<const Topology>>> &pods,
                           Topology &merged, std::vector<PodPlacement> &placements);

// The union of the pods' metric dictionaries, by name, in order of first appearance.
std::vector<MetricDescriptor> mergeMetricDictionaries(const std::vector<std::vector<MetricDescriptor>> &dictionaries);

} // namespace vigil
