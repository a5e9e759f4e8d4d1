// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "domain/metric.h"
#include "domain/topology.h"
#include "sources/dcgmmapper.h"

#include <QByteArray>
#include <QString>

#include <memory>
#include <vector>

namespace vigil::v1 {
class Samples;
} // namespace vigil::v1

namespace vigil::test {

// Telemetry from a world of its own, apart from the simulator: the pages a dcgm-exporter
// would serve, node by node, with the truth of every slow GPU beside them.
//
// A floor of H100 nodes (8 GPUs each, 4 nodes a rack) runs one large synchronous job and
// one of 64 GPUs. Each GPU has its own clock and its own small, lasting difference from
// its peers (0.3 %); readings are noisy and clocks move in 15 MHz steps. The jobs save a
// checkpoint every half hour (a minute with the tensor pipes idle) and pause to evaluate
// every two hours (four minutes); now and then a whole job slows together (a power cap
// on the floor, a slow data loader). Single GPUs dip for a minute or two (a brief thermal
// event) and exporters miss scrapes. Values are a pure function of the seed, the GPU and
// the time, so a page can be served again as it was.
//
// A slow GPU lacks 1–5 % of its peers' speed, for one of four causes: heat (clocks shed,
// thermal event reasons, hotter), a lowered power limit (clocks shed, held at the cap) or a
// worn part that computes slower at the same clock (its tensor pipes are busy while its
// peers wait) or a PCIe link trained down (x8 for x16, or Gen4 for Gen5: it computes as
// fast as its peers, but every step waits for its transfers, so every GPU of the job is
// busy a smaller share of the time, itself included). Whatever the cause, its job steps at
// its pace. Every page carries the links' width and generation, in use and at best
// (unless Options::pcieLinks is off). Or one of its 18 NVLinks went quiet ("nvlink": its
// transfers take the other 17, and its job waits as for a narrowed PCIe link); with
// Options::nvlinks the pages carry each link's transmit rate, as dcgm-exporter 4.10 does.
//
// GPUs fall off the bus (docs/precursors.md). Most come apart first, each in its own mix of
// ways and as plainly as its strength says: its node's exporter slows, its readings go
// missing now and then, its profiling series vanish, it drops from the page while its node
// answers. The rest fall without a sign. After its Xid a GPU is off the page until it is
// reset or replaced. The floor's own noise looks alike: exporters that answer slowly for a
// while (a busy host; a congested network, every node at once), a profiler that stops a
// node's profiling readings, a reading left blank now and then.
class IndependentTelemetry
{
public:
    struct SlowGpu
    {
        uint32_t gpu = 0;
        int64_t fromMs = 0, toMs = 0;
        double slowShare = 0.0; // the share of its peers' speed it lacks
        QString cause; // "thermal", "power", "compute", "pcie", "nvlink"
    };
    // A GPU that falls off the bus, and how its telemetry came apart before (if it did).
    struct FailingGpu
    {
        enum Sign : uint8_t
        {
            SlowExporter = 1,
            ReadingsMissing = 2,
            SeriesVanishing = 4,
            DropsFromPage = 8
        };
        uint32_t gpu = 0;
        int64_t xidMs = 0;
        int xid = 79; // 79: fallen off the bus; 48: a double-bit error that took it off
        int64_t degradesFromMs = 0; // 0: no sign before the Xid
        uint8_t signs = 0;
        double strength = 0.0; // how plainly the signs show, 0..1
        int64_t backMs = 0; // back on its node's page (reset or replaced)
    };
    struct Options
    {
        uint64_t seed = 1;
        uint32_t largeJobGpus = 1024;
        int64_t startMs = 1796083200000; // 2026-12-01 00:00 UTC
        // Whole-job slowdowns, single-GPU dips and missed scrapes (on: a day with noise).
        bool noise = true;
        // The PCIe link fields on every page (on). Off, the pages are a site's that has not
        // added them to its counters file: a quarter fewer lines to read where a score does
        // not compare links (the early flags).
        bool pcieLinks = true;
        // Each GPU's 18 NVLinks' transmit rates, per link (dcgm-exporter 4.10; off: most pages).
        bool nvlinks = false;
    };
    explicit IndependentTelemetry(const Options &options);

    std::shared_ptr<const Topology> topology() const { return m_topology; }
    const Options &options() const { return m_options; }
    int64_t startMs() const { return m_options.startMs; }

    // Makes `gpu` slow from `fromMs` to `toMs`.
    void addSlowGpu(const SlowGpu &slow);
    const std::vector<SlowGpu> &slowGpus() const { return m_slow; }
    // Whether some GPU of `entity` (a GPU or a node) is slow at `timeMs` by at least `minShare`.
    bool isTrulySlow(EntityRef entity, int64_t timeMs, double minShare = 0.01) const;
    // Whether a whole job slows together at `timeMs` (the truth a straggler alarm must not be raised on).
    bool jobSlowsTogether(uint32_t job, int64_t timeMs) const;

    // The exporter's page for `node` at `timeMs` (empty: the scrape was missed).
    QByteArray scrape(uint32_t node, int64_t timeMs) const;
    // How long that scrape took, ms.
    double scrapeLatencyMs(uint32_t node, int64_t timeMs) const;

