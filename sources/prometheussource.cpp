// SPDX-License-Identifier: GPL-3.0-or-later
#include "sources/prometheussource.h"

#include "sources/prometheusquery.h"

#include <QDateTime>
#include <QUrl>

#include <deque>

namespace vigil {

namespace {

QString prometheusUrl(const BridgeSpec &spec, const QString &path, const QString &query)
{
    QString base = spec.location;
    while (base.endsWith(u'/'))
        base.chop(1);
    return base + path + u'?' + query;
}

QString encoded(const QString &text)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(text));
}

// A range query the server refused for its size (Prometheus: 400 "exceeded maximum
// resolution", 422 "would load too many samples"; VictoriaMetrics: 422 "too many"), as
// against one that failed for another reason and would fail again however small.
bool refusedForSize(const HttpResponse &response)
{
    if (response.status != 400 && response.status != 422)
        return false;
    const QString body = QString::fromUtf8(response.body).toLower();
    return body.contains(QLatin1String("maximum resolution")) || body.contains(QLatin1String("too many"))
        || body.contains(QLatin1String("exceed")) || body.contains(QLatin1String("limit"));
}

} // namespace

PrometheusSource::PrometheusSource(BridgeSpec spec, TelemetrySink &sink, Logger log, std::shared_ptr<XidMerger> xids)
    : DcgmSource(std::move(spec), sink, std::move(log), std::move(xids))
{ }

PrometheusSource::~PrometheusSource()
{
    stop();
}

QByteArray PrometheusSource::queryInstant(const BridgeSpec &spec, QString *error, size_t *series)
{
    QString query = QStringLiteral("query=") + encoded(dcgmSelector());
    if (spec.atMs > 0)
        query += QStringLiteral("&time=%1").arg(double(spec.atMs) / 1000.0, 0, 'f', 3);
    const HttpResponse response = httpGet(prometheusUrl(spec, QStringLiteral("/api/v1/query"), query), spec.http);
    if (!response.error.isEmpty()) {
        *error = response.error;
        return {};
    }
    QByteArray text;
    if (QString e = instantToExposition(response.body, { spec.hostLabel }, text, nullptr, series); !e.isEmpty()) {
        *error = QStringLiteral("%1: %2").arg(spec.location, e);
        return text;
    }
    if (spec.layoutSinceMs > 0 && spec.atMs > spec.layoutSinceMs) {
        // The GPUs that reported during the span, by the fields every GPU and MIG instance has:
        // the series API's answer is a label set a series, too large to ask for every field.
        const QString since = QStringLiteral("&start=%1&end=%2")
                                  .arg(double(spec.layoutSinceMs) / 1000.0, 0, 'f', 3)
                                  .arg(double(spec.atMs) / 1000.0, 0, 'f', 3);
        const HttpResponse all
            = httpGet(prometheusUrl(spec, QStringLiteral("/api/v1/series"),
                                    QStringLiteral("match[]=") + encoded(presenceSelector()) + since),
                      spec.http);
        if (!all.error.isEmpty())
            *error = QStringLiteral("%1: the GPUs of the span: %2").arg(spec.location, all.error);
        else if (QString e = seriesToExposition(all.body, { spec.hostLabel }, text); !e.isEmpty())
            *error = QStringLiteral("%1: the GPUs of the span: %2").arg(spec.location, e);
    }
    return text;
}

void PrometheusSource::pollOnce()
{
    const int64_t now = wallClockMs();
    countPoll();
    if (!m_historyRead && m_spec.historyHours > 0)
        readHistory(now);
    m_historyRead = true;
    QString error;
    const QByteArray text = queryInstant(m_spec, &error);
    if (!error.isEmpty())
        report(error);
    else
        mapScrape(text, now);
}

