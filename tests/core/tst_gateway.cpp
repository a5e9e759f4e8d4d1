// SPDX-License-Identifier: GPL-3.0-or-later
// The real gateway on a loopback port and the real client: topology, snapshot,
// deltas, metric selection, publishing, operator actions and bad input.
#include "client/telemetryclient.h"
#include "domain/codec.h"
#include "gatewayfixture.h"
#include "host/framelog.h"
#include "recording/recordingreader.h"

#include <grpcpp/generic/generic_stub.h>

#include <QTemporaryDir>
#include <QTest>

using namespace vigil;
using namespace vigil::test;

namespace {

// Calls a method with raw request bytes, the way a client with a broken encoder would.
grpc::Status rawUnaryCall(const QString &address, const std::string &method, const std::string &payload,
                          std::string *reply = nullptr)
{
    grpc::GenericStub stub(grpc::CreateChannel(address.toStdString(), grpc::InsecureChannelCredentials()));
    grpc::CompletionQueue queue;
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
    grpc::Slice slice(payload);
    grpc::ByteBuffer request(&slice, 1);
    auto call = stub.PrepareUnaryCall(&context, method, request, &queue);
    call->StartCall();
    grpc::ByteBuffer response;
    grpc::Status status;
    call->Finish(&response, &status, reinterpret_cast<void *>(1));
    void *tag = nullptr;
    bool ok = false;
    queue.Next(&tag, &ok);
    if (reply && status.ok()) {
        std::vector<grpc::Slice> slices;
        (void)response.Dump(&slices);
        reply->clear();
        for (const grpc::Slice &s : slices)
            reply->append(reinterpret_cast<const char *>(s.begin()), s.size());
    }
    queue.Shutdown();
    while (queue.Next(&tag, &ok)) { }
    return status;
}

} // namespace

class TestGateway : public QObject
{
    Q_OBJECT

    GatewayOptions options = testGatewayOptions();
    std::unique_ptr<GatewayServer> server;

private Q_SLOTS:
    void init()
    {
        QString error;
        server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
    }

    void cleanup() { server.reset(); }

