// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/trainingjob.h"

#include <algorithm>
#include <cmath>

namespace vigil {

TrainingJob::TrainingJob(Dynamics dynamics, double startStep)
    : m_dynamics(dynamics)
    , m_step(startStep)
    , m_stepTimeS(dynamics.baseStepTimeS)
{
    const uint32_t k = m_dynamics.checkpointInterval;
    m_lastCheckpoint = k ? int64_t(startStep) / k * k : int64_t(startStep);
}

int64_t TrainingJob::advance(int64_t nowMs, double dtS, double slowdown)
{
    m_stepTimeS = m_dynamics.baseStepTimeS * slowdown;
    if (m_phase == Phase::Checkpointing && nowMs >= m_checkpointUntilMs)
        m_phase = Phase::Running;
    if (m_phase != Phase::Running)
        return -1;
    const double before = m_step;
    m_step += dtS / m_stepTimeS;
    m_sinceCheckpointS += dtS;
    const uint32_t k = m_dynamics.checkpointInterval;
    if (k == 0 || int64_t(m_step) / k == int64_t(before) / k)
        return -1;
    // The checkpoint began when the step crossed the boundary, somewhere inside
    // this interval: its stall costs progress from then on, and the job is still
    // checkpointing now only if the stall has not ended by the end of the interval
    // (with long ticks it usually has).
    m_lastCheckpoint = int64_t(m_step) / k * k;
    const double sinceCrossingS = (m_step - double(m_lastCheckpoint)) * m_stepTimeS;
    const double stallS = double(m_dynamics.checkpointStallMs) / 1000.0;
    m_step = std::max(double(m_lastCheckpoint), m_step - std::min(stallS, sinceCrossingS) / m_stepTimeS);
    m_sinceCheckpointS = std::max(0.0, sinceCrossingS - stallS); // training after the stall counts again
    const int64_t stallEndMs = nowMs - int64_t(sinceCrossingS * 1000.0) + m_dynamics.checkpointStallMs;
    if (stallEndMs > nowMs) {
        m_phase = Phase::Checkpointing;
        m_checkpointUntilMs = stallEndMs;
    }
    return m_lastCheckpoint;
}

void TrainingJob::fail()
{
    if (m_phase != Phase::Ended)
        m_phase = Phase::Down;
}

void TrainingJob::beginRestart()
{
    if (m_phase == Phase::Down)
        m_phase = Phase::Restarting;
}

int64_t TrainingJob::restart()
{
    if (m_phase == Phase::Ended)
        return 0;
    const int64_t lost = std::max<int64_t>(0, int64_t(m_step) - m_lastCheckpoint);
    m_step = double(m_lastCheckpoint);
    m_sinceCheckpointS = 0.0;
    m_phase = Phase::Running;
    return lost;
}

void TrainingJob::end()
{
    m_phase = Phase::Ended;
}

double TrainingJob::tokensPerSecond() const
{
    return m_phase == Phase::Running ? m_dynamics.tokensPerStep / m_stepTimeS : 0.0;
}

} // namespace vigil
