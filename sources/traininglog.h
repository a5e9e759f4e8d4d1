// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "sources/linereader.h"
#include "sources/ranktimes.h"

#include <QString>

#include <map>
#include <optional>
#include <vector>

namespace vigil {

// One JSON line of a training log (docs/sources.md), e.g.
//   {"time": "2026-11-02T03:14:15Z", "job": "llm-405b", "step": 18200, "loss": 2.113,
//    "tokens_per_s": 640000, "step_time_s": 4.21}
//   {"ts": 1793596455.2, "event": "checkpoint_restored", "step": 18000, "lost_steps": 200}
struct TrainingRecord
{
    int64_t timeMs = 0; // 0: the line had no time
    QString jobId; // empty: the bridge's default job
    std::optional<int64_t> step;
    std::optional<double> loss;
    std::optional<double> tokensPerSecond;
    bool tokensPerGpu = false; // tokensPerSecond is per GPU (torchtitan's tps, NeMo's tokens_per_sec_per_gpu)
    std::optional<double> stepTimeS;
    EventType event = EventType::Unspecified;
    double lostSteps = 0.0;
    // The checkpoint step a run resumed from, as its framework said on loading it
    // (Megatron: "successfully loaded checkpoint from ... at iteration 1000"). Training
    // goes on from the step after it, so that is where the steps it trains again begin.
    std::optional<int64_t> restoredStep;
    // Per rank, its compute time per step (ms, NaN: not timed), from Megatron-LM's timers
    // across ranks (ranktimes.h). Rank r runs on the r-th GPU the topology lists for the job.
    std::vector<double> rankComputeMs;
    uint64_t line = 0;
};

// Reads a training log as JSON lines or as a framework's console output
// (trainingtext.h), whichever its lines are. Once a file has shown itself to be
// JSON lines, a line that is not JSON is rejected; in a framework's output, lines
// that carry no metrics (the rest of what a training prints) are skipped.
class TrainingLogParser
{
public:
    void feed(QByteArrayView chunk);
    void finish();
    std::vector<TrainingRecord> takeRecords();
    const ParseStats &stats() const { return m_stats; }
    qsizetype pendingBytes() const { return m_lines.pending(); }
    // Field names that were not understood, with how often they appeared.
    const std::map<QString, int> &unknownFields() const { return m_unknownFields; }

    // Parses one line. Fields with bad values are dropped and named in `problems`;
    // the rest of the line is kept. Returns false when nothing usable remains.
    bool parseLine(QByteArrayView line, TrainingRecord &out, QStringList &problems);

private:
    void onLine(uint64_t number, QByteArrayView line, bool oversize);
    bool readSegment(uint64_t number, QByteArrayView segment, QStringList &problems, bool &rejected);
    // A line of Megatron's timers across ranks (true: it was one, read or refused).
    bool readRankTimes(uint64_t number, QByteArrayView segment, QStringList &problems, bool &accepted, bool &rejected);
    void keepRankTimes(uint64_t number); // the block a line ended, as a record at the latest time seen

    LineReader m_lines;
    ParseStats m_stats;
    std::vector<TrainingRecord> m_records;
    std::map<QString, int> m_unknownFields;
    bool m_jsonLines = false; // a JSON line has been read
    RankTimesReader m_rankTimes;
    int64_t m_latestTimeMs = 0; // the latest time a line gave: the timers' block, printed after it, has none
};

} // namespace vigil
