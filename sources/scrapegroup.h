// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/periodicworker.h"
#include "sources/dcgmsource.h"

namespace vigil {

// Polls many http(s) dcgm-exporter sources on one thread (libcurl's multi interface):
// every interval, each exporter whose last scrape has come back is asked again, and each
// answer is mapped as soon as it arrives. A slow exporter is asked less often; it never
// holds up the others.
class ScrapeGroup final : public TelemetrySource
{
public:
    ScrapeGroup(std::vector<DcgmSource *> sources, std::chrono::milliseconds interval);
    ~ScrapeGroup() override;
    void start() override;
    void stop() override;
    // One scrape of every exporter, waiting for all (tests, --check-sources).
    void pollOnce();

private:
    void run(std::stop_token stop);

    std::vector<DcgmSource *> m_sources;
    std::chrono::milliseconds m_interval;
    Worker m_worker; // last: stopped before what it uses goes
};

} // namespace vigil
