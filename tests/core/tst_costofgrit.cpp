// SPDX-License-Identifier: GPL-3.0-or-later
// The cost of grit on hand-built sequences with hand-computed answers: lost
// GPU-hours split into downtime and recomputation, money, preventable or not,
// cluster totals (MTBF, MTTR, ETTR, by cause and place), the interventions ledger.
#include "analysis/costofgrit.h"
#include "analysis/nexttofail.h"
#include "analysisfixture.h"

#include <QTest>

#include <set>

using namespace vigil;
using vigil::test::makeEvent;

namespace {

constexpr int64_t T0 = 1793613600000; // 2026-11-02 12:00 UTC
constexpr int64_t Minute = 60000, Hour = 3600000;

} // namespace

class TestCostOfGrit : public QObject
{
    Q_OBJECT

    std::shared_ptr<const Topology> topology = test::labTopology(512);
    QString job() const { return topology->jobs[0].id; }
    double gpus() const { return double(topology->jobs[0].gpuIndices.size()); }
    EntityRef culprit(size_t k = 5) const { return { EntityKind::Gpu, topology->jobs[0].gpuIndices[k] }; }

    // A crash at `at` after warnings from `warnedFor` earlier, 30 min down, 100 steps of 2 s recomputed.
    std::vector<Event> failure(uint64_t firstId, int64_t at, int64_t warnedFor, size_t gpu = 5) const
    {
        const EntityRef jobRef { EntityKind::Job, 0 };
        return {
            makeEvent(firstId, at - warnedFor, EventType::EccSingleBit, culprit(gpu), Severity::Warning),
            makeEvent(firstId + 1, at - Minute, EventType::Xid, culprit(gpu), Severity::Critical, job(), 0, 79),
            makeEvent(firstId + 2, at, EventType::JobCrash, jobRef, Severity::Critical, job(), 1100),
            makeEvent(firstId + 3, at + 30 * Minute, EventType::JobRestart, jobRef, Severity::Info, job(), 1000),
            makeEvent(firstId + 4, at + 30 * Minute, EventType::Rollback, jobRef, Severity::Warning, job(), 1000),
        };
    }

    struct Analysed
    {
        IncidentTracker tracker;
        Attributor attributor;
        std::vector<Attribution> attributions;
        HazardModel hazards;
        std::vector<IncidentCost> costs;
        std::vector<Event> actions;
        // The hazard model learnt from the history up to `nowMs`, as the dock learns it.
        HazardModel hazardsAt(const Topology &topology, int64_t nowMs) const
        {
            return fitHazards(attributor, tracker.incidents(), attributions, topology, T0 - 4 * 24 * Hour, nowMs);
        }
    };
    void analyse(Analysed &a, const std::vector<Event> &events, const CostSettings &settings = {}) const
    {
        a.tracker.setTopology(topology);
        for (const Event &e : events)
            if (e.type == EventType::JobCrash)
                a.tracker.notePace(0, e.timeMs - 60000, 2.0);
        a.tracker.addEvents(events);
        a.attributor.setTopology(topology);
        a.attributor.addEvents(events);
        for (const Event &e : events)
            if (isOperatorAction(e.type))
                a.actions.push_back(e);
        for (const Incident &i : a.tracker.incidents())
            a.attributions.push_back(a.attributor.attribute(i));
        a.hazards = a.hazardsAt(*topology, T0 + 48 * Hour);
        for (size_t k = 0; k < a.attributions.size(); ++k)
            a.costs.push_back(costOf(a.tracker.incidents()[k], a.attributions[k], *topology, settings, T0 + 48 * Hour,
                                     a.actions, a.hazards));
    }

private Q_SLOTS:
    void anIgnoredWarningMakesALossPreventable()
    {
        Analysed a;
        analyse(a, failure(1, T0, 3 * Hour));
        QCOMPARE(a.costs.size(), size_t(1));
        const IncidentCost &c = a.costs[0];
        QCOMPARE(c.downtimeGpuHours, gpus() * 0.5);
        QCOMPARE(c.recomputeGpuHours, gpus() * 100 * 2.0 / 3600.0);
        QCOMPARE(c.lostGpuHours, c.downtimeGpuHours + c.recomputeGpuHours);
        QCOMPARE(c.money, c.lostGpuHours * 2.5);
        QCOMPARE(c.cause, CauseClass::Gpu);
        QCOMPARE(*c.causeEntity, culprit());
        QCOMPARE(c.leadMs, 3 * Hour);
        QVERIFY(!c.acknowledged);
        // Its one correctable-error run was followed by its fault: (0.01 × 20 + 1) / (20 + 1),
        // over the 5 % a warning kind must reach to be worth acting on.
        QCOMPARE(c.hazard.cases, 1.0);
        QCOMPARE(c.hazard.failures, size_t(1));
        QCOMPARE(c.hazard.probability, 1.2 / 21.0);
        QVERIFY(c.hazard.material);
        QCOMPARE(c.verdict, IncidentCost::Verdict::Preventable);
        QVERIFY(c.preventable);
    }

