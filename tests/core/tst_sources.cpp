// SPDX-License-Identifier: GPL-3.0-or-later
// Real sources end to end: a gateway fed by a dcgm-exporter text file (and over
// HTTP), a kernel log and a training log, on a topology file; the real client
// sees the values and events on the right GPUs and jobs.
#include "bridge/httpget.h"
#include "bridge/topologyfile.h"
#include "client/telemetryclient.h"
#include "gateway/gatewayserver.h"
#include "httpfixture.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace vigil;

namespace {

QString fixturePath(const char *name)
{
    return QStringLiteral(VIGIL_TEST_DATA_DIR "/%1").arg(QLatin1String(name));
}

QByteArray fixture(const char *name)
{
    QFile file(fixturePath(name));
    file.open(QIODevice::ReadOnly);
    return file.readAll();
}

void writeFile(const QString &path, const QByteArray &data, QIODevice::OpenMode mode = QIODevice::WriteOnly)
{
    QFile file(path);
    QVERIFY(file.open(mode));
    file.write(data);
}

float valueOf(const LiveCluster &cluster, const QString &metricName, size_t entity)
{
    ClusterState state;
    uint64_t generation = 0;
    cluster.copyIfNewer(state, generation);
    return state.value(state.column(metricName), entity);
}

bool hasEvent(const std::vector<Event> &events, EventType type, int code, EntityRef entity)
{
    return std::any_of(events.begin(), events.end(), [&](const Event &e) {
        return e.type == type && (code == 0 || e.code == code) && e.entity == entity;
    });
}

} // namespace

class TestSources : public QObject
{
    Q_OBJECT

