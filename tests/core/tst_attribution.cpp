// SPDX-License-Identifier: GPL-3.0-or-later
// Attribution against the simulator's ground truth, and on crafted cases.
#include "analysisfixture.h"
#include "domain/sanitizers.h"
#include "sim/generator.h"
#include "truthscore.h"

#include <QTest>

#include <cmath>
#include <map>
#include <optional>

using namespace vigil;

namespace {

AttributionScore scoreScenario(Scenario scenario, uint32_t gpus, int64_t hours, uint64_t seed,
                               double *lostErrorPct = nullptr)
{
    SimulatorOptions options;
    options.shape.gpus = gpus;
    options.scenario = scenario;
    options.seed = seed;
    options.eventsOnly = true;
    ClusterSimulator probe(options);
    auto topology = std::make_shared<const Topology>(probe.topology());
    IncidentTracker tracker;
    tracker.setTopology(topology);
    Attributor attributor;
    attributor.setTopology(topology);
    std::unordered_map<uint64_t, EventType> typeOf;
    std::vector<FailureTruth> truth;
    GenerationSinks sinks;
    sinks.events = [&](std::vector<Event> &&events) {
        for (const Event &e : events)
            typeOf[e.id] = e.type;
        tracker.addEvents(events);
        attributor.addEvents(events);
    };
    sinks.truth = [&](std::vector<FailureTruth> &&t) { truth.insert(truth.end(), t.begin(), t.end()); };
    const GenerationSummary summary = generate(options, hours * 3600000LL, 60000, 10, sinks);
    attributor.learn(tracker.incidents());
    if (lostErrorPct) {
        // Total lost GPU-hours of the incidents that are over, against the simulator's own account.
        double estimated = 0.0;
        for (const Incident &i : tracker.incidents())
            if (i.state != Incident::State::Open)
                estimated += i.lostGpuHours(0);
        *lostErrorPct = 100.0 * std::fabs(estimated - summary.lostGpuHours) / summary.lostGpuHours;
    }
    return scoreAttribution(tracker, attributor, truth, typeOf);
}

constexpr int64_t T0 = 1793600000000;
constexpr int64_t Hour = 3600000;

Event warning(uint64_t id, int64_t time, EventType type, EntityRef entity, Severity severity = Severity::Warning,
              int32_t code = 0)
{
    return test::makeEvent(id, time, type, entity, severity, {}, 0, code);
}

} // namespace

class TestAttribution : public QObject
{
    Q_OBJECT

    std::shared_ptr<const Topology> topology = test::labTopology(512);

    // Job 0 crashes at T0; `events` came before it. The top candidate, or none.
    std::optional<CauseCandidate> topCause(std::vector<Event> events)
    {
        Event crash;
        crash.id = 9999;
        crash.timeMs = T0;
        crash.type = EventType::JobCrash;
        crash.severity = Severity::Critical;
        crash.entity = { EntityKind::Job, 0 };
        crash.jobId = topology->jobs[0].id;
        crash.step = 100;
        events.push_back(crash);
        IncidentTracker tracker;
        tracker.setTopology(topology);
        tracker.addEvents(events);
        Attributor attributor;
        attributor.setTopology(topology);
        attributor.addEvents(events);
        const Attribution a = attributor.attribute(tracker.incidents().at(0));
        return a.top() ? std::optional<CauseCandidate>(*a.top()) : std::nullopt;
    }
    uint32_t jobGpu(size_t i) const { return topology->jobs[0].gpuIndices[i]; }
    uint32_t idleGpu() const
    {
        for (uint32_t g = 0; g < topology->gpus.size(); ++g)
            if (topology->jobOfGpu[g] < 0)
                return g;
        return UINT32_MAX;
    }

private Q_SLOTS:
    void theEntityThatFailedWinsOverALouderOne()
    {
        const EntityRef gpu { EntityKind::Gpu, jobGpu(3) };
        const EntityRef node { EntityKind::Node, topology->gpus[jobGpu(40)].nodeIndex };
        std::vector<Event> events;
        uint64_t id = 1;
        for (int i = 0; i < 60; ++i) // a noisy neighbour: an hour of link errors
            events.push_back(warning(id++, T0 - 2 * Hour + i * 60000, EventType::NvlinkCrc, node));
        for (int i = 0; i < 3; ++i) // the quiet culprit's correctable errors, then its double-bit fault
            events.push_back(warning(id++, T0 - 20 * Hour + i * 5 * Hour, EventType::EccSingleBit, gpu));
        events.push_back(warning(id++, T0 - 20000, EventType::Xid, gpu, Severity::Critical, 48));
        const auto top = topCause(events);
        QVERIFY(top);
        QCOMPARE(top->entity, gpu);
        QVERIFY(top->failedWithIt);
        QCOMPARE(top->leadMs, 20 * Hour); // from its first warning
        QCOMPARE(top->evidence.size(), size_t(4)); // three ECC warnings hours apart (not a flap) and the Xid
    }

