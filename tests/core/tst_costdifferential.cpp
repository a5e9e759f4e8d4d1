// SPDX-License-Identifier: GPL-3.0-or-later
// Differential tests of the cost definitions: the fast analysis every view uses
// (IncidentAnalysis) against a small reference implementation written straight
// from DESIGN's definitions (tests/support/referencecost.cpp), on thousands of
// seeded random histories. A disagreement fails with the smallest history that
// still shows it.
#include "analysis/incidentanalysis.h"
#include "domain/sanitizers.h"
#include "referencecost.h"

#include <QTest>

#include <cmath>

using namespace vigil;
using namespace vigil::test;

namespace {

bool near(double a, double b)
{
    return std::fabs(a - b) <= 1e-6 * std::max(1.0, std::fabs(b));
}

// Empty when the fast analysis and the reference agree on every incident and the period's totals.
QString disagreement(const std::shared_ptr<const Topology> &topology, const std::vector<Event> &events,
                     const PaceReadings &readings, int64_t fromMs, int64_t nowMs)
{
    JobPace pace;
    for (const auto &[job, list] : readings)
        for (const auto &[t, seconds] : list)
            pace.record(job, t, seconds);
    IncidentAnalysis fast;
    fast.setTopology(topology);
    fast.setPace(pace);
    // Delivered in three parts, as a stream would: later parts can change what came before.
    const size_t third = events.size() / 3;
    fast.addEvents({ events.begin(), events.begin() + std::ptrdiff_t(third) });
    fast.update(nowMs);
    fast.addEvents({ events.begin() + std::ptrdiff_t(third), events.end() });
    fast.update(nowMs);

    const std::vector<ReferenceIncident> reference = referenceIncidents(*topology, events, readings, nowMs);
    if (fast.incidents().size() != reference.size())
        return QStringLiteral("%1 incidents, the reference %2").arg(fast.incidents().size()).arg(reference.size());
    double referenceLost = 0.0;
    for (const ReferenceIncident &r : reference) {
        const auto it = std::find_if(fast.incidents().begin(), fast.incidents().end(),
                                     [&](const Incident &i) { return i.jobId == r.jobId && i.failedMs == r.failedMs; });
        if (it == fast.incidents().end())
            return QStringLiteral("no incident of %1 at %2").arg(r.jobId).arg(r.failedMs);
        const Incident &i = *it;
        const IncidentCost &c = fast.costs()[size_t(it - fast.incidents().begin())];
        const int state = i.state == Incident::State::Open ? 0 : i.state == Incident::State::Recovered ? 1 : 2;
        const QString what = QStringLiteral("%1 at %2: ").arg(r.jobId).arg(r.failedMs);
        if (state != int(r.state))
            return what + QStringLiteral("state %1, the reference %2").arg(state).arg(int(r.state));
        if (i.resumedMs != r.resumedMs || i.releasedMs != r.releasedMs)
            return what
                + QStringLiteral("resumed %1 released %2, the reference %3 %4")
                      .arg(i.resumedMs)
                      .arg(i.releasedMs)
                      .arg(r.resumedMs)
                      .arg(r.releasedMs);
        if (i.stepAtFailure != r.stepAtFailure || i.checkpointStep != r.checkpointStep)
            return what
                + QStringLiteral("steps %1 → %2, the reference %3 → %4")
                      .arg(i.checkpointStep)
                      .arg(i.stepAtFailure)
                      .arg(r.checkpointStep)
                      .arg(r.stepAtFailure);
        if (!near(i.stepSeconds, r.stepSeconds))
            return what + QStringLiteral("%1 s a step, the reference %2").arg(i.stepSeconds).arg(r.stepSeconds);
        if (!near(c.downtimeGpuHours, r.downtimeGpuHours) || !near(c.recomputeGpuHours, r.recomputeGpuHours))
            return what
                + QStringLiteral("%1 + %2 GPU-h, the reference %3 + %4")
                      .arg(c.downtimeGpuHours)
                      .arg(c.recomputeGpuHours)
                      .arg(r.downtimeGpuHours)
                      .arg(r.recomputeGpuHours);
        if (r.failedMs >= fromMs && r.failedMs < nowMs)
            referenceLost += r.downtimeGpuHours + r.recomputeGpuHours;
    }
    const GritTotals totals
        = gritTotals(fast.incidents(), fast.costs(), {}, fast.actions(), *topology, {}, fromMs, nowMs);
    if (!near(totals.lostGpuHours, referenceLost))
        return QStringLiteral("the period lost %1 GPU-h, the reference %2").arg(totals.lostGpuHours).arg(referenceLost);
    const InterventionCounts work = countInterventions(totals.interventions);
    const ReferenceLedger ledger = referenceLedger(events, fromMs, nowMs);
    if (work.handsOn != ledger.handsOn || work.paperwork != ledger.paperwork)
        return QStringLiteral("%1 hands-on and %2 other actions, the reference %3 and %4")
            .arg(work.handsOn)
            .arg(work.paperwork)
            .arg(ledger.handsOn)
            .arg(ledger.paperwork);
    return {};
}

// The smallest history (by removing events one at a time) that still disagrees.
std::vector<Event> shrink(const std::shared_ptr<const Topology> &topology, std::vector<Event> events,
                          const PaceReadings &pace, int64_t fromMs, int64_t nowMs)
{
    for (bool smaller = true; smaller;) {
        smaller = false;
        for (size_t i = 0; i < events.size(); ++i) {
            std::vector<Event> fewer = events;
            fewer.erase(fewer.begin() + std::ptrdiff_t(i));
            if (!disagreement(topology, fewer, pace, fromMs, nowMs).isEmpty()) {
                events = std::move(fewer);
                smaller = true;
                --i;
            }
        }
    }
    return events;
}

#if VIGIL_UNDER_ASAN
constexpr int Histories = 300; // the sanitizer lane checks the same code, ten times slower
#else
constexpr int Histories = 2000;
#endif

} // namespace

