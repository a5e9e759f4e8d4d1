// SPDX-License-Identifier: GPL-3.0-or-later
// The NOC's shared alarm state in a real PostgreSQL on loopback: gateways that share
// it see each other's acknowledgements; a restart of the server in the middle of an
// action loses nothing and commits nothing twice; a listener that was away catches
// up by version; a gateway started later takes the alarms kept there; a bookmark made
// on one dashboard reaches the others and is kept there too.
#include "domain/alarmbook.h"
#include "domain/codec.h"
#include "gatewayfixture.h"
#include "noc/sharedalarmstate.h"
#include "postgresfixture.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <limits>
#include <thread>

using namespace vigil;
using namespace vigil::test;

namespace {

std::optional<Alarm> rowRemapAlarm(const std::vector<Alarm> &alarms, uint32_t gpu)
{
    for (const Alarm &a : alarms)
        if (a.entity == EntityRef { EntityKind::Gpu, gpu } && a.sourceType == EventType::RowRemap)
            return a;
    return std::nullopt;
}

std::optional<Alarm> alarmOn(GatewayServer &server, uint32_t gpu)
{
    return rowRemapAlarm(server.alarms().alarms(), gpu);
}

std::optional<Alarm> alarmOn(const LiveCluster &cluster, uint32_t gpu)
{
    return rowRemapAlarmOn(cluster, gpu);
}

v1::ActRequest acknowledge(uint64_t alarm, const char *who, const char *comment)
{
    v1::ActRequest request;
    request.set_action(v1::EVENT_TYPE_ACKNOWLEDGE);
    request.set_alarm_id(alarm);
    request.set_operator_name(who);
    request.set_comment(comment);
    return request;
}

struct Dashboard
{
    LiveCluster cluster;
    std::unique_ptr<TelemetryClient> client;
    explicit Dashboard(const QString &address)
    {
        ClientOptions options;
        options.address = address;
        client = std::make_unique<TelemetryClient>(options, cluster);
        client->start();
    }
};

GatewayOptions sharedGateway(const PostgresServer &db, const QString &name)
{
    GatewayOptions options = testGatewayOptions();
    options.sharedState = db.conninfo();
    options.name = name;
    return options;
}

} // namespace

class TestSharedState : public QObject
{
    Q_OBJECT

    PostgresServer db;
    QString dbError;

    // Both gateways raise the alarm of one warning on one GPU (each has its own ids for it).
    void raiseOnBoth(GatewayServer &a, GatewayServer &b, uint32_t gpu)
    {
        QVERIFY(publishWarning(a, gpu));
        QVERIFY(publishWarning(b, gpu));
        QTRY_VERIFY_WITH_TIMEOUT(alarmOn(a, gpu) && alarmOn(b, gpu), 5000);
    }

    // Two gateways sharing the state, "gw-east" and "gw-west"; false, with why, when one does not start.
    bool startEastAndWest(std::unique_ptr<GatewayServer> &east, std::unique_ptr<GatewayServer> &west, QString *error)
    {
        east = GatewayServer::start(sharedGateway(db, QStringLiteral("gw-east")), error);
        west = east ? GatewayServer::start(sharedGateway(db, QStringLiteral("gw-west")), error) : nullptr;
        return east && west;
    }

    int actionsCommitted() { return db.psql(QStringLiteral("SELECT count(*) FROM vigil_alarm_actions")).toInt(); }

private Q_SLOTS:
    void initTestCase()
    {
        dbError = db.start();
        QVERIFY2(dbError.isEmpty(), qPrintable(dbError));
    }

