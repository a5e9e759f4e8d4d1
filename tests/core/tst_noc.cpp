// SPDX-License-Identifier: GPL-3.0-or-later
// The NOC beyond one machine, as one test, every engine real and on loopback (issue 17's
// "done when"; docs/examples/noc-on-loopback.sh runs the same for a person):
//   - three pod gateways, and two aggregators over them sharing their alarm state in a real
//     PostgreSQL; the first remote-writes to a real Prometheus;
//   - two dashboards on the first aggregator and one on the second share acknowledgements;
//   - killing one pod gateway leaves its GPUs silent alone, and no gap in the stream;
//   - a dashboard opened afterwards scrubs the span from Prometheus, which it never recorded:
//     every GPU there, the killed pod's heard from until the kill and silent after it, and
//     the bookmark another operator made on the other aggregator on its timeline.
#include "backfill/tsdbhistory.h"
#include "client/telemetryclient.h"
#include "gatewayfixture.h"
#include "host/gatewayserver.h"
#include "overlay.h"
#include "postgresfixture.h"
#include "prometheusfixture.h"
#include "recording/recordingreader.h"

#include <QTemporaryDir>
#include <QTest>

using namespace vigil;

namespace {

constexpr uint32_t GpusPerPod = 128;

struct Dashboard
{
    LiveCluster cluster;
    TelemetryClient client;
    explicit Dashboard(const QString &address)
        : client(ClientOptions { address }, cluster)
    {
        client.start();
    }
    ClusterState state()
    {
        ClusterState state;
        uint64_t generation = 0;
        cluster.copyIfNewer(state, generation);
        return state;
    }
    std::optional<Alarm> alarmOn(uint32_t gpu) const { return test::rowRemapAlarmOn(cluster, gpu); }
};

// Per pod (named by its prefix), the GPUs of `state` heard from within two seconds, as the
// map's data-age overlay tells them: a silent GPU keeps its last reading, greyed by its age.
std::vector<int> heardPerPod(const ClusterState &state)
{
    std::vector<float> age;
    gpuDataAge(state, age);
    std::vector<int> perPod(3, 0);
    const Topology &t = *state.topology();
    for (uint32_t g = 0; g < t.gpus.size(); ++g) {
        const QString host = t.nodes[t.gpus[g].nodeIndex].hostname;
        const size_t pod = host.startsWith(u"pod1") ? 0 : host.startsWith(u"pod2") ? 1 : 2;
        perPod[pod] += age[g] <= 2.0f;
    }
    return perPod;
}

} // namespace

