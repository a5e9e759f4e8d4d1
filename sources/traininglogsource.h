// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sources/logsource.h"
#include "sources/tensorboard.h"
#include "sources/traininglog.h"

#include <optional>

namespace vigil {

// A training log (JSON lines or a framework's console output) followed as it grows, or a
// TensorBoard run directory: each job's step, loss, tokens per second and step time become
// readings of the job, and what the log says or its steps show (a crash, a restart, a run
// gone back to a checkpoint) events on the job.
class TrainingLogSource final : public LogSource
{
public:
    TrainingLogSource(BridgeSpec spec, TelemetrySink &sink, Logger log);
    ~TrainingLogSource() override;

    void pollOnce() override;

private:
    void pollTensorBoard(int64_t nowMs);
    void handleTraining(std::vector<TrainingRecord> &&records, int64_t nowMs);
    void appendJobReadings(const TrainingRecord &r, uint32_t job, int64_t timeMs);
    // The record's compute times across ranks, as readings of the GPUs the ranks run on.
    void appendRankTimes(const TrainingRecord &r, uint32_t job, std::vector<GpuReading> &readings);
    // The rollbacks a record shows: a checkpoint the framework says it loaded, or a step that
    // went back. `rollback` takes (checkpoint step, steps trained again, message).
    void noteSteps(const TrainingRecord &r, uint32_t job,
                   const std::function<void(int64_t, int64_t, QString)> &rollback);

    TrainingLogParser m_parser;
    std::unique_ptr<TensorBoardRun> m_tensorboard; // a training log that is a TensorBoard run directory
    std::map<QString, uint32_t> m_jobById;
    struct JobMetricIds
    {
        uint32_t step, loss, tokensPerSecond, stepTime, rankCompute;
    } m_ids {};
    // Where each job's training log stands, to see a run go back to a checkpoint.
    struct LoggedSteps
    {
        int64_t last = -1; // the last step logged (or the checkpoint step it resumed from)
        int64_t interval = 0; // between the last two steps logged going forward
        // A checkpoint loaded on a line with no time of its own (Megatron prints none there):
        // the rollback waits for the next line that has one, the first step trained again.
        std::optional<int64_t> restoredUntimed;
        int64_t stepsAgain = 0;
        uint64_t restoredLine = 0;
    };
    std::map<uint32_t, LoggedSteps> m_stepsOfJob;
};

} // namespace vigil
