// SPDX-License-Identifier: GPL-3.0-or-later
// Remote write of a 16,384-GPU cluster (the simulator's metrics, about 100,000
// series a send) to a real Prometheus 2.42 receiving on loopback, ten sends.
//
// remote_write_samples_per_cpu_s: samples sent per CPU-second of the gateway's
//   process (encoding, snappy, HTTP; Prometheus's own work is its process's).
//   Baseline: the same samples rendered as the Prometheus text format an
//   exporter serves on each scrape, per CPU-second, in this process.
// remote_write_bytes_per_sample: bytes on the wire per sample (labels included).
//   Baseline: the same samples as uncompressed text exposition.
#include "remotewrite_bench.h"

#include "benchreport.h"
#include "domain/sampleencoder.h"
#include "export/remotewrite.h"
#include "prometheusfixture.h"
#include "sim/clustersimulator.h"
#include "sources/httpclient.h"

#include <QTextStream>

#include <ctime>

namespace vigil::bench {

namespace {

double processCpuSeconds()
{
    timespec t {};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

// The text format an exporter would serve for the state: one line per reading.
QByteArray exposition(const ClusterState &state)
{
    QByteArray out;
    const Topology &t = *state.topology();
    for (const MetricColumn &column : state.columns())
        for (size_t i = 0; i < column.values.size(); ++i) {
            if (std::isnan(column.values[i]))
                continue;
            const PromLabels labels
                = seriesLabels(t, column.descriptor.name, column.descriptor.entityKind, uint32_t(i), t.clusterName);
            out += labels.front().first == QLatin1String("__name__") ? labels.front().second.toUtf8() : QByteArray();
            out += '{';
            bool first = true;
            for (const auto &[name, value] : labels) {
                if (name == QLatin1String("__name__"))
                    continue;
                if (!first)
                    out += ',';
                first = false;
                out += name.toUtf8() + "=\"" + value.toUtf8() + '"';
            }
            out += "} " + QByteArray::number(double(column.values[i])) + '\n';
        }
    return out;
}

} // namespace

void runRemoteWriteBenchmark(BenchReport &report)
{
    QTextStream out(stdout);
    SimulatorOptions options;
    options.shape.gpus = 16384;
    ClusterSimulator sim(options);
    MetricColumns columns;
    std::vector<Event> events;
    sim.advance(0, columns, events);
    ClusterState state;
    state.reset(std::make_shared<const Topology>(sim.topology()), sim.metrics());
    SampleEncoder encoder(1 << 20);
    for (const v1::Samples &samples : encoder.encode(sim.timeMs(), columns, true))
        state.apply(samples);

    test::Prometheus prometheus;
    if (const QString why = prometheus.start(); !why.isEmpty()) {
        out << "remote write: " << why << "; skipped" << Qt::endl;
        return;
    }
    const QString base = prometheus.url(QString());

    constexpr int Sends = 10;
    RemoteWriteSettings settings;
    settings.url = base + QStringLiteral("/api/v1/write");
    settings.http.timeout = std::chrono::seconds(60);
    RemoteWriter writer(settings);
    writer.start();
    const double cpuStart = processCpuSeconds();
    const int64_t t0 = state.timeMs();
    for (int k = 0; k < Sends; ++k) {
        state.setTimeMs(t0 + 15000 * k);
        writer.submit(state);
    }
    writer.flush(std::chrono::minutes(5));
    const double cpu = processCpuSeconds() - cpuStart;
    const RemoteWriteStatus status = writer.status();
    writer.stop();
    if (!status.lastError.isEmpty() || status.samplesSent == 0) {
        out << "remote write: " << status.lastError << "; skipped" << Qt::endl;
        return;
    }

    // The exporter's text for the same sends.
    size_t bytes = 0;
    const double textStart = processCpuSeconds();
    for (int k = 0; k < Sends; ++k)
        bytes += size_t(exposition(state).size());
    const double textCpu = processCpuSeconds() - textStart;

    const double samples = double(status.samplesSent);
    const double rate = samples / cpu, textRate = samples / textCpu;
    const double perSample = double(status.bytesSent) / samples, textPerSample = double(bytes) / samples;
    out << "remote write: " << status.samplesSent << " samples in " << status.requestsSent << " requests, "
        << QString::number(cpu, 'f', 2) << " CPU-s; text exposition " << QString::number(textCpu, 'f', 2) << " CPU-s"
        << Qt::endl;
    report.add({ QStringLiteral("remote_write_samples_per_cpu_s"), rate, QStringLiteral("samples/CPU-s"), textRate,
                 rate / textRate });
    report.add({ QStringLiteral("remote_write_bytes_per_sample"), perSample, QStringLiteral("B"), textPerSample,
                 textPerSample / perSample });
}

} // namespace vigil::bench