    // A warning of a kind that is seldom followed by a failure does not make a loss
    // preventable, however long before it came: the evaluation job blamed on one correctable
    // error 61 hours earlier.
    void aWarningOfAnImmaterialKindIsNotPreventable()
    {
        std::vector<Event> events = failure(1, T0, 61 * Hour);
        // The same kind of warning on forty other GPUs over the days before, none of them followed by a failure.
        for (uint64_t k = 0; k < 40; ++k)
            events.push_back(makeEvent(100 + k, T0 - 4 * 24 * Hour + int64_t(k) * Hour, EventType::EccSingleBit,
                                       { EntityKind::Gpu, topology->jobs[0].gpuIndices[10 + k] }, Severity::Warning));
        Analysed a;
        analyse(a, events);
        const IncidentCost &c = a.costs[0];
        QCOMPARE(*c.causeEntity, culprit());
        QCOMPARE(c.leadMs, 61 * Hour);
        QVERIFY2(c.hazard.probability < HazardModel::MaterialProbability,
                 qPrintable(QString::number(c.hazard.probability)));
        QVERIFY(!c.hazard.material);
        QCOMPARE(c.verdict, IncidentCost::Verdict::NotMaterial);
        QVERIFY(!c.preventable);
    }

    void drainedInTimeOrWarnedTooLateIsNot()
    {
        std::vector<Event> drained = failure(1, T0, 3 * Hour);
        drained.push_back(makeEvent(50, T0 - Hour, EventType::Drain,
                                    { EntityKind::Node, topology->gpus[culprit().index].nodeIndex }, Severity::Info, {},
                                    0, 0, QStringLiteral("kim")));
        // The scheduler's drain let the job run on (it saved a checkpoint after it): no disruption of its own.
        drained.push_back(makeEvent(51, T0 - 30 * Minute, EventType::CheckpointSaved, { EntityKind::Job, 0 },
                                    Severity::Info, job(), 1000));
        Analysed a;
        analyse(a, drained);
        QCOMPARE(a.costs.size(), size_t(1));
        QVERIFY(a.costs[0].remediated);
        QCOMPARE(a.costs[0].verdict, IncidentCost::Verdict::Remediated);
        QVERIFY(!a.costs[0].preventable);

        Analysed late;
        analyse(late, failure(1, T0, 30 * Minute)); // under the 1 h lead time
        QCOMPARE(late.costs[0].verdict, IncidentCost::Verdict::TooLate);
        QVERIFY(!late.costs[0].preventable);
        CostSettings quick;
        quick.leadTimeMs = 15 * Minute;
        Analysed configured;
        analyse(configured, failure(1, T0, 30 * Minute), quick);
        QVERIFY(configured.costs[0].preventable);
    }

    // A job that went down before the period and never came back trained nothing in it: its
    // ETTR is zero, though its incident belongs to the period it failed in.
    void aJobDownThroughoutThePeriodTrainedNothingInIt()
    {
        const EntityRef jobRef { EntityKind::Job, 0 };
        Analysed a;
        analyse(a, { makeEvent(1, T0 - 48 * Hour, EventType::JobCrash, jobRef, Severity::Critical, job(), 500) });
        QCOMPARE(a.tracker.incidents().size(), size_t(1));
        QCOMPARE(a.tracker.incidents()[0].state, Incident::State::Open);
        const GritTotals g
            = gritTotals(a.tracker.incidents(), a.costs, {}, a.actions, *topology, {}, T0, T0 + 24 * Hour);
        QCOMPARE(g.incidents, size_t(0));
        double held = 0, productive = 0;
        for (const Job &j : topology->jobs)
            if (j.priority == PriorityClass::Training) {
                held += double(j.gpuIndices.size()) * 24.0;
                productive += &j == &topology->jobs[0] ? 0.0 : double(j.gpuIndices.size()) * 24.0;
            }
        QCOMPARE(g.ettr, productive / held);
        QVERIFY(g.ettr < 1.0);
    }

