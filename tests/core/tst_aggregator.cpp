// SPDX-License-Identifier: GPL-3.0-or-later
// Pod gateways under an aggregator (vigil-gateway --upstream): one merged topology, each
// pod's readings and events where the merge put them, a pod that is cut goes silent alone,
// and pods whose layouts collide are refused with both named. Real gateways on loopback.
#include "client/telemetryclient.h"
#include "gatewayfixture.h"
#include "host/gatewayserver.h"
#include "host/topologymerge.h"
#include "httpfixture.h"
#include "sim/topologybuilder.h"

#include <QTest>

#include <set>

using namespace vigil;

namespace {

GatewayOptions podOptions(const QString &name, uint64_t seed)
{
    GatewayOptions options = test::testGatewayOptions(128, 10.0);
    options.simulator.namePrefix = name;
    options.simulator.seed = seed;
    return options;
}

std::shared_ptr<const Topology> pod(const QString &name, uint64_t seed, uint32_t gpus)
{
    Topology t = buildTopology({ gpus }, seed);
    prefixNames(t, name);
    return std::make_shared<const Topology>(std::move(t));
}

// Three simulated pods of 128 GPUs (NAME1..NAME3) and an aggregator over them.
QString startPods(const QString &name, uint64_t seed, std::vector<std::unique_ptr<GatewayServer>> &pods,
                  std::unique_ptr<GatewayServer> &aggregator)
{
    GatewayOptions options = test::testGatewayOptions();
    QString error;
    for (int p = 1; p <= 3; ++p) {
        pods.push_back(GatewayServer::start(podOptions(name + QString::number(p), seed + uint64_t(p)), &error));
        if (!pods.back())
            return error;
        options.upstreams << pods.back()->address();
    }
    aggregator = GatewayServer::start(options, &error);
    return aggregator ? QString() : error;
}

ClusterState stateOf(LiveCluster &cluster)
{
    ClusterState state;
    uint64_t generation = 0;
    cluster.copyIfNewer(state, generation);
    return state;
}

} // namespace

