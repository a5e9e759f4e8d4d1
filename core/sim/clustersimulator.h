// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/event.h"
#include "model/metric.h"
#include "model/topology.h"
#include "random.h"
#include "topologybuilder.h"

#include <vector>

namespace vigil {

struct SimulatorOptions
{
    ClusterShape shape;
    uint64_t seed = 1;
    int64_t startTimeMs = 1793577600000; // 2026-11-02 00:00 UTC: simulated time never reads the wall clock
};

// Metric values indexed [metric id][entity index], ids as in standardMetrics().
using MetricColumns = std::vector<std::vector<float>>;

// A physically plausible cluster, deterministic by seed: GPU power follows
// utilisation, temperature follows power and the rack's inlet air with a thermal
// lag, PDUs carry the sum of their racks' nodes, synchronous training jobs step at
// the pace of their slowest GPU and write checkpoints.
class ClusterSimulator
{
public:
    explicit ClusterSimulator(const SimulatorOptions &options);

    const Topology &topology() const { return m_topology; }
    const std::vector<MetricDescriptor> &metrics() const { return standardMetrics(); }
    int64_t timeMs() const { return m_timeMs; }

    // Advances simulated time by dtMs, writes every metric's value into `columns`
    // (resized as needed) and appends what happened to `events`.
    void advance(int64_t dtMs, MetricColumns &columns, std::vector<Event> &events);

private:
    struct GpuPhysics
    {
        float thermalResistance; // °C per W above inlet
        float powerBias; // multiplicative, manufacturing spread
        float temp;
        float fbUsed;
        bool throttling = false;
    };
    struct JobProgress
    {
        double step = 0.0;
        double baseStepTimeS = 4.0;
        double stepTimeS = 4.0;
        double tokensPerStep = 0.0;
        float intensity = 1.0f; // share of the board power the job's kernels draw
        int64_t checkpointUntilMs = 0;
        int64_t lastCheckpointStep = 0;
    };

    void stepJobs(double dtS, std::vector<Event> &events);
    void emit(std::vector<Event> &events, EventType type, Severity severity, EntityRef entity, QString message,
              int32_t code = 0, double value = 0.0, int64_t step = 0, const QString &jobId = {});

    Topology m_topology;
    Random m_random;
    int64_t m_timeMs;
    uint64_t m_nextEventId = 1;
    bool m_warm = false;
    std::vector<GpuPhysics> m_gpus;
    std::vector<float> m_rackInletOffset;
    std::vector<JobProgress> m_jobs;
};

} // namespace vigil
