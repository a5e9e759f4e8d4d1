// SPDX-License-Identifier: GPL-3.0-or-later
// The straggler finder: its deficits against a reference written from the definition
// (docs/stragglers.md), and its alarms on the independent telemetry's slow GPUs, jobs
// that slow together, pauses and noise, read through the DCGM mapper as an exporter's.
#include "independenttelemetry.h"

#include "analysis/stragglers.h"
#include "domain/alarmbook.h"
#include "domain/codec.h"
#include "domain/dcgmfields.h"
#include "domain/remedy.h"
#include "domain/sampleencoder.h"
#include "domain/sanitizers.h"
#include "domain/stragglerfinder.h"
#include "gateway/alarmdesk.h"
#include "gateway/telemetryjournal.h"
#include "sources/dcgmmapper.h"
#include "vigil/v1/telemetry.pb.h"

#include <QTest>

#include <functional>
#include <random>

using namespace vigil;
using namespace vigil::test;

namespace {

// The definition, written plainly: per job and signal, the median of the GPUs' window
// means and the deviation of each from it; a GPU's deficit is the worst over the signals.
std::vector<float> referenceDeficits(const Topology &t, const std::vector<std::vector<double>> &meanBySignal)
{
    std::vector<float> out(t.gpus.size(), std::nanf(""));
    auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2.0;
    };
    for (const Job &job : t.jobs) {
        for (size_t s = 0; s < 2; ++s) { // the clock and the tensor pipes (the SMs stand in for neither here)
            std::vector<double> values;
            for (uint32_t g : job.gpuIndices)
                values.push_back(meanBySignal[s][g]);
            const double peers = median(values);
            for (uint32_t g : job.gpuIndices) {
                const double own = meanBySignal[s][g];
                const double deficit = s == 0 ? 1.0 - own / peers : 1.0 - peers / own;
                if (std::isnan(out[g]) || float(deficit) > out[g])
                    out[g] = float(deficit);
            }
        }
    }
    return out;
}

struct SmallFloor
{
    std::shared_ptr<Topology> topology = std::make_shared<Topology>();
    std::vector<MetricDescriptor> metrics = standardMetrics();
    uint32_t clock = 0, tensor = 0, util = 0;

    explicit SmallFloor(uint32_t nodes)
    {
        Topology &t = *topology;
        t.halls.push_back({ QStringLiteral("h") });
        t.rows.push_back({ QStringLiteral("r"), 0 });
        t.coolingLoops.push_back({ QStringLiteral("l"), 20.0f });
        t.racks.push_back({});
        Job a { QStringLiteral("a"), QStringLiteral("a"), PriorityClass::Training, {}, {}, 0 };
        Job b { QStringLiteral("b"), QStringLiteral("b"), PriorityClass::Training, {}, {}, 0 };
        for (uint32_t n = 0; n < nodes; ++n) {
            t.nodes.push_back({ QStringLiteral("n%1").arg(n), 0, n });
            for (uint32_t l = 0; l < 8; ++l) {
                Gpu g;
                g.nodeIndex = n;
                g.localIndex = l;
                g.uuid = QStringLiteral("GPU-%1-%2").arg(n).arg(l);
                (n < nodes / 2 ? a : b).gpuIndices.push_back(uint32_t(t.gpus.size()));
                t.gpus.push_back(g);
            }
        }
        t.jobs = { a, b };
        (void)t.index();
        for (const MetricDescriptor &m : metrics) {
            if (m.name == metric::GpuUtil)
                util = m.id;
            else if (m.name == metric::SmClock)
                clock = m.id;
            else if (m.name == metric::TensorActive)
                tensor = m.id;
        }
    }
    // Every GPU reads these values at `timeMs`.
    void apply(ClusterState &state, int64_t timeMs, const std::vector<float> &clocks, const std::vector<float> &tensors,
               float utilisation = 97.0f) const
    {
        MetricColumns columns(metrics.size());
        for (size_t m = 0; m < metrics.size(); ++m)
            columns[m].assign(metrics[m].entityKind == EntityKind::Gpu ? topology->gpus.size() : 0, std::nanf(""));
        columns[clock] = clocks;
        columns[tensor] = tensors;
        columns[util].assign(topology->gpus.size(), utilisation);
        for (const v1::Samples &s : SampleEncoder().encode(timeMs, columns, true))
            QVERIFY(state.apply(s).ok());
    }
};

