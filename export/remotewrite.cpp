// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/remotewrite.h"

#include "domain/codec.h"
#include "domain/entitynames.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QSaveFile>

#include <snappy.h>

#include <algorithm>
#include <bit>
#include <cmath>

namespace vigil {

namespace {

int64_t wallNowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

// A metric name as Prometheus allows it ([a-zA-Z_:][a-zA-Z0-9_:]*): DCGM's names pass as they are.
QString promName(const QString &name)
{
    QString out = name;
    for (qsizetype i = 0; i < out.size(); ++i) {
        const QChar c = out[i];
        const bool ok = (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || c == u'_' || c == u':'
            || (i > 0 && c >= u'0' && c <= u'9');
        if (!ok)
            out[i] = u'_';
    }
    return out.isEmpty() ? QStringLiteral("_") : out;
}

QString kindLabel(EntityKind kind)
{
    switch (kind) {
    case EntityKind::Rack:
        return QStringLiteral("rack");
    case EntityKind::Node:
        return QStringLiteral("Hostname");
    case EntityKind::Pdu:
        return QStringLiteral("pdu");
    case EntityKind::CoolingLoop:
        return QStringLiteral("cooling_loop");
    case EntityKind::Switch:
        return QStringLiteral("switch");
    case EntityKind::Job:
        return QStringLiteral("job");
    default:
        return QStringLiteral("entity");
    }
}

void addGpuLabels(const Topology &t, uint32_t gpu, PromLabels &labels)
{
    const Gpu &g = t.gpus[gpu];
    labels.emplace_back(QStringLiteral("gpu"), QString::number(g.localIndex));
    labels.emplace_back(QStringLiteral("UUID"), g.uuid);
    labels.emplace_back(QStringLiteral("device"), QStringLiteral("nvidia%1").arg(g.localIndex));
    if (!g.model.isEmpty())
        labels.emplace_back(QStringLiteral("modelName"), g.model);
    if (!g.pciBusId.isEmpty())
        labels.emplace_back(QStringLiteral("pci_bus_id"), g.pciBusId);
    if (g.nodeIndex < t.nodes.size())
        labels.emplace_back(QStringLiteral("Hostname"), t.nodes[g.nodeIndex].hostname);
}

// What a scrape adds: the target (the node; the exporter's port is not known here) and the job.
void addScrapeLabels(const QString &host, const QString &scrapeJob, PromLabels &labels)
{
    if (!host.isEmpty())
        labels.emplace_back(QStringLiteral("instance"), host);
    if (!scrapeJob.isEmpty())
        labels.emplace_back(QStringLiteral("job"), scrapeJob);
}

} // namespace

QString RemoteWriteSettings::validate() const
{
    if (!isHttpUrl(url))
        return QStringLiteral("--remote-write: '%1' is not an http:// or https:// URL").arg(url);
    if (interval < std::chrono::milliseconds(100) || interval > std::chrono::hours(1))
        return QStringLiteral("--remote-write-interval must be between 0.1 s and 1 h");
    if (seriesPerRequest < 1 || seriesPerRequest > 1000000)
        return QStringLiteral("a remote-write request holds 1 to 1,000,000 series");
    if (bufferBytes < (qint64(1) << 20) || bufferBytes > (qint64(1) << 40))
        return QStringLiteral("--remote-write-buffer-mb must be between 1 MB and 1 TB");
    return {};
}

PromLabels seriesLabels(const Topology &t, const QString &metric, EntityKind kind, uint32_t index,
                        const QString &cluster, const QString &scrapeJob)
{
    auto hostOfGpu = [&](uint32_t gpu) {
        return gpu < t.gpus.size() && t.gpus[gpu].nodeIndex < t.nodes.size() ? t.nodes[t.gpus[gpu].nodeIndex].hostname
                                                                             : QString();
    };
    PromLabels labels;
    labels.emplace_back(QStringLiteral("__name__"), promName(metric));
    if (!cluster.isEmpty())
        labels.emplace_back(QStringLiteral("cluster"), cluster);
    if (kind == EntityKind::Gpu && index < t.gpus.size()) {
        addGpuLabels(t, index, labels);
        addScrapeLabels(hostOfGpu(index), scrapeJob, labels);
    } else if (kind == EntityKind::GpuInstance && index < t.gpuInstances.size()) {
        const GpuInstance &instance = t.gpuInstances[index];
        if (instance.gpuIndex < t.gpus.size()) {
            addGpuLabels(t, instance.gpuIndex, labels);
            addScrapeLabels(hostOfGpu(instance.gpuIndex), scrapeJob, labels);
        }
        labels.emplace_back(QStringLiteral("GPU_I_ID"), QString::number(instance.instanceId));
        labels.emplace_back(QStringLiteral("GPU_I_PROFILE"), instance.profile);
    } else if (kind == EntityKind::Node && index < t.nodes.size()) {
        labels.emplace_back(kindLabel(kind), entityKeyName(t, { kind, index }));
        addScrapeLabels(t.nodes[index].hostname, scrapeJob, labels);
    } else {
        labels.emplace_back(kindLabel(kind), entityKeyName(t, { kind, index }));
    }
    // The protocol wants them sorted by name, in byte order as Prometheus compares them.
    std::sort(labels.begin(), labels.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    return labels;
}

namespace {

// Protocol Buffers' wire format, by hand for the hot path: a varint, a length-delimited field.
void putVarint(QByteArray &out, uint64_t v)
{
    while (v >= 0x80) {
        out.append(char(uint8_t(v) | 0x80));
        v >>= 7;
    }
    out.append(char(uint8_t(v)));
}

void putBytes(QByteArray &out, uint8_t tag, const QByteArray &bytes)
{
    out.append(char(tag));
    putVarint(out, uint64_t(bytes.size()));
    out.append(bytes);
}

// A TimeSeries' labels, as the fields they are on the wire (Label = 1 in TimeSeries).
QByteArray encodedLabels(const PromLabels &labels)
{
    QByteArray out;
    for (const auto &[name, value] : labels) {
        QByteArray label;
        putBytes(label, 0x0A, name.toUtf8()); // Label.name = 1
        putBytes(label, 0x12, value.toUtf8()); // Label.value = 2
        putBytes(out, 0x0A, label); // TimeSeries.labels = 1
    }
    return out;
}

} // namespace

void WriteRequestEncoder::setScrapeJob(const QString &job)
{
    if (job == m_scrapeJob)
        return;
    m_scrapeJob = job;
    m_topology.reset(); // the labels are made again at the next send
}

std::vector<QByteArray> WriteRequestEncoder::encode(const ClusterState &state, const QString &cluster,
                                                    int64_t staleAfterMs, size_t seriesPerRequest, size_t *samples,
                                                    std::vector<size_t> *perRequest)
{
    if (perRequest)
        perRequest->clear();
    std::vector<QByteArray> requests;
    size_t count = 0;
    const Topology *t = state.topology().get();
    if (samples)
        *samples = 0;
    if (!t)
        return requests;
    if (state.topology() != m_topology || cluster != m_cluster || m_labels.size() != state.columns().size()) {
        m_topology = state.topology();
        m_cluster = cluster;
        m_labels.assign(state.columns().size(), {});
        m_sent.assign(state.columns().size(), {});
    }
    const int64_t now = state.timeMs();
    QByteArray request, series;
    size_t inRequest = 0;
    for (size_t c = 0; c < state.columns().size(); ++c) {
        const MetricColumn &column = state.columns()[c];
        const size_t n = std::min(
            { column.values.size(), column.lastReadingMs.size(), wire::entityCount(*t, column.descriptor.entityKind) });
        std::vector<QByteArray> &labels = m_labels[c];
        if (labels.size() != n)
            labels.assign(n, {});
        std::vector<uint8_t> &sent = m_sent[c];
        if (sent.size() != n)
            sent.assign(n, 0);
        for (size_t i = 0; i < n; ++i) {
            const float v = column.values[i];
            const int64_t seen = column.lastReadingMs[i];
            const bool reading = !std::isnan(v) && seen > 0 && now - seen <= staleAfterMs;
            if (!reading && !sent[i])
                continue;
            sent[i] = reading; // a marker is sent once
            if (labels[i].isEmpty())
                labels[i] = encodedLabels(seriesLabels(*t, column.descriptor.name, column.descriptor.entityKind,
                                                       uint32_t(i), cluster, m_scrapeJob));
            // Sample { double value = 1; int64 timestamp = 2; }: 1 + 8 + 1 + varint.
            QByteArray sample;
            sample.append(char(0x09));
            static_assert(std::endian::native == std::endian::little, "protobuf's fixed64 is little-endian");
            if (reading) {
                const double value = double(v);
                sample.append(reinterpret_cast<const char *>(&value), 8);
            } else {
                const uint64_t marker = PrometheusStaleNaNBits;
                sample.append(reinterpret_cast<const char *>(&marker), 8);
            }
            sample.append(char(0x10));
            putVarint(sample, uint64_t(now));
            series = labels[i];
            putBytes(series, 0x12, sample); // TimeSeries.samples = 2
            putBytes(request, 0x0A, series); // WriteRequest.timeseries = 1
            ++count;
            if (++inRequest >= seriesPerRequest) {
                if (perRequest)
                    perRequest->push_back(inRequest);
                requests.push_back(std::move(request));
                request.clear();
                inRequest = 0;
            }
        }
    }
    if (inRequest) {
        if (perRequest)
            perRequest->push_back(inRequest);
        requests.push_back(std::move(request));
    }
    if (samples)
        *samples = count;
    return requests;
}

std::vector<QByteArray> encodeWriteRequests(const ClusterState &state, const QString &cluster, int64_t staleAfterMs,
                                            size_t seriesPerRequest, size_t *samples)
{
    WriteRequestEncoder encoder;
    return encoder.encode(state, cluster, staleAfterMs, seriesPerRequest, samples);
}

QByteArray snappyCompress(const QByteArray &raw)
{
    std::string out;
    snappy::Compress(raw.constData(), size_t(raw.size()), &out);
    return QByteArray(out.data(), qsizetype(out.size()));
}

std::optional<QByteArray> snappyUncompress(const QByteArray &compressed)
{
    std::string out;
    if (!snappy::Uncompress(compressed.constData(), size_t(compressed.size()), &out))
        return std::nullopt;
    return QByteArray(out.data(), qsizetype(out.size()));
}

RemoteWriter::RemoteWriter(RemoteWriteSettings settings)
    : m_settings(std::move(settings))
{
    m_encoder.setScrapeJob(m_settings.scrapeJob);
}

RemoteWriter::~RemoteWriter()
{
    stop();
}

QString RemoteWriter::start()
{
    if (QString error = m_settings.validate(); !error.isEmpty())
        return error;
    if (!m_settings.bufferDirectory.isEmpty()) {
        QDir dir(m_settings.bufferDirectory);
        if (!dir.mkpath(QStringLiteral(".")))
            return QStringLiteral("--remote-write-buffer: cannot create %1").arg(m_settings.bufferDirectory);
        // What a previous run could not send goes first, oldest first (the names count up).
        const QStringList left = dir.entryList({ QStringLiteral("*.rw") }, QDir::Files, QDir::Name);
        std::lock_guard lock(m_mutex);
        for (const QString &name : left) {
            QFile f(dir.filePath(name));
            if (!f.open(QIODevice::ReadOnly))
                continue;
            Batch batch;
            batch.body = f.readAll();
            batch.file = f.fileName();
            // name: <sequence>-<cluster ms>-<samples>.rw
            const QStringList parts = name.chopped(3).split(u'-');
            batch.timeMs = parts.value(1).toLongLong();
            batch.samples = size_t(parts.value(2).toULongLong());
            m_nextFile = std::max<uint64_t>(m_nextFile, parts.value(0).toULongLong() + 1);
            m_status.queuedBytes += batch.body.size();
            m_queue.push_back(std::move(batch));
        }
        m_status.queuedRequests = m_queue.size();
    }
    m_worker.start([this](std::stop_token stop) { run(stop); });
    return {};
}

void RemoteWriter::submit(const ClusterState &state)
{
    {
        std::lock_guard lock(m_mutex);
        // Each series' samples must rise in time: a state no newer than the last send is not sent.
        if (state.timeMs() <= m_lastSubmittedMs)
            return;
        m_lastSubmittedMs = state.timeMs();
    }
    const QString cluster = !m_settings.clusterLabel.isEmpty() ? m_settings.clusterLabel
        : state.topology()                                     ? state.topology()->clusterName
                                                               : QString();
    size_t samples = 0;
    std::vector<QByteArray> requests;
    std::vector<size_t> perRequest;
    {
        std::lock_guard lock(m_encodeMutex);
        requests = m_encoder.encode(state, cluster, m_settings.staleAfter.count(), m_settings.seriesPerRequest,
                                    &samples, &perRequest);
    }
    for (size_t r = 0; r < requests.size(); ++r) {
        Batch batch;
        batch.body = snappyCompress(requests[r]);
        batch.timeMs = state.timeMs();
        batch.samples = perRequest[r];
        push(std::move(batch));
    }
}

void RemoteWriter::push(Batch batch)
{
    std::unique_lock lock(m_mutex);
    if (!m_settings.bufferDirectory.isEmpty()) {
        const QString name = QStringLiteral("%1-%2-%3.rw")
                                 .arg(m_nextFile++, 12, 10, QLatin1Char('0'))
                                 .arg(batch.timeMs)
                                 .arg(batch.samples);
        QSaveFile f(QDir(m_settings.bufferDirectory).filePath(name));
        if (f.open(QIODevice::WriteOnly) && f.write(batch.body) == batch.body.size() && f.commit())
            batch.file = f.fileName();
        else
            m_status.lastError
                = QStringLiteral("cannot write to %1: kept in memory only").arg(m_settings.bufferDirectory);
    }
    m_status.queuedBytes += batch.body.size();
    m_queue.push_back(std::move(batch));
    // Bounded: the oldest make room, and what they held is a gap in the database.
    while (m_status.queuedBytes > m_settings.bufferBytes && m_queue.size() > 1) {
        Batch &old = m_queue.front();
        m_status.samplesDropped += old.samples;
        m_status.gapFromMs = m_status.gapFromMs ? std::min(m_status.gapFromMs, old.timeMs) : old.timeMs;
        m_status.gapToMs = std::max(m_status.gapToMs, old.timeMs);
        m_status.queuedBytes -= old.body.size();
        if (!old.file.isEmpty())
            QFile::remove(old.file);
        m_queue.pop_front();
    }
    m_status.queuedRequests = m_queue.size();
    lock.unlock();
    m_wake.notify_all();
}

bool RemoteWriter::sendOne(const Batch &batch, QString &error, bool &retry)
{
    const HttpResponse r = httpPost(m_settings.url, batch.body,
                                    { QByteArrayLiteral("Content-Type: application/x-protobuf"),
                                      QByteArrayLiteral("Content-Encoding: snappy"),
                                      QByteArrayLiteral("X-Prometheus-Remote-Write-Version: 0.1.0") },
                                    m_settings.http);
    if (r.error.isEmpty())
        return true;
    error = r.error;
    // Down, slow, overloaded or failing: try again later. Any other refusal will not change.
    retry = r.status == 0 || r.status == 429 || r.status >= 500;
    return false;
}

void RemoteWriter::run(std::stop_token stop)
{
    using namespace std::chrono;
    milliseconds backoff(500);
    std::unique_lock lock(m_mutex);
    while (true) {
        m_wake.wait(lock, stop, [this] { return !m_queue.empty(); });
        if (m_queue.empty()) {
            m_drained.notify_all();
            if (stop.stop_requested())
                return;
            continue;
        }
        const Batch batch = m_queue.front();
        lock.unlock();
        QString error;
        bool retry = false;
        const bool sent = sendOne(batch, error, retry);
        lock.lock();
        const bool stillFront = !m_queue.empty() && m_queue.front().body.constData() == batch.body.constData();
        if (sent || !retry) {
            if (sent) {
                ++m_status.requestsSent;
                m_status.samplesSent += batch.samples;
                m_status.bytesSent += uint64_t(batch.body.size());
                m_status.lastSentMs = wallNowMs();
                m_status.lastError.clear();
            } else {
                ++m_status.requestsRefused;
                m_status.samplesDropped += batch.samples;
                m_status.lastError = error;
            }
            if (stillFront) {
                m_status.queuedBytes -= batch.body.size();
                if (!batch.file.isEmpty())
                    QFile::remove(batch.file);
                m_queue.pop_front();
                m_status.queuedRequests = m_queue.size();
            }
            backoff = milliseconds(500);
            if (m_queue.empty())
                m_drained.notify_all();
            continue;
        }
        m_status.lastError = error;
        if (stop.stop_requested())
            return; // what is left stays in the buffer directory for the next run
        m_wake.wait_for(lock, stop, backoff, [] { return false; });
        backoff = std::min<milliseconds>(backoff * 2, seconds(30));
    }
}

bool RemoteWriter::flush(std::chrono::milliseconds wait)
{
    std::unique_lock lock(m_mutex);
    return m_drained.wait_for(lock, wait, [this] { return m_queue.empty(); });
}

void RemoteWriter::stop()
{
    // What is queued is still sent (until the endpoint fails): only its waits end at once.
    m_worker.stop();
}

RemoteWriteStatus RemoteWriter::status() const
{
    std::lock_guard lock(m_mutex);
    return m_status;
}

} // namespace vigil
