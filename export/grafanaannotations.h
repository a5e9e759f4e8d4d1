// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "domain/topology.h"
#include "export/alarmsout.h"
#include "sources/httpclient.h"

#include <QString>
#include <QStringList>

#include <chrono>
#include <deque>
#include <map>
#include <mutex>
#include <vector>

namespace vigil {

// Where the gateway writes Grafana annotations: the Grafana server and, optionally, the one
// dashboard they belong to (without, they are organisation-wide: every dashboard that shows
// annotations tagged "vigil" can show them).
struct GrafanaSettings
{
    QString url; // http(s)://grafana:3000 (POST /api/annotations)
    HttpOptions http; // a service account's token as the bearer token
    QString dashboardUid;
    std::chrono::milliseconds interval { 5000 }; // between sends of what waits
    size_t maxWaiting = 10000; // beyond it the oldest waiting annotation is dropped and counted
    QString cluster; // a tag of every annotation

    QString validate() const;
    QString describe() const { return QStringLiteral("grafana %1").arg(url); }
};

// One annotation: a point (endMs 0), or a region from timeMs to endMs.
struct GrafanaAnnotation
{
    int64_t timeMs = 0;
    int64_t endMs = 0;
    QStringList tags;
    QString text;
};

// What Grafana shows of the gateway's events: a point for each job crash (and out-of-memory
// kill), restart (by the scheduler or by hand) and rollback, and for each incident a region
// from the job's crash to its restart, so a dashboard's panels show how long the job was down.
class EventAnnotations
{
public:
    explicit EventAnnotations(QString cluster);
    void take(const Event &event, std::vector<GrafanaAnnotation> &out);

private:
    QString m_cluster;
    std::map<QString, Event> m_downSince; // per job: the crash its restart has not yet followed
};

// Grafana's POST /api/annotations body.
QByteArray grafanaAnnotationBody(const GrafanaAnnotation &annotation, const QString &dashboardUid);

// The annotations waiting for Grafana, sent in order; one Grafana refuses or cannot be reached
// for waits, with the rest, for the next send. At most GrafanaSettings::maxWaiting wait.
class GrafanaAnnotator
{
public:
    explicit GrafanaAnnotator(GrafanaSettings settings);
    void add(std::vector<GrafanaAnnotation> annotations);
    void sendWaiting(int64_t nowMs);
    AlarmOutStatus status() const; // delivered: annotations Grafana took; pending: waiting
    uint64_t dropped() const;
    const GrafanaSettings &settings() const { return m_settings; }

private:
    const GrafanaSettings m_settings;
    mutable std::mutex m_mutex;
    std::deque<std::pair<uint64_t, GrafanaAnnotation>> m_waiting; // in order of arrival, numbered
    uint64_t m_nextSeq = 0;
    AlarmOutStatus m_status;
    uint64_t m_dropped = 0;
};

} // namespace vigil
