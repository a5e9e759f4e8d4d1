// SPDX-License-Identifier: GPL-3.0-or-later
// Scenarios: determinism, the calibration against Llama 3's failure mix, and the
// decline story told in order with ground truth that matches the stream.
#include "sim/clustersimulator.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <set>
#include <tuple>

using namespace vigil;

namespace {

struct Run
{
    std::vector<Event> events;
    std::vector<FailureTruth> truth;
    MetricColumns columns;
};

Run simulate(Scenario scenario, uint32_t gpus, double hours, int64_t tickMs, uint64_t seed = 1, bool eventsOnly = false,
             const std::function<void(const ClusterSimulator &, const MetricColumns &)> &perTick = {},
             bool simulatedOperators = true)
{
    SimulatorOptions options;
    options.shape.gpus = gpus;
    options.scenario = scenario;
    options.seed = seed;
    options.eventsOnly = eventsOnly;
    options.simulatedOperators = simulatedOperators;
    ClusterSimulator sim(options);
    Run run;
    const int64_t ticks = int64_t(hours * 3600000.0) / tickMs;
    for (int64_t i = 0; i < ticks; ++i) {
        sim.advance(i == 0 ? 0 : tickMs, run.columns, run.events);
        if (perTick)
            perTick(sim, run.columns);
        for (FailureTruth &t : sim.takeTruth())
            run.truth.push_back(std::move(t));
    }
    return run;
}

const Event *find(const std::vector<Event> &events, const std::function<bool(const Event &)> &match)
{
    const auto it = std::find_if(events.begin(), events.end(), match);
    return it == events.end() ? nullptr : &*it;
}

double hourOf(const Event &e)
{
    return double(e.timeMs - 1793577600000) / 3600000.0;
}

} // namespace

