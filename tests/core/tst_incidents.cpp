// SPDX-License-Identifier: GPL-3.0-or-later
// Incidents and their cost on hand-built event sequences with hand-computed
// answers: a failure grouped with its restart, rollback and the operators'
// actions; lost GPU-hours as downtime plus recomputation; duplicates, late
// events and unknown jobs handled.
#include "analysis/incidents.h"
#include "analysisfixture.h"
#include "sim/generator.h"

#include <QTest>

#include <cmath>

using namespace vigil;

namespace {

constexpr int64_t T0 = 1793600000000; // the failure
constexpr int64_t Minute = 60000;

Event jobEvent(uint64_t id, int64_t time, EventType type, const QString &job, int64_t step, double value = 0.0,
               Severity severity = Severity::Info, const QString &who = {})
{
    Event e = test::makeEvent(id, time, type, { EntityKind::Job, 0 }, severity, job, step, 0, who);
    e.value = value;
    return e;
}

} // namespace

class TestIncidents : public QObject
{
    Q_OBJECT

    std::shared_ptr<const Topology> topology = test::labTopology(256);
    QString job() const { return topology->jobs[0].id; }
    double gpus() const { return double(topology->jobs[0].gpuIndices.size()); }

    // Checkpoints every 400 steps, 2 s a step; a crash at step 1000, 10 min to restart, back to 900.
    std::vector<Event> crashAndRecovery() const
    {
        return {
            jobEvent(1, T0 - 1000000, EventType::CheckpointSaved, job(), 500),
            jobEvent(2, T0 - 200000, EventType::CheckpointSaved, job(), 900),
            jobEvent(3, T0, EventType::JobCrash, job(), 1000, 0, Severity::Critical),
            jobEvent(4, T0 + 10 * Minute, EventType::JobRestart, job(), 900),
            jobEvent(5, T0 + 10 * Minute, EventType::Rollback, job(), 900, 100, Severity::Warning),
        };
    }

private Q_SLOTS:
    void crashRestartRollback()
    {
        IncidentTracker tracker;
        tracker.setTopology(topology);
        tracker.addEvents(crashAndRecovery());
        QCOMPARE(tracker.incidents().size(), size_t(1));
        const Incident &i = tracker.incidents()[0];
        QCOMPARE(i.state, Incident::State::Recovered);
        QCOMPARE(i.kind, EventType::JobCrash);
        QCOMPARE(i.stepAtFailure, int64_t(1000));
        QCOMPARE(i.checkpointStep, int64_t(900));
        QCOMPARE(i.stepsRecomputed(), 100.0);
        QCOMPARE(i.stepSeconds, 2.0); // 400 steps between checkpoints 800 s apart
        QCOMPARE(i.downtimeGpuHours(T0 + 99 * Minute), gpus() * 10.0 / 60.0);
        QCOMPARE(i.recomputeGpuHours(), gpus() * 100 * 2.0 / 3600.0);
        QCOMPARE(i.eventIds, (std::vector<uint64_t> { 3, 4, 5 }));
        QVERIFY(!i.restartedByHand);
    }

    void metricsStepTimeWins()
    {
        // The median of the job's step time over the hour before the failure, minute by minute.
        IncidentTracker tracker;
        tracker.setTopology(topology);
        for (int m = 60; m >= 1; --m)
            tracker.notePace(0, T0 - m * Minute, m <= 20 ? 5.0 : 4.0); // slower in the last 20 minutes
        tracker.notePace(0, T0 - 61 * Minute, 100.0); // before the hour: not counted
        tracker.notePace(0, T0 - 30 * Minute + 1, std::nan("")); // that minute's last reading: not training
        tracker.addEvents(crashAndRecovery());
        QCOMPARE(tracker.incidents()[0].stepSeconds, 4.0); // 39 minutes at 4 s, 20 at 5 s
        tracker.notePace(0, T0 + Minute, -1); // nonsense and later readings change nothing
        tracker.notePace(0, T0 + 2 * Minute, 50.0);
        tracker.addEvents({ jobEvent(9, T0 + 20 * Minute, EventType::Note, job(), 0) });
        QCOMPARE(tracker.incidents()[0].stepSeconds, 4.0);
    }

