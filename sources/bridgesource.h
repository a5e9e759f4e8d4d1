// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/periodicworker.h"
#include "domain/telemetrysource.h"
#include "sources/dcgmmapper.h"
#include "sources/httpclient.h"
#include "sources/kernellog.h"
#include "sources/tensorboard.h"
#include "sources/traininglog.h"
#include "sources/xidmerger.h"

#include <QJsonObject>
#include <QString>

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

namespace vigil {

// Where a bridge reads from (docs/sources.md).
struct BridgeSpec
{
    enum class Kind
    {
        Dcgm,
        KernelLog,
        TrainingLog,
        Prometheus // dcgm-exporter's series, read back from a Prometheus-compatible query API
    };
    Kind kind = Kind::Dcgm;
    QString location; // http://host:9400/metrics, or a file path
    QString host; // dcgm: hostname for samples without a Hostname label; kernel log: the node it came from
    QString jobId; // training log: job for lines without a "job" field
    std::chrono::milliseconds interval { 1000 };
    HttpOptions http; // for http:// and https:// locations: credentials, CA, bounds
    QString hostLabel; // prometheus: the label naming the node (default Hostname, else instance)
    double historyHours = 0; // prometheus: how far back to read at start
    int64_t atMs = 0; // prometheus: instant queries (the layout, the live poll) as of this time; 0: now
    // prometheus, with atMs: the layout also takes every GPU with a series from this time on
    // (a GPU gone before atMs is laid out, with no reading then); 0: only those there at atMs.
    int64_t layoutSinceMs = 0;
    // Logs: where read positions (inode and offset) are kept, so that a restart reads
    // only what is new. Empty: every start reads the file from its beginning.
    QString positionsDirectory;

    // "[host=]URL|FILE" for --dcgm and --kernel-log, "[job=]FILE" for --training-log, "URL" for --prometheus.
    static BridgeSpec fromArgument(Kind kind, const QString &argument);
    QString describe() const;
    // dcgm-exporter's readings, scraped or read back from Prometheus.
    bool readsDcgm() const { return kind == Kind::Dcgm || kind == Kind::Prometheus; }
};

// A past span read from a Prometheus-compatible query API (PrometheusSpanRead).
struct PrometheusSpanRead
{
    size_t instants = 0; // distinct times that held DCGM series
    size_t queries = 0; // range queries made, splits included
    size_t splits = 0; // queries the server refused for their size, asked again in halves
    uint64_t points = 0; // readings the answers held (one a series a step)
    // Stretches no answer covers (the server down, a chunk it refused even at one step),
    // each with why: gaps in what is made of the span, never silently missing.
    struct Missing
    {
        int64_t fromMs;
        int64_t toMs;
        QString reason;
    };
    std::vector<Missing> missing;
    QString error; // the span could not be read at all (the server cannot be reached, no DCGM series)
    bool cancelled = false;
};

// What a bridge has done so far, for its log line and for tests.
struct BridgeCounters
{
    uint64_t polls = 0;
    int64_t lastPollMs = 0; // wall clock of the last poll
    uint64_t samples = 0; // readings that entered the journal
    uint64_t events = 0; // events that entered the journal
    uint64_t skipped = 0; // valid input of no interest (comments, unmapped fields, blanks)
    uint64_t rejected = 0; // bad input, counted and dropped
    QString lastError;
    // Each distinct rejection ("line N: why") once, the first 20 met since the source started, with
    // how often it came back and when last: an exporter that serves the same bad line every scrape
    // is one problem, not one row a poll.
    struct Rejection
    {
        QString why;
        uint64_t times = 0;
        int64_t lastSeenMs = 0; // wall clock
    };
    std::vector<Rejection> rejections;
    QStringList rejectionReasons() const;
    std::map<QString, UnknownField> unknownFields; // dcgm: fields the stream has no metric for, as last scraped
};

// A real source feeding a sink (the gateway's journal) on its own thread: scrapes
// dcgm-exporter (URL or file) every interval, or tails a kernel log or a
// training log, maps what it reads onto the topology, and appends it.
class BridgeSource final : public TelemetrySource
{
public:
    using Logger = std::function<void(const QString &)>;

