// SPDX-License-Identifier: GPL-3.0-or-later
#include "sources/bridgesource.h"

#include "sources/dcgmsource.h"
#include "sources/kernellogsource.h"
#include "sources/prometheussource.h"
#include "sources/traininglogsource.h"

#include "vigil/v1/telemetry.pb.h"

#include <QDateTime>
#include <QFile>
#include <QUrl>

#include <chrono>

namespace vigil {

int64_t wallClockMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

BridgeSpec BridgeSpec::fromArgument(Kind kind, const QString &argument)
{
    BridgeSpec spec;
    spec.kind = kind;
    spec.location = argument;
    const qsizetype equals = argument.indexOf(u'=');
    const qsizetype scheme = argument.indexOf(QLatin1String("://"));
    if (equals > 0 && (scheme < 0 || equals < scheme)) {
        (kind == Kind::TrainingLog ? spec.jobId : spec.host) = argument.left(equals);
        spec.location = argument.mid(equals + 1);
    }
    // A query API surveying a large fleet answers in tens of seconds (17–23 s for 100k GPUs on
    // VictoriaMetrics), not in a scrape's five.
    if (kind == Kind::Prometheus)
        spec.http.timeout = std::chrono::seconds(60);
    // An exporter's samples name their node by their Hostname label; without one, by the
    // host= given, or else by the host the exporter is scraped at (one exporter a node).
    if (kind == Kind::Dcgm && spec.host.isEmpty()) {
        const QUrl url(spec.location);
        if ((url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https")) && !url.host().isEmpty())
            spec.host = url.host();
    }
    return spec;
}

QString BridgeSpec::describe() const
{
    switch (kind) {
    case Kind::Dcgm:
        return QStringLiteral("dcgm-exporter %1").arg(location);
    case Kind::KernelLog:
        return QStringLiteral("kernel log %1").arg(location);
    case Kind::TrainingLog:
        return QStringLiteral("training log %1").arg(location);
    case Kind::Prometheus:
        return QStringLiteral("Prometheus %1").arg(location);
    }
    return location;
}

std::unique_ptr<BridgeSource> BridgeSource::make(BridgeSpec spec, TelemetrySink &sink, Logger log,
                                                 std::shared_ptr<XidMerger> xids,
                                                 std::shared_ptr<ScrapeLatencies> latencies)
{
    switch (spec.kind) {
    case BridgeSpec::Kind::Dcgm:
        return std::make_unique<DcgmSource>(std::move(spec), sink, std::move(log), std::move(xids),
                                            std::move(latencies));
    case BridgeSpec::Kind::Prometheus:
        return std::make_unique<PrometheusSource>(std::move(spec), sink, std::move(log), std::move(xids));
    case BridgeSpec::Kind::KernelLog:
        return std::make_unique<KernelLogSource>(std::move(spec), sink, std::move(log), std::move(xids));
    case BridgeSpec::Kind::TrainingLog:
        return std::make_unique<TrainingLogSource>(std::move(spec), sink, std::move(log));
    }
    return nullptr;
}

QByteArray readDcgmText(const BridgeSpec &spec, QString *error)
{
    if (spec.kind == BridgeSpec::Kind::Prometheus)
        return PrometheusSource::queryInstant(spec, error);
    return DcgmSource::readOnce(spec, error);
}

BridgeSource::BridgeSource(BridgeSpec spec, TelemetrySink &sink, Logger log)
    : m_spec(std::move(spec))
    , m_sink(sink)
    , m_log(std::move(log))
{ }

BridgeSource::~BridgeSource()
{
    stop();
}

void BridgeSource::start()
{
    m_worker.start(m_spec.interval, [this] { pollOnce(); });
}

void BridgeSource::stop()
{
    m_worker.stop();
}

bool BridgeSource::wasRead() const
{
    const BridgeCounters c = counters();
    return c.samples + c.events + c.skipped + c.rejected > 0;
}

BridgeCounters BridgeSource::counters() const
{
    std::lock_guard lock(m_mutex);
    return m_counters;
}

void BridgeSource::report(const QString &message)
{
    {
        std::lock_guard lock(m_mutex);
        if (message == m_counters.lastError)
            return;
        m_counters.lastError = message;
    }
    if (m_log)
        m_log(QStringLiteral("%1: %2").arg(m_spec.describe(), message));
}

QStringList BridgeCounters::rejectionReasons() const
{
    QStringList reasons;
    for (const Rejection &r : rejections)
        reasons << r.why;
    return reasons;
}

void BridgeSource::keepRejections(const QStringList &reasons)
{
    constexpr size_t Kept = 20;
    const int64_t now = QDateTime::currentMSecsSinceEpoch();
    std::lock_guard lock(m_mutex);
    std::vector<BridgeCounters::Rejection> &kept = m_counters.rejections;
    for (const QString &r : reasons) {
        auto seen = std::find_if(kept.begin(), kept.end(), [&](const auto &k) { return k.why == r; });
        if (seen == kept.end()) {
            if (kept.size() >= Kept)
                continue;
            seen = kept.insert(kept.end(), { r, 0, 0 });
        }
        ++seen->times;
        seen->lastSeenMs = now;
    }
}

void BridgeSource::reject(const QString &why)
{
    {
        std::lock_guard lock(m_mutex);
        ++m_counters.rejected;
    }
    keepRejections({ why });
    report(why);
}

void BridgeSource::count(const ParseStats &before, const ParseStats &after)
{
    std::lock_guard lock(m_mutex);
    m_counters.skipped += after.skipped - before.skipped;
    m_counters.rejected += after.rejected - before.rejected;
}

void BridgeSource::countParsed(const ParseStats &before, const ParseStats &after)
{
    count(before, after);
    keepRejections(after.firstErrors.mid(before.firstErrors.size()));
    if (after.rejected > before.rejected && !after.firstErrors.isEmpty())
        report(QStringLiteral("%1 lines rejected so far; last: %2").arg(after.rejected).arg(after.firstErrors.last()));
}

void BridgeSource::countSkipped(uint64_t n)
{
    std::lock_guard lock(m_mutex);
    m_counters.skipped += n;
}

void BridgeSource::setUnknownField(const QString &name, UnknownField field)
{
    std::lock_guard lock(m_mutex);
    m_counters.unknownFields[name] = std::move(field);
}

void BridgeSource::setUnknownFields(const std::map<QString, UnknownField> &fields)
{
    std::lock_guard lock(m_mutex);
    m_counters.unknownFields = fields;
}

void BridgeSource::setNames(const QString &names)
{
    std::lock_guard lock(m_mutex);
    m_counters.names = names;
}

void BridgeSource::countPoll()
{
    const int64_t now = wallClockMs();
    std::lock_guard lock(m_mutex);
    ++m_counters.polls;
    m_counters.lastPollMs = now;
}

void BridgeSource::appendReadings(int64_t timeMs, std::vector<GpuReading> &readings)
{
    if (readings.empty())
        return;
    v1::Samples samples = samplesOfReadings(timeMs, readings);
    uint64_t accepted = 0;
    for (const v1::MetricBlock &b : samples.blocks())
        accepted += uint64_t(b.values_size());
    std::vector<v1::Samples> batch;
    batch.push_back(std::move(samples));
    m_sink.appendSamples(std::move(batch));
    std::lock_guard lock(m_mutex);
    m_counters.samples += accepted;
}

void BridgeSource::appendEvents(std::vector<Event> &&events)
{
    if (events.empty())
        return;
    const size_t n = events.size();
    m_sink.appendEvents(std::move(events), nullptr);
    std::lock_guard lock(m_mutex);
    m_counters.events += n;
}

} // namespace vigil
