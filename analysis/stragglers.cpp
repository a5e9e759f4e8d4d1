// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/stragglers.h"

#include "domain/alarmbook.h"
#include "domain/stragglerfinder.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace vigil {

namespace {

uint32_t gpusOfJob(const Topology &topology, const QString &jobId)
{
    for (const Job &job : topology.jobs)
        if (job.id == jobId)
            return uint32_t(job.gpuIndices.size());
    return 0;
}

} // namespace

std::vector<StragglerEpisode> stragglerEpisodes(const std::vector<Event> &warnings, const Topology &topology,
                                                int64_t fromMs, int64_t toMs)
{
    constexpr int64_t GapMs = AlarmBook::WarningClearMs; // as long as its alarm stays raised
    struct Open
    {
        StragglerEpisode episode;
        int64_t lastMs = 0; // the latest warning
        double lastDeficit = 0.0;
    };
    // The latest warning stands until `untilMs`: the next one of its episode, or, for the last,
    // as long as the finder waits to repeat itself.
    auto count = [&](Open &o, int64_t untilMs) {
        const int64_t standsFrom = std::max(o.lastMs, fromMs);
        const int64_t standsTo = std::min(untilMs, toMs);
        if (standsTo > standsFrom)
            o.episode.lostGpuHours
                += double(o.episode.jobGpus) * o.lastDeficit * double(standsTo - standsFrom) / 3600000.0;
    };
    std::map<quint64, Open> open;
    std::vector<StragglerEpisode> done;
    auto close = [&](Open &o) {
        count(o, o.lastMs + StragglerFinder::ReannounceMs);
        if (o.episode.toMs > fromMs && o.episode.fromMs < toMs)
            done.push_back(std::move(o.episode));
    };
    for (const Event &w : warnings) {
        if (w.type != EventType::Straggler || !std::isfinite(w.value) || w.value < 0.0)
            continue;
        const quint64 key = entityKey(w.entity);
        auto it = open.find(key);
        if (it != open.end() && w.timeMs - it->second.lastMs > GapMs) {
            close(it->second);
            open.erase(it);
            it = open.end();
        }
        if (it == open.end()) {
            Open o;
            o.episode.entity = w.entity;
            o.episode.jobId = w.jobId;
            o.episode.jobGpus = gpusOfJob(topology, w.jobId);
            o.episode.fromMs = w.timeMs;
            it = open.emplace(key, std::move(o)).first;
        } else {
            count(it->second, w.timeMs);
        }
        Open &o = it->second;
        o.lastMs = w.timeMs;
        o.lastDeficit = std::min(w.value, 1.0);
        StragglerEpisode &e = o.episode;
        e.toMs = w.timeMs + StragglerFinder::ReannounceMs;
        ++e.warnings;
        e.worstDeficit = std::max(e.worstDeficit, o.lastDeficit);
        e.message = w.message;
    }
    for (auto &[key, o] : open)
        close(o);
    std::stable_sort(done.begin(), done.end(), [](const StragglerEpisode &a, const StragglerEpisode &b) {
        return a.lostGpuHours > b.lostGpuHours;
    });
    return done;
}

} // namespace vigil
