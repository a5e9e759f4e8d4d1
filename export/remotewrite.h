// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/clusterstate.h"
#include "domain/periodicworker.h"
#include "sources/httpclient.h"

#include <QByteArray>
#include <QString>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace vigil {

// Where and how the gateway sends its telemetry to a Prometheus-compatible
// remote-write 1.0 endpoint (Prometheus with --web.enable-remote-write-receiver,
// VictoriaMetrics, Mimir, Thanos receive, …).
struct RemoteWriteSettings
{
    QString url; // http(s)://host:port/api/v1/write
    HttpOptions http; // bearer token or basic auth, CA, client certificate, timeout
    // Every series is sent this often, the way an exporter is scraped: a series not sent
    // for five minutes reads as gone in PromQL.
    std::chrono::milliseconds interval { 15000 };
    size_t seriesPerRequest = 20000; // about 1 MB of protobuf a request before compression
    // Where requests wait while the endpoint cannot take them (kept across restarts); empty:
    // in memory only. Either way at most `bufferBytes`; beyond it the oldest are dropped and
    // reported as a gap.
    QString bufferDirectory;
    qint64 bufferBytes = qint64(256) << 20;
    // Readings older than this at a send are not sent again: a GPU that fell silent goes stale
    // in the database as it does on the map.
    std::chrono::milliseconds staleAfter { 300000 };
    QString clusterLabel; // the `cluster` label; empty: the topology's cluster name
    // The `job` label of GPU and node series, as the scrape job that reads an exporter names
    // them; with `instance` (the node) it lets dcgm-exporter's dashboards pick a node.
    QString scrapeJob = QStringLiteral("dcgm-exporter");

    QString validate() const; // empty when the settings make sense
};

// The labels dcgm-exporter gives a GPU's series (gpu, UUID, device, modelName,
// Hostname, pci_bus_id; GPU_I_ID and GPU_I_PROFILE for a MIG instance), so that a
// site's dcgm-exporter dashboards read Vigil's series unchanged; other entities
// carry their kind and name (rack="A01-R03", pdu=…). Sorted by name, `__name__` first.
using PromLabels = std::vector<std::pair<QString, QString>>;
PromLabels seriesLabels(const Topology &topology, const QString &metric, EntityKind kind, uint32_t index,
                        const QString &cluster, const QString &scrapeJob = QStringLiteral("dcgm-exporter"));

// One send of the state: every (metric, entity) with a reading no older than `staleAfterMs`,
// at the state's time, as remote-write requests of at most `seriesPerRequest` series each
// (protobuf, not yet compressed). Each series' labels are encoded once per topology and
// kept: a send only adds its value and time. `samples` gets how many samples they hold.
// A series sent before that has no reading now (stale, or NaN) gets Prometheus's staleness
// marker once, as a scrape that lost a target would write: without it PromQL would go on
// answering its last value for five minutes, a reading that was never taken.
class WriteRequestEncoder
{
public:
    // The `job` label of GPU and node series (RemoteWriteSettings::scrapeJob).
    void setScrapeJob(const QString &job);
    // `perRequest`, when given, gets each request's samples.
    std::vector<QByteArray> encode(const ClusterState &state, const QString &cluster, int64_t staleAfterMs,
                                   size_t seriesPerRequest, size_t *samples, std::vector<size_t> *perRequest = nullptr);

private:
    std::shared_ptr<const Topology> m_topology;
    QString m_cluster;
    QString m_scrapeJob = QStringLiteral("dcgm-exporter");
    std::vector<std::vector<QByteArray>> m_labels; // by column, by entity: the encoded Label fields
    std::vector<std::vector<uint8_t>> m_sent; // by column, by entity: sent a value last time
};

// The value Prometheus stores to end a series (a NaN of its own: value.StaleNaN).
constexpr uint64_t PrometheusStaleNaNBits = 0x7ff0000000000002ull;

// The same, without keeping the labels (for one send).
std::vector<QByteArray> encodeWriteRequests(const ClusterState &state, const QString &cluster, int64_t staleAfterMs,
                                            size_t seriesPerRequest, size_t *samples);

// Snappy's block format, as remote write wants it.
QByteArray snappyCompress(const QByteArray &raw);
std::optional<QByteArray> snappyUncompress(const QByteArray &compressed);

// What the writer has done, for the gateway's sources list and the logs.
struct RemoteWriteStatus
{
    uint64_t requestsSent = 0;
    uint64_t samplesSent = 0;
    uint64_t bytesSent = 0; // compressed, as on the wire
    uint64_t requestsRefused = 0; // 4xx other than 429: dropped, their samples lost
    uint64_t samplesDropped = 0; // the buffer overflowed, or the endpoint refused them
    size_t queuedRequests = 0;
    qint64 queuedBytes = 0;
    int64_t lastSentMs = 0; // wall clock of the last request taken
    int64_t gapFromMs = 0, gapToMs = 0; // cluster time of what was dropped for want of room (0: none)
    QString lastError; // empty once a request goes through again
};

// Sends remote-write requests from a bounded buffer on a thread of its own:
// batched, retried with exponential backoff (0.5 s to 30 s) while the endpoint
// is down, slow or answering 5xx or 429, dropped (and counted) when it refuses
// one with another 4xx. With a buffer directory the queue survives a restart.
class RemoteWriter
{
public:
    explicit RemoteWriter(RemoteWriteSettings settings);
    ~RemoteWriter();
    RemoteWriter(const RemoteWriter &) = delete;
    RemoteWriter &operator=(const RemoteWriter &) = delete;

    // Loads what a previous run left in the buffer directory and starts sending; an error
    // names what is wrong (the settings, the directory).
    QString start();
    // Encodes one send of the state and queues it. Any thread.
    void submit(const ClusterState &state);
    // Sends what is queued, up to `wait`; true when the queue emptied.
    bool flush(std::chrono::milliseconds wait);
    void stop();
    RemoteWriteStatus status() const;
    const RemoteWriteSettings &settings() const { return m_settings; }

private:
    struct Batch
    {
        QByteArray body; // snappy-compressed WriteRequest
        size_t samples = 0;
        int64_t timeMs = 0; // the cluster time it holds
        QString file; // in the buffer directory; empty: memory only
    };
    void push(Batch batch);
    void run(std::stop_token stop);
    bool sendOne(const Batch &batch, QString &error, bool &retry);

    RemoteWriteSettings m_settings;
    mutable std::mutex m_mutex;
    std::condition_variable_any m_wake; // the sender's waits, which a stop ends
    std::condition_variable m_drained; // flush()'s
    std::deque<Batch> m_queue;
    WriteRequestEncoder m_encoder; // under m_encodeMutex
    std::mutex m_encodeMutex;
    RemoteWriteStatus m_status;
    uint64_t m_nextFile = 0;
    int64_t m_lastSubmittedMs = 0;
    Worker m_worker; // last: stopped before what it uses goes
};

} // namespace vigil
