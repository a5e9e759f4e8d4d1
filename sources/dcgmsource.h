// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sources/bridgesource.h"

namespace vigil {

// dcgm-exporter, scraped over http(s) or read from a file of its text every interval: each
// page mapped onto the topology (DcgmMapper) and appended. Its Xids wait a moment before they
// go on, so that a kernel log that saw the same Xid reports it once. How each scrape went
// (its latency, the readings it lacked) is watched for the signs of a GPU coming apart
// (ScrapeWatch), which go on as warnings.
class DcgmSource : public BridgeSource
{
public:
    DcgmSource(BridgeSpec spec, TelemetrySink &sink, Logger log, std::shared_ptr<XidMerger> xids,
               std::shared_ptr<ScrapeLatencies> latencies = {});
    ~DcgmSource() override;

    void pollOnce() override;
    DcgmSource *groupScrape() override;

    // Over HTTP: the request a poll makes, and what is done with its answer.
    HttpRequest scrapeRequest() const { return { m_spec.location, m_spec.http }; }
    void ingestScrape(const HttpResponse &response, int64_t nowMs);

    // One read of an exporter's page or file, bounded by the spec's size limit.
    static QByteArray readOnce(const BridgeSpec &spec, QString *error);

protected:
    // One page of exposition text, as read at `nowMs` after `latencyMs` (negative: not timed), into the sink.
    void mapScrape(QByteArrayView text, int64_t nowMs, double latencyMs = -1.0);

private:
    // dcgm's Xid events wait a moment, then go on unless the kernel log reported them.
    void holdXids(std::vector<Event> &events, int64_t nowMs);

    DcgmMapper m_mapper;
    DcgmMapper::Result m_mapped; // kept between polls: its buffers are reused
    ScrapeWatch m_watch;
    StalenessMarks m_stale;
    std::shared_ptr<XidMerger> m_xids;
    struct HeldXid
    {
        int64_t releaseMs;
        Event event;
    };
    std::vector<HeldXid> m_heldXids;
};

} // namespace vigil
