// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/periodicworker.h"
#include "domain/telemetrysource.h"
#include "sources/dcgmmapper.h"
#include "sources/httpclient.h"
#include "sources/scrapewatch.h"
#include "sources/xidmerger.h"

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
    QString names; // dcgm: the exporter generations whose names it wrote, as last scraped (DcgmSource)
};

// A real source feeding a sink (the gateway's journal) on its own thread: each kind of
// source is a small class of its own (dcgmsource.h, prometheussource.h, kernellogsource.h,
// traininglogsource.h), made by make() from its spec. This base keeps what they share:
// the spec, the worker that polls every interval, the counters and what is said of them.
class BridgeSource : public TelemetrySource
{
public:
    using Logger = std::function<void(const QString &)>;

    // The source a spec asks for. Sources that both see Xids (kernel logs, dcgm) share
    // `xids`, so that each Xid is one event; exporters scraped share `latencies`, so that each
    // is judged slow against the others (ScrapeWatch).
    static std::unique_ptr<BridgeSource> make(BridgeSpec spec, TelemetrySink &sink, Logger log = {},
                                              std::shared_ptr<XidMerger> xids = {},
                                              std::shared_ptr<ScrapeLatencies> latencies = {});
    ~BridgeSource() override;

    // Starts the source's own thread. An http(s) dcgm source can instead be polled by a
    // ScrapeGroup with others, on one thread (groupScrape()).
    void start() override;
    void stop() override;
    // One poll on the calling thread (what the worker does every interval).
    virtual void pollOnce() = 0;
    // The source as a ScrapeGroup polls it, when it can be polled with others; else null.
    virtual class DcgmSource *groupScrape() { return nullptr; }
    // Whether the last poll read the source: something came of it, or (a log with nothing
    // new) it could be read without an error.
    virtual bool wasRead() const;

    BridgeCounters counters() const;
    const BridgeSpec &spec() const { return m_spec; }
    void countPoll();

protected:
    BridgeSource(BridgeSpec spec, TelemetrySink &sink, Logger log);

    // Said once, in the log, until something else is said: a source that keeps sending
    // the same bad line is one message, not one a poll.
    void report(const QString &message);
    // Each distinct rejection once (the first 20), with how often it came back.
    void keepRejections(const QStringList &reasons);
    // A rejection of one record: counted, kept and said.
    void reject(const QString &why);
    void count(const ParseStats &before, const ParseStats &after);
    // count(), with the rejections among them kept and the last said.
    void countParsed(const ParseStats &before, const ParseStats &after);
    void countSkipped(uint64_t n);
    void setUnknownField(const QString &name, UnknownField field);
    void setUnknownFields(const std::map<QString, UnknownField> &fields);
    void setNames(const QString &names);
    // Readings into the sink as one Samples message, one sparse block per metric.
    void appendReadings(int64_t timeMs, std::vector<GpuReading> &readings);
    void appendEvents(std::vector<Event> &&events);

    const BridgeSpec m_spec;
    TelemetrySink &m_sink;
    const Logger m_log;

private:
    mutable std::mutex m_mutex;
    BridgeCounters m_counters;
    PeriodicWorker m_worker; // each final class stops it first, before its own members go
};

// The wall clock, in ms: when a reading without a time of its own was read.
int64_t wallClockMs();

// One read of a dcgm source's exposition text (an exporter's page or file, or the series
// read back from a query API), for the DcgmSurvey and --check-sources.
QByteArray readDcgmText(const BridgeSpec &spec, QString *error);

} // namespace vigil
