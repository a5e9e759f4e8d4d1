// SPDX-License-Identifier: GPL-3.0-or-later
// Repeat offenders (RepairWatch, docs/repeat-offenders.md): a part that fails again soon after
// a repair, an Xid past the site's policy, the policy file and its mistakes; and the watch
// scored on the independent repair history, read as kernel logs and a ticket log.
#include "independentrepairs.h"

#include "domain/alarmbook.h"
#include "domain/codec.h"
#include "domain/nvlinkdomain.h"
#include "domain/repairwatch.h"
#include "domain/xidpolicy.h"
#include "gateway/telemetryjournal.h"
#include "vigil/v1/telemetry.pb.h"

#include <QTest>

using namespace vigil;
using namespace vigil::test;

namespace {

constexpr int64_t T0 = 1796083200000; // 2026-12-01 00:00 UTC
constexpr int64_t Hour = 3600000, Day = 24 * Hour;

std::shared_ptr<const Topology> twoNodes()
{
    auto t = std::make_shared<Topology>();
    t->halls.push_back({ QStringLiteral("h") });
    t->rows.push_back({ QStringLiteral("r"), 0 });
    t->racks.push_back({});
    for (uint32_t n = 0; n < 2; ++n) {
        t->nodes.push_back({ QStringLiteral("n%1").arg(n), 0, n });
        for (uint32_t l = 0; l < 4; ++l) {
            Gpu g;
            g.nodeIndex = n;
            g.localIndex = l;
            t->gpus.push_back(g);
        }
    }
    (void)t->index();
    return t;
}

Event xid(uint64_t id, int64_t at, uint32_t gpu, int code)
{
    Event e;
    e.id = id;
    e.timeMs = at;
    e.type = EventType::Xid;
    e.severity = code == 13 || code == 94 ? Severity::Warning : Severity::Critical;
    e.entity = { EntityKind::Gpu, gpu };
    e.code = code;
    return e;
}

Event repair(uint64_t id, int64_t at, EntityRef on, RepairKind kind)
{
    Event e;
    e.id = id;
    e.timeMs = at;
    e.type = EventType::Repair;
    e.severity = Severity::Info;
    e.entity = on;
    e.code = int32_t(kind);
    e.operatorName = QStringLiteral("kim");
    return e;
}

// One GB200 NVL72 rack (18 trays of 4 GPUs) and one rack of H100s beside it.
std::shared_ptr<const Topology> nvl72AndAnother()
{
    auto t = std::make_shared<Topology>();
    t->halls.push_back({ QStringLiteral("h") });
    t->rows.push_back({ QStringLiteral("r"), 0 });
    for (uint32_t rack = 0; rack < 2; ++rack) {
        t->racks.push_back({});
        t->racks.back().name = rack == 0 ? QStringLiteral("nvl72-a") : QStringLiteral("h100-b");
        t->racks.back().positionInRow = rack;
        for (uint32_t n = 0; n < (rack == 0 ? 18u : 4u); ++n) {
            t->nodes.push_back({ QStringLiteral("%1-t%2").arg(t->racks.back().name).arg(n), rack, n });
            for (uint32_t l = 0; l < 4; ++l) {
                Gpu g;
                g.nodeIndex = uint32_t(t->nodes.size() - 1);
                g.localIndex = l;
                g.model = rack == 0 ? QStringLiteral("NVIDIA GB200") : QStringLiteral("NVIDIA H100 80GB HBM3");
                t->gpus.push_back(g);
            }
        }
    }
    (void)t->index();
    return t;
}

Event operatorAction(uint64_t id, int64_t at, EventType type, EntityRef on)
{
    Event e;
    e.id = id;
    e.timeMs = at;
    e.type = type;
    e.severity = Severity::Info;
    e.entity = on;
    return e;
}

std::vector<Event> watched(RepairWatch &watch, const std::vector<Event> &events)
{
    std::vector<Event> warnings;
    for (const Event &e : events)
        watch.observe({ e }, warnings);
    return warnings;
}

} // namespace

