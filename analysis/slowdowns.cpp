// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/slowdowns.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace vigil {

namespace {

// Warnings of things that make a synchronous job wait: a hot or capped GPU, a flaky link, a
// hot rack or loop, a feed at its limit.
bool slowsJobsDown(EventType type)
{
    switch (type) {
    case EventType::ThermalThrottle:
    case EventType::PowerThrottle:
    case EventType::CoolantTemperature:
    case EventType::NvlinkCrc:
    case EventType::PcieReplay:
    case EventType::IbLinkFlap:
    case EventType::PduOverThreshold:
    case EventType::Straggler:
        return true;
    default:
        return false;
    }
}

int64_t floorDiv(int64_t a, int64_t b)
{
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

// The k-th smallest of `values` (which it reorders).
double kthSmallest(std::vector<double> &values, size_t k)
{
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(k), values.end());
    return values[k];
}

struct HourPace
{
    int64_t hour = 0; // hours since the epoch
    double seconds = 0.0; // the lower median of its minutes
    double minutes = 0.0; // of training it stands for
};

// A job's readings may be sparse: a frame every 15 simulated minutes when the demo plays the
// week at an hour a second, a scrape every 5 minutes at some sites. Each reading then stands
// for the minutes until the next one, up to the job's usual spacing (the median gap between
// its readings), so an hour read four times is still an hour of training, while a job that
// stops reporting (it went down) is not counted on past its usual spacing. Read every minute,
// each reading stands for its minute.
std::vector<HourPace> hoursOf(const std::vector<JobPace::Minute> &minutes)
{
    std::vector<int64_t> gaps;
    for (size_t i = 1; i < minutes.size(); ++i)
        gaps.push_back(minutes[i].minute - minutes[i - 1].minute);
    int64_t usual = 1;
    if (!gaps.empty()) {
        std::nth_element(gaps.begin(), gaps.begin() + std::ptrdiff_t(gaps.size() / 2), gaps.end());
        usual = std::clamp<int64_t>(gaps[gaps.size() / 2], 1, 60);
    }
    std::vector<HourPace> hours;
    std::vector<double> values;
    double held = 0.0, spill = 0.0; // a reading's span past its hour's end goes to the next hour
    auto close = [&](int64_t hour) {
        if (held >= double(SlowdownFinder::SlowMinutesPerHour))
            hours.push_back({ hour, kthSmallest(values, (values.size() - 1) / 2), std::min(60.0, held) });
        values.clear();
        held = 0.0;
    };
    int64_t current = 0;
    for (size_t i = 0; i < minutes.size(); ++i) {
        const JobPace::Minute &m = minutes[i];
        const int64_t hour = floorDiv(m.minute, 60);
        if (!values.empty() && hour != current) {
            close(current);
            held = hour == current + 1 ? spill : 0.0;
        }
        current = hour;
        values.push_back(double(m.stepSeconds));
        const int64_t next = i + 1 < minutes.size() ? minutes[i + 1].minute : m.minute + usual;
        const int64_t span = std::clamp<int64_t>(next - m.minute, 1, usual);
        const int64_t inHour = std::min<int64_t>(span, (hour + 1) * 60 - m.minute);
        held += double(inHour);
        spill = double(span - inHour);
    }
    if (!values.empty())
        close(current);
    return hours;
}

void attribute(Slowdown &s, const Topology &topology, const Attributor &attributor, const std::vector<Event> &actions)
{
    std::vector<uint8_t> inJob(topology.gpus.size(), 0);
    for (uint32_t g : topology.jobs[size_t(s.job)].gpuIndices)
        inJob[g] = 1;
    auto reachesJob = [&](EntityRef e) {
        const std::vector<uint32_t> &gpus = attributor.gpusReachedBy(e);
        return std::any_of(gpus.begin(), gpus.end(), [&](uint32_t g) { return g < inJob.size() && inJob[g]; });
    };
    constexpr int64_t Hour = SlowdownFinder::HourMs;
    struct Candidate
    {
        EntityRef entity;
        double score = 0.0;
        bool byHand = false;
        std::vector<WarningRun> evidence;
    };
    std::map<std::pair<int, uint32_t>, Candidate> candidates;
    for (WarningRun &run : attributor.runs(s.fromMs - 24 * Hour, s.toMs)) {
        if (!slowsJobsDown(run.type) || run.lastMs < s.fromMs - Hour || !reachesJob(run.entity))
            continue;
        // Began with it (within the hour either side of its start), later in it, or long before
        // (background: a warm rack that always throttles a little says little).
        const double weight = run.firstMs < s.fromMs - Hour ? 0.3 : run.firstMs <= s.fromMs + Hour ? 3.0 : 1.0;
        Candidate &c = candidates[{ int(run.entity.kind), run.entity.index }];
        c.entity = run.entity;
        c.score += weight * std::log2(1.0 + double(run.count));
        c.evidence.push_back(std::move(run));
    }
    for (const Event &a : actions)
        if (a.type == EventType::ThresholdChange && a.timeMs >= s.fromMs - Hour && a.timeMs <= s.fromMs + Hour
            && reachesJob(a.entity)) {
            Candidate &c = candidates[{ int(a.entity.kind), a.entity.index }];
            c.entity = a.entity;
            c.score += 6.0; // a cap lowered by hand as the job slowed: the plainest cause there is
            c.byHand = true;
        }
    const Candidate *best = nullptr;
    for (const auto &[key, c] : candidates)
        if (c.score >= 1.0 && (!best || c.score > best->score))
            best = &c;
    if (!best)
        return;
    s.causeEntity = best->entity;
    s.evidence = best->evidence;
    s.causedByHand = best->byHand;
}

} // namespace