    GatewayOptions optionsWith(std::vector<BridgeSpec> bridges, bool withTopology = true)
    {
        GatewayOptions options;
        options.listen = "127.0.0.1:0";
        if (withTopology) {
            const TopologyFile file = TopologyFile::read(fixturePath("topology-lab.json"));
            options.topology = std::make_shared<const Topology>(file.topology);
        }
        for (BridgeSpec &b : bridges)
            b.interval = std::chrono::milliseconds(100);
        options.bridges = std::move(bridges);
        return options;
    }

private Q_SLOTS:
    void filesFeedTheGatewayAndTheClientSeesThem()
    {
        QTemporaryDir dir;
        const QString kernelLog = dir.filePath(QStringLiteral("kern.log"));
        writeFile(kernelLog, fixture("kern-lab.log"));
        const QString trainingLog = dir.filePath(QStringLiteral("train.jsonl"));
        writeFile(trainingLog, fixture("training-lab.jsonl"));
        QString error;
        auto server = GatewayServer::start(
            optionsWith(
                { BridgeSpec::fromArgument(BridgeSpec::Kind::Dcgm, fixturePath("dcgm-exporter-lab.prom")),
                  BridgeSpec::fromArgument(BridgeSpec::Kind::KernelLog, kernelLog),
                  BridgeSpec::fromArgument(BridgeSpec::Kind::TrainingLog, QStringLiteral("llm-70b=") + trainingLog) }),
            &error);
        QVERIFY2(server, qPrintable(error));

        LiveCluster cluster;
        TelemetryClient client({ server->address() }, cluster);
        client.start();
        QTRY_COMPARE_WITH_TIMEOUT(valueOf(cluster, metric::GpuTemp, 0), 64.0f, 5000);
        QCOMPARE(valueOf(cluster, metric::GpuTemp, 1), 71.0f);
        QCOMPARE(valueOf(cluster, metric::GpuTemp, 11), 58.0f); // gpu-node-02 GPU 3
        QCOMPARE(valueOf(cluster, metric::GpuPower, 0), 612.337f);
        QVERIFY(std::isnan(valueOf(cluster, metric::MemoryTemp, 0))); // DCGM blank: no reading
        QVERIFY(std::isnan(valueOf(cluster, metric::GpuPower, 1))); // negative power refused
        {
            // gpu-node-99 reports but is not in the topology file: it is shown in an
            // "Unplaced" hall, marked as such, and its readings arrive like any other.
            ClusterState state;
            uint64_t generation = 0;
            cluster.copyIfNewer(state, generation);
            const Topology &t = *state.topology();
            QCOMPARE(t.halls.back().name, QStringLiteral("Unplaced"));
            QCOMPARE(t.racks.back().placement, Rack::Placement::Unplaced);
            QCOMPARE(t.gpus.back().uuid, QStringLiteral("GPU-deadbeef-0000-0000-0000-000000000000"));
            QCOMPARE(t.nodes[t.gpus.back().nodeIndex].hostname, QStringLiteral("gpu-node-99"));
            QCOMPARE(t.gpus.back().localIndex, 7u);
            QTRY_COMPARE_WITH_TIMEOUT(valueOf(cluster, metric::GpuPower, t.gpus.size() - 1), 500.0f, 5000);
            QCOMPARE(t.racks[0].placement, Rack::Placement::Known);
            QCOMPARE(t.racks[1].placement, Rack::Placement::Assumed); // the file gives it no position
        }
        QTRY_COMPARE_WITH_TIMEOUT(valueOf(cluster, metric::JobStep, 0), 18450.0f, 5000);
        QCOMPARE(valueOf(cluster, metric::JobLoss, 0), 2.1121f);

        // QTRY evaluates its condition once more after it holds: collect, then look.
        std::vector<Event> events;
        auto saw = [&](EventType type, int code, EntityRef entity) {
            for (Event &e : cluster.takeEvents())
                events.push_back(std::move(e));
            return hasEvent(events, type, code, entity);
        };
        QTRY_VERIFY_WITH_TIMEOUT(saw(EventType::Rollback, 0, { EntityKind::Job, 0 }), 5000);
        QVERIFY(hasEvent(events, EventType::Xid, 79, { EntityKind::Gpu, 5 })); // from the DCGM last-Xid gauge
        QVERIFY(hasEvent(events, EventType::Xid, 48, { EntityKind::Gpu, 5 })); // gpu-node-01, PCI ab
        QVERIFY(hasEvent(events, EventType::Xid, 92, { EntityKind::Gpu, 8 })); // gpu-node-02, PCI 18
        QVERIFY(hasEvent(events, EventType::Xid, 63, { EntityKind::Gpu, 0 }));
        QVERIFY(hasEvent(events, EventType::JobCrash, 0, { EntityKind::Job, 0 }));
        QVERIFY(hasEvent(events, EventType::CheckpointSaved, 0, { EntityKind::Job, 0 }));
        const auto xid48 = std::find_if(events.begin(), events.end(), [](const Event &e) { return e.code == 48; });
        QCOMPARE(xid48->timeMs, int64_t(1793589255000));
        QCOMPARE(xid48->jobId, QStringLiteral("llm-70b"));
        QCOMPARE(xid48->severity, Severity::Critical);
        QVERIFY(xid48->message.endsWith(QStringLiteral("[Double Bit ECC Error]"))); // the catalogue's meaning

        // Tailing: a new line is picked up; a rotated (truncated) log is read from its start.
        writeFile(kernelLog,
                  "Nov  2 05:00:00 gpu-node-02 kernel: NVRM: Xid (PCI:0000:db:00): 74, pid=9, NVLink error\n",
                  QIODevice::Append);
        QTRY_VERIFY_WITH_TIMEOUT(saw(EventType::Xid, 74, { EntityKind::Gpu, 15 }), 5000);
        // An older driver's line (no "PCI:" tag), upper case with a function: the same GPU.
        writeFile(kernelLog, "Nov  2 05:00:30 gpu-node-02 kernel: NVRM: Xid (0000:DB:00.0): 43, Channel 00000010\n",
                  QIODevice::Append);
        QTRY_VERIFY_WITH_TIMEOUT(saw(EventType::Xid, 43, { EntityKind::Gpu, 15 }), 5000);
        writeFile(kernelLog, "Nov  2 05:01:00 gpu-node-03 kernel: NVRM: Xid (PCI:0000:2a:00): 31, pid=9, MMU Fault\n");
        QTRY_VERIFY_WITH_TIMEOUT(saw(EventType::Xid, 31, { EntityKind::Gpu, 17 }), 5000);

        // Bad input was counted, not silently dropped.
        uint64_t rejected = 0;
        for (const auto &bridge : server->bridges())
            rejected += bridge->counters().rejected;
        QVERIFY(rejected >= 4 + 2 + 3);
        QCOMPARE(cluster.gaps().size(), size_t(0));
        client.stop();
    }

