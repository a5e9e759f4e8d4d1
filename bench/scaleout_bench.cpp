// SPDX-License-Identifier: GPL-3.0-or-later
// Beyond one machine (docs/scaling.md), each figure against a baseline measured in this run:
//
// tsdb_history_samples_per_s: a past span of a 2,048-GPU cluster read back from a real
//   Prometheus 2.42 on loopback into a recording (recordTsdbHistory: layout, chunked range
//   queries, mapping, recording), samples a second, median of 3. Baseline: the same range
//   queries only fetched (Prometheus's own answer, no mapping, no recording).
// aggregator_cpu_pct: % of one core an aggregator (vigil-gateway --upstream, its own process)
//   takes over three pod gateways of 2,048 GPUs each at 1 Hz, median of three 20 s windows.
//   Baseline: the three pod gateways' CPU together (ratio: how many times less).
// wall_screen_bytes_per_s: what a rack-level subscriber (a wall screen looking at one rack)
//   receives from a 16,384-GPU gateway at 1 Hz. Baseline: a GPU-level subscriber on the same
//   gateway in the same seconds (ratio: how many times less).
#include "scaleout_bench.h"

#include "backfill/tsdbhistory.h"
#include "benchreport.h"
#include "client/telemetryclient.h"
#include "domain/sampleencoder.h"
#include "export/remotewrite.h"
#include "host/gatewayserver.h"
#include "httpfixture.h"
#include "prometheusfixture.h"
#include "sim/clustersimulator.h"
#include "sources/httpclient.h"
#include "sources/prometheusquery.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>
#include <QUrl>

#include <algorithm>
#include <atomic>

#include <unistd.h>

