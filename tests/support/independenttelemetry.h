// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "domain/metric.h"
#include "domain/topology.h"

#include <QByteArray>
#include <QString>

#include <memory>
#include <vector>

namespace vigil {
class DcgmMapper;
namespace v1 {
class Samples;
}
} // namespace vigil

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
// A slow GPU lacks 1–5 % of its peers' speed, for one of three causes: heat (clocks shed,
// thermal event reasons, hotter), a lowered power limit (clocks shed, held at the cap) or a
// worn part that computes slower at the same clock (its tensor pipes are busy while its
// peers wait). Whatever the cause, its job steps at its pace.
class IndependentTelemetry
{
public:
    struct SlowGpu
    {
        uint32_t gpu = 0;
        int64_t fromMs = 0, toMs = 0;
        double slowShare = 0.0; // the share of its peers' speed it lacks
        QString cause; // "thermal", "power", "compute"
    };
    struct Options
    {
        uint64_t seed = 1;
        uint32_t largeJobGpus = 1024;
        int64_t startMs = 1796083200000; // 2026-12-01 00:00 UTC
        // Whole-job slowdowns, single-GPU dips and missed scrapes (on: a day with noise).
        bool noise = true;
    };
    explicit IndependentTelemetry(const Options &options);

    std::shared_ptr<const Topology> topology() const { return m_topology; }
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

    static constexpr double NominalClockMhz = 1980.0;

private:
    struct Reading
    {
        double smClockMhz, tensorActive, smActive, dramActive, utilisation, powerW, tempC, memTempC;
        uint32_t reasons;
    };
    Reading readingOf(uint32_t gpu, int64_t timeMs) const;
    double speedOf(uint32_t gpu, int64_t timeMs, uint32_t *reasons, double *clockShare) const;
    double jobPhaseActivity(uint32_t job, int64_t timeMs) const; // 1: training, below: pausing
    double jobWideSlowdown(uint32_t job, int64_t timeMs, bool *powerCapped) const;
    double noise(uint32_t gpu, int64_t timeMs, uint32_t field) const; // standard normal, pure
    bool dips(uint32_t gpu, int64_t timeMs) const;

    Options m_options;
    std::shared_ptr<Topology> m_topology;
    std::vector<double> m_lastingOffset; // per GPU
    std::vector<SlowGpu> m_slow;
};

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

private:
    const IndependentTelemetry &m_world;
    std::vector<MetricDescriptor> m_metrics;
    std::unique_ptr<DcgmMapper> m_mapper;
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