class TestScenarios : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void names()
    {
        for (const QString &name : scenarioNames())
            QCOMPARE(scenarioName(*scenarioFromName(name)), name);
        QVERIFY(!scenarioFromName(QStringLiteral("chaos")));
    }

    void sameSeedSameStory()
    {
        const Run a = simulate(Scenario::Decline, 512, 48, 60000, 5);
        const Run b = simulate(Scenario::Decline, 512, 48, 60000, 5);
        QVERIFY(a.events.size() > 20);
        QCOMPARE(a.events.size(), b.events.size());
        QVERIFY(a.events == b.events);
        QCOMPARE(a.columns.size(), b.columns.size());
        for (size_t m = 0; m < a.columns.size(); ++m) // bitwise: NaN marks "no reading" and must match too
            QVERIFY(a.columns[m].size() == b.columns[m].size()
                    && std::memcmp(a.columns[m].data(), b.columns[m].data(), a.columns[m].size() * sizeof(float)) == 0);
        const Run c = simulate(Scenario::Decline, 512, 48, 60000, 6);
        QVERIFY(!(a.events == c.events));
    }

    void quietHasNoFailures()
    {
        const Run run = simulate(Scenario::Quiet, 2048, 24 * 7, 600000, 1, true);
        QVERIFY(run.truth.empty());
        QVERIFY(!find(run.events,
                      [](const Event &e) { return isHardwareWarning(e.type) || e.type == EventType::JobCrash; }));
        QVERIFY(find(run.events, [](const Event &e) { return e.type == EventType::CheckpointSaved; }));
    }

    // 54 days at 16,384 GPUs must fail like Llama 3 405B's pre-training did: 419
    // interruptions in that mix. Tolerances are statistical: the count is Poisson
    // (sd = sqrt(419) = 20.5), so ±4 sd keeps the chance that a correct simulator
    // fails this test for some seed below 1e-4. The mix is a chi-square test over
    // the table's rows, pooling rows expected below 5 into one, at p = 0.001.
    void calibrationAgainstLlama3()
    {
        const Run run = simulate(Scenario::Steady, 16384, 54 * 24, 3600000, 1, true);
        const int total = int(run.truth.size());
        QVERIFY2(std::abs(total - 419) <= 82, qPrintable(QStringLiteral("%1 failures in 54 days").arg(total)));

        std::map<QString, int> observed;
        for (const FailureTruth &t : run.truth)
            ++observed[t.component];
        double chiSquare = 0.0;
        int pooledExpected = 0;
        int pooledObserved = 0;
        int categories = 0;
        for (const FailureCause &cause : failureCatalog()) {
            const double expected = double(cause.interruptions) * total / catalogInterruptions();
            if (expected < 5.0) {
                pooledExpected += cause.interruptions;
                pooledObserved += observed[cause.component];
                continue;
            }
            const double o = observed[cause.component];
            chiSquare += (o - expected) * (o - expected) / expected;
            ++categories;
        }
        const double pooled = double(pooledExpected) * total / catalogInterruptions();
        chiSquare += (pooledObserved - pooled) * (pooledObserved - pooled) / pooled;
        ++categories;
        // Critical values of chi-square at p = 0.001 for 9..13 degrees of freedom.
        const std::map<int, double> critical {
            { 9, 27.88 }, { 10, 29.59 }, { 11, 31.26 }, { 12, 32.91 }, { 13, 34.53 }
        };
        const int dof = categories - 1;
        QVERIFY2(critical.count(dof), qPrintable(QString::number(dof)));
        QVERIFY2(chiSquare < critical.at(dof),
                 qPrintable(QStringLiteral("chi-square %1 with %2 degrees of freedom").arg(chiSquare).arg(dof)));
        // The largest class is still the largest: faulty GPUs.
        QCOMPARE(std::max_element(observed.begin(), observed.end(),
                                  [](const auto &a, const auto &b) { return a.second < b.second; })
                     ->first,
                 QStringLiteral("Faulty GPU"));
    }

    void failureRateScalesWithClusterSize()
    {
        const Run small = simulate(Scenario::Steady, 2048, 54 * 24, 3600000, 3, true);
        // 419 / 8 = 52 expected; ±4 sd of Poisson(52).
        QVERIFY2(std::abs(int(small.truth.size()) - 52) <= 29, qPrintable(QString::number(small.truth.size())));
    }

    void declineTellsTheStoryInOrder()
    {
        std::vector<float> hotRackInlet;
        size_t thermalMasks = 0, powerCapMasks = 0, maskMismatches = 0;
        float leastWait = 100.0f, mostWait = 0.0f;
        double worstStepTime = 0.0;
        float worstFramebuffer = 0.0f;
        SimulatorOptions probe;
        probe.scenario = Scenario::Decline;
        const DeclineStory cast = ClusterSimulator(probe).story();
        const Run run = simulate(
            Scenario::Decline, 2048, 168, 60000, 1, false, [&](const ClusterSimulator &sim, const MetricColumns &c) {
                hotRackInlet.push_back(c[5][cast.hotRack]);
                if (!std::isnan(c[11][0]))
                    worstStepTime = std::max(worstStepTime, double(c[11][0]));
                worstFramebuffer = std::max(worstFramebuffer, c[4][sim.topology().jobs[0].gpuIndices[100]]);
                if (!std::isnan(c[13][0])) {
                    leastWait = std::min(leastWait, c[13][0]);
                    mostWait = std::max(mostWait, c[13][0]);
                }
                // The clocks-event bitmask says why a GPU is slowed, consistent with its readings.
                for (size_t g = 0; g < c[12].size(); ++g) {
                    if (std::isnan(c[12][g]))
                        continue;
                    const uint32_t mask = uint32_t(c[12][g]);
                    thermalMasks += (mask & metric::clocks::Thermal) != 0;
                    powerCapMasks += (mask & metric::clocks::SwPowerCap) != 0;
                    // (the reported temperature is rounded; the board decides on the exact one)
                    maskMismatches += (mask & metric::clocks::Thermal) ? c[0][g] < 87.0f : c[0][g] >= 88.0f;
                }
            });
        QVERIFY(thermalMasks > 0); // the worn fans throttle the hot rack
        QVERIFY(powerCapMasks > 0); // the night-time power cap holds GPUs down
        QCOMPARE(maskMismatches, size_t(0));
        // The pre-training job waits in all-reduce at least for the communication
        // overlap cannot hide, and far more once stragglers and a flaky leaf slow it.
        QVERIFY2(leastWait >= 5.9f, qPrintable(QString::number(leastWait)));
        QVERIFY2(mostWait > 15.0f, qPrintable(QString::number(mostWait)));
        QCOMPARE(standardMetrics()[13].name, metric::JobAllReduceWait);
        QCOMPARE(standardMetrics()[12].name, metric::ClocksEventReasons);
        const auto &ev = run.events;

        // Degradation: the hot rack's inlet creeps up by about 10 °C over two days.
        QVERIFY(hotRackInlet[60 * 70] - hotRackInlet[60] > 8.0f);
        // Warnings come first...
        const Event *firstEcc = find(ev, [&](const Event &e) {
            return e.type == EventType::EccSingleBit && e.entity == EntityRef { EntityKind::Gpu, cast.eccGpu };
        });
        const Event *throttle = find(ev, [&](const Event &e) { return e.type == EventType::ThermalThrottle; });
        const Event *hbm = find(ev, [](const Event &e) { return e.type == EventType::Xid && e.code == 48; });
        QVERIFY(firstEcc && throttle && hbm);
        QVERIFY(hourOf(*hbm) - hourOf(*firstEcc) > 24.0); // amber for a day and more before the failure
        // ...then the disruption, the automated restart and the rollback.
        const Event *crash
            = find(ev, [&](const Event &e) { return e.type == EventType::JobCrash && e.timeMs == hbm->timeMs; });
        QVERIFY(crash);
        const Event *rollback
            = find(ev, [&](const Event &e) { return e.type == EventType::Rollback && e.timeMs > hbm->timeMs; });
        QVERIFY(rollback && rollback->value > 0.0 && rollback->step < crash->step);
        // Operators: a lowered power cap at night, a night-time manual restart, a night-time hot-patch.
        for (EventType type : { EventType::ThresholdChange, EventType::ManualRestart, EventType::HotPatch }) {
            const Event *action = find(ev, [&](const Event &e) { return e.type == type && !e.operatorName.isEmpty(); });
            QVERIFY2(action, qPrintable(QString::number(int(type))));
            QVERIFY(std::fmod(hourOf(*action), 24.0) < 6.0);
            QVERIFY(action->timeMs > hbm->timeMs);
        }
        const Event *nccl = find(ev, [](const Event &e) { return e.type == EventType::NcclTimeout; });
        const Event *oom = find(ev, [](const Event &e) { return e.type == EventType::JobOom; });
        QVERIFY(nccl && oom && nccl->timeMs < oom->timeMs);
        // The straggler and the capped rack made steps slower; fragmentation filled the memory.
        QVERIFY(worstStepTime > 4.2 * 1.08);
        QVERIFY(worstFramebuffer > 79000.0f);
        // The end: ignored PDU warnings, the breakers trip, the run is over.
        const Event *pduWarning = find(ev, [](const Event &e) {
            return e.type == EventType::PduOverThreshold && e.severity == Severity::Warning;
        });
        const Event *trip = find(ev, [](const Event &e) {
            return e.type == EventType::PduOverThreshold && e.severity == Severity::Critical;
        });
        const Event *end = find(ev, [](const Event &e) { return e.type == EventType::JobEnd; });
        QVERIFY(pduWarning && trip && end);
        QVERIFY(hourOf(*trip) - hourOf(*pduWarning) > 6.0);
        QVERIFY(trip->timeMs > oom->timeMs);
        QVERIFY(hourOf(*end) < 168.0);
        QVERIFY(!find(ev, [&](const Event &e) {
            return e.type == EventType::JobRestart && e.timeMs > end->timeMs && e.jobId == end->jobId;
        }));
    }

    void groundTruthMatchesTheStream()
    {
        const Run run = simulate(Scenario::Decline, 2048, 168, 60000);
        std::map<uint64_t, const Event *> byId;
        for (const Event &e : run.events)
            byId[e.id] = &e;
        QVERIFY(run.truth.size() >= 6);
        std::set<QString> storyComponents;
        for (const FailureTruth &t : run.truth) {
            for (uint64_t id : t.failureEventIds) {
                QVERIFY(byId.count(id));
                QCOMPARE(byId[id]->timeMs, t.timeMs);
            }
            for (uint64_t id : t.precursorEventIds) {
                QVERIFY(byId.count(id));
                QVERIFY(byId[id]->timeMs < t.timeMs);
                QVERIFY(isHardwareWarning(byId[id]->type));
            }
            if (t.scripted)
                storyComponents.insert(t.component);
            const QByteArray line = t.toJsonLine();
            QVERIFY(line.endsWith('\n') && line.count('\n') == 1);
        }
        QVERIFY(storyComponents.count(QStringLiteral("GPU HBM3 Memory")));
        QVERIFY(storyComponents.count(QStringLiteral("Network Switch/Cable")));
        QVERIFY(storyComponents.count(QStringLiteral("Memory fragmentation")));
        QVERIFY(storyComponents.count(QStringLiteral("PDU trip")));
        const auto hbm = std::find_if(run.truth.begin(), run.truth.end(), [](const FailureTruth &t) {
            return t.component == QStringLiteral("GPU HBM3 Memory") && t.scripted;
        });
        QVERIFY(hbm->precursorEventIds.size() >= 8); // the ECC climb and the Xid 92/63 warnings
        QCOMPARE(hbm->jobId, QStringLiteral("llm-405b-pretrain"));
        QVERIFY(hbm->stepAtFailure > hbm->checkpointStep);
        // The warnings in the stream carry no hint of which failure they belong to.
        for (uint64_t id : hbm->precursorEventIds)
            QVERIFY(!byId[id]->message.contains(QStringLiteral("HBM3 Memory")));
    }

    // The scenario's people sign what they do as simulated; turned off, they acknowledge
    // nothing, and the rest of the week is the same week.
    void simulatedOperatorsAreLabelledAndCanBeTurnedOff()
    {
        const Run with = simulate(Scenario::Decline, 2048, 168.0, 60000, 1, true);
        const Run without = simulate(Scenario::Decline, 2048, 168.0, 60000, 1, true, {}, false);
        size_t acknowledgements = 0;
        for (const Event &e : with.events) {
            if (!e.operatorName.isEmpty())
                QVERIFY2(e.operatorName.endsWith(QStringLiteral(" (simulated)")), qPrintable(e.operatorName));
            acknowledgements += e.type == EventType::Acknowledge;
        }
        QVERIFY(acknowledgements > 10);
        QVERIFY(std::none_of(without.events.begin(), without.events.end(),
                             [](const Event &e) { return e.type == EventType::Acknowledge; }));
        using Key = std::tuple<int64_t, int, int, uint32_t, int32_t, QString>;
        auto keys = [](const std::vector<Event> &events) {
            std::vector<Key> out;
            for (const Event &e : events)
                if (e.type != EventType::Acknowledge)
                    out.emplace_back(e.timeMs, int(e.type), int(e.entity.kind), e.entity.index, e.code, e.message);
            return out;
        };
        QCOMPARE(keys(without.events), keys(with.events));
        QCOMPARE(without.truth.size(), with.truth.size());
    }

    void eventsAreInTimeOrderWithUniqueIds()
    {
        const Run run = simulate(Scenario::Decline, 1024, 72, 300000);
        std::set<uint64_t> ids;
        for (size_t i = 0; i < run.events.size(); ++i) {
            QVERIFY(ids.insert(run.events[i].id).second);
            if (i > 0)
                QVERIFY(run.events[i].timeMs >= run.events[i - 1].timeMs);
        }
    }
};

QTEST_GUILESS_MAIN(TestScenarios)
#include "tst_scenarios.moc"
