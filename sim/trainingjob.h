// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/topology.h"

#include <cstdint>

namespace vigil {

// A training job's progress: synchronous steps at the pace of its slowest GPU,
// a checkpoint every K steps (whose synchronous part stalls the job), and the
// life cycle of a failure: down until the failure is detected, restarting, then
// running again from the last complete checkpoint (the steps after it are lost
// and trained again).
class TrainingJob
{
public:
    enum class Phase
    {
        Running,
        Checkpointing,
        Down,
        Restarting,
        Ended
    };

    struct Dynamics
    {
        double baseStepTimeS = 4.2;
        double tokensPerStep = 0.0;
        float intensity = 1.0f; // share of board power the job's kernels draw
        uint32_t checkpointInterval = 0; // steps; 0: never
        int64_t checkpointStallMs = 20000;
        float memoryMiB = 76200.0f; // framebuffer used per GPU while running
    };

    TrainingJob() = default;
    TrainingJob(Dynamics dynamics, double startStep);

    // Moves the job forward by dtS seconds with its GPUs slowed by `slowdown` (>= 1).
    // Returns the step of a checkpoint completed during this interval, or -1.
    int64_t advance(int64_t nowMs, double dtS, double slowdown);

    // A failure stopped the job: it makes no progress until restart().
    void fail();
    void beginRestart();
    // Resumes from the last checkpoint; returns the steps lost (trained again).
    int64_t restart();
    void end();

    Phase phase() const { return m_phase; }
    bool isProducing() const { return m_phase == Phase::Running; }
    bool isDisrupted() const { return m_phase == Phase::Down || m_phase == Phase::Restarting; }
    double step() const { return m_step; }
    int64_t lastCheckpointStep() const { return m_lastCheckpoint; }
    double stepTimeS() const { return m_stepTimeS; }
    // Training time spent since the last checkpoint: what a failure now throws away.
    double secondsSinceCheckpoint() const { return m_sinceCheckpointS; }
    double tokensPerSecond() const;
    const Dynamics &dynamics() const { return m_dynamics; }
    Dynamics &dynamics() { return m_dynamics; }

private:
    Dynamics m_dynamics;
    Phase m_phase = Phase::Running;
    double m_step = 0.0;
    int64_t m_lastCheckpoint = 0;
    double m_stepTimeS = 0.0;
    int64_t m_checkpointUntilMs = 0;
    double m_sinceCheckpointS = 0.0;
};

} // namespace vigil
