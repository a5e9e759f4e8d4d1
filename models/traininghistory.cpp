// SPDX-License-Identifier: GPL-3.0-or-later
#include "traininghistory.h"

#include <cmath>
#include <limits>

namespace vigil {

void TrainingHistory::appendBounded(MinMaxPyramid &series, double x, float value)
{
    series.append(x, value);
    if (series.size() > SeriesLimit)
        series.thinOlderHalf();
}

void TrainingHistory::appendTimed(std::vector<Series> &segments, double timeMs, float value)
{
    if (segments.empty() || (!segments.back()->empty() && timeMs < segments.back()->lastX())) {
        // First sample, or the clock went back: a new segment, the old one untouched.
        segments.push_back(std::make_shared<MinMaxPyramid>());
    }
    appendBounded(*segments.back(), timeMs, value);
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

void TrainingHistory::follow(const std::shared_ptr<const Topology> &topology)
{
    if (topology != m_topology && sameTopology(topology, m_topology))
        m_topology = topology;
    if (topology != m_topology) {
        m_topology = topology;
        m_jobs.assign(m_topology ? m_topology->jobs.size() : 0, Job());
        m_lastTimeMs = 0;
        m_lastPowerMs = 0;
    }
}

void TrainingHistory::recordJob(Job &job, int64_t now, const Update &u)
{
    if (u.loss)
        appendTimed(job.lossByTime, double(now), *u.loss);
    if (u.tokens)
        appendTimed(job.tokensByTime, double(now), *u.tokens);
    if (u.stepTime)
        appendTimed(job.stepTimeByTime, double(now), *u.stepTime);
    if (u.allReduceWait)
        appendTimed(job.allReduceWaitByTime, double(now), *u.allReduceWait);
    if (!u.step || std::isnan(*u.step))
        return;
    const float step = *u.step;
    if (job.lossByStep.empty())
        job.lossByStep.push_back(std::make_shared<MinMaxPyramid>());
    if (job.lastStep >= 0.0 && step < job.lastStep)
        startBranch(job, job.lastStep, step, now);
    if (step > job.lastStep)
        job.lastProgressMs = now;
    for (Rollback &r : job.rollbacks)
        if (r.recoveredAtMs == 0 && step >= r.fromStep)
            r.recoveredAtMs = now;
    if (u.loss)
        appendBounded(*job.lossByStep.back(), double(step), *u.loss);
    job.lastStep = step;
}

void TrainingHistory::recordPower(const ClusterState &state, int64_t now)
{
    const MetricColumn *gpuPower = state.column(metric::GpuPower);
    for (size_t j = 0; j < m_jobs.size(); ++j) {
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
        appendTimed(m_jobs[j].powerByTime, double(now),
                    reporting ? float(watts / 1000.0) : std::numeric_limits<float>::quiet_NaN());
    }
}

void TrainingHistory::record(const ClusterState &state)
{
    follow(state.topology());
    const int64_t now = state.timeMs();
    if (!m_topology || now <= 0 || now == m_lastTimeMs)
        return;
    m_lastTimeMs = now;
    const MetricColumn *step = state.column(metric::JobStep);
    const MetricColumn *loss = state.column(metric::JobLoss);
    const MetricColumn *tokens = state.column(metric::JobTokensPerSecond);
    const MetricColumn *stepTime = state.column(metric::JobStepTime);
    const MetricColumn *wait = state.column(metric::JobAllReduceWait);
    for (size_t j = 0; j < m_jobs.size(); ++j)
        recordJob(m_jobs[j], now,
                  { state.value(step, j), state.value(loss, j), state.value(tokens, j), state.value(stepTime, j),
                    state.value(wait, j) });
    recordPower(state, now);
}

void TrainingHistory::recordReadings(const ClusterState &state, const std::vector<JobReading> &readings)
{
    follow(state.topology());
    if (!m_topology)
        return;
    enum Field
    {
        Step,
        Loss,
        Tokens,
        StepTime,
        Wait,
        Other
    };
    auto fieldOf = [&](uint32_t metricId) {
        const MetricColumn *c = state.columnById(metricId);
        if (!c)
            return Other;
        const QString &name = c->descriptor.name;
        return name == metric::JobStep           ? Step
            : name == metric::JobLoss            ? Loss
            : name == metric::JobTokensPerSecond ? Tokens
            : name == metric::JobStepTime        ? StepTime
            : name == metric::JobAllReduceWait   ? Wait
                                                 : Other;
    };
    Update update;
    int64_t updateTime = 0;
    size_t updateJob = SIZE_MAX;
    auto flush = [&] {
        if (updateJob < m_jobs.size())
            recordJob(m_jobs[updateJob], updateTime, update);
        update = {};
    };
    for (const JobReading &r : readings) {
        if (r.job >= m_jobs.size() || r.timeMs <= 0)
            continue;
        if (r.job != updateJob || r.timeMs != updateTime)
            flush();
        updateJob = r.job;
        updateTime = r.timeMs;
        switch (fieldOf(r.metricId)) {
        case Step:
            update.step = r.value;
            break;
        case Loss:
            update.loss = r.value;
            break;
        case Tokens:
            update.tokens = r.value;
            break;
        case StepTime:
            update.stepTime = r.value;
            break;
        case Wait:
            update.allReduceWait = r.value;
            break;
        case Other:
            break;
        }
    }
    flush();
    const int64_t now = state.timeMs();
    if (now > 0 && now != m_lastPowerMs) {
        m_lastPowerMs = now;
        recordPower(state, now);
    }
}

} // namespace vigil