class TestAggregator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The merge, against a reference: every pod's entities once, in pod order, each referring
    // to its own pod's entities moved by the same offsets; halls of one name are one hall.
    void podsMergeIntoOneLayout()
    {
        const std::vector<std::pair<QString, std::shared_ptr<const Topology>>> pods {
            { QStringLiteral("a:1"), pod(QStringLiteral("p1"), 1, 64) },
            { QStringLiteral("b:1"), pod(QStringLiteral("p2"), 2, 128) },
            { QStringLiteral("c:1"), pod(QStringLiteral("p3"), 3, 64) },
        };
        Topology merged;
        std::vector<PodPlacement> placements;
        QCOMPARE(mergePodTopologies(pods, merged, placements), QString());
        QCOMPARE(merged.gpus.size(), size_t(256));
        QCOMPARE(placements.size(), size_t(3));
        size_t gpus = 0, nodes = 0, racks = 0;
        for (size_t p = 0; p < pods.size(); ++p) {
            const Topology &t = *pods[p].second;
            const PodPlacement &at = placements[p];
            QCOMPARE(at.gpuOffset, uint32_t(gpus));
            QCOMPARE(at.nodeOffset, uint32_t(nodes));
            QCOMPARE(at.rackOffset, uint32_t(racks));
            for (uint32_t g = 0; g < t.gpus.size(); ++g) {
                const Gpu &mine = t.gpus[g];
                const Gpu &there = merged.gpus[*at.place(EntityKind::Gpu, g, t)];
                QCOMPARE(there.uuid, mine.uuid);
                QCOMPARE(merged.nodes[there.nodeIndex].hostname, t.nodes[mine.nodeIndex].hostname);
                QCOMPARE(merged.racks[merged.rackOfGpu(*at.place(EntityKind::Gpu, g, t))].name,
                         t.racks[t.rackOfGpu(g)].name);
            }
            for (uint32_t j = 0; j < t.jobs.size(); ++j) {
                const Job &there = merged.jobs[*at.place(EntityKind::Job, j, t)];
                QCOMPARE(there.id, t.jobs[j].id);
                QCOMPARE(there.gpuIndices.size(), t.jobs[j].gpuIndices.size());
            }
            QVERIFY(!at.place(EntityKind::Gpu, uint32_t(t.gpus.size()), t)); // beyond the pod: nowhere
            gpus += t.gpus.size();
            nodes += t.nodes.size();
            racks += t.racks.size();
        }
        QCOMPARE(merged.racks.size(), racks);
        std::set<QString> halls;
        for (const Hall &h : merged.halls)
            QVERIFY(halls.insert(h.name).second);

        // The same pod twice: its racks (first) are in both.
        Topology refused;
        const QString error
            = mergePodTopologies({ pods[0], { QStringLiteral("d:1"), pods[0].second } }, refused, placements);
        QVERIFY2(error.contains(QStringLiteral("conflicting")) && error.contains(QStringLiteral("a:1"))
                     && error.contains(QStringLiteral("d:1")),
                 qPrintable(error));
        // Other names, the same GPUs (a pod given twice under two names): refused by UUID.
        const QString sameGpus = mergePodTopologies(
            { pods[0], { QStringLiteral("e:1"), pod(QStringLiteral("p9"), 1, 64) } }, refused, placements);
        QVERIFY2(sameGpus.contains(QStringLiteral("GPU")), qPrintable(sameGpus));
    }

    // Three pod gateways and an aggregator on loopback: a dashboard on the aggregator sees the
    // whole cluster, each GPU as its pod has it; one pod killed goes silent alone.
    void threePodsUnderAnAggregator()
    {
        std::vector<std::unique_ptr<GatewayServer>> pods;
        std::unique_ptr<GatewayServer> server;
        QCOMPARE(startPods(QStringLiteral("p"), 100, pods, server), QString());
        LiveCluster cluster;
        TelemetryClient client({ server->address() }, cluster);
        client.start();
        QTRY_VERIFY_WITH_TIMEOUT(stateOf(cluster).topology() && stateOf(cluster).topology()->gpus.size() == 384, 15000);
        const std::shared_ptr<const Topology> merged = stateOf(cluster).topology();
        QCOMPARE(merged->racks.size(), size_t(6));

        // Pod 2's GPUs carry pod 2's readings: each pod's own client is the reference.
        LiveCluster podCluster;
        TelemetryClient podClient({ pods[1]->address() }, podCluster);
        podClient.start();
        QTRY_VERIFY_WITH_TIMEOUT(stateOf(podCluster).topology(), 15000);
        const std::shared_ptr<const Topology> second = stateOf(podCluster).topology();
        const uint32_t firstOfSecond = 128;
        QCOMPARE(merged->gpus[firstOfSecond].uuid, second->gpus[0].uuid);
        QCOMPARE(merged->nodes[merged->gpus[firstOfSecond].nodeIndex].hostname,
                 second->nodes[second->gpus[0].nodeIndex].hostname);
        // Pods stopped at an instant: then both views hold the same values for pod 2's GPUs.
        for (auto &p : pods)
            p->stop();
        QTest::qWait(1500);
        const ClusterState whole = stateOf(cluster);
        const ClusterState own = stateOf(podCluster);
        const MetricColumn *wholeTemps = whole.column(metric::GpuTemp);
        const MetricColumn *ownTemps = own.column(metric::GpuTemp);
        QVERIFY(wholeTemps && ownTemps);
        for (uint32_t g = 0; g < 128; ++g)
            QCOMPARE(wholeTemps->values[firstOfSecond + g], ownTemps->values[g]);
        podClient.stop();
        client.stop();
        server->stop();
    }

    // A pod cut while the others go on: only its GPUs stop reporting; the aggregator's stream
    // has no gap, and its Sources list says which pod is cut.
    void aCutPodGoesSilentAlone()
    {
        std::vector<std::unique_ptr<GatewayServer>> pods;
        std::unique_ptr<GatewayServer> server;
        QCOMPARE(startPods(QStringLiteral("q"), 200, pods, server), QString());
        LiveCluster cluster;
        TelemetryClient client({ server->address() }, cluster);
        client.start();
        QTRY_VERIFY_WITH_TIMEOUT(stateOf(cluster).topology(), 15000);
        QTest::qWait(1000);
        pods[1]->stop();
        QTest::qWait(500);
        const ClusterState before = stateOf(cluster);
        QTest::qWait(2000);
        const ClusterState after = stateOf(cluster);
        const MetricColumn *b = before.column(metric::GpuTemp);
        const MetricColumn *a = after.column(metric::GpuTemp);
        QVERIFY(a && b);
        for (uint32_t g = 0; g < 384; ++g) {
            const bool cut = g >= 128 && g < 256;
            if (cut)
                QCOMPARE(a->lastReadingMs[g], b->lastReadingMs[g]); // silent: ageing
            else
                QVERIFY2(a->lastReadingMs[g] > b->lastReadingMs[g], qPrintable(QString::number(g)));
        }
        QCOMPARE(cluster.gaps().size(), size_t(0));
        const v1::Sources sources = server->sourcesStatus();
        int cutRows = 0;
        for (const v1::SourceStatus &s : sources.sources())
            if (QString::fromStdString(s.name()).startsWith(QStringLiteral("upstream"))
                && QString::fromStdString(s.last_error()).startsWith(QStringLiteral("cut")))
                ++cutRows;
        QCOMPARE(cutRows, 1);
        client.stop();
        server->stop();
    }

    // Bad upstreams: one that is not there, and two whose layouts collide.
    void badUpstreamsAreRefusedByName()
    {
        GatewayOptions aggregator = test::testGatewayOptions();
        aggregator.upstreamTimeout = std::chrono::milliseconds(1500);
        aggregator.upstreams << QStringLiteral("127.0.0.1:%1").arg(test::freeLoopbackPort());
        QString error;
        QVERIFY(!GatewayServer::start(aggregator, &error));
        QVERIFY2(error.contains(aggregator.upstreams.front()) && error.contains(QStringLiteral("no cluster")),
                 qPrintable(error));

        auto one = GatewayServer::start(podOptions(QStringLiteral("r1"), 7), &error);
        auto same = GatewayServer::start(podOptions(QStringLiteral("r1"), 7), &error);
        QVERIFY(one && same);
        aggregator.upstreams = { one->address(), same->address() };
        aggregator.upstreamTimeout = std::chrono::milliseconds(15000);
        QVERIFY(!GatewayServer::start(aggregator, &error));
        QVERIFY2(error.contains(QStringLiteral("conflicting")) && error.contains(one->address())
                     && error.contains(same->address()),
                 qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestAggregator)
#include "tst_aggregator.moc"
