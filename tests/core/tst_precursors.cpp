// SPDX-License-Identifier: GPL-3.0-or-later
// The signs of a GPU coming apart before it falls off the bus (ScrapeWatch, docs/precursors.md):
// each rule on pages made to show it, the node's own doing told from a GPU's, and the watch
// scored on the independent telemetry's failures, read as an exporter's pages and a kernel log.
#include "earlyflags.h"

#include "domain/dcgmfields.h"
#include "domain/sanitizers.h"
#include "sources/scrapewatch.h"

#include <QTest>

using namespace vigil;
using namespace vigil::test;

namespace {

constexpr int64_t T0 = 1796083200000; // 2026-12-01 00:00 UTC
constexpr int64_t Every = 15000;

// Two nodes of four GPUs, each GPU reporting the same three readings.
struct TwoNodes
{
    std::shared_ptr<Topology> topology = std::make_shared<Topology>();
    std::vector<MetricDescriptor> metrics;

    TwoNodes()
    {
        for (const char *name :
             { "DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE" }) {
            MetricDescriptor m = dcgmMetric(*findDcgmField(QByteArrayView(name)));
            m.id = uint32_t(metrics.size());
            metrics.push_back(m);
        }
        topology->halls.push_back({ QStringLiteral("h") });
        topology->rows.push_back({ QStringLiteral("r"), 0 });
        topology->racks.push_back({});
        for (uint32_t n = 0; n < 2; ++n) {
            topology->nodes.push_back({ QStringLiteral("n%1").arg(n), 0, n });
            for (uint32_t l = 0; l < 4; ++l) {
                Gpu g;
                g.nodeIndex = n;
                g.localIndex = l;
                topology->gpus.push_back(g);
            }
        }
        (void)topology->index();
    }
    // A page of `node` with every reading but those `lacking` says (gpu, metric) it lacks.
    std::vector<GpuReading> page(uint32_t node, const std::function<bool(uint32_t, uint32_t)> &lacking = {}) const
    {
        std::vector<GpuReading> readings;
        for (uint32_t m = 0; m < metrics.size(); ++m)
            for (uint32_t g : topology->gpusOfNode[node])
                if (!lacking || !lacking(g, m))
                    readings.push_back({ m, g, 50.0f });
        return readings;
    }
};

// A watch over TwoNodes that has learnt from five whole pages what node `node`'s GPUs carry.
struct LearntWatch
{
    TwoNodes floor;
    ScrapeWatch watch { floor.topology, floor.metrics };
    std::vector<Event> warnings;
    int64_t t = T0;

    explicit LearntWatch(uint32_t node)
    {
        for (int i = 0; i < 5; ++i, t += Every)
            watch.answered(t, 100.0, floor.page(node), warnings);
    }
};

std::vector<Event> ofType(const std::vector<Event> &events, EventType type)
{
    std::vector<Event> out;
    std::copy_if(events.begin(), events.end(), std::back_inserter(out),
                 [type](const Event &e) { return e.type == type; });
    return out;
}

} // namespace

