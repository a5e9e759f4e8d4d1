// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/jobpace.h"

#include "domain/clusterstate.h"
#include "domain/metric.h"
#include "recording/recordingreader.h"

#include <algorithm>
#include <cmath>

namespace vigil {

namespace {

int64_t minuteOf(int64_t timeMs)
{
    // Floor, also before the epoch.
    return timeMs >= 0 ? timeMs / JobPace::MinuteMs : -((-timeMs + JobPace::MinuteMs - 1) / JobPace::MinuteMs);
}

} // namespace

void JobPace::forgetBefore(int64_t timeMs)
{
    const int64_t first = minuteOf(timeMs);
    for (std::vector<Minute> &minutes : m_jobs) {
        const auto kept = std::lower_bound(minutes.begin(), minutes.end(), first,
                                           [](const Minute &m, int64_t minute) { return m.minute < minute; });
        if (kept == minutes.begin())
            continue;
        minutes.erase(minutes.begin(), kept);
        minutes.shrink_to_fit();
        ++m_revision;
    }
}

void JobPace::record(int job, int64_t timeMs, double stepSeconds)
{
    if (job < 0 || job > 1000000)
        return;
    // A job not training (down, restarting) reads NaN: the minute whose last reading says so has no pace.
    const bool training = std::isfinite(stepSeconds) && stepSeconds > 0.0 && stepSeconds < 86400.0;
    if (size_t(job) >= m_jobs.size()) {
        if (!training)
            return;
        m_jobs.resize(size_t(job) + 1);
    }
    std::vector<Minute> &minutes = m_jobs[size_t(job)];
    const Minute reading { minuteOf(timeMs), float(stepSeconds) };
    if (!minutes.empty() && minutes.back().minute == reading.minute) {
        if (training)
            minutes.back().stepSeconds = reading.stepSeconds; // the minute's latest reading so far
        else {
            minutes.pop_back();
            ++m_revision;
        }
        return;
    }
    if (!training)
        return;
    if (minutes.empty() || minutes.back().minute < reading.minute) {
        minutes.push_back(reading); // nearly always: readings come in time order
        ++m_revision;
        return;
    }
    const auto at = std::lower_bound(minutes.begin(), minutes.end(), reading.minute,
                                     [](const Minute &m, int64_t minute) { return m.minute < minute; });
    if (at == minutes.end() || at->minute != reading.minute) {
        minutes.insert(at, reading); // a late reading of a minute not told yet
        ++m_revision;
    }
}

void JobPace::recordState(const ClusterState &state)
{
    const MetricColumn *stepTime = state.column(metric::JobStepTime);
    if (!stepTime)
        return;
    for (size_t j = 0; j < stepTime->values.size(); ++j)
        record(int(j), state.timeMs(), double(stepTime->values[j]));
}

bool JobPace::isEmpty() const
{
    return std::all_of(m_jobs.begin(), m_jobs.end(), [](const auto &m) { return m.empty(); });
}

const std::vector<JobPace::Minute> &JobPace::minutes(int job) const
{
    static const std::vector<Minute> none;
    return job >= 0 && size_t(job) < m_jobs.size() ? m_jobs[size_t(job)] : none;
}

double JobPace::medianSeconds(int job, int64_t fromMs, int64_t toMs) const
{
    const std::vector<Minute> &all = minutes(job);
    const auto first = std::lower_bound(all.begin(), all.end(), minuteOf(fromMs),
                                        [](const Minute &m, int64_t minute) { return m.minute < minute; });
    const auto last = std::lower_bound(first, all.end(), minuteOf(toMs),
                                       [](const Minute &m, int64_t minute) { return m.minute < minute; });
    if (first == last)
        return 0.0;
    std::vector<float> values;
    values.reserve(size_t(last - first));
    for (auto it = first; it != last; ++it)
        values.push_back(it->stepSeconds);
    // The lower median: a value that was read, the same whichever order they came in.
    const auto middle = values.begin() + (values.size() - 1) / 2;
    std::nth_element(values.begin(), middle, values.end());
    return double(*middle);
}

QString readJobPace(RecordingReader &recording, int64_t fromMs, int64_t toMs, JobPace &out)
{
    out.clear();
    if (recording.isEmpty())
        return {};
    const int64_t from = std::max(fromMs, recording.startMs());
    const int64_t to = std::min(toMs, recording.endMs() + 1);
    std::vector<int64_t> marks;
    for (int64_t minute = minuteOf(from); minute * JobPace::MinuteMs < to; ++minute)
        marks.push_back(minute * JobPace::MinuteMs + JobPace::MinuteMs - 1); // the last instant of each minute
    if (marks.empty())
        return {};
    return recording.scan(
        from, to, marks, [](const MetricDescriptor &m) { return m.name == metric::JobStepTime; },
        [&](const ClusterState &state) {
            out.recordState(state); // a state from an earlier minute lands in its own minute, once
            return true;
        });
}

} // namespace vigil
