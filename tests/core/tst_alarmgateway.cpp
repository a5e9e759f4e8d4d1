// SPDX-License-Identifier: GPL-3.0-or-later
// Alarms shared through a real gateway: two dashboards see one alarm state; the
// gateway checks each action against it, knows who may act, and keeps the alarms
// across a restart.
#include "domain/alarmbook.h"
#include "domain/codec.h"
#include "gateway/operators.h"
#include "gatewayfixture.h"
#include "recording/recorder.h"
#include "recording/recordingreader.h"
#include "recording/streamrecording.h"
#include "sim/topologybuilder.h"

#include <QTemporaryDir>
#include <QTest>

#include <future>
#include <map>
#include <random>
#include <set>

using namespace vigil;
using namespace vigil::test;

namespace {

const QString OperatorToken = QStringLiteral("op-token-0123456789abcdef");
const QString SecondOperatorToken = QStringLiteral("op-token-fedcba9876543210");
const QString ViewerToken = QStringLiteral("view-token-0123456789abcdef");
const QString PodAgentToken = QStringLiteral("agent-token-pod-0123456789");
const QString RelayAgentToken = QStringLiteral("agent-token-relay-0123456789");

v1::ActRequest actOn(uint64_t alarm, v1::EventType action)
{
    v1::ActRequest request;
    request.set_action(action);
    request.set_alarm_id(alarm);
    request.set_operator_name("someone");
    return request;
}

grpc::Status act(const QString &address, const v1::ActRequest &request, const QString &token = {})
{
    auto stub = stubFor(address);
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
    if (!token.isEmpty())
        context.AddMetadata("authorization", (QStringLiteral("Bearer ") + token).toStdString());
    v1::ActResponse reply;
    return stub->Act(&context, request, &reply);
}

std::optional<Alarm> alarmOn(const LiveCluster &cluster, uint32_t gpu)
{
    return rowRemapAlarmOn(cluster, gpu);
}

struct Dashboard
{
    LiveCluster cluster;
    std::unique_ptr<TelemetryClient> client;
    Dashboard(const QString &address, const QString &token = {})
    {
        ClientOptions options;
        options.address = address;
        options.token = token;
        client = std::make_unique<TelemetryClient>(options, cluster);
        client->start();
    }
};

} // namespace

class TestAlarmGateway : public QObject
{
    Q_OBJECT

    QTemporaryDir dir;

    QString writeOperators()
    {
        const QString path = dir.filePath(QStringLiteral("operators"));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            return {};
        // GPU 50's host and GPU 60's (the same node, eight GPUs a node) for the pod's agent.
        const Topology t = buildTopology(testGatewayOptions().simulator.shape, testGatewayOptions().simulator.seed);
        f.write(QStringLiteral("# the night shift\n%1 a.nakamura operator\n%2 m.okafor operator\n%3 wallscreen "
                               "viewer  # the NOC's big screen\n%4 dcgm-pod agent %5,%6\n%7 site-relay agent *\n")
                    .arg(OperatorToken, SecondOperatorToken, ViewerToken, PodAgentToken,
                         t.nodes[t.gpus[50].nodeIndex].hostname, t.nodes[t.gpus[60].nodeIndex].hostname,
                         RelayAgentToken)
                    .toUtf8());
        return path;
    }

private Q_SLOTS:
    void twoDashboardsShareOneAlarmState()
    {
        QString error;
        auto server = GatewayServer::start(testGatewayOptions(), &error);
        QVERIFY2(server, qPrintable(error));
        Dashboard left(server->address()), right(server->address());
        QTRY_VERIFY_WITH_TIMEOUT(isLive(left.cluster) && isLive(right.cluster), 10000);
        QVERIFY(publishWarning(*server, 17));
        QTRY_VERIFY_WITH_TIMEOUT(alarmOn(left.cluster, 17) && alarmOn(right.cluster, 17), 5000);
        const Alarm raised = *alarmOn(left.cluster, 17);
        QCOMPARE(raised.state(), AlarmState::Unacknowledged);
        QCOMPARE(raised.message, QStringLiteral("12 correctable errors"));

        // Acknowledged on the left: the right shows it too, within a second.
        v1::ActRequest ack = actOn(raised.id, v1::EVENT_TYPE_ACKNOWLEDGE);
        ack.set_operator_name("a.nakamura");
        ack.set_comment("HBM ticket opened");
        const ActOutcome outcome = left.client->act(ack);
        QVERIFY2(outcome.ok, qPrintable(outcome.message));
        // (A second is the bar on a quiet machine; a loaded test machine gets more.)
        QTRY_VERIFY_WITH_TIMEOUT(alarmOn(right.cluster, 17)->state() == AlarmState::Acknowledged, 5000);
        QCOMPARE(alarmOn(right.cluster, 17)->acknowledgedBy, QStringLiteral("a.nakamura"));
        QCOMPARE(alarmOn(right.cluster, 17)->lastComment, QStringLiteral("a.nakamura: HBM ticket opened"));

        // Shelved and assigned on the right: the left follows.
        v1::ActRequest shelve = actOn(raised.id, v1::EVENT_TYPE_SHELVE);
        shelve.set_shelve_for_ms(3600000);
        QVERIFY(right.client->act(shelve).ok);
        v1::ActRequest assign = actOn(raised.id, v1::EVENT_TYPE_ASSIGN);
        assign.set_owner("m.okafor");
        QVERIFY(right.client->act(assign).ok);
        QTRY_VERIFY_WITH_TIMEOUT(alarmOn(left.cluster, 17)->owner == QStringLiteral("m.okafor"), 5000);
        QCOMPARE(alarmOn(left.cluster, 17)->state(), AlarmState::Shelved);
        QVERIFY(alarmOn(left.cluster, 17)->shelvedUntilMs > raised.raisedMs);

        // A dashboard that connects now is given the same state in its snapshot.
        Dashboard late(server->address());
        QTRY_VERIFY_WITH_TIMEOUT(alarmOn(late.cluster, 17).has_value(), 10000);
        QCOMPARE(*alarmOn(late.cluster, 17), *alarmOn(left.cluster, 17));
        QCOMPARE(*alarmOn(right.cluster, 17), *alarmOn(left.cluster, 17));
    }