// A finder over a small floor, fed a state at a time: every GPU reads a healthy 1980 MHz and
// 0.6 of its tensor pipes busy, unless `shape` says otherwise for that sample.
struct FloorRun
{
    using Shape = std::function<void(int sample, std::vector<float> &clocks, std::vector<float> &tensors)>;
    SmallFloor floor;
    ClusterState state;
    StragglerFinder finder;
    std::vector<Event> warnings;
    int64_t nextMs = 1000000;

    explicit FloorRun(uint32_t nodes)
        : floor(nodes)
    {
        (void)state.reset(floor.topology, floor.metrics);
        finder.setTopology(floor.topology);
    }
    size_t gpus() const { return floor.topology->gpus.size(); }
    // `samples` states `everyMs` apart, or until the first warning with `untilWarned`.
    void feed(int samples, const Shape &shape, int64_t everyMs = StragglerFinder::SampleEveryMs,
              float utilisation = 97.0f, float clock = 1980.0f, float tensor = 0.6f, bool untilWarned = false)
    {
        for (int i = 0; i < samples && !(untilWarned && !warnings.empty()); ++i, nextMs += everyMs) {
            std::vector<float> clocks(gpus(), clock), tensors(gpus(), tensor);
            if (shape)
                shape(i, clocks, tensors);
            floor.apply(state, nextMs, clocks, tensors, utilisation);
            finder.observe(state, warnings);
        }
    }
};

constexpr int Confirming = StragglerFinder::WindowSamples * StragglerFinder::ConfirmWindows;

// The finder fed the world's exporter pages through the mapper every 15 s from its start,
// until `untilMs` or its first warning; `error` says what went wrong on the way.
std::vector<Event> warningsUntilTheFirst(const IndependentTelemetry &world, int64_t untilMs, QString *error)
{
    IndependentScraper scraper(world);
    ClusterState state;
    *error = state.reset(world.topology(), scraper.metrics());
    StragglerFinder finder;
    finder.setTopology(world.topology());
    std::vector<Event> warnings;
    for (int64_t t = world.startMs(); error->isEmpty() && t < untilMs && warnings.empty(); t += 15000) {
        if (!state.apply(scraper.scrape(t)).ok())
            *error = QStringLiteral("a scrape at %1 was not applied").arg(t);
        finder.observe(state, warnings);
    }
    if (error->isEmpty())
        *error = scraper.error();
    return warnings;
}

} // namespace

