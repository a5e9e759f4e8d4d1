// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArrayView>
#include <QStringList>

#include <map>
#include <vector>

namespace vigil {

// Megatron-LM's timers as every rank measured them (`--timing-log-option all`), a block
// that rank 0 prints after an iteration line:
//   times across ranks (ms):
//     forward-compute:
//        rank  0: 2710.31
//        rank  1: 2795.40
//     backward-compute:
//        rank  0: ...
// A synchronous job steps at its slowest rank's pace, so its step time is the same on every
// rank; the compute time before the collective is not. A rank whose GPU is slow computes
// longer while its peers wait for it (docs/stragglers.md).
class RankTimesReader
{
public:
    enum class Line
    {
        None, // not of a block: a block under way ends here
        Header, // "times across ranks (ms):", or a timer's name under it
        Rank, // a rank's time, kept
        Refused, // a rank's line whose rank or time is unusable (named in the problems)
    };
    // Reads one line (without its end); a block under way that it does not belong to is finished.
    Line read(QByteArrayView line, QStringList &problems);
    // Ends a block under way (the log ended, or a line not of it came).
    void finish();
    // The finished block's compute time per rank, ms: forward-compute + backward-compute where
    // the rank timed both, else its forward-backward; NaN for a rank with neither. Empty: none.
    std::vector<double> takeComputeTimes();

    static constexpr int MaxRanks = 1 << 20;
    static constexpr double MaxMs = 3.6e6; // an hour a step is already a stalled job

private:
    bool m_inBlock = false;
    QString m_timer;
    std::map<QString, std::map<int, double>> m_times; // timer → rank → ms
    std::vector<double> m_finished;
};

} // namespace vigil
