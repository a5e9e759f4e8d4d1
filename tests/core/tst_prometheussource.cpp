// SPDX-License-Identifier: GPL-3.0-or-later
// An existing Prometheus as a source: the query API's answers as the exporter's text,
// range queries planned under Prometheus's limits, and a real Prometheus (Debian's
// prometheus 2.42) started on loopback, scraping a test exporter, read by the gateway.
#include "backfill/tsdbhistory.h"
#include "client/telemetryclient.h"
#include "domain/clusterstate.h"
#include "faketsdb.h"
#include "host/gatewayserver.h"
#include "httpfixture.h"
#include "recording/recordingreader.h"
#include "sources/prometheusquery.h"
#include "sources/prometheussource.h"
#include "sources/topologyfile.h"
#include "vigil/v1/telemetry.pb.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUrlQuery>

#include <mutex>
#include <set>

using namespace vigil;

namespace {

std::shared_ptr<const Topology> labTopology()
{
    const TopologyFile file = TopologyFile::read(QStringLiteral(VIGIL_TEST_DATA_DIR "/topology-lab.json"));
    return std::make_shared<const Topology>(file.topology);
}

QByteArray dataFile(const char *name)
{
    QFile file(QStringLiteral(VIGIL_TEST_DATA_DIR "/%1").arg(QLatin1String(name)));
    file.open(QIODevice::ReadOnly);
    return file.readAll();
}

// What a sink was given: the time of each batch of samples, and the events.
class CollectingSink final : public TelemetrySink
{
public:
    CollectingSink(std::shared_ptr<const Topology> topology, std::vector<MetricDescriptor> metrics)
        : m_topology(std::move(topology))
        , m_metrics(std::move(metrics))
    { }
    const std::shared_ptr<const Topology> &topology() const override { return m_topology; }
    const std::vector<MetricDescriptor> &metrics() const override { return m_metrics; }
    uint64_t appendSamples(std::vector<v1::Samples> &&samples) override
    {
        std::lock_guard lock(m_mutex);
        for (const v1::Samples &s : samples)
            times.push_back(s.time_ms());
        return 0;
    }
    uint64_t appendEvents(std::vector<Event> e, std::vector<uint64_t> *) override
    {
        std::lock_guard lock(m_mutex);
        events.insert(events.end(), e.begin(), e.end());
        return 0;
    }
    std::vector<int64_t> times;
    std::vector<Event> events;

private:
    std::shared_ptr<const Topology> m_topology;
    std::vector<MetricDescriptor> m_metrics;
    std::mutex m_mutex;
};

// The reference for planRangeQueries: the steps a range holds, one by one.
std::vector<int64_t> stepsOf(int64_t startMs, int64_t endMs, int64_t stepMs)
{
    std::vector<int64_t> steps;
    for (int64_t t = startMs; t <= endMs; t += stepMs)
        steps.push_back(t);
    return steps;
}

} // namespace

