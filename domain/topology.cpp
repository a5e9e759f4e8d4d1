// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/topology.h"

#include <algorithm>

namespace vigil {

namespace {

QString outOfRange(const char *what, size_t index, const char *field, uint32_t value, size_t limit)
{
    return QStringLiteral("%1 %2: %3 = %4 is out of range (have %5)")
        .arg(QLatin1String(what))
        .arg(index)
        .arg(QLatin1String(field))
        .arg(value)
        .arg(limit);
}

} // namespace

QString Topology::index()
{
    for (size_t i = 0; i < rows.size(); ++i)
        if (rows[i].hallIndex >= halls.size())
            return outOfRange("row", i, "hall_index", rows[i].hallIndex, halls.size());
    for (size_t i = 0; i < racks.size(); ++i) {
        const Rack &rack = racks[i];
        if (rack.rowIndex >= rows.size())
            return outOfRange("rack", i, "row_index", rack.rowIndex, rows.size());
        for (uint32_t pdu : rack.pduIndices)
            if (pdu >= pdus.size())
                return outOfRange("rack", i, "pdu_indices", pdu, pdus.size());
        if (!coolingLoops.empty() && rack.coolingLoopIndex >= coolingLoops.size())
            return outOfRange("rack", i, "cooling_loop_index", rack.coolingLoopIndex, coolingLoops.size());
        if (!switches.empty() && rack.leafSwitchIndex >= switches.size())
            return outOfRange("rack", i, "leaf_switch_index", rack.leafSwitchIndex, switches.size());
    }
    for (size_t i = 0; i < switches.size(); ++i) {
        const Switch &s = switches[i];
        if (s.nodeIndex >= 0 && size_t(s.nodeIndex) >= nodes.size())
            return outOfRange("switch", i, "node_index", uint32_t(s.nodeIndex), nodes.size());
        if (s.role == SwitchRole::NvSwitch && s.nodeIndex < 0)
            return QStringLiteral("switch %1 is an NVSwitch in no node").arg(s.name);
    }
    for (size_t i = 0; i < pdus.size(); ++i)
        if (pdus[i].rackIndex >= racks.size())
            return outOfRange("pdu", i, "rack_index", pdus[i].rackIndex, racks.size());

    // Layout limits: far beyond any real rack, small enough that a corrupt number
    // cannot make the floor plan allocate gigabytes.
    std::vector<uint32_t> byPlace(racks.size());
    for (size_t i = 0; i < racks.size(); ++i) {
        if (racks[i].positionInRow > MaxPositionInRow)
            return outOfRange("rack", i, "position_in_row", racks[i].positionInRow, MaxPositionInRow + 1);
        byPlace[i] = uint32_t(i);
    }
    auto place = [&](uint32_t r) { return std::pair(racks[r].rowIndex, racks[r].positionInRow); };
    std::sort(byPlace.begin(), byPlace.end(), [&](uint32_t a, uint32_t b) { return place(a) < place(b); });
    for (size_t k = 1; k < byPlace.size(); ++k)
        if (place(byPlace[k]) == place(byPlace[k - 1]))
            return QStringLiteral("racks %1 and %2 both stand at position %3 of row %4")
                .arg(racks[byPlace[k - 1]].name, racks[byPlace[k]].name)
                .arg(racks[byPlace[k]].positionInRow)
                .arg(rows[racks[byPlace[k]].rowIndex].name);

    nodesOfRack.assign(racks.size(), {});
    for (size_t i = 0; i < nodes.size(); ++i) {
        if (nodes[i].rackIndex >= racks.size())
            return outOfRange("node", i, "rack_index", nodes[i].rackIndex, racks.size());
        if (nodes[i].slot > MaxSlot)
            return outOfRange("node", i, "slot", nodes[i].slot, MaxSlot + 1);
        nodesOfRack[nodes[i].rackIndex].push_back(uint32_t(i));
    }
    for (size_t r = 0; r < racks.size(); ++r) {
        auto &list = nodesOfRack[r];
        std::stable_sort(list.begin(), list.end(),
                         [&](uint32_t a, uint32_t b) { return nodes[a].slot < nodes[b].slot; });
        for (size_t k = 1; k < list.size(); ++k)
            if (nodes[list[k]].slot == nodes[list[k - 1]].slot)
                return QStringLiteral("nodes %1 and %2 are both in slot %3 of rack %4")
                    .arg(nodes[list[k - 1]].hostname, nodes[list[k]].hostname)
                    .arg(nodes[list[k]].slot)
                    .arg(racks[r].name);
    }
    gpusOfNode.assign(nodes.size(), {});
    for (size_t i = 0; i < gpus.size(); ++i) {
        if (gpus[i].nodeIndex >= nodes.size())
            return outOfRange("gpu", i, "node_index", gpus[i].nodeIndex, nodes.size());
        if (gpus[i].localIndex > MaxLocalIndex)
            return outOfRange("gpu", i, "local_index", gpus[i].localIndex, MaxLocalIndex + 1);
        gpusOfNode[gpus[i].nodeIndex].push_back(uint32_t(i));
    }
    for (size_t n = 0; n < nodes.size(); ++n) {
        auto &list = gpusOfNode[n];
        std::stable_sort(list.begin(), list.end(),
                         [&](uint32_t a, uint32_t b) { return gpus[a].localIndex < gpus[b].localIndex; });
        for (size_t k = 1; k < list.size(); ++k)
            if (gpus[list[k]].localIndex == gpus[list[k - 1]].localIndex)
                return QStringLiteral("GPUs %1 and %2 both have index %3 on %4")
                    .arg(gpus[list[k - 1]].uuid, gpus[list[k]].uuid)
                    .arg(gpus[list[k]].localIndex)
                    .arg(nodes[n].hostname);
    }
    // Sized only when some GPU is split: a cluster without MIG keeps no empty list per GPU.
    instancesOfGpu.assign(gpuInstances.empty() ? 0 : gpus.size(), {});
    for (size_t i = 0; i < gpuInstances.size(); ++i) {
        const GpuInstance &g = gpuInstances[i];
        if (g.gpuIndex >= gpus.size())
            return outOfRange("gpu instance", i, "gpu_index", g.gpuIndex, gpus.size());
        if (g.instanceId > MaxInstanceId)
            return outOfRange("gpu instance", i, "instance_id", g.instanceId, MaxInstanceId + 1);
        instancesOfGpu[g.gpuIndex].push_back(uint32_t(i));
    }
    for (size_t gpu = 0; gpu < instancesOfGpu.size(); ++gpu) {
        auto &list = instancesOfGpu[gpu];
        std::stable_sort(list.begin(), list.end(), [&](uint32_t a, uint32_t b) {
            return gpuInstances[a].instanceId < gpuInstances[b].instanceId;
        });
        for (size_t k = 1; k < list.size(); ++k)
            if (gpuInstances[list[k]].instanceId == gpuInstances[list[k - 1]].instanceId)
                return QStringLiteral("GPU %1 has two instances with id %2")
                    .arg(gpus[gpu].uuid)
                    .arg(gpuInstances[list[k]].instanceId);
    }
    jobOfGpu.assign(gpus.size(), -1);
    for (size_t j = 0; j < jobs.size(); ++j)
        for (uint32_t gpu : jobs[j].gpuIndices) {
            if (gpu >= gpus.size())
                return outOfRange("job", j, "gpu_indices", gpu, gpus.size());
            jobOfGpu[gpu] = int32_t(j);
        }
    return {};
}

bool Topology::operator==(const Topology &o) const
{
    auto sameRack = [](const Rack &a, const Rack &b) {
        return a.name == b.name && a.rowIndex == b.rowIndex && a.positionInRow == b.positionInRow
            && a.pduIndices == b.pduIndices && a.coolingLoopIndex == b.coolingLoopIndex
            && a.leafSwitchIndex == b.leafSwitchIndex && a.placement == b.placement;
    };
    auto sameGpu = [](const Gpu &a, const Gpu &b) {
        return a.uuid == b.uuid && a.nodeIndex == b.nodeIndex && a.localIndex == b.localIndex && a.model == b.model
            && a.maxPowerW == b.maxPowerW && a.memoryTotalMiB == b.memoryTotalMiB && a.pciBusId == b.pciBusId
            && a.serial == b.serial && a.driverVersion == b.driverVersion;
    };
    auto sameSwitch = [](const Switch &a, const Switch &b) {
        return a.name == b.name && a.role == b.role && a.uplinkSwitchIndices == b.uplinkSwitchIndices
            && a.nodeIndex == b.nodeIndex && a.pciBusId == b.pciBusId;
    };
    auto sameJob = [](const Job &a, const Job &b) {
        return a.id == b.id && a.name == b.name && a.priority == b.priority && a.gpuIndices == b.gpuIndices
            && a.checkpointIntervalSteps == b.checkpointIntervalSteps;
    };
    return version == o.version && clusterName == o.clusterName && halls.size() == o.halls.size()
        && rows.size() == o.rows.size() && nodes.size() == o.nodes.size() && pdus.size() == o.pdus.size()
        && coolingLoops.size() == o.coolingLoops.size() && switches.size() == o.switches.size()
        && std::equal(racks.begin(), racks.end(), o.racks.begin(), o.racks.end(), sameRack)
        && std::equal(gpus.begin(), gpus.end(), o.gpus.begin(), o.gpus.end(), sameGpu)
        && std::equal(switches.begin(), switches.end(), o.switches.begin(), o.switches.end(), sameSwitch)
        && std::equal(jobs.begin(), jobs.end(), o.jobs.begin(), o.jobs.end(), sameJob)
        && std::equal(gpuInstances.begin(), gpuInstances.end(), o.gpuInstances.begin(), o.gpuInstances.end(),
                      [](const GpuInstance &a, const GpuInstance &b) {
                          return a.gpuIndex == b.gpuIndex && a.instanceId == b.instanceId && a.profile == b.profile;
                      });
}

} // namespace vigil
