// SPDX-License-Identifier: GPL-3.0-or-later
// A history checker for the NOC's shared alarm state, in the manner of Jepsen's Elle:
// operators act concurrently on a few alarms through three real gateways sharing one
// real PostgreSQL, while the server is restarted, a transaction holds the state's lock,
// listeners are cut off and a journalled gateway is stopped and started again. Every
// action's invocation and outcome is recorded. Then:
//   - no acknowledged action is lost: every action answered OK is in the audit trail, or
//     was taken while the state was away and refused on its return (and counted so);
//   - the audit trail is a valid history: folded in version order by an independent
//     reference of the operators' state machine, every committed action applied;
//   - every gateway converged on that fold.
// CI runs it for a few seconds; `make soak` for ten minutes (VIGIL_SOAK_SECONDS).
#include "domain/alarmbook.h"
#include "domain/entitynames.h"
#include "gatewayfixture.h"
#include "noc/pgconnection.h"
#include "noc/sharedalarmstate.h"
#include "postgresfixture.h"

#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>
#include <map>
#include <mutex>
#include <thread>

using namespace vigil;
using namespace vigil::test;

namespace {

constexpr uint32_t FirstGpu = 20, Alarms = 8;

std::optional<Alarm> alarmOn(GatewayServer &server, uint32_t gpu)
{
    for (const Alarm &a : server.alarms().alarms())
        if (a.entity == EntityRef { EntityKind::Gpu, gpu } && a.sourceType == EventType::RowRemap)
            return a;
    return std::nullopt;
}

// The operators' part of an alarm, as the reference and the gateways both give it.
struct OperatorState
{
    bool acknowledged = false;
    QString acknowledgedBy;
    bool shelved = false;
    QString owner;
    bool escalated = false;
    bool operator==(const OperatorState &) const = default;
    QString text() const
    {
        return QStringLiteral("ack=%1(%2) shelved=%3 owner=%4 escalated=%5")
            .arg(acknowledged)
            .arg(acknowledgedBy, QString::number(shelved), owner, QString::number(escalated));
    }
};

OperatorState operatorStateOf(const Alarm &a)
{
    return { a.acknowledged, a.acknowledged ? a.acknowledgedBy : QString(), a.shelved, a.owner, a.escalated };
}

// The reference: ISA-18.2's operator actions on an alarm that stays active, written from
// docs/alarms.md independently of AlarmBook. Returns false when the action does not apply.
bool referenceApply(OperatorState &s, const v1::Event &e)
{
    const QString who = QString::fromStdString(e.operator_name());
    switch (e.type()) {
    case v1::EVENT_TYPE_ACKNOWLEDGE:
        if (s.shelved || s.acknowledged)
            return false;
        s.acknowledged = true;
        s.acknowledgedBy = who;
        return true;
    case v1::EVENT_TYPE_SHELVE:
        s.shelved = true;
        return true;
    case v1::EVENT_TYPE_UNSHELVE:
        if (!s.shelved)
            return false;
        s.shelved = false;
        s.acknowledged = false; // still active: it asks again
        s.acknowledgedBy.clear();
        return true;
    case v1::EVENT_TYPE_ASSIGN: {
        const QString owner = QString::fromStdString(e.message());
        if (owner == s.owner)
            return false;
        s.owner = owner;
        return true;
    }
    case v1::EVENT_TYPE_ESCALATE:
        if (s.escalated)
            return false;
        s.escalated = true;
        return true;
    case v1::EVENT_TYPE_NOTE:
        return true;
    default:
        return false;
    }
}

struct Invocation
{
    QString operatorName; // unique: finds the action in the audit trail
    int gateway = 0;
    uint32_t gpu = 0;
    v1::EventType type = v1::EVENT_TYPE_UNSPECIFIED;
    grpc::StatusCode code = grpc::StatusCode::UNKNOWN;
    bool queued = false; // answered OK, "not yet shared"
    QString message;
};

// Takes one action through a gateway, as a dashboard does (8 s deadline), and records what came of it.
Invocation invoke(v1::Gateway::Stub &stub, int gateway, uint32_t gpu, const v1::ActRequest &request)
{
    Invocation inv;
    inv.operatorName = QString::fromStdString(request.operator_name());
    inv.gateway = gateway;
    inv.gpu = gpu;
    inv.type = request.action();
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(8));
    v1::ActResponse reply;
    const grpc::Status status = stub.Act(&context, request, &reply);
    inv.code = status.error_code();
    inv.queued = status.ok() && !reply.not_shared().empty();
    inv.message = QString::fromStdString(status.error_message());
    return inv;
}