    // An operator restarts the job by hand, the scheduler requeues it and it rolls back to its
    // checkpoint: it resumed at the requeue, and the steps since the checkpoint are trained again.
    void aRestartByHandThenARequeueAndARollbackRecomputes()
    {
        const EntityRef jobRef { EntityKind::Job, 0 };
        std::vector<Event> events = {
            makeEvent(1, T0 - 10 * Minute, EventType::CheckpointSaved, jobRef, Severity::Info, job(), 1000),
            makeEvent(2, T0, EventType::JobCrash, jobRef, Severity::Critical, job(), 1100),
            makeEvent(3, T0 + 20 * Minute, EventType::ManualRestart, jobRef, Severity::Info, job(), 0, 0,
                      QStringLiteral("ana")),
            makeEvent(4, T0 + 25 * Minute, EventType::JobRestart, jobRef, Severity::Info, job()),
            makeEvent(5, T0 + 26 * Minute, EventType::Rollback, jobRef, Severity::Warning, job(), 1000),
        };
        Analysed a;
        analyse(a, events);
        QCOMPARE(a.tracker.incidents().size(), size_t(1));
        const Incident &i = a.tracker.incidents()[0];
        QVERIFY(i.restartedByHand);
        QCOMPARE(i.resumedMs, T0 + 25 * Minute);
        QCOMPARE(i.checkpointStep, int64_t(1000));
        QCOMPARE(a.costs[0].downtimeGpuHours, gpus() * 25.0 / 60.0);
        QCOMPARE(a.costs[0].recomputeGpuHours, gpus() * 100 * 2.0 / 3600.0);

        // Once it has trained on (a checkpoint saved), a later restart is another story.
        std::vector<Event> later = events;
        later[3].timeMs = T0 + 50 * Minute;
        later[4].timeMs = T0 + 51 * Minute;
        later.push_back(
            makeEvent(6, T0 + 40 * Minute, EventType::CheckpointSaved, jobRef, Severity::Info, job(), 1010));
        Analysed b;
        analyse(b, later);
        QCOMPARE(b.tracker.incidents()[0].resumedMs, T0 + 20 * Minute);
        QCOMPARE(b.costs[0].recomputeGpuHours, 0.0);
    }

    void aFailureWithNoCauseIsUnattributed()
    {
        const EntityRef jobRef { EntityKind::Job, 0 };
        Analysed a;
        analyse(a,
                { makeEvent(1, T0, EventType::JobCrash, jobRef, Severity::Critical, job(), 500),
                  makeEvent(2, T0 + Hour, EventType::JobRestart, jobRef, Severity::Info, job(), 500) });
        QCOMPARE(a.costs[0].cause, CauseClass::Unattributed);
        QVERIFY(!a.costs[0].causeEntity);
        QCOMPARE(a.costs[0].verdict, IncidentCost::Verdict::NoCause);
        QVERIFY(!a.costs[0].preventable);
        QCOMPARE(a.costs[0].lostGpuHours, gpus() * 1.0);
    }

