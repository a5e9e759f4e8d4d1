// SPDX-License-Identifier: GPL-3.0-or-later
#include "backfill/tsdbhistory.h"

#include "domain/commandlineoption.h"
#include "recording/recorder.h"
#include "sources/prometheussource.h"
#include "sources/sourcelayout.h"
#include "sources/topologyfile.h"

#include "vigil/v1/telemetry.pb.h"

#include <QCoreApplication>
#include <QDateTime>

namespace vigil {

namespace {

constexpr int64_t MaxSteps = 5'000'000; // a month at half a second: more is a mistake in the step
constexpr int64_t FlushEverySteps = 2000; // the recorder's queue stays small while the server answers fast

// What a bridge reads, handed to a recorder as if it had come down the stream.
class RecorderSink final : public TelemetrySink
{
public:
    RecorderSink(Recorder &recorder, std::shared_ptr<const Topology> topology, std::vector<MetricDescriptor> metrics)
        : m_recorder(recorder)
        , m_topology(std::move(topology))
        , m_metrics(std::move(metrics))
    { }
    const std::shared_ptr<const Topology> &topology() const override { return m_topology; }
    const std::vector<MetricDescriptor> &metrics() const override { return m_metrics; }
    uint64_t appendSamples(std::vector<v1::Samples> &&samples) override
    {
        for (v1::Samples &s : samples)
            m_recorder.addSamples(std::move(s));
        m_seq += samples.size();
        return m_seq;
    }
    uint64_t appendEvents(std::vector<Event> events, std::vector<uint64_t> *assignedIds) override
    {
        if (events.empty())
            return 0;
        if (assignedIds)
            assignedIds->assign(events.size(), 0); // the recording numbers them
        m_recorder.addEvents(std::move(events));
        return ++m_seq;
    }

private:
    Recorder &m_recorder;
    std::shared_ptr<const Topology> m_topology;
    std::vector<MetricDescriptor> m_metrics;
    uint64_t m_seq = 0;
};

QString utc(int64_t ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss 'UTC'"));
}

} // namespace

QString checkTsdbHistoryRequest(const TsdbHistoryRequest &r)
{
    if (r.source.kind != BridgeSpec::Kind::Prometheus || r.source.location.isEmpty())
        return QStringLiteral("which Prometheus-compatible query API? (an http:// or https:// address)");
    if (r.recordingPath.isEmpty())
        return QStringLiteral("which recording to write?");
    if (r.stepMs < 1000 || r.stepMs > 86400000)
        return QStringLiteral("the step must be from 1 s to a day, not %1 s").arg(double(r.stepMs) / 1000.0);
    if (r.fromMs <= 0 || r.toMs <= r.fromMs)
        return QStringLiteral("the span must end after it starts (%1 to %2)").arg(utc(r.fromMs), utc(r.toMs));
    if ((r.toMs - r.fromMs) / r.stepMs + 1 > MaxSteps)
        return QStringLiteral("%1 steps of %2 s is more than %3: take a longer step or a shorter span")
            .arg((r.toMs - r.fromMs) / r.stepMs + 1)
            .arg(double(r.stepMs) / 1000.0)
            .arg(MaxSteps);
    return {};
}

TsdbHistoryOutcome recordTsdbHistory(const TsdbHistoryRequest &request, const std::function<bool(double)> &progress,
                                     const std::function<void(const QString &)> &log)
{
    TsdbHistoryOutcome outcome;
    if (QString invalid = checkTsdbHistoryRequest(request); !invalid.isEmpty()) {
        outcome.error = invalid;
        return outcome;
    }
    // Laid out as the cluster stood at the span's end (the fields, and the GPUs and instances
    // then), with every GPU and instance that reported during the span.
    BridgeSpec source = request.source;
    source.atMs = request.toMs;
    source.layoutSinceMs = request.fromMs; // and the GPUs gone before then, so their gap shows
    source.interval = std::chrono::milliseconds(request.stepMs); // counters' warnings are judged per step
    source.historyHours = 0;
    std::shared_ptr<const Topology> topology = request.topology;
    std::vector<MetricDescriptor> metrics = standardMetrics();
    if (QString error = layoutSources({ source }, topology, metrics, log); !error.isEmpty()) {
        outcome.error = QStringLiteral("%1 as of %2: %3").arg(source.location, utc(request.toMs), error);
        return outcome;
    }
    if (!topology || topology->gpus.empty()) {
        outcome.error = QStringLiteral("%1 holds no DCGM series as of %2").arg(source.location, utc(request.toMs));
        return outcome;
    }
    outcome.gpus = topology->gpus.size();

    RecorderOptions options;
    options.path = request.recordingPath;
    options.retention.reset(); // the step asked for is the resolution wanted, however old
    Recorder recorder(options);
    if (QString error = recorder.start(); !error.isEmpty()) {
        outcome.error = error;
        return outcome;
    }
    recorder.setLayout(topology, metrics);
    RecorderSink sink(recorder, topology, metrics);
    PrometheusSource bridge(source, sink, log);
    int64_t flushedAt = 0;
    const int64_t steps = (request.toMs - request.fromMs) / request.stepMs + 1;
    outcome.read = bridge.readPrometheusSpan(request.fromMs, request.toMs, request.stepMs, [&](double share) {
        // Between range queries: what was read is committed before the next is asked for.
        if (int64_t(share * double(steps)) - flushedAt >= FlushEverySteps) {
            recorder.flush();
            flushedAt = int64_t(share * double(steps));
        }
        return !progress || progress(share);
    });
    for (const PrometheusSpanRead::Missing &m : outcome.read.missing)
        recorder.addGap(m.fromMs, m.toMs + request.stepMs,
                        QStringLiteral("not in %1: %2").arg(source.location, m.reason));
    if (request.bookmarks) {
        std::vector<Event> notes = request.bookmarks(request.fromMs, request.toMs, &outcome.bookmarksError);
        // Each is recorded at the instant it marks: it may have been written months later, and
        // the recording spans what was asked for. When it was written stays in the shared
        // audit trail.
        for (Event &note : notes)
            note.timeMs = note.aboutMs;
        outcome.bookmarks = notes.size();
        recorder.addEvents(std::move(notes));
    }
    recorder.stop();
    const RecorderStatus status = recorder.status();
    outcome.frames = status.frames;
    outcome.events = status.events;
    if (!outcome.read.error.isEmpty())
        outcome.error = QStringLiteral("%1: %2").arg(source.location, outcome.read.error);
    else if (status.state == RecorderStatus::State::Failed || status.state == RecorderStatus::State::Paused)
        outcome.error = status.message;
    return outcome;
}

QString tsdbHistoryRequestFromCommandLine(const QCommandLineParser &parser, TsdbHistoryRequest &request)
{
    request.source
        = BridgeSpec::fromArgument(BridgeSpec::Kind::Prometheus, parser.value(QStringLiteral("from-prometheus")));
    request.source.hostLabel = parser.value(QStringLiteral("host-label"));
    QString invalid;
    if (parser.isSet(QStringLiteral("query-timeout"))) {
        const std::optional<double> timeout
            = numberOption(parser, QStringLiteral("query-timeout"), 1, 3600,
                           QCoreApplication::translate("main", "a number of seconds"), &invalid);
        if (!timeout)
            return invalid;
        request.source.http.timeout = std::chrono::milliseconds(int64_t(*timeout * 1000.0));
    }
    const std::optional<double> step = numberOption(
        parser, QStringLiteral("step"), 1, 86400, QCoreApplication::translate("main", "a number of seconds"), &invalid);
    if (!step)
        return invalid;
    request.stepMs = int64_t(*step * 1000.0);
    if (parser.isSet(QStringLiteral("topology"))) {
        const TopologyFile file = TopologyFile::read(parser.value(QStringLiteral("topology")));
        if (!file.error.isEmpty())
            return QStringLiteral("--topology: ") + file.error;
        request.topology = std::make_shared<const Topology>(file.topology);
    }
    return {};
}

QString describeTsdbHistory(const TsdbHistoryOutcome &o)
{
    QString line = QStringLiteral("%1 frames of %2 GPUs and %3 events in %4 range queries")
                       .arg(o.frames)
                       .arg(o.gpus)
                       .arg(o.events)
                       .arg(o.read.queries);
    if (o.read.splits)
        line += QStringLiteral(" (%1 asked again in halves, refused for their size)").arg(o.read.splits);
    if (o.bookmarks)
        line += QStringLiteral("; %1 bookmarks shared by the NOC").arg(o.bookmarks);
    if (!o.bookmarksError.isEmpty())
        line += QStringLiteral("; the NOC's bookmarks could not be had: %1").arg(o.bookmarksError);
    if (!o.read.missing.empty())
        line += QStringLiteral("; %1 stretches not there, recorded as gaps (first: %2 from %3)")
                    .arg(o.read.missing.size())
                    .arg(o.read.missing.front().reason, utc(o.read.missing.front().fromMs));
    if (o.read.cancelled)
        line += QStringLiteral("; cancelled: what was read is kept");
    return line;
}

} // namespace vigil
