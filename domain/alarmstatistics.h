// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/alarm.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <set>
#include <vector>

namespace vigil {

struct TimeSpan
{
    int64_t fromMs = 0;
    int64_t toMs = 0; // exclusive
};

// One activation of an alarm and where: what the alarms-raised map overlay counts over a span.
struct AlarmRaise
{
    uint64_t alarmId = 0;
    int64_t raisedMs = 0;
    EntityRef entity;
};

// Each activation once, as the alarm book changes (live) or as a recording's alarm
// changes tell it: an alarm raised again is a new activation, the same one seen again is not.
class AlarmRaiseLog
{
public:
    // At most `limit` raises: past it the oldest quarter goes (a live dashboard's log is bounded;
    // a recording's holds all).
    explicit AlarmRaiseLog(size_t limit = SIZE_MAX)
        : m_limit(std::max<size_t>(limit, 4))
    { }
    void note(const Alarm &alarm);
    void note(const std::vector<Alarm> &alarms);
    void clear();
    const std::vector<AlarmRaise> &raises() const { return m_raises; } // in the order first seen
    size_t size() const { return m_raises.size(); }

private:
    std::set<std::pair<uint64_t, int64_t>> m_seen; // (alarm, raised at)
    std::vector<AlarmRaise> m_raises;
    size_t m_limit;
};

// Upsets: from UpsetLeadMs before to UpsetTailMs after each fault that stops a job (a
// hardware failure, a crash, an out-of-memory, an NCCL timeout), merged where they
// overlap, oldest first. The rest is steady operation, which the rate targets of
// ISA-18.2 and EEMUA 191 are about; a burst during an upset is a real flood.
constexpr int64_t UpsetLeadMs = 10 * 60000;
constexpr int64_t UpsetTailMs = 60 * 60000;
std::vector<TimeSpan> upsetPeriods(const std::vector<Event> &events);

// How heavy the alarm load is on the people who answer it, against the ISA-18.2
// targets: about one alarm per 10 minutes per operator is manageable, two at most;
// more than ten in 10 minutes is a flood.
struct FloodFigures
{
    static constexpr int64_t WindowMs = 10 * 60000;
    static constexpr double Manageable = 1.0; // per 10 minutes per operator
    static constexpr double MaximumManageable = 2.0;
    static constexpr double Flood = 10.0;

    int operators = 1;
    size_t windows = 0; // 10-minute windows in the period
    size_t activations = 0;
    // What the operators had to look at: each activation, except that those joining one group
    // (AlarmActivation::groupKey) within one 10-minute window are one. The rates below count these.
    size_t faced = 0;
    double averagePer10Min = 0.0; // per operator
    double peakPer10Min = 0.0; // per operator, the busiest window
    int64_t peakWindowStartMs = 0;
    size_t floodWindows = 0; // windows over Flood per operator
    double floodShare() const { return windows ? double(floodWindows) / double(windows) : 0.0; }

    // Steady operation: the windows that touch no upset.
    size_t steadyWindows = 0;
    size_t steadyFaced = 0;
    double steadyPer10Min = 0.0; // per operator
    size_t steadyFloodWindows = 0; // floods outside any upset: the alarm system's own fault

    // Activations by priority as annunciated, low first. ISA-18.2 and EEMUA 191 aim for
    // about 80 % low, 15 % medium and 5 % high or critical.
    std::array<size_t, 4> byPriority {};
    double share(AlarmPriority p) const
    {
        return activations ? double(byPriority[size_t(int(p) - 1)]) / double(activations) : 0.0;
    }
    double highOrCriticalShare() const { return share(AlarmPriority::High) + share(AlarmPriority::Critical); }

    // Alarms that came and went at least `ChatterCount` times within `ChatterMs`.
    static constexpr int ChatterCount = 3;
    static constexpr int64_t ChatterMs = 60000;
    struct Chattering
    {
        uint64_t alarmId = 0;
        size_t activations = 0; // in the period
        int64_t firstMs = 0;
    };
    std::vector<Chattering> chattering; // most activations first

    // Alarms standing (active, in service) for longer than `StaleMs`.
    static constexpr int64_t StaleMs = 24 * 3600000LL;
    struct Stale
    {
        uint64_t alarmId = 0;
        int64_t sinceMs = 0;
    };
    std::vector<Stale> stale; // oldest first
};

// The figures for [fromMs, toMs) from the activations annunciated, and the stale
// alarms among `alarms` as of `toMs`, shared among `operators` people on shift;
// `upsets` (upsetPeriods) sets steady operation apart.
FloodFigures floodFigures(const std::vector<AlarmActivation> &activations, const std::vector<Alarm> &alarms,
                          int64_t fromMs, int64_t toMs, int operators = 1, const std::vector<TimeSpan> &upsets = {});

} // namespace vigil