    // Sources that both see Xids (kernel logs, dcgm) share `xids`, so each Xid is one event.
    BridgeSource(BridgeSpec spec, TelemetrySink &sink, Logger log = {}, std::shared_ptr<XidMerger> xids = {});
    ~BridgeSource() override;

    // Starts the source's own thread. An http(s) dcgm source can instead be polled by a
    // ScrapeGroup with others, on one thread.
    void start() override;
    void stop() override;
    // One poll on the calling thread (what the worker does every interval).
    void pollOnce();
    BridgeCounters counters() const;
    const BridgeSpec &spec() const { return m_spec; }

    // dcgm over HTTP: the request a poll makes, and what is done with its answer.
    HttpRequest scrapeRequest() const { return { m_spec.location, m_spec.http }; }
    void ingestScrape(const HttpResponse &response, int64_t nowMs);
    void countPoll();

    // Prometheus: every instant of [fromMs, toMs] at stepMs, mapped in time order as if
    // scraped then, into the sink. Planned under the server's limits, and a query refused
    // for its size is asked again in halves. `progress` (share done) returning false stops.
    PrometheusSpanRead readPrometheusSpan(int64_t fromMs, int64_t toMs, int64_t stepMs,
                                          const std::function<bool(double)> &progress = {});

private:
    void mapScrape(QByteArrayView text, int64_t nowMs);
    void readPrometheusHistory(int64_t nowMs);
    QString positionPath() const;
    void loadPosition();
    void savePosition(qint64 completeOffset, const QByteArray &tail);
    // Keeps where a log was read to (with its location) in the positions directory, if any.
    void writePosition(QJsonObject position);
    void pollTail(int64_t nowMs);
    void pollTensorBoard(int64_t nowMs);
    void appendReadings(int64_t timeMs, std::vector<GpuReading> &readings);
    void appendEvents(std::vector<Event> &&events);
    // dcgm: Xid events wait a moment, then go on unless the kernel log reported them.
    void holdXids(std::vector<Event> &events, int64_t nowMs);
    void handleXids(std::vector<XidRecord> &&records, int64_t nowMs);
    // An NVSwitch's SXid as an event on the switch, or nothing (counted and said) when the topology lacks it.
    std::optional<Event> sxidEvent(const XidRecord &r, const QString &host, int64_t nowMs);
    void handleTraining(std::vector<TrainingRecord> &&records, int64_t nowMs);
    void count(const ParseStats &before, const ParseStats &after);
    void keepRejections(const QStringList &reasons);
    void report(const QString &message);

    BridgeSpec m_spec;
    TelemetrySink &m_sink;
    Logger m_log;
    std::unique_ptr<DcgmMapper> m_dcgm;
    DcgmMapper::Result m_mapped; // kept between polls: its buffers are reused
    bool m_historyRead = false;
    KernelLogParser m_kernel; // syslog lines carry no year: this one is assumed
    TrainingLogParser m_training;
    std::unique_ptr<TensorBoardRun> m_tensorboard; // a training log that is a TensorBoard run directory
    qint64 m_offset = 0;
    uint64_t m_inode = 0; // of the file m_offset is in: another inode at the path is a rotation
    std::map<QString, uint32_t> m_gpuByHostPci;
    std::map<QString, std::vector<uint32_t>> m_gpusByPci;
    std::map<QString, uint32_t> m_nvSwitchByHostPci; // "host/pci" -> switch

    std::map<QString, uint32_t> m_jobById;
    // Where each job's training log stands, to see a run go back to a checkpoint.
    struct LoggedSteps
    {
        int64_t last = -1; // the last step logged (or the checkpoint step it resumed from)
        int64_t interval = 0; // between the last two steps logged going forward
        // A checkpoint loaded on a line with no time of its own (Megatron prints none there):
        // the rollback waits for the next line that has one, the first step trained again.
        std::optional<int64_t> restoredUntimed;
        int64_t stepsAgain = 0;
        uint64_t restoredLine = 0;
    };
    std::map<uint32_t, LoggedSteps> m_stepsOfJob;
    std::shared_ptr<XidMerger> m_xids;
    struct HeldXid
    {
        int64_t releaseMs;
        Event event;
    };
    std::vector<HeldXid> m_heldXids; // dcgm's Xids, waiting a moment for the kernel log's // training logs: to see a
                                     // run go back to a checkpoint