class TestStragglers : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aFieldThatStopsArrivingForOneNodeIsNoReadingOfIt()
    {
        // A profiler on node 0 stops DCGM's profiling readings for its GPUs: its exporter leaves the
        // tensor field out while the clock and utilisation still come. The job's other GPUs go
        // from 0.6 to 0.45 busy (an evaluation); node 0's held 0.6 is not its pace.
        SmallFloor floor(8);
        ClusterState state;
        QVERIFY(state.reset(floor.topology, floor.metrics).isEmpty());
        StragglerFinder finder;
        finder.setTopology(floor.topology);
        std::vector<Event> warnings;
        const size_t gpus = floor.topology->gpus.size();
        StalenessMarks stale; // as the exporter's DCGM source marks a series it stopped serving
        int64_t now = 1000000;
        for (int i = 0; i < 3 * Confirming; ++i, now += StragglerFinder::SampleEveryMs) {
            const bool paused = i >= 10;
            std::vector<GpuReading> readings;
            for (uint32_t g = 0; g < gpus; ++g) {
                readings.push_back({ floor.clock, g, 1980.0f });
                readings.push_back({ floor.util, g, 97.0f });
                if (!(paused && floor.topology->gpus[g].nodeIndex == 0))
                    readings.push_back({ floor.tensor, g, paused ? 0.45f : 0.6f });
            }
            stale.mark(readings);
            QVERIFY(state.apply(samplesOfReadings(now, readings)).ok());
            finder.observe(state, warnings);
        }
        QVERIFY2(warnings.empty(), qPrintable(warnings.empty() ? QString() : warnings.front().message));
    }

    void deficitsFollowTheDefinition()
    {
        SmallFloor floor(8); // two jobs of 32 GPUs
        ClusterState state;
        QVERIFY(state.reset(floor.topology, floor.metrics).isEmpty());
        StragglerFinder finder;
        finder.setTopology(floor.topology);
        std::mt19937 random(7);
        std::normal_distribution<double> spread(0.0, 0.01);
        const size_t n = floor.topology->gpus.size();
        std::vector<std::vector<double>> means(2, std::vector<double>(n));
        for (size_t g = 0; g < n; ++g) {
            means[0][g] = 1980.0 * (1.0 + spread(random));
            means[1][g] = 0.6 * (1.0 + spread(random));
        }
        std::vector<Event> warnings;
        for (int i = 0; i < StragglerFinder::WindowSamples; ++i) {
            std::vector<float> clocks(n), tensors(n);
            for (size_t g = 0; g < n; ++g) {
                clocks[g] = float(means[0][g]);
                tensors[g] = float(means[1][g]);
            }
            floor.apply(state, 1000000 + i * StragglerFinder::SampleEveryMs, clocks, tensors);
            finder.observe(state, warnings);
        }
        QCOMPARE(finder.windowsJudged(), int64_t(1));
        // Read back as the floats the state holds.
        for (auto &signal : means)
            for (double &v : signal)
                v = double(float(v));
        const std::vector<float> expected = referenceDeficits(*floor.topology, means);
        for (size_t g = 0; g < n; ++g)
            QVERIFY2(
                std::abs(finder.deficits()[g] - expected[g]) < 1e-5f,
                qPrintable(QStringLiteral("GPU %1: %2 against %3").arg(g).arg(finder.deficits()[g]).arg(expected[g])));
        QVERIFY(warnings.empty()); // one window is no straggler
    }

    void aSlowGpuIsNamedWithItsDeficitAndCost_data()
    {
        QTest::addColumn<QString>("cause");
        QTest::newRow("thermal") << QStringLiteral("thermal");
        QTest::newRow("power") << QStringLiteral("power");
        QTest::newRow("compute") << QStringLiteral("compute");
        QTest::newRow("pcie") << QStringLiteral("pcie");
    }
    void aSlowGpuIsNamedWithItsDeficitAndCost()
    {
        QFETCH(QString, cause);
        IndependentTelemetry::Options options;
        options.seed = 11;
        options.noise = false;
        IndependentTelemetry world(options);
        const int64_t from = world.startMs() + 3 * 60000;
        world.addSlowGpu({ 517, from, from + 3600000, 0.025, cause });
        const StragglerScore score = scoreStragglers(world, 20 * 60000);
        QVERIFY2(score.error.isEmpty(), qPrintable(score.error));
        QCOMPARE(score.finderMinutes.size(), size_t(1));
        qInfo("%s: named after %.1f min (the fixed clock threshold: %.1f)", qPrintable(cause), score.finderMinutes[0],
              score.fixedThresholdMinutes[0]);
        QVERIFY(score.finderMinutes[0] >= 0.0 && score.finderMinutes[0] <= 10.0);
        QCOMPARE(score.falseAlarms(score.finder), size_t(0));
        QCOMPARE(score.finder.front().entity, (EntityRef { EntityKind::Gpu, 517 }));
        // The same clock as its peers: no fixed threshold sees it.
        if (cause == QLatin1String("compute") || cause == QLatin1String("pcie"))
            QCOMPARE(score.fixedThresholdMinutes[0], -1.0);
    }

    // A link trained down leaves the GPU as fast as its peers: its whole job waits, and only the
    // link's width or generation names it. What it costs is the job's fall in pace since.
    void aNarrowedPcieLinkIsNamedWithWhatItsJobLost_data()
    {
        QTest::addColumn<int64_t>("fromMinutes");
        QTest::addColumn<bool>("measured");
        QTest::newRow("narrowed while watched") << int64_t(20) << true;
        QTest::newRow("narrow from the start") << int64_t(0) << false;
    }
    void aNarrowedPcieLinkIsNamedWithWhatItsJobLost()
    {
        QFETCH(int64_t, fromMinutes);
        QFETCH(bool, measured);
        IndependentTelemetry::Options options;
        options.seed = 12;
        options.noise = false;
        IndependentTelemetry world(options);
        const int64_t from = world.startMs() + fromMinutes * 60000;
        constexpr uint32_t Gpu = 300;
        world.addSlowGpu({ Gpu, from, from + 3600000, 0.03, QStringLiteral("pcie") });
        QString error;
        const std::vector<Event> warnings = warningsUntilTheFirst(world, from + 15 * 60000, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(warnings.size(), size_t(1));
        const Event &w = warnings.front();
        qInfo("%s", qPrintable(w.message));
        QCOMPARE(w.entity, (EntityRef { EntityKind::Gpu, Gpu }));
        QCOMPARE(w.code, int32_t(StragglerCause::PcieLink));
        QVERIFY(w.timeMs - from <= 10 * 60000);
        QVERIFY2(w.message.contains(QStringLiteral("x8 Gen5 against x16 Gen5"))
                     || w.message.contains(QStringLiteral("x16 Gen4 against x16 Gen5")),
                 qPrintable(w.message));
        if (measured) {
            QVERIFY2(std::abs(w.value - 0.03) < 0.004, qPrintable(w.message));
            QVERIFY2(w.message.contains(QStringLiteral("3.0 % slower since it narrowed"))
                         || w.message.contains(QStringLiteral("2.9 % slower"))
                         || w.message.contains(QStringLiteral("3.1 % slower")),
                     qPrintable(w.message));
        } else {
            QCOMPARE(w.value, 0.0);
            QVERIFY2(w.message.contains(QStringLiteral("not measured")), qPrintable(w.message));
        }
        // Its seat, its riser or its slot.
        QCOMPARE(recommendRemedy(WarningSign { w.type, w.code, w.entity.kind }).remedy, Remedy::Reseat);
        // The report lists it, measured or not.
        const std::vector<StragglerEpisode> episodes
            = stragglerEpisodes(warnings, *world.topology(), world.startMs(), w.timeMs + 3600000);
        QCOMPARE(episodes.size(), size_t(1));
        QCOMPARE(episodes.front().entity, w.entity);
    }

    // One of a GPU's 18 NVLinks goes quiet (#38): it computes as fast as its peers, but its
    // collectives run on 17 links and its job waits. dcgm-exporter 4.10 reports the links'
    // rates one by one; the mapper counts the links carrying traffic, the finder compares.
    void aQuietNvlinkIsNamedWithWhatItsJobLost()
    {
        IndependentTelemetry::Options options;
        options.seed = 14;
        options.noise = false;
        options.pcieLinks = false;
        options.nvlinks = true;
        IndependentTelemetry world(options);
        const int64_t from = world.startMs() + 20 * 60000;
        constexpr uint32_t Gpu = 300;
        world.addSlowGpu({ Gpu, from, from + 3600000, 0.03, QStringLiteral("nvlink") });
        QString error;
        const std::vector<Event> warnings = warningsUntilTheFirst(world, from + 15 * 60000, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        // Before the link went quiet every GPU carried traffic on all 18.
        QCOMPARE(warnings.size(), size_t(1));
        const Event &w = warnings.front();
        qInfo("%s", qPrintable(w.message));
        QCOMPARE(w.entity, (EntityRef { EntityKind::Gpu, Gpu }));
        QCOMPARE(w.code, int32_t(StragglerCause::Nvlink));
        QVERIFY(w.timeMs > from && w.timeMs - from <= 10 * 60000);
        QVERIFY2(w.message.contains(QStringLiteral("17.0 against 18.0")), qPrintable(w.message));
        QVERIFY2(std::abs(w.value - 0.03) < 0.004, qPrintable(w.message));
        QVERIFY2(w.message.contains(QStringLiteral("since the link went quiet")), qPrintable(w.message));
        // A GPU reset retrains its links.
        QCOMPARE(recommendRemedy(WarningSign { w.type, w.code, w.entity.kind }).remedy, Remedy::ResetGpu);
    }

    void theWarningSaysWhatTheJobLoses()
    {
        FloorRun run(8);
        const size_t n = run.gpus();
        run.feed(Confirming, [n](int i, std::vector<float> &clocks, std::vector<float> &tensors) {
            clocks[5] = 1980.0f * 0.96f; // 4 % slow
            tensors[5] = 0.6f / 0.96f;
            clocks[n - 1 - size_t(i % 3)] = 1965.0f; // wobbles below the threshold
        });
        QCOMPARE(run.warnings.size(), size_t(1));
        const Event &w = run.warnings.front();
        QCOMPARE(w.type, EventType::Straggler);
        QCOMPARE(w.entity, (EntityRef { EntityKind::Gpu, 5 }));
        QCOMPARE(w.jobId, QStringLiteral("a"));
        QVERIFY(std::abs(w.value - 0.04) < 1e-4);
        QVERIFY2(w.message.contains(QStringLiteral("4.0 % slower")) && w.message.contains(QStringLiteral("31 peers"))
                     && w.message.contains(QStringLiteral("1.3 GPU-hours an hour")),
                 qPrintable(w.message));
        QCOMPARE(run.finder.stragglers().size(), size_t(1));
        QVERIFY(std::abs(run.finder.stragglers().front().lostGpuHoursPerHour() - 32 * 0.04) < 1e-3);
        // Its alarm is low: a slow GPU costs hours every hour, but stops nothing and wakes nobody.
        AlarmBook book;
        book.setTopology(run.floor.topology, run.floor.metrics);
        Event numbered = w;
        numbered.id = 1;
        book.applyEvents({ numbered });
        QCOMPARE(book.alarms().size(), size_t(1));
        QCOMPARE(book.alarms().front().priority, AlarmPriority::Low);
        QCOMPARE(book.alarms().front().sourceType, EventType::Straggler);
        // And it crosses the wire as what it is.
        QCOMPARE(wire::fromProto(wire::toProto(numbered)), numbered);
    }

    // Exporters scraped once a minute, or a recording kept a frame every quarter hour: the
    // windows are two minutes of cluster time (or one frame's), whatever the rate.
    void aSparserFeedStillNamesIt_data()
    {
        QTest::addColumn<int64_t>("everyMs");
        QTest::addColumn<int64_t>("withinMs");
        QTest::newRow("a scrape a minute") << int64_t(60000) << int64_t(12 * 60000);
        QTest::newRow("a frame every 15 minutes") << int64_t(900000) << int64_t(90 * 60000);
    }
    void aSparserFeedStillNamesIt()
    {
        QFETCH(int64_t, everyMs);
        QFETCH(int64_t, withinMs);
        FloorRun run(8);
        run.feed(
            int(withinMs / everyMs) + 1,
            [](int, std::vector<float> &clocks, std::vector<float> &tensors) {
                clocks[20] = 1980.0f * 0.97f;
                tensors[20] = 0.6f / 0.97f;
            },
            everyMs, 97.0f, 1980.0f, 0.6f, true);
        QCOMPARE(run.warnings.size(), size_t(1));
        QCOMPARE(run.warnings.front().entity, (EntityRef { EntityKind::Gpu, 20 }));
        QVERIFY(std::abs(run.warnings.front().value - 0.03) < 1e-3);
    }

    void aNodeSlowAsAWholeIsNamedOnce()
    {
        FloorRun run(8);
        run.feed(Confirming, [](int, std::vector<float> &, std::vector<float> &tensors) {
            for (size_t g = 8; g < 16; ++g)
                tensors[g] = 0.6f / 0.97f; // node 1 computes 3 % slower (its host, its PCIe switch)
        });
        QCOMPARE(run.warnings.size(), size_t(1));
        QCOMPARE(run.warnings.front().entity, (EntityRef { EntityKind::Node, 1 }));
        QVERIFY(run.warnings.front().message.startsWith(QStringLiteral("8 of its GPUs are")));
    }

    // With pipeline parallelism a stage can carry more work than the others (the embedding, the
    // loss): its GPUs are busier by design, together, and none of them is a straggler.
    void aBusierPipelineStageIsNoStraggler()
    {
        FloorRun run(32); // two jobs of 128 GPUs
        run.feed(2 * Confirming, [](int, std::vector<float> &, std::vector<float> &tensors) {
            for (size_t g = 112; g < 128; ++g)
                tensors[g] = 0.6f / 0.96f; // the last stage: two nodes, 4 % more work
        });
        QVERIFY(run.warnings.empty());
        QVERIFY(run.finder.stragglers().empty());
    }

    void pausesAndJobsThatSlowTogetherRaiseNothing()
    {
        FloorRun run(8);
        // A job idle while it saves (its tensor pipes quiet): one GPU's odd clock is not judged.
        run.feed(
            Confirming, [](int, std::vector<float> &clocks, std::vector<float> &) { clocks[3] = 1200.0f; },
            StragglerFinder::SampleEveryMs, 10.0f, 1410.0f, 0.01f);
        QVERIFY(run.warnings.empty());
        QVERIFY(std::isnan(run.finder.deficits()[3]));
        // Every GPU 5 % slower together.
        run.feed(Confirming, {}, StragglerFinder::SampleEveryMs, 97.0f, 1980.0f * 0.95f);
        QVERIFY(run.warnings.empty());
        QVERIFY(run.finder.stragglers().empty());
    }

    void aReplaySoughtBackStartsOver()
    {
        FloorRun run(8);
        const FloorRun::Shape slow = [](int, std::vector<float> &clocks, std::vector<float> &) { clocks[2] = 1900.0f; };
        // Two slow windows, then the replay jumps back: the third window does not confirm it.
        run.nextMs = 5000000;
        run.feed(2 * StragglerFinder::WindowSamples, slow);
        QVERIFY(run.state.reset(run.floor.topology, run.floor.metrics).isEmpty()); // as a replay restores its state
        run.nextMs = 1000000;
        run.feed(StragglerFinder::WindowSamples, slow);
        QVERIFY(run.warnings.empty());
        QCOMPARE(run.finder.windowsJudged(), int64_t(3));
    }

    // The gateway's journal finds stragglers as the exporters' readings arrive: the warning is
    // journalled right after the samples that confirmed it, and the alarm desk raises its alarm.
    void theGatewayJournalsAStragglersWarning()
    {
        IndependentTelemetry::Options options;
        options.seed = 5;
        options.largeJobGpus = 128;
        options.noise = false;
        IndependentTelemetry world(options);
        const int64_t from = world.startMs() + 90000;
        world.addSlowGpu({ 77, from, from + 3600000, 0.03, QStringLiteral("thermal") });
        IndependentScraper scraper(world);
        TelemetryJournal journal(7, world.topology(), scraper.metrics());
        AlarmDesk desk(world.topology(), scraper.metrics());
        journal.setFollower(&desk);
        for (int64_t t = world.startMs(); t < world.startMs() + 15 * 60000; t += 15000) {
            std::vector<v1::Samples> batch;
            batch.push_back(scraper.scrape(t));
            journal.appendSamples(std::move(batch));
        }
        QVERIFY2(scraper.error().isEmpty(), qPrintable(scraper.error()));
        std::vector<TelemetryJournal::WireEntry> entries;
        QCOMPARE(journal.readWireAfter(0, entries, 1000), TelemetryJournal::ReadStatus::Ok);
        std::vector<Event> warnings;
        bool afterSamples = false;
        for (size_t i = 0; i < entries.size(); ++i)
            for (const v1::Event &e : entries[i].message->events().events())
                if (e.type() == v1::EVENT_TYPE_STRAGGLER) {
                    warnings.push_back(wire::fromProto(e));
                    afterSamples = i > 0 && entries[i - 1].message->has_samples();
                }
        QCOMPARE(warnings.size(), size_t(1));
        QVERIFY(afterSamples);
        QCOMPARE(warnings.front().entity, (EntityRef { EntityKind::Gpu, 77 }));
        QCOMPARE(warnings.front().jobId, QStringLiteral("pretrain-7"));
        QVERIFY(warnings.front().id > 0);
        QVERIFY(warnings.front().timeMs - from <= 10 * 60000);
        const std::vector<Alarm> alarms = desk.alarms();
        QCOMPARE(alarms.size(), size_t(1));
        QCOMPARE(alarms.front().sourceType, EventType::Straggler);
        QCOMPARE(alarms.front().entity, (EntityRef { EntityKind::Gpu, 77 }));
        QVERIFY(alarms.front().active);
        // A journal that does not look (a replay, an aggregator) raises none of its own.
        TelemetryJournal quiet(8, world.topology(), scraper.metrics());
        quiet.deriveWarnings(false);
        for (int64_t t = world.startMs(); t < world.startMs() + 15 * 60000; t += 15000) {
            std::vector<v1::Samples> batch;
            batch.push_back(scraper.scrape(t));
            quiet.appendSamples(std::move(batch));
        }
        entries.clear();
        QCOMPARE(quiet.readWireAfter(0, entries, 1000), TelemetryJournal::ReadStatus::Ok);
        for (const TelemetryJournal::WireEntry &e : entries)
            QVERIFY(!e.message->has_events());
    }

    // What the report prices a straggler at, against the definition written plainly: each
    // warning stands until the next on its entity, at most the finder's repeat, × GPUs × deficit.
    void episodesPriceWhatTheWarningsSaid()
    {
        Topology t;
        t.gpus.resize(16);
        t.nodes.resize(2);
        Job job { QStringLiteral("j"), QStringLiteral("j"), PriorityClass::Training, {}, {}, 0 };
        for (uint32_t g = 0; g < 16; ++g) {
            t.gpus[g].nodeIndex = g / 8;
            t.gpus[g].localIndex = g % 8;
            job.gpuIndices.push_back(g);
        }
        t.jobs = { job };
        const int64_t minute = 60000, r = StragglerFinder::ReannounceMs;
        auto warning = [&](int64_t at, uint32_t gpu, double deficit) {
            Event e;
            e.type = EventType::Straggler;
            e.entity = { EntityKind::Gpu, gpu };
            e.timeMs = at;
            e.value = deficit;
            e.jobId = QStringLiteral("j");
            return e;
        };
        // GPU 3: warned at 0, 10, 20 min (deficits 2 %, 3 %, 3 %), then an hour later once more (a new episode).
        // GPU 9: once, at 5 min, 5 %.
        const std::vector<Event> warnings { warning(0, 3, 0.02), warning(5 * minute, 9, 0.05),
                                            warning(10 * minute, 3, 0.03), warning(20 * minute, 3, 0.03),
                                            warning(80 * minute, 3, 0.04) };
        const std::vector<StragglerEpisode> all = stragglerEpisodes(warnings, t, -3600000, 3600000 * 3);
        QCOMPARE(all.size(), size_t(3));
        auto hours = [](int64_t ms) { return double(ms) / 3600000.0; };
        const double gpu3First = 16 * (0.02 * hours(10 * minute) + 0.03 * hours(10 * minute) + 0.03 * hours(r));
        QVERIFY(std::abs(all[0].lostGpuHours - gpu3First) < 1e-9);
        QCOMPARE(all[0].warnings, size_t(3));
        QCOMPARE(all[0].worstDeficit, 0.03);
        QCOMPARE(all[0].toMs, 20 * minute + r);
        QCOMPARE(all[1].entity, (EntityRef { EntityKind::Gpu, 9 })); // most lost first
        QVERIFY(std::abs(all[1].lostGpuHours - 16 * 0.05 * hours(r)) < 1e-9);
        QCOMPARE(all[2].fromMs, 80 * minute);
        QVERIFY(std::abs(all[2].lostGpuHours - 16 * 0.04 * hours(r)) < 1e-9);
        // A period that cuts the first episode counts only its part.
        const std::vector<StragglerEpisode> cut = stragglerEpisodes(warnings, t, 15 * minute, 25 * minute);
        QCOMPARE(cut.size(), size_t(1));
        QVERIFY(std::abs(cut[0].lostGpuHours - 16 * (0.03 * hours(5 * minute) + 0.03 * hours(5 * minute))) < 1e-9);
    }

    // A day of the independent floor with its noise: checkpoint saves, evaluation pauses,
    // whole jobs slowed by a power cap or a data loader, single GPUs dipping, missed scrapes.
    void aNoisyDayRaisesNoFalseStraggler()
    {
        IndependentTelemetry::Options options;
        options.seed = 3;
        options.largeJobGpus = 256; // the definition holds at any size; the large case is the benchmark's
        IndependentTelemetry world(options);
#if VIGIL_UNDER_ASAN
        // The sanitizers' lane reads the first three hours (eight took 16 s there); the release
        // lane holds the whole day to the bars on what the day holds.
        constexpr bool wholeDay = false;
        const int64_t hours = 3;
#else
        constexpr bool wholeDay = true;
        const int64_t hours = 8;
#endif
        int slowTogether = 0;
        for (int64_t t = world.startMs(); t < world.startMs() + hours * 3600000; t += 60000)
            slowTogether += world.jobSlowsTogether(0, t) || world.jobSlowsTogether(1, t);
        QVERIFY(slowTogether > (wholeDay ? 60 : 0)); // the day has jobs slowing as a whole in it
        const StragglerScore score = scoreStragglers(world, hours * 3600000);
        QVERIFY2(score.error.isEmpty(), qPrintable(score.error));
        qInfo("%lld h: %zu false straggler alarm(s); the fixed clock threshold raised %zu", qlonglong(hours),
              score.falseAlarms(score.finder), score.falseAlarms(score.fixedThreshold));
        QCOMPARE(score.falseAlarms(score.finder), size_t(0));
        if (wholeDay)
            QVERIFY(score.falseAlarms(score.fixedThreshold) >= 10); // what a rule without peers does on such a day
    }
};

QTEST_GUILESS_MAIN(TestStragglers)
#include "tst_stragglers.moc"
