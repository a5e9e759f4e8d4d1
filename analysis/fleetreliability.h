// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "domain/topology.h"

#include <QString>

#include <vector>

namespace vigil {

// Failures of one group of GPUs (a rack, a position in the rack, a model, a
// month) over the GPU-days it was in service.
struct FailureTally
{
    QString name; // "A01-R05", "slot 12", "NVIDIA H100 80GB HBM3", "2023-05", "2023-Q2", "2023"
    uint64_t failures = 0;
    double gpuDays = 0.0;
    double per1000GpuDays() const { return gpuDays > 0.0 ? 1000.0 * double(failures) / gpuDays : 0.0; }
    // Mean time between failures of one GPU of the group (0: no failure).
    double mtbfGpuHours() const { return failures ? gpuDays * 24.0 / double(failures) : 0.0; }
    bool operator==(const FailureTally &) const = default;
};

// A GPU slot that keeps killing what is put in it: two or more failures there, not all
// of them of one part (two or more parts, or parts the record does not name).
struct LemonPosition
{
    uint32_t gpu = 0; // the slot: the topology's GPU at that place
    QString name; // "a01r04n1:0"
    uint64_t failures = 0;
    size_t parts = 0; // different parts named among them
    size_t unidentified = 0; // failures whose part is not named
};

// A part (serial number or UUID) that keeps failing wherever it is put.
struct LemonPart
{
    QString serial;
    uint64_t failures = 0;
    size_t positions = 0; // different slots it failed in
    QString lastPosition;
};

// The fleet's failure record over [fromMs, toMs): every hardware failure
// (isHardwareFailure) on a GPU or a node, counted where it happened whether or
// not a job was running there. A node's failure counts once, at the node. Every
// GPU of the topology is taken to be in service for the whole span.
struct FleetReliability
{
    int64_t fromMs = 0;
    int64_t toMs = 0;
    FailureTally fleet; // all of it
    std::vector<FailureTally> byHall, byRow, byRack; // most failures first
    std::vector<FailureTally> byPosition; // by slot in the rack (0: the bottom), bottom up
    std::vector<FailureTally> byModel; // most failures first
    std::vector<FailureTally> byMonth, byQuarter, byYear; // in time order, empty ones included
    // Repeat failures of GPUs, told apart: the slot's fault or the part's. A failure's part is
    // the serial its event names, else the topology's serial or UUID of the GPU in that slot.
    std::vector<LemonPosition> lemonPositions; // most failures first
    std::vector<LemonPart> lemonParts; // most failures first
};

FleetReliability fleetReliability(const Topology &topology, const std::vector<Event> &events, int64_t fromMs,
                                  int64_t toMs);

} // namespace vigil
