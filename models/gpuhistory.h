// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/clusterstate.h"

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace vigil {

// The recent past of every GPU's temperature and power, for the details panel
// (the node's sparklines, the selected GPU's last hour): a ring of snapshots, one
// byte per reading (temperature to 0.5 °C, power to 4 W), so that 100,000 GPUs ×
// 90 snapshots × 2 readings fit in 18 MB and recording a snapshot is two
// sequential passes.
class GpuHistory
{
public:
    enum class Reading
    {
        Temperature,
        Power,
        HbmTemperature,
        Utilisation, // %
        MemoryUsed, // % of the GPU's memory
    };
    static constexpr size_t ReadingCount = 5;
    // `depth` snapshots, at least `minSpacingMs` of cluster time apart (closer ones are skipped).
    // Temperature and power always; with `allReadings` also HBM temperature,
    // utilisation and memory used (for the selected GPU's charts).
    explicit GpuHistory(size_t depth = 90, int64_t minSpacingMs = 1000, bool allReadings = false);
    size_t depth() const { return m_depth; }

    // Records the state's current readings if its time has moved on far enough.
    // A new topology starts the history over.
    void record(const ClusterState &state);
    // Oldest first; NaN where the GPU had no reading. Empty for an unknown GPU.
    std::vector<float> series(uint32_t gpu, Reading reading) const;
    // Cluster time of the oldest and newest snapshot (0 when empty).
    int64_t oldestMs() const;
    int64_t newestMs() const;
    // The cluster time of every snapshot, oldest first (the x of series()).
    std::vector<int64_t> times() const;
    size_t snapshots() const { return m_count; }

private:
    size_t m_depth;
    int64_t m_minSpacingMs;
    std::shared_ptr<const Topology> m_topology; // held, so a new one is never mistaken for it
    size_t m_gpus = 0;
    size_t m_next = 0; // ring slot the next snapshot goes to
    size_t m_count = 0;
    std::vector<int64_t> m_timeMs; // per slot
    size_t m_readings; // how many of the Reading rings are kept
    // Per reading: [slot][gpu]. Left unwritten until a snapshot fills a slot (only the m_count
    // slots recorded are read), so that a 100k-GPU ring costs no page until it is used and its
    // first snapshot no 45 MB fill on the GUI thread (300 ms, measured).
    std::array<std::unique_ptr<uint8_t[]>, ReadingCount> m_rings;
};

} // namespace vigil

namespace vigil {

// The recent past of one metric over all its entities (a rack's inlet air, a
// PDU's load): a ring of full copies of the column, for the rack-level charts.
// Small by nature: racks and PDUs number in the thousands, not the hundred thousands.
class ColumnHistory
{
public:
    ColumnHistory(QString metricName, size_t depth, int64_t minSpacingMs);
    void record(const ClusterState &state);
    // (time, value) of one entity, oldest first; empty for an unknown entity.
    std::vector<std::pair<int64_t, float>> series(uint32_t entity) const;

private:
    QString m_metric;
    size_t m_depth;
    int64_t m_minSpacingMs;
    std::shared_ptr<const Topology> m_topology;
    std::vector<std::pair<int64_t, std::vector<float>>> m_ring; // oldest first
};

} // namespace vigil