    void paceIsTheLastReadingOfEachMinute()
    {
        // Live at the stream's rate or read from a recording once a minute, the same minutes.
        const int64_t M0 = T0 / Minute * Minute; // the start of a minute
        JobPace live;
        for (int64_t t = M0; t < M0 + 3 * Minute; t += 250)
            live.record(1, t, 2.0 + double((t - M0) % Minute) / double(Minute)); // rises within each minute
        QCOMPARE(live.minutes(1).size(), size_t(3));
        // The revision moves with the minutes, not with each reading of the minute under way.
        const uint64_t revision = live.revision();
        live.record(1, M0 + 3 * Minute - 100, 2.5);
        QCOMPARE(live.revision(), revision);
        live.record(1, M0 + 3 * Minute - 50, 2.0 + double(Minute - 250) / double(Minute)); // as it was
        for (const JobPace::Minute &m : live.minutes(1))
            QCOMPARE(m.stepSeconds, float(2.0 + double(Minute - 250) / double(Minute)));
        live.record(1, M0 + 3 * Minute - 1, std::nan("")); // the last minute ends down: no pace for it
        QCOMPARE(live.minutes(1).size(), size_t(2));
        live.record(1, M0 - 10 * Minute, 7.0); // late, for a minute not told yet
        QCOMPARE(live.minutes(1).front().stepSeconds, 7.0f);
        live.record(1, M0 + 30, 9.0); // late, for a minute already told: the later reading stands
        QCOMPARE(live.minutes(1)[1].stepSeconds, float(2.0 + double(Minute - 250) / double(Minute)));
        QCOMPARE(live.medianSeconds(1, M0 - 10 * Minute, M0 + 3 * Minute), double(live.minutes(1)[1].stepSeconds));
        QCOMPARE(live.medianSeconds(0, M0, M0 + Minute), 0.0); // a job never read
        QCOMPARE(live.medianSeconds(1, M0 + Minute, M0 + Minute), 0.0);
        live.record(-1, M0, 1.0); // no job
        live.record(2000000, M0, 1.0);
        QCOMPARE(live.minutes(-1).size(), size_t(0));
    }

    void duplicatesAndLateEvents()
    {
        std::vector<Event> events = crashAndRecovery();
        std::reverse(events.begin(), events.end()); // everything late
        events.push_back(events.front()); // and one twice
        IncidentTracker tracker;
        tracker.setTopology(topology);
        tracker.addEvents(events);
        tracker.addEvents(crashAndRecovery()); // a reconnect's snapshot repeats them all
        QCOMPARE(tracker.incidents().size(), size_t(1));
        QCOMPARE(tracker.duplicatesIgnored(), uint64_t(6));
        QCOMPARE(tracker.incidents()[0].checkpointStep, int64_t(900));
        QCOMPARE(tracker.incidents()[0].state, Incident::State::Recovered);
    }

    void symptomsRestartByHandAndActions()
    {
        IncidentTracker tracker;
        tracker.setTopology(topology);
        tracker.addEvents({
            jobEvent(1, T0, EventType::NcclTimeout, job(), 2000, 0, Severity::Critical),
            jobEvent(2, T0 + Minute, EventType::JobCrash, job(), 2000, 0, Severity::Critical),
            jobEvent(3, T0 + 5 * Minute, EventType::Note, QString(), 0, 0, Severity::Info, QStringLiteral("kim")),
            jobEvent(4, T0 + 30 * Minute, EventType::HotPatch, job(), 0, 0, Severity::Info, QStringLiteral("kim")),
            jobEvent(5, T0 + 45 * Minute, EventType::ManualRestart, job(), 1500, 0, Severity::Info,
                     QStringLiteral("kim")),
            jobEvent(6, T0 + 45 * Minute, EventType::Rollback, job(), 1500, 500),
            jobEvent(7, T0 + 50 * Minute, EventType::Note, job(), 0, 0, Severity::Info, QStringLiteral("kim")),
        });
        QCOMPARE(tracker.incidents().size(), size_t(1)); // the crash is the timeout's symptom
        const Incident &i = tracker.incidents()[0];
        QCOMPARE(i.kind, EventType::NcclTimeout);
        QVERIFY(i.restartedByHand);
        QCOMPARE(i.actionIds, (std::vector<uint64_t> { 3, 4, 5 })); // not the note after recovery
        QCOMPARE(i.downtimeGpuHours(0), gpus() * 0.75);
        QCOMPARE(i.stepsRecomputed(), 500.0);
    }

