// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/blastradius.h"

#include <algorithm>

namespace vigil {

namespace {

void addRack(const Topology &t, uint32_t rack, std::vector<uint32_t> &out)
{
    if (rack >= t.nodesOfRack.size())
        return;
    for (uint32_t node : t.nodesOfRack[rack])
        for (uint32_t gpu : t.gpusOfNode[node])
            out.push_back(gpu);
}

template<typename Predicate> void addRacksWhere(const Topology &t, Predicate belongs, std::vector<uint32_t> &out)
{
    for (size_t r = 0; r < t.racks.size(); ++r)
        if (belongs(t.racks[r]))
            addRack(t, uint32_t(r), out);
}

} // namespace

std::vector<uint32_t> gpusAffectedBy(const Topology &t, EntityRef entity)
{
    std::vector<uint32_t> out;
    const uint32_t i = entity.index;
    switch (entity.kind) {
    case EntityKind::Gpu:
        if (i < t.gpus.size())
            out.push_back(i);
        break;
    case EntityKind::GpuInstance: // what stops an instance stops the job on its GPU
        if (i < t.gpuInstances.size() && t.gpuInstances[i].gpuIndex < t.gpus.size())
            out.push_back(t.gpuInstances[i].gpuIndex);
        break;
    case EntityKind::Node:
        if (i < t.gpusOfNode.size())
            out = t.gpusOfNode[i];
        break;
    case EntityKind::Rack:
        addRack(t, i, out);
        break;
    case EntityKind::Pdu:
        if (i < t.pdus.size())
            addRack(t, t.pdus[i].rackIndex, out);
        break;
    case EntityKind::CoolingLoop:
        addRacksWhere(
            t, [i](const Rack &r) { return r.coolingLoopIndex == i; }, out);
        break;
    case EntityKind::Switch:
        if (i >= t.switches.size())
            break;
        if (t.switches[i].role == SwitchRole::NvSwitch) { // the GPUs it joins: its node's
            if (size_t(t.switches[i].nodeIndex) < t.gpusOfNode.size())
                out = t.gpusOfNode[size_t(t.switches[i].nodeIndex)];
            break;
        }
        addRacksWhere(
            t,
            [&](const Rack &r) {
                if (r.leafSwitchIndex == i)
                    return true;
                if (r.leafSwitchIndex >= t.switches.size())
                    return false;
                const auto &uplinks = t.switches[r.leafSwitchIndex].uplinkSwitchIndices;
                return std::find(uplinks.begin(), uplinks.end(), i) != uplinks.end();
            },
            out);
        break;
    case EntityKind::Job:
        if (i < t.jobs.size())
            for (uint32_t gpu : t.jobs[i].gpuIndices)
                if (gpu < t.gpus.size())
                    out.push_back(gpu);
        break;
    case EntityKind::Cluster:
    case EntityKind::Unspecified:
        break;
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace vigil
