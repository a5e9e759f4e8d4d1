// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/topology.h"

namespace vigil {

// The shape of a simulated cluster.
struct ClusterShape
{
    uint32_t gpus = 2048;
    uint32_t gpusPerNode = 8;
    uint32_t nodesPerRack = 8;
    uint32_t pdusPerRack = 2;
    float pduRatedKw = 40.0f;
    float coolantSupplyC = 24.0f;
};

// Lays out `shape.gpus` GPUs into halls, rows and racks, with PDUs, one cooling
// loop per row, a leaf switch per rack and spines, and places one large training
// job on about three quarters of the GPUs plus a few small jobs.
Topology buildTopology(const ClusterShape &shape, uint64_t seed);

// Names every hall, row, rack, node, PDU, cooling loop, switch and job "PREFIX-name": one
// pod of a larger cluster, which an aggregator can lay out beside the others.
void prefixNames(Topology &topology, const QString &prefix);

} // namespace vigil