double Slowdown::lostBetween(int64_t fromMs, int64_t toMs) const
{
    double lost = 0.0;
    for (const auto &[hourMs, hourLost] : hourly)
        if (hourMs >= fromMs && hourMs < toMs)
            lost += hourLost;
    return lost;
}

std::vector<Slowdown> SlowdownFinder::find(const JobPace &pace, const Topology &topology, const Attributor &attributor,
                                           const std::vector<Event> &actions, double pricePerGpuHour)
{
    std::vector<Slowdown> found;
    for (size_t j = 0; j < topology.jobs.size(); ++j) {
        const std::vector<HourPace> hours = hoursOf(pace.minutes(int(j)));
        const double gpus = double(topology.jobs[j].gpuIndices.size());
        Slowdown *open = nullptr;
        int64_t lastSlowHour = 0;
        size_t oldest = 0;
        std::vector<double> window;
        for (size_t i = 0; i < hours.size(); ++i) {
            const HourPace &h = hours[i];
            while (hours[oldest].hour < h.hour - BaselineHours)
                ++oldest;
            if (i - oldest < size_t(BaselineMinHours))
                continue;
            // The healthy pace: the median of the faster half of the hours before.
            window.clear();
            for (size_t k = oldest; k < i; ++k)
                window.push_back(hours[k].seconds);
            const size_t fasterHalf = (window.size() + 1) / 2;
            const double baseline = kthSmallest(window, (fasterHalf - 1) / 2);
            if (!(h.seconds > baseline * (1.0 + SlowTolerance)))
                continue;
            const double lost = gpus * h.minutes / 60.0 * (h.seconds - baseline) / h.seconds;
            if (!open || h.hour - lastSlowHour > JoinHours) {
                found.push_back({});
                open = &found.back();
                open->id = (uint64_t(j + 1) << 40) | (uint64_t(h.hour) & ((uint64_t(1) << 40) - 1));
                open->jobId = topology.jobs[j].id;
                open->job = int(j);
                open->gpus = uint32_t(gpus);
                open->fromMs = h.hour * HourMs;
                open->baselineSeconds = baseline;
            }
            open->toMs = (h.hour + 1) * HourMs;
            open->worstSeconds = std::max(open->worstSeconds, h.seconds);
            open->lostGpuHours += lost;
            open->hourly.emplace_back(h.hour * HourMs, lost);
            lastSlowHour = h.hour;
        }
    }
    for (Slowdown &s : found) {
        s.money = s.lostGpuHours * pricePerGpuHour;
        attribute(s, topology, attributor, actions);
    }
    std::sort(found.begin(), found.end(), [](const Slowdown &a, const Slowdown &b) { return a.fromMs < b.fromMs; });
    return found;
}

} // namespace vigil