    void clientReceivesTopologySnapshotAndDeltas()
    {
        LiveCluster cluster;
        TelemetryClient client({ server->address() }, cluster);
        client.start();
        QTRY_VERIFY_WITH_TIMEOUT(isLive(cluster), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(cluster.status().lastSeq > 20, 5000); // deltas flow after the snapshot
        ClusterState state;
        uint64_t generation = 0;
        QVERIFY(cluster.copyIfNewer(state, generation));
        QVERIFY(!cluster.copyIfNewer(state, generation) || generation > 0);
        QVERIFY(state.topology());
        QVERIFY(*state.topology() == *server->journal().topology());
        QCOMPARE(compareWithSimulation(options, state), QString());
        QCOMPARE(cluster.gaps().size(), size_t(0));
        client.stop();
    }

    void heartbeatsWhenIdle()
    {
        // A gateway ticking every 10 s: between ticks the stream must still say it is alive.
        GatewayOptions slow = testGatewayOptions(64, 0.1);
        QString error;
        auto quiet = GatewayServer::start(slow, &error);
        QVERIFY2(quiet, qPrintable(error));
        auto stub = stubFor(quiet->address());
        grpc::ClientContext context;
        auto reader = stub->Subscribe(&context, {});
        v1::StreamMessage m;
        int heartbeats = 0;
        while (heartbeats < 2 && reader->Read(&m))
            heartbeats += m.has_heartbeat();
        QCOMPARE(heartbeats, 2);
        QVERIFY(m.heartbeat().server_time_ms() > 0);
        context.TryCancel();
        reader->Finish();
    }

    void unknownMetricIsNamed()
    {
        auto stub = stubFor(server->address());
        grpc::ClientContext context;
        v1::SubscribeRequest request;
        request.add_metrics("DCGM_FI_DEV_GPU_TEMP");
        request.add_metrics("DCGM_FI_DEV_FAN_SPEED_NOPE");
        auto reader = stub->Subscribe(&context, request);
        v1::StreamMessage m;
        QVERIFY(!reader->Read(&m));
        const grpc::Status status = reader->Finish();
        QCOMPARE(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
        QVERIFY(status.error_message().find("DCGM_FI_DEV_FAN_SPEED_NOPE") != std::string::npos);
    }

    // NODE and RACK are served (tst_wallscreen); a level the protocol does not know is not.
    void unsupportedAggregationLevel()
    {
        auto stub = stubFor(server->address());
        grpc::ClientContext context;
        v1::SubscribeRequest request;
        request.set_level(v1::AggregationLevel(42));
        auto reader = stub->Subscribe(&context, request);
        v1::StreamMessage m;
        QVERIFY(!reader->Read(&m));
        QCOMPARE(reader->Finish().error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    }

    void metricSelectionKeepsSeqGapFree()
    {
        auto stub = stubFor(server->address());
        grpc::ClientContext context;
        v1::SubscribeRequest request;
        request.add_metrics("DCGM_FI_DEV_POWER_USAGE");
        auto reader = stub->Subscribe(&context, request);
        v1::StreamMessage m;
        uint64_t last = 0;
        int journalEntries = 0;
        bool synced = false;
        while (journalEntries < 30 && reader->Read(&m)) {
            if (m.has_dictionary()) {
                QCOMPARE(m.dictionary().metrics_size(), int(standardMetrics().size()));
            } else if (m.has_sync()) {
                synced = true;
                last = m.seq();
            } else if (m.has_samples()) {
                for (const auto &b : m.samples().blocks())
                    QCOMPARE(b.metric_id(), 2u); // DCGM_FI_DEV_POWER_USAGE only
                if (!m.snapshot()) {
                    QVERIFY(synced);
                    QCOMPARE(m.seq(), last + 1);
                    last = m.seq();
                    ++journalEntries;
                }
            } else if (m.has_events()) {
                QCOMPARE(m.events().events_size(), 0); // events not asked for
                QCOMPARE(m.seq(), last + 1);
                last = m.seq();
            }
        }
        QCOMPARE(journalEntries, 30);
        context.TryCancel();
        reader->Finish();
    }

    void publishKeepsValidItemsAndNamesTheRest()
    {
        auto stub = stubFor(server->address());
        // A watcher that asks for power only, to see what reaches the journal.
        grpc::ClientContext watchContext;
        v1::SubscribeRequest watch;
        watch.add_metrics("DCGM_FI_DEV_POWER_USAGE");
        watch.set_include_events(true);
        auto watcher = stub->Subscribe(&watchContext, watch);
        v1::StreamMessage m;
        while (watcher->Read(&m) && !m.has_sync()) { }

        grpc::ClientContext context;
        v1::PublishResponse response;
        auto writer = stub->Publish(&context, &response);
        const int64_t time = server->journal().headTimeMs() + 1;
        v1::PublishRequest request;
        request.set_source("dcgm-bridge@test");
        auto *samples = request.mutable_samples();
        samples->set_time_ms(time);
        auto *good = samples->add_blocks();
        good->set_metric_id(2);
        good->set_first_index(5);
        good->add_values(123.5f);
        auto *negative = samples->add_blocks();
        negative->set_metric_id(2);
        negative->set_first_index(6);
        negative->add_values(-40.0f);
        auto *unknown = samples->add_blocks();
        unknown->set_metric_id(4242);
        unknown->add_values(1.0f);
        QVERIFY(writer->Write(request));
        v1::PublishRequest events;
        auto *xid = events.mutable_events()->add_events();
        xid->set_type(v1::EVENT_TYPE_XID);
        xid->set_code(79);
        xid->set_time_ms(time);
        xid->mutable_entity()->set_kind(v1::ENTITY_KIND_GPU);
        xid->mutable_entity()->set_index(5);
        auto *ghost = events.mutable_events()->add_events();
        *ghost = *xid;
        ghost->mutable_entity()->set_index(100000);
        auto *action = events.mutable_events()->add_events();
        *action = *xid;
        action->set_type(v1::EVENT_TYPE_ACKNOWLEDGE);
        // A "kernel-log line" of 12 MB, and a job name of a kilobyte: payloads, not text.
        auto *huge = events.mutable_events()->add_events();
        *huge = *xid;
        huge->set_message(std::string(12 << 20, 'x'));
        auto *longJob = events.mutable_events()->add_events();
        *longJob = *xid;
        longJob->set_job_id(std::string(1024, 'j'));
        QVERIFY(writer->Write(events));
        writer->WritesDone();
        const grpc::Status status = writer->Finish();
        QVERIFY2(status.ok(), status.error_message().c_str());
        QCOMPARE(response.accepted(), uint64_t(2));
        QCOMPARE(response.rejected(), uint64_t(6));
        QVERIFY(response.first_error().find("negative value") != std::string::npos);

        bool sawSample = false;
        bool sawXid = false;
        while (!(sawSample && sawXid) && watcher->Read(&m)) {
            if (m.has_samples() && m.samples().time_ms() == time) {
                QCOMPARE(m.samples().blocks_size(), 1);
                QCOMPARE(m.samples().blocks(0).values(0), 123.5f);
                sawSample = true;
            }
            if (m.has_events())
                for (const auto &e : m.events().events())
                    if (e.type() == v1::EVENT_TYPE_XID && e.code() == 79) {
                        QCOMPARE(e.entity().index(), 5u);
                        sawXid = true;
                    }
        }
        QVERIFY(sawSample && sawXid);
        watchContext.TryCancel();
        watcher->Finish();
    }

    void publishWithNothingValidIsInvalidArgument_data()
    {
        QTest::addColumn<QByteArray>("request");
        QTest::addColumn<QString>("reason");
        auto bytes = [](const v1::PublishRequest &r) { return QByteArray::fromStdString(r.SerializeAsString()); };
        v1::PublishRequest empty;
        QTest::newRow("empty request") << bytes(empty) << QStringLiteral("empty publish request");
        v1::PublishRequest badTime;
        badTime.mutable_samples()->set_time_ms(-5);
        QTest::newRow("negative time") << bytes(badTime) << QStringLiteral("out of range");
        v1::PublishRequest inf;
        inf.mutable_samples()->set_time_ms(1793577600000);
        auto *b = inf.mutable_samples()->add_blocks();
        b->set_metric_id(0);
        b->add_values(std::numeric_limits<float>::infinity());
        QTest::newRow("infinite temperature") << bytes(inf) << QStringLiteral("infinite");
        v1::PublishRequest tooBig;
        tooBig.mutable_samples()->set_time_ms(1793577600000);
        auto *u = tooBig.mutable_samples()->add_blocks();
        u->set_metric_id(3);
        u->add_values(180.0f);
        QTest::newRow("utilisation above 100") << bytes(tooBig) << QStringLiteral("above 100");
        v1::PublishRequest frozen;
        frozen.mutable_samples()->set_time_ms(1793577600000);
        auto *t = frozen.mutable_samples()->add_blocks();
        t->set_metric_id(0);
        t->add_values(-500.0f);
        QTest::newRow("temperature below -40 C") << bytes(frozen) << QStringLiteral("outside -40..150");
        v1::PublishRequest unknownType;
        auto *e = unknownType.mutable_events()->add_events();
        e->set_type(v1::EventType(999));
        QTest::newRow("unknown event type") << bytes(unknownType) << QStringLiteral("unknown event type");
    }

    void publishWithNothingValidIsInvalidArgument()
    {
        QFETCH(QByteArray, request);
        QFETCH(QString, reason);
        v1::PublishRequest r;
        QVERIFY(r.ParseFromString(request.toStdString()));
        auto stub = stubFor(server->address());
        grpc::ClientContext context;
        v1::PublishResponse response;
        auto writer = stub->Publish(&context, &response);
        writer->Write(r);
        writer->WritesDone();
        const grpc::Status status = writer->Finish();
        QCOMPARE(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
        QVERIFY2(QString::fromStdString(status.error_message()).contains(reason), status.error_message().c_str());
    }

    void malformedBytesAreRefusedAndServingContinues()
    {
        const std::string garbage("\xff\xff\xff\xff\x0f\x12\x99garbage", 15);
        for (const char *method : { "/vigil.v1.Gateway/Act", "/vigil.v1.Gateway/GetBookmarks" }) {
            const grpc::Status status = rawUnaryCall(server->address(), method, garbage);
            QVERIFY(!status.ok());
            QVERIFY(status.error_code() != grpc::StatusCode::UNAVAILABLE);
        }
        auto stub = stubFor(server->address());
        grpc::ClientContext context;
        v1::Topology topology;
        QVERIFY(stub->GetTopology(&context, {}, &topology).ok());
        QCOMPARE(topology.gpus_size(), 256);
    }

    void oversizeMessageIsRefusedOthersKeepReceiving()
    {
        LiveCluster cluster;
        TelemetryClient client({ server->address() }, cluster);
        client.start();
        QTRY_VERIFY_WITH_TIMEOUT(isLive(cluster), 5000);

        auto stub = stubFor(server->address());
        grpc::ClientContext context;
        v1::PublishResponse response;
        auto writer = stub->Publish(&context, &response);
        v1::PublishRequest huge;
        auto *block = huge.mutable_samples()->add_blocks();
        block->mutable_values()->Resize(5 << 20, 1.0f); // 20 MB of floats, above the 16 MB limit
        writer->Write(huge);
        writer->WritesDone();
        const grpc::Status status = writer->Finish();
        QCOMPARE(status.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);

        const uint64_t before = cluster.status().messagesReceived;
        QTRY_VERIFY_WITH_TIMEOUT(cluster.status().messagesReceived > before + 10, 5000);
        QCOMPARE(cluster.status().reconnects, uint64_t(0));
        client.stop();
    }

    void actIsJournalledAndBroadcast()
    {
        auto stub = stubFor(server->address());
        grpc::ClientContext watchContext;
        v1::SubscribeRequest watch;
        watch.add_metrics("VIGIL_JOB_STEP");
        watch.set_include_events(true);
        auto watcher = stub->Subscribe(&watchContext, watch);
        v1::StreamMessage m;
        while (watcher->Read(&m) && !m.has_sync()) { }

        grpc::ClientContext context;
        v1::ActRequest act;
        act.set_action(v1::EVENT_TYPE_ACKNOWLEDGE);
        act.mutable_entity()->set_kind(v1::ENTITY_KIND_RACK);
        act.mutable_entity()->set_index(2);
        act.set_operator_name("akiko");
        act.set_comment("fan tray swap booked");
        v1::ActResponse reply;
        QVERIFY(stub->Act(&context, act, &reply).ok());
        QVERIFY(reply.event_id() > 0);
        bool seen = false;
        while (!seen && watcher->Read(&m))
            if (m.has_events())
                for (const auto &e : m.events().events())
                    if (e.id() == reply.event_id()) {
                        QCOMPARE(m.seq(), reply.seq());
                        QCOMPARE(e.operator_name(), std::string("akiko"));
                        QCOMPARE(e.type(), v1::EVENT_TYPE_ACKNOWLEDGE);
                        seen = true;
                    }
        QVERIFY(seen);
        watchContext.TryCancel();
        watcher->Finish();
    }

    void badActions_data()
    {
        QTest::addColumn<int>("action");
        QTest::addColumn<int>("entity");
        QTest::addColumn<QString>("operatorName");
        QTest::addColumn<int>("code");
        QTest::newRow("not an action") << int(v1::EVENT_TYPE_XID) << 0 << QStringLiteral("akiko")
                                       << int(grpc::StatusCode::INVALID_ARGUMENT);
        QTest::newRow("unknown action") << 399 << 0 << QStringLiteral("akiko")
                                        << int(grpc::StatusCode::INVALID_ARGUMENT);
        QTest::newRow("no operator") << int(v1::EVENT_TYPE_NOTE) << 0 << QStringLiteral("  ")
                                     << int(grpc::StatusCode::INVALID_ARGUMENT);
        QTest::newRow("rack that does not exist")
            << int(v1::EVENT_TYPE_DRAIN) << 5000 << QStringLiteral("akiko") << int(grpc::StatusCode::NOT_FOUND);
    }

    void badActions()
    {
        QFETCH(int, action);
        QFETCH(int, entity);
        QFETCH(QString, operatorName);
        QFETCH(int, code);
        auto stub = stubFor(server->address());
        grpc::ClientContext context;
        v1::ActRequest act;
        act.set_action(v1::EventType(action));
        act.mutable_entity()->set_kind(v1::ENTITY_KIND_RACK);
        act.mutable_entity()->set_index(uint32_t(entity));
        act.set_operator_name(operatorName.toStdString());
        v1::ActResponse reply;
        QCOMPARE(int(stub->Act(&context, act, &reply).error_code()), code);
    }

    void healthServiceReportsServing()
    {
        std::string reply;
        // grpc.health.v1.HealthCheckRequest{} is empty; the reply's field 1 is SERVING (1).
        const grpc::Status status = rawUnaryCall(server->address(), "/grpc.health.v1.Health/Check", {}, &reply);
        QVERIFY2(status.ok(), status.error_message().c_str());
        QCOMPARE(QByteArray::fromStdString(reply), QByteArray("\x08\x01", 2));
    }

    void portInUseIsAClearError()
    {
        GatewayOptions same = options;
        same.listen = QStringLiteral("127.0.0.1:%1").arg(server->port()).toStdString();
        QString error;
        QVERIFY(!GatewayServer::start(same, &error));
        QVERIFY2(error.contains(QStringLiteral("in use")), qPrintable(error));
    }

    void badOptionsAreRefused()
    {
        QString error;
        GatewayOptions bad = options;
        bad.simulator.shape.gpus = 100001;
        QVERIFY(!GatewayServer::start(bad, &error));
        QVERIFY(error.contains(QStringLiteral("--gpus")));
        bad = options;
        bad.rateHz = 0;
        QVERIFY(!GatewayServer::start(bad, &error));
        QVERIFY(error.contains(QStringLiteral("--rate")));
    }

    void servesARecordingAsIfLive()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("night.vigil"));
        SimulatorOptions sim;
        sim.shape.gpus = 256;
        sim.scenario = Scenario::Decline;
        QCOMPARE(generateRecording(sim, 30 * 3600000LL, 60000, path), QString());
        RecordingReader reader;
        QCOMPARE(reader.open(path), QString());
        ClusterState last;
        QCOMPARE(reader.stateAt(reader.endMs(), last), QString());
        const size_t recordedEvents = reader.events(0, reader.endMs() + 1).size();

        GatewayOptions options = test::testGatewayOptions(256, 50.0);
        options.replayPath = path;
        options.speed = 36000.0; // 30 h in 3 s
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        LiveCluster cluster;
        TelemetryClient client({ server->address() }, cluster);
        client.start();
        ClusterState seen;
        uint64_t generation = 0;
        size_t events = 0;
        QTRY_VERIFY_WITH_TIMEOUT((cluster.copyIfNewer(seen, generation), events += cluster.takeEvents().size(),
                                  seen.timeMs() == reader.endMs()),
                                 20000);
        QVERIFY(sameTopology(seen.topology(), last.topology()));
        for (size_t c = 0; c < last.columns().size(); ++c)
            for (size_t i = 0; i < last.columns()[c].values.size(); ++i) {
                const float want = last.columns()[c].values[i], got = seen.columns()[c].values[i];
                QVERIFY2(got == want || (std::isnan(got) && std::isnan(want)),
                         qPrintable(QStringLiteral("%1[%2]").arg(last.columns()[c].descriptor.name).arg(i)));
            }
        QTRY_VERIFY_WITH_TIMEOUT((events += cluster.takeEvents().size(), events >= recordedEvents), 5000);
        client.stop();

        // A file that is not a recording: a clear refusal, nothing served.
        options.replayPath = dir.filePath(QStringLiteral("missing.vigil"));
        QVERIFY(!GatewayServer::start(options, &error));
        QVERIFY2(error.contains(QStringLiteral("no such file")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestGateway)
#include "tst_gateway.moc"
