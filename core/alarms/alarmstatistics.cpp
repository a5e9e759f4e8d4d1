// SPDX-License-Identifier: GPL-3.0-or-later
#include "alarmstatistics.h"

#include <algorithm>
#include <map>

namespace vigil {

FloodFigures floodFigures(const std::vector<AlarmActivation> &activations, const std::vector<Alarm> &alarms,
                          int64_t fromMs, int64_t toMs, int operators)
{
    FloodFigures f;
    f.operators = std::max(1, operators);
    if (toMs <= fromMs)
        return f;
    f.windows = size_t((toMs - fromMs + FloodFigures::WindowMs - 1) / FloodFigures::WindowMs);
    std::vector<size_t> perWindow(f.windows, 0);
    std::map<uint64_t, std::vector<int64_t>> byAlarm;
    for (const AlarmActivation &a : activations) {
        if (a.timeMs < fromMs || a.timeMs >= toMs)
            continue;
        ++f.activations;
        ++perWindow[size_t((a.timeMs - fromMs) / FloodFigures::WindowMs)];
        byAlarm[a.alarmId].push_back(a.timeMs);
    }
    const double people = double(f.operators);
    f.averagePer10Min = double(f.activations) / double(f.windows) / people;
    for (size_t w = 0; w < perWindow.size(); ++w) {
        const double load = double(perWindow[w]) / people;
        if (load > f.peakPer10Min) {
            f.peakPer10Min = load;
            f.peakWindowStartMs = fromMs + int64_t(w) * FloodFigures::WindowMs;
        }
        f.floodWindows += load > FloodFigures::Flood;
    }
    for (auto &[id, times] : byAlarm) {
        std::sort(times.begin(), times.end());
        for (size_t i = 0; i + FloodFigures::ChatterCount - 1 < times.size(); ++i)
            if (times[i + FloodFigures::ChatterCount - 1] - times[i] <= FloodFigures::ChatterMs) {
                f.chattering.push_back({ id, times.size(), times.front() });
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
