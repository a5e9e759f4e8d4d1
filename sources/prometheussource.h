// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sources/dcgmsource.h"

namespace vigil {

// dcgm-exporter's series read back from a Prometheus-compatible query API: every interval
// an instant query of the DCGM series, mapped as if scraped; at start, the spec's hours of
// history; and any past span on request (what a backfill makes a recording of).
class PrometheusSource final : public DcgmSource
{
public:
    PrometheusSource(BridgeSpec spec, TelemetrySink &sink, Logger log, std::shared_ptr<XidMerger> xids = {});
    ~PrometheusSource() override;

    void pollOnce() override;
    DcgmSource *groupScrape() override { return nullptr; }

    // Every instant of [fromMs, toMs] at stepMs, mapped in time order as if scraped then, into
    // the sink. Planned under the server's limits, and a query refused for its size is asked
    // again in halves. `progress` (share done) returning false stops.
    PrometheusSpanRead readPrometheusSpan(int64_t fromMs, int64_t toMs, int64_t stepMs,
                                          const std::function<bool(double)> &progress = {});

    // An instant query of the DCGM series (as of spec.atMs, or now), as the exporter's text;
    // with spec.layoutSinceMs, every GPU with a series since then too. `series` counts them.
    static QByteArray queryInstant(const BridgeSpec &spec, QString *error, size_t *series = nullptr);

private:
    void readHistory(int64_t nowMs);

    bool m_historyRead = false;
};

} // namespace vigil
