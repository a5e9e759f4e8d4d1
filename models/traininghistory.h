// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/clusterstate.h"
#include "domain/jobreadings.h"
#include "domain/minmaxpyramid.h"

#include <optional>

#include <memory>
#include <vector>

namespace vigil {

// What a training job has done so far, as chart series, without ever
// overwriting history: loss against step per branch (a rollback to step N
// starts a new branch and moves the old branch's steps beyond N into an
// "abandoned" series, kept and drawn dimmed), and loss, throughput and step time
// against cluster time (a clock that jumps back starts a new segment).
class TrainingHistory
{
public:
    using Series = std::shared_ptr<MinMaxPyramid>;
    // Readings a series keeps before its older half is thinned to its extremes (about 1.3 MB):
    // a live dashboard left for weeks keeps a bounded history, its newest readings whole.
    static constexpr size_t SeriesLimit = 65536;
    struct Rollback
    {
        double fromStep = 0.0; // the furthest step reached before it
        double toStep = 0.0; // the checkpoint trained again from
        int64_t timeMs = 0; // when it was seen
        int64_t lastProgressMs = 0; // when the old branch last advanced (the failure)
        int64_t recoveredAtMs = 0; // when the new branch got back to fromStep (0: not yet)
        double stepsRecomputed() const { return fromStep - toStep; }
    };
    struct Job
    {
        std::vector<Series> lossByStep; // one per branch, oldest first
        std::vector<Series> abandonedByStep; // one per rollback
        std::vector<Series> lossByTime; // segments of cluster time
        std::vector<Series> tokensByTime;
        std::vector<Series> stepTimeByTime;
        std::vector<Series> allReduceWaitByTime; // % of step time
        std::vector<Series> powerByTime; // the job's GPUs together, kW
        std::vector<Rollback> rollbacks;
        double lastStep = -1.0;
        int64_t lastProgressMs = 0;
    };

    // Appends the state's job readings when its time has moved on. A new topology starts over.
    // (Replay: a recording's frames.)
    void record(const ClusterState &state);
    // Live: every job reading the stream carried, each at its own time (readings of one
    // job at one time are one update), then the jobs' power from the state now. The
    // state names the metrics and gives the topology.
    void recordReadings(const ClusterState &state, const std::vector<JobReading> &readings);
    const Job *job(size_t index) const { return index < m_jobs.size() ? &m_jobs[index] : nullptr; }
    size_t jobCount() const { return m_jobs.size(); }

private:
    // What one update says of a job; what it does not say is left as it was.
    struct Update
    {
        std::optional<float> step, loss, tokens, stepTime, allReduceWait;
    };
    void follow(const std::shared_ptr<const Topology> &topology);
    void recordJob(Job &job, int64_t timeMs, const Update &u);
    void recordPower(const ClusterState &state, int64_t timeMs);
    void startBranch(Job &job, double fromStep, double toStep, int64_t timeMs);
    static void appendTimed(std::vector<Series> &segments, double timeMs, float value);
    static void appendBounded(MinMaxPyramid &series, double x, float value);

    std::shared_ptr<const Topology> m_topology;
    std::vector<Job> m_jobs;
    int64_t m_lastTimeMs = 0;
    int64_t m_lastPowerMs = 0;
};

} // namespace vigil
