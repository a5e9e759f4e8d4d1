// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "domain/topology.h"
#include "sources/dcgmmapper.h"

#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace vigil {

// How long the exporters of one gateway take to answer, source by source: the floor's usual,
// against which one exporter's slowness is judged. A gateway under load, or a congested
// network, slows every scrape at once; that is not one node's trouble. Any thread.
class ScrapeLatencies
{
public:
    // A source's latency over its recent scrapes (ms); NaN forgets it.
    void set(const void *source, double recentMs, int64_t nowMs);
    // The median of the other sources' recent latencies (NaN: no other source has one).
    // Recomputed at most every RefreshMs: thousands of exporters ask every scrape.
    double othersMedian(const void *source, int64_t nowMs) const;
    static constexpr int64_t RefreshMs = 10000;

private:
    mutable std::mutex m_mutex;
    std::map<const void *, double> m_recentMs;
    mutable std::vector<double> m_sorted; // the latencies as last computed, and whose they were
    mutable std::map<const void *, double> m_sortedOf;
    mutable int64_t m_computedMs = 0;
    mutable bool m_stale = true;
};

// What an exporter's scrapes say beyond their values (docs/precursors.md): GPUs that fall
// off the bus show almost no numeric warning beforehand, but their telemetry comes apart
// first. Four signs, each a warning of its own kind:
// - ScrapeSlow: the exporter takes several times its usual time to answer, while the others
//   do not (its node's NVML calls stall on a failing GPU);
// - ReadingsMissing: a GPU's page lacks readings it carried, in several recent scrapes,
//   while its node's other GPUs still carry them;
// - SeriesVanished: a reading of a GPU has been gone for minutes while its peers kept it;
// - GpuSilent: a GPU is absent from scrapes its node still answers.
// A reading missing from every GPU of a node (profiling paused for a profiler, a field not
// supported) is the node's configuration, not a GPU's trouble, and says nothing. One watch
// per source, fed on that source's thread.
class ScrapeWatch
{
public:
    static constexpr int LearnScrapes = 3; // a reading seen in this many scrapes is one the GPU has
    static constexpr int64_t MissingWindowMs = 10 * 60000;
    static constexpr int MissingScrapes = 3; // scrapes with readings missing, within the window
    static constexpr int64_t VanishedAfterMs = 5 * 60000;
    static constexpr int SilentScrapes = 2; // answered scrapes in a row without the GPU
    static constexpr int64_t ReannounceMs = 10 * 60000; // a sign that holds is said again this often
    // Latency: the median of the last RecentMs against the median of the hour before it.
    static constexpr int64_t RecentMs = 5 * 60000;
    static constexpr int64_t UsualMs = 60 * 60000;
    static constexpr int UsualScrapesNeeded = 10;
    // Above its own usual and above the others by this factor. A busy host slows its exporter a
    // few times over; a GPU whose NVML calls hang, by an order of magnitude (docs/precursors.md).
    static constexpr double SlowFactor = 5.0;
    static constexpr double SlowMarginMs = 500.0; // and by at least this much
    // and for this long: the others' figure is refreshed within it, so that a floor slowing all
    // at once is seen as the floor's doing even by the exporter judged first.
    static constexpr int64_t SlowForMs = 60000;

    ScrapeWatch(std::shared_ptr<const Topology> topology, const std::vector<MetricDescriptor> &metrics,
                std::shared_ptr<ScrapeLatencies> fleet = {});
    ~ScrapeWatch();
    ScrapeWatch(const ScrapeWatch &) = delete;
    ScrapeWatch &operator=(const ScrapeWatch &) = delete;

    // A scrape that answered at `timeMs` with these readings, after `latencyMs` (negative: not
    // timed, as a file read). Its warnings are appended to `warnings`.
    void answered(int64_t timeMs, double latencyMs, const std::vector<GpuReading> &readings,
                  std::vector<Event> &warnings);
    // A scrape that did not answer (refused, timed out, an error status) after `latencyMs`.
    void unanswered(int64_t timeMs, double latencyMs, std::vector<Event> &warnings);

private:
    struct GpuTrack;
    struct Announcement
    {
        bool holding = false;
        int64_t lastMs = 0;
        // Whether a sign that holds (or not) now is said at `nowMs`.
        bool due(bool holds, int64_t nowMs);
    };
    GpuTrack &trackOf(uint32_t gpu);
    void markPresent(const std::vector<GpuReading> &readings);
    void judgeGpu(GpuTrack &track, int64_t timeMs, std::vector<Event> &warnings);
    void judgeLatency(int64_t timeMs, double latencyMs, std::vector<Event> &warnings);
    Event warningOf(EventType type, EntityRef entity, int64_t timeMs, double value, QString message) const;

    std::shared_ptr<const Topology> m_topology;
    std::vector<MetricDescriptor> m_metrics;
    std::vector<uint8_t> m_perGpuMetric; // 1 for the metrics read per GPU
    std::shared_ptr<ScrapeLatencies> m_fleet;

    std::vector<std::unique_ptr<GpuTrack>> m_tracks;
    std::unordered_map<uint32_t, size_t> m_trackOfGpu;
    // This scrape: which tracked GPUs carried which readings, and per node how many GPUs carried each.
    std::vector<uint8_t> m_present; // track × metric
    std::vector<uint8_t> m_anyPresent; // per track
    std::unordered_map<uint32_t, std::vector<uint32_t>> m_nodeCarrying; // node → per metric, GPUs carrying it
    std::unordered_map<uint32_t, uint32_t> m_nodeGpusAnswering;

    std::deque<std::pair<int64_t, float>> m_latencies; // (time, ms), the last UsualMs + RecentMs
    double m_usualMs;
    int64_t m_usualComputedMs = 0;
    int64_t m_slowSinceMs = -1; // -1: not slow
    Announcement m_slow;
};

} // namespace vigil