    void clusterTotals()
    {
        std::vector<Event> events = failure(1, T0, 3 * Hour);
        // Another GPU of the same node, warned only 10 minutes before (the first one's warnings
        // would have made it preventable: a GPU that warned and failed before counts from its first warning).
        const std::vector<Event> second = failure(20, T0 + 12 * Hour, 10 * Minute, 6);
        events.insert(events.end(), second.begin(), second.end());
        const EntityRef jobRef { EntityKind::Job, 0 };
        events.push_back(makeEvent(40, T0 - 9 * Hour, EventType::HotPatch, jobRef, Severity::Info, job(), 0, 0,
                                   QStringLiteral("kim"))); // 03:00 UTC: night
        events.push_back(makeEvent(41, T0 + 12 * Hour + 10 * Minute, EventType::Note, jobRef, Severity::Info, job(), 0,
                                   0,
                                   QStringLiteral("ana"))); // 00:10 UTC, while the second incident is open
        Analysed a;
        analyse(a, events);
        const GritTotals g
            = gritTotals(a.tracker.incidents(), a.costs, {}, a.actions, *topology, {}, T0 - 12 * Hour, T0 + 36 * Hour);
        QCOMPARE(g.incidents, size_t(2));
        const double each = gpus() * (0.5 + 100 * 2.0 / 3600.0);
        QCOMPARE(g.lostGpuHours, 2 * each);
        QCOMPARE(g.preventableGpuHours, each); // only the first warned long enough
        QCOMPARE(g.preventableShare(), 0.5);
        QCOMPARE(g.mtbfHours, 24.0);
        QCOMPARE(g.mttrHours, 0.5);
        QCOMPARE(g.lostByCause.at(CauseClass::Gpu), 2 * each);
        const uint32_t rack = topology->nodes[topology->gpus[culprit().index].nodeIndex].rackIndex;
        const uint32_t rack2 = topology->nodes[topology->gpus[culprit(6).index].nodeIndex].rackIndex;
        QCOMPARE(g.lostByRack.at(rack) + (rack2 == rack ? 0.0 : g.lostByRack.at(rack2)), 2 * each);
        // ETTR: the training job lost 2 × (30 min + 200 s) of its 48 hours.
        const double lostHours = 2 * (0.5 + 200.0 / 3600.0);
        double held = 0, productive = 0;
        for (const Job &j : topology->jobs)
            if (j.priority == PriorityClass::Training) {
                held += double(j.gpuIndices.size()) * 48.0;
                productive += double(j.gpuIndices.size()) * (48.0 - (&j == &topology->jobs[0] ? lostHours : 0.0));
            }
        QCOMPARE(g.ettr, productive / held);
        QCOMPARE(g.interventions.size(), size_t(2));
        QVERIFY(g.interventions[0].atNight);
        QCOMPARE(g.interventions[0].who, QStringLiteral("kim"));
        QCOMPARE(g.interventions[0].incidentId, uint64_t(0));
        QVERIFY(g.interventions[1].atNight);
        QCOMPARE(g.interventions[1].incidentId, uint64_t(22)); // the second crash's event id
        QCOMPARE(g.interventions[1].sinceFailureMs, 10 * Minute);
        // Hands-on time: the typical figure for each kind of action, which a site may set.
        QCOMPARE(g.interventions[0].effortMs, 60 * Minute); // a hot-patch
        QCOMPARE(g.interventions[1].effortMs, 3 * Minute); // a note
        GritSettings slow;
        slow.effortMinutes[EventType::HotPatch] = 240.0;
        QCOMPARE(
            gritTotals(a.tracker.incidents(), a.costs, {}, a.actions, *topology, slow, T0 - 12 * Hour, T0 + 36 * Hour)
                .interventions[0]
                .effortMs,
            240 * Minute);
        // Night is the site's: in Tokyo 03:00 UTC is noon.
        GritSettings tokyo;
        tokyo.utcOffsetMinutes = 9 * 60;
        QVERIFY(
            !gritTotals(a.tracker.incidents(), a.costs, {}, a.actions, *topology, tokyo, T0 - 12 * Hour, T0 + 36 * Hour)
                 .interventions[0]
                 .atNight);
    }