class TestPrecursors : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aGpuSilentWhileItsNodeAnswersIsSaid()
    {
        LearntWatch learnt(0);
        auto &[floor, watch, warnings, t] = learnt;
        QVERIFY(warnings.empty());
        // GPU 2 leaves the page; its three peers stay.
        auto gone = [](uint32_t g, uint32_t) { return g == 2; };
        watch.answered(t, 100.0, floor.page(0, gone), warnings);
        QVERIFY2(warnings.empty(), "one page without it is not yet a sign");
        t += Every;
        watch.answered(t, 100.0, floor.page(0, gone), warnings);
        QCOMPARE(warnings.size(), size_t(1));
        QCOMPARE(warnings[0].type, EventType::GpuSilent);
        QCOMPARE(warnings[0].entity, (EntityRef { EntityKind::Gpu, 2 }));
        QCOMPARE(warnings[0].value, 15.0); // silent since the first page without it
        QVERIFY(warnings[0].message.contains(QStringLiteral("3 other GPU(s)")));
        // Said again only after ReannounceMs while it stays away.
        warnings.clear();
        for (int64_t until = t + ScrapeWatch::ReannounceMs; t < until;)
            watch.answered(t += Every, 100.0, floor.page(0, gone), warnings);
        QCOMPARE(ofType(warnings, EventType::GpuSilent).size(), size_t(1));
    }

    void aWholeNodeMissingIsNoGpusSign()
    {
        LearntWatch learnt(0);
        auto &[floor, watch, warnings, t] = learnt;
        for (int i = 0; i < 20; ++i, t += Every) {
            watch.answered(t, 100.0, {}, warnings); // a page with nothing on it
            watch.unanswered(t, 5000.0, warnings); // no page at all
        }
        QVERIFY(ofType(warnings, EventType::GpuSilent).empty());
    }

    void readingsMissingNowAndThenAreSaidAfterThreeScrapes()
    {
        LearntWatch learnt(0);
        auto &[floor, watch, warnings, t] = learnt;
        auto lacksPower = [](uint32_t g, uint32_t m) { return g == 1 && m == 1; };
        for (int i = 0; i < 12; ++i, t += Every) // every fourth scrape lacks GPU 1's power
            watch.answered(t, 100.0, floor.page(0, i % 4 == 0 ? std::function(lacksPower) : nullptr), warnings);
        const std::vector<Event> missing = ofType(warnings, EventType::ReadingsMissing);
        QCOMPARE(missing.size(), size_t(1));
        QCOMPARE(missing[0].entity, (EntityRef { EntityKind::Gpu, 1 }));
        QCOMPARE(missing[0].value, 3.0);
        QVERIFY(ofType(warnings, EventType::SeriesVanished).empty());
    }

    void aReadingEveryGpuOfTheNodeLacksIsTheNodesDoing()
    {
        // A profiler on the node stops DCGM's profiling readings for all its GPUs: not a GPU's sign.
        LearntWatch learnt(0);
        auto &[floor, watch, warnings, t] = learnt;
        auto profilingPaused = [](uint32_t, uint32_t m) { return m == 2; };
        for (int i = 0; i < 80; ++i, t += Every)
            watch.answered(t, 100.0, floor.page(0, profilingPaused), warnings);
        QVERIFY2(warnings.empty(), qPrintable(warnings.empty() ? QString() : warnings[0].message));
    }

    void aSeriesGoneForMinutesHasVanished()
    {
        LearntWatch learnt(1);
        auto &[floor, watch, warnings, t] = learnt;
        auto lacksTensor = [](uint32_t g, uint32_t m) { return g == 6 && m == 2; };
        const int64_t gone = t;
        while (t < gone + ScrapeWatch::VanishedAfterMs + Every) {
            watch.answered(t, 100.0, floor.page(1, lacksTensor), warnings);
            t += Every;
        }
        const std::vector<Event> vanished = ofType(warnings, EventType::SeriesVanished);
        QCOMPARE(vanished.size(), size_t(1));
        QCOMPARE(vanished[0].entity, (EntityRef { EntityKind::Gpu, 6 }));
        QCOMPARE(vanished[0].timeMs, gone + ScrapeWatch::VanishedAfterMs);
        QVERIFY(vanished[0].message.contains(QStringLiteral("DCGM_FI_PROF_PIPE_TENSOR_ACTIVE")));
        // Back: the sign ends, and a new vanishing is said at once.
        for (int i = 0; i < 3; ++i, t += Every)
            watch.answered(t, 100.0, floor.page(1), warnings);
        warnings.clear();
        const int64_t again = t;
        while (t <= again + ScrapeWatch::VanishedAfterMs) {
            watch.answered(t, 100.0, floor.page(1, lacksTensor), warnings);
            t += Every;
        }
        QCOMPARE(ofType(warnings, EventType::SeriesVanished).size(), size_t(1));
    }

    void aSlowExporterIsJudgedAgainstItsOwnHourAndTheOthers()
    {
        TwoNodes floor;
        auto fleet = std::make_shared<ScrapeLatencies>();
        ScrapeWatch slow(floor.topology, floor.metrics, fleet), other(floor.topology, floor.metrics, fleet);
        std::vector<Event> warnings, othersWarnings;
        int64_t t = T0;
        for (; t < T0 + ScrapeWatch::UsualMs; t += Every) {
            slow.answered(t, 150.0, floor.page(0), warnings);
            other.answered(t, 180.0, floor.page(1), othersWarnings);
        }
        QVERIFY(warnings.empty());
        // Node 0's exporter slows to 2 s: said once the recent median is past it, for a minute.
        const int64_t from = t;
        for (; t < from + ScrapeWatch::RecentMs / 2 + ScrapeWatch::SlowForMs + Every; t += Every) {
            slow.answered(t, 2000.0, floor.page(0), warnings);
            other.answered(t, 180.0, floor.page(1), othersWarnings);
        }
        QCOMPARE(warnings.size(), size_t(1));
        QCOMPARE(warnings[0].type, EventType::ScrapeSlow);
        QCOMPARE(warnings[0].entity, (EntityRef { EntityKind::Node, 0 }));
        QCOMPARE(warnings[0].value, 2.0);
        QVERIFY2(warnings[0].message.contains(QStringLiteral("usually 0.15 s")), qPrintable(warnings[0].message));
        QVERIFY(othersWarnings.empty());
    }

    void aFloorSlowAllAtOnceIsNoExportersSign()
    {
        TwoNodes floor;
        auto fleet = std::make_shared<ScrapeLatencies>();
        ScrapeWatch a(floor.topology, floor.metrics, fleet), b(floor.topology, floor.metrics, fleet);
        std::vector<Event> warnings;
        int64_t t = T0;
        for (; t < T0 + ScrapeWatch::UsualMs; t += Every) {
            a.answered(t, 150.0, floor.page(0), warnings);
            b.answered(t, 160.0, floor.page(1), warnings);
        }
        for (const int64_t from = t; t < from + 3 * ScrapeWatch::RecentMs; t += Every) { // the network, for both
            a.answered(t, 2000.0, floor.page(0), warnings);
            b.answered(t, 2100.0, floor.page(1), warnings);
        }
        QVERIFY(warnings.empty());
        // Alone, the same slowness is judged against its own hour: unanswered scrapes count as the timeout.
        ScrapeWatch alone(floor.topology, floor.metrics);
        for (t = T0; t < T0 + ScrapeWatch::UsualMs; t += Every)
            alone.answered(t, 150.0, floor.page(0), warnings);
        for (const int64_t from = t; t < from + ScrapeWatch::RecentMs + ScrapeWatch::SlowForMs; t += Every)
            alone.unanswered(t, 5000.0, warnings);
        QCOMPARE(ofType(warnings, EventType::ScrapeSlow).size(), size_t(1));
    }

    void theWatchFlagsFailuresBeforeTheirXidOnTheIndependentFloor()
    {
        // Twelve hours of the independent floor with its noise and sixteen GPUs falling off the bus.
        IndependentTelemetry::Options options;
        options.seed = 3;
        options.pcieLinks = false; // the watch compares no links: pages as a site without them serves
        IndependentTelemetry world(options);
#if VIGIL_UNDER_ASAN
        // The sanitizers' lane reads five hours with four failures (twelve took 25 s there); the
        // release lane holds the twelve to the bars.
        constexpr bool wholeSpan = false;
        const int64_t hours = 5;
        const uint32_t failures = 4;
#else
        constexpr bool wholeSpan = true;
        const int64_t hours = 12;
        const uint32_t failures = 16;
#endif
        const int64_t span = hours * 3600000LL;
        world.addFailures(failures, world.startMs() + 2 * 3600000LL, world.startMs() + span);
        const EarlyFlagScore s = scoreEarlyFlags(world, span);
        QVERIFY2(s.error.isEmpty(), qPrintable(s.error));
        QCOMPARE(s.failures.size(), size_t(failures)); // every Xid read back from the kernel log
        const double share = EarlyFlagScore::share(s.watchLeadMinutes);
        qInfo("flagged before the Xid: %.2f (fixed threshold %.2f); false alarms %zu (fixed %zu) in %lld h", share,
              EarlyFlagScore::share(s.fixedLeadMinutes), s.falseAlarms(s.watch), s.falseAlarms(s.fixedThreshold),
              qlonglong(hours));
        if (!wholeSpan)
            return;
        QVERIFY(share >= 0.5);
        QVERIFY(s.falseAlarms(s.watch) <= 1);
        QVERIFY(s.falseAlarms(s.fixedThreshold) > s.falseAlarms(s.watch));
    }
};

QTEST_GUILESS_MAIN(TestPrecursors)
#include "tst_precursors.moc"