    // A dashboard recording the stream keeps the alarms as they changed, so that a replay
    // shows them as they stood: raised, then acknowledged, each at its instant.
    void aRecordingKeepsTheAlarmsAsTheyChanged()
    {
        QString error;
        auto server = GatewayServer::start(testGatewayOptions(), &error);
        QVERIFY2(server, qPrintable(error));
        const QString path = dir.filePath(QStringLiteral("alarms.vigil"));
        Recorder recorder({ path });
        QCOMPARE(recorder.start(), QString());
        StreamRecording tap(&recorder);
        LiveCluster cluster;
        ClientOptions options;
        options.address = server->address();
        options.observer = tap.observer();
        TelemetryClient client(options, cluster);
        client.start();
        QTRY_VERIFY_WITH_TIMEOUT(isLive(cluster), 10000);
        QVERIFY(publishWarning(*server, 23));
        QTRY_VERIFY_WITH_TIMEOUT(alarmOn(cluster, 23).has_value(), 5000);
        const Alarm raised = *alarmOn(cluster, 23);
        v1::ActRequest ack = actOn(raised.id, v1::EVENT_TYPE_ACKNOWLEDGE);
        ack.set_operator_name("a.nakamura");
        QVERIFY(client.act(ack).ok);
        QTRY_VERIFY_WITH_TIMEOUT(alarmOn(cluster, 23)->state() == AlarmState::Acknowledged, 5000);
        const Alarm acknowledged = *alarmOn(cluster, 23);
        recorder.flush();

        RecordingReader reader;
        QCOMPARE(reader.open(path), QString());
        const std::vector<RecordingReader::AlarmChange> changes
            = reader.alarmChanges(std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max());
        const auto raisedRow = std::find_if(changes.begin(), changes.end(), [&](const auto &c) {
            return c.alarm && c.alarm->id == raised.id && c.alarm->state() == AlarmState::Unacknowledged;
        });
        const auto ackRow = std::find_if(changes.begin(), changes.end(), [&](const auto &c) {
            return c.alarm && c.alarm->id == raised.id && c.alarm->state() == AlarmState::Acknowledged;
        });
        QVERIFY(raisedRow != changes.end());
        QVERIFY(ackRow != changes.end());
        QVERIFY(raisedRow < ackRow);
        QCOMPARE(*ackRow->alarm, acknowledged);
        // Just before the acknowledgement was recorded, the alarm stood unacknowledged; from then on, acknowledged.
        const auto at = [&](int64_t t) {
            for (const Alarm &a : reader.alarmsAt(t))
                if (a.id == raised.id)
                    return std::optional<Alarm>(a);
            return std::optional<Alarm>();
        };
        if (raisedRow->timeMs < ackRow->timeMs)
            QCOMPARE(at(ackRow->timeMs - 1)->state(), AlarmState::Unacknowledged);
        QCOMPARE(at(ackRow->timeMs)->state(), AlarmState::Acknowledged);
        client.stop();
    }