    void warningsOutsideTheBlastRadiusAreIgnored()
    {
        const uint32_t idle = idleGpu();
        QVERIFY(idle != UINT32_MAX);
        QVERIFY(
            !topCause({ warning(1, T0 - 1000, EventType::Xid, { EntityKind::Gpu, idle }, Severity::Critical, 79) }));
    }

    void applicationXidsAreNotBlamedAlone()
    {
        const EntityRef gpu { EntityKind::Gpu, jobGpu(7) };
        QVERIFY(!topCause({ warning(1, T0 - 1000, EventType::Xid, gpu, Severity::Critical, 13),
                            warning(2, T0 - 900, EventType::Xid, gpu, Severity::Critical, 43) }));
        // With a hardware fault of its own as well, the GPU is named.
        const auto top = topCause({ warning(1, T0 - 1000, EventType::Xid, gpu, Severity::Critical, 13),
                                    warning(2, T0 - 500, EventType::Xid, gpu, Severity::Critical, 79) });
        QVERIFY(top);
        QCOMPARE(top->entity, gpu);
    }

    void flappingCollapsesIntoOneRun()
    {
        const EntityRef gpu { EntityKind::Gpu, jobGpu(2) };
        std::vector<Event> events;
        for (int i = 0; i < 20; ++i) // every five minutes for 100 minutes: one run
            events.push_back(warning(uint64_t(i + 1), T0 - 3 * Hour + i * 300000, EventType::ThermalThrottle, gpu));
        events.push_back(warning(100, T0 - 30000, EventType::Xid, gpu, Severity::Critical, 79));
        const auto top = topCause(events);
        QVERIFY(top);
        QCOMPARE(top->evidence.front().type, EventType::ThermalThrottle);
        QCOMPARE(top->evidence.front().count, 20u);
        QCOMPARE(top->evidence.front().lastMs - top->evidence.front().firstMs, 19 * 300000LL);
    }

    void warningsAboutUnknownEntitiesAreCountedNotBlamed()
    {
        const EntityRef gpu { EntityKind::Gpu, jobGpu(4) };
        std::vector<Event> events = {
            warning(1, T0 - 2 * Hour, EventType::EccSingleBit, gpu),
            warning(1, T0 - 2 * Hour, EventType::EccSingleBit, gpu), // delivered twice
            warning(2, T0 - Hour, EventType::EccSingleBit, { EntityKind::Gpu, uint32_t(topology->gpus.size()) }),
            warning(3, T0 - Hour, EventType::PduOverThreshold, { EntityKind::Pdu, 1u << 30 }),
            warning(4, T0 - Hour, EventType::Xid, { EntityKind::Unspecified, 0 }, Severity::Critical, 79),
            warning(5, T0 - 1000, EventType::Xid, gpu, Severity::Critical, 79),
        };
        Attributor attributor;
        attributor.setTopology(topology);
        attributor.addEvents(events);
        QCOMPARE(attributor.warningsSkipped(), uint64_t(3));
        QCOMPARE(attributor.duplicatesIgnored(), uint64_t(1));
        const auto top = topCause(events);
        QVERIFY(top);
        QCOMPARE(top->entity, gpu);
        QCOMPARE(top->evidence.front().count, 1u); // the repeat is not a second warning
    }

    // A burst of warnings names the entity as the cause of a failure it preceded; once the
    // entity's node was drained, or the entity failed on its own, the same burst is another story
    // and names no cause of a later failure.
    void warningsDealtWithNameNoLaterCause()
    {
        const EntityRef gpu { EntityKind::Gpu, jobGpu(9) };
        std::vector<Event> burst;
        for (int i = 0; i < 12; ++i)
            burst.push_back(warning(uint64_t(i + 1), T0 - 3 * Hour + i * 60000, EventType::EccSingleBit, gpu));
        const auto named = topCause(burst);
        QVERIFY(named);
        QCOMPARE(named->entity, gpu);

        std::vector<Event> drained = burst;
        drained.push_back(test::makeEvent(50, T0 - 2 * Hour, EventType::Drain,
                                          { EntityKind::Node, topology->gpus[gpu.index].nodeIndex }, Severity::Info, {},
                                          0, 0, QStringLiteral("kim")));
        // The scheduler let the job run on past the drain (it saved a checkpoint after it): no disruption of its own.
        drained.push_back(test::makeEvent(51, T0 - 90 * 60000, EventType::CheckpointSaved, { EntityKind::Job, 0 },
                                          Severity::Info, topology->jobs[0].id, 90));
        QVERIFY(!topCause(drained));

        std::vector<Event> failedAlone = burst;
        failedAlone.push_back(warning(60, T0 - 2 * Hour, EventType::Xid, gpu, Severity::Critical, 79));
        QVERIFY(!topCause(failedAlone));
    }

