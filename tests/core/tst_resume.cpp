// SPDX-License-Identifier: GPL-3.0-or-later
// Reliability of the stream: a cut connection resumes without a gap; a restarted
// gateway or a resume point past the retained window yields a fresh snapshot and
// a gap that is reported, never hidden.
#include "client/telemetryclient.h"
#include "gatewayfixture.h"
#include "tcpproxy.h"

#include <QTest>

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