    void oneAcknowledgementWinsARace()
    {
        QString error;
        auto server = GatewayServer::start(testGatewayOptions(), &error);
        QVERIFY2(server, qPrintable(error));
        QVERIFY(publishWarning(*server, 30));
        QTRY_VERIFY_WITH_TIMEOUT(!server->alarms().alarms().empty(), 5000);
        const uint64_t id = server->alarms().alarms().front().id;
        // Two operators acknowledge at once: one is taken, the other told who was first.
        auto attempt = [&](const char *who) {
            v1::ActRequest ack = actOn(id, v1::EVENT_TYPE_ACKNOWLEDGE);
            ack.set_operator_name(who);
            return act(server->address(), ack);
        };
        auto first = std::async(std::launch::async, attempt, "ana");
        auto second = std::async(std::launch::async, attempt, "kim");
        const grpc::Status a = first.get(), b = second.get();
        QCOMPARE(int(a.ok()) + int(b.ok()), 1);
        const grpc::Status &lost = a.ok() ? b : a;
        QCOMPARE(lost.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
        QVERIFY2(QString::fromStdString(lost.error_message()).contains(QStringLiteral("acknowledged already, by")),
                 lost.error_message().c_str());
        QCOMPARE(server->alarms().find(id)->acknowledgedBy, QLatin1String(a.ok() ? "ana" : "kim"));
    }

    // An operator's selection, an incident's alarms, a row's alarms of one kind: one
    // action on many alarms, taken on each it applies to, journalled as one entry, with
    // the others named and why; nonsense refused whole.
    void oneActionOnManyAlarms()
    {
        QString error;
        auto server = GatewayServer::start(testGatewayOptions(), &error);
        QVERIFY2(server, qPrintable(error));
        const uint32_t gpus[] = { 50, 51, 52, 53, 54, 55 };
        for (uint32_t gpu : gpus)
            QVERIFY(publishWarning(*server, gpu));
        QTRY_VERIFY_WITH_TIMEOUT(server->alarms().alarms().size() >= std::size(gpus), 5000);
        std::vector<uint64_t> ids;
        for (const Alarm &a : server->alarms().alarms())
            ids.push_back(a.id);
        Dashboard watching(server->address());
        QTRY_VERIFY_WITH_TIMEOUT(isLive(watching.cluster), 10000);

        // One of them was acknowledged a moment before by someone else.
        v1::ActRequest first = actOn(ids[2], v1::EVENT_TYPE_ACKNOWLEDGE);
        first.set_operator_name("kim");
        QVERIFY(act(server->address(), first).ok());

        v1::ActRequest all;
        all.set_action(v1::EVENT_TYPE_ACKNOWLEDGE);
        all.set_operator_name("ana");
        all.set_comment("row a01: one fan tray, ticket 7731");
        for (uint64_t id : ids)
            all.add_alarm_ids(id);
        all.add_alarm_ids(ids[0]); // named twice: acted on once
        auto stub = stubFor(server->address());
        grpc::ClientContext context;
        v1::ActResponse reply;
        const grpc::Status status = stub->Act(&context, all, &reply);
        QVERIFY2(status.ok(), status.error_message().c_str());
        QCOMPARE(size_t(reply.event_ids_size()), ids.size() - 1);
        QCOMPARE(reply.refused_size(), 1);
        QCOMPARE(reply.refused(0).alarm_id(), ids[2]);
        QVERIFY2(
            QString::fromStdString(reply.refused(0).reason()).contains(QStringLiteral("acknowledged already, by kim")),
            reply.refused(0).reason().c_str());
        QCOMPARE(reply.event_id(), reply.event_ids(0));
        // One append to the journal carries all five: their events are numbered together.
        for (int i = 1; i < reply.event_ids_size(); ++i)
            QCOMPARE(reply.event_ids(i), reply.event_ids(i - 1) + 1);
        for (uint64_t id : ids) {
            const std::optional<Alarm> a = server->alarms().find(id);
            QVERIFY(a);
            QCOMPARE(a->state(), AlarmState::Acknowledged);
            QCOMPARE(a->acknowledgedBy, QLatin1String(id == ids[2] ? "kim" : "ana"));
        }
        // Every dashboard sees it, each alarm as the gateway has it.
        QTRY_VERIFY_WITH_TIMEOUT(std::all_of(std::begin(gpus), std::end(gpus),
                                             [&](uint32_t gpu) {
                                                 const auto a = alarmOn(watching.cluster, gpu);
                                                 return a && a->state() == AlarmState::Acknowledged;
                                             }),
                                 5000);
        // Taken on none: refused, with the first reason.
        const grpc::Status again = [&] {
            grpc::ClientContext c;
            v1::ActResponse r;
            return stub->Act(&c, all, &r);
        }();
        QCOMPARE(again.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
        QVERIFY2(
            QString::fromStdString(again.error_message()).contains(QStringLiteral("taken on none of the 6 alarms")),
            again.error_message().c_str());

        // Nonsense is refused whole, and changes nothing.
        const auto before = server->alarms().alarms();
        const auto refused = [&](v1::ActRequest request, const char *why) {
            grpc::ClientContext c;
            v1::ActResponse r;
            const grpc::Status s = stub->Act(&c, request, &r);
            if (s.error_code() != grpc::StatusCode::INVALID_ARGUMENT
                || !QString::fromStdString(s.error_message()).contains(QLatin1String(why)))
                qWarning() << "expected INVALID_ARGUMENT with" << why << "got" << int(s.error_code())
                           << s.error_message().c_str();
            return s.error_code() == grpc::StatusCode::INVALID_ARGUMENT
                && QString::fromStdString(s.error_message()).contains(QLatin1String(why));
        };
        v1::ActRequest both = all;
        both.set_alarm_id(ids[0]);
        QVERIFY(refused(both, "not both"));
        v1::ActRequest tooMany = all;
        for (int i = 0; i < GatewayService::MaxAlarmsPerAction; ++i)
            tooMany.add_alarm_ids(1000000 + uint64_t(i));
        QVERIFY(refused(tooMany, "at most 10000 alarms"));
        v1::ActRequest threshold = all;
        threshold.set_action(v1::EVENT_TYPE_THRESHOLD_CHANGE);
        QVERIFY(refused(threshold, "not an action on alarms"));
        v1::ActRequest zero = all;
        zero.add_alarm_ids(0);
        QVERIFY(refused(zero, "alarm 0 does not exist"));
        QCOMPARE(server->alarms().alarms(), before);
    }

    // Random many-alarm actions (any action, ids real, repeated, absent or absurd, any
    // duration, owner or comment): each is answered with a status that says why, and the
    // gateway keeps serving.
    void randomManyAlarmActionsAreAnsweredClearly()
    {
        QString error;
        auto server = GatewayServer::start(testGatewayOptions(), &error);
        QVERIFY2(server, qPrintable(error));
        for (uint32_t gpu = 60; gpu < 68; ++gpu)
            QVERIFY(publishWarning(*server, gpu));
        QTRY_VERIFY_WITH_TIMEOUT(server->alarms().alarms().size() >= 8, 5000);
        std::vector<uint64_t> real;
        for (const Alarm &a : server->alarms().alarms())
            real.push_back(a.id);
        std::mt19937_64 random(20261206);
        auto stub = stubFor(server->address());
        std::map<int, int> codes;
        for (int round = 0; round < 400; ++round) {
            v1::ActRequest r;
            r.set_action(v1::EventType(300 + int(random() % 12)));
            r.set_operator_name(random() % 8 ? "fuzz" : "");
            r.set_shelve_for_ms(int64_t(random() % 3 ? random() % 1000000000 : random()));
            r.set_owner(std::string(random() % 80, char('a' + random() % 26)));
            r.set_comment(std::string(random() % 5000, 'x'));
            const int ids = int(random() % 20);
            for (int i = 0; i < ids; ++i)
                r.add_alarm_ids(random() % 3 ? real[random() % real.size()] : random() % 4 ? random() : 0);
            if (random() % 10 == 0)
                r.set_alarm_id(real.front());
            grpc::ClientContext context;
            context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
            v1::ActResponse reply;
            const grpc::Status status = stub->Act(&context, r, &reply);
            ++codes[int(status.error_code())];
            QVERIFY2(status.error_code() != grpc::StatusCode::UNAVAILABLE
                         && status.error_code() != grpc::StatusCode::DEADLINE_EXCEEDED
                         && status.error_code() != grpc::StatusCode::UNKNOWN
                         && status.error_code() != grpc::StatusCode::INTERNAL,
                     status.error_message().c_str());
            QVERIFY(status.ok() || !status.error_message().empty());
            if (status.ok() && r.alarm_ids_size() > 0)
                QCOMPARE(reply.event_ids_size() + reply.refused_size(),
                         int(std::set<uint64_t>(r.alarm_ids().begin(), r.alarm_ids().end()).size()));
        }
        QVERIFY(codes[int(grpc::StatusCode::OK)] > 0);
        QVERIFY(codes[int(grpc::StatusCode::INVALID_ARGUMENT)] > 0);
        grpc::ClientContext context;
        v1::Topology topology;
        QVERIFY(stub->GetTopology(&context, {}, &topology).ok());
    }

    void badActionsGetAClearStatus_data()
    {
        QTest::addColumn<int>("action");
        QTest::addColumn<bool>("onTheAlarm");
        QTest::addColumn<qlonglong>("shelveForMs");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message");
        QTest::newRow("an alarm that does not exist")
            << int(v1::EVENT_TYPE_ACKNOWLEDGE) << false << 0LL << int(grpc::StatusCode::NOT_FOUND) << "does not exist";
        QTest::newRow("a negative shelve") << int(v1::EVENT_TYPE_SHELVE) << true << -60000LL
                                           << int(grpc::StatusCode::OUT_OF_RANGE) << "1 minute to 7 days";
        QTest::newRow("a shelve of a year") << int(v1::EVENT_TYPE_SHELVE) << true << 365LL * 86400000
                                            << int(grpc::StatusCode::OUT_OF_RANGE) << "1 minute to 7 days";
        QTest::newRow("a shelve of no time")
            << int(v1::EVENT_TYPE_SHELVE) << true << 0LL << int(grpc::StatusCode::OUT_OF_RANGE) << "1 minute to 7 days";
        QTest::newRow("unshelving what is not shelved") << int(v1::EVENT_TYPE_UNSHELVE) << true << 0LL
                                                        << int(grpc::StatusCode::FAILED_PRECONDITION) << "not shelved";
        QTest::newRow("returning what is in service") << int(v1::EVENT_TYPE_RETURN_TO_SERVICE) << true << 0LL
                                                      << int(grpc::StatusCode::FAILED_PRECONDITION) << "in service";
    }

    void badActionsGetAClearStatus()
    {
        QFETCH(int, action);
        QFETCH(bool, onTheAlarm);
        QFETCH(qlonglong, shelveForMs);
        QFETCH(int, code);
        QFETCH(QString, message);
        QString error;
        auto server = GatewayServer::start(testGatewayOptions(), &error);
        QVERIFY2(server, qPrintable(error));
        QVERIFY(publishWarning(*server, 40));
        QTRY_VERIFY_WITH_TIMEOUT(!server->alarms().alarms().empty(), 5000);
        const uint64_t id = onTheAlarm ? server->alarms().alarms().front().id : 987654;
        v1::ActRequest request = actOn(id, v1::EventType(action));
        request.set_shelve_for_ms(shelveForMs);
        const auto before = server->alarms().alarms();
        const grpc::Status status = act(server->address(), request);
        QCOMPARE(int(status.error_code()), code);
        QVERIFY2(QString::fromStdString(status.error_message()).contains(message), status.error_message().c_str());
        QCOMPARE(server->alarms().alarms(), before); // nothing changed
    }

    void onlyOperatorsMayAct()
    {
        GatewayOptions options = testGatewayOptions();
        options.operatorsPath = writeOperators();
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        QVERIFY(publishWarning(*server, 50, v1::EVENT_TYPE_ROW_REMAP, PodAgentToken));
        QTRY_VERIFY_WITH_TIMEOUT(!server->alarms().alarms().empty(), 5000);
        const uint64_t id = server->alarms().alarms().front().id;
        const v1::ActRequest ack = actOn(id, v1::EVENT_TYPE_ACKNOWLEDGE);

        // Refused by the gateway, not merely hidden by the dashboard.
        QCOMPARE(act(server->address(), ack, ViewerToken).error_code(), grpc::StatusCode::PERMISSION_DENIED);
        QVERIFY(QString::fromStdString(act(server->address(), ack, ViewerToken).error_message())
                    .contains(QStringLiteral("wallscreen may watch but not act")));
        QCOMPARE(act(server->address(), ack, QStringLiteral("made-up-token-000000")).error_code(),
                 grpc::StatusCode::UNAUTHENTICATED);
        QCOMPARE(act(server->address(), ack).error_code(), grpc::StatusCode::UNAUTHENTICATED);
        QCOMPARE(server->alarms().find(id)->state(), AlarmState::Unacknowledged);

        // The name comes from the token, whatever the request says.
        QVERIFY(act(server->address(), ack, OperatorToken).ok());
        QCOMPARE(server->alarms().find(id)->acknowledgedBy, QStringLiteral("a.nakamura"));

        // Watching needs a known token too; a viewer may watch.
        Dashboard viewer(server->address(), ViewerToken);
        QTRY_VERIFY_WITH_TIMEOUT(isLive(viewer.cluster), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(alarmOn(viewer.cluster, 50).has_value(), 5000);
        Dashboard stranger(server->address(), QStringLiteral("made-up-token-000000"));
        QTRY_VERIFY_WITH_TIMEOUT(stranger.cluster.status().lastError.contains(QStringLiteral("unknown token")), 10000);
        QVERIFY(!isLive(stranger.cluster));
    }

    // An anonymous client once raised a critical Xid on a 1,536-GPU job: with
    // tokens configured, only an agent publishes, and only for its own hosts.
    void onlyAgentsPublishAndOnlyForTheirHosts()
    {
        GatewayOptions options = testGatewayOptions();
        options.operatorsPath = writeOperators();
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        const Topology &t = *server->journal().topology();
        const uint32_t elsewhere = 200;
        QVERIFY(t.gpus[elsewhere].nodeIndex != t.gpus[50].nodeIndex
                && t.gpus[elsewhere].nodeIndex != t.gpus[60].nodeIndex);

        v1::PublishResponse reply;
        QCOMPARE(publishWarningAs(*server, 50, {}, &reply).error_code(), grpc::StatusCode::UNAUTHENTICATED);
        QCOMPARE(publishWarningAs(*server, 50, QStringLiteral("made-up-token-000000"), &reply).error_code(),
                 grpc::StatusCode::UNAUTHENTICATED);
        for (const QString &token : { ViewerToken, OperatorToken }) {
            const grpc::Status refused = publishWarningAs(*server, 50, token, &reply);
            QCOMPARE(refused.error_code(), grpc::StatusCode::PERMISSION_DENIED);
            QVERIFY2(QString::fromStdString(refused.error_message()).contains(QStringLiteral("only an agent")),
                     refused.error_message().c_str());
        }
        const grpc::Status foreign = publishWarningAs(*server, elsewhere, PodAgentToken, &reply);
        QCOMPARE(foreign.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
        QVERIFY2(QString::fromStdString(foreign.error_message())
                     .contains(QStringLiteral("dcgm-pod may not publish for host %1")
                                   .arg(t.nodes[t.gpus[elsewhere].nodeIndex].hostname)),
                 foreign.error_message().c_str());
        auto alarmsOn = [&](uint32_t gpu) {
            const std::vector<Alarm> alarms = server->alarms().alarms();
            return std::count_if(alarms.begin(), alarms.end(), [&](const Alarm &a) {
                return a.entity == EntityRef { EntityKind::Gpu, gpu };
            });
        };
        QCOMPARE(alarmsOn(50) + alarmsOn(elsewhere), 0); // nothing refused reached the alarm book

        // Readings are held to the same hosts: a block touching another host is refused whole.
        {
            auto stub = stubFor(server->address());
            grpc::ClientContext context;
            context.AddMetadata("authorization", (QStringLiteral("Bearer ") + PodAgentToken).toStdString());
            v1::PublishResponse samplesReply;
            auto writer = stub->Publish(&context, &samplesReply);
            v1::PublishRequest request;
            request.mutable_samples()->set_time_ms(server->journal().headTimeMs());
            v1::MetricBlock *own = request.mutable_samples()->add_blocks();
            own->set_metric_id(0); // GPU temperature
            own->add_indices(50);
            own->add_values(61.0f);
            v1::MetricBlock *mixed = request.mutable_samples()->add_blocks();
            mixed->set_metric_id(0);
            mixed->add_indices(60);
            mixed->add_indices(elsewhere);
            mixed->add_values(62.0f);
            mixed->add_values(63.0f);
            QVERIFY(writer->Write(request));
            writer->WritesDone();
            QVERIFY(writer->Finish().ok());
            QCOMPARE(samplesReply.accepted(), uint64_t(1));
            QCOMPARE(samplesReply.rejected(), uint64_t(1));
        }

        QVERIFY(publishWarning(*server, 60, v1::EVENT_TYPE_ROW_REMAP, PodAgentToken));
        QVERIFY(publishWarning(*server, elsewhere, v1::EVENT_TYPE_ROW_REMAP, RelayAgentToken));
        QTRY_COMPARE_WITH_TIMEOUT(alarmsOn(60) + alarmsOn(elsewhere), 2, 5000);

        // The floor plan names every host: it too needs a token.
        auto stub = stubFor(server->address());
        v1::Topology topology;
        grpc::ClientContext anonymous;
        QCOMPARE(stub->GetTopology(&anonymous, {}, &topology).error_code(), grpc::StatusCode::UNAUTHENTICATED);
        grpc::ClientContext viewer;
        viewer.AddMetadata("authorization", (QStringLiteral("Bearer ") + ViewerToken).toStdString());
        QVERIFY(stub->GetTopology(&viewer, {}, &topology).ok());
        QCOMPARE(size_t(topology.gpus_size()), t.gpus.size());
    }

    // An event dated ten days ahead once cleared an acknowledged alarm and froze
    // the alarm clock; samples a day ahead moved the head clock. Both are refused,
    // naming the skew, and nothing changes.
    void timesFarFromTheGatewaysClockAreRefused()
    {
        GatewayOptions options = testGatewayOptions();
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        QVERIFY(publishWarning(*server, 70));
        QTRY_VERIFY_WITH_TIMEOUT(!server->alarms().alarms().empty(), 5000);
        const uint64_t id = server->alarms().alarms().front().id;
        QVERIFY(act(server->address(), actOn(id, v1::EVENT_TYPE_ACKNOWLEDGE)).ok());
        const int64_t alarmClock = server->alarms().alarms().front().changedMs;

        auto stub = stubFor(server->address());
        grpc::ClientContext context;
        v1::PublishResponse reply;
        auto writer = stub->Publish(&context, &reply);
        const int64_t now = server->journal().headTimeMs();
        v1::PublishRequest future;
        v1::Event *e = future.mutable_events()->add_events();
        e->set_type(v1::EVENT_TYPE_ROW_REMAP);
        e->set_severity(v1::SEVERITY_WARNING);
        e->mutable_entity()->set_kind(v1::ENTITY_KIND_GPU);
        e->mutable_entity()->set_index(70);
        e->set_time_ms(now + 10 * 86400000LL);
        QVERIFY(writer->Write(future));
        v1::PublishRequest ahead;
        ahead.mutable_samples()->set_time_ms(now + 86400000LL);
        v1::MetricBlock *block = ahead.mutable_samples()->add_blocks();
        block->set_metric_id(0);
        block->add_indices(70);
        block->add_values(60.0f);
        QVERIFY(writer->Write(ahead));
        writer->WritesDone();
        const grpc::Status refused = writer->Finish();
        QCOMPARE(refused.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
        QVERIFY2(QString::fromStdString(refused.error_message())
                     .contains(QStringLiteral("10 days ahead of the gateway's clock")),
                 refused.error_message().c_str());
        QVERIFY(server->journal().headTimeMs() < now + 3600000);
        QCOMPARE(server->alarms().find(id)->state(), AlarmState::Acknowledged);
        QVERIFY(server->alarms().alarms().front().changedMs <= alarmClock + 3600000);
    }

    void operatorsFilesThatMakeNoSense_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("good") << "0123456789abcdef ana operator\n# a comment\n\nfedcba9876543210 wall viewer"
                              << QString();
        QTest::newRow("nobody") << "# nothing here\n"
                                << "names nobody";
        QTest::newRow("short token") << "short ana operator"
                                     << "ops:1: a token must be at least 16";
        QTest::newRow("two fields") << "0123456789abcdef ana"
                                    << "ops:1: expected";
        QTest::newRow("unknown role") << "0123456789abcdef ana admin"
                                      << "ops:1: unknown role “admin”";
        QTest::newRow("an agent without hosts") << "0123456789abcdef dcgm agent"
                                                << "ops:1: an agent's line ends with the hosts";
        QTest::newRow("an agent with an empty host list") << "0123456789abcdef dcgm agent ,,"
                                                          << "ops:1: an agent with no hosts";
        QTest::newRow("hosts for an operator") << "0123456789abcdef ana operator a01r01n1"
                                               << "ops:1: only an agent's line names hosts";
        QTest::newRow("a token given twice") << "0123456789abcdef ana operator\n0123456789abcdef kim viewer"
                                             << "ops:2: this token is already given to ana";
    }

    void operatorsFilesThatMakeNoSense()
    {
        QFETCH(QString, text);
        QFETCH(QString, error);
        OperatorRegistry registry;
        const QString why = registry.parse(text, QStringLiteral("ops"));
        if (error.isEmpty()) {
            QCOMPARE(why, QString());
            QCOMPARE(registry.size(), 2);
            QCOMPARE(registry.byToken(QStringLiteral("fedcba9876543210"))->role, OperatorIdentity::Role::Viewer);
        } else {
            QVERIFY2(why.contains(error), qPrintable(why));
            QVERIFY(registry.isEmpty());
        }
        QCOMPARE(OperatorRegistry::tokenFromHeader(QStringLiteral("Bearer abc")), QStringLiteral("abc"));
        QCOMPARE(OperatorRegistry::tokenFromHeader(QStringLiteral("Basic abc")), QString());
        GatewayOptions options = testGatewayOptions();
        options.operatorsPath = dir.filePath(QStringLiteral("missing-operators"));
        QString startError;
        QVERIFY(!GatewayServer::start(options, &startError));
        QVERIFY2(startError.contains(QStringLiteral("missing-operators")), qPrintable(startError));
    }

    void aSitesRulesOrAClearRefusal()
    {
        const QString path = dir.filePath(QStringLiteral("rules.json"));
        auto write = [&](const QByteArray &json) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(json);
        };
        GatewayOptions options = testGatewayOptions();
        options.alarmRulesPath = path;
        write(R"({"rules": [{"metric": "DCGM_FI_DEV_GPU_TEMP", "above": 20, "priority": "low"}]})");
        QString error;
        {
            auto server = GatewayServer::start(options, &error);
            QVERIFY2(server, qPrintable(error));
            // Every busy GPU is above 20 °C: the site's rule, not the default 85 °C, raises one
            // alarm on each rack.
            QTRY_VERIFY_WITH_TIMEOUT(server->alarms().alarms().size() > 1, 5000);
            const Alarm first = server->alarms().alarms().front();
            QCOMPARE(first.entity.kind, EntityKind::Rack);
            QVERIFY2(first.message.startsWith(QStringLiteral("GPU temperature above 20: ")), qPrintable(first.message));
        }
        write(R"({"rules": [{"metric": "DCGM_FI_DEV_GPU_TEMP", "above": 20, "priority": "urgent"}]})");
        QVERIFY(!GatewayServer::start(options, &error));
        QVERIFY2(error.contains(QStringLiteral("rules.json: rule 1: unknown priority")), qPrintable(error));
    }

    void theJournalKeepsAlarmsAcrossARestart()
    {
        GatewayOptions options = testGatewayOptions();
        options.alarmJournalPath = dir.filePath(QStringLiteral("alarms.sqlite"));
        QFile::remove(options.alarmJournalPath);
        std::vector<Alarm> before;
        {
            QString error;
            auto server = GatewayServer::start(options, &error);
            QVERIFY2(server, qPrintable(error));
            QVERIFY(publishWarning(*server, 60));
            QVERIFY(publishWarning(*server, 61, v1::EVENT_TYPE_NVLINK_CRC));
            QTRY_COMPARE_WITH_TIMEOUT(server->alarms().alarms().size(), size_t(2), 5000);
            const uint64_t first = server->alarms().alarms()[0].id, second = server->alarms().alarms()[1].id;
            v1::ActRequest ack = actOn(first, v1::EVENT_TYPE_ACKNOWLEDGE);
            ack.set_operator_name("a.nakamura");
            QVERIFY(act(server->address(), ack).ok());
            v1::ActRequest shelve = actOn(second, v1::EVENT_TYPE_SHELVE);
            shelve.set_shelve_for_ms(7200000);
            QVERIFY(act(server->address(), shelve).ok());
            v1::ActRequest assign = actOn(second, v1::EVENT_TYPE_ASSIGN);
            assign.set_owner("facilities");
            QVERIFY(act(server->address(), assign).ok());
            before = server->alarms().alarms();
            QCOMPARE(server->alarms().journalledActions().size(), size_t(3));
        } // the gateway stops
        QString error;
        auto restarted = GatewayServer::start(options, &error);
        QVERIFY2(restarted, qPrintable(error));
        const std::vector<Alarm> after = restarted->alarms().alarms();
        QCOMPARE(after.size(), before.size());
        for (size_t i = 0; i < after.size(); ++i) {
            QCOMPARE(after[i].id, before[i].id);
            QCOMPARE(after[i].state(), before[i].state());
            QCOMPARE(after[i].acknowledgedBy, before[i].acknowledgedBy);
            QCOMPARE(after[i].owner, before[i].owner);
            QCOMPARE(after[i].shelvedUntilMs, before[i].shelvedUntilMs);
        }
        QCOMPARE(after[0].acknowledgedBy, QStringLiteral("a.nakamura"));
        QCOMPARE(after[1].owner, QStringLiteral("facilities"));
        QCOMPARE(restarted->alarms().journalledActions().size(), size_t(3)); // the audit trail too
        // And a dashboard is given them in its snapshot.
        Dashboard late(restarted->address());
        QTRY_VERIFY_WITH_TIMEOUT(alarmOn(late.cluster, 60).has_value(), 10000);
        QCOMPARE(alarmOn(late.cluster, 60)->acknowledgedBy, QStringLiteral("a.nakamura"));

        // A file that is not an alarm journal is refused with its name.
        const QString junk = dir.filePath(QStringLiteral("junk.sqlite"));
        QFile f(junk);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(4096, 'x'));
        f.close();
        options.alarmJournalPath = junk;
        QVERIFY(!GatewayServer::start(options, &error));
        QVERIFY2(error.contains(QStringLiteral("junk.sqlite")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestAlarmGateway)
#include "tst_alarmgateway.moc"
