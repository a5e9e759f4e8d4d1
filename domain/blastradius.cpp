// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/blastradius.h"

#include <algorithm>

namespace vigil {

namespace {

// The visitors below call `gpu(index)` for each GPU in turn until it returns false, and return
// false if it stopped them.
template<typename Visit> bool visitRack(const Topology &t, uint32_t rack, Visit &gpu)
{
    if (rack >= t.nodesOfRack.size())
        return true;
    for (uint32_t node : t.nodesOfRack[rack])
        for (uint32_t g : t.gpusOfNode[node])
            if (!gpu(g))
                return false;
    return true;
}

template<typename Predicate, typename Visit> bool visitRacksWhere(const Topology &t, Predicate belongs, Visit &gpu)
{
    for (size_t r = 0; r < t.racks.size(); ++r)
        if (belongs(t.racks[r]) && !visitRack(t, uint32_t(r), gpu))
            return false;
    return true;
}

template<typename Visit> bool visitAll(const std::vector<uint32_t> &gpus, Visit &gpu)
{
    for (uint32_t g : gpus)
        if (!gpu(g))
            return false;
    return true;
}

bool feedsThroughSwitch(const Topology &t, const Rack &r, uint32_t i)
{
    if (r.leafSwitchIndex == i)
        return true;
    if (r.leafSwitchIndex >= t.switches.size())
        return false;
    const auto &uplinks = t.switches[r.leafSwitchIndex].uplinkSwitchIndices;
    return std::find(uplinks.begin(), uplinks.end(), i) != uplinks.end();
}

// Each GPU that `entity` can affect, in the order the topology holds them (a GPU may come twice:
// a switch's racks overlap).
template<typename Visit> bool visitGpusAffectedBy(const Topology &t, EntityRef entity, Visit &&gpu)
{
    const uint32_t i = entity.index;
    switch (entity.kind) {
    case EntityKind::Gpu:
        return i >= t.gpus.size() || gpu(i);
    case EntityKind::GpuInstance: // what stops an instance stops the job on its GPU
        return i >= t.gpuInstances.size() || t.gpuInstances[i].gpuIndex >= t.gpus.size()
            || gpu(t.gpuInstances[i].gpuIndex);
    case EntityKind::Node:
        return i >= t.gpusOfNode.size() || visitAll(t.gpusOfNode[i], gpu);
    case EntityKind::Rack:
        return visitRack(t, i, gpu);
    case EntityKind::Pdu:
        return i >= t.pdus.size() || visitRack(t, t.pdus[i].rackIndex, gpu);
    case EntityKind::CoolingLoop:
        return visitRacksWhere(
            t, [i](const Rack &r) { return r.coolingLoopIndex == i; }, gpu);
    case EntityKind::Switch:
        if (i >= t.switches.size())
            return true;
        if (t.switches[i].role == SwitchRole::NvSwitch) { // the GPUs it joins: its node's
            const size_t node = size_t(t.switches[i].nodeIndex);
            return node >= t.gpusOfNode.size() || visitAll(t.gpusOfNode[node], gpu);
        }
        return visitRacksWhere(
            t, [&](const Rack &r) { return feedsThroughSwitch(t, r, i); }, gpu);
    case EntityKind::Job:
        if (i < t.jobs.size())
            for (uint32_t g : t.jobs[i].gpuIndices)
                if (g < t.gpus.size() && !gpu(g))
                    return false;
        return true;
    case EntityKind::Cluster:
    case EntityKind::Unspecified:
        return true;
    }
    return true;
}

} // namespace

std::vector<uint32_t> gpusAffectedBy(const Topology &t, EntityRef entity)
{
    std::vector<uint32_t> out;
    visitGpusAffectedBy(t, entity, [&out](uint32_t g) {
        out.push_back(g);
        return true;
    });
    if (!std::is_sorted(out.begin(), out.end()))
        std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::optional<uint32_t> firstGpuAffectedBy(const Topology &t, EntityRef entity)
{
    std::optional<uint32_t> first;
    // The visits go in topology order but for a job's GPUs, which come as the job lists them.
    const bool ordered = entity.kind != EntityKind::Job;
    visitGpusAffectedBy(t, entity, [&](uint32_t g) {
        first = std::min(first.value_or(g), g);
        return !ordered;
    });
    return first;
}

bool affectsAnyGpu(const Topology &t, EntityRef entity)
{
    return !visitGpusAffectedBy(t, entity, [](uint32_t) { return false; });
}

} // namespace vigil
