// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <cstdint>
#include <memory>
#include <vector>

namespace vigil {

// The cluster's layout as plain values. Every entity is referred to by its index
// in the vector that holds it ("topology order"), the same indices the wire uses.

struct Hall
{
    QString name;
};

struct Row
{
    QString name;
    uint32_t hallIndex = 0;
};

struct Rack
{
    QString name;
    uint32_t rowIndex = 0;
    uint32_t positionInRow = 0;
    std::vector<uint32_t> pduIndices;
    uint32_t coolingLoopIndex = 0;
    uint32_t leafSwitchIndex = 0;
    // Mirrors vigil.v1.RackPlacement.
    enum class Placement
    {
        Known,
        Assumed, // no position given: placed automatically
        Unplaced, // reporting GPUs the topology does not know
    };
    Placement placement = Placement::Known;
};

struct Node
{
    QString hostname;
    uint32_t rackIndex = 0;
    uint32_t slot = 0; // 0 = bottom of the rack
};

struct Gpu
{
    QString uuid;
    uint32_t nodeIndex = 0;
    uint32_t localIndex = 0;
    QString model;
    float maxPowerW = 700.0f;
    float memoryTotalMiB = 81559.0f;
    QString pciBusId; // "0000:18:00.0"
    QString serial; // the board's serial number, or empty
    QString driverVersion; // e.g. "535.104.05", or empty
};

// A MIG GPU instance: a slice of a GPU with its own engines and memory, which DCGM
// reports on as an entity of its own (GPU_I_ID, GPU_I_PROFILE).
struct GpuInstance
{
    uint32_t gpuIndex = 0;
    uint32_t instanceId = 0; // GPU_I_ID, unique within its GPU
    QString profile; // GPU_I_PROFILE, e.g. "1g.10gb"
};

struct Pdu
{
    QString name;
    uint32_t rackIndex = 0;
    float ratedKw = 0.0f;
};

struct CoolingLoop
{
    QString name;
    float supplyTempC = 0.0f;
};

enum class SwitchRole
{
    Unspecified,
    Leaf,
    Spine,
    NvSwitch // inside a node, joining its GPUs (the kernel names its faults "SXid")
};

struct Switch
{
    QString name;
    SwitchRole role = SwitchRole::Unspecified;
    std::vector<uint32_t> uplinkSwitchIndices;
    int32_t nodeIndex = -1; // an NVSwitch: the node it sits in
    QString pciBusId; // an NVSwitch: "0000:c1:00.0", as its SXid lines name it
};

enum class PriorityClass
{
    Unspecified,
    Training,
    Evaluation,
    Background
};

struct ParallelismLayout
{
    uint32_t dataParallel = 1;
    uint32_t tensorParallel = 1;
    uint32_t pipelineParallel = 1;
};

struct Job
{
    QString id;
    QString name;
    PriorityClass priority = PriorityClass::Unspecified;
    std::vector<uint32_t> gpuIndices;
    ParallelismLayout layout;
    uint32_t checkpointIntervalSteps = 0;
};

struct Topology
{
    uint64_t version = 0;
    QString clusterName;
    std::vector<Hall> halls;
    std::vector<Row> rows;
    std::vector<Rack> racks;
    std::vector<Node> nodes;
    std::vector<Gpu> gpus;
    std::vector<Pdu> pdus;
    std::vector<CoolingLoop> coolingLoops;
    std::vector<Switch> switches;
    std::vector<Job> jobs;
    std::vector<GpuInstance> gpuInstances;

    // Derived lookups, filled by index(); not on the wire.
    std::vector<int32_t> jobOfGpu; // -1 when the GPU is idle
    // A node's GPUs ordered by local index, a rack's nodes bottom up by slot; dense
    // (an empty slot or a missing GPU index leaves no hole).
    std::vector<std::vector<uint32_t>> gpusOfNode;
    std::vector<std::vector<uint32_t>> nodesOfRack;
    // By instance id; empty (the whole vector) when no GPU is split by MIG.
    std::vector<std::vector<uint32_t>> instancesOfGpu;
    static constexpr uint32_t MaxSlot = 255;
    static constexpr uint32_t MaxLocalIndex = 63;
    static constexpr uint32_t MaxPositionInRow = 4095;
    static constexpr uint32_t MaxInstanceId = 63; // MIG has at most 7 instances, with small ids

    // Builds the derived lookups. Returns an empty string when every index is in
    // range and no two nodes share a slot (or GPUs a local index), otherwise a
    // description of the first problem.
    QString index();

    uint32_t rackOfGpu(uint32_t gpu) const { return nodes[gpus[gpu].nodeIndex].rackIndex; }
    bool operator==(const Topology &other) const;
};

// The same layout, whether or not it is the same object (a replay's history is
// rebuilt from its own copy of a recording's topology).
inline bool sameTopology(const std::shared_ptr<const Topology> &a, const std::shared_ptr<const Topology> &b)
{
    return a == b || (a && b && a->version == b->version && *a == *b);
}

} // namespace vigil
