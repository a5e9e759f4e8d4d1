// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/grafanaannotations.h"

#include "domain/entitynames.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace vigil {

namespace {

// The events Grafana is told of, and what each is called on its tags and in its text.
const char *annotatedKind(EventType type)
{
    switch (type) {
    case EventType::JobCrash:
        return "crash";
    case EventType::JobOom:
        return "oom";
    case EventType::JobRestart:
        return "restart";
    case EventType::ManualRestart:
        return "manual-restart";
    case EventType::Rollback:
        return "rollback";
    default:
        return nullptr;
    }
}

QString minutes(int64_t ms)
{
    return ms < 120000 ? QStringLiteral("%1 s").arg(ms / 1000) : QStringLiteral("%1 min").arg(ms / 60000);
}

} // namespace

QString GrafanaSettings::validate() const
{
    if (!isHttpUrl(url))
        return QStringLiteral("grafana: '%1' is not an http:// or https:// URL").arg(url);
    if (interval < std::chrono::seconds(1) || interval > std::chrono::hours(1))
        return QStringLiteral("grafana: a send every %1 ms is not between 1 s and 1 h").arg(interval.count());
    if (maxWaiting == 0)
        return QStringLiteral("grafana: at least one annotation must be able to wait");
    return {};
}

EventAnnotations::EventAnnotations(QString cluster)
    : m_cluster(std::move(cluster))
{ }

void EventAnnotations::take(const Event &e, std::vector<GrafanaAnnotation> &out)
{
    const char *kind = annotatedKind(e.type);
    if (!kind)
        return;
    GrafanaAnnotation a;
    a.timeMs = e.timeMs;
    a.tags = { QStringLiteral("vigil"), QLatin1String(kind) };
    if (!m_cluster.isEmpty())
        a.tags << m_cluster;
    if (!e.jobId.isEmpty())
        a.tags << QStringLiteral("job:%1").arg(e.jobId);
    a.text = e.message.isEmpty() ? QStringLiteral("%1 of %2").arg(QLatin1String(kind), e.jobId) : e.message;
    out.push_back(a);
    if (e.jobId.isEmpty())
        return;
    if (e.type == EventType::JobCrash || e.type == EventType::JobOom) {
        m_downSince.try_emplace(e.jobId, e); // the first crash opens the incident; later ones are in it
        return;
    }
    if (e.type != EventType::JobRestart && e.type != EventType::ManualRestart)
        return;
    const auto crash = m_downSince.find(e.jobId);
    if (crash == m_downSince.end() || crash->second.timeMs > e.timeMs)
        return;
    // The incident: from the crash to the restart, the time the job was down.
    GrafanaAnnotation incident;
    incident.timeMs = crash->second.timeMs;
    incident.endMs = e.timeMs;
    incident.tags = { QStringLiteral("vigil"), QStringLiteral("incident"), QStringLiteral("job:%1").arg(e.jobId) };
    if (!m_cluster.isEmpty())
        incident.tags << m_cluster;
    incident.text = QStringLiteral("%1 down %2: %3")
                        .arg(e.jobId, minutes(e.timeMs - crash->second.timeMs),
                             crash->second.message.isEmpty() ? QStringLiteral("crash") : crash->second.message);
    out.push_back(incident);
    m_downSince.erase(crash);
}

QByteArray grafanaAnnotationBody(const GrafanaAnnotation &a, const QString &dashboardUid)
{
    QJsonObject o;
    o.insert(QStringLiteral("time"), qint64(a.timeMs));
    if (a.endMs > a.timeMs)
        o.insert(QStringLiteral("timeEnd"), qint64(a.endMs));
    o.insert(QStringLiteral("tags"), QJsonArray::fromStringList(a.tags));
    o.insert(QStringLiteral("text"), a.text);
    if (!dashboardUid.isEmpty())
        o.insert(QStringLiteral("dashboardUID"), dashboardUid);
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

GrafanaAnnotator::GrafanaAnnotator(GrafanaSettings settings)
    : m_settings(std::move(settings))
{ }

void GrafanaAnnotator::add(std::vector<GrafanaAnnotation> annotations)
{
    std::lock_guard lock(m_mutex);
    for (GrafanaAnnotation &a : annotations) {
        if (m_waiting.size() >= m_settings.maxWaiting) {
            m_waiting.pop_front(); // Grafana away too long: the oldest go, counted
            ++m_dropped;
        }
        m_waiting.emplace_back(m_nextSeq++, std::move(a));
    }
    m_status.pending = m_waiting.size();
}

void GrafanaAnnotator::sendWaiting(int64_t nowMs)
{
    const QString url = (m_settings.url.endsWith(u'/') ? m_settings.url.chopped(1) : m_settings.url)
        + QStringLiteral("/api/annotations");
    {
        std::lock_guard lock(m_mutex);
        ++m_status.rounds;
        m_status.lastRoundMs = nowMs;
    }
    for (;;) {
        std::pair<uint64_t, GrafanaAnnotation> next;
        {
            std::lock_guard lock(m_mutex);
            if (m_waiting.empty())
                return;
            next = m_waiting.front();
        }
        // Sent outside the lock: events keep arriving while Grafana answers.
        const HttpResponse r = httpPost(url, grafanaAnnotationBody(next.second, m_settings.dashboardUid),
                                        { QByteArrayLiteral("Content-Type: application/json") }, m_settings.http);
        std::lock_guard lock(m_mutex);
        if (!r.error.isEmpty()) {
            ++m_status.failedRequests;
            m_status.lastError = r.error;
            return; // in order: this one and the rest next time
        }
        if (!m_waiting.empty() && m_waiting.front().first == next.first) // (unless dropped meanwhile)
            m_waiting.pop_front();
        ++m_status.delivered;
        m_status.lastError.clear();
        m_status.lastDeliveryMs = nowMs;
        m_status.pending = m_waiting.size();
    }
}

AlarmOutStatus GrafanaAnnotator::status() const
{
    std::lock_guard lock(m_mutex);
    return m_status;
}

uint64_t GrafanaAnnotator::dropped() const
{
    std::lock_guard lock(m_mutex);
    return m_dropped;
}

} // namespace vigil
