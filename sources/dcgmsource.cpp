// SPDX-License-Identifier: GPL-3.0-or-later
#include "sources/dcgmsource.h"

#include <QFile>

namespace vigil {

DcgmSource::DcgmSource(BridgeSpec spec, TelemetrySink &sink, Logger log, std::shared_ptr<XidMerger> xids,
                       std::shared_ptr<ScrapeLatencies> latencies)
    : BridgeSource(std::move(spec), sink, std::move(log))
    , m_mapper(sink.topology(), sink.metrics())
    , m_watch(sink.topology(), sink.metrics(), std::move(latencies))
    , m_xids(std::move(xids))
{ }

DcgmSource::~DcgmSource()
{
    stop();
}

DcgmSource *DcgmSource::groupScrape()
{
    return isHttpUrl(m_spec.location) ? this : nullptr;
}

QByteArray DcgmSource::readOnce(const BridgeSpec &spec, QString *error)
{
    if (isHttpUrl(spec.location)) {
        HttpResponse response = httpGet(spec.location, spec.http);
        if (!response.error.isEmpty())
            *error = response.error;
        return std::move(response.body);
    }
    QFile file(spec.location);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(spec.location, file.errorString());
        return {};
    }
    if (file.size() > spec.http.maxBytes) {
        *error = QStringLiteral("%1 is larger than %2 bytes").arg(spec.location).arg(spec.http.maxBytes);
        return {};
    }
    return file.readAll();
}

void DcgmSource::pollOnce()
{
    const int64_t now = wallClockMs();
    countPoll();
    if (isHttpUrl(m_spec.location)) {
        ingestScrape(httpGet(m_spec.location, m_spec.http), now);
        return;
    }
    QString error;
    const QByteArray text = readOnce(m_spec, &error);
    if (!error.isEmpty())
        report(error);
    else
        mapScrape(text, now);
}

void DcgmSource::ingestScrape(const HttpResponse &response, int64_t nowMs)
{
    if (response.error.isEmpty()) {
        mapScrape(response.body, nowMs, response.elapsedMs);
        return;
    }
    report(response.error);
    std::vector<Event> warnings;
    m_watch.unanswered(nowMs, response.elapsedMs, warnings);
    appendEvents(std::move(warnings));
}

void DcgmSource::mapScrape(QByteArrayView text, int64_t nowMs, double latencyMs)
{
    m_mapper.mapInto(text, nowMs, m_spec.host, m_mapped);
    const ParseStats &stats = m_mapped.stats;
    count({}, stats);
    setUnknownFields(m_mapped.unknownFields);
    setNames(describeGenerations(m_mapped.generations));
    if (!stats.firstErrors.isEmpty()) {
        keepRejections(stats.firstErrors);
        report(QStringLiteral("%1 lines rejected; first: %2").arg(stats.rejected).arg(stats.firstErrors.front()));
    }
    holdXids(m_mapped.events, nowMs);
    m_watch.answered(nowMs, latencyMs, m_mapped.readings, m_mapped.events);
    m_stale.mark(m_mapped.readings);
    appendReadings(nowMs, m_mapped.readings);
    appendEvents(std::move(m_mapped.events));
    m_mapped.events.clear();
}

void DcgmSource::holdXids(std::vector<Event> &events, int64_t nowMs)
{
    if (!m_xids)
        return;
    // Three polls: the kernel log, polled as often, has had its chance to say it first.
    const int64_t grace = 3 * int64_t(m_spec.interval.count());
    std::vector<Event> now;
    for (Event &e : events) {
        if (e.type == EventType::Xid && e.entity.kind == EntityKind::Gpu)
            m_heldXids.push_back({ nowMs + grace, std::move(e) });
        else
            now.push_back(std::move(e));
    }
    uint64_t merged = 0;
    std::erase_if(m_heldXids, [&](HeldXid &held) {
        if (held.releaseMs > nowMs)
            return false;
        const Event &e = held.event;
        if (m_xids->admit(XidMerger::Source::Dcgm, e.entity.index, e.code, e.timeMs))
            now.push_back(std::move(held.event));
        else
            ++merged;
        return true;
    });
    events = std::move(now);
    countSkipped(merged); // the kernel log's event stands for them
}

} // namespace vigil