    mutable std::mutex m_mutex;
    BridgeCounters m_counters;
    PeriodicWorker m_worker; // last: stopped before the rest goes
};

// Polls many http(s) dcgm-exporter sources on one thread (libcurl's multi interface):
// every interval, each exporter whose last scrape has come back is asked again, and each
// answer is mapped as soon as it arrives. A slow exporter is asked less often; it never
// holds up the others.
class ScrapeGroup final : public TelemetrySource
{
public:
    ScrapeGroup(std::vector<BridgeSource *> sources, std::chrono::milliseconds interval);
    ~ScrapeGroup() override;
    void start() override;
    void stop() override;
    // One scrape of every exporter, waiting for all (tests, --check-sources).
    void pollOnce();

private:
    void run(std::stop_token stop);

    std::vector<BridgeSource *> m_sources;
    std::chrono::milliseconds m_interval;
    Worker m_worker; // last: stopped before what it uses goes
};

// What the dcgm-exporter sources (scraped, or read back from Prometheus) report at
// start-up, each read once: their GPUs by host and index (UUID, model, PCI id, serial,
// driver), the MIG instances on them (GPU_I_ID, GPU_I_PROFILE), and every field they
// report for whole GPUs and for GPU instances, with its help text. The topology and
// the stream's dictionary are laid out from it.
class DcgmSurvey
{
public:
    struct FoundGpu
    {
        QString uuid;
        QString model;
        QString pciBusId;
        QString serial;
        QString driverVersion;
        std::map<uint32_t, QString> instances; // GPU_I_ID -> GPU_I_PROFILE
    };
    struct FoundField
    {
        QString help;
        QString type;
        bool perGpu = false; // on samples of a whole GPU
        bool perInstance = false; // on samples of a MIG instance
    };
    using Inventory = std::map<QString, std::map<uint32_t, FoundGpu>>; // host -> index; sorted: stable layouts

    static DcgmSurvey read(const std::vector<BridgeSpec> &sources);

    QStringList errors; // "source: problem", per source that could not be read

private:
    friend Topology deriveTopologyFromDcgm(const DcgmSurvey &, QString *);
    friend size_t addUnplacedGpus(Topology &, const DcgmSurvey &, QString *);
    friend size_t addGpuInstances(Topology &, const DcgmSurvey &, QString *);
    friend std::vector<MetricDescriptor> metricsForDcgm(const DcgmSurvey &, std::vector<MetricDescriptor>);

    QString m_firstLocation;
    Inventory m_hosts;
    std::map<QString, FoundField> m_fields;
};

// The stream's metrics: `base`, then every DCGM field with a GPU identity the survey
// found that `base` lacks, known fields under DCGM's name and unit and others with
// the exposition's own help text; fields of MIG instances once more, as metrics of
// the GPU instance.
std::vector<MetricDescriptor> metricsForDcgm(const DcgmSurvey &survey, std::vector<MetricDescriptor> base);

// Lays out a topology from the sources' labels: one node per Hostname, its GPUs by
// index with their UUIDs, eight nodes to a rack. Used when no topology file is given.
Topology deriveTopologyFromDcgm(const DcgmSurvey &survey, QString *error);

// Adds the GPUs the sources report that `topology` does not know (by UUID or host and
// index) to an "Unplaced" hall, racks marked Placement::Unplaced, so they are shown and
// counted rather than dropped. Returns how many GPUs were added.
size_t addUnplacedGpus(Topology &topology, const DcgmSurvey &survey, QString *error);

// Adds the MIG instances the sources report on the topology's GPUs, each an entity
// under its GPU. Returns how many were added.
size_t addGpuInstances(Topology &topology, const DcgmSurvey &survey, QString *error);

} // namespace vigil