    void addFailure(const FailingGpu &failure);
    // `count` failures at times and on GPUs the seed picks in [fromMs, toMs), in the documented
    // mix: 70 % come apart first (over 15 min to 8 h, each sign at even odds, at least one, of
    // strength 0.2–1), three in four log Xid 79 and the rest Xid 48.
    void addFailures(uint32_t count, int64_t fromMs, int64_t toMs);
    const std::vector<FailingGpu> &failures() const { return m_failures; }
    // Whether a flag on `entity` (a GPU, or a node for any of its GPUs) at `timeMs` is borne out:
    // it fails within `horizonMs`, or is down now.
    bool failsWithin(EntityRef entity, int64_t timeMs, int64_t horizonMs) const;
    // The kernel's lines for the failures' Xids in [fromMs, toMs), as the nodes' syslogs would hold them.
    QByteArray kernelLog(int64_t fromMs, int64_t toMs) const;

    static constexpr double NominalClockMhz = 1980.0;

private:
    struct Reading
    {
        double smClockMhz, tensorActive, smActive, dramActive, utilisation, powerW, tempC, memTempC;
        uint32_t reasons;
    };
    Reading readingOf(uint32_t gpu, int64_t timeMs) const;
    double speedOf(uint32_t gpu, int64_t timeMs, uint32_t *reasons, double *clockShare) const;
    const SlowGpu *narrowLink(uint32_t gpu, int64_t timeMs) const; // its "pcie" slowness, if it has one now
    void appendLinks(QByteArray &page, const std::vector<uint32_t> &gpus, const std::vector<uint32_t> &onPage,
                     int64_t timeMs) const;
    void appendNvlinks(QByteArray &page, const std::vector<uint32_t> &gpus, const std::vector<uint32_t> &onPage,
                       const std::vector<Reading> &readings, int64_t timeMs) const;
    double jobPhaseActivity(uint32_t job, int64_t timeMs) const; // 1: training, below: pausing
    double jobWideSlowdown(uint32_t job, int64_t timeMs, bool *powerCapped) const;
    double noise(uint32_t gpu, int64_t timeMs, uint32_t field) const; // standard normal, pure
    bool dips(uint32_t gpu, int64_t timeMs) const;
    // An episode of `minMinutes`–`maxMinutes` in each slot of `slotMs`, with chance `chance`, for
    // `who`: its strength draw (0..1) while one runs at `timeMs`, else -1.
    double episode(uint64_t who, uint64_t kind, int64_t timeMs, int64_t slotMs, double chance, int minMinutes,
                   int maxMinutes) const;
    // How far along a failing GPU's decline is at `timeMs` (0..1 times its strength), 0 outside it.
    static double decline(const FailingGpu &f, int64_t timeMs);
    // Which of a GPU's fields the page carries at `timeMs` (a bit each; 0: the GPU is off the page).
    uint32_t fieldsOnPage(uint32_t gpu, int64_t timeMs, bool profilingPaused) const;

    Options m_options;
    std::shared_ptr<Topology> m_topology;
    std::vector<double> m_lastingOffset; // per GPU
    std::vector<QByteArray> m_pageLabels; // per GPU: its labels on the exporter's page, "{…} "
    std::vector<SlowGpu> m_slow;
    std::vector<FailingGpu> m_failures;
    std::vector<std::vector<size_t>> m_failuresOfGpu; // indices into m_failures
};

// The Xid lines of a kernel log, read by Vigil's kernel log parser and put on the topology's GPUs
// by node and PCI address, as the kernel log source puts them (severity by NVIDIA's catalogue);
// a line naming no GPU of the topology, or one the parser refuses, is an error.
std::vector<Event> xidEventsOfKernelLog(const Topology &topology, const QByteArray &log, QString *error);

// Every node's page of the independent telemetry at one time, mapped as the DCGM source maps an
// exporter's (sources/dcgmmapper.h) into one Samples message over the floor.
class IndependentScraper
{
public:
    explicit IndependentScraper(const IndependentTelemetry &world);
    ~IndependentScraper();
    // The dictionary: the simulator's metrics and the exporter's fields the pages carry.
    const std::vector<MetricDescriptor> &metrics() const { return m_metrics; }
    // The first line any mapper refused, or an error; empty while all is well.
    const QString &error() const { return m_error; }
    v1::Samples scrape(int64_t timeMs);
    // One node's page at `timeMs`, mapped (null: the exporter did not answer); valid until the next call.
    const std::vector<GpuReading> *scrapeNode(uint32_t node, int64_t timeMs);

private:
    const IndependentTelemetry &m_world;
    std::vector<MetricDescriptor> m_metrics;
    std::unique_ptr<DcgmMapper> m_mapper;
    std::unique_ptr<DcgmMapper::Result> m_mapped;
    std::vector<StalenessMarks> m_stale; // per node
    QString m_error;
};

// The straggler finder fed the independent telemetry through the public path (each node's
// page mapped by the DCGM source's mapper, applied to a cluster state) for `durationMs`,
// scraped every 15 s. Beside it the rule without peers: a GPU whose SM clock stays
// FixedThresholdShare below the nominal clock, or whose tensor activity stays above a
// fixed ceiling, for as many windows as the finder confirms over.
struct StragglerScore
{
    struct Alarm
    {
        int64_t timeMs = 0;
        EntityRef entity;
        bool truePositive = false;
    };
    std::vector<Alarm> finder, fixedThreshold;
    // Per slow GPU, minutes from its start to the first alarm naming it or its node (-1: never).
    std::vector<double> finderMinutes, fixedThresholdMinutes;
    double hours = 0.0;
    size_t falseAlarms(const std::vector<Alarm> &alarms) const;
    QString error;
};
StragglerScore scoreStragglers(const IndependentTelemetry &world, int64_t durationMs);

} // namespace vigil::test
