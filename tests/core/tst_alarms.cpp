// SPDX-License-Identifier: GPL-3.0-or-later
// The alarm book: ISA-18.2 states over every transition, actions refused with a
// reason, thresholds with on-delay and hysteresis, rationalised priorities and
// grouping, correctable errors by rate, and the flood figures on crafted streams
// and on the decline week.
#include "alarmweek.h"
#include "analysisfixture.h"
#include "domain/alarmbook.h"
#include "domain/alarmrules.h"
#include "domain/alarmstatistics.h"
#include "vigil/v1/telemetry.pb.h"

#include <QTest>

#include <limits>

#include <cmath>
#include <functional>
#include <map>
#include <random>
#include <set>

using namespace vigil;

namespace {

constexpr int64_t T0 = 1793600000000;
constexpr int64_t Minute = 60000;

} // namespace

class TestAlarms : public QObject
{
    Q_OBJECT

    std::shared_ptr<const Topology> topology = test::labTopology(512);

    EntityRef jobGpu() const { return { EntityKind::Gpu, topology->jobs[0].gpuIndices[5] }; }
    EntityRef idleGpu() const
    {
        for (uint32_t g = 0; g < topology->gpus.size(); ++g)
            if (topology->jobOfGpu[g] < 0)
                return { EntityKind::Gpu, g };
        return {};
    }

    AlarmBook freshBook() const
    {
        AlarmBook book;
        book.setTopology(topology, standardMetrics());
        return book;
    }

    Event action(EventType type, uint64_t alarm, int64_t time, const QString &who = QStringLiteral("kim")) const
    {
        Event e = test::makeEvent(0, time, type, jobGpu(), Severity::Info, {}, 0, 0, who);
        e.alarmId = alarm;
        return e;
    }