    // An operator drains a node the job runs on: what warned inside it is the cause however
    // little it said (two correctable errors), and with nothing warned there, the node itself.
    void aDrainNamesWhatItDrained()
    {
        const EntityRef gpu { EntityKind::Gpu, jobGpu(12) };
        const EntityRef node { EntityKind::Node, topology->gpus[gpu.index].nodeIndex };
        auto drainCause = [&](std::vector<Event> events) {
            events.push_back(
                test::makeEvent(90, T0, EventType::Drain, node, Severity::Info, {}, 0, 0, QStringLiteral("kim")));
            IncidentTracker tracker;
            tracker.setTopology(topology);
            tracker.addEvents(events);
            Attributor attributor;
            attributor.setTopology(topology);
            attributor.addEvents(events);
            const Incident &drain = tracker.incidents().at(0);
            const Attribution a = attributor.attribute(drain);
            return std::make_pair(drain, a.top() ? std::optional<CauseCandidate>(*a.top()) : std::nullopt);
        };
        const auto [warned, cause] = drainCause({ warning(1, T0 - 2 * Hour, EventType::EccSingleBit, gpu),
                                                  warning(2, T0 - Hour, EventType::EccSingleBit, gpu) });
        QCOMPARE(warned.kind, EventType::Drain);
        QCOMPARE(warned.drained, node);
        QVERIFY(cause);
        QCOMPARE(cause->entity, gpu);
        QCOMPARE(cause->leadMs, 2 * Hour);
        const auto [silent, itself] = drainCause({});
        QVERIFY(itself);
        QCOMPARE(itself->entity, node);
        QCOMPARE(itself->leadMs, int64_t(0));
    }

    // A GPU degrading slowly logs a correctable error every hour and a half for a day, no two close
    // enough to be one run: together they are the cause. An old burst and one stray warning near
    // the failure are not one burst, and name nothing.
    void aSlowBurstNamesItsEntity()
    {
        const EntityRef gpu { EntityKind::Gpu, jobGpu(5) };
        std::vector<Event> slow;
        for (int i = 0; i < 16; ++i)
            slow.push_back(warning(uint64_t(i + 1), T0 - 24 * Hour + i * 90 * 60000, EventType::EccSingleBit, gpu));
        const auto named = topCause(slow);
        QVERIFY(named);
        QCOMPARE(named->entity, gpu);
        QCOMPARE(named->leadMs, 24 * Hour);
        QVERIFY(named->evidence.size() == 16); // each warning its own run: the burst is judged, not one run

        std::vector<Event> oldBurst;
        for (int i = 0; i < 20; ++i)
            oldBurst.push_back(warning(uint64_t(i + 1), T0 - 30 * Hour + i * 60000, EventType::EccSingleBit, gpu));
        oldBurst.push_back(warning(50, T0 - 2 * Hour, EventType::EccSingleBit, gpu));
        QVERIFY(!topCause(oldBurst));
    }

    void noPrecursorIsNeverForced()
    {
        // One stray warning on the job a day earlier is no cause.
        QVERIFY(!topCause({ warning(1, T0 - 24 * Hour, EventType::EccSingleBit, { EntityKind::Gpu, jobGpu(1) }) }));
    }

    void accuracyOnTheSimulatorsTruth_data()
    {
        QTest::addColumn<int>("scenario");
        QTest::addColumn<uint64_t>("seed");
        QTest::newRow("decline") << int(Scenario::Decline) << uint64_t(1);
#if !VIGIL_UNDER_ASAN
        // The sanitizers find nothing more in the same code on another 54 days (10 s each there):
        // that lane scores the first; the release lane all three.
        QTest::newRow("steady") << int(Scenario::Steady) << uint64_t(1);
        QTest::newRow("steady, seed 7") << int(Scenario::Steady) << uint64_t(7);
#endif
    }
    void accuracyOnTheSimulatorsTruth()
    {
        QFETCH(int, scenario);
        QFETCH(uint64_t, seed);
        // The bar of the issue: 54 days of a 16,384-GPU cluster, top-1 precision and recall >= 0.9.
        double lostErrorPct = 100.0;
        const AttributionScore s = scoreScenario(Scenario(scenario), 16384, 54 * 24, seed, &lostErrorPct);
        qInfo("lost GPU-hours %.2f %% off the truth", lostErrorPct);
        QVERIFY2(lostErrorPct <= 2.0, qPrintable(QString::number(lostErrorPct)));
        const QStringList &mistakes = s.mistakes;
        qInfo("precision %.3f recall %.3f (tp %d fp %d fn %d tn %d)", s.precision(), s.recall(), s.truePositives,
              s.falsePositives, s.falseNegatives, s.trueNegatives);
        for (const QString &m : mistakes.mid(0, 15))
            qInfo("  %s", qPrintable(m));
        QVERIFY2(s.precision() >= 0.9, qPrintable(mistakes.join(u'\n')));
        QVERIFY2(s.recall() >= 0.9, qPrintable(mistakes.join(u'\n')));
        QVERIFY(s.truePositives > 100); // a real sample, not a handful
    }
};

QTEST_GUILESS_MAIN(TestAttribution)
#include "tst_attribution.moc"