class TestPrometheusSource : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rangeQueriesStayUnderPrometheusLimits_data()
    {
        QTest::addColumn<qint64>("hours");
        QTest::addColumn<qint64>("stepMs");
        QTest::addColumn<qint64>("series");
        QTest::addColumn<qint64>("startOffsetMs");
        QTest::newRow("an hour at 1 s, 100 series") << qint64(1) << qint64(1000) << qint64(100) << qint64(0);
        QTest::newRow("a day at 1 s, 100 series") << qint64(24) << qint64(1000) << qint64(100) << qint64(0);
        QTest::newRow("a day at 1 s, 100k GPUs x 20 fields")
            << qint64(24) << qint64(1000) << qint64(2'000'000) << qint64(0);
        QTest::newRow("a month at 15 s, 16k GPUs x 20 fields")
            << qint64(24 * 31) << qint64(15000) << qint64(320'000) << qint64(7);
        QTest::newRow("shorter than a step") << qint64(0) << qint64(1000) << qint64(10) << qint64(0);
        QTest::newRow("more series than samples allowed")
            << qint64(1) << qint64(1000) << qint64(80'000'000) << qint64(0);
    }

    void rangeQueriesStayUnderPrometheusLimits()
    {
        QFETCH(qint64, hours);
        QFETCH(qint64, stepMs);
        QFETCH(qint64, series);
        QFETCH(qint64, startOffsetMs);
        const int64_t start = 1793577600000 + startOffsetMs;
        const int64_t end = start + hours * 3600'000;
        const std::vector<RangeChunk> chunks = planRangeQueries(start, end, stepMs, size_t(series));
        std::vector<int64_t> covered;
        for (const RangeChunk &c : chunks) {
            QCOMPARE(c.stepMs, stepMs);
            const std::vector<int64_t> steps = stepsOf(c.startMs, c.endMs, c.stepMs);
            QVERIFY(!steps.empty());
            QVERIFY(int64_t(steps.size()) <= 11000);
            if (steps.size() > 1) // one point a series is the least a query can ask for
                QVERIFY(int64_t(steps.size()) * series <= 50'000'000);
            covered.insert(covered.end(), steps.begin(), steps.end());
        }
        QCOMPARE(covered, stepsOf(start, end, stepMs)); // every step once, in order
    }

    void queryAnswersBecomeExpositionText()
    {
        const QByteArray instant = dataFile("prometheus-instant.json");
        QByteArray text;
        int64_t evaluated = 0;
        size_t series = 0;
        QCOMPARE(instantToExposition(instant, {}, text, &evaluated, &series), QString());
        QCOMPARE(series, size_t(2)); // the nameless series is no sample
        QCOMPARE(evaluated, int64_t(1793577600500));
        const QList<QByteArray> lines = text.trimmed().split('\n');
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines[0].contains("Hostname=\"n1\"") && lines[0].endsWith(" 64"), lines[0].constData());
        // No Hostname: the target's host, without its port; label values escaped again.
        QVERIFY2(lines[1].contains("Hostname=\"n2\""), lines[1].constData());
        QVERIFY2(lines[1].contains("note=\"a \\\"b\\\"\\\\c\""), lines[1].constData());
        // A configured label names the node instead.
        QCOMPARE(instantToExposition(instant, { QStringLiteral("instance") }, text), QString());
        QVERIFY2(text.contains("Hostname=\"10.0.0.1:9400\""), text.constData());

        std::map<int64_t, QByteArray> byTime;
        const QByteArray range = dataFile("prometheus-range.json");
        QCOMPARE(rangeToExposition(range, {}, byTime), QString());
        QCOMPARE(byTime.size(), size_t(2));
        QCOMPARE(byTime.at(1793577600000).count('\n'), 1);
        QCOMPARE(byTime.at(1793577601000).count('\n'), 2);

        // What a query API says when it fails, or is not one.
        QVERIFY(
            instantToExposition("{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"parse error\"}", {}, text)
                .contains(QStringLiteral("parse error")));
        QVERIFY(instantToExposition("<html>", {}, text).contains(QStringLiteral("not JSON")));
        QVERIFY(instantToExposition(range, {}, text).contains(QStringLiteral("matrix")));

        // What a hostile or broken server writes into names and values cannot start a line
        // of its own (a forged Xid): such series and points are left out, the rest kept.
        QFile hostile(QStringLiteral(VIGIL_FUZZ_CORPUS_DIR "/fuzz_prometheus_query/hostile.json"));
        QVERIFY(hostile.open(QIODevice::ReadOnly));
        size_t hostileSeries = 99;
        QCOMPARE(instantToExposition(hostile.readAll(), {}, text, nullptr, &hostileSeries), QString());
        QCOMPARE(hostileSeries, size_t(0));
        QVERIFY2(!text.contains("XID"), text.constData());
        const QByteArray mixed = R"({"status":"success","data":{"resultType":"matrix","result":[
            {"metric":{"__name__":"DCGM_FI_DEV_GPU_TEMP","gpu":"0"},"values":[[1,"60"],[2,"61 62"],[3,"NaN"]]},
            {"metric":{"__name__":"DCGM_FI_DEV_GPU_TEMP","bad label":"x"},"values":[[1,"1"]]}]}})";
        std::map<int64_t, QByteArray> mixedByTime;
        QCOMPARE(rangeToExposition(mixed, {}, mixedByTime), QString());
        QCOMPARE(mixedByTime.size(), size_t(2));
        QCOMPARE(mixedByTime[1000], QByteArray("DCGM_FI_DEV_GPU_TEMP{gpu=\"0\"} 60\n"));
        QCOMPARE(mixedByTime[3000], QByteArray("DCGM_FI_DEV_GPU_TEMP{gpu=\"0\"} NaN\n"));

        // The series API's label sets add the series an instant lacks, with no reading; one held
        // already, one listed twice, and one named outside the grammar add nothing.
        QByteArray atEnd = "DCGM_FI_DEV_GPU_TEMP{gpu=\"0\",Hostname=\"n1\"} 61\n";
        QFile listed(QStringLiteral(VIGIL_FUZZ_CORPUS_DIR "/fuzz_prometheus_query/series.json"));
        QVERIFY(listed.open(QIODevice::ReadOnly));
        size_t added = 0;
        QCOMPARE(seriesToExposition(listed.readAll(), {}, atEnd, &added), QString());
        QCOMPARE(added, size_t(2));
        QCOMPARE(
            atEnd,
            QByteArray(
                "DCGM_FI_DEV_GPU_TEMP{gpu=\"0\",Hostname=\"n1\"} 61\n"
                "DCGM_FI_DEV_GPU_TEMP{Hostname=\"n1\",UUID=\"GPU-1\",gpu=\"0\"} NaN\n"
                "DCGM_FI_PROF_GR_ENGINE_ACTIVE{GPU_I_ID=\"1\",gpu=\"2\",instance=\"n2:9400\",Hostname=\"n2\"} NaN\n"));
        QVERIFY(seriesToExposition(instant, {}, atEnd).contains(QStringLiteral("no list")));
    }

    // A past span made into a recording: every step once, at its own time, though the server
    // refuses the planned queries for their size; what it cannot give is a gap that says why.
    void aPastSpanBecomesARecording()
    {
        const auto topology = labTopology();
        const int64_t from = 1764547200000; // 2025-12-01T00:00Z
        const int64_t to = from + 59000;
        test::FakeTsdb tsdb(topology, 7, from + 20000, from + 20000);
        QTemporaryDir dir;
        TsdbHistoryRequest request;
        request.source = BridgeSpec::fromArgument(BridgeSpec::Kind::Prometheus, tsdb.url());
        request.fromMs = from;
        request.toMs = to;
        request.stepMs = 1000;
        request.recordingPath = dir.filePath(QStringLiteral("past.vigil"));
        std::vector<double> shares;
        const TsdbHistoryOutcome outcome = recordTsdbHistory(request, [&](double share) {
            shares.push_back(share);
            return true;
        });
        QVERIFY2(outcome.error.isEmpty(), qPrintable(outcome.error));
        QVERIFY2(outcome.read.splits > 0, qPrintable(describeTsdbHistory(outcome)));
        QCOMPARE(outcome.gpus, size_t(4));
        QVERIFY(std::is_sorted(shares.begin(), shares.end()));
        QCOMPARE(shares.back(), 1.0);
        // The one chunk of at most 7 steps that holds second 20 is missing; every other step is there once.
        QCOMPARE(outcome.read.missing.size(), size_t(1));
        const PrometheusSpanRead::Missing &missing = outcome.read.missing.front();
        QVERIFY(missing.fromMs <= from + 20000 && missing.toMs >= from + 20000);
        QVERIFY(missing.toMs - missing.fromMs < 7000);
        const int64_t missingSteps = (missing.toMs - missing.fromMs) / 1000 + 1;
        QCOMPARE(outcome.read.instants, size_t(60 - missingSteps));
        QVERIFY(describeTsdbHistory(outcome).contains(QStringLiteral("recorded as gaps")));

        RecordingReader reader;
        QCOMPARE(reader.open(request.recordingPath), QString());
        QCOMPARE(reader.startMs(), from);
        QCOMPARE(reader.endMs(), to);
        const std::vector<int64_t> frames = reader.frameTimes(from, to + 1);
        QCOMPARE(frames.size(), size_t(60 - missingSteps));
        QCOMPARE(std::set<int64_t>(frames.begin(), frames.end()).size(), frames.size());
        for (const int64_t t : { from, from + 33000, to }) {
            ClusterState state;
            QCOMPARE(reader.stateAt(t, state), QString());
            for (uint32_t g = 0; g < 4; ++g)
                QCOMPARE(state.value(state.column(metric::GpuTemp), g), float(test::FakeTsdb::temperature(t) + g));
        }
        const std::vector<RecordedGap> gaps = reader.gaps();
        QCOMPARE(gaps.size(), size_t(1));
        QCOMPARE(gaps.front().fromMs, missing.fromMs);
        QVERIFY(gaps.front().reason.contains(tsdb.url()));

        // Cancelled at once: nothing read, and it says so.
        request.recordingPath = dir.filePath(QStringLiteral("cancelled.vigil"));
        const TsdbHistoryOutcome cancelled = recordTsdbHistory(request, [](double) { return false; });
        QVERIFY(cancelled.read.cancelled);
        QCOMPARE(cancelled.read.instants, size_t(0));

        // Requests that make no sense are refused before any query.
        request.stepMs = 0;
        QVERIFY(recordTsdbHistory(request).error.contains(QStringLiteral("step")));
        request.stepMs = 1000;
        request.toMs = from - 1;
        QVERIFY(recordTsdbHistory(request).error.contains(QStringLiteral("end after it starts")));
        request.toMs = from + 400LL * 86400000;
        QVERIFY(recordTsdbHistory(request).error.contains(QStringLiteral("longer step")));
        // A server that is not there, or is not a query API.
        request.toMs = to;
        request.source.location = QStringLiteral("http://127.0.0.1:%1").arg(test::freeLoopbackPort());
        QVERIFY(recordTsdbHistory(request).error.contains(QStringLiteral("cannot connect")));
        test::HttpFixture teapot(test::HttpFixture::ok("<html>not prometheus</html>"));
        request.source.location = QStringLiteral("http://127.0.0.1:%1").arg(teapot.port());
        QVERIFY(!recordTsdbHistory(request).error.isEmpty());
    }

    // A real Prometheus scrapes a test exporter; the gateway reads the DCGM series back,
    // live and, at start, the history, and an ECC counter's increases become warnings.
    void readsARealPrometheus()
    {
        const QString prometheus = QStandardPaths::findExecutable(QStringLiteral("prometheus"));
        if (prometheus.isEmpty())
            QFAIL("Debian's prometheus package is needed (make test installs it)");
        const auto topology = labTopology();
        std::atomic<int> scrapes { 0 };
        test::HttpFixture exporter([&](const QByteArray &) {
            const int n = ++scrapes;
            QByteArray body = "# TYPE DCGM_FI_DEV_GPU_TEMP gauge\n";
            for (uint32_t g = 0; g < 4; ++g)
                body += "DCGM_FI_DEV_GPU_TEMP{gpu=\"" + QByteArray::number(g) + "\",UUID=\""
                    + topology->gpus[g].uuid.toUtf8() + "\",Hostname=\"gpu-node-01\"} " + QByteArray::number(60 + g)
                    + "\n";
            body += "# TYPE DCGM_FI_DEV_ECC_SBE_VOL_TOTAL counter\n"
                    "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL{gpu=\"0\",UUID=\""
                + topology->gpus[0].uuid.toUtf8() + "\",Hostname=\"gpu-node-01\"} " + QByteArray::number(2 * n) + "\n";
            return test::HttpFixture::ok(body);
        });
        QTemporaryDir dir;
        const int port = test::freeLoopbackPort();
        QFile config(dir.filePath(QStringLiteral("prometheus.yml")));
        QVERIFY(config.open(QIODevice::WriteOnly));
        config.write("global: {scrape_interval: 1s, scrape_timeout: 1s}\n"
                     "scrape_configs: [{job_name: dcgm, static_configs: [{targets: ['127.0.0.1:"
                     + QByteArray::number(exporter.port()) + "']}]}]\n");
        config.close();
        QProcess server;
        server.setProcessChannelMode(QProcess::MergedChannels);
        server.start(prometheus,
                     { QStringLiteral("--config.file=") + config.fileName(),
                       QStringLiteral("--storage.tsdb.path=") + dir.filePath(QStringLiteral("data")),
                       QStringLiteral("--web.listen-address=127.0.0.1:%1").arg(port) });
        QVERIFY(server.waitForStarted());
        const auto stopServer = qScopeGuard([&] {
            server.terminate();
            server.waitForFinished(10000);
        });
        const QString url = QStringLiteral("http://127.0.0.1:%1").arg(port);

        // Until Prometheus has a few scrapes of history.
        BridgeSpec spec = BridgeSpec::fromArgument(BridgeSpec::Kind::Prometheus, url);
        spec.interval = std::chrono::milliseconds(1000);
        QTRY_VERIFY_WITH_TIMEOUT(scrapes.load() >= 5, 30000);
        QTest::qWait(1500); // the last scrape's samples are committed

        // History first, then the live value, in time order.
        spec.historyHours = 0.01; // 36 s: more than Prometheus holds
        CollectingSink sink(topology, standardMetrics());
        PrometheusSource source(spec, sink, {});
        source.pollOnce();
        const BridgeCounters counters = source.counters();
        QVERIFY2(counters.lastError.isEmpty(), qPrintable(counters.lastError));
        QVERIFY2(sink.times.size() >= 4, qPrintable(QString::number(sink.times.size())));
        QVERIFY(std::is_sorted(sink.times.begin(), sink.times.end()));
        QVERIFY(std::set<int64_t>(sink.times.begin(), sink.times.end()).size() >= 4);
        // Each scrape counted two more correctable errors: warnings, at the times they were counted.
        QVERIFY(sink.events.size() >= 2);
        for (const Event &e : sink.events) {
            QCOMPARE(e.type, EventType::EccSingleBit);
            QCOMPARE(e.entity, (EntityRef { EntityKind::Gpu, 0 }));
            QVERIFY(e.timeMs <= sink.times.back());
            QVERIFY(e.value >= 2.0);
        }
        QVERIFY(sink.events.front().timeMs < sink.times.back()); // from the history, not only the live poll

        // Through a gateway, to a dashboard's client.
        GatewayOptions options;
        options.listen = "127.0.0.1:0";
        options.topology = topology;
        spec.historyHours = 0;
        options.bridges = { spec };
        QString error;
        auto gateway = GatewayServer::start(options, &error);
        QVERIFY2(gateway, qPrintable(error));
        LiveCluster cluster;
        TelemetryClient client({ gateway->address() }, cluster);
        client.start();
        QTRY_COMPARE_WITH_TIMEOUT(
            [&] {
                ClusterState state;
                uint64_t generation = 0;
                cluster.copyIfNewer(state, generation);
                return state.value(state.column(metric::GpuTemp), 3);
            }(),
            63.0f, 10000);
        client.stop();
        gateway->stop();

        // A Prometheus that is not there says so.
        BridgeSpec gone = BridgeSpec::fromArgument(BridgeSpec::Kind::Prometheus,
                                                   QStringLiteral("http://127.0.0.1:%1").arg(test::freeLoopbackPort()));
        PrometheusSource nothing(gone, sink, {});
        nothing.pollOnce();
        QVERIFY(nothing.counters().lastError.contains(QStringLiteral("cannot connect")));
    }
};

QTEST_GUILESS_MAIN(TestPrometheusSource)
#include "tst_prometheussource.moc"
