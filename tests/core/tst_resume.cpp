// SPDX-License-Identifier: GPL-3.0-or-later
// Reliability of the stream: a cut connection resumes without a gap; a restarted
// gateway or a resume point past the retained window yields a fresh snapshot and
// a gap that is reported, never hidden.
#include "client/telemetryclient.h"
#include "gatewayfixture.h"
#include "recording/recorder.h"
#include "recording/recordingreader.h"
#include "recording/streamrecording.h"
#include "tcpproxy.h"

#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <thread>

using namespace vigil;
using namespace vigil::test;

namespace {

ClusterState copyOf(const LiveCluster &cluster)
{
    ClusterState state;
    uint64_t generation = 0;
    cluster.copyIfNewer(state, generation);
    return state;
}

} // namespace

class TestResume : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void droppedConnectionResumesWithoutGap()
    {
        const GatewayOptions options = testGatewayOptions();
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        TcpProxy proxy(server->port());
        LiveCluster cluster;
        TelemetryClient client({ QStringLiteral("127.0.0.1:%1").arg(proxy.port()) }, cluster);
        client.start();
        QTRY_VERIFY_WITH_TIMEOUT(isLive(cluster), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(cluster.status().lastSeq > 10, 5000);

        for (int cut = 1; cut <= 3; ++cut) {
            const uint64_t seqBefore = cluster.status().lastSeq;
            proxy.dropConnections();
            QTRY_COMPARE_WITH_TIMEOUT(cluster.status().reconnects, uint64_t(cut), 5000);
            QTRY_COMPARE_WITH_TIMEOUT(cluster.status().state, ConnectionState::Resumed, 10000);
            QTRY_VERIFY_WITH_TIMEOUT(cluster.status().lastSeq > seqBefore + 5, 5000);
            QCOMPARE(cluster.gaps().size(), size_t(0));
        }
        QVERIFY(proxy.connectionsAccepted() >= 4);
        // Every entry was applied in order: the state is exactly the simulator's.
        client.stop();
        QCOMPARE(compareWithSimulation(options, copyOf(cluster)), QString());
        QCOMPARE(cluster.status().epoch, server->epoch());
    }

    // The dashboard's calls (sources, acknowledgements) ride the stream's connection, and after a
    // cut they and the stream come back on one new connection: one channel per gateway, reused.
    // A stopped client lets it go: a gateway asked to stop waits for its clients' connections to
    // close, up to its shutdown deadline, and `vigil --demo` took 2 s to quit.
    void theCallsShareTheStreamsConnection()
    {
        QString error;
        auto server = GatewayServer::start(testGatewayOptions(), &error);
        QVERIFY2(server, qPrintable(error));
        TcpProxy proxy(server->port());
        LiveCluster cluster;
        TelemetryClient client({ QStringLiteral("127.0.0.1:%1").arg(proxy.port()) }, cluster);
        client.start();
        QTRY_VERIFY_WITH_TIMEOUT(isLive(cluster), 5000);
        for (int i = 0; i < 5; ++i)
            QVERIFY2(client.sources().ok, qPrintable(client.sources().message));
        v1::ActRequest note;
        note.set_action(v1::EVENT_TYPE_NOTE);
        note.set_operator_name("kim");
        note.set_comment("shift change");
        QVERIFY(client.act(note).ok);
        QCOMPARE(proxy.connectionsAccepted(), 1);

        proxy.dropConnections();
        QTRY_COMPARE_WITH_TIMEOUT(cluster.status().state, ConnectionState::Resumed, 10000);
        QVERIFY(client.sources().ok);
        QCOMPARE(proxy.connectionsAccepted(), 2);
        QCOMPARE(proxy.connectionsOpen(), 1);

        client.stop();
        QTRY_COMPARE_WITH_TIMEOUT(proxy.connectionsOpen(), 0, 5000);
        QCOMPARE(proxy.connectionsAccepted(), 2);
        // A call after the stop opens it again (the client can be started again).
        QVERIFY(client.sources().ok);
        QCOMPARE(proxy.connectionsAccepted(), 3);
    }

    void restartedGatewayMeansNewEpochSnapshotAndGap()
    {
        GatewayOptions options = testGatewayOptions();
        QString error;
        auto first = GatewayServer::start(options, &error);
        QVERIFY2(first, qPrintable(error));
        const int port = first->port();
        const uint64_t firstEpoch = first->epoch();
        LiveCluster cluster;
        TelemetryClient client({ first->address() }, cluster);
        client.start();
        QTRY_VERIFY_WITH_TIMEOUT(isLive(cluster), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(cluster.status().lastSeq > 5, 5000);

        first.reset();
        QTRY_COMPARE_WITH_TIMEOUT(cluster.status().state, ConnectionState::Reconnecting, 5000);
        options.listen = QStringLiteral("127.0.0.1:%1").arg(port).toStdString();
        auto second = GatewayServer::start(options, &error);
        QVERIFY2(second, qPrintable(error));
        QVERIFY(second->epoch() != firstEpoch);

        QTRY_VERIFY_WITH_TIMEOUT(cluster.status().epoch == second->epoch() && isLive(cluster), 10000);
        QCOMPARE(cluster.status().state, ConnectionState::Live); // a fresh snapshot, not a resume
        const auto gaps = cluster.gaps();
        QCOMPARE(gaps.size(), size_t(1));
        QCOMPARE(gaps.front().reason, StreamGap::Reason::EpochChanged);
        QCOMPARE(gaps.front().epoch, firstEpoch);
        QVERIFY(gaps.front().fromTimeMs > 0);
        QVERIFY(gaps.front().toTimeMs >= gaps.front().fromTimeMs - 60000);
        client.stop();
    }

    // A recorder following a gateway that restarts with its clock behind (a simulator
    // starting its week over) begins a new segment: no frame is clamped onto another's
    // instant, and the gap has the length the gateway was really away.
    void aRecordingAcrossAClockThatWentBack()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("restart.vigil"));
        Recorder recorder({ path });
        QCOMPARE(recorder.start(), QString());
        StreamRecording tap(&recorder);

        GatewayOptions options = testGatewayOptions(64, 10.0);
        QString error;
        auto first = GatewayServer::start(options, &error);
        QVERIFY2(first, qPrintable(error));
        const int port = first->port();
        LiveCluster cluster;
        ClientOptions clientOptions;
        clientOptions.address = first->address();
        clientOptions.observer = tap.observer();
        TelemetryClient client(clientOptions, cluster);
        client.start();
        QTRY_VERIFY_WITH_TIMEOUT(cluster.status().lastSeq > 10, 10000);
        const int64_t lastBeforeMs = copyOf(cluster).timeMs();

        first.reset();
        const auto down = std::chrono::steady_clock::now();
        QTRY_COMPARE_WITH_TIMEOUT(cluster.status().state, ConnectionState::Reconnecting, 5000);
        std::this_thread::sleep_for(std::chrono::milliseconds(1500));
        options.listen = QStringLiteral("127.0.0.1:%1").arg(port).toStdString();
        auto second = GatewayServer::start(options, &error);
        QVERIFY2(second, qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(cluster.status().epoch == second->epoch() && isLive(cluster), 10000);
        const int64_t awayMs
            = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - down).count();
        QVERIFY(copyOf(cluster).timeMs() < lastBeforeMs); // the gateway's clock did go back
        const uint64_t seqAfter = cluster.status().lastSeq;
        QTRY_VERIFY_WITH_TIMEOUT(cluster.status().lastSeq > seqAfter + 10, 10000);
        client.stop();
        recorder.flush();

        RecordingReader reader;
        QCOMPARE(reader.open(path), QString());
        const std::vector<int64_t> times = reader.frameTimes(reader.startMs(), reader.endMs());
        QVERIFY(times.size() > 20);
        QVERIFY2(std::adjacent_find(times.begin(), times.end(), std::greater_equal<int64_t>()) == times.end(),
                 "frame times must rise strictly: none clamped onto another");
        QCOMPARE(recorder.status().framesDropped, uint64_t(0));

        const std::vector<RecordedSegment> segments = reader.segments();
        QCOMPARE(segments.size(), size_t(1));
        QVERIFY(segments.front().clockOffsetMs > 0);
        QVERIFY2(segments.front().reason.contains(QStringLiteral("clock went back")),
                 qPrintable(segments.front().reason));
        std::vector<RecordedGap> restarts;
        for (const RecordedGap &g : reader.gaps())
            if (g.reason.contains(QStringLiteral("restarted")))
                restarts.push_back(g);
        QCOMPARE(restarts.size(), size_t(1));
        const RecordedGap &gap = restarts.front();
        QVERIFY2(gap.reason.contains(QStringLiteral("clock went back")), qPrintable(gap.reason));
        QCOMPARE(gap.toMs, segments.front().startMs);
        // Its length is the time the gateway was really away (measured between the frames
        // either side, so at least the sleep and at most the whole wait).
        QVERIFY2(gap.toMs - gap.fromMs >= 1500, qPrintable(QString::number(gap.toMs - gap.fromMs)));
        QVERIFY2(gap.toMs - gap.fromMs <= awayMs + 1000, qPrintable(QString::number(gap.toMs - gap.fromMs)));
        // Frames either side of the gap, none inside it.
        QVERIFY(std::find(times.begin(), times.end(), gap.fromMs) != times.end());
        QVERIFY(std::find(times.begin(), times.end(), gap.toMs) != times.end());
        QVERIFY(std::none_of(times.begin(), times.end(), [&](int64_t t) { return t > gap.fromMs && t < gap.toMs; }));
        // The second gateway's own clock reads back through the segment's offset: its week began again.
        const int64_t sourceMs = gap.toMs - segments.front().clockOffsetMs;
        QVERIFY(sourceMs >= options.simulator.startTimeMs);
        QVERIFY(sourceMs < lastBeforeMs);
    }

    void resumePointOlderThanRetention()
    {
        GatewayOptions options = testGatewayOptions(64);
        options.retention.window = std::chrono::seconds(1);
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(server->journal().range().oldest > 3, 5000);

        auto stub = stubFor(server->address());
        grpc::ClientContext context;
        v1::SubscribeRequest request;
        request.mutable_resume()->set_epoch(server->epoch());
        request.mutable_resume()->set_last_seq(1);
        auto reader = stub->Subscribe(&context, request);
        v1::StreamMessage m;
        std::vector<int> bodies;
        v1::Gap gap;
        while (reader->Read(&m)) {
            bodies.push_back(int(m.body_case()));
            if (m.has_gap())
                gap = m.gap();
            if (m.has_sync()) {
                QVERIFY(!m.sync().resumed());
                break;
            }
        }
        QVERIFY(bodies.size() >= 4);
        QCOMPARE(bodies.front(), int(v1::StreamMessage::kDictionary));
        QCOMPARE(bodies[1], int(v1::StreamMessage::kSamples));
        QCOMPARE(bodies[bodies.size() - 2], int(v1::StreamMessage::kGap));
        QCOMPARE(gap.reason(), v1::Gap::REASON_NOT_RETAINED);
        QCOMPARE(gap.previous_epoch(), server->epoch());
        QCOMPARE(gap.from_seq(), uint64_t(2));
        QCOMPARE(gap.to_seq(), m.seq());
        context.TryCancel();
        reader->Finish();
    }

    void resumeRetainedReplaysExactly()
    {
        const GatewayOptions options = testGatewayOptions(64);
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(server->journal().range().head > 20, 5000);
        auto stub = stubFor(server->address());
        grpc::ClientContext context;
        v1::SubscribeRequest request;
        request.mutable_resume()->set_epoch(server->epoch());
        request.mutable_resume()->set_last_seq(5);
        auto reader = stub->Subscribe(&context, request);
        v1::StreamMessage m;
        uint64_t expected = 6;
        bool synced = false;
        while (!synced && reader->Read(&m)) {
            QVERIFY(!m.has_dictionary());
            if (m.has_sync()) {
                QVERIFY(m.sync().resumed());
                QCOMPARE(m.seq(), expected - 1);
                synced = true;
            } else if (!m.has_heartbeat()) {
                QCOMPARE(m.seq(), expected++);
            }
        }
        QVERIFY(synced);
        QVERIFY(expected > 20);
        context.TryCancel();
        reader->Finish();
    }

    void resumePointAheadOfJournal()
    {
        QString error;
        auto server = GatewayServer::start(testGatewayOptions(64), &error);
        QVERIFY2(server, qPrintable(error));
        auto stub = stubFor(server->address());
        grpc::ClientContext context;
        v1::SubscribeRequest request;
        request.mutable_resume()->set_epoch(server->epoch());
        request.mutable_resume()->set_last_seq(1000000);
        auto reader = stub->Subscribe(&context, request);
        v1::StreamMessage m;
        QVERIFY(!reader->Read(&m));
        QCOMPARE(reader->Finish().error_code(), grpc::StatusCode::OUT_OF_RANGE);
    }
};

QTEST_GUILESS_MAIN(TestResume)
#include "tst_resume.moc"