class TestRepairs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aFailureSoonAfterARepairSaysTheRepairDidNotWork()
    {
        RepairWatch watch;
        watch.setTopology(twoNodes());
        std::vector<Event> warnings
            = watched(watch,
                      { xid(1, T0, 2, 79), repair(2, T0 + 3 * Hour, { EntityKind::Gpu, 2 }, RepairKind::Reset),
                        xid(3, T0 + 2 * Day + 3 * Hour, 2, 79), xid(4, T0 + 3 * Day, 2, 79) });
        // (Two of Xid 79 in two weeks also meet the default policy's rule: a warning of its own.)
        std::erase_if(warnings, [](const Event &w) { return w.type != EventType::RepeatFailure; });
        QCOMPARE(warnings.size(), size_t(1)); // the third failure had no repair of its own to fail
        const Event &w = warnings[0];
        QCOMPARE(w.type, EventType::RepeatFailure);
        QCOMPARE(w.entity, (EntityRef { EntityKind::Gpu, 2 }));
        QCOMPARE(w.timeMs, T0 + 2 * Day + 3 * Hour);
        QCOMPARE(w.value, 2.0);
        QCOMPARE(w.targetEventId, uint64_t(2));
        QCOMPARE(w.code, 79);
        QCOMPARE(w.message, QStringLiteral("Xid 79 2.0 d after its reset by kim: the repair did not work"));
    }

    void onlyFailuresWithinTheWindowOfARepairOfTheirOwnCount()
    {
        RepairWatch watch;
        watch.setTopology(twoNodes());
        const std::vector<Event> warnings
            = watched(watch,
                      {
                          repair(1, T0, { EntityKind::Gpu, 0 }, RepairKind::Reset),
                          xid(2, T0 + Day, 0, 13), // the program's own: no failure of the GPU
                          xid(3, T0 + Day, 1, 79), // another GPU of the node: its reset was not this one's
                          xid(4, T0 + 8 * Day, 0, 48), // a week and a day after: past the window
                      });
        QVERIFY(warnings.empty());
        // A reboot mends the GPUs of its node that had failed, not one that fails later of its own;
        // a new part that fails sends them to the slot.
        RepairWatch node;
        node.setTopology(twoNodes());
        std::vector<Event> rebooted = watched(
            node,
            { xid(1, T0 - Hour, 6, 48), repair(2, T0, { EntityKind::Node, 1 }, RepairKind::Reboot),
              xid(3, T0 + Day, 7, 79), xid(4, T0 + Day, 6, 48),
              repair(5, T0 + Day + Hour, { EntityKind::Gpu, 6 }, RepairKind::Swap), xid(6, T0 + 3 * Day, 6, 48) });
        std::erase_if(rebooted, [](const Event &w) { return w.type != EventType::RepeatFailure; });
        QCOMPARE(rebooted.size(), size_t(2));
        QCOMPARE(rebooted[0].entity, (EntityRef { EntityKind::Gpu, 6 }));
        QVERIFY(rebooted[0].message.contains(QStringLiteral("after its reboot by kim")));
        QVERIFY(rebooted[1].message.contains(QStringLiteral("look at its slot")));
    }

    void anXidAsOftenAsThePolicyAllowsCallsForItsAction()
    {
        RepairWatch watch;
        watch.setTopology(twoNodes());
        std::vector<Event> events;
        for (int i = 0; i < 1000; ++i)
            events.push_back(xid(uint64_t(i + 1), T0 + i * 60000, 3, 94));
        const std::vector<Event> warnings = watched(watch, events);
        QCOMPARE(warnings.size(), size_t(1));
        QCOMPARE(warnings[0].type, EventType::PolicyThreshold);
        QCOMPARE(warnings[0].code, 94);
        QCOMPARE(warnings[0].value, 1000.0);
        QVERIFY(warnings[0].message.startsWith(QStringLiteral("Xid 94 × 1000 within 336 h: reset the GPU")));
        // Two of a fatal Xid within two weeks: drain and send it back, by the defaults.
        const std::vector<Event> twice = watched(watch, { xid(2001, T0, 5, 119), xid(2002, T0 + 5 * Day, 5, 119) });
        QCOMPARE(twice.size(), size_t(1));
        QVERIFY(twice[0].message.contains(QStringLiteral("RMA")));
    }

    void aPolicyFileIsTakenWholeOrNotAtAll_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("error");
        QTest::newRow("not json") << QByteArray("{") << QStringLiteral("not JSON");
        QTest::newRow("no rules") << QByteArray("{}") << QStringLiteral("\"rules\" list");
        QTest::newRow("unknown field") << QByteArray(R"({"rules":[],"colour":1})") << QStringLiteral("\"colour\"");
        QTest::newRow("both codes") << QByteArray(
            R"({"rules":[{"code":94,"sxid":11004,"threshold":2,"window_hours":1,"action":"x"}]})")
                                    << QStringLiteral("either");
        QTest::newRow("fractional code") << QByteArray(
            R"({"rules":[{"code":9.5,"threshold":2,"window_hours":1,"action":"x"}]})")
                                         << QStringLiteral("whole number");
        QTest::newRow("no threshold") << QByteArray(R"({"rules":[{"code":94,"window_hours":1,"action":"x"}]})")
                                      << QStringLiteral("\"threshold\"");
        QTest::newRow("negative window") << QByteArray(
            R"({"rules":[{"code":94,"threshold":2,"window_hours":-1,"action":"x"}]})")
                                         << QStringLiteral("\"window_hours\"");
        QTest::newRow("no action") << QByteArray(R"({"rules":[{"code":94,"threshold":2,"window_hours":1}]})")
                                   << QStringLiteral("\"action\"");
        QTest::newRow("twice") << QByteArray(R"({"rules":[{"code":94,"threshold":2,"window_hours":1,"action":"x"},
                                                          {"code":94,"threshold":3,"window_hours":1,"action":"y"}]})")
                               << QStringLiteral("rule 2: Xid 94 has a rule already");
        QTest::newRow("window of a century")
            << QByteArray(R"({"repair_window_hours":876000,"rules":[]})") << QStringLiteral("repair_window_hours");
    }

    void aPolicyFileIsTakenWholeOrNotAtAll()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, error);
        XidPolicy policy = XidPolicy::defaults();
        const QString said = parseXidPolicy(json, QStringLiteral("site.json"), policy);
        QVERIFY2(said.startsWith(QStringLiteral("site.json")) && said.contains(error), qPrintable(said));
        QCOMPARE(policy, XidPolicy::defaults()); // nothing half-read is used
    }

    void aPolicyFileRoundTripsAndReplacesTheDefaults()
    {
        XidPolicy policy;
        QCOMPARE(parseXidPolicy(XidPolicy::defaults().toJson(), QStringLiteral("defaults"), policy), QString());
        QCOMPARE(policy, XidPolicy::defaults());
        QCOMPARE(parseXidPolicy(R"({"repair_window_hours": 48,
            "rules": [{"sxid": 11004, "threshold": 3, "window_hours": 24, "action": "reboot the tray"}]})",
                                QStringLiteral("site"), policy),
                 QString());
        QCOMPARE(policy.repairWindowMs, 2 * Day);
        QCOMPARE(policy.rules.size(), size_t(1));
        QVERIFY(policy.ruleFor(11004, true));
        QVERIFY(!policy.ruleFor(94, false)); // the file's rules replace the defaults'
    }

    void theJournalSaysARepeatFailureRightAfterTheFailure()
    {
        TelemetryJournal journal(1, twoNodes(), {});
        journal.appendEvents({ xid(0, T0 - Hour, 1, 79) });
        journal.appendEvents({ repair(0, T0, { EntityKind::Node, 0 }, RepairKind::Reboot) });
        journal.appendEvents({ xid(0, T0 + Day, 1, 79) });
        std::vector<TelemetryJournal::WireEntry> entries;
        QCOMPARE(journal.readWireAfter(0, entries, 100), TelemetryJournal::ReadStatus::Ok);
        std::vector<Event> events;
        for (const TelemetryJournal::WireEntry &entry : entries)
            for (const v1::Event &e : entry.message->events().events())
                events.push_back(wire::fromProto(e));
        QCOMPARE(events.size(), size_t(5)); // the Xid, the reboot, the Xid again, and what it calls for
        QCOMPARE(events[3].type, EventType::RepeatFailure);
        QCOMPARE(events[3].targetEventId, events[1].id);
        QCOMPARE(events[4].type, EventType::PolicyThreshold); // two of Xid 79 in two weeks
    }

    // An NVL72 rack counts its healthy trays against 18 (NVL72) and 16 (NVL64 or better): a failed
    // tray until its repair, a drained one until it is back; an H100 rack is no NVLink domain.
    void anNvl72RackCountsItsHealthyTrays()
    {
        NvlinkDomainWatch watch;
        watch.setTopology(nvl72AndAnother());
        QCOMPARE(watch.domains(), std::vector<uint32_t> { 0 });
        QCOMPARE(watch.healthyTrays(0), 18u);
        const auto step = [&](const Event &e) {
            std::vector<Event> w;
            watch.observe({ e }, w);
            return w;
        };
        // Tray 3's GPU falls off the bus: 17 of 18, NVL64 or better.
        std::vector<Event> w = step(xid(1, T0, 3 * 4 + 1, 79));
        QCOMPARE(w.size(), size_t(1));
        QCOMPARE(w[0].type, EventType::NvlinkDomainDegraded);
        QCOMPARE(w[0].entity, (EntityRef { EntityKind::Rack, 0 }));
        QCOMPARE(w[0].value, 17.0);
        QCOMPARE(w[0].code, 18);
        QCOMPARE(w[0].targetEventId, uint64_t(1));
        QVERIFY2(w[0].message.contains(QStringLiteral("17 of 18 trays healthy: NVL64 or better, not NVL72"))
                     && w[0].message.contains(QStringLiteral("nvl72-a-t3 failed")),
                 qPrintable(w[0].message));
        QCOMPARE(AlarmBook::basePriority(w[0]), AlarmPriority::Medium);
        QVERIFY(!isHardwareFailure(w[0])); // the rack did not fail
        // A second GPU of the same tray changes nothing; the program's own Xid is no failure.
        QVERIFY(step(xid(2, T0 + 1, 3 * 4 + 2, 48)).empty());
        QVERIFY(step(xid(3, T0 + 2, 6 * 4, 13)).empty());
        // Tray 5 drained, tray 7's GPU fails: 15, below NVL64, high.
        QCOMPARE(step(operatorAction(4, T0 + Hour, EventType::Drain, { EntityKind::Node, 5 }))[0].value, 16.0);
        w = step(xid(5, T0 + 2 * Hour, 7 * 4, 48));
        QCOMPARE(w[0].value, 15.0);
        QVERIFY2(w[0].message.contains(QStringLiteral("below NVL64"))
                     && w[0].message.contains(QStringLiteral("nvl72-a-t5 drained")),
                 qPrintable(w[0].message));
        QCOMPARE(AlarmBook::basePriority(w[0]), AlarmPriority::High);
        // Repairs bring them back: tray 3's reset mends one GPU only, its reboot both.
        QCOMPARE(step(repair(6, T0 + 3 * Hour, { EntityKind::Gpu, 3 * 4 + 1 }, RepairKind::Reset)).size(), size_t(0));
        QCOMPARE(step(repair(7, T0 + 3 * Hour, { EntityKind::Node, 3 }, RepairKind::Reboot))[0].value, 16.0);
        QCOMPARE(step(operatorAction(8, T0 + 4 * Hour, EventType::Undrain, { EntityKind::Node, 5 }))[0].value, 17.0);
        QVERIFY(step(repair(9, T0 + 5 * Hour, { EntityKind::Gpu, 7 * 4 }, RepairKind::Swap)).empty()); // whole again
        QCOMPARE(watch.healthyTrays(0), 18u);
        // The H100 rack's failures are no domain's.
        QVERIFY(step(xid(10, T0 + 6 * Hour, 18 * 4 + 1, 79)).empty());

        // The gateway's journal says it right after the failure that caused it.
        TelemetryJournal journal(1, nvl72AndAnother(), {});
        journal.appendEvents({ xid(0, T0, 2 * 4, 79) });
        std::vector<TelemetryJournal::WireEntry> entries;
        QCOMPARE(journal.readWireAfter(0, entries, 100), TelemetryJournal::ReadStatus::Ok);
        std::vector<EventType> types;
        for (const TelemetryJournal::WireEntry &entry : entries)
            for (const v1::Event &e : entry.message->events().events())
                types.push_back(wire::fromProto(e).type);
        QCOMPARE(types, (std::vector<EventType> { EventType::Xid, EventType::NvlinkDomainDegraded }));
    }

    void escalationsOnTheIndependentRepairHistoryAreRight()
    {
        RepairWorld world;
        world.seed = 5;
        world.days = 90;
        const RepairHistory history = independentRepairHistory(world);
        const RepeatOffenderScore s = scoreRepeatOffenders(history);
        QVERIFY2(s.error.isEmpty(), qPrintable(s.error));
        qInfo("%zu escalations, %zu right (precision %.3f, recall %.3f); two Xids in a week %zu, %zu right (%.3f); "
              "two failures in a week %zu, %zu right (%.3f)",
              s.escalations, s.right, s.precision(), s.recall(), s.baselineEscalations, s.baselineRight,
              s.baselinePrecision(), s.twoFailuresEscalations, s.twoFailuresRight, s.twoFailuresPrecision());
        QVERIFY(s.escalations >= 30);
        QVERIFY(s.precision() >= 0.9);
        QVERIFY(s.recall() >= 0.9);
        QVERIFY(s.baselinePrecision() < s.precision());
    }
};

QTEST_GUILESS_MAIN(TestRepairs)
#include "tst_repairs.moc"