    void twoGatewaysShareAcknowledgements()
    {
        QString error;
        std::unique_ptr<GatewayServer> east, west;
        QVERIFY2(startEastAndWest(east, west, &error), qPrintable(error));
        Dashboard onWest(west->address());
        QTRY_VERIFY_WITH_TIMEOUT(isLive(onWest.cluster), 10000);
        // West numbers its alarms differently: one raised before on west alone.
        QVERIFY(publishWarning(*west, 3));
        QTRY_VERIFY_WITH_TIMEOUT(alarmOn(*west, 3).has_value(), 5000);
        raiseOnBoth(*east, *west, 17);
        QVERIFY(alarmOn(*east, 17)->id != alarmOn(*west, 17)->id);

        Dashboard onEast(east->address());
        QTRY_VERIFY_WITH_TIMEOUT(isLive(onEast.cluster), 10000);
        const ActOutcome done = onEast.client->act(acknowledge(alarmOn(*east, 17)->id, "a.nakamura", "HBM ticket"));
        QVERIFY2(done.ok, qPrintable(done.message));
        QVERIFY2(done.notShared.isEmpty(), qPrintable(done.notShared));

        // The west dashboard sees it, by west's own alarm, signed by who took it.
        QTRY_VERIFY_WITH_TIMEOUT(
            alarmOn(onWest.cluster, 17) && alarmOn(onWest.cluster, 17)->state() == AlarmState::Acknowledged, 5000);
        QCOMPARE(alarmOn(onWest.cluster, 17)->acknowledgedBy, QStringLiteral("a.nakamura"));
        QCOMPARE(alarmOn(onWest.cluster, 17)->lastComment, QStringLiteral("a.nakamura: HBM ticket"));
        QCOMPARE(alarmOn(*west, 3)->state(), AlarmState::Unacknowledged); // only that alarm

        // Kept in the database: one action, the alarm at version 1, signed by east.
        QCOMPARE(actionsCommitted(), 1);
        QCOMPARE(db.psql(QStringLiteral("SELECT version || ' ' || updated_by FROM vigil_alarms")),
                 QStringLiteral("1 gw-east"));
        QTRY_COMPARE_WITH_TIMEOUT(west->sharedState()->status().received, uint64_t(1), 5000);
        QCOMPARE(east->sharedState()->status().published, uint64_t(1));
        QCOMPARE(east->sharedState()->status().received, uint64_t(0)); // its own is not applied twice

        // West acts on an alarm east has never raised: east reads it, and has nothing to apply it to.
        const ActOutcome back = onWest.client->act(acknowledge(alarmOn(*west, 3)->id, "m.okafor", "seen"));
        QVERIFY(back.ok);
        QTRY_COMPARE_WITH_TIMEOUT(east->sharedState()->status().version, int64_t(2), 5000);
        QCOMPARE(east->sharedState()->status().received, uint64_t(1));
        QCOMPARE(east->alarms().sharedNotApplicable(), uint64_t(1));
        QVERIFY(!alarmOn(*east, 3).has_value());

        // The gateways' sources list says where the state is kept and what went through.
        const v1::Sources sources = east->sourcesStatus();
        bool listed = false;
        for (const v1::SourceStatus &s : sources.sources())
            if (QString::fromStdString(s.name()).startsWith(QLatin1String("shared state PostgreSQL 127.0.0.1:"))) {
                listed = true;
                QCOMPARE(s.polls(), uint64_t(1));
                QVERIFY2(s.last_error().empty(), s.last_error().c_str());
            }
        QVERIFY(listed);
    }