    void openAndEndedIncidents()
    {
        IncidentTracker tracker;
        tracker.setTopology(topology);
        tracker.addEvents({ jobEvent(1, T0, EventType::JobOom, job(), 10, 0, Severity::Critical) });
        const Incident &open = tracker.incidents()[0];
        QCOMPARE(open.state, Incident::State::Open);
        QCOMPARE(open.downtimeGpuHours(T0 + 30 * Minute), gpus() * 0.5); // grows until it is answered
        QCOMPARE(open.downtimeGpuHours(T0 - Minute), 0.0);
        tracker.addEvents({ jobEvent(2, T0 + Minute, EventType::JobEnd, job(), 10, 0, Severity::Critical) });
        QCOMPARE(tracker.incidents()[0].state, Incident::State::Ended);
        // A new failure after a restart without a rollback is a new incident.
        IncidentTracker again;
        again.setTopology(topology);
        again.addEvents({ jobEvent(1, T0, EventType::JobCrash, job(), 10, 0, Severity::Critical),
                          jobEvent(2, T0 + Minute, EventType::JobRestart, job(), 0),
                          jobEvent(3, T0 + 2 * Minute, EventType::JobCrash, job(), 20, 0, Severity::Critical) });
        QCOMPARE(again.incidents().size(), size_t(2));
    }

    // A run given up loses its GPUs' time to the end of the period, or until they run a job again.
    void aRunGivenUpLosesItsGpusUntilTheyWorkAgain()
    {
        auto shared = std::make_shared<Topology>(*topology);
        Job next = shared->jobs[0];
        next.id = QStringLiteral("next-run");
        next.gpuIndices.resize(next.gpuIndices.size() / 2); // half of the given-up run's GPUs
        shared->jobs.push_back(next);
        shared->index();
        const std::vector<Event> givenUp {
            jobEvent(1, T0 - 10 * Minute, EventType::CheckpointSaved, job(), 500),
            jobEvent(2, T0, EventType::JobCrash, job(), 600, 0, Severity::Critical),
            jobEvent(3, T0 + Minute, EventType::JobEnd, job(), 600, 0, Severity::Critical),
        };
        IncidentTracker tracker;
        tracker.setTopology(shared);
        tracker.notePace(0, T0 - 2 * Minute, 6.0);
        tracker.addEvents(givenUp);
        const Incident &ended = tracker.incidents()[0];
        QCOMPARE(ended.state, Incident::State::Ended);
        QCOMPARE(ended.downtimeGpuHours(T0 + 14 * 60 * Minute), gpus() * 14.0); // to the end of the period
        QCOMPARE(ended.recomputeGpuHours(), gpus() * 100 * 6.0 / 3600.0); // and the work since the checkpoint
        Event start = jobEvent(4, T0 + 3 * 60 * Minute, EventType::JobStart, QStringLiteral("next-run"), 0);
        tracker.addEvents({ start }); // a job on some of its GPUs: they are back at work
        QCOMPARE(tracker.incidents()[0].releasedMs, T0 + 3 * 60 * Minute);
        QCOMPARE(tracker.incidents()[0].downtimeGpuHours(T0 + 14 * 60 * Minute), gpus() * 3.0);
        // A job elsewhere starting releases nothing.
        IncidentTracker elsewhere;
        elsewhere.setTopology(shared);
        elsewhere.addEvents(givenUp);
        elsewhere.addEvents({ jobEvent(4, T0 + 60 * Minute, EventType::JobStart, shared->jobs[1].id, 0) });
        QCOMPARE(elsewhere.incidents()[0].releasedMs, int64_t(0));
    }