class TestNoc : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theNocOnLoopback()
    {
        test::PostgresServer database;
        QString error = database.start();
        QVERIFY2(error.isEmpty(), qPrintable(error));
        test::Prometheus prometheus;
        error = prometheus.start();
        QVERIFY2(error.isEmpty(), qPrintable(error));

        std::vector<std::unique_ptr<GatewayServer>> pods;
        QStringList upstreams;
        for (int p = 1; p <= 3; ++p) {
            GatewayOptions pod = test::testGatewayOptions(GpusPerPod, 10.0);
            pod.simulator.namePrefix = QStringLiteral("pod%1").arg(p);
            pod.simulator.seed = 40 + uint64_t(p);
            pods.push_back(GatewayServer::start(pod, &error));
            QVERIFY2(pods.back(), qPrintable(error));
            upstreams << pods.back()->address();
        }
        auto aggregatorOptions = [&](const QString &name) {
            GatewayOptions options = test::testGatewayOptions();
            options.upstreams = upstreams;
            options.sharedState = database.conninfo();
            options.name = name;
            return options;
        };
        GatewayOptions firstOptions = aggregatorOptions(QStringLiteral("noc-a"));
        firstOptions.remoteWrite.url = prometheus.writeUrl();
        firstOptions.remoteWrite.interval = std::chrono::milliseconds(250);
        firstOptions.remoteWrite.staleAfter = std::chrono::milliseconds(1500);
        std::unique_ptr<GatewayServer> first = GatewayServer::start(firstOptions, &error);
        QVERIFY2(first, qPrintable(error));
        std::unique_ptr<GatewayServer> second
            = GatewayServer::start(aggregatorOptions(QStringLiteral("noc-b")), &error);
        QVERIFY2(second, qPrintable(error));

        Dashboard day(first->address()), night(first->address()), otherRoom(second->address());
        for (Dashboard *d : { &day, &night, &otherRoom })
            QTRY_VERIFY_WITH_TIMEOUT(test::isLive(d->cluster) && d->state().topology()
                                         && d->state().topology()->gpus.size() == 3 * GpusPerPod,
                                     20000);
        QTRY_VERIFY_WITH_TIMEOUT(first->remoteWrite()->status().requestsSent >= 2, 10000);
        const int64_t startedMs = first->journal().headTimeMs();

        // Acknowledgements shared: a warning on pod 1's GPU 5 raises an alarm on both aggregators;
        // one dashboard acknowledges it, the other two see who did, and PostgreSQL holds it.
        QVERIFY(test::publishWarning(*pods[0], 5));
        for (Dashboard *d : { &day, &night, &otherRoom })
            QTRY_VERIFY_WITH_TIMEOUT(d->alarmOn(5).has_value(), 10000);
        v1::ActRequest acknowledge;
        acknowledge.set_action(v1::EVENT_TYPE_ACKNOWLEDGE);
        acknowledge.set_alarm_id(day.alarmOn(5)->id);
        acknowledge.set_operator_name("a.nakamura");
        acknowledge.set_comment("HBM ticket 4411");
        const ActOutcome acted = day.client.act(acknowledge);
        QVERIFY2(acted.ok && acted.notShared.isEmpty(), qPrintable(acted.message + acted.notShared));
        for (Dashboard *d : { &night, &otherRoom }) {
            QTRY_COMPARE_WITH_TIMEOUT(d->alarmOn(5)->acknowledgedBy, QStringLiteral("a.nakamura"), 10000);
            QCOMPARE(d->alarmOn(5)->state(), AlarmState::Acknowledged);
        }
        QCOMPARE(database.psql(QStringLiteral("SELECT count(*) FROM vigil_alarm_actions")).trimmed(),
                 QStringLiteral("1"));

        // A bookmark: the night shift marks the instant the run began (a note about it).
        const int64_t markedMs = startedMs + 500;
        v1::ActRequest bookmark;
        bookmark.set_action(v1::EVENT_TYPE_NOTE);
        bookmark.set_about_ms(markedMs);
        bookmark.set_operator_name("m.okafor");
        bookmark.set_comment("pod 2's PDU starts to sag here");
        const ActOutcome marked = night.client.act(bookmark);
        QVERIFY2(marked.ok && marked.notShared.isEmpty(), qPrintable(marked.message + marked.notShared));

        // Pod 2 killed: its GPUs fall silent, the others go on, and nobody's stream has a gap.
        QTRY_VERIFY_WITH_TIMEOUT(first->journal().headTimeMs() > startedMs + 3000, 10000);
        const int64_t killedMs = first->journal().headTimeMs();
        pods[1].reset();
        QTRY_VERIFY_WITH_TIMEOUT(first->journal().headTimeMs() > killedMs + 4000, 15000);
        const int pod = int(GpusPerPod);
        for (Dashboard *d : { &day, &otherRoom }) {
            QTRY_COMPARE_WITH_TIMEOUT(heardPerPod(d->state()), (std::vector<int> { pod, 0, pod }), 10000);
            QVERIFY(d->cluster.gaps().empty());
        }
        const int64_t endMs = first->journal().headTimeMs();
        first->stop(); // sends what it holds, and waits for it to go
        QCOMPARE(first->remoteWrite()->status().lastError, QString());
        QCOMPARE(first->remoteWrite()->status().samplesDropped, uint64_t(0));

        // Opened afterwards: the span from Prometheus, which this dashboard never recorded.
        QTemporaryDir dir;
        TsdbHistoryRequest request;
        request.source = BridgeSpec::fromArgument(BridgeSpec::Kind::Prometheus, prometheus.url(QString()));
        request.fromMs = startedMs;
        request.toMs = endMs;
        request.stepMs = 1000;
        request.recordingPath = dir.filePath(QStringLiteral("scrubbed.vigil"));
        // With the bookmarks the NOC shared over the span, from the aggregator it is connected to
        // (the other one): they are kept in PostgreSQL.
        request.bookmarks = [&otherRoom](int64_t fromMs, int64_t toMs, QString *error) {
            BookmarksOutcome shared = otherRoom.client.bookmarks(fromMs, toMs);
            *error = shared.message;
            return shared.bookmarks;
        };
        const TsdbHistoryOutcome read = recordTsdbHistory(request);
        QVERIFY2(read.error.isEmpty(), qPrintable(read.error));
        QVERIFY2(read.bookmarksError.isEmpty(), qPrintable(read.bookmarksError));
        QCOMPARE(read.bookmarks, size_t(1));
        QCOMPARE(read.gpus, size_t(3 * GpusPerPod)); // the killed pod's GPUs too
        RecordingReader recording;
        QCOMPARE(recording.open(request.recordingPath), QString());
        ClusterState before, after;
        QCOMPARE(recording.stateAt(killedMs - 1000, before), QString());
        QCOMPARE(recording.stateAt(endMs, after), QString());
        QVERIFY(before.column(metric::GpuTemp));
        QCOMPARE(heardPerPod(before), (std::vector<int> { pod, pod, pod }));
        QCOMPARE(heardPerPod(after), (std::vector<int> { pod, 0, pod })); // pod 2's gap, and only its
        const std::vector<Bookmark> bookmarks = recording.bookmarks();
        QCOMPARE(bookmarks.size(), size_t(1));
        QCOMPARE(bookmarks[0].timeMs, markedMs);
        QCOMPARE(bookmarks[0].note, QStringLiteral("pod 2's PDU starts to sag here"));
        QCOMPARE(bookmarks[0].author, QStringLiteral("m.okafor"));
        QVERIFY(bookmarks[0].shared);
    }
};

QTEST_GUILESS_MAIN(TestNoc)
#include "tst_noc.moc"
