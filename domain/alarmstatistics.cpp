// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/alarmstatistics.h"

#include "domain/checkedtime.h"

#include <algorithm>
#include <map>

namespace vigil {

void AlarmRaiseLog::note(const Alarm &alarm)
{
    // A normal alarm's raisedMs is its last activation, already noted while it stood (or
    // before this log began, in which case it still counts where the span holds it).
    if (alarm.raisedMs > 0 && m_seen.insert({ alarm.id, alarm.raisedMs }).second)
        m_raises.push_back({ alarm.id, alarm.raisedMs, alarm.entity });
    if (m_raises.size() > m_limit) {
        const auto dropped = m_raises.begin() + std::ptrdiff_t(m_raises.size() - m_limit * 3 / 4);
        for (auto r = m_raises.begin(); r != dropped; ++r)
            m_seen.erase({ r->alarmId, r->raisedMs });
        m_raises.erase(m_raises.begin(), dropped);
    }
}

void AlarmRaiseLog::note(const std::vector<Alarm> &alarms)
{
    for (const Alarm &a : alarms)
        note(a);
}

void AlarmRaiseLog::clear()
{
    m_seen.clear();
    m_raises.clear();
}

std::vector<TimeSpan> upsetPeriods(const std::vector<Event> &events)
{
    std::vector<TimeSpan> spans;
    for (const Event &e : events) {
        const bool stopsJob = isHardwareFailure(e) || e.type == EventType::JobCrash || e.type == EventType::JobOom
            || e.type == EventType::NcclTimeout;
        if (stopsJob)
            spans.push_back({ saturatingAdd(e.timeMs, -UpsetLeadMs), saturatingAdd(e.timeMs, UpsetTailMs) });
    }
    std::sort(spans.begin(), spans.end(), [](const TimeSpan &a, const TimeSpan &b) { return a.fromMs < b.fromMs; });
    std::vector<TimeSpan> merged;
    for (const TimeSpan &s : spans) {
        if (!merged.empty() && s.fromMs <= merged.back().toMs)
            merged.back().toMs = std::max(merged.back().toMs, s.toMs);
        else
            merged.push_back(s);
    }
    return merged;
}

FloodFigures floodFigures(const std::vector<AlarmActivation> &activations, const std::vector<Alarm> &alarms,
                          int64_t fromMs, int64_t toMs, int operators, const std::vector<TimeSpan> &upsets)
{
    FloodFigures f;
    f.operators = std::max(1, operators);
    if (toMs <= fromMs)
        return f;
    f.windows = size_t((toMs - fromMs + FloodFigures::WindowMs - 1) / FloodFigures::WindowMs);
    std::vector<size_t> perWindow(f.windows, 0);
    // Sorted vectors, not trees: a demo's dashboard counts a hundred thousand activations.
    std::vector<std::pair<size_t, uint64_t>> grouped; // (window, group)
    std::vector<std::pair<uint64_t, int64_t>> byAlarm; // (alarm, when)
    for (const AlarmActivation &a : activations) {
        if (a.timeMs < fromMs || a.timeMs >= toMs)
            continue;
        ++f.activations;
        ++f.byPriority[size_t(std::clamp(int(a.priority), 1, 4) - 1)];
        const auto window = size_t((a.timeMs - fromMs) / FloodFigures::WindowMs);
        if (a.groupKey == 0)
            ++perWindow[window];
        else
            grouped.emplace_back(window, a.groupKey);
        byAlarm.emplace_back(a.alarmId, a.timeMs);
    }
    std::sort(grouped.begin(), grouped.end());
    grouped.erase(std::unique(grouped.begin(), grouped.end()), grouped.end());
    for (const auto &[window, group] : grouped)
        ++perWindow[window];
    const double people = double(f.operators);
    for (const size_t n : perWindow)
        f.faced += n;
    f.averagePer10Min = double(f.faced) / double(f.windows) / people;
    for (size_t w = 0; w < perWindow.size(); ++w) {
        const double load = double(perWindow[w]) / people;
        if (load > f.peakPer10Min) {
            f.peakPer10Min = load;
            f.peakWindowStartMs = fromMs + int64_t(w) * FloodFigures::WindowMs;
        }
        f.floodWindows += load > FloodFigures::Flood;
        const int64_t start = fromMs + int64_t(w) * FloodFigures::WindowMs;
        const int64_t end = std::min(toMs, start + FloodFigures::WindowMs);
        const bool upset = std::any_of(upsets.begin(), upsets.end(),
                                       [&](const TimeSpan &u) { return u.fromMs < end && start < u.toMs; });
        if (!upset) {
            ++f.steadyWindows;
            f.steadyFaced += perWindow[w];
            f.steadyFloodWindows += load > FloodFigures::Flood;
        }
    }
    if (f.steadyWindows)
        f.steadyPer10Min = double(f.steadyFaced) / double(f.steadyWindows) / people;
    std::sort(byAlarm.begin(), byAlarm.end());
    for (size_t from = 0, to = 0; from < byAlarm.size(); from = to) {
        while (to < byAlarm.size() && byAlarm[to].first == byAlarm[from].first)
            ++to;
        for (size_t i = from; i + FloodFigures::ChatterCount - 1 < to; ++i)
            if (byAlarm[i + FloodFigures::ChatterCount - 1].second - byAlarm[i].second <= FloodFigures::ChatterMs) {
                f.chattering.push_back({ byAlarm[from].first, to - from, byAlarm[from].second });
                break;
            }
    }
    std::sort(f.chattering.begin(), f.chattering.end(),
              [](const auto &a, const auto &b) { return a.activations > b.activations; });
    for (const Alarm &a : alarms)
        if (a.active && !a.outOfService && !a.suppressed && a.raisedMs <= toMs - FloodFigures::StaleMs)
            f.stale.push_back({ a.id, a.raisedMs });
    std::sort(f.stale.begin(), f.stale.end(), [](const auto &a, const auto &b) { return a.sinceMs < b.sinceMs; });
    return f;
}

} // namespace vigil
