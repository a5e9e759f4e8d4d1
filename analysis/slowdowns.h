// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/attribution.h"
#include "analysis/jobpace.h"

#include <optional>

namespace vigil {

// A stretch of hours in which a job trained slower than its own healthy pace: the
// silent cost of slow degradation (a worn fan tray, a lowered power cap, a flaky
// link). docs/cost-model.md, "Slow degradation".
struct Slowdown
{
    uint64_t id = 0; // stable: the job and the hour it began
    QString jobId;
    int job = -1;
    uint32_t gpus = 0;
    int64_t fromMs = 0, toMs = 0; // whole hours
    double baselineSeconds = 0.0; // the healthy step time when it began
    double worstSeconds = 0.0; // the slowest hour's median step time
    double lostGpuHours = 0.0; // GPUs × the time its steps took beyond the baseline
    double money = 0.0;
    std::vector<std::pair<int64_t, double>> hourly; // (hour start, GPU-hours lost in it)
    std::optional<EntityRef> causeEntity; // what began warning with it, in its job's blast radius
    std::vector<WarningRun> evidence; // the cause's runs
    bool causedByHand = false; // the cause is a threshold or power cap changed by an operator
    double slowdownShare() const { return baselineSeconds > 0.0 ? worstSeconds / baselineSeconds - 1.0 : 0.0; }
    // The GPU-hours of its hours that begin in [fromMs, toMs).
    double lostBetween(int64_t fromMs, int64_t toMs) const;
    bool operator==(const Slowdown &) const = default;
};

// Finds and prices every slowdown in the jobs' pace (definitions in docs/cost-model.md):
// - an hour's pace is the median of its minutes (at least SlowMinutesPerHour of them);
// - a job's healthy pace at an hour is the median of the faster half of its hours over
//   the BaselineHours before (at least BaselineMinHours of them), so days of slowness
//   do not become the norm;
// - an hour is slow when its pace is more than SlowTolerance above the healthy pace; it
//   loses GPUs × its training minutes × (pace − healthy) / pace;
// - slow hours less than JoinHours apart are one slowdown, attributed to the warnings in
//   its job's blast radius that began with it (throttling, thermal, power, NVLink, IB) or a
//   threshold changed by hand, weighed by how many and how near its start; warnings that
//   ran long before it are background.
class SlowdownFinder
{
public:
    static constexpr int64_t HourMs = 3600000;
    static constexpr int BaselineHours = 7 * 24;
    static constexpr int BaselineMinHours = 12;
    static constexpr int SlowMinutesPerHour = 10;
    static constexpr double SlowTolerance = 0.05; // a job's own step time wanders by 1–2 %
    static constexpr int JoinHours = 3;

    static std::vector<Slowdown> find(const JobPace &pace, const Topology &topology, const Attributor &attributor,
                                      const std::vector<Event> &actions, double pricePerGpuHour);
};

} // namespace vigil
