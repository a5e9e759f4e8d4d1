// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "domain/topology.h"

#include <vector>

namespace vigil {

// A GPU (or node) that kept its job waiting, as its straggler warnings tell it
// (docs/stragglers.md): warnings on one entity at most half an hour apart (as long as the
// alarm of a warning stays raised) are one episode.
struct StragglerEpisode
{
    EntityRef entity;
    QString jobId;
    uint32_t jobGpus = 0; // as the topology has the job
    int64_t fromMs = 0, toMs = 0; // its first warning; its last, plus the time that warning stood for
    size_t warnings = 0;
    double worstDeficit = 0.0; // the largest share of speed it lacked
    double lostGpuHours = 0.0; // in the period asked for
    QString message; // the latest warning's words
};

// The episodes of `warnings` (in time order; only straggler warnings are read) that overlap
// [fromMs, toMs), most lost first. A PCIe link's episode whose cost was not measured (its
// warnings' deficit 0) is listed, at no GPU-hours. A warning stands for the time until the next one of its
// episode (the last, for StragglerFinder::ReannounceMs: the finder repeats itself that often
// while the straggler lasts, more seldom only on a sparse feed): the job loses its GPUs × the
// deficit the warning gave over that time.
std::vector<StragglerEpisode> stragglerEpisodes(const std::vector<Event> &warnings, const Topology &topology,
                                                int64_t fromMs, int64_t toMs);

} // namespace vigil
