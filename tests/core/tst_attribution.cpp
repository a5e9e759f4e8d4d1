// SPDX-License-Identifier: GPL-3.0-or-later
// Attribution against the simulator's ground truth, and on crafted cases.
#include "analysis/attribution.h"
#include "sim/generator.h"

#include <QTest>

#include <map>

using namespace vigil;

namespace {

struct Score
{
    int truePositives = 0, falsePositives = 0, falseNegatives = 0, trueNegatives = 0;
    double precision() const { return truePositives + falsePositives ? double(truePositives) / (truePositives + falsePositives) : 1.0; }
    double recall() const { return truePositives + falseNegatives ? double(truePositives) / (truePositives + falseNegatives) : 1.0; }
};

Score scoreScenario(Scenario scenario, uint32_t gpus, int64_t hours, uint64_t seed, QStringList *mistakes)
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
    std::map<uint64_t, EventType> typeOf;
    std::vector<FailureTruth> truth;
    GenerationSinks sinks;
    sinks.events = [&](std::vector<Event> &&events) {
        for (const Event &e : events)
            typeOf[e.id] = e.type;
        tracker.addEvents(events);
        attributor.addEvents(events);
    };
    sinks.truth = [&](std::vector<FailureTruth> &&t) { truth.insert(truth.end(), t.begin(), t.end()); };
    generate(options, hours * 3600000LL, 60000, 10, sinks);
    attributor.learn(tracker.incidents());
    Score score;
    for (const FailureTruth &t : truth) {
        const Incident *incident = nullptr;
        bool hardwareFault = !t.precursorEventIds.empty();
        for (uint64_t id : t.failureEventIds) {
            if (const Incident *i = tracker.find(id))
                incident = i;
            hardwareFault = hardwareFault || isHardwareWarning(typeOf[id]);
        }
        if (!incident)
            continue;
        const Attribution a = attributor.attribute(*incident);
        const bool expected = hardwareFault && t.rootEntity.kind != EntityKind::Job;
        const CauseCandidate *top = a.top();
        const bool right = expected && top && top->entity == t.rootEntity;
        if (right)
            ++score.truePositives;
        else if (top) {
            ++score.falsePositives;
            if (expected)
                ++score.falseNegatives;
        } else if (expected)
            ++score.falseNegatives;
        else
            ++score.trueNegatives;
        if (!right && (top || expected) && mistakes)
            *mistakes << QStringLiteral("%1 (%2, root %3:%4, %5 precursors): named %6")
                             .arg(t.component, t.category)
                             .arg(int(t.rootEntity.kind))
                             .arg(t.rootEntity.index)
                             .arg(t.precursorEventIds.size())
                             .arg(top ? QStringLiteral("%1:%2 score %3").arg(int(top->entity.kind)).arg(top->entity.index).arg(top->score)
                                      : QStringLiteral("nothing"));
    }
    return score;
}

} // namespace

class TestAttribution : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void accuracyOnTheSimulatorsTruth_data()
    {
        QTest::addColumn<int>("scenario");
        QTest::addColumn<uint64_t>("seed");
        QTest::newRow("decline") << int(Scenario::Decline) << uint64_t(1);
        QTest::newRow("steady") << int(Scenario::Steady) << uint64_t(1);
        QTest::newRow("steady, seed 7") << int(Scenario::Steady) << uint64_t(7);
    }
    void accuracyOnTheSimulatorsTruth()
    {
        QFETCH(int, scenario);
        QFETCH(uint64_t, seed);
        QStringList mistakes;
        // The bar of the issue: 54 days of a 16,384-GPU cluster, top-1 precision and recall >= 0.9.
        const Score s = scoreScenario(Scenario(scenario), 16384, 54 * 24, seed, &mistakes);
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