    // Two jobs failing in turn: a failure after a restart without rollback
    // belongs to its own job, never to another job's open incident.
    void incidentsOfManyJobsStayApart()
    {
        QVERIFY(topology->jobs.size() >= 2);
        QString a = topology->jobs[0].id, b = topology->jobs[1].id;
        if (b < a)
            std::swap(a, b); // a sorts first: its erased entry was followed by b's
        IncidentTracker tracker;
        tracker.setTopology(topology);
        tracker.addEvents({
            jobEvent(1, T0, EventType::JobCrash, a, 100, 0, Severity::Critical),
            jobEvent(2, T0 + Minute, EventType::JobRestart, a, 0),
            jobEvent(3, T0 + 2 * Minute, EventType::JobCrash, b, 50, 0, Severity::Critical),
            jobEvent(4, T0 + 3 * Minute, EventType::JobCrash, a, 130, 0, Severity::Critical),
            jobEvent(5, T0 + 9 * Minute, EventType::JobRestart, a, 0),
            jobEvent(6, T0 + 10 * Minute, EventType::JobRestart, b, 40),
            jobEvent(7, T0 + 10 * Minute, EventType::Rollback, b, 40, 10),
        });
        const auto &incidents = tracker.incidents();
        QCOMPARE(incidents.size(), size_t(3));
        QCOMPARE(incidents[0].jobId, a);
        QCOMPARE(incidents[0].eventIds, (std::vector<uint64_t> { 1, 2 }));
        QCOMPARE(incidents[1].jobId, b);
        QCOMPARE(incidents[1].eventIds, (std::vector<uint64_t> { 3, 6, 7 }));
        QCOMPARE(incidents[1].downtimeGpuHours(0),
                 double(topology->jobs[tracker.incidents()[1].job].gpuIndices.size()) * 8.0 / 60.0);
        QCOMPARE(incidents[2].jobId, a);
        QCOMPARE(incidents[2].eventIds, (std::vector<uint64_t> { 4, 5 }));
        QCOMPARE(incidents[2].resumedMs, T0 + 9 * Minute);
    }

    // Recovered without a rollback: a later restart (planned, days on) does not
    // stretch the incident, and nothing is trained again.
    void aRestartWithoutRollbackEndsAtItself()
    {
        IncidentTracker tracker;
        tracker.setTopology(topology);
        tracker.addEvents({
            jobEvent(1, T0 - 200000, EventType::CheckpointSaved, job(), 900),
            jobEvent(2, T0, EventType::JobCrash, job(), 1000, 0, Severity::Critical),
            jobEvent(3, T0 + 10 * Minute, EventType::ManualRestart, job(), 0, 0, Severity::Info, QStringLiteral("kim")),
            jobEvent(4, T0 + 3 * 24 * 60 * Minute, EventType::JobRestart, job(), 0),
        });
        QCOMPARE(tracker.incidents().size(), size_t(1));
        const Incident &i = tracker.incidents()[0];
        QCOMPARE(i.resumedMs, T0 + 10 * Minute);
        QCOMPARE(i.eventIds, (std::vector<uint64_t> { 2, 3 }));
        QCOMPARE(i.downtimeGpuHours(T0 + 4 * 24 * 60 * Minute), gpus() * 10.0 / 60.0);
        QCOMPARE(i.stepsRecomputed(), 0.0); // resumed at the failing step
        QCOMPARE(i.recomputeGpuHours(), 0.0);
    }

