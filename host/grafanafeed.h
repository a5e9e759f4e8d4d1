// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/periodicworker.h"
#include "export/grafanaannotations.h"

namespace vigil {

class TelemetryJournal;

// The gateway's job crashes, restarts, rollbacks and incidents, written to Grafana as
// annotations (docs/alarms-out.md): follows the journal's events, and sends what waits every
// interval (and once more when stopped).
class GrafanaFeed
{
public:
    GrafanaFeed(const TelemetryJournal &journal, GrafanaSettings settings);
    ~GrafanaFeed();
    void start();
    void stop();
    const GrafanaAnnotator &annotator() const { return m_annotator; }

private:
    void follow(std::stop_token stop);

    const TelemetryJournal &m_journal;
    GrafanaAnnotator m_annotator;
    EventAnnotations m_events;
    Worker m_worker;
};

} // namespace vigil