    // A bookmark is a note about an instant: the gateway it is made on commits it to the
    // shared state, readable in SQL as vigil_bookmarks, and every gateway sharing the state
    // sends it to its dashboards, which draw it on their timelines (tst_recorder). The instant
    // is checked: on notes only, after 2000, not in the future.
    void bookmarksAreSharedAsNotesAboutAnInstant()
    {
        QString error;
        std::unique_ptr<GatewayServer> east, west;
        QVERIFY2(startEastAndWest(east, west, &error), qPrintable(error));
        Dashboard onEast(east->address()), onWest(west->address());
        QTRY_VERIFY_WITH_TIMEOUT(isLive(onEast.cluster) && isLive(onWest.cluster), 10000);

        const int64_t aboutMs = east->journal().headTimeMs() - 3600000; // an hour before now
        v1::ActRequest mark;
        mark.set_action(v1::EVENT_TYPE_NOTE);
        mark.set_about_ms(aboutMs);
        mark.set_operator_name("a.nakamura");
        mark.set_comment("fan wall B starts to surge here");
        const ActOutcome done = onEast.client->act(mark);
        QVERIFY2(done.ok, qPrintable(done.message));
        QVERIFY2(done.notShared.isEmpty(), qPrintable(done.notShared));

        std::vector<Event> seenWest, seenEast;
        std::optional<Event> onTheOtherGateway;
        QTRY_VERIFY_WITH_TIMEOUT((onTheOtherGateway = sharedBookmark(onWest.cluster, seenWest, aboutMs)).has_value(),
                                 5000);
        QCOMPARE(onTheOtherGateway->message, QStringLiteral("fan wall B starts to surge here"));
        QCOMPARE(onTheOtherGateway->operatorName, QStringLiteral("a.nakamura"));
        QTRY_VERIFY_WITH_TIMEOUT(sharedBookmark(onEast.cluster, seenEast, aboutMs).has_value(), 5000);
        QCOMPARE(db.psql(QStringLiteral("SELECT (extract(epoch FROM about) * 1000)::bigint || ' | ' || note || ' | ' "
                                        "|| operator_name || ' | ' || gateway FROM vigil_bookmarks")),
                 QStringLiteral("%1 | fan wall B starts to surge here | a.nakamura | gw-east").arg(aboutMs));

        // A dashboard reading history it never recorded asks either gateway for the bookmarks
        // over its span (GetBookmarks): they come from PostgreSQL, by the instant they mark.
        BookmarksOutcome listed = onWest.client->bookmarks(aboutMs - 1000, aboutMs);
        QVERIFY2(listed.ok, qPrintable(listed.message));
        QCOMPARE(listed.bookmarks.size(), size_t(1));
        QCOMPARE(listed.bookmarks[0].aboutMs, aboutMs);
        QCOMPARE(listed.bookmarks[0].operatorName, QStringLiteral("a.nakamura"));
        QVERIFY(onWest.client->bookmarks(aboutMs + 1, aboutMs + 60000).bookmarks.empty());
        // Any span answers (the database is never asked outside the instants a bookmark can mark).
        listed = onWest.client->bookmarks(std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max());
        QVERIFY2(listed.ok, qPrintable(listed.message));
        QCOMPARE(listed.bookmarks.size(), size_t(1));
        listed = onWest.client->bookmarks(std::numeric_limits<int64_t>::min(), 0);
        QVERIFY2(listed.ok && listed.bookmarks.empty(), qPrintable(listed.message));
        listed = onWest.client->bookmarks(aboutMs, aboutMs - 1);
        QCOMPARE(listed.ok, false);
        QVERIFY2(listed.message.contains(QLatin1String("ends")), qPrintable(listed.message));

        // An instant on anything but a note, before 2000 or ahead of the gateway's clock is refused,
        // and nothing is committed for it.
        const int committed = actionsCommitted();
        v1::ActRequest onAnAcknowledgement = mark;
        onAnAcknowledgement.set_action(v1::EVENT_TYPE_ACKNOWLEDGE);
        onAnAcknowledgement.set_alarm_id(1);
        ActOutcome refused = onEast.client->act(onAnAcknowledgement);
        QCOMPARE(refused.code, int(grpc::StatusCode::INVALID_ARGUMENT));
        QVERIFY2(refused.message.contains(QLatin1String("bookmark")), qPrintable(refused.message));
        v1::ActRequest unwritten = mark;
        unwritten.set_comment("  ");
        refused = onEast.client->act(unwritten);
        QCOMPARE(refused.code, int(grpc::StatusCode::INVALID_ARGUMENT));
        QCOMPARE(refused.message, QStringLiteral("a bookmark needs a note"));
        for (const int64_t outside : { int64_t(-1), int64_t(946684799999), std::numeric_limits<int64_t>::max() }) {
            v1::ActRequest odd = mark;
            odd.set_about_ms(outside);
            refused = onEast.client->act(odd);
            QCOMPARE(refused.code, int(grpc::StatusCode::OUT_OF_RANGE));
        }
        QCOMPARE(actionsCommitted(), committed);

        // An agent cannot publish a bookmark: the mark is the operators' own.
        v1::PublishRequest publish;
        publish.set_source("test-bridge");
        v1::Event *note = publish.mutable_events()->add_events();
        note->set_time_ms(east->journal().headTimeMs());
        note->set_type(v1::EVENT_TYPE_XID);
        note->set_severity(v1::SEVERITY_WARNING);
        note->mutable_entity()->set_kind(v1::ENTITY_KIND_GPU);
        note->set_about_ms(aboutMs);
        grpc::ClientContext context;
        v1::PublishResponse response;
        auto stub = stubFor(east->address());
        auto writer = stub->Publish(&context, &response);
        QVERIFY(writer->Write(publish));
        QVERIFY(writer->WritesDone());
        const grpc::Status published = writer->Finish(); // all refused: the status says why
        QCOMPARE(published.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
        QVERIFY2(published.error_message().find("about_ms") != std::string::npos, published.error_message().c_str());
    }

    // The server restarts while an operator acts: the action holds at once on its
    // gateway, says it is not shared yet, and reaches the other gateway, once, when
    // the server is back.
    void aRestartInTheMiddleLosesNothing()
    {
        QString error;
        std::unique_ptr<GatewayServer> east, west;
        QVERIFY2(startEastAndWest(east, west, &error), qPrintable(error));
        raiseOnBoth(*east, *west, 40);
        raiseOnBoth(*east, *west, 41);
        const int before = actionsCommitted();

        QVERIFY(db.stop().isEmpty());
        Dashboard onEast(east->address());
        QTRY_VERIFY_WITH_TIMEOUT(isLive(onEast.cluster), 10000);
        const ActOutcome first = onEast.client->act(acknowledge(alarmOn(*east, 40)->id, "night", "during restart"));
        QVERIFY2(first.ok, qPrintable(first.message));
        QVERIFY(!first.notShared.isEmpty());
        QCOMPARE(alarmOn(*east, 40)->state(), AlarmState::Acknowledged); // it holds here
        const ActOutcome second = onEast.client->act(acknowledge(alarmOn(*east, 41)->id, "night", "second"));
        QVERIFY(second.ok && !second.notShared.isEmpty());
        QCOMPARE(east->sharedState()->status().pending, size_t(2));
        QVERIFY(!east->sourcesStatus().sources(0).last_error().empty());
        QTest::qWait(500);
        QCOMPARE(alarmOn(*west, 40)->state(), AlarmState::Unacknowledged);

        QVERIFY(db.restart().isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(alarmOn(*west, 40)->state() == AlarmState::Acknowledged
                                     && alarmOn(*west, 41)->state() == AlarmState::Acknowledged,
                                 20000);
        // East's count drops as each commit is handed back to its desk, a moment after west can see it.
        QTRY_COMPARE_WITH_TIMEOUT(east->sharedState()->status().pending, size_t(0), 5000);
        QCOMPARE(actionsCommitted(), before + 2); // each once
        QCOMPARE(alarmOn(*west, 41)->lastComment, QStringLiteral("night: second"));
    }

    // A notification sent while a listener was cut off is not lost: on reconnecting it
    // reads every version after the last it applied.
    void aListenerThatWasAwayCatchesUp()
    {
        QString error;
        std::unique_ptr<GatewayServer> east, west;
        QVERIFY2(startEastAndWest(east, west, &error), qPrintable(error));
        raiseOnBoth(*east, *west, 90);
        QTRY_VERIFY_WITH_TIMEOUT(west->sharedState()->status().listening, 5000);
        // West's listener is cut off, and east acts while it is away.
        db.psql(QStringLiteral("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                               "WHERE application_name = 'vigil-gateway gw-west listener'"));
        Dashboard onEast(east->address());
        QTRY_VERIFY_WITH_TIMEOUT(isLive(onEast.cluster), 10000);
        QVERIFY(onEast.client->act(acknowledge(alarmOn(*east, 90)->id, "day", "while away")).ok);
        QTRY_VERIFY_WITH_TIMEOUT(alarmOn(*west, 90)->state() == AlarmState::Acknowledged, 10000);
    }

    // A notification that comes in while the listener's connection waits for a query's answer
    // (its resync) is read off the socket with that answer. It is not lost: the next wait
    // returns it at once. (Polling the socket alone left west a version behind until the next
    // action, in 4 runs of 44 of aRestartInTheMiddleLosesNothing.)
    void aNotificationThatCameWithAnAnswerIsTaken()
    {
        PgConnection listener, notifier;
        QVERIFY(listener.connect(db.conninfo(), QStringLiteral("tst listener")).isEmpty());
        QVERIFY(notifier.connect(db.conninfo(), QStringLiteral("tst notifier")).isEmpty());
        QVERIFY(listener.exec("LISTEN tst_channel").ok());
        QVERIFY(notifier.exec("SELECT pg_notify('tst_channel', 'vigil_alarms,k,7')").ok());
        QThread::msleep(200); // the listener's idle server process sends it to the socket
        QVERIFY(listener.exec("SELECT 1").ok()); // which libpq reads with this answer
        std::vector<PgNotification> taken;
        QElapsedTimer waited;
        waited.start();
        QVERIFY(listener.waitForNotifications(10000, taken).isEmpty());
        QCOMPARE(taken.size(), size_t(1));
        QCOMPARE(taken.front().channel, QStringLiteral("tst_channel"));
        QCOMPARE(taken.front().payload, QStringLiteral("vigil_alarms,k,7"));
        QVERIFY2(waited.elapsed() < 5000, "it waited on the socket for a notification libpq already held");
        // Nothing else is pending: a wait with nothing sent times out empty.
        taken.clear();
        QVERIFY(listener.waitForNotifications(50, taken).isEmpty());
        QVERIFY(taken.empty());
    }

    // A gateway started later, with no journal of its own, takes the alarms the others
    // left in the database, acknowledged as they were.
    void aNewGatewayTakesTheKeptAlarms()
    {
        QString error;
        auto east = GatewayServer::start(sharedGateway(db, QStringLiteral("gw-east")), &error);
        QVERIFY2(east, qPrintable(error));
        QVERIFY(publishWarning(*east, 120));
        QTRY_VERIFY_WITH_TIMEOUT(alarmOn(*east, 120).has_value(), 5000);
        Dashboard onEast(east->address());
        QTRY_VERIFY_WITH_TIMEOUT(isLive(onEast.cluster), 10000);
        QVERIFY(onEast.client->act(acknowledge(alarmOn(*east, 120)->id, "a.nakamura", "kept")).ok);

        auto north = GatewayServer::start(sharedGateway(db, QStringLiteral("gw-north")), &error);
        QVERIFY2(north, qPrintable(error));
        const std::optional<Alarm> kept = alarmOn(*north, 120);
        QVERIFY(kept.has_value());
        QCOMPARE(kept->acknowledgedBy, QStringLiteral("a.nakamura"));
        QCOMPARE(kept->lastComment, QStringLiteral("a.nakamura: kept"));
        // Numbered afresh: no two alarms share an id.
        std::set<uint64_t> ids;
        for (const Alarm &a : north->alarms().alarms())
            QVERIFY(ids.insert(a.id).second);
    }

    // What another program wrote into the actions table that is not an action is
    // skipped; the actions after it still arrive.
    void aGarbledRowIsSkipped()
    {
        QString error;
        std::unique_ptr<GatewayServer> east, west;
        QVERIFY2(startEastAndWest(east, west, &error), qPrintable(error));
        raiseOnBoth(*east, *west, 150);
        QString sqlError;
        db.psql(
            QStringLiteral("BEGIN; UPDATE vigil_state_clock SET version = version + 1; "
                           "INSERT INTO vigil_alarm_actions (version, origin, gateway, instance, alarm_key, action) "
                           "SELECT version, 'x/1', 'hostile', 'x', '9:9:9:9:9', '\\xffffffff0102'::bytea "
                           "FROM vigil_state_clock; "
                           "INSERT INTO vigil_alarm_actions (version, origin, gateway, instance, alarm_key, action) "
                           "SELECT version + 1, 'x/2', 'hostile', 'x', 'not a key', ''::bytea FROM vigil_state_clock; "
                           "UPDATE vigil_state_clock SET version = version + 1; "
                           "NOTIFY vigil_state, 'vigil_alarms,x,999999'; COMMIT;"),
            &sqlError);
        QVERIFY2(sqlError.isEmpty(), qPrintable(sqlError));
        Dashboard onEast(east->address());
        QTRY_VERIFY_WITH_TIMEOUT(isLive(onEast.cluster), 10000);
        QVERIFY(onEast.client->act(acknowledge(alarmOn(*east, 150)->id, "day", "after garbage")).ok);
        QTRY_VERIFY_WITH_TIMEOUT(alarmOn(*west, 150)->state() == AlarmState::Acknowledged, 10000);
    }

    // The server went down as it committed, and the gateway never heard the answer:
    // the retry finds the action there and does not commit it twice.
    void aCommitWhoseAnswerWasLostIsNotRepeated()
    {
        SharedAlarmState state(db.conninfo(), QStringLiteral("gw-retry"));
        QVERIFY(state.open(nullptr).isEmpty());
        v1::Event action;
        action.set_id(8);
        action.set_type(v1::EVENT_TYPE_ACKNOWLEDGE);
        action.set_operator_name("night");
        QString sqlError;
        // The first action this process hands over is committed as "session/1".
        db.psql(
            QStringLiteral("BEGIN; UPDATE vigil_state_clock SET version = version + 1; "
                           "INSERT INTO vigil_alarm_actions (version, origin, gateway, instance, alarm_key, action) "
                           "SELECT version, '%1/1', 'gw-retry', '%1', '', ''::bytea FROM vigil_state_clock; COMMIT;")
                .arg(state.session()),
            &sqlError);
        QVERIFY2(sqlError.isEmpty(), qPrintable(sqlError));
        const int before = actionsCommitted();
        const SharedCommit retried = state.publish(action, QString(), std::nullopt);
        QVERIFY2(retried.committed(), qPrintable(retried.error));
        QCOMPARE(actionsCommitted(), before);
        action.set_id(9); // a new action is committed
        const SharedCommit fresh = state.publish(action, QString(), std::nullopt);
        QVERIFY2(fresh.committed(), qPrintable(fresh.error));
        QCOMPARE(actionsCommitted(), before + 1);
        std::vector<SharedAction> trail;
        QVERIFY(state.actions(trail).isEmpty());
        QCOMPARE(trail.back().action.id(), uint64_t(9));
        QCOMPARE(trail.back().gateway, QStringLiteral("gw-retry"));
    }

    // Two operators act on one alarm on two gateways at the same moment, 32 times over, in
    // every pairing that matters: both acknowledge, one acknowledges as the other shelves,
    // one assigns as the other escalates. Whatever order each gateway saw them in, both end
    // in one state: the one the shared state's version order gives. (Before the actions were
    // committed against the alarm as the state settled it, 31 of 32 races diverged for good.)
    void concurrentActionsOnOneAlarmEndInOneState()
    {
        QString error;
        std::unique_ptr<GatewayServer> east, west;
        QVERIFY2(startEastAndWest(east, west, &error), qPrintable(error));
        Dashboard onEast(east->address()), onWest(west->address());
        QTRY_VERIFY_WITH_TIMEOUT(isLive(onEast.cluster) && isLive(onWest.cluster), 10000);
        constexpr uint32_t First = 160, Races = 32;
        for (uint32_t gpu = First; gpu < First + Races; ++gpu)
            raiseOnBoth(*east, *west, gpu);

        auto request = [](uint64_t alarm, int kind, const char *who) {
            v1::ActRequest r = acknowledge(alarm, who, who);
            switch (kind) {
            case 1:
                r.set_action(v1::EVENT_TYPE_SHELVE);
                r.set_shelve_for_ms(3600000);
                break;
            case 2:
                r.set_action(v1::EVENT_TYPE_ASSIGN);
                r.set_owner(who);
                break;
            case 3:
                r.set_action(v1::EVENT_TYPE_ESCALATE);
                break;
            default:
                break;
            }
            return r;
        };
        // (east's action, west's action) per race
        const std::pair<int, int> pairings[] = { { 0, 0 }, { 0, 1 }, { 1, 0 }, { 2, 3 } };
        int refused = 0, refusedOfBothAcknowledging = 0;
        for (uint32_t i = 0; i < Races; ++i) {
            const uint32_t gpu = First + i;
            const auto [eastKind, westKind] = pairings[i % 4];
            const v1::ActRequest onEastSide = request(alarmOn(*east, gpu)->id, eastKind, "alice");
            const v1::ActRequest onWestSide = request(alarmOn(*west, gpu)->id, westKind, "bob");
            std::atomic<int> ready { 0 };
            ActOutcome eastDone, westDone;
            std::thread eastActor([&] {
                ++ready;
                while (ready < 2) { }
                eastDone = onEast.client->act(onEastSide);
            });
            ++ready;
            while (ready < 2) { }
            westDone = onWest.client->act(onWestSide);
            eastActor.join();
            QVERIFY2(eastDone.ok || westDone.ok, qPrintable(eastDone.message + QLatin1Char('/') + westDone.message));
            for (const ActOutcome *done : { &eastDone, &westDone })
                if (!done->ok) {
                    ++refused;
                    refusedOfBothAcknowledging += i % 4 == 0;
                    // Refused by the shared state ("on another gateway, a moment ago"), or here when the
                    // other's action had already arrived: either way not taken.
                    QCOMPARE(done->code, int(grpc::StatusCode::FAILED_PRECONDITION));
                }
        }
        auto operatorState = [](const std::optional<Alarm> &a) {
            return a ? QStringLiteral("%1 %2 %3 %4 %5 %6 %7")
                           .arg(a->acknowledged)
                           .arg(a->acknowledgedBy)
                           .arg(a->shelved)
                           .arg(a->shelvedBy)
                           .arg(a->owner)
                           .arg(a->escalated)
                           .arg(a->lastComment)
                     : QStringLiteral("missing");
        };
        for (uint32_t gpu = First; gpu < First + Races; ++gpu) {
            QTRY_COMPARE_WITH_TIMEOUT(operatorState(alarmOn(*west, gpu)), operatorState(alarmOn(*east, gpu)), 5000);
            // and so do the dashboards
            QTRY_COMPARE_WITH_TIMEOUT(operatorState(alarmOn(onWest.cluster, gpu)), operatorState(alarmOn(*east, gpu)),
                                      5000);
            QTRY_COMPARE_WITH_TIMEOUT(operatorState(alarmOn(onEast.cluster, gpu)), operatorState(alarmOn(*east, gpu)),
                                      5000);
        }
        // Both acknowledging: exactly one acknowledgement holds, the other was refused.
        for (uint32_t i = 0; i < Races; i += 4) {
            const std::optional<Alarm> a = alarmOn(*east, First + i);
            QVERIFY(a->acknowledged);
            QVERIFY(a->acknowledgedBy == QLatin1String("alice") || a->acknowledgedBy == QLatin1String("bob"));
        }
        QCOMPARE(refusedOfBothAcknowledging, int(Races / 4));
        qInfo("%d of %d concurrent actions refused as overtaken", refused, int(2 * Races));
    }

    // An operator's action on many alarms (a selection, an incident's, a row's) is one commit:
    // the other gateways see it whole, at consecutive versions, and an alarm another gateway
    // acted on first is left as that gateway's action left it.
    void oneActionOnManyAlarmsIsOneCommit()
    {
        QString error;
        std::unique_ptr<GatewayServer> east, west;
        QVERIFY2(startEastAndWest(east, west, &error), qPrintable(error));
        Dashboard onEast(east->address()), onWest(west->address());
        QTRY_VERIFY_WITH_TIMEOUT(isLive(onEast.cluster) && isLive(onWest.cluster), 10000);
        constexpr uint32_t First = 130, Count = 8, TakenByDave = First + 3;
        for (uint32_t gpu = First; gpu < First + Count; ++gpu)
            raiseOnBoth(*east, *west, gpu);
        const int committedBefore = actionsCommitted();
        QVERIFY(onWest.client->act(acknowledge(alarmOn(*west, TakenByDave)->id, "dave", "mine")).ok);

        v1::ActRequest all = acknowledge(0, "carol", "row a01: fan tray");
        all.clear_alarm_id();
        for (uint32_t gpu = First; gpu < First + Count; ++gpu)
            all.add_alarm_ids(alarmOn(*east, gpu)->id);
        const ActOutcome done = onEast.client->act(all);
        QVERIFY2(done.ok, qPrintable(done.message));
        QVERIFY2(done.notShared.isEmpty(), qPrintable(done.notShared));
        QCOMPARE(done.taken, size_t(Count - 1));
        QCOMPARE(done.refused.size(), size_t(1));
        QCOMPARE(done.refused.front().first, alarmOn(*east, TakenByDave)->id);
        QVERIFY2(done.refused.front().second.contains(QStringLiteral("acknowledged already, by dave")),
                 qPrintable(done.refused.front().second));

        // One transaction in the database, at consecutive versions.
        QCOMPARE(actionsCommitted(), committedBefore + int(Count));
        QCOMPARE(db.psql(QStringLiteral("SELECT count(DISTINCT xmin::text) || ' ' || max(version) - min(version) "
                                        "FROM vigil_alarm_actions WHERE operator_name = 'carol'")),
                 QStringLiteral("1 %1").arg(Count - 2));
        // West and its dashboard see every alarm acknowledged, each by who took it.
        for (uint32_t gpu = First; gpu < First + Count; ++gpu) {
            const char *by = gpu == TakenByDave ? "dave" : "carol";
            QTRY_VERIFY_WITH_TIMEOUT(alarmOn(onWest.cluster, gpu) && alarmOn(onWest.cluster, gpu)->acknowledged, 5000);
            QCOMPARE(alarmOn(onWest.cluster, gpu)->acknowledgedBy, QLatin1String(by));
            QCOMPARE(alarmOn(*west, gpu)->acknowledgedBy, QLatin1String(by));
            QCOMPARE(alarmOn(*east, gpu)->acknowledgedBy, QLatin1String(by));
        }
    }

    // A gateway that keeps a journal of its own is stopped; another takes 64 actions meanwhile.
    // Restarted on its journal it resumes from the version it had applied and takes every one.
    // (It used to start from the state's newest version: 0 of 64 arrived.)
    void aJournalledGatewayCatchesUpOnWhatItMissed()
    {
        QTemporaryDir dir;
        GatewayOptions journalled = sharedGateway(db, QStringLiteral("gw-south"));
        journalled.alarmJournalPath = dir.filePath(QStringLiteral("alarms.sqlite"));
        QString error;
        auto south = GatewayServer::start(journalled, &error);
        QVERIFY2(south, qPrintable(error));
        auto west = GatewayServer::start(sharedGateway(db, QStringLiteral("gw-west")), &error);
        QVERIFY2(west, qPrintable(error));
        constexpr uint32_t First = 192, Missed = 64;
        for (uint32_t gpu = First; gpu < First + Missed; ++gpu)
            raiseOnBoth(*south, *west, gpu);
        south->alarms().flush(true);
        south.reset(); // stopped

        Dashboard onWest(west->address());
        QTRY_VERIFY_WITH_TIMEOUT(isLive(onWest.cluster), 10000);
        for (uint32_t gpu = First; gpu < First + Missed; ++gpu) {
            const ActOutcome done
                = onWest.client->act(acknowledge(alarmOn(*west, gpu)->id, "day", "while south was down"));
            QVERIFY2(done.ok && done.notShared.isEmpty(), qPrintable(done.message + done.notShared));
        }

        south = GatewayServer::start(journalled, &error);
        QVERIFY2(south, qPrintable(error));
        auto acknowledgedOnSouth = [&] {
            uint32_t n = 0;
            for (uint32_t gpu = First; gpu < First + Missed; ++gpu)
                if (const std::optional<Alarm> a = alarmOn(*south, gpu);
                    a && a->state() == AlarmState::Acknowledged && a->acknowledgedBy == QLatin1String("day"))
                    ++n;
            return n;
        };
        QTRY_COMPARE_WITH_TIMEOUT(acknowledgedOnSouth(), Missed, 15000);

        // Its own actions, taken before a restart, are its own after it: not applied twice.
        Dashboard onSouth(south->address());
        QTRY_VERIFY_WITH_TIMEOUT(isLive(onSouth.cluster), 10000);
        QVERIFY(publishWarning(*south, 100));
        QVERIFY(publishWarning(*west, 100));
        QTRY_VERIFY_WITH_TIMEOUT(alarmOn(*south, 100) && alarmOn(*west, 100), 5000);
        QVERIFY(onSouth.client->act(acknowledge(alarmOn(*south, 100)->id, "night", "before restart")).ok);
        QTRY_COMPARE_WITH_TIMEOUT(alarmOn(*west, 100)->acknowledgedBy, QStringLiteral("night"), 5000);
        const QString instance = south->sharedState()->instance();
        south.reset();
        south = GatewayServer::start(journalled, &error);
        QVERIFY2(south, qPrintable(error));
        QCOMPARE(south->sharedState()->instance(), instance);
        QTRY_VERIFY_WITH_TIMEOUT(south->sharedState()->status().listening, 5000);
        QCOMPARE(south->sharedState()->status().received, uint64_t(0));
        QCOMPARE(alarmOn(*south, 100)->acknowledgedBy, QStringLiteral("night"));
    }

    // A transaction elsewhere holds the state's version row (a hung client, a long migration):
    // an operator's action is answered within seconds, taken on its gateway and said to be
    // waiting; it reaches the other gateways, once, when the row is let go. (It used to fail
    // with DEADLINE_EXCEEDED after 8 s, yet hold.)
    void aHungDatabaseAnswersInSecondsAndConverges()
    {
        QString error;
        std::unique_ptr<GatewayServer> east, west;
        QVERIFY2(startEastAndWest(east, west, &error), qPrintable(error));
        raiseOnBoth(*east, *west, 60);
        Dashboard onEast(east->address());
        QTRY_VERIFY_WITH_TIMEOUT(isLive(onEast.cluster), 10000);
        const int before = actionsCommitted();

        PgConnection holder;
        QVERIFY(holder.connect(db.conninfo(), QStringLiteral("tst holder")).isEmpty());
        QVERIFY(holder.exec("BEGIN").ok());
        QVERIFY(holder.exec("SELECT version FROM vigil_state_clock FOR UPDATE").ok());
        QElapsedTimer answered;
        answered.start();
        const ActOutcome done = onEast.client->act(acknowledge(alarmOn(*east, 60)->id, "night", "db hung"));
        QVERIFY2(done.ok, qPrintable(done.message));
        QVERIFY2(answered.elapsed() < 6000, qPrintable(QString::number(answered.elapsed())));
        QVERIFY2(done.notShared.contains(QLatin1String("lock")), qPrintable(done.notShared));
        QCOMPARE(alarmOn(*east, 60)->state(), AlarmState::Acknowledged);
        QCOMPARE(alarmOn(*west, 60)->state(), AlarmState::Unacknowledged);

        QVERIFY(holder.exec("ROLLBACK").ok());
        QTRY_COMPARE_WITH_TIMEOUT(alarmOn(*west, 60)->acknowledgedBy, QStringLiteral("night"), 15000);
        QTRY_COMPARE_WITH_TIMEOUT(east->sharedState()->status().pending, size_t(0), 5000);
        QCOMPARE(actionsCommitted(), before + 1);
    }

    // The server is down and two operators acknowledge one alarm on two gateways: each holds
    // on its own gateway. When the server is back, the first committed wins and the other is
    // refused; both gateways and their dashboards then show the winner.
    void actionsTakenWhileTheServerWasDownConverge()
    {
        QString error;
        std::unique_ptr<GatewayServer> east, west;
        QVERIFY2(startEastAndWest(east, west, &error), qPrintable(error));
        raiseOnBoth(*east, *west, 70);
        Dashboard onEast(east->address()), onWest(west->address());
        QTRY_VERIFY_WITH_TIMEOUT(isLive(onEast.cluster) && isLive(onWest.cluster), 10000);

        QVERIFY(db.stop().isEmpty());
        const ActOutcome byAlice = onEast.client->act(acknowledge(alarmOn(*east, 70)->id, "alice", "offline"));
        const ActOutcome byBob = onWest.client->act(acknowledge(alarmOn(*west, 70)->id, "bob", "offline"));
        QVERIFY(byAlice.ok && !byAlice.notShared.isEmpty());
        QVERIFY(byBob.ok && !byBob.notShared.isEmpty());
        QCOMPARE(alarmOn(*east, 70)->acknowledgedBy, QStringLiteral("alice"));
        QCOMPARE(alarmOn(*west, 70)->acknowledgedBy, QStringLiteral("bob"));

        QVERIFY(db.restart().isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(
            east->sharedState()->status().pending == 0 && west->sharedState()->status().pending == 0, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(alarmOn(*west, 70)->acknowledgedBy, alarmOn(*east, 70)->acknowledgedBy, 10000);
        QCOMPARE(east->alarms().sharedRefused() + west->alarms().sharedRefused(), uint64_t(1));
        // The Sources list counts it as the shared state's rejected input.
        auto rejectedBy = [](GatewayServer &g) {
            const v1::Sources sources = g.sourcesStatus();
            for (const v1::SourceStatus &s : sources.sources())
                if (QString::fromStdString(s.name()).startsWith(QLatin1String("shared state")))
                    return s.rejected();
            return uint64_t(0);
        };
        QCOMPARE(rejectedBy(*east) + rejectedBy(*west), uint64_t(1));
        const QString winner = alarmOn(*east, 70)->acknowledgedBy;
        QTRY_COMPARE_WITH_TIMEOUT(alarmOn(onEast.cluster, 70)->acknowledgedBy, winner, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(alarmOn(onWest.cluster, 70)->acknowledgedBy, winner, 10000);
    }

    void aServerThatIsNotThereIsNamed()
    {
        GatewayOptions options = testGatewayOptions();
        options.sharedState = QStringLiteral("host=127.0.0.1 port=1 dbname=noc connect_timeout=2");
        QString error;
        QVERIFY(!GatewayServer::start(options, &error));
        QVERIFY2(error.contains(QLatin1String("cannot share the alarm state: 127.0.0.1:1/noc")), qPrintable(error));

        options.sharedState = QStringLiteral("host='unterminated");
        QVERIFY(!GatewayServer::start(options, &error));
        QVERIFY2(error.contains(QLatin1String("cannot share the alarm state")), qPrintable(error));

        options.sharedState = db.conninfo().replace(QLatin1String("dbname=vigil"), QLatin1String("dbname=missing"));
        QVERIFY(!GatewayServer::start(options, &error));
        QVERIFY2(error.contains(QLatin1String("missing")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestSharedState)
#include "tst_sharedstate.moc"