    // Slow degradation on a hand-built pace: a day at 2.0 s a step, six hours at 2.5 s as a GPU
    // of the job starts throttling (its rack's inlet has warned for two days), then 2.0 s again.
    void aJobSlowerThanItsHealthyPaceLosesGpuHours()
    {
        JobPace pace;
        for (int64_t t = T0 - 24 * Hour; t < T0 + 12 * Hour; t += Minute)
            pace.record(0, t, t >= T0 && t < T0 + 6 * Hour ? 2.5 : 2.0);
        const uint32_t rack = topology->nodes[topology->gpus[culprit().index].nodeIndex].rackIndex;
        std::vector<Event> warnings;
        uint64_t id = 1;
        for (int64_t t = T0 - 48 * Hour; t < T0 + 6 * Hour; t += 20 * Minute) // chronic: began long before
            warnings.push_back(
                makeEvent(id++, t, EventType::CoolantTemperature, { EntityKind::Rack, rack }, Severity::Warning));
        for (int64_t t = T0 + 5 * Minute; t < T0 + 6 * Hour; t += 10 * Minute) // began with it
            warnings.push_back(makeEvent(id++, t, EventType::ThermalThrottle, culprit(), Severity::Warning));
        std::sort(warnings.begin(), warnings.end(), [](const Event &a, const Event &b) { return a.timeMs < b.timeMs; });
        Attributor attributor;
        attributor.setTopology(topology);
        attributor.addEvents(warnings);

        const std::vector<Slowdown> found = SlowdownFinder::find(pace, *topology, attributor, {}, 2.5);
        QCOMPARE(found.size(), size_t(1));
        const Slowdown &s = found[0];
        QCOMPARE(s.jobId, job());
        QCOMPARE(s.fromMs, T0);
        QCOMPARE(s.toMs, T0 + 6 * Hour);
        QCOMPARE(s.baselineSeconds, 2.0);
        QCOMPARE(s.worstSeconds, 2.5);
        const double lost = gpus() * 6.0 * (2.5 - 2.0) / 2.5; // GPUs × hours × the share of each step beyond the pace
        QVERIFY(std::fabs(s.lostGpuHours - lost) < 1e-9);
        QVERIFY(std::fabs(s.money - lost * 2.5) < 1e-9);
        QCOMPARE(s.causeEntity, std::optional<EntityRef>(culprit()));
        QVERIFY(!s.causedByHand);

        // In the totals: under its own class and its cause's rack, only its hours in the period.
        const GritTotals g = gritTotals({}, {}, found, {}, *topology, {}, T0 + 3 * Hour, T0 + 36 * Hour);
        QVERIFY(std::fabs(g.slowdownGpuHours - lost / 2.0) < 1e-9);
        QVERIFY(std::fabs(g.lostGpuHours - lost / 2.0) < 1e-9);
        QVERIFY(std::fabs(g.lostByCause.at(CauseClass::Degradation) - lost / 2.0) < 1e-9);
        QVERIFY(std::fabs(g.lostByRack.at(rack) - lost / 2.0) < 1e-9);
        QCOMPARE(g.slowdowns, size_t(0)); // it began before the period
        QCOMPARE(g.incidents, size_t(0)); // and is no failure

        // A power cap lowered by hand as it began, with nothing else warning, is named as the cause.
        Attributor quiet;
        quiet.setTopology(topology);
        const Event cap = makeEvent(900, T0 + 2 * Minute, EventType::ThresholdChange, { EntityKind::Rack, rack },
                                    Severity::Info, {}, 0, 0, QStringLiteral("lee"));
        const std::vector<Slowdown> capped = SlowdownFinder::find(pace, *topology, quiet, { cap }, 2.5);
        QCOMPARE(capped.size(), size_t(1));
        QCOMPARE(capped[0].causeEntity, std::optional<EntityRef>(EntityRef { EntityKind::Rack, rack }));
        QVERIFY(capped[0].causedByHand);

        // Within the wander of a step time (4 %), or without a day of history to know the healthy pace: nothing.
        JobPace wander, young;
        for (int64_t t = T0 - 24 * Hour; t < T0 + 12 * Hour; t += Minute)
            wander.record(0, t, t >= T0 && t < T0 + 6 * Hour ? 2.08 : 2.0);
        for (int64_t t = T0; t < T0 + 6 * Hour; t += Minute)
            young.record(0, t, t >= T0 + 3 * Hour ? 4.0 : 2.0);
        QVERIFY(SlowdownFinder::find(wander, *topology, quiet, {}, 2.5).empty());
        QVERIFY(SlowdownFinder::find(young, *topology, quiet, {}, 2.5).empty());
    }

