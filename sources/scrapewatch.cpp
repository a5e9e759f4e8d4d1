// SPDX-License-Identifier: GPL-3.0-or-later
#include "sources/scrapewatch.h"

#include <QStringList>

#include <algorithm>
#include <cmath>

namespace vigil {

namespace {

constexpr int64_t ForgetAfterMs = 60 * 60000; // gone this long: no longer the GPU's, nor its reading

double medianOf(std::vector<double> &values)
{
    if (values.empty())
        return qQNaN();
    const auto middle = values.begin() + std::ptrdiff_t(values.size() / 2);
    std::nth_element(values.begin(), middle, values.end());
    return *middle;
}

QString seconds(double ms)
{
    return QString::number(ms / 1000.0, 'f', ms < 10000.0 ? 2 : 0);
}

} // namespace

void ScrapeLatencies::set(const void *source, double recentMs, int64_t nowMs)
{
    std::lock_guard lock(m_mutex);
    if (std::isnan(recentMs))
        m_recentMs.erase(source);
    else
        m_recentMs[source] = recentMs;
    if (nowMs - m_computedMs >= RefreshMs)
        m_stale = true;
}

double ScrapeLatencies::othersMedian(const void *source, int64_t nowMs) const
{
    std::lock_guard lock(m_mutex);
    if (m_stale || nowMs - m_computedMs >= RefreshMs || nowMs < m_computedMs) {
        m_sorted.clear();
        for (const auto &[s, ms] : m_recentMs)
            m_sorted.push_back(ms);
        std::sort(m_sorted.begin(), m_sorted.end());
        m_sortedOf = m_recentMs;
        m_computedMs = nowMs;
        m_stale = false;
    }
    // The median of the others: the sorted values as they were, less this source's own.
    const auto own = m_sortedOf.find(source);
    const size_t others = m_sorted.size() - (own != m_sortedOf.end() ? 1 : 0);
    if (others == 0)
        return qQNaN();
    const size_t k = others / 2;
    if (own == m_sortedOf.end())
        return m_sorted[k];
    const size_t ownAt = size_t(std::lower_bound(m_sorted.begin(), m_sorted.end(), own->second) - m_sorted.begin());
    return m_sorted[k < ownAt ? k : k + 1];
}

struct ScrapeWatch::GpuTrack
{
    uint32_t gpu = 0;
    uint32_t node = 0;
    size_t slot = 0;
    std::vector<uint8_t> seen; // per metric: scrapes it was in, up to LearnScrapes
    std::vector<int64_t> absentSinceMs; // per metric: missing (while its peers had it) since; 0: not missing
    int silentScrapes = 0;
    int64_t silentSinceMs = 0;
    std::deque<int64_t> missingScrapesMs;
    Announcement missing, vanished, silent;
    bool known() const
    {
        return std::any_of(seen.begin(), seen.end(), [](uint8_t n) { return n >= LearnScrapes; });
    }
};

bool ScrapeWatch::Announcement::due(bool holds, int64_t nowMs)
{
    if (!holds) {
        holding = false;
        return false;
    }
    if (holding && nowMs - lastMs < ReannounceMs)
        return false;
    holding = true;
    lastMs = nowMs;
    return true;
}

ScrapeWatch::ScrapeWatch(std::shared_ptr<const Topology> topology, const std::vector<MetricDescriptor> &metrics,
                         std::shared_ptr<ScrapeLatencies> fleet)
    : m_topology(std::move(topology))
    , m_metrics(metrics)
    , m_fleet(std::move(fleet))
    , m_usualMs(qQNaN())
{
    for (const MetricDescriptor &m : m_metrics)
        m_perGpuMetric.push_back(m.entityKind == EntityKind::Gpu ? 1 : 0);
}

ScrapeWatch::~ScrapeWatch()
{
    if (m_fleet)
        m_fleet->set(this, qQNaN(), 0);
}

ScrapeWatch::GpuTrack &ScrapeWatch::trackOf(uint32_t gpu)
{
    const auto [it, added] = m_trackOfGpu.try_emplace(gpu, m_tracks.size());
    if (added) {
        auto track = std::make_unique<GpuTrack>();
        track->gpu = gpu;
        track->node = m_topology->gpus[gpu].nodeIndex;
        track->slot = m_tracks.size();
        track->seen.assign(m_metrics.size(), 0);
        track->absentSinceMs.assign(m_metrics.size(), 0);
        m_tracks.push_back(std::move(track));
    }
    return *m_tracks[it->second];
}

void ScrapeWatch::markPresent(const std::vector<GpuReading> &readings)
{
    const size_t metrics = m_metrics.size();
    auto counts = [&](const GpuReading &r) { // a staleness mark is no reading
        return r.metricId < metrics && m_perGpuMetric[r.metricId] && r.gpu < m_topology->gpus.size()
            && !std::isnan(r.value);
    };
    for (const GpuReading &r : readings)
        if (counts(r))
            trackOf(r.gpu);
    m_present.assign(m_tracks.size() * metrics, 0);
    m_anyPresent.assign(m_tracks.size(), 0);
    for (const GpuReading &r : readings)
        if (counts(r)) {
            const size_t slot = m_trackOfGpu[r.gpu];
            m_present[slot * metrics + r.metricId] = 1;
            m_anyPresent[slot] = 1;
        }
    m_nodeCarrying.clear();
    m_nodeGpusAnswering.clear();
    for (const auto &track : m_tracks) {
        if (!m_anyPresent[track->slot])
            continue;
        ++m_nodeGpusAnswering[track->node];
        std::vector<uint32_t> &carrying = m_nodeCarrying[track->node];
        carrying.resize(metrics, 0);
        for (size_t m = 0; m < metrics; ++m)
            carrying[m] += m_present[track->slot * metrics + m];
    }
}

void ScrapeWatch::answered(int64_t timeMs, double latencyMs, const std::vector<GpuReading> &readings,
                           std::vector<Event> &warnings)
{
    markPresent(readings);
    for (const auto &track : m_tracks)
        judgeGpu(*track, timeMs, warnings);
    judgeLatency(timeMs, latencyMs, warnings);
}

void ScrapeWatch::unanswered(int64_t timeMs, double latencyMs, std::vector<Event> &warnings)
{
    // Nothing is learnt of the GPUs; a timed-out scrape is the slowest of answers.
    judgeLatency(timeMs, latencyMs, warnings);
}

void ScrapeWatch::judgeGpu(GpuTrack &track, int64_t timeMs, std::vector<Event> &warnings)
{
    const size_t metrics = m_metrics.size();
    const bool answering = m_anyPresent[track.slot] != 0;
    const auto others = m_nodeGpusAnswering.find(track.node);
    const uint32_t othersAnswering = others == m_nodeGpusAnswering.end() ? 0 : others->second - (answering ? 1 : 0);
    const EntityRef gpu { EntityKind::Gpu, track.gpu };
    if (!answering) {
        if (othersAnswering == 0 || !track.known()) {
            track.silentScrapes = 0; // its whole node is missing from the page: not this GPU's sign
            track.silent.due(false, timeMs);
            return;
        }
        if (track.silentScrapes++ == 0)
            track.silentSinceMs = timeMs;
        const int64_t silentMs = timeMs - track.silentSinceMs;
        if (silentMs >= ForgetAfterMs) { // long gone (removed, or fallen off the bus and left so)
            std::fill(track.seen.begin(), track.seen.end(), 0);
            track.silent.due(false, timeMs);
            return;
        }
        if (track.silent.due(track.silentScrapes >= SilentScrapes, timeMs))
            warnings.push_back(warningOf(EventType::GpuSilent, gpu, timeMs, double(silentMs) / 1000.0,
                                         QStringLiteral("no readings for %1 s while %2 other GPU(s) of its node answer")
                                             .arg(seconds(double(silentMs)))
                                             .arg(othersAnswering)));
        return; // its other signs stand as they were
    }
    track.silentScrapes = 0;
    track.silent.due(false, timeMs);
    const std::vector<uint32_t> *carrying = nullptr;
    if (auto it = m_nodeCarrying.find(track.node); it != m_nodeCarrying.end())
        carrying = &it->second;
    int missingNow = 0;
    int vanishedNow = 0;
    QStringList vanishedNames;
    for (size_t m = 0; m < metrics; ++m) {
        if (!m_perGpuMetric[m])
            continue;
        if (m_present[track.slot * metrics + m]) {
            track.seen[m] = uint8_t(std::min(track.seen[m] + 1, LearnScrapes));
            track.absentSinceMs[m] = 0;
            continue;
        }
        if (track.seen[m] < LearnScrapes)
            continue;
        // Missing from every GPU of the node, or from most: the node's doing, not this GPU's.
        const uint32_t peersCarrying = carrying ? (*carrying)[m] : 0;
        if (othersAnswering == 0 || 2 * peersCarrying < othersAnswering) {
            track.absentSinceMs[m] = 0;
            continue;
        }
        ++missingNow;
        int64_t &since = track.absentSinceMs[m];
        if (since == 0)
            since = timeMs;
        if (timeMs - since >= ForgetAfterMs) {
            track.seen[m] = 0; // gone for an hour: no longer one of its readings
            since = 0;
        } else if (timeMs - since >= VanishedAfterMs) {
            ++vanishedNow;
            if (vanishedNames.size() < 3)
                vanishedNames << m_metrics[m].name;
        }
    }
    if (missingNow > 0)
        track.missingScrapesMs.push_back(timeMs);
    while (!track.missingScrapesMs.empty() && track.missingScrapesMs.front() <= timeMs - MissingWindowMs)
        track.missingScrapesMs.pop_front();
    const size_t missingScrapes = track.missingScrapesMs.size();
    if (track.missing.due(missingScrapes >= size_t(MissingScrapes), timeMs))
        warnings.push_back(
            warningOf(EventType::ReadingsMissing, gpu, timeMs, double(missingScrapes),
                      QStringLiteral("readings missing in %1 scrape(s) of the last %2 min, while its node's other "
                                     "GPUs had them")
                          .arg(missingScrapes)
                          .arg(MissingWindowMs / 60000)));
    if (track.vanished.due(vanishedNow > 0, timeMs))
        warnings.push_back(warningOf(EventType::SeriesVanished, gpu, timeMs, double(vanishedNow),
                                     QStringLiteral("%1 series gone for %2 min or more, kept by its peers: %3")
                                         .arg(vanishedNow)
                                         .arg(VanishedAfterMs / 60000)
                                         .arg(vanishedNames.join(QStringLiteral(", ")))));
}

void ScrapeWatch::judgeLatency(int64_t timeMs, double latencyMs, std::vector<Event> &warnings)
{
    if (!(latencyMs >= 0.0) || !std::isfinite(latencyMs))
        return; // not timed
    m_latencies.emplace_back(timeMs, float(latencyMs));
    while (!m_latencies.empty() && m_latencies.front().first <= timeMs - (UsualMs + RecentMs))
        m_latencies.pop_front();
    // The recent scrapes from the back; the hour before them only when its median is due (an
    // hour's median moves slowly: once a minute is enough), not at every scrape of every exporter.
    std::vector<double> recent;
    auto it = m_latencies.rbegin();
    for (; it != m_latencies.rend() && it->first > timeMs - RecentMs; ++it)
        recent.push_back(it->second);
    const double recentMs = recent.size() >= 3 ? medianOf(recent) : qQNaN();
    const size_t usualScrapes = size_t(m_latencies.rend() - it);
    if (usualScrapes < size_t(UsualScrapesNeeded)) {
        m_usualMs = qQNaN();
    } else if (std::isnan(m_usualMs) || timeMs - m_usualComputedMs >= 60000 || timeMs < m_usualComputedMs) {
        std::vector<double> usual;
        usual.reserve(usualScrapes);
        for (; it != m_latencies.rend(); ++it)
            usual.push_back(it->second);
        m_usualMs = medianOf(usual);
        m_usualComputedMs = timeMs;
    }
    double othersMs = qQNaN();
    if (m_fleet) {
        m_fleet->set(this, recentMs, timeMs);
        othersMs = m_fleet->othersMedian(this, timeMs);
    }
    const bool slowNow = recentMs >= SlowFactor * m_usualMs && recentMs - m_usualMs >= SlowMarginMs
        && (std::isnan(othersMs) || recentMs >= SlowFactor * othersMs);
    if (!slowNow)
        m_slowSinceMs = -1;
    else if (m_slowSinceMs < 0)
        m_slowSinceMs = timeMs;
    const bool slow = slowNow && timeMs - m_slowSinceMs >= SlowForMs;
    // The exporter answers for one node; a page that holds several (a file of many) names none.
    std::optional<uint32_t> node;
    for (const auto &track : m_tracks) {
        if (node && *node != track->node)
            return;
        node = track->node;
    }
    if (m_slow.due(slow, timeMs) && node)
        warnings.push_back(
            warningOf(EventType::ScrapeSlow, { EntityKind::Node, *node }, timeMs, recentMs / 1000.0,
                      std::isnan(othersMs)
                          ? QStringLiteral("its exporter takes %1 s to answer (usually %2 s)")
                                .arg(seconds(recentMs), seconds(m_usualMs))
                          : QStringLiteral("its exporter takes %1 s to answer (usually %2 s; the other exporters %3 s)")
                                .arg(seconds(recentMs), seconds(m_usualMs), seconds(othersMs))));
}

Event ScrapeWatch::warningOf(EventType type, EntityRef entity, int64_t timeMs, double value, QString message) const
{
    Event e;
    e.timeMs = timeMs;
    e.type = type;
    e.severity = Severity::Warning;
    e.entity = entity;
    e.value = value;
    e.message = std::move(message);
    if (entity.kind == EntityKind::Gpu && entity.index < m_topology->gpus.size()) {
        const int job = m_topology->jobOfGpu[entity.index];
        if (job >= 0)
            e.jobId = m_topology->jobs[size_t(job)].id;
    }
    return e;
}

} // namespace vigil
