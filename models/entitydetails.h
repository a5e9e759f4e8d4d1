// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/clusterstate.h"
#include "domain/event.h"

#include <QString>

#include <optional>
#include <vector>

namespace vigil {

// A metric as the reader calls it: the standard ones in the reader's language, others by their own help text.
QString metricLabel(const MetricDescriptor &metric);

// The details panel's content for one GPU, as HTML: where it is (node, rack, PDUs
// with their load, cooling loop, leaf), whose job runs on it and how that job is
// doing, every reading with its unit, and its recent events.
QString gpuDetailsHtml(const ClusterState &state, uint32_t gpu, const std::vector<Event> &recentEvents);

// The rack a GPU stands in, as HTML: its place, PDUs against their rating, inlet
// air and cooling loop, leaf switch, nodes and jobs, its hottest GPU and how many
// GPUs are silent.
QString rackDetailsHtml(const ClusterState &state, uint32_t rack);

// Finds a GPU from what an operator types: a GPU UUID, a hostname (its first GPU;
// "host:index" for another), a rack name or a job id (its first GPU). Exact
// matches first, then a unique case-insensitive prefix.
std::optional<uint32_t> findGpu(const Topology &topology, const QString &query);

} // namespace vigil