    void gritSettingsThatMakeNoSenseAreRefused_data()
    {
        QTest::addColumn<int>("utcOffsetMinutes");
        QTest::addColumn<int>("nightStart");
        QTest::addColumn<int>("nightEnd");
        QTest::addColumn<double>("effort");
        QTest::addColumn<QString>("error"); // a part of the message; empty: accepted
        QTest::newRow("defaults") << 0 << 22 << 6 << 20.0 << QString();
        QTest::newRow("Tokyo, day shift as night") << 540 << 9 << 17 << 0.0 << QString();
        QTest::newRow("Kiribati") << 14 * 60 << 22 << 6 << 20.0 << QString();
        QTest::newRow("offset beyond any zone") << 15 * 60 << 22 << 6 << 20.0 << QStringLiteral("UTC offset");
        QTest::newRow("hour 24") << 0 << 24 << 6 << 20.0 << QStringLiteral("night hours");
        QTest::newRow("negative hour") << 0 << 22 << -1 << 20.0 << QStringLiteral("night hours");
        QTest::newRow("negative effort") << 0 << 22 << 6 << -5.0 << QStringLiteral("effort");
        QTest::newRow("effort over a day") << 0 << 22 << 6 << 1441.0 << QStringLiteral("effort");
        QTest::newRow("NaN effort") << 0 << 22 << 6 << qQNaN() << QStringLiteral("effort");
    }

    void gritSettingsThatMakeNoSenseAreRefused()
    {
        QFETCH(int, utcOffsetMinutes);
        QFETCH(int, nightStart);
        QFETCH(int, nightEnd);
        QFETCH(double, effort);
        QFETCH(QString, error);
        GritSettings s;
        s.utcOffsetMinutes = utcOffsetMinutes;
        s.nightStartHour = nightStart;
        s.nightEndHour = nightEnd;
        s.effortMinutes[EventType::ManualRestart] = effort;
        if (error.isEmpty())
            QCOMPARE(s.validate(), QString());
        else
            QVERIFY2(s.validate().contains(error), qPrintable(s.validate()));
    }

    void nextToFailRanksTheOpenWarningsAsTheyStoodThen()
    {
        // GPU 5 warns 3 h before it fails: a replay an hour before the failure has it open,
        // and on the list; a replay after it does not.
        std::vector<Event> events = failure(1, T0, 3 * Hour);
        const EntityRef silent { EntityKind::Gpu, topology->jobs[0].gpuIndices[12] };
        const EntityRef slowNode { EntityKind::Node, topology->gpus[topology->jobs[0].gpuIndices[40]].nodeIndex };
        events.push_back(makeEvent(30, T0 - 2 * Hour, EventType::GpuSilent, silent, Severity::Warning));
        events.push_back(makeEvent(31, T0 - 2 * Hour, EventType::ScrapeSlow, slowNode, Severity::Warning));
        Analysed a;
        analyse(a, events);
        const int64_t before = T0 - Hour, after = T0 + Hour;
        auto debtAt = [&](int64_t now) {
            return maintenanceDebt(a.attributor, a.hazardsAt(*topology, now), a.costs, a.tracker.incidents(), a.actions,
                                   *topology, {}, now);
        };
        const std::vector<AtRisk> then = nextToFail(debtAt(before));
        QCOMPARE(then.size(), size_t(3));
        // Priors alone (nothing has failed before): a GPU silent while its node answers 30 %,
        // a slow exporter 5 %, correctable ECC 1 %, each shrunk by the hours watched without a failure.
        QCOMPARE(then[0].entity, silent);
        QCOMPARE(then[0].warning, EventType::GpuSilent);
        QCOMPARE(then[0].warningSinceMs, T0 - 2 * Hour);
        QCOMPARE(then[0].hazard.probability, (0.3 * 20.0) / (20.0 + 1.0 / 72.0));
        QCOMPARE(then[1].entity, slowNode);
        QCOMPARE(then[2].entity, culprit());
        QCOMPARE(then[2].hazard.probability, (0.01 * 20.0) / (20.0 + 2.0 / 72.0));
        // On the map, the node's warning colours each of its GPUs; the GPU's own, its cell.
        std::vector<float> risk;
        failureRiskPerGpu(*topology, debtAt(before), risk);
        QCOMPARE(risk[silent.index], float(then[0].hazard.probability * 100.0));
        for (uint32_t g : topology->gpusOfNode[slowNode.index])
            QCOMPARE(risk[g], float(then[1].hazard.probability * 100.0));
        QCOMPARE(risk[topology->jobs[0].gpuIndices[100]], 0.0f);
        const std::vector<AtRisk> later = nextToFail(debtAt(after));
        QVERIFY(std::none_of(later.begin(), later.end(), [&](const AtRisk &r) { return r.entity == culprit(); }));

        // Put to the test over the six hours around the failure, a list every hour: GPU 5 was on
        // the lists made at T0-3h (its warning came then), T0-2h and T0-1h, and failed.
        const NextToFailBacktest b
            = backtestNextToFail(a.attributor, a.tracker.incidents(), a.attributions, a.costs, a.actions, *topology, {},
                                 T0 - 4 * 24 * Hour, T0 - 3 * Hour, T0 + 3 * Hour, 10, Hour);
        QCOMPARE(b.lists, size_t(6));
        QCOMPARE(b.failures, size_t(1));
        QCOMPARE(b.foreseen, size_t(1));
        QCOMPARE(b.leadHours.size(), size_t(1));
        QVERIFY(std::abs(b.leadHours[0] - 3.0) < 0.02); // from T0-3h to its Xid, a minute before T0
        QCOMPARE(b.hits, size_t(3));
        QVERIFY(b.listed > b.hits); // the silent GPU and the slow node did not fail
    }

