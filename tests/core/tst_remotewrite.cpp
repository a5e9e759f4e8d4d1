// SPDX-License-Identifier: GPL-3.0-or-later
// Remote write to a real Prometheus (2.42, --web.enable-remote-write-receiver)
// started on loopback: the gateway's series arrive under DCGM's names and
// dcgm-exporter's labels with the simulator's values; an endpoint that is down
// loses nothing that fits the buffer, one that refuses a request is counted, and
// a buffer that overflows says which span it dropped.
#include "backfill/tsdbhistory.h"
#include "domain/sampleencoder.h"
#include "export/remotewrite.h"
#include "gatewayfixture.h"
#include "httpfixture.h"
#include "prometheus/remote.pb.h"
#include "prometheusfixture.h"
#include "recording/recordingreader.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUrlQuery>

#include <cstring>

using namespace vigil;

namespace {

// A cluster state straight from the simulator at `ticks` ticks of 50 ms.
ClusterState simulatedState(const SimulatorOptions &options, int ticks)
{
    ClusterSimulator sim(options);
    MetricColumns columns;
    std::vector<Event> events;
    sim.advance(0, columns, events);
    for (int i = 0; i < ticks; ++i)
        sim.advance(50, columns, events);
    ClusterState state;
    state.reset(std::make_shared<const Topology>(sim.topology()), sim.metrics());
    SampleEncoder encoder(1 << 20);
    for (const v1::Samples &samples : encoder.encode(sim.timeMs(), columns, true))
        state.apply(samples);
    return state;
}

} // namespace