    // Runs a little script over one GPU's ECC alarm, a token a minute:
    // warn, ack, shelve:M, unshelve, wait:M, drain, undrain, oos, rts, escalate.
    // Returns the alarm (id 1), with `refusals` collecting what the book refused.
    Alarm run(const QString &script, QStringList *refusals = nullptr) const
    {
        AlarmBook book = freshBook();
        int64_t t = T0;
        uint64_t nextEvent = 1;
        const uint32_t node = topology->gpus[jobGpu().index].nodeIndex;
        for (const QString &token : script.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const QString verb = token.section(QLatin1Char(':'), 0, 0);
            const double arg = token.section(QLatin1Char(':'), 1, 1).toDouble();
            t += Minute;
            Event e;
            if (verb == QLatin1String("warn")) {
                e = test::makeEvent(nextEvent++, t, EventType::RowRemap, jobGpu(), Severity::Warning);
            } else if (verb == QLatin1String("wait")) {
                t += int64_t(arg) * Minute - Minute;
                book.advanceTo(t);
                continue;
            } else if (verb == QLatin1String("drain") || verb == QLatin1String("undrain")) {
                e = test::makeEvent(nextEvent++, t,
                                    verb == QLatin1String("drain") ? EventType::Drain : EventType::Undrain,
                                    { EntityKind::Node, node }, Severity::Info, {}, 0, 0, QStringLiteral("kim"));
            } else {
                static const std::map<QString, EventType> verbs {
                    { QStringLiteral("ack"), EventType::Acknowledge },
                    { QStringLiteral("shelve"), EventType::Shelve },
                    { QStringLiteral("unshelve"), EventType::Unshelve },
                    { QStringLiteral("oos"), EventType::RemoveFromService },
                    { QStringLiteral("rts"), EventType::ReturnToService },
                    { QStringLiteral("escalate"), EventType::Escalate },
                };
                e = action(verbs.at(verb), 1, t);
                e.value = arg * 60.0; // shelve: minutes
                if (const auto [refusal, why] = book.check(e); refusal != AlarmRefusal::None) {
                    if (refusals)
                        *refusals << verb + QLatin1String(": ") + why;
                    continue;
                }
            }
            book.applyEvents({ e });
        }
        const Alarm *a = book.find(1);
        return a ? *a : Alarm {};
    }

private Q_SLOTS:
    void everyTransition_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<QString>("state");
        QTest::newRow("raised") << "warn"
                                << "unacknowledged";
        QTest::newRow("acknowledged") << "warn ack"
                                      << "acknowledged";
        QTest::newRow("cleared unacknowledged") << "warn wait:31"
                                                << "returned_unacknowledged";
        QTest::newRow("still active at 29 min") << "warn wait:29"
                                                << "unacknowledged";
        QTest::newRow("returned then acknowledged") << "warn wait:31 ack"
                                                    << "normal";
        QTest::newRow("acknowledged then cleared") << "warn ack wait:31"
                                                   << "normal";
        QTest::newRow("back while returned") << "warn wait:31 warn"
                                             << "unacknowledged";
        QTest::newRow("a new activation asks again") << "warn ack wait:31 warn"
                                                     << "unacknowledged";
        QTest::newRow("a repeat while acknowledged stays acknowledged") << "warn ack warn"
                                                                        << "acknowledged";
        QTest::newRow("shelved") << "warn shelve:10"
                                 << "shelved";
        QTest::newRow("shelf expires in alarm") << "warn shelve:10 wait:11"
                                                << "unacknowledged";
        QTest::newRow("acknowledged, shelf expires in alarm") << "warn ack shelve:10 wait:11"
                                                              << "unacknowledged";
        QTest::newRow("shelf expires, then it clears") << "warn shelve:10 wait:40"
                                                       << "returned_unacknowledged";
        QTest::newRow("cleared on the shelf") << "warn shelve:60 wait:61"
                                              << "normal";
        QTest::newRow("unshelved after it cleared") << "warn shelve:60 wait:40 unshelve"
                                                    << "normal";
        QTest::newRow("unshelved in alarm") << "warn shelve:60 unshelve"
                                            << "unacknowledged";
        QTest::newRow("drained") << "warn drain"
                                 << "suppressed_by_design";
        QTest::newRow("raised on a drained node") << "drain warn"
                                                  << "suppressed_by_design";
        QTest::newRow("back from the drain in alarm") << "warn drain undrain"
                                                      << "unacknowledged";
        QTest::newRow("back from the drain, clear") << "warn drain wait:40 undrain"
                                                    << "normal";
        QTest::newRow("out of service") << "warn oos"
                                        << "out_of_service";
        QTest::newRow("out of service, drained") << "warn oos drain"
                                                 << "out_of_service";
        QTest::newRow("returned to service in alarm") << "warn oos rts"
                                                      << "unacknowledged";
        QTest::newRow("returned to service clear") << "warn oos wait:40 rts"
                                                   << "normal";
    }

    void everyTransition()
    {
        QFETCH(QString, script);
        QFETCH(QString, state);
        const Alarm a = run(script);
        QCOMPARE(a.id, uint64_t(1));
        QCOMPARE(alarmStateKey(a.state()), state);
    }

    void actionsRefusedWithAReason_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<QString>("refusal"); // a part of the reason; empty: none refused
        QTest::newRow("acknowledged twice") << "warn ack ack"
                                            << "acknowledged already, by kim at";
        QTest::newRow("nothing to acknowledge") << "warn ack wait:31 ack"
                                                << "nothing to acknowledge";
        QTest::newRow("acknowledging a shelved alarm") << "warn shelve:10 ack"
                                                       << "is shelved";
        QTest::newRow("acknowledging out of service") << "warn oos ack"
                                                      << "out of service";
        QTest::newRow("a negative shelve") << "warn shelve:-5"
                                           << "1 minute to 7 days";
        QTest::newRow("a zero shelve") << "warn shelve:0"
                                       << "1 minute to 7 days";
        QTest::newRow("a shelve of 8 days") << "warn shelve:11520"
                                            << "1 minute to 7 days";
        QTest::newRow("unshelving what is not shelved") << "warn unshelve"
                                                        << "is not shelved";
        QTest::newRow("escalated twice") << "warn escalate escalate"
                                         << "escalated already";
        QTest::newRow("out of service twice") << "warn oos oos"
                                              << "out of service already";
        QTest::newRow("returning what is in service") << "warn rts"
                                                      << "is in service";
        QTest::newRow("a shelve of 7 days is fine") << "warn shelve:10080"
                                                    << "";
    }

    void actionsRefusedWithAReason()
    {
        QFETCH(QString, script);
        QFETCH(QString, refusal);
        QStringList refused;
        run(script, &refused);
        if (refusal.isEmpty()) {
            QVERIFY2(refused.isEmpty(), qPrintable(refused.join(u'\n')));
        } else {
            QCOMPARE(refused.size(), 1);
            QVERIFY2(refused.front().contains(refusal), qPrintable(refused.front()));
        }
    }

    void unknownAlarmsAndActionsWithoutOne()
    {
        AlarmBook book = freshBook();
        book.applyEvents({ test::makeEvent(1, T0, EventType::RowRemap, jobGpu(), Severity::Warning) });
        QCOMPARE(book.check(action(EventType::Acknowledge, 99, T0)).first, AlarmRefusal::NotFound);
        QCOMPARE(book.check(action(EventType::Shelve, 0, T0)).first, AlarmRefusal::InvalidArgument);
        QCOMPARE(book.check(action(EventType::HotPatch, 0, T0)).first, AlarmRefusal::None); // not about an alarm
        Event noted = action(EventType::Note, 1, T0);
        QCOMPARE(book.check(noted).first, AlarmRefusal::InvalidArgument); // a note needs text
        noted.message = QStringLiteral("vendor ticket 4411");
        QCOMPARE(book.check(noted).first, AlarmRefusal::None);
        book.applyEvents({ noted });
        QCOMPARE(book.find(1)->lastComment, QStringLiteral("kim: vendor ticket 4411"));
        Event nan = action(EventType::Shelve, 1, T0);
        nan.value = std::nan("");
        QCOMPARE(book.check(nan).first, AlarmRefusal::InvalidArgument);
        // An older client's acknowledgement of the warning itself acknowledges the entity's alarm.
        Event legacy = action(EventType::Acknowledge, 0, T0 + Minute, QStringLiteral("ana"));
        book.applyEvents({ legacy });
        QCOMPARE(book.find(1)->state(), AlarmState::Acknowledged);
        QCOMPARE(book.find(1)->acknowledgedBy, QStringLiteral("ana"));
        // Warnings about entities the cluster does not hold raise nothing.
        book.applyEvents({ test::makeEvent(2, T0, EventType::Xid, { EntityKind::Gpu, 1u << 30 }, Severity::Critical) });
        QCOMPARE(book.size(), size_t(1));
    }

    // Times at the ends of int64 (a hostile or broken source) saturate: the
    // warning stays active, the shelf never wraps round into the past. The
    // sanitizer lane fails this on any overflow.
    void timesAtTheEdgesOfInt64()
    {
        AlarmBook book = freshBook();
        const int64_t end = std::numeric_limits<int64_t>::max();
        book.applyEvents({ test::makeEvent(1, end - 5, EventType::RowRemap, jobGpu(), Severity::Warning) });
        book.advanceTo(end - 1); // before the fix, the clearing time wrapped round and it cleared at once
        QCOMPARE(book.find(1)->state(), AlarmState::Unacknowledged);
        Event shelve = action(EventType::Shelve, 1, end - 2);
        shelve.value = 3600;
        book.applyEvents({ shelve });
        QVERIFY(book.find(1)->shelved);
        QCOMPARE(book.find(1)->shelvedUntilMs, end);
    }

    void ownersAndEscalation()
    {
        AlarmBook book = freshBook();
        book.applyEvents({ test::makeEvent(1, T0, EventType::RowRemap, jobGpu(), Severity::Warning) });
        const AlarmPriority before = book.find(1)->priority;
        Event assign = action(EventType::Assign, 1, T0 + Minute);
        assign.message = QStringLiteral("d.kowalski");
        QCOMPARE(book.check(assign).first, AlarmRefusal::None);
        book.applyEvents({ assign });
        QCOMPARE(book.find(1)->owner, QStringLiteral("d.kowalski"));
        QCOMPARE(book.check(assign).first, AlarmRefusal::FailedPrecondition); // hers already
        assign.message = QString(65, QLatin1Char('x'));
        QCOMPARE(book.check(assign).first, AlarmRefusal::InvalidArgument);
        book.applyEvents({ action(EventType::Escalate, 1, T0 + 2 * Minute) });
        QVERIFY(book.find(1)->escalated);
        QVERIFY(book.find(1)->priority > before);
        QCOMPARE(book.takeChanged(), std::vector<uint64_t> { 1 });
        QVERIFY(book.takeChanged().empty());
    }

    void priorityRisesOnlyForFaultsThatStopAJob()
    {
        AlarmBook book = freshBook();
        QVERIFY(topology->jobs[0].gpuIndices.size() >= AlarmBook::LargeBlastRadiusGpus / 2);
        book.applyEvents({ test::makeEvent(1, T0, EventType::RowRemap, jobGpu(), Severity::Warning),
                           test::makeEvent(2, T0, EventType::RowRemap, idleGpu(), Severity::Warning),
                           test::makeEvent(3, T0, EventType::Xid, jobGpu(), Severity::Critical, {}, 0, 79),
                           test::makeEvent(4, T0, EventType::Xid, idleGpu(), Severity::Critical, {}, 0, 79),
                           test::makeEvent(5, T0, EventType::NvlinkCrc, jobGpu(), Severity::Warning) });
        const Alarm *busy = book.find(1), *idle = book.find(2), *fallen = book.find(3), *fallenIdle = book.find(4),
                    *crc = book.find(5);
        QCOMPARE(busy->gpusAtRisk, uint32_t(topology->jobs[0].gpuIndices.size()));
        QCOMPARE(busy->jobId, topology->jobs[0].id);
        QCOMPARE(idle->gpusAtRisk, 0u);
        // Rows pending remap need a reset soon, whatever runs there: medium either way.
        QCOMPARE(busy->priority, AlarmPriority::Medium);
        QCOMPARE(idle->priority, AlarmPriority::Medium);
        QCOMPARE(crc->priority, AlarmPriority::Low); // a link retrying is worth a look, not a call
        // A GPU off the bus stops its job: high, critical for a large one, medium with nothing behind it.
        QCOMPARE(fallen->priority,
                 topology->jobs[0].gpuIndices.size() >= AlarmBook::LargeBlastRadiusGpus ? AlarmPriority::Critical
                                                                                        : AlarmPriority::High);
        QCOMPARE(fallenIdle->priority, AlarmPriority::Medium);
        QCOMPARE(fallen->code, 79);
        // A repeat that stops the job raises a running alarm on the same condition.
        book.applyEvents({ test::makeEvent(6, T0 + Minute, EventType::RowRemap, jobGpu(), Severity::Critical) });
        QVERIFY(book.find(1)->priority >= AlarmPriority::High);
    }

    void correctableErrorsByTheirRate()
    {
        const EntityRef gpu = jobGpu();
        auto errors = [&](uint64_t id, int64_t t, EntityRef on, double count) {
            Event e = test::makeEvent(id, t, EventType::EccSingleBit, on, Severity::Warning);
            e.value = count;
            return e;
        };
        AlarmBook book = freshBook();
        // Three warnings of three errors each: nine in a day, under the floor.
        book.applyEvents(
            { errors(1, T0, gpu, 3), errors(2, T0 + 60 * Minute, gpu, 3), errors(3, T0 + 120 * Minute, gpu, 3) });
        QCOMPARE(book.size(), size_t(0));
        QVERIFY(book.activations().empty());
        book.applyEvents({ errors(4, T0 + 180 * Minute, gpu, 1) }); // the tenth
        QCOMPARE(book.size(), size_t(1));
        const Alarm a = book.alarms().front();
        QCOMPARE(a.entity, gpu);
        QCOMPARE(a.sourceType, EventType::EccSingleBit);
        QCOMPARE(a.priority, AlarmPriority::Low); // on the large job, and still low: nothing has stopped
        QCOMPARE(a.value, 10.0);
        QVERIFY2(a.message.startsWith(QStringLiteral("10 correctable ECC errors in 24 h")), qPrintable(a.message));
        // More errors keep the one alarm; no new annunciation.
        book.applyEvents({ errors(5, T0 + 200 * Minute, gpu, 5) });
        QCOMPARE(book.activations().size(), size_t(1));
        // A book that keeps no activations (the gateway's) raises the same alarm and keeps none.
        AlarmBook lean = freshBook();
        lean.keepActivations(false);
        lean.applyEvents({ errors(1, T0, gpu, 3), errors(2, T0 + 60 * Minute, gpu, 3),
                           errors(3, T0 + 120 * Minute, gpu, 3), errors(4, T0 + 180 * Minute, gpu, 1) });
        QCOMPARE(lean.alarms(), std::vector<Alarm>({ a }));
        QVERIFY(lean.activations().empty());
        // Quiet for an hour: a warning's alarm would clear; a rate alarm holds while the rate does.
        book.advanceTo(T0 + 300 * Minute);
        QVERIFY(book.alarms().front().active);
        // A day after the last errors they have all left the window: clear.
        book.advanceTo(T0 + 200 * Minute + AlarmBook::EccRateWindowMs + Minute);
        QVERIFY(!book.alarms().front().active);

        // Among peers that all see errors, ten is not far above them.
        AlarmBook busy = freshBook();
        std::vector<Event> stream;
        uint64_t id = 1;
        for (uint32_t g = 0; g < topology->gpus.size(); ++g)
            if (g != gpu.index)
                stream.push_back(errors(id++, T0, { EntityKind::Gpu, g }, 2));
        stream.push_back(errors(id++, T0 + Minute, gpu, 15));
        busy.applyEvents(stream);
        QCOMPARE(busy.size(), size_t(0));
        busy.applyEvents({ errors(id++, T0 + 2 * Minute, gpu, 5) }); // twenty: ten times its peers' two
        QCOMPARE(busy.size(), size_t(1));

        // Nonsense counts count as one error each; a node's or a negative count is not a GPU's.
        AlarmBook odd = freshBook();
        odd.applyEvents({ errors(1, T0, gpu, std::nan("")), errors(2, T0, gpu, -5), errors(3, T0, gpu, 1e300),
                          errors(4, T0, { EntityKind::Node, 0 }, 50) });
        QCOMPARE(odd.size(), size_t(1));
        QCOMPARE(odd.alarms().front().value, 1e9 + 2);

        // Restored after a restart without its counts: it clears once a whole window is quiet.
        AlarmBook restored = freshBook();
        Alarm standing = book.alarms().front();
        standing.active = true;
        standing.lastSeenMs = T0;
        standing.changedMs = T0;
        restored.restore({ standing });
        restored.advanceTo(T0 + AlarmBook::EccRateWindowMs - Minute);
        QVERIFY(restored.find(standing.id)->active);
        restored.advanceTo(T0 + AlarmBook::EccRateWindowMs + Minute);
        QVERIFY(!restored.find(standing.id)->active);
    }

    // A made-up flood cannot grow the book without bound: past its cap new alarms are
    // counted on one alarm that says so, and the alarms it holds go on as before.
    void theBookHoldsAtMostItsCap()
    {
        AlarmBook book = freshBook();
        book.setMaxAlarms(10);
        std::vector<Event> flood;
        for (uint32_t g = 0; g < 25; ++g)
            flood.push_back(
                test::makeEvent(g + 1, T0 + g, EventType::RowRemap, { EntityKind::Gpu, g }, Severity::Warning));
        book.applyEvents(flood);
        QCOMPARE(book.size(), size_t(11)); // ten, and the one about the flood
        QCOMPARE(book.refusedAlarms(), uint64_t(15));
        const std::vector<Alarm> alarms = book.alarms();
        const auto full = std::find_if(alarms.begin(), alarms.end(), [](const Alarm &a) {
            return a.metricId == AlarmBook::BookFullMetricId && a.entity.kind == EntityKind::Cluster;
        });
        QVERIFY(full != alarms.end());
        QVERIFY(full->active);
        QCOMPARE(full->priority, AlarmPriority::High);
        QVERIFY2(full->message.contains(QStringLiteral("15 new alarm(s) not annunciated")), qPrintable(full->message));
        // A held alarm still takes its repeats and its actions.
        book.applyEvents(
            { test::makeEvent(100, T0 + Minute, EventType::RowRemap, { EntityKind::Gpu, 0 }, Severity::Critical) });
        QVERIFY(book.find(1)->priority >= AlarmPriority::High);
        QCOMPARE(book.size(), size_t(11));
        // Half an hour without a refusal: the flood alarm clears, as a quiet warning does.
        book.advanceTo(T0 + Minute + AlarmBook::WarningClearMs + 1);
        QVERIFY(!book.find(full->id)->active);
    }

    // A topology that places nothing in racks (a lab's file) keeps one alarm per GPU.
    void thresholdsWithoutRacks()
    {
        auto bare = std::make_shared<Topology>();
        bare->nodes.push_back({});
        bare->nodes.back().hostname = QStringLiteral("lab1");
        for (uint32_t g = 0; g < 2; ++g) {
            Gpu gpu;
            gpu.nodeIndex = 0;
            gpu.localIndex = g;
            gpu.uuid = QStringLiteral("GPU-%1").arg(g);
            bare->gpus.push_back(gpu);
        }
        bare->index();
        QVERIFY(bare->racks.empty());
        AlarmBook book;
        book.setTopology(bare, standardMetrics());
        ClusterState state;
        state.reset(bare, standardMetrics());
        const uint32_t tempId = state.column(metric::GpuTemp)->descriptor.id;
        for (int i = 0; i < 10; ++i) {
            v1::Samples s;
            s.set_time_ms(T0 + i * 10000);
            auto *b = s.add_blocks();
            b->set_metric_id(tempId);
            b->add_values(90.0f);
            b->add_values(91.0f);
            QVERIFY(state.apply(s).ok());
            book.applyReadings(state);
        }
        QCOMPARE(book.size(), size_t(2));
        for (const Alarm &a : book.alarms())
            QCOMPARE(a.entity.kind, EntityKind::Gpu);
    }

    void aNodesThrottlingGpusAreOneAlarm()
    {
        AlarmBook book = freshBook();
        const uint32_t node = topology->gpus[jobGpu().index].nodeIndex;
        std::vector<Event> stream;
        uint64_t id = 1;
        for (uint32_t g = 0; g < topology->gpus.size(); ++g)
            if (topology->gpus[g].nodeIndex == node) {
                stream.push_back(test::makeEvent(id, T0 + int64_t(id) * 1000, EventType::ThermalThrottle,
                                                 { EntityKind::Gpu, g }, Severity::Warning));
                ++id;
            }
        QVERIFY(stream.size() > 1);
        book.applyEvents(stream);
        QCOMPARE(book.size(), size_t(1));
        QCOMPARE(book.activations().size(), size_t(1));
        const Alarm a = book.alarms().front();
        QCOMPARE(a.entity, (EntityRef { EntityKind::Node, node }));
        QCOMPARE(a.priority, AlarmPriority::Low);
        QVERIFY(a.gpusAtRisk > 0);
    }

    // A straggler judged every half hour (a feed that comes a frame every 15 minutes) is one
    // alarm while it lasts, not one a window: the demo's cluster raised 10,334 activations of
    // "Slower than its peers" in 25 days from about 1,250 slow GPUs. It clears once it has
    // missed three of its repeats. A fault that stops a job asks anew each time it comes.
    void aLastingConditionIsOneAlarmThroughItsRepeats()
    {
        AlarmBook book = freshBook();
        const int64_t every = 30 * Minute;
        uint64_t id = 1;
        for (int window = 0; window < 12; ++window)
            book.applyEvents(
                { test::makeEvent(id++, T0 + window * every, EventType::Straggler, jobGpu(), Severity::Warning) });
        QCOMPARE(book.activations().size(), size_t(1));
        const int64_t last = T0 + 11 * every;
        const Alarm straggler = book.alarms().front();
        QCOMPARE(book.warningHoldMs(straggler), AlarmBook::MissedRepeats * every);
        book.advanceTo(last + 3 * every);
        QVERIFY(book.find(straggler.id)->active); // three repeats missed exactly: not yet
        book.advanceTo(last + 3 * every + 1);
        QVERIFY(!book.find(straggler.id)->active);

        // Warnings once every three hours are separate occurrences, each its own activation.
        AlarmBook sparse = freshBook();
        for (int i = 0; i < 4; ++i)
            sparse.applyEvents(
                { test::makeEvent(id++, T0 + i * 180 * Minute, EventType::Straggler, jobGpu(), Severity::Warning) });
        QCOMPARE(sparse.activations().size(), size_t(4));

        // A hold never passes MaxWarningHoldMs.
        AlarmBook slow = freshBook();
        for (int i = 0; i < 3; ++i)
            slow.applyEvents({ test::makeEvent(id++, T0 + i * 119 * Minute, EventType::ThermalThrottle, jobGpu(),
                                               Severity::Warning) });
        QCOMPARE(slow.warningHoldMs(slow.alarms().front()), AlarmBook::MaxWarningHoldMs - 3 * Minute);

        // Xid 79 twice 40 minutes apart on a GPU an operator acknowledged: asked again.
        AlarmBook faults = freshBook();
        faults.applyEvents({ test::makeEvent(id++, T0, EventType::Xid, jobGpu(), Severity::Critical, {}, 0, 79) });
        const uint64_t xid = faults.alarms().front().id;
        faults.applyEvents({ action(EventType::Acknowledge, xid, T0 + Minute) });
        faults.applyEvents(
            { test::makeEvent(id++, T0 + 40 * Minute, EventType::Xid, jobGpu(), Severity::Critical, {}, 0, 79) });
        QCOMPARE(faults.activations().size(), size_t(2));
        QVERIFY(faults.find(xid)->needsAcknowledging());
        QCOMPARE(faults.warningHoldMs(*faults.find(xid)), AlarmBook::WarningClearMs);
    }

    void aHotRackIsOneAlarm()
    {
        ClusterState state;
        state.reset(topology, standardMetrics());
        const uint32_t tempId = state.column(metric::GpuTemp)->descriptor.id;
        const uint32_t node = topology->gpus[jobGpu().index].nodeIndex;
        const uint32_t rack = topology->nodes[node].rackIndex;
        std::vector<uint32_t> rackGpus;
        for (uint32_t g = 0; g < topology->gpus.size(); ++g)
            if (topology->nodes[topology->gpus[g].nodeIndex].rackIndex == rack)
                rackGpus.push_back(g);
        QVERIFY(rackGpus.size() > 8);
        AlarmBook book = freshBook();
        auto frame = [&](int64_t t, const std::function<float(size_t)> &celsius) {
            v1::Samples s;
            s.set_time_ms(t);
            for (size_t k = 0; k < rackGpus.size(); ++k) {
                auto *b = s.add_blocks();
                b->set_metric_id(tempId);
                b->set_first_index(rackGpus[k]);
                b->add_values(celsius(k));
            }
            QVERIFY(state.apply(s).ok());
            book.applyReadings(state);
        };
        // Every GPU of the rack at 88 °C and one at 91 °C, for three minutes.
        for (int i = 0; i <= 18; ++i)
            frame(T0 + i * 10000, [](size_t k) { return k == 3 ? 91.0f : 88.0f; });
        QCOMPARE(book.size(), size_t(1));
        QCOMPARE(book.activations().size(), size_t(1));
        Alarm a = book.alarms().front();
        QCOMPARE(a.entity, (EntityRef { EntityKind::Rack, rack }));
        QCOMPARE(a.metricId, tempId);
        QCOMPARE(a.value, 91.0); // the hottest
        QCOMPARE(a.message, QStringLiteral("GPU above 85 °C: %1 GPUs of the rack").arg(rackGpus.size()));
        // Half of them cool: still one alarm, fewer GPUs.
        for (int i = 19; i <= 36; ++i)
            frame(T0 + i * 10000, [](size_t k) { return k % 2 ? 70.0f : 88.0f; });
        a = book.alarms().front();
        QVERIFY(a.active);
        QCOMPARE(a.message, QStringLiteral("GPU above 85 °C: %1 GPUs of the rack").arg((rackGpus.size() + 1) / 2));
        QCOMPARE(book.activations().size(), size_t(1));
        // All cool: it clears.
        for (int i = 37; i <= 54; ++i)
            frame(T0 + i * 10000, [](size_t) { return 70.0f; });
        QVERIFY(!book.alarms().front().active);
    }

    void thresholdsWaitAndDoNotChatter()
    {
        // A GPU hovering around 85 °C, a reading every 10 s for 20 minutes, then cooling.
        ClusterState state;
        state.reset(topology, standardMetrics());
        const uint32_t tempId = state.column(metric::GpuTemp)->descriptor.id;
        const uint32_t gpu = jobGpu().index;
        auto readings = [&](AlarmBook &book, const std::function<float(int)> &temperature, int count, int64_t from) {
            state.reset(topology, standardMetrics()); // each book reads its own stream
            for (int i = 0; i < count; ++i) {
                v1::Samples s;
                s.set_time_ms(from + i * 10000);
                auto *b = s.add_blocks();
                b->set_metric_id(tempId);
                b->set_first_index(gpu);
                b->add_values(temperature(i));
                QVERIFY(state.apply(s).ok());
                book.applyReadings(state);
            }
        };
        // Cool for two minutes, 87 °C for two, then wobbling across the limit (86.5, 84, …) for
        // eight, then cool again.
        const auto hovering = [](int i) {
            if (i < 12 || i >= 72)
                return i < 12 ? 80.0f : 70.0f;
            return i < 24 || i % 2 == 0 ? (i < 24 ? 87.0f : 86.5f) : 84.0f;
        };

        AlarmBook plain = freshBook();
        QCOMPARE(plain.setRules({ { metric::GpuTemp, 85.0, qQNaN(), false, 0.0, 0, 0, AlarmPriority::Medium, {} } }),
                 QString());
        readings(plain, hovering, 130, T0);
        QCOMPARE(plain.size(), size_t(1));
        QCOMPARE(plain.alarms().front().activations, 24u); // once, then at every other reading: chatter
        const FloodFigures chatter = floodFigures(plain.activations(), plain.alarms(), T0, T0 + 30 * Minute);
        QCOMPARE(chatter.chattering.size(), size_t(1));
        QCOMPARE(chatter.chattering.front().activations, size_t(24));

        AlarmBook damped = freshBook(); // the default rule: 3 °C of deadband, a minute on and off
        readings(damped, hovering, 130, T0);
        QCOMPARE(damped.size(), size_t(1));
        const Alarm a = damped.alarms().front();
        QCOMPARE(a.activations, 1u);
        QCOMPARE(a.raisedMs, T0 + 180000); // above 85 from the 13th reading; raised a minute later
        QCOMPARE(a.metricId, tempId);
        QVERIFY(!a.active); // back below 82 for a minute at the end
        QCOMPARE(a.changedMs, T0 + 780000);
        QCOMPARE(a.state(), AlarmState::ReturnedUnacknowledged);
        QVERIFY(floodFigures(damped.activations(), damped.alarms(), T0, T0 + 30 * Minute).chattering.empty());

        // A spike shorter than the on-delay raises nothing.
        AlarmBook spike = freshBook();
        readings(
            spike, [](int i) { return i < 5 ? 95.0f : 60.0f; }, 20, T0 + Minute * 60);
        QCOMPARE(spike.size(), size_t(0));
        // No reading is neither a raise nor a clear.
        AlarmBook silent = freshBook();
        readings(
            silent, [](int i) { return i < 10 ? 95.0f : std::nanf(""); }, 30, T0 + Minute * 120);
        QCOMPARE(silent.size(), size_t(1));
        QVERIFY(silent.alarms().front().active);

        ThresholdRule nonsense { metric::GpuTemp, 80.0, 90.0, false, 0.0, 0, 0, AlarmPriority::Low, {} };
        QVERIFY(plain.setRules({ nonsense }).contains(QStringLiteral("low limit above")));
        nonsense = { metric::GpuTemp, qQNaN(), qQNaN(), false, 0.0, 0, 0, AlarmPriority::Low, {} };
        QVERIFY(plain.setRules({ nonsense }).contains(QStringLiteral("neither")));
        nonsense = { metric::GpuTemp, 80.0, qQNaN(), false, -1.0, 0, 0, AlarmPriority::Low, {} };
        QVERIFY(plain.setRules({ nonsense }).contains(QStringLiteral("deadband")));
        nonsense = { metric::GpuTemp, 80.0, qQNaN(), false, 1.0, -5, 0, AlarmPriority::Low, {} };
        QVERIFY(plain.setRules({ nonsense }).contains(QStringLiteral("delay")));
    }

    void aRestoredThresholdAlarmStillClears()
    {
        ClusterState state;
        state.reset(topology, standardMetrics());
        const uint32_t tempId = state.column(metric::GpuTemp)->descriptor.id;
        auto reading = [&](AlarmBook &book, int64_t t, float celsius) {
            v1::Samples s;
            s.set_time_ms(t);
            auto *b = s.add_blocks();
            b->set_metric_id(tempId);
            b->set_first_index(jobGpu().index);
            b->add_values(celsius);
            QVERIFY(state.apply(s).ok());
            book.applyReadings(state);
        };
        AlarmBook before = freshBook();
        for (int i = 0; i < 10; ++i)
            reading(before, T0 + i * 10000, 90.0f);
        QCOMPARE(before.size(), size_t(1));
        QVERIFY(before.alarms().front().active);
        AlarmBook after = freshBook(); // a restarted gateway
        after.restore(before.alarms());
        for (int i = 10; i < 20; ++i)
            reading(after, T0 + i * 10000, 60.0f);
        QVERIFY(!after.alarms().front().active);
        QCOMPARE(after.size(), size_t(1)); // the same alarm, not a second one
    }

    void rulesFromAFile_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("error"); // a part of it; empty: taken
        QTest::newRow("a site's rules") << QByteArray(R"({"rules": [
                {"metric": "DCGM_FI_DEV_GPU_TEMP", "above": 83, "deadband": 3, "on_delay_s": 30,
                 "off_delay_s": 60, "priority": "high", "description": "GPU above 83 °C"},
                {"metric": "VIGIL_PDU_LOAD", "above": 85, "percent_of_rating": true, "priority": "critical"}]})")
                                        << QString();
        QTest::newRow("not JSON") << QByteArray("{rules: [") << "site.json: not JSON";
        QTest::newRow("no list") << QByteArray(R"({"rule": []})") << "expected an object with a \"rules\" list";
        QTest::newRow("a metric not served") << QByteArray(R"({"rules": [{"metric": "GPU_TEMP", "above": 80}]})")
                                             << "rule 1: metric \"GPU_TEMP\" is not served";
        QTest::newRow("no limit") << QByteArray(R"({"rules": [{"metric": "DCGM_FI_DEV_GPU_TEMP"}]})")
                                  << "neither a high nor a low limit";
        QTest::newRow("a limit in words")
            << QByteArray(R"({"rules": [{"metric": "DCGM_FI_DEV_GPU_TEMP", "above": "hot"}]})")
            << "\"above\" is not a number";
        QTest::newRow("a typo") << QByteArray(R"({"rules": [{"metric": "DCGM_FI_DEV_GPU_TEMP", "abve": 80}]})")
                                << "unknown field \"abve\"";
        QTest::newRow("an unknown priority")
            << QByteArray(R"({"rules": [{"metric": "DCGM_FI_DEV_GPU_TEMP", "above": 80, "priority": "urgent"}]})")
            << "unknown priority \"urgent\"";
        QTest::newRow("a negative delay")
            << QByteArray(R"({"rules": [{"metric": "DCGM_FI_DEV_GPU_TEMP", "above": 80, "on_delay_s": -5}]})")
            << "delay outside";
        QTest::newRow("rating of a GPU") << QByteArray(
            R"({"rules": [{"metric": "DCGM_FI_DEV_GPU_TEMP", "above": 80, "percent_of_rating": true}]})")
                                         << "PDU load only";
        QTest::newRow("the second rule wrong") << QByteArray(
            R"({"rules": [{"metric": "DCGM_FI_DEV_GPU_TEMP", "above": 80}, {"metric": "x", "above": 1}]})")
                                               << "rule 2:";
    }

    void rulesFromAFile()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, error);
        std::vector<ThresholdRule> rules = AlarmBook::defaultRules();
        const QString why = parseThresholdRules(json, QStringLiteral("site.json"), standardMetrics(), rules);
        if (!error.isEmpty()) {
            QVERIFY2(why.contains(error), qPrintable(why));
            QCOMPARE(rules.size(), AlarmBook::defaultRules().size()); // nothing taken
            return;
        }
        QCOMPARE(why, QString());
        QCOMPARE(rules.size(), size_t(2));
        QCOMPARE(rules[0].high, 83.0);
        QCOMPARE(rules[0].onDelayMs, int64_t(30000));
        QCOMPARE(rules[0].priority, AlarmPriority::High);
        QVERIFY(rules[1].relativeToRating);
        QCOMPARE(rules[1].priority, AlarmPriority::Critical);
        QVERIFY(rules[1].description.contains(QStringLiteral("85")));
        AlarmBook book = freshBook();
        QCOMPARE(book.setRules(rules), QString());
    }

    void pduLoadAgainstItsRating()
    {
        ClusterState state;
        state.reset(topology, standardMetrics());
        AlarmBook book = freshBook();
        const MetricColumn *load = state.column(metric::PduLoad);
        const float rated = topology->pdus[0].ratedKw;
        for (int i = 0; i < 10; ++i) {
            v1::Samples s;
            s.set_time_ms(T0 + i * 10000);
            auto *b = s.add_blocks();
            b->set_metric_id(load->descriptor.id);
            b->add_values(0.95f * rated); // PDU 0 at 95 % of its rating
            b->add_values(0.50f * rated);
            QVERIFY(state.apply(s).ok());
            book.applyReadings(state);
        }
        QCOMPARE(book.size(), size_t(1));
        QCOMPARE(book.alarms().front().entity, (EntityRef { EntityKind::Pdu, 0 }));
        QVERIFY(std::fabs(book.alarms().front().value - 95.0) < 0.01);

        // The PDU's own overload warning is the condition its load rule watches: no second
        // alarm. A PDU without readings still gets one; a breaker trip always does.
        const uint32_t silent = uint32_t(topology->pdus.size() - 1);
        book.applyEvents({ test::makeEvent(10, T0 + 2 * Minute, EventType::PduOverThreshold, { EntityKind::Pdu, 0 },
                                           Severity::Warning),
                           test::makeEvent(11, T0 + 2 * Minute, EventType::PduOverThreshold,
                                           { EntityKind::Pdu, silent }, Severity::Warning),
                           test::makeEvent(12, T0 + 3 * Minute, EventType::PduOverThreshold, { EntityKind::Pdu, 1 },
                                           Severity::Critical) });
        QCOMPARE(book.size(), size_t(3));
        size_t warnings = 0, trips = 0;
        for (const Alarm &a : book.alarms())
            if (a.sourceType == EventType::PduOverThreshold) {
                warnings += a.entity == EntityRef { EntityKind::Pdu, silent };
                trips += a.entity == EntityRef { EntityKind::Pdu, 1 } && a.priority >= AlarmPriority::High;
            }
        QCOMPARE(warnings, size_t(1));
        QCOMPARE(trips, size_t(1));
    }

    void forgottenAndRestored()
    {
        AlarmBook book = freshBook();
        book.applyEvents({ test::makeEvent(1, T0, EventType::RowRemap, jobGpu(), Severity::Warning) });
        book.applyEvents({ action(EventType::Acknowledge, 1, T0 + Minute) });
        book.advanceTo(T0 + AlarmBook::WarningClearMs + AlarmBook::ForgetAfterMs + Minute);
        QCOMPARE(book.size(), size_t(0));
        QCOMPARE(book.takeForgotten(), std::vector<uint64_t> { 1 });

        AlarmBook original = freshBook();
        original.applyEvents(
            { test::makeEvent(1, T0, EventType::RowRemap, jobGpu(), Severity::Warning),
              test::makeEvent(2, T0, EventType::PduOverThreshold, { EntityKind::Pdu, 0 }, Severity::Warning) });
        Event shelve = action(EventType::Shelve, 2, T0 + Minute);
        shelve.value = 3600;
        original.applyEvents({ shelve });
        AlarmBook restored = freshBook();
        restored.restore(original.alarms());
        QCOMPARE(restored.alarms(), original.alarms());
        // New alarms continue after the largest id; a repeat finds the restored alarm.
        restored.applyEvents(
            { test::makeEvent(3, T0 + 2 * Minute, EventType::RowRemap, jobGpu(), Severity::Warning),
              test::makeEvent(4, T0 + 2 * Minute, EventType::NvlinkCrc, jobGpu(), Severity::Warning) });
        QCOMPARE(restored.size(), size_t(3));
        QVERIFY(restored.find(3));
        QCOMPARE(restored.find(3)->sourceType, EventType::NvlinkCrc);
        restored.advanceTo(T0 + 62 * Minute); // the shelf expires on the restored alarm too
        QVERIFY(!restored.find(2)->shelved);
    }

    // A live dashboard's log of raises is bounded: past its limit the oldest go, the newest stay,
    // and a raise already kept is not kept twice.
    void theRaiseLogIsBounded()
    {
        AlarmRaiseLog log(100);
        for (uint64_t i = 1; i <= 250; ++i) {
            Alarm a;
            a.id = i;
            a.raisedMs = int64_t(i) * 1000;
            a.entity = { EntityKind::Gpu, uint32_t(i) };
            log.note(a);
            log.note(a); // the same raise again
        }
        QVERIFY(log.size() <= 100 && log.size() >= 75);
        QCOMPARE(log.raises().back().alarmId, uint64_t(250));
        for (size_t k = 1; k < log.raises().size(); ++k)
            QVERIFY(log.raises()[k].raisedMs > log.raises()[k - 1].raisedMs);
        AlarmRaiseLog whole; // a recording's keeps every one
        for (uint64_t i = 1; i <= 250; ++i) {
            Alarm a;
            a.id = i;
            a.raisedMs = int64_t(i) * 1000;
            whole.note(a);
        }
        QCOMPARE(whole.size(), size_t(250));
    }

    void floodFiguresOnCraftedStreams()
    {
        std::vector<AlarmActivation> stream;
        for (int i = 0; i < 25; ++i) // a burst: 25 alarms in the first 10 minutes
            stream.push_back({ uint64_t(100 + i), T0 + i * 20000 });
        for (int i = 0; i < 5; ++i) // then one every 10 minutes
            stream.push_back({ uint64_t(200 + i), T0 + (i + 1) * 10 * Minute + 1000 });
        const FloodFigures one = floodFigures(stream, {}, T0, T0 + 60 * Minute, 1);
        QCOMPARE(one.windows, size_t(6));
        QCOMPARE(one.activations, size_t(30));
        QCOMPARE(one.averagePer10Min, 5.0);
        QCOMPARE(one.peakPer10Min, 25.0);
        QCOMPARE(one.peakWindowStartMs, T0);
        QCOMPARE(one.floodWindows, size_t(1));
        QCOMPARE(one.floodShare(), 1.0 / 6.0);
        const FloodFigures three = floodFigures(stream, {}, T0, T0 + 60 * Minute, 3);
        QCOMPARE(three.peakPer10Min, 25.0 / 3.0);
        QCOMPARE(three.floodWindows, size_t(0)); // shared among three, not a flood
        QVERIFY(three.chattering.empty()); // each alarm came once
        const FloodFigures empty = floodFigures({}, {}, T0, T0, 1);
        QCOMPARE(empty.windows, size_t(0));

        Alarm standing;
        standing.id = 7;
        standing.active = true;
        standing.raisedMs = T0 - 25 * 3600000LL;
        Alarm recent = standing;
        recent.id = 8;
        recent.raisedMs = T0 - 3600000LL;
        Alarm parked = standing;
        parked.id = 9;
        parked.outOfService = true;
        const FloodFigures stale = floodFigures({}, { standing, recent, parked }, T0, T0 + 60 * Minute, 1);
        QCOMPARE(stale.stale.size(), size_t(1));
        QCOMPARE(stale.stale.front().alarmId, uint64_t(7));
    }

    // What the operator faces: alarms joining one group of the Alarms dock within 10 minutes are
    // one thing to look at; ungrouped ones each count, as ISA-18.2 counts annunciations.
    void aGroupWithinTenMinutesIsOneThingToLookAt()
    {
        std::vector<AlarmActivation> stream;
        for (int i = 0; i < 12; ++i) // twelve ECC alarms in one row, in the first ten minutes
            stream.push_back({ uint64_t(100 + i), T0 + i * 30000, AlarmPriority::Low, 5 });
        stream.push_back({ 200, T0 + 2 * Minute, AlarmPriority::High, 6 }); // an incident's
        for (int i = 0; i < 2; ++i) // the row's group again, in the second ten minutes
            stream.push_back({ uint64_t(120 + i), T0 + 11 * Minute + i * 1000, AlarmPriority::Low, 5 });
        for (int i = 0; i < 3; ++i) // three standing alone
            stream.push_back({ uint64_t(300 + i), T0 + 12 * Minute + i * 1000, AlarmPriority::Medium });
        const FloodFigures f = floodFigures(stream, {}, T0, T0 + 20 * Minute, 1);
        QCOMPARE(f.activations, size_t(18));
        QCOMPARE(f.faced, size_t(6));
        QCOMPARE(f.averagePer10Min, 3.0);
        QCOMPARE(f.peakPer10Min, 4.0);
        QCOMPARE(f.peakWindowStartMs, T0 + 10 * Minute);
        QCOMPARE(f.byPriority[0], size_t(14)); // priorities are of the alarms themselves

        // Against a reference count: per window, the ungrouped and the distinct groups.
        std::mt19937 random(11);
        std::vector<AlarmActivation> many;
        for (int i = 0; i < 2000; ++i)
            many.push_back({ uint64_t(i), T0 + int64_t(random() % (180 * Minute)), AlarmPriority::Low,
                             random() % 3 == 0 ? 0 : uint64_t(1 + random() % 40) });
        size_t reference = 0, busiest = 0;
        for (int64_t w = 0; w < 18; ++w) {
            std::set<uint64_t> groups;
            size_t alone = 0;
            for (const AlarmActivation &a : many)
                if (a.timeMs >= T0 + w * 10 * Minute && a.timeMs < T0 + (w + 1) * 10 * Minute) {
                    if (a.groupKey)
                        groups.insert(a.groupKey);
                    else
                        ++alone;
                }
            reference += alone + groups.size();
            busiest = std::max(busiest, alone + groups.size());
        }
        const FloodFigures g = floodFigures(many, {}, T0, T0 + 180 * Minute, 2);
        QCOMPARE(g.faced, reference);
        QCOMPARE(g.averagePer10Min, double(reference) / 18.0 / 2.0);
        QCOMPARE(g.peakPer10Min, double(busiest) / 2.0);
    }

    void upsetsAndSteadyOperation()
    {
        // A crash at 30 minutes: its upset runs from 20 to 90 minutes; a DBE at 80 merges into it.
        const std::vector<Event> events {
            test::makeEvent(1, T0 + 30 * Minute, EventType::JobCrash, { EntityKind::Job, 0 }, Severity::Critical),
            test::makeEvent(2, T0 + 80 * Minute, EventType::EccDoubleBit, jobGpu(), Severity::Critical),
            test::makeEvent(3, T0 + 100 * Minute, EventType::ThermalThrottle, jobGpu(), Severity::Warning),
        };
        const std::vector<TimeSpan> upsets = upsetPeriods(events);
        QCOMPARE(upsets.size(), size_t(1));
        QCOMPARE(upsets[0].fromMs, T0 + 20 * Minute);
        QCOMPARE(upsets[0].toMs, T0 + 140 * Minute);
        // Fifteen alarms during the upset (a real flood), one high; two low ones in steady operation.
        std::vector<AlarmActivation> stream;
        for (int i = 0; i < 15; ++i)
            stream.push_back(
                { uint64_t(i + 1), T0 + 31 * Minute + i * 1000, i == 0 ? AlarmPriority::High : AlarmPriority::Medium });
        stream.push_back({ 20, T0 + 5 * Minute, AlarmPriority::Low });
        stream.push_back({ 21, T0 + 175 * Minute, AlarmPriority::Low });
        const FloodFigures f = floodFigures(stream, {}, T0, T0 + 180 * Minute, 1, upsets);
        QCOMPARE(f.windows, size_t(18));
        QCOMPARE(f.steadyWindows, size_t(6)); // 0–20 and 140–180 minutes
        QCOMPARE(f.steadyFaced, size_t(2));
        QCOMPARE(f.steadyPer10Min, 2.0 / 6.0);
        QCOMPARE(f.floodWindows, size_t(1));
        QCOMPARE(f.steadyFloodWindows, size_t(0));
        QCOMPARE(f.byPriority[0], size_t(2));
        QCOMPARE(f.share(AlarmPriority::Medium), 14.0 / 17.0);
        QCOMPARE(f.highOrCriticalShare(), 1.0 / 17.0);
        QCOMPARE(floodFigures({}, {}, T0, T0 + 10 * Minute).highOrCriticalShare(), 0.0);
    }

    // The decline week, as the gateway follows it: an alarm load one operator can keep up
    // with (ISA-18.2 / EEMUA 191), and nothing that stops a job lost on the way.
    void theDeclineWeekIsALoadAnOperatorCanCarry()
    {
        SimulatorOptions options;
        options.scenario = Scenario::Decline;
        AlarmRun run;
        playThroughAlarms(options, 168.0, run);
        const FloodFigures f
            = floodFigures(run.activations, run.alarms, run.fromMs, run.toMs, 1, upsetPeriods(run.events));
        const QString figures = QStringLiteral("%1 alarms; high or critical %2 %, medium %3 %; %4 a 10 minutes steady")
                                    .arg(f.activations)
                                    .arg(100 * f.highOrCriticalShare())
                                    .arg(100 * f.share(AlarmPriority::Medium))
                                    .arg(f.steadyPer10Min);
        qInfo().noquote() << figures;
        QVERIFY2(f.activations > 20, qPrintable(figures)); // the week is not silent
        // High and critical are for faults that stop a job, and only for them. EEMUA 191 aims
        // for about 5 % of them over a long run; a week of decline has more faults than most,
        // and (once a lasting condition no longer counts once per repeat) sits near 6 %.
        std::set<std::pair<int64_t, EventType>> failures;
        for (const Event &e : run.events)
            if (isHardwareFailure(e))
                failures.insert({ e.timeMs, e.type });
        for (const AlarmActivation &a : run.activations) {
            const Alarm &alarm = run.everyAlarm.at(a.alarmId);
            QVERIFY2(a.priority < AlarmPriority::High || failures.count({ a.timeMs, alarm.sourceType }),
                     qPrintable(alarmKeyText(alarm)));
        }
        QVERIFY2(f.highOrCriticalShare() <= 0.10, qPrintable(figures));
        QVERIFY2(f.share(AlarmPriority::Medium) <= 0.20, qPrintable(figures));
        QVERIFY2(f.steadyPer10Min <= 1.0, qPrintable(figures));
        QVERIFY2(f.steadyFloodWindows == 0, qPrintable(figures));
        QVERIFY(f.steadyWindows > f.windows / 2);

        // Every fault that stopped a job was annunciated when it came, at medium or above (or
        // repeated an alarm annunciated so within the half hour before).
        std::multimap<int64_t, AlarmPriority> annunciated;
        for (const AlarmActivation &a : run.activations)
            annunciated.insert({ a.timeMs, a.priority });
        int faults = 0;
        for (const Event &e : run.events) {
            if (!isHardwareFailure(e))
                continue;
            ++faults;
            const auto from = annunciated.lower_bound(e.timeMs - AlarmBook::WarningClearMs);
            const auto to = annunciated.upper_bound(e.timeMs);
            QVERIFY2(std::any_of(from, to, [](const auto &p) { return p.second >= AlarmPriority::Medium; }),
                     qPrintable(QStringLiteral("%1 at %2 was not annunciated").arg(e.message).arg(e.timeMs)));
        }
        QVERIFY(faults >= 5);

        // The HBM that failed in the story showed its correctable errors, by rate, hours before.
        uint32_t worst = 0;
        std::map<uint32_t, double> errors;
        for (const Event &e : run.events)
            if (e.type == EventType::EccSingleBit && (errors[e.entity.index] += e.value) > errors[worst])
                worst = e.entity.index;
        int64_t firstFault = INT64_MAX;
        for (const Event &e : run.events)
            if (isHardwareFailure(e) && e.entity == EntityRef { EntityKind::Gpu, worst })
                firstFault = std::min(firstFault, e.timeMs);
        QVERIFY(firstFault < INT64_MAX);
        const auto ecc = std::find_if(run.everyAlarm.begin(), run.everyAlarm.end(), [&](const auto &kv) {
            return kv.second.sourceType == EventType::EccSingleBit
                && kv.second.entity == EntityRef { EntityKind::Gpu, worst };
        });
        QVERIFY(ecc != run.everyAlarm.end());
        const int64_t raised = ecc->second.raisedMs;
        QVERIFY2(raised < firstFault - 6 * 3600000LL,
                 qPrintable(QStringLiteral("raised %1 h before the fault").arg(double(firstFault - raised) / 3.6e6)));
    }
};

QTEST_GUILESS_MAIN(TestAlarms)
#include "tst_alarms.moc"