    void maintenanceDebtAndLemons()
    {
        std::vector<Event> events = failure(1, T0, 3 * Hour); // GPU 5 warned, then failed: paid
        const EntityRef open { EntityKind::Gpu, topology->jobs[0].gpuIndices[10] };
        // Drained while no job uses it (draining a running job's GPU would be a disruption of its own).
        uint32_t idle = 0;
        for (uint32_t g = 0; g < topology->gpus.size(); ++g)
            if (topology->jobOfGpu[g] < 0)
                idle = g;
        QVERIFY(topology->jobOfGpu[idle] < 0);
        const EntityRef drained { EntityKind::Gpu, idle };
        const EntityRef pdu {
            EntityKind::Pdu,
            topology->racks[topology->nodes[topology->gpus[open.index].nodeIndex].rackIndex].pduIndices[0]
        };
        events.push_back(makeEvent(30, T0 + 2 * Hour, EventType::EccSingleBit, open, Severity::Warning));
        events.push_back(makeEvent(31, T0 + 2 * Hour, EventType::EccSingleBit, drained, Severity::Warning));
        events.push_back(makeEvent(32, T0 + 3 * Hour, EventType::PduOverThreshold, pdu, Severity::Warning));
        events.push_back(
            makeEvent(33, T0 + 4 * Hour, EventType::Drain, drained, Severity::Info, {}, 0, 0, QStringLiteral("kim")));
        Analysed a;
        analyse(a, events);
        const int64_t now = T0 + 5 * Hour;
        const HazardModel hazards = a.hazardsAt(*topology, now);
        const std::vector<DebtItem> debt
            = maintenanceDebt(a.attributor, hazards, a.costs, a.tracker.incidents(), a.actions, *topology, {}, now);
        QCOMPARE(debt.size(), size_t(2)); // not the GPU that failed, not the drained one
        // ECC runs: GPU 5's was followed by its fault (a whole case); the other two have been
        // watched 3 of the horizon's 72 hours without one (3/72 of a case each).
        const double eccCases = 1.0 + 2.0 * 3.0 / 72.0;
        const double eccHazard = (0.01 * 20.0 + 1.0) / (20.0 + eccCases);
        const double pduHazard = (0.01 * 20.0) / (20.0 + 2.0 / 72.0);
        const double lostPerGpu = 0.5 + 200.0 / 3600.0;
        const DebtItem *gpu = nullptr, *feed = nullptr;
        for (const DebtItem &d : debt)
            (d.warnings.entity == open ? gpu : feed) = &d;
        QVERIFY(gpu && feed);
        QCOMPARE(feed->warnings.entity, pdu);
        // One GPU failing stops its whole job: every GPU of the job is at risk.
        const uint32_t jobGpus = uint32_t(topology->jobs[0].gpuIndices.size());
        QCOMPARE(gpu->gpusAtRisk, jobGpus);
        QCOMPARE(gpu->ageMs, 3 * Hour);
        QCOMPARE(gpu->hazard.cases, eccCases);
        QCOMPARE(gpu->hazard.probability, eccHazard);
        QVERIFY(gpu->hazard.low < eccHazard && eccHazard < gpu->hazard.high);
        QCOMPARE(gpu->costOfFailure, jobGpus * lostPerGpu * 2.5);
        QCOMPARE(gpu->expectedCostPerDay, eccHazard / 3.0 * jobGpus * lostPerGpu * 2.5);
        // The PDU feeds the rack: every job with a GPU there.
        std::set<int> jobsOnRack;
        for (uint32_t g = 0; g < topology->gpus.size(); ++g)
            if (topology->nodes[topology->gpus[g].nodeIndex].rackIndex
                    == topology->nodes[topology->gpus[open.index].nodeIndex].rackIndex
                && topology->jobOfGpu[g] >= 0)
                jobsOnRack.insert(topology->jobOfGpu[g]);
        uint32_t rackJobGpus = 0;
        for (int j : jobsOnRack)
            rackJobGpus += uint32_t(topology->jobs[size_t(j)].gpuIndices.size());
        QCOMPARE(feed->gpusAtRisk, rackJobGpus);
        QCOMPARE(feed->hazard.probability, pduHazard);
        QCOMPARE(feed->expectedCostPerDay, pduHazard / 3.0 * rackJobGpus * lostPerGpu * 2.5);
        QCOMPARE(debt.front().expectedCostPerDay, std::max(gpu->expectedCostPerDay, feed->expectedCostPerDay));

        // A GPU's warnings close when its node is drained, or when it fails with no job to stop;
        // the application's own Xid is no failure of the GPU.
        const EntityRef underDrainedNode { EntityKind::Gpu, topology->jobs[0].gpuIndices[20] };
        const EntityRef failedAlone { EntityKind::Gpu, topology->jobs[0].gpuIndices[30] };
        const EntityRef applicationXid { EntityKind::Gpu, topology->jobs[0].gpuIndices[40] };
        std::vector<Event> closing = events;
        closing.push_back(makeEvent(40, T0 + 2 * Hour, EventType::EccSingleBit, underDrainedNode, Severity::Warning));
        closing.push_back(makeEvent(41, T0 + 2 * Hour, EventType::EccSingleBit, failedAlone, Severity::Warning));
        closing.push_back(makeEvent(42, T0 + 2 * Hour, EventType::EccSingleBit, applicationXid, Severity::Warning));
        closing.push_back(makeEvent(43, T0 + 4 * Hour, EventType::Drain,
                                    { EntityKind::Node, topology->gpus[underDrainedNode.index].nodeIndex },
                                    Severity::Info, {}, 0, 0, QStringLiteral("kim")));
        closing.push_back(makeEvent(44, T0 + 4 * Hour, EventType::Xid, failedAlone, Severity::Critical, {}, 0, 79));
        closing.push_back(makeEvent(45, T0 + 4 * Hour, EventType::Xid, applicationXid, Severity::Critical, {}, 0, 13));
        Analysed c;
        analyse(c, closing);
        std::set<std::pair<int, uint32_t>> stillOpen;
        for (const DebtItem &d : maintenanceDebt(c.attributor, c.hazardsAt(*topology, now), c.costs,
                                                 c.tracker.incidents(), c.actions, *topology, {}, now))
            stillOpen.insert({ int(d.warnings.entity.kind), d.warnings.entity.index });
        QVERIFY(!stillOpen.count({ int(EntityKind::Gpu), underDrainedNode.index }));
        QVERIFY(!stillOpen.count({ int(EntityKind::Gpu), failedAlone.index }));
        QVERIFY(stillOpen.count({ int(EntityKind::Gpu), applicationXid.index }));
        QVERIFY(stillOpen.count({ int(EntityKind::Gpu), open.index }));

        // The same GPU failing twice is a lemon.
        std::vector<Event> twice = failure(1, T0, 3 * Hour);
        const std::vector<Event> again = failure(20, T0 + 12 * Hour, 10 * Minute);
        twice.insert(twice.end(), again.begin(), again.end());
        Analysed b;
        analyse(b, twice);
        const std::vector<Lemon> found = lemons(b.costs);
        QCOMPARE(found.size(), size_t(1));
        QCOMPARE(found[0].entity, culprit());
        QCOMPARE(found[0].failures, 2);
        QVERIFY(lemons(a.costs).empty());
    }
};

QTEST_GUILESS_MAIN(TestCostOfGrit)
#include "tst_costofgrit.moc"