v1::ActRequest randomAction(QRandomGenerator &random, uint64_t alarmId, const QString &who)
{
    v1::ActRequest r;
    r.set_alarm_id(alarmId);
    r.set_operator_name(who.toStdString());
    static const v1::EventType types[]
        = { v1::EVENT_TYPE_ACKNOWLEDGE, v1::EVENT_TYPE_ACKNOWLEDGE, v1::EVENT_TYPE_SHELVE,   v1::EVENT_TYPE_UNSHELVE,
            v1::EVENT_TYPE_UNSHELVE,    v1::EVENT_TYPE_ASSIGN,      v1::EVENT_TYPE_ESCALATE, v1::EVENT_TYPE_NOTE };
    r.set_action(types[random.bounded(int(std::size(types)))]);
    if (r.action() == v1::EVENT_TYPE_SHELVE)
        r.set_shelve_for_ms(3600000);
    if (r.action() == v1::EVENT_TYPE_ASSIGN) {
        static const char *owners[] = { "", "a.nakamura", "m.okafor", "j.silva" };
        r.set_owner(owners[random.bounded(4)]);
    }
    r.set_comment("history");
    return r;
}

} // namespace

class TestSharedHistory : public QObject
{
    Q_OBJECT

    PostgresServer db;

    GatewayOptions gatewayNamed(const QString &name) const
    {
        GatewayOptions options = testGatewayOptions();
        options.sharedState = db.conninfo();
        options.name = name;
        return options;
    }

private Q_SLOTS:
    void initTestCase()
    {
        const QString error = db.start();
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    void concurrentOperatorsUnderFaultsLoseNothingAndConverge()
    {
        const int seconds
            = qEnvironmentVariableIsSet("VIGIL_SOAK_SECONDS") ? qEnvironmentVariableIntValue("VIGIL_SOAK_SECONDS") : 8;
        QTemporaryDir dir;
        GatewayOptions journalled = gatewayNamed(QStringLiteral("gw-south"));
        journalled.alarmJournalPath = dir.filePath(QStringLiteral("alarms.sqlite"));
        QString error;
        auto east = GatewayServer::start(gatewayNamed(QStringLiteral("gw-east")), &error);
        QVERIFY2(east, qPrintable(error));
        auto west = GatewayServer::start(gatewayNamed(QStringLiteral("gw-west")), &error);
        QVERIFY2(west, qPrintable(error));
        auto south = GatewayServer::start(journalled, &error);
        QVERIFY2(south, qPrintable(error));
        auto raiseAll = [&] {
            for (uint32_t gpu = FirstGpu; gpu < FirstGpu + Alarms; ++gpu)
                for (GatewayServer *g : { east.get(), west.get(), south.get() })
                    QVERIFY(publishWarning(*g, gpu));
        };
        raiseAll();
        for (uint32_t gpu = FirstGpu; gpu < FirstGpu + Alarms; ++gpu)
            QTRY_VERIFY_WITH_TIMEOUT(alarmOn(*east, gpu) && alarmOn(*west, gpu) && alarmOn(*south, gpu), 5000);
        // The actors act through east and west, whose alarms keep their ids throughout.
        std::map<std::pair<int, uint32_t>, uint64_t> ids;
        for (uint32_t gpu = FirstGpu; gpu < FirstGpu + Alarms; ++gpu) {
            ids[{ 0, gpu }] = alarmOn(*east, gpu)->id;
            ids[{ 1, gpu }] = alarmOn(*west, gpu)->id;
        }
        const QString addresses[] = { east->address(), west->address() };

        std::mutex historyMutex;
        std::vector<Invocation> history;
        std::atomic<bool> stop { false };
        std::vector<std::thread> actors;
        for (int actor = 0; actor < 4; ++actor)
            actors.emplace_back([&, actor] {
                QRandomGenerator random(uint32_t(1000 + actor));
                auto stubs = std::array { stubFor(addresses[0]), stubFor(addresses[1]) };
                for (int n = 0; !stop; ++n) {
                    const int gateway = int(random.bounded(2));
                    const uint32_t gpu = FirstGpu + random.bounded(Alarms);
                    const v1::ActRequest request = randomAction(random, ids.at({ gateway, gpu }),
                                                                QStringLiteral("actor%1.%2").arg(actor).arg(n));
                    Invocation inv = invoke(*stubs[size_t(gateway)], gateway, gpu, request);
                    std::lock_guard lock(historyMutex);
                    history.push_back(std::move(inv));
                    QThread::msleep(random.bounded(5, 40));
                }
            });

        // The faults, in turn, while the actors act.
        QElapsedTimer running, sinceRaised;
        running.start();
        sinceRaised.start();
        int faults = 0, southActions = 0;
        QRandomGenerator southRandom(77);
        // An operator on the journalled gateway, whatever its state's connection is doing.
        auto actOnSouth = [&](uint32_t gpu) {
            const v1::ActRequest request
                = randomAction(southRandom, alarmOn(*south, gpu)->id, QStringLiteral("south.%1").arg(southActions++));
            Invocation inv = invoke(*stubFor(south->address()), 2, gpu, request);
            std::lock_guard lock(historyMutex);
            history.push_back(std::move(inv));
        };
        uint64_t southRefused = 0; // over every run of the journalled gateway
        while (running.elapsed() < seconds * 1000) {
            switch (faults++ % 4) {
            case 0: { // the server restarts; the journalled gateway, with actions waiting, restarts meanwhile
                QVERIFY(db.stop().isEmpty());
                QThread::msleep(400);
                for (uint32_t n = 0; n < 2; ++n)
                    actOnSouth(FirstGpu + n);
                south->alarms().flush(true);
                southRefused += south->alarms().sharedRefused();
                south.reset();
                QVERIFY(db.restart().isEmpty());
                south = GatewayServer::start(journalled, &error);
                QVERIFY2(south, qPrintable(error));
                break;
            }
            case 1: { // a transaction holds the state's version row
                PgConnection holder;
                QVERIFY(holder.connect(db.conninfo(), QStringLiteral("tst holder")).isEmpty());
                QVERIFY(holder.exec("BEGIN").ok());
                QVERIFY(holder.exec("SELECT version FROM vigil_state_clock FOR UPDATE").ok());
                QThread::msleep(2500);
                QVERIFY(holder.exec("ROLLBACK").ok());
                break;
            }
            case 2: // every listener is cut off
                db.psql(QStringLiteral("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                       "WHERE application_name LIKE '%listener'"));
                QThread::msleep(500);
                break;
            case 3: { // the journalled gateway stops and starts again
                south->alarms().flush(true);
                southRefused += south->alarms().sharedRefused();
                south.reset();
                QThread::msleep(500);
                south = GatewayServer::start(journalled, &error);
                QVERIFY2(south, qPrintable(error));
                break;
            }
            }
            for (int n = 0; n < 3; ++n)
                actOnSouth(FirstGpu + southRandom.bounded(Alarms));
            if (sinceRaised.elapsed() > 60000) { // the warnings keep coming: the alarms stay active over a soak
                raiseAll();
                sinceRaised.restart();
            }
            QThread::msleep(300);
        }
        stop = true;
        for (std::thread &t : actors)
            t.join();

        // Quiet: everything queued is committed, every listener has caught up.
        GatewayServer *gateways[] = { east.get(), west.get(), south.get() };
        for (GatewayServer *g : gateways)
            QTRY_COMPARE_WITH_TIMEOUT(g->sharedState()->status().pending, size_t(0), 30000);
        const int64_t clock = db.psql(QStringLiteral("SELECT version FROM vigil_state_clock")).toLongLong();
        for (GatewayServer *g : gateways)
            QTRY_COMPARE_WITH_TIMEOUT(g->sharedState()->status().version, clock, 15000);

        // The audit trail of these alarms, in version order.
        PgConnection reader;
        QVERIFY(reader.connect(db.conninfo(), QStringLiteral("tst reader")).isEmpty());
        const PgResult trail = reader.exec("SELECT alarm_key, action, operator_name FROM vigil_alarm_actions "
                                           "WHERE alarm_key <> '' ORDER BY version");
        QVERIFY2(trail.ok(), qPrintable(trail.error));
        std::map<QString, OperatorState> reference;
        std::set<QString> committed;
        int invalid = 0;
        for (const PgRow &row : trail.rows) {
            v1::Event e;
            QVERIFY(e.ParseFromArray(row[1].constData(), int(row[1].size())));
            committed.insert(QString::fromUtf8(row[2]));
            if (!referenceApply(reference[QString::fromUtf8(row[0])], e)) {
                ++invalid;
                qWarning("not valid at its version: %s %s by %s", row[0].constData(),
                         qPrintable(eventTypeKey(EventType(e.type()))), row[2].constData());
            }
        }
        QCOMPARE(invalid, 0);

        // No acknowledged action lost.
        int ok = 0, shared = 0, queued = 0, queuedRefused = 0, refused = 0, unavailable = 0;
        for (const Invocation &inv : history) {
            if (inv.code != grpc::StatusCode::OK) {
                (inv.code == grpc::StatusCode::FAILED_PRECONDITION ? refused : unavailable) += 1;
                QVERIFY2(inv.code == grpc::StatusCode::FAILED_PRECONDITION,
                         qPrintable(QStringLiteral("%1: %2").arg(int(inv.code)).arg(inv.message)));
                QVERIFY2(!committed.count(inv.operatorName), qPrintable(inv.operatorName));
                continue;
            }
            ++ok;
            if (!inv.queued) {
                ++shared;
                QVERIFY2(committed.count(inv.operatorName), qPrintable(inv.operatorName + QLatin1String(" lost")));
            } else {
                ++queued;
                queuedRefused += !committed.count(inv.operatorName);
            }
        }
        QCOMPARE(uint64_t(queuedRefused),
                 east->alarms().sharedRefused() + west->alarms().sharedRefused() + southRefused
                     + south->alarms().sharedRefused());

        // Every gateway converged on the reference's fold.
        for (uint32_t gpu = FirstGpu; gpu < FirstGpu + Alarms; ++gpu) {
            const QString key = alarmKeyText(*alarmOn(*east, gpu));
            const OperatorState expected = reference[key];
            for (GatewayServer *g : gateways)
                QTRY_COMPARE_WITH_TIMEOUT(operatorStateOf(*alarmOn(*g, gpu)).text(), expected.text(), 10000);
        }
        qInfo("%d s, %d faults: %d actions answered OK (%d shared at once, %d queued of which %d refused on "
              "return), %d refused as not applicable, %d committed in all",
              seconds, faults, ok, shared, queued, queuedRefused, refused, int(trail.rows.size()));
        QVERIFY(shared > 0 && queued > 0);
    }
};

QTEST_GUILESS_MAIN(TestSharedHistory)
#include "tst_sharedhistory.moc"