class TestRemoteWrite : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // One send: a series per reading, labelled as dcgm-exporter labels a GPU, sorted, at the
    // state's time, with the state's values; split into requests of the size asked for.
    void encodesDcgmExporterSeries()
    {
        SimulatorOptions options;
        options.shape.gpus = 64;
        const ClusterState state = simulatedState(options, 4);
        size_t samples = 0;
        const std::vector<QByteArray> requests
            = encodeWriteRequests(state, QStringLiteral("lab"), 300000, 100, &samples);
        QVERIFY(requests.size() > 2);
        size_t readings = 0;
        for (const MetricColumn &c : state.columns())
            for (float v : c.values)
                readings += !std::isnan(v);
        QCOMPARE(samples, readings);
        const MetricColumn *temp = state.column(metric::GpuTemp);
        QVERIFY(temp);
        size_t series = 0, gpuTemps = 0;
        for (const QByteArray &raw : requests) {
            const std::optional<QByteArray> back = snappyUncompress(snappyCompress(raw));
            QVERIFY(back && *back == raw);
            prom::WriteRequest request;
            QVERIFY(request.ParseFromArray(raw.constData(), int(raw.size())));
            QVERIFY(request.timeseries_size() <= 100);
            for (const prom::TimeSeries &s : request.timeseries()) {
                ++series;
                QCOMPARE(s.samples_size(), 1);
                QCOMPARE(s.samples(0).timestamp(), state.timeMs());
                std::map<std::string, std::string> labels;
                for (int i = 0; i < s.labels_size(); ++i) {
                    if (i > 0)
                        QVERIFY(s.labels(i - 1).name() < s.labels(i).name()); // sorted, unique
                    labels[s.labels(i).name()] = s.labels(i).value();
                }
                QCOMPARE(labels["cluster"], std::string("lab"));
                if (labels["__name__"] != "DCGM_FI_DEV_GPU_TEMP")
                    continue;
                ++gpuTemps;
                const QString uuid = QString::fromStdString(labels["UUID"]);
                uint32_t gpu = 0;
                while (gpu < state.topology()->gpus.size() && state.topology()->gpus[gpu].uuid != uuid)
                    ++gpu;
                QVERIFY(gpu < state.topology()->gpus.size());
                const Gpu &g = state.topology()->gpus[gpu];
                QCOMPARE(labels["gpu"], std::to_string(g.localIndex));
                QCOMPARE(labels["device"], "nvidia" + std::to_string(g.localIndex));
                QCOMPARE(labels["Hostname"], state.topology()->nodes[g.nodeIndex].hostname.toStdString());
                // What a scrape would add, so dcgm-exporter's dashboards can pick a node.
                QCOMPARE(labels["instance"], labels["Hostname"]);
                QCOMPARE(labels["job"], std::string("dcgm-exporter"));
                QCOMPARE(labels["modelName"], g.model.toStdString());
                QCOMPARE(s.samples(0).value(), double(temp->values[gpu]));
            }
        }
        QCOMPARE(series, readings);
        QCOMPARE(gpuTemps, state.topology()->gpus.size());
        QVERIFY(!snappyUncompress(QByteArrayLiteral("\\xff\\xff\\xff not snappy")));
    }

    // A GPU that falls silent ends its series with Prometheus's staleness marker, once; the
    // others go on. Without it, PromQL would answer the last reading for five more minutes.
    void aSilentGpuEndsItsSeries()
    {
        SimulatorOptions options;
        options.shape.gpus = 16;
        ClusterState state = simulatedState(options, 4);
        WriteRequestEncoder encoder;
        size_t first = 0;
        (void)encoder.encode(state, QStringLiteral("lab"), 300000, 1000, &first);
        // GPU 3 stops reporting every metric (a NaN is "no reading").
        v1::Samples silence;
        silence.set_time_ms(state.timeMs() + 1000);
        for (const MetricColumn &c : state.columns()) {
            if (c.descriptor.entityKind != EntityKind::Gpu)
                continue;
            v1::MetricBlock *b = silence.add_blocks();
            b->set_metric_id(c.descriptor.id);
            b->add_indices(3);
            b->add_values(std::numeric_limits<float>::quiet_NaN());
        }
        QVERIFY(state.apply(silence).ok());
        auto markersIn = [&](size_t *total) {
            size_t markers = 0;
            for (const QByteArray &raw : encoder.encode(state, QStringLiteral("lab"), 300000, 1000, total)) {
                prom::WriteRequest request;
                if (!request.ParseFromArray(raw.constData(), int(raw.size())))
                    return size_t(9999);
                for (const prom::TimeSeries &s : request.timeseries()) {
                    uint64_t bits = 0;
                    const double v = s.samples(0).value();
                    std::memcpy(&bits, &v, 8);
                    if (bits == PrometheusStaleNaNBits) {
                        ++markers;
                        for (const prom::Label &l : s.labels())
                            if (l.name() == "gpu" && l.value() != "3")
                                return size_t(9998); // another GPU's series ended
                    }
                }
            }
            return markers;
        };
        size_t second = 0, third = 0;
        const size_t gpuMetrics = size_t(silence.blocks_size());
        const size_t markers = markersIn(&second);
        QCOMPARE(markers, gpuMetrics); // one per series of GPU 3 that had a reading
        QCOMPARE(second, first); // the markers take the place of its readings
        QCOMPARE(markersIn(&third), size_t(0)); // once
        QCOMPARE(third, first - gpuMetrics);
    }

    // The gateway sends its simulated cluster to a real Prometheus; what Prometheus holds at the
    // last instant sent is the simulator's state at that instant, value for value.
    void aRealPrometheusReceivesTheGateway()
    {
        test::Prometheus prometheus;
        const QString started = prometheus.start();
        if (!started.isEmpty())
            QFAIL(qPrintable(started));
        GatewayOptions options = test::testGatewayOptions(64, 20.0);
        options.remoteWrite.url = prometheus.writeUrl();
        options.remoteWrite.interval = std::chrono::milliseconds(200);
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(server->remoteWrite()->status().requestsSent >= 5, 15000);
        // The gateway lists it among its sources.
        const v1::Sources sources = server->sourcesStatus();
        QVERIFY(sources.sources_size() >= 1);
        QCOMPARE(QString::fromStdString(sources.sources(0).name()),
                 QStringLiteral("remote write ") + prometheus.writeUrl());
        QVERIFY(sources.sources(0).readings() > 0);
        server->stop(); // sends the last state and waits for it to go
        const RemoteWriteStatus status = server->remoteWrite()->status();
        QCOMPARE(status.lastError, QString());
        QCOMPARE(status.queuedRequests, size_t(0));
        QCOMPARE(status.samplesDropped, uint64_t(0));
        QVERIFY(status.bytesSent > 0);
        qInfo("%llu requests, %llu samples, %.1f bytes a sample on the wire", (unsigned long long)status.requestsSent,
              (unsigned long long)status.samplesSent, double(status.bytesSent) / double(status.samplesSent));

        // The last instant Prometheus holds, and the simulator replayed to it.
        const QJsonObject tsdb
            = QJsonDocument::fromJson(httpGet(prometheus.url(QStringLiteral("/api/v1/status/tsdb"))).body)
                  .object()[QStringLiteral("data")]
                  .toObject()[QStringLiteral("headStats")]
                  .toObject();
        const int64_t last = int64_t(tsdb[QStringLiteral("maxTime")].toDouble());
        QVERIFY(last > 0);
        const QJsonArray temps = prometheus.query(QStringLiteral("DCGM_FI_DEV_GPU_TEMP"), last);
        QCOMPARE(temps.size(), 64);
        ClusterSimulator sim(options.simulator);
        MetricColumns columns;
        std::vector<Event> events;
        sim.advance(0, columns, events);
        const auto stepMs = int64_t(std::llround(1000.0 * options.speed / options.rateHz));
        while (sim.timeMs() < last)
            sim.advance(stepMs, columns, events);
        QCOMPARE(sim.timeMs(), last);
        ClusterState expected;
        expected.reset(std::make_shared<const Topology>(sim.topology()), sim.metrics());
        SampleEncoder encoder(1 << 20);
        for (const v1::Samples &samples : encoder.encode(sim.timeMs(), columns, true))
            expected.apply(samples);
        const MetricColumn *column = expected.column(metric::GpuTemp);
        for (const QJsonValue &v : temps) {
            const QJsonObject series = v.toObject();
            const QString uuid = series[QStringLiteral("metric")].toObject()[QStringLiteral("UUID")].toString();
            const double got = series[QStringLiteral("value")].toArray()[1].toString().toDouble();
            uint32_t gpu = 0;
            while (gpu < sim.topology().gpus.size() && sim.topology().gpus[gpu].uuid != uuid)
                ++gpu;
            QVERIFY2(gpu < sim.topology().gpus.size(), qPrintable(uuid));
            QCOMPARE(got, double(column->values[gpu]));
        }

        // A dashboard that never recorded it reads it back: the last half minute made into a
        // recording, laid out from the series' labels, holds the same values at the same instant.
        QTemporaryDir dir;
        TsdbHistoryRequest request;
        request.source = BridgeSpec::fromArgument(BridgeSpec::Kind::Prometheus, prometheus.url(QString()));
        request.toMs = last;
        request.fromMs = last - 30000;
        request.stepMs = 1000; // the grid ends at `last`
        request.recordingPath = dir.filePath(QStringLiteral("from-prometheus.vigil"));
        const TsdbHistoryOutcome read = recordTsdbHistory(request);
        QVERIFY2(read.error.isEmpty(), qPrintable(read.error));
        QCOMPARE(read.gpus, size_t(64));
        QVERIFY2(read.read.missing.empty(), qPrintable(describeTsdbHistory(read)));
        RecordingReader reader;
        QCOMPARE(reader.open(request.recordingPath), QString());
        QCOMPARE(reader.endMs(), last);
        ClusterState replayed;
        QCOMPARE(reader.stateAt(last, replayed), QString());
        const MetricColumn *replayedTemps = replayed.column(metric::GpuTemp);
        QVERIFY(replayedTemps);
        for (uint32_t g = 0; g < replayed.topology()->gpus.size(); ++g) {
            uint32_t gpu = 0;
            while (gpu < sim.topology().gpus.size()
                   && sim.topology().gpus[gpu].uuid != replayed.topology()->gpus[g].uuid)
                ++gpu;
            QVERIFY(gpu < sim.topology().gpus.size());
            QCOMPARE(replayedTemps->values[g], column->values[gpu]);
        }
    }

    // Down: every request waits in the buffer folder, across a restart of the writer, and goes
    // once the endpoint is up. A refusal (404) is counted and dropped. An overflow drops the
    // oldest and says which span.
    void anEndpointThatIsDownLosesNothing()
    {
        QTemporaryDir buffer;
        const int port = test::freeLoopbackPort();
        SimulatorOptions options;
        options.shape.gpus = 32;
        RemoteWriteSettings settings;
        settings.url = QStringLiteral("http://127.0.0.1:%1/api/v1/write").arg(port);
        settings.bufferDirectory = buffer.path();
        settings.http.timeout = std::chrono::milliseconds(2000);
        std::vector<int64_t> times;
        {
            RemoteWriter writer(settings);
            QCOMPARE(writer.start(), QString());
            for (int k = 1; k <= 3; ++k) {
                const ClusterState state = simulatedState(options, k * 20);
                times.push_back(state.timeMs());
                writer.submit(state);
                writer.submit(state); // the same instant again: not sent twice
            }
            QTRY_VERIFY_WITH_TIMEOUT(writer.status().lastError.contains(QStringLiteral("cannot connect")), 10000);
            QCOMPARE(writer.status().queuedRequests, size_t(3));
            QCOMPARE(writer.status().requestsSent, uint64_t(0));
        } // stopped with the endpoint still down
        QCOMPARE(QDir(buffer.path()).entryList({ QStringLiteral("*.rw") }, QDir::Files).size(), 3);

        test::Prometheus prometheus;
        const QString started = prometheus.start(port);
        if (!started.isEmpty())
            QFAIL(qPrintable(started));
        {
            RemoteWriter writer(settings);
            QCOMPARE(writer.start(), QString());
            QVERIFY(writer.flush(std::chrono::seconds(20)));
            QCOMPARE(writer.status().requestsSent, uint64_t(3));
            QCOMPARE(writer.status().lastError, QString());
        }
        QVERIFY(QDir(buffer.path()).entryList({ QStringLiteral("*.rw") }, QDir::Files).isEmpty());
        for (int64_t t : times)
            QCOMPARE(prometheus.query(QStringLiteral("DCGM_FI_DEV_GPU_TEMP"), t).size(), 32);

        // A path the endpoint does not serve: refused, counted, not retried for ever.
        RemoteWriteSettings wrong = settings;
        wrong.url = prometheus.url(QStringLiteral("/api/v1/no-such-write"));
        wrong.bufferDirectory.clear();
        RemoteWriter refused(wrong);
        QCOMPARE(refused.start(), QString());
        refused.submit(simulatedState(options, 90));
        QVERIFY(refused.flush(std::chrono::seconds(10)));
        QCOMPARE(refused.status().requestsRefused, uint64_t(1));
        QVERIFY(refused.status().samplesDropped > 0);
        QVERIFY2(refused.status().lastError.contains(QStringLiteral("404")), qPrintable(refused.status().lastError));

        // Overflow: a megabyte of room, a down endpoint, many sends: the oldest go, named as a gap.
        RemoteWriteSettings tight = settings;
        tight.url = QStringLiteral("http://127.0.0.1:%1/api/v1/write").arg(test::freeLoopbackPort());
        tight.bufferDirectory.clear();
        tight.bufferBytes = qint64(1) << 20;
        tight.seriesPerRequest = 1000000;
        RemoteWriter full(tight);
        QCOMPARE(full.start(), QString());
        ClusterState state = simulatedState(options, 1);
        const int64_t first = state.timeMs();
        SimulatorOptions big;
        big.shape.gpus = 1024;
        state = simulatedState(big, 1);
        for (int k = 0; k < 400 && full.status().samplesDropped == 0; ++k) {
            ClusterState later = state;
            later.setTimeMs(first + 1000 * (k + 1));
            full.submit(later);
        }
        const RemoteWriteStatus s = full.status();
        QVERIFY(s.samplesDropped > 0);
        size_t perSend = 0;
        encodeWriteRequests(state, QString(), 300000, 1000000, &perSend);
        QVERIFY(perSend > 6000);
        QCOMPARE(s.samplesDropped % perSend, uint64_t(0)); // whole sends of the 1,024-GPU cluster, each counted exactly
        QVERIFY(s.queuedBytes <= tight.bufferBytes);
        QCOMPARE(s.gapFromMs, first + 1000);
        QVERIFY(s.gapToMs >= s.gapFromMs);
    }

    // vigil-record, optionally, sends what it records on as well.
    void theRecorderCanSendToo()
    {
        test::Prometheus prometheus;
        const QString started = prometheus.start();
        if (!started.isEmpty())
            QFAIL(qPrintable(started));
        QString error;
        auto server = GatewayServer::start(test::testGatewayOptions(32, 20.0), &error);
        QVERIFY2(server, qPrintable(error));
        QTemporaryDir dir;
        QProcess recorder;
        recorder.setProcessChannelMode(QProcess::MergedChannels);
        recorder.start(QStringLiteral(VIGIL_RECORD_BIN),
                       { QStringLiteral("--gateway"), server->address(), QStringLiteral("--out"),
                         dir.filePath(QStringLiteral("r.vigil")), QStringLiteral("--remote-write"),
                         prometheus.writeUrl(), QStringLiteral("--remote-write-interval"), QStringLiteral("0.3"),
                         QStringLiteral("--remote-write-cluster"), QStringLiteral("hall-7"),
                         QStringLiteral("--remote-write-job"), QStringLiteral("dcgm") });
        QVERIFY(recorder.waitForStarted());
        const auto series = [&] {
            const QJsonObject head
                = QJsonDocument::fromJson(httpGet(prometheus.url(QStringLiteral("/api/v1/status/tsdb"))).body)
                      .object()[QStringLiteral("data")]
                      .toObject()[QStringLiteral("headStats")]
                      .toObject();
            const int64_t last = int64_t(head[QStringLiteral("maxTime")].toDouble());
            // Named as told: the cluster and the scrape job by option, each node as its instance.
            return last > 0 ? prometheus
                                  .query(QStringLiteral("DCGM_FI_DEV_GPU_TEMP{cluster=\"hall-7\",job=\"dcgm\","
                                                        "instance!=\"\"}"),
                                         last)
                                  .size()
                            : qsizetype(0);
        };
        QTRY_COMPARE_WITH_TIMEOUT(series(), qsizetype(32), 20000);
        recorder.terminate();
        QVERIFY(recorder.waitForFinished(20000));
        QCOMPARE(recorder.exitCode(), 0);
        // A bad option is refused, named.
        QProcess wrong;
        wrong.start(QStringLiteral(VIGIL_RECORD_BIN),
                    { QStringLiteral("--out"), dir.filePath(QStringLiteral("w.vigil")),
                      QStringLiteral("--remote-write"), QStringLiteral("tsdb:9090") });
        QVERIFY(wrong.waitForFinished(20000));
        QCOMPARE(wrong.exitCode(), 2);
        QVERIFY(QString::fromUtf8(wrong.readAllStandardError()).contains(QStringLiteral("--remote-write")));
    }

    void settingsThatMakeNoSenseAreRefused()
    {
        RemoteWriteSettings s;
        s.url = QStringLiteral("ftp://tsdb/write");
        QVERIFY(s.validate().contains(QStringLiteral("http")));
        s.url = QStringLiteral("https://tsdb:9090/api/v1/write");
        QCOMPARE(s.validate(), QString());
        s.interval = std::chrono::milliseconds(10);
        QVERIFY(!s.validate().isEmpty());
        s.interval = std::chrono::seconds(15);
        s.bufferBytes = 10;
        QVERIFY(!s.validate().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRemoteWrite)
#include "tst_remotewrite.moc"