    void scrapesOverHttpAndDerivesTheTopology()
    {
        test::HttpFixture exporter(test::HttpFixture::ok(fixture("dcgm-exporter-lab.prom")));
        QString error;
        auto server = GatewayServer::start(
            optionsWith(
                { BridgeSpec::fromArgument(BridgeSpec::Kind::Dcgm,
                                           QStringLiteral("http://127.0.0.1:%1/metrics").arg(exporter.port())) },
                false),
            &error);
        QVERIFY2(server, qPrintable(error));
        const Topology &t = *server->journal().topology();
        QCOMPARE(t.nodes.size(), size_t(3)); // gpu-node-01, -02 and -99, from the labels
        QCOMPARE(t.nodes[0].hostname, QStringLiteral("gpu-node-01"));
        QCOMPARE(t.gpus[0].uuid, QStringLiteral("GPU-000000a0-1111-2222-3333-000000000000"));
        LiveCluster cluster;
        TelemetryClient client({ server->address() }, cluster);
        client.start();
        QTRY_COMPARE_WITH_TIMEOUT(valueOf(cluster, metric::GpuTemp, 0), 64.0f, 5000);
        QTRY_VERIFY(exporter.requests() >= 3);
        client.stop();
    }

    void httpErrorsAreClear()
    {
        QString error;
        test::HttpFixture notFound("HTTP/1.0 404 Not Found\r\n\r\nno metrics here");
        HttpResponse r = httpGet(QStringLiteral("http://127.0.0.1:%1/metrics").arg(notFound.port()));
        QCOMPARE(r.status, 404);
        QVERIFY(r.error.contains(QStringLiteral("HTTP 404")));
        test::HttpFixture garbage("SSH-2.0-OpenSSH_9.2\r\n");
        r = httpGet(QStringLiteral("http://127.0.0.1:%1/").arg(garbage.port()));
        QVERIFY(r.error.contains(QStringLiteral("did not answer in HTTP")));
        test::HttpFixture huge(test::HttpFixture::ok(QByteArray(3 << 20, 'x')));
        r = httpGet(QStringLiteral("http://127.0.0.1:%1/").arg(huge.port()), std::chrono::seconds(5), 1 << 20);
        QVERIFY(r.error.contains(QStringLiteral("more than")));
        r = httpGet(QStringLiteral("ftp://example/metrics"));
        QVERIFY(r.error.contains(QStringLiteral("not an http://")));
        int closedPort = 0;
        {
            test::HttpFixture gone("");
            closedPort = gone.port();
        }
        r = httpGet(QStringLiteral("http://127.0.0.1:%1/").arg(closedPort), std::chrono::milliseconds(500));
        QVERIFY2(r.error.contains(QStringLiteral("cannot connect")), qPrintable(r.error));
    }

    void logsWithoutATopologyAreRefused()
    {
        QString error;
        auto options
            = optionsWith({ BridgeSpec::fromArgument(BridgeSpec::Kind::KernelLog, QStringLiteral("/tmp/x")) }, false);
        QVERIFY(!GatewayServer::start(options, &error));
        QVERIFY(error.contains(QStringLiteral("--topology")));
    }

    void bridgeArguments()
    {
        BridgeSpec a
            = BridgeSpec::fromArgument(BridgeSpec::Kind::KernelLog, QStringLiteral("gpu-node-07=/var/log/kern.log"));
        QCOMPARE(a.host, QStringLiteral("gpu-node-07"));
        QCOMPARE(a.location, QStringLiteral("/var/log/kern.log"));
        BridgeSpec b = BridgeSpec::fromArgument(BridgeSpec::Kind::Dcgm, QStringLiteral("http://n7:9400/metrics?a=b"));
        QCOMPARE(b.host, QString());
        QCOMPARE(b.location, QStringLiteral("http://n7:9400/metrics?a=b"));
        BridgeSpec c = BridgeSpec::fromArgument(BridgeSpec::Kind::TrainingLog, QStringLiteral("llm=/runs/a.jsonl"));
        QCOMPARE(c.jobId, QStringLiteral("llm"));
    }
};

QTEST_GUILESS_MAIN(TestSources)
#include "tst_sources.moc"
