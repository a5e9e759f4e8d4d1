// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <cstdint>
#include <vector>

namespace vigil {

class ClusterState;
class RecordingReader;

// Each job's pace: its step time minute by minute, from the job's own metrics.
// The one input every view (the dock, the report, a bundle) prices steps with, so
// they agree: the last reading of a minute stands for that minute, whichever way
// the readings arrived (live at the stream's rate, or read from a recording).
class JobPace
{
public:
    static constexpr int64_t MinuteMs = 60000;

    struct Minute
    {
        int64_t minute = 0; // minutes since the epoch
        float stepSeconds = 0.0f;
    };

    // A reading of the job's step time at `timeMs` (a job not training reads NaN or 0: no reading).
    void record(int job, int64_t timeMs, double stepSeconds);
    // Every job's step time in a state.
    void recordState(const ClusterState &state);
    void clear()
    {
        m_jobs.clear();
        ++m_revision;
    }
    bool isEmpty() const;
    // Forgets the minutes before `timeMs` (a live analysis's sliding window).
    void forgetBefore(int64_t timeMs);
    // Moves on whenever a minute is added or taken away (not when the minute under way takes a
    // later reading): what was worked out from the minutes holds while it stands.
    uint64_t revision() const { return m_revision; }

    // The job's minutes, oldest first.
    const std::vector<Minute> &minutes(int job) const;
    // The median step time of the job's minutes in [fromMs, toMs); 0 when it has none there.
    double medianSeconds(int job, int64_t fromMs, int64_t toMs) const;

private:
    std::vector<std::vector<Minute>> m_jobs;
    uint64_t m_revision = 0;
};

// The jobs' pace as a recording holds it over [fromMs, toMs): the state at the end of
// every minute (as stateAt() would give it), kept when a frame fell in that minute.
QString readJobPace(RecordingReader &recording, int64_t fromMs, int64_t toMs, JobPace &out);

} // namespace vigil