    // DESIGN lists a drain of a node a job uses as a disruption: the job loses those GPUs and
    // must be restarted elsewhere. A drain the job outlives (it saves a checkpoint before any
    // restart: the scheduler let it finish) is none, and a drain while it is down answers it.
    void aDrainOfANodeTheJobUsesIsADisruption()
    {
        const uint32_t node = topology->gpus[topology->jobs[0].gpuIndices.front()].nodeIndex;
        const Event drain = test::makeEvent(10, T0, EventType::Drain, { EntityKind::Node, node }, Severity::Info, {}, 0,
                                            0, QStringLiteral("mira"));
        IncidentTracker tracker;
        tracker.setTopology(topology);
        for (int m = 60; m >= 1; --m)
            tracker.notePace(0, T0 - m * Minute, 2.0);
        tracker.addEvents({
            jobEvent(1, T0 - 300000, EventType::CheckpointSaved, job(), 900),
            drain,
            jobEvent(4, T0 + 20 * Minute, EventType::ManualRestart, job(), 900, 0, Severity::Info,
                     QStringLiteral("mira")),
            jobEvent(5, T0 + 20 * Minute, EventType::Rollback, job(), 900, 0, Severity::Warning),
        });
        QCOMPARE(tracker.incidents().size(), size_t(1));
        const Incident &i = tracker.incidents()[0];
        QCOMPARE(i.kind, EventType::Drain);
        QCOMPARE(i.id, uint64_t(10));
        QCOMPARE(i.state, Incident::State::Recovered);
        QCOMPARE(i.failedMs, T0);
        QCOMPARE(i.stepAtFailure, int64_t(900 + 150)); // 300 s since the checkpoint at 2 s a step
        QCOMPARE(i.checkpointStep, int64_t(900));
        QCOMPARE(i.downtimeGpuHours(T0 + 99 * Minute), gpus() * 20.0 / 60.0);
        QCOMPARE(i.recomputeGpuHours(), gpus() * 150 * 2.0 / 3600.0);
        QVERIFY(std::find(i.actionIds.begin(), i.actionIds.end(), uint64_t(10)) != i.actionIds.end());

        // The same drain on a node no job uses: nothing.
        IncidentTracker idle;
        idle.setTopology(topology);
        Event elsewhere = drain;
        elsewhere.entity.index = topology->gpus.back().nodeIndex;
        QVERIFY(std::none_of(topology->jobs.begin(), topology->jobs.end(), [&](const Job &j) {
            return std::find(j.gpuIndices.begin(), j.gpuIndices.end(), uint32_t(topology->gpus.size() - 1))
                != j.gpuIndices.end();
        }));
        idle.addEvents({ elsewhere });
        QVERIFY(idle.incidents().empty());

        // Outlived: a checkpoint after it, no restart.
        IncidentTracker outlived;
        outlived.setTopology(topology);
        outlived.addEvents({ drain, jobEvent(2, T0 + 30 * Minute, EventType::CheckpointSaved, job(), 2000) });
        QVERIFY(outlived.incidents().empty());
        // and the incidents before it stay whole.
        std::vector<Event> before = crashAndRecovery();
        for (Event &e : before)
            e.timeMs -= 3 * 60 * Minute;
        outlived.addEvents(before);
        QCOMPARE(outlived.incidents().size(), size_t(1));
        QCOMPARE(outlived.incidents()[0].eventIds, (std::vector<uint64_t> { 3, 4, 5 }));

        // While the job is down after a crash, the drain answers that incident.
        IncidentTracker answering;
        answering.setTopology(topology);
        std::vector<Event> events = crashAndRecovery();
        Event later = drain;
        later.timeMs = T0 + 5 * Minute;
        events.insert(events.begin() + 3, later);
        answering.addEvents(events);
        QCOMPARE(answering.incidents().size(), size_t(1));
        QCOMPARE(answering.incidents()[0].kind, EventType::JobCrash);
        QCOMPARE(answering.incidents()[0].actionIds, (std::vector<uint64_t> { 10 }));

        // A job that has ended is not disrupted.
        IncidentTracker ended;
        ended.setTopology(topology);
        ended.addEvents({ jobEvent(1, T0 - Minute, EventType::JobEnd, job(), 5000), drain });
        QVERIFY(ended.incidents().empty());
    }

    void unknownJobsAreSkipped()
    {
        IncidentTracker tracker;
        tracker.setTopology(topology);
        tracker.addEvents({ jobEvent(1, T0, EventType::JobCrash, QStringLiteral("no-such-job"), 10) });
        QVERIFY(tracker.incidents().empty());
        QCOMPARE(tracker.eventsSkipped(), uint64_t(1));
        IncidentTracker noTopology;
        noTopology.addEvents(crashAndRecovery()); // nothing to name the jobs by: nothing, and no crash
        QVERIFY(noTopology.incidents().empty());
    }

