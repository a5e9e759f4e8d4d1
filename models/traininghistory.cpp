// SPDX-License-Identifier: GPL-3.0-or-later
#include "traininghistory.h"

#include <cmath>
#include <limits>

namespace vigil {

void TrainingHistory::appendTimed(std::vector<Series> &segments, double timeMs, float value)
{
    if (segments.empty() || !segments.back()->append(timeMs, value)) {
        // First sample, or the clock went back: a new segment, the old one untouched.
        segments.push_back(std::make_shared<MinMaxPyramid>());
        segments.back()->append(timeMs, value);
    }
}

void TrainingHistory::startBranch(Job &job, double fromStep, double toStep, int64_t timeMs)
{
    // Split the branch at the checkpoint: what lies beyond it was abandoned, not erased.
    const Series old = job.lossByStep.back();
    auto kept = std::make_shared<MinMaxPyramid>();
    auto abandoned = std::make_shared<MinMaxPyramid>();
    for (size_t i = 0; i < old->size(); ++i)
        (old->x(i) <= toStep ? kept : abandoned)->append(old->x(i), old->y(i));
    job.lossByStep.back() = kept;
    job.abandonedByStep.push_back(abandoned);
    job.lossByStep.push_back(std::make_shared<MinMaxPyramid>());
    job.rollbacks.push_back({ fromStep, toStep, timeMs, job.lastProgressMs, 0 });
}

void TrainingHistory::record(const ClusterState &state)
{
    if (state.topology() != m_topology && sameTopology(state.topology(), m_topology))
        m_topology = state.topology();
    if (state.topology() != m_topology) {
        m_topology = state.topology();
        m_jobs.assign(m_topology ? m_topology->jobs.size() : 0, Job());
        m_lastTimeMs = 0;
    }
    const int64_t now = state.timeMs();
    if (!m_topology || now <= 0 || now == m_lastTimeMs)
        return;
    m_lastTimeMs = now;
    const MetricColumn *stepColumn = state.column(metric::JobStep);
    const MetricColumn *lossColumn = state.column(metric::JobLoss);
    const MetricColumn *tokensColumn = state.column(metric::JobTokensPerSecond);
    const MetricColumn *stepTimeColumn = state.column(metric::JobStepTime);
    const MetricColumn *waitColumn = state.column(metric::JobAllReduceWait);
    const MetricColumn *gpuPower = state.column(metric::GpuPower);
    for (size_t j = 0; j < m_jobs.size(); ++j) {
        Job &job = m_jobs[j];
        const float step = state.value(stepColumn, j);
        const float loss = state.value(lossColumn, j);
        appendTimed(job.lossByTime, double(now), loss);
        appendTimed(job.tokensByTime, double(now), state.value(tokensColumn, j));
        appendTimed(job.stepTimeByTime, double(now), state.value(stepTimeColumn, j));
        appendTimed(job.allReduceWaitByTime, double(now), state.value(waitColumn, j));
        // The job's draw: its GPUs that report, summed; none reporting is no reading.
        double watts = 0.0;
        size_t reporting = 0;
        for (uint32_t g : m_topology->jobs[j].gpuIndices) {
            const float w = state.value(gpuPower, g);
            if (!std::isnan(w)) {
                watts += double(w);
                ++reporting;
            }
        }
        appendTimed(job.powerByTime, double(now),
                    reporting ? float(watts / 1000.0) : std::numeric_limits<float>::quiet_NaN());
        if (std::isnan(step))
            continue;
        if (job.lossByStep.empty())
            job.lossByStep.push_back(std::make_shared<MinMaxPyramid>());
        if (job.lastStep >= 0.0 && step < job.lastStep)
            startBranch(job, job.lastStep, step, now);
        if (step > job.lastStep)
            job.lastProgressMs = now;
        for (Rollback &r : job.rollbacks)
            if (r.recoveredAtMs == 0 && step >= r.fromStep)
                r.recoveredAtMs = now;
        job.lossByStep.back()->append(double(step), loss);
        job.lastStep = step;
    }
}

} // namespace vigil