class TestCostDifferential : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theFastAnalysisAgreesWithTheDefinitions()
    {
        size_t incidents = 0, givenUp = 0, noIds = 0, byHand = 0, drained = 0, drainsRunOn = 0;
        for (int seed = 1; seed <= Histories; ++seed) {
            const RandomHistory h = randomHistory(uint64_t(seed));
            const int64_t from = h.startMs + (h.endMs - h.startMs) / 3; // a period that cuts some incidents off
            const QString why = disagreement(h.topology, h.events, h.pace, from, h.endMs);
            if (!why.isEmpty()) {
                const std::vector<Event> minimal = shrink(h.topology, h.events, h.pace, from, h.endMs);
                QFAIL(qPrintable(QStringLiteral("seed %1: %2\nthe smallest history that disagrees (%3 events):\n%4")
                                     .arg(seed)
                                     .arg(disagreement(h.topology, minimal, h.pace, from, h.endMs))
                                     .arg(minimal.size())
                                     .arg(describeHistory(*h.topology, minimal))));
            }
            const std::vector<ReferenceIncident> reference = referenceIncidents(*h.topology, h.events, h.pace, h.endMs);
            incidents += reference.size();
            for (const ReferenceIncident &r : reference) {
                givenUp += r.state == ReferenceIncident::State::Ended;
                drained += r.drained;
            }
            const auto drains = std::count_if(h.events.begin(), h.events.end(),
                                              [](const Event &e) { return e.type == EventType::Drain; });
            drainsRunOn += size_t(std::max<std::ptrdiff_t>(0, drains - std::ptrdiff_t(drained)));
            noIds += !h.events.empty() && h.events.front().id == 0;
            byHand += std::count_if(h.events.begin(), h.events.end(),
                                    [](const Event &e) { return e.type == EventType::ManualRestart; });
        }
        qInfo("%d histories, %zu incidents (%zu given up, %zu by a drain), %zu restarts by hand, %zu histories "
              "without ids: all agree",
              Histories, incidents, givenUp, drained, byHand, noIds);
        // The histories hold what they are meant to.
        QVERIFY(incidents > size_t(Histories) * 3);
        QVERIFY(givenUp > 0 && byHand > 0 && noIds > 0 && drained > 0 && drainsRunOn > 0);
    }

    // The shrinker finds a small history: a planted disagreement (a reference told a different
    // time) comes down to the few events that show it.
    void aDisagreementIsToldWithTheSmallestHistory()
    {
        const RandomHistory h = randomHistory(7);
        QVERIFY(h.events.size() > 20);
        QVERIFY(disagreement(h.topology, h.events, h.pace, h.startMs, h.endMs).isEmpty());
        // Told "now" a minute early, the fast side still prices open incidents to the true end.
        auto tooEarly = [&](const std::vector<Event> &events) {
            JobPace pace;
            IncidentAnalysis fast;
            fast.setTopology(h.topology);
            fast.addEvents(events);
            fast.update(h.endMs);
            const auto reference = referenceIncidents(*h.topology, events, h.pace, h.endMs - 60000);
            double a = 0, b = 0;
            for (const IncidentCost &c : fast.costs())
                a += c.downtimeGpuHours;
            for (const ReferenceIncident &r : reference)
                b += r.downtimeGpuHours;
            return !near(a, b);
        };
        if (!tooEarly(h.events))
            QSKIP("this history has nothing open at its end");
        std::vector<Event> events = h.events;
        for (bool smaller = true; smaller;) {
            smaller = false;
            for (size_t i = 0; i < events.size(); ++i) {
                std::vector<Event> fewer = events;
                fewer.erase(fewer.begin() + std::ptrdiff_t(i));
                if (tooEarly(fewer)) {
                    events = std::move(fewer);
                    smaller = true;
                    --i;
                }
            }
        }
        QVERIFY(events.size() <= 2); // the failure (and what made it open) is all it takes
    }
};

QTEST_GUILESS_MAIN(TestCostDifferential)
#include "tst_costdifferential.moc"