    void everySimulatedFailureIsOneIncident()
    {
        // The decline week at 2,048 GPUs: each failure that hit a job, in the simulator's own truth,
        // is exactly one incident, with its step and checkpoint.
        SimulatorOptions options;
        options.shape.gpus = 2048;
        options.scenario = Scenario::Decline;
        options.eventsOnly = true;
        ClusterSimulator probe(options);
        IncidentTracker tracker;
        tracker.setTopology(std::make_shared<const Topology>(probe.topology()));
        std::vector<FailureTruth> truth;
        GenerationSinks sinks;
        sinks.events = [&](std::vector<Event> &&events) { tracker.addEvents(events); };
        sinks.truth = [&](std::vector<FailureTruth> &&t) { truth.insert(truth.end(), t.begin(), t.end()); };
        generate(options, 160 * 3600000LL, 60000, 10, sinks);
        size_t disruptive = 0;
        for (const FailureTruth &t : truth) {
            if (t.jobId.isEmpty())
                continue;
            ++disruptive;
            const Incident *found = nullptr;
            for (uint64_t id : t.failureEventIds)
                if (const Incident *i = tracker.find(id))
                    found = i;
            QVERIFY2(found,
                     qPrintable(QStringLiteral("failure %1 (%2) has no incident").arg(t.failureId).arg(t.component)));
            QCOMPARE(found->jobId, t.jobId);
            QCOMPARE(found->stepAtFailure, t.stepAtFailure);
            if (found->state == Incident::State::Recovered)
                QCOMPARE(found->checkpointStep, t.checkpointStep);
        }
        QVERIFY(disruptive >= 5);
        QCOMPARE(tracker.incidents().size(), disruptive);
    }

    void lostGpuHoursMatchTheSimulatorsAccount()
    {
        // The decline week at 2,048 GPUs: the GPU-hours the incidents say were lost, against
        // what the simulator knows it cost (true failure and restart times, true step time).
        SimulatorOptions options;
        options.shape.gpus = 2048;
        options.scenario = Scenario::Decline;
        options.eventsOnly = true;
        ClusterSimulator probe(options);
        IncidentTracker tracker;
        tracker.setTopology(std::make_shared<const Topology>(probe.topology()));
        GenerationSinks sinks;
        sinks.events = [&](std::vector<Event> &&events) { tracker.addEvents(events); };
        const GenerationSummary summary = generate(options, 160 * 3600000LL, 60000, 10, sinks);
        double estimated = 0.0;
        for (const Incident &i : tracker.incidents())
            if (i.state != Incident::State::Open)
                estimated += i.lostGpuHours(0);
        QVERIFY(summary.lostGpuHours > 100.0);
        const double errorPct = 100.0 * std::fabs(estimated - summary.lostGpuHours) / summary.lostGpuHours;
        qInfo("lost GPU-hours: %.1f estimated, %.1f true, %.2f %% off", estimated, summary.lostGpuHours, errorPct);
        QVERIFY2(errorPct <= 2.0, qPrintable(QString::number(errorPct)));
    }

    void costSettingsThatMakeNoSense_data()
    {
        QTest::addColumn<double>("price");
        QTest::addColumn<double>("leadHours");
        QTest::addColumn<bool>("valid");
        QTest::newRow("defaults") << 2.5 << 1.0 << true;
        QTest::newRow("free") << 0.0 << 0.0 << true;
        QTest::newRow("negative price") << -1.0 << 1.0 << false;
        QTest::newRow("NaN price") << std::nan("") << 1.0 << false;
        QTest::newRow("absurd price") << 1e6 << 1.0 << false;
        QTest::newRow("negative lead time") << 2.5 << -1.0 << false;
        QTest::newRow("lead time of 40 days") << 2.5 << 960.0 << false;
    }
    void costSettingsThatMakeNoSense()
    {
        QFETCH(double, price);
        QFETCH(double, leadHours);
        QFETCH(bool, valid);
        CostSettings settings;
        settings.pricePerGpuHour = price;
        settings.leadTimeMs = int64_t(leadHours * 3600000.0);
        QCOMPARE(settings.validate().isEmpty(), valid);
    }
};

QTEST_GUILESS_MAIN(TestIncidents)
#include "tst_incidents.moc"
