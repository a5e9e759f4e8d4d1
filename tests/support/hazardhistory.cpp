// SPDX-License-Identifier: GPL-3.0-or-later
#include "hazardhistory.h"

#include "sim/topologybuilder.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace vigil::test {

HazardHistory hazardHistory(uint64_t seed, int days)
{
    std::mt19937_64 random(seed * 104729 + 31);
    auto uniform = [&](double a, double b) { return std::uniform_real_distribution<double>(a, b)(random); };
    auto chance = [&](double p) { return uniform(0.0, 1.0) < p; };
    constexpr int64_t Minute = 60000, Hour = 60 * Minute, Day = 24 * Hour;
    constexpr double MaterialChance = 0.05; // the documented threshold, applied to the truth

    HazardHistory h;
    ClusterShape shape;
    shape.gpus = 1024;
    auto topology = std::make_shared<Topology>(buildTopology(shape, seed));
    const Job model = topology->jobs.front();
    topology->jobs.clear();
    const uint32_t sizes[] = { 384, 256, 128, 64, 64, 32 };
    uint32_t next = 0;
    for (size_t j = 0; j < std::size(sizes); ++j) {
        Job job = model;
        job.id = QStringLiteral("hz-%1").arg(j);
        job.priority = PriorityClass::Training;
        job.gpuIndices.clear();
        for (uint32_t g = next; g < next + sizes[j]; ++g)
            job.gpuIndices.push_back(g);
        next += sizes[j] + 8;
        topology->jobs.push_back(job);
    }
    topology->index();
    h.topology = topology;
    const Topology &t = *topology;
    h.startMs = 1793577600000; // 2026-11-02 00:00 UTC
    h.endMs = h.startMs + days * Day;
    h.kinds = {
        { EventType::EccSingleBit, 0, 0.01, 0.02 }, // common and nearly harmless
        { EventType::ThermalThrottle, 0, 0.02, 0.01 },
        { EventType::RowRemap, 0, 0.08, 0.004 },
        { EventType::Xid, 94, 0.25, 0.002 }, // a contained memory error: the part is going
        { EventType::Xid, 13, 0.0, 0.003 }, // the program's fault: the job crashes, the GPU is sound
    };

    std::vector<Event> events;
    auto add = [&](int64_t at, EventType type, EntityRef entity, Severity severity, const QString &job = {},
                   int32_t code = 0, int64_t step = 0) {
        Event e;
        e.timeMs = at;
        e.type = type;
        e.severity = severity;
        e.entity = entity;
        e.jobId = job;
        e.code = code;
        e.step = step;
        events.push_back(e);
    };
    for (size_t j = 0; j < t.jobs.size(); ++j)
        add(h.startMs, EventType::JobStart, { EntityKind::Job, uint32_t(j) }, Severity::Info, t.jobs[j].id);

    // When each job is down, so that a failure while it is down is not a second incident.
    std::vector<std::vector<std::pair<int64_t, int64_t>>> down(t.jobs.size());
    auto isDown = [&](size_t j, int64_t at) {
        return std::any_of(down[j].begin(), down[j].end(),
                           [&](const auto &span) { return at >= span.first && at <= span.second + 5 * Minute; });
    };
    // The GPU fails: the fatal Xid, the job crashing five seconds later, restarted where it
    // stood after 20 to 40 minutes (nothing trained again: the lost time is the downtime).
    auto fail = [&](uint32_t gpu, int64_t at) -> double {
        const int job = t.jobOfGpu[gpu];
        if (job < 0 || at >= h.endMs - Hour || isDown(size_t(job), at))
            return -1.0;
        const QString &id = t.jobs[size_t(job)].id;
        const int64_t crash = at + 5000;
        const int64_t back = crash + int64_t(uniform(20.0, 40.0) * double(Minute));
        add(at, EventType::Xid, { EntityKind::Gpu, gpu }, Severity::Critical, id, 79);
        add(crash, EventType::JobCrash, { EntityKind::Job, uint32_t(job) }, Severity::Critical, id, 0, 1000);
        add(back, EventType::JobRestart, { EntityKind::Job, uint32_t(job) }, Severity::Info, id, 0, 1000);
        down[size_t(job)].push_back({ crash, back });
        ++h.failures;
        ++h.disruptions;
        const double lost = double(t.jobs[size_t(job)].gpuIndices.size()) * double(back - crash) / double(Hour);
        h.lostGpuHours += lost;
        return lost;
    };

    // Each kind strikes the GPUs of running jobs as a Poisson process.
    struct Strike
    {
        int64_t at;
        uint32_t gpu;
        size_t kind;
    };
    std::vector<Strike> strikes;
    for (size_t k = 0; k < h.kinds.size(); ++k)
        for (const Job &job : t.jobs)
            for (uint32_t gpu : job.gpuIndices)
                for (int64_t at = h.startMs;;) {
                    at += int64_t(-std::log(1.0 - uniform(0.0, 0.999999)) / h.kinds[k].perGpuDay * double(Day));
                    if (at >= h.endMs)
                        break;
                    strikes.push_back({ at, gpu, k });
                }
    std::sort(strikes.begin(), strikes.end(), [](const Strike &a, const Strike &b) { return a.at < b.at; });
    for (const Strike &s : strikes) {
        const HazardHistory::Kind &kind = h.kinds[s.kind];
        const int job = t.jobOfGpu[s.gpu];
        // A short burst: one to four warnings within a quarter of an hour.
        const int count = 1 + int(uniform(0.0, 3.999));
        for (int i = 0; i < count; ++i)
            add(s.at + int64_t(i) * int64_t(uniform(1.0, 5.0) * double(Minute)), kind.type, { EntityKind::Gpu, s.gpu },
                Severity::Warning, {}, kind.code);
        if (kind.type == EventType::Xid && kind.code == 13 && job >= 0 && !isDown(size_t(job), s.at)) {
            // The program crashed: the job goes down and comes back; the GPU did not fail.
            const QString &id = t.jobs[size_t(job)].id;
            const int64_t back = s.at + 10000 + int64_t(uniform(5.0, 15.0) * double(Minute));
            add(s.at + 10000, EventType::JobCrash, { EntityKind::Job, uint32_t(job) }, Severity::Critical, id, 0, 1000);
            add(back, EventType::JobRestart, { EntityKind::Job, uint32_t(job) }, Severity::Info, id, 0, 1000);
            down[size_t(job)].push_back({ s.at + 10000, back });
            ++h.disruptions;
            h.lostGpuHours
                += double(t.jobs[size_t(job)].gpuIndices.size()) * double(back - s.at - 10000) / double(Hour);
            continue;
        }
        if (!chance(kind.chance))
            continue;
        const int64_t lead = int64_t(uniform(10.0, 72.0 * 60.0 - 1.0) * double(Minute));
        const double lost = fail(s.gpu, s.at + lead);
        if (lost >= 0.0 && kind.chance >= MaterialChance && lead >= Hour) {
            h.preventableGpuHours += lost;
            ++h.preventableFailures;
        }
    }
    // Failures nothing warned of: about one in 2,500 GPU-days.
    for (const Job &job : t.jobs)
        for (uint32_t gpu : job.gpuIndices)
            for (int64_t at = h.startMs;;) {
                at += int64_t(-std::log(1.0 - uniform(0.0, 0.999999)) / 0.0004 * double(Day));
                if (at >= h.endMs)
                    break;
                fail(gpu, at);
            }

    std::stable_sort(events.begin(), events.end(), [](const Event &a, const Event &b) { return a.timeMs < b.timeMs; });
    for (size_t i = 0; i < events.size(); ++i)
        events[i].id = i + 1;
    h.events = std::move(events);
    return h;
}

} // namespace vigil::test