namespace vigil::bench {

namespace {

void tsdbHistory(BenchReport &report, QTextStream &out)
{
    QTemporaryDir dir;
    test::Prometheus prometheus;
    if (const QString why = prometheus.start(); !why.isEmpty()) {
        out << "tsdb history: " << why << "; skipped" << Qt::endl;
        return;
    }
    const QString base = prometheus.url(QString());
    // 40 frames, 15 s apart, written as a gateway would.
    SimulatorOptions options;
    options.shape.gpus = 2048;
    ClusterSimulator sim(options);
    MetricColumns columns;
    std::vector<Event> events;
    sim.advance(0, columns, events);
    ClusterState state;
    state.reset(std::make_shared<const Topology>(sim.topology()), sim.metrics());
    SampleEncoder encoder(1 << 20);
    RemoteWriteSettings settings;
    settings.url = base + QStringLiteral("/api/v1/write");
    RemoteWriter writer(settings);
    writer.start();
    constexpr int Frames = 40;
    const int64_t fromMs = sim.timeMs();
    for (int f = 0; f < Frames; ++f) {
        if (f > 0)
            sim.advance(15000, columns, events);
        for (const v1::Samples &samples : encoder.encode(sim.timeMs(), columns, f == 0))
            state.apply(samples);
        writer.submit(state);
    }
    const int64_t toMs = sim.timeMs();
    writer.flush(std::chrono::minutes(5));
    writer.stop();

    uint64_t samples = 0;
    const double read = medianSeconds(3, [&] {
        TsdbHistoryRequest request;
        request.source = BridgeSpec::fromArgument(BridgeSpec::Kind::Prometheus, base);
        request.fromMs = fromMs;
        request.toMs = toMs;
        request.stepMs = 15000;
        QFile::remove(dir.filePath(QStringLiteral("history.vigil")));
        request.recordingPath = dir.filePath(QStringLiteral("history.vigil"));
        const TsdbHistoryOutcome outcome = recordTsdbHistory(request);
        if (!outcome.error.isEmpty())
            out << "tsdb history: " << outcome.error << Qt::endl;
        samples = outcome.read.points;
    });
    // The same span's range queries, fetched and nothing more.
    uint64_t bytes = 0;
    const double fetch = medianSeconds(3, [&] {
        // (Concatenated: the encoded selector holds "%2"s that arg() would fill.)
        const QString span = QStringLiteral("&start=%1&end=%2&step=15")
                                 .arg(double(fromMs) / 1000.0, 0, 'f', 3)
                                 .arg(double(toMs) / 1000.0, 0, 'f', 3);
        const HttpResponse answer = httpGet(base + QStringLiteral("/api/v1/query_range?query=")
                                            + QString::fromLatin1(QUrl::toPercentEncoding(dcgmSelector())) + span);
        if (!answer.error.isEmpty())
            out << "tsdb history: the baseline's query failed: " << answer.error << Qt::endl;
        bytes = uint64_t(answer.body.size());
    });
    if (samples == 0) {
        out << "tsdb history: nothing read; skipped" << Qt::endl;
        return;
    }
    const double rate = double(samples) / read, raw = double(samples) / fetch;
    out << "tsdb history: " << samples << " samples in " << QString::number(read, 'f', 2) << " s (fetching "
        << bytes / 1000000 << " MB of answers alone: " << QString::number(fetch, 'f', 2) << " s)" << Qt::endl;
    report.add({ QStringLiteral("tsdb_history_samples_per_s"), rate, QStringLiteral("samples/s"), raw, rate / raw });
}

// utime + stime of a process, in seconds.
double cpuSecondsOf(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return 0.0;
    const QByteArray line = stat.readAll();
    const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
    if (fields.size() < 13)
        return 0.0;
    return double(fields[11].toLongLong() + fields[12].toLongLong()) / double(sysconf(_SC_CLK_TCK));
}

void aggregatorCost(BenchReport &report, QTextStream &out)
{
    const QString gateway = QStringLiteral(VIGIL_GATEWAY_BIN);
    std::vector<std::unique_ptr<QProcess>> pods;
    QStringList upstreams;
    for (int p = 1; p <= 3; ++p) {
        const QString address = QStringLiteral("127.0.0.1:%1").arg(test::freeLoopbackPort());
        auto pod = std::make_unique<QProcess>();
        pod->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        pod->start(gateway,
                   { QStringLiteral("--listen"), address, QStringLiteral("--gpus"), QStringLiteral("2048"),
                     QStringLiteral("--rate"), QStringLiteral("1"), QStringLiteral("--pod"),
                     QStringLiteral("pod%1").arg(p) });
        pod->waitForStarted();
        pods.push_back(std::move(pod));
        upstreams << QStringLiteral("--upstream") << address;
    }
    QThread::sleep(2);
    QProcess aggregator;
    aggregator.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    aggregator.start(
        gateway,
        QStringList { QStringLiteral("--listen"), QStringLiteral("127.0.0.1:%1").arg(test::freeLoopbackPort()) }
            + upstreams);
    const auto stopAll = [&] {
        aggregator.terminate();
        aggregator.waitForFinished(10000);
        for (auto &pod : pods) {
            pod->terminate();
            pod->waitForFinished(10000);
        }
    };
    QThread::sleep(5); // the pods' layouts merged, their snapshots passed on
    if (!aggregator.waitForStarted() || aggregator.waitForFinished(0)) {
        out << "aggregator: did not start; skipped" << Qt::endl;
        stopAll();
        return;
    }
    std::vector<double> mine, theirs;
    for (int window = 0; window < 3; ++window) {
        const double a0 = cpuSecondsOf(aggregator.processId());
        double p0 = 0.0;
        for (auto &pod : pods)
            p0 += cpuSecondsOf(pod->processId());
        const auto start = std::chrono::steady_clock::now();
        QThread::sleep(20);
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        double p1 = 0.0;
        for (auto &pod : pods)
            p1 += cpuSecondsOf(pod->processId());
        mine.push_back(100.0 * (cpuSecondsOf(aggregator.processId()) - a0) / wall);
        theirs.push_back(100.0 * (p1 - p0) / wall);
    }
    stopAll();
    std::sort(mine.begin(), mine.end());
    std::sort(theirs.begin(), theirs.end());
    out << "aggregator over 3 × 2,048 GPUs at 1 Hz: " << QString::number(mine[1], 'f', 2) << " % of a core; its pods "
        << QString::number(theirs[1], 'f', 2) << " %" << Qt::endl;
    report.add({ QStringLiteral("aggregator_cpu_pct"), mine[1], QStringLiteral("% of a core"), theirs[1],
                 mine[1] > 0.0 ? theirs[1] / mine[1] : 0.0 });
}

void wallScreen(BenchReport &report, QTextStream &out)
{
    GatewayOptions options;
    options.listen = "127.0.0.1:0";
    options.simulator.shape.gpus = 16384;
    options.rateHz = 1.0;
    QString error;
    std::unique_ptr<GatewayServer> server = GatewayServer::start(options, &error);
    if (!server) {
        out << "wall screen: " << error << "; skipped" << Qt::endl;
        return;
    }
    std::atomic<uint64_t> wallBytes { 0 }, fullBytes { 0 };
    auto subscriber = [&](EntityKind level, std::atomic<uint64_t> &bytes) {
        ClientOptions client { server->address() };
        client.level = level;
        client.detailRacks = { 0 };
        client.jobReadings = false;
        client.observer = [&bytes](const v1::StreamMessage &m, const StreamConsumer &, const std::vector<Event> &) {
            if (!m.snapshot())
                bytes += m.ByteSizeLong();
        };
        return client;
    };
    LiveCluster wall, full;
    TelemetryClient wallClient(subscriber(EntityKind::Rack, wallBytes), wall);
    TelemetryClient fullClient(subscriber(EntityKind::Gpu, fullBytes), full);
    wallClient.start();
    fullClient.start();
    QThread::sleep(3);
    wallBytes = 0;
    fullBytes = 0;
    constexpr int Seconds = 20;
    QThread::sleep(Seconds);
    const double wallRate = double(wallBytes) / Seconds, fullRate = double(fullBytes) / Seconds;
    wallClient.stop();
    fullClient.stop();
    server->stop();
    out << "wall screen on 16,384 GPUs: " << QString::number(wallRate / 1000.0, 'f', 1) << " kB/s; every GPU "
        << QString::number(fullRate / 1000.0, 'f', 1) << " kB/s" << Qt::endl;
    report.add({ QStringLiteral("wall_screen_bytes_per_s"), wallRate, QStringLiteral("B/s"), fullRate,
                 wallRate > 0.0 ? fullRate / wallRate : 0.0 });
}

} // namespace

void runScaleOutBenchmark(BenchReport &report, bool tsdb, bool aggregator, bool wall)
{
    QTextStream out(stdout);
    if (tsdb)
        tsdbHistory(report, out);
    if (aggregator)
        aggregatorCost(report, out);
    if (wall)
        wallScreen(report, out);
}

} // namespace vigil::bench