void PrometheusSource::readHistory(int64_t nowMs)
{
    const int64_t stepMs = std::max<int64_t>(1000, m_spec.interval.count());
    const PrometheusSpanRead read
        = readPrometheusSpan(nowMs - int64_t(m_spec.historyHours * 3600'000.0), nowMs - stepMs, stepMs);
    if (!read.error.isEmpty()) {
        report(QStringLiteral("cannot read the history: %1").arg(read.error));
        return;
    }
    for (const PrometheusSpanRead::Missing &m : read.missing)
        report(QStringLiteral("cannot read the history from %1: %2")
                   .arg(QDateTime::fromMSecsSinceEpoch(m.fromMs).toString(Qt::ISODate), m.reason));
    if (m_log)
        m_log(QStringLiteral("%1: read %2 h of history (%3 instants in %4 queries)")
                  .arg(m_spec.describe())
                  .arg(m_spec.historyHours)
                  .arg(read.instants)
                  .arg(read.queries));
}

PrometheusSpanRead PrometheusSource::readPrometheusSpan(int64_t fromMs, int64_t toMs, int64_t stepMs,
                                                        const std::function<bool(double)> &progress)
{
    PrometheusSpanRead read;
    stepMs = std::max<int64_t>(1, stepMs);
    if (toMs < fromMs)
        return read;
    // How many series there are, as of the span's end, sets how long each range query may be.
    size_t series = 0;
    BridgeSpec atEnd = m_spec;
    atEnd.atMs = toMs;
    atEnd.layoutSinceMs = 0; // a count, not a layout
    queryInstant(atEnd, &read.error, &series);
    if (!read.error.isEmpty())
        return read;
    std::deque<RangeChunk> chunks;
    // Under the server's limits, and under ours: each answer is held whole, as JSON and then as
    // one exposition text per instant (~1 KB a sample in all), so a query of the server's
    // 50 M samples would take tens of GB here. Half a million is ~300 MB at most.
    constexpr int64_t MaxSamplesHeld = 500'000;
    for (const RangeChunk &c :
         planRangeQueries(fromMs, toMs, stepMs, std::max<size_t>(series, 1), 11000, MaxSamplesHeld))
        chunks.push_back(c);
    const double whole = double(toMs - fromMs + stepMs);
    double done = 0.0;
    while (!chunks.empty()) {
        if (progress && !progress(done / whole)) {
            read.cancelled = true;
            read.missing.push_back({ chunks.front().startMs, chunks.back().endMs, QStringLiteral("cancelled") });
            return read;
        }
        const RangeChunk c = chunks.front();
        chunks.pop_front();
        // Not arg(): the encoded selector holds % signs of its own.
        const QString query = QStringLiteral("start=%1&end=%2&step=%3&query=")
                                  .arg(double(c.startMs) / 1000.0, 0, 'f', 3)
                                  .arg(double(c.endMs) / 1000.0, 0, 'f', 3)
                                  .arg(double(c.stepMs) / 1000.0, 0, 'f', 3)
            + encoded(dcgmSelector());
        ++read.queries;
        const HttpResponse response
            = httpGet(prometheusUrl(m_spec, QStringLiteral("/api/v1/query_range"), query), m_spec.http);
        const int64_t steps = (c.endMs - c.startMs) / c.stepMs + 1;
        if (!response.error.isEmpty() && refusedForSize(response) && steps > 1) {
            // Asked again as two halves that together cover the same steps, first half first.
            const int64_t middle = c.startMs + (steps / 2) * c.stepMs;
            chunks.push_front({ middle, c.endMs, c.stepMs });
            chunks.push_front({ c.startMs, middle - c.stepMs, c.stepMs });
            ++read.splits;
            continue;
        }
        std::map<int64_t, QByteArray> byTime;
        QString error = response.error;
        if (error.isEmpty())
            error = rangeToExposition(response.body, { m_spec.hostLabel }, byTime);
        done += double(c.endMs - c.startMs + c.stepMs);
        if (!error.isEmpty()) {
            read.missing.push_back({ c.startMs, c.endMs, error });
            continue;
        }
        // In time order, each instant as if it had been scraped then: counters raise
        // their warnings at the time the count went up.
        for (auto &[timeMs, text] : byTime) {
            read.points += uint64_t(text.count('\n'));
            mapScrape(text, timeMs);
            ++read.instants;
        }
    }
    if (progress)
        progress(1.0);
    return read;
}

} // namespace vigil
