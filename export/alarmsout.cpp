// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/alarmsout.h"

#include "domain/alarmbook.h"
#include "domain/entitynames.h"

#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace vigil {

namespace {

constexpr qsizetype MaxKeyLength = 255; // PagerDuty's dedup_key
constexpr qsizetype MaxSummaryLength = 1024; // PagerDuty's payload.summary

QString isoTime(int64_t ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs);
}

uint64_t fnv1a(const QString &text)
{
    uint64_t h = 1469598103934665603ull;
    for (const QChar c : text) {
        h ^= c.unicode();
        h *= 1099511628211ull;
    }
    return h;
}

// "ecc_double_bit" -> "EccDoubleBit".
QString pascalCase(const QString &key)
{
    QString out;
    bool upper = true;
    for (const QChar c : key) {
        if (c == u'_') {
            upper = true;
            continue;
        }
        out += upper ? c.toUpper() : c;
        upper = false;
    }
    return out;
}

QString severityOf(AlarmPriority priority)
{
    switch (priority) {
    case AlarmPriority::Critical:
        return QStringLiteral("critical");
    case AlarmPriority::High:
        return QStringLiteral("error");
    case AlarmPriority::Medium:
        return QStringLiteral("warning");
    case AlarmPriority::Low:
        break;
    }
    return QStringLiteral("info");
}

QString metricName(std::span<const MetricDescriptor> metrics, uint32_t id)
{
    return id < metrics.size() ? metrics[id].name : QStringLiteral("metric %1").arg(id);
}

// The labels that place an entity as dcgm-exporter's series place it, so that a route or a
// silence written for those series matches the alarm.
void placeEntity(const Topology &t, EntityRef e, std::vector<std::pair<QString, QString>> &labels)
{
    auto node = [&](uint32_t n) {
        if (n >= t.nodes.size())
            return;
        labels.emplace_back(QStringLiteral("hostname"), t.nodes[n].hostname);
        if (t.nodes[n].rackIndex < t.racks.size())
            labels.emplace_back(QStringLiteral("rack"), t.racks[t.nodes[n].rackIndex].name);
    };
    auto gpu = [&](uint32_t g) {
        if (g >= t.gpus.size())
            return;
        labels.emplace_back(QStringLiteral("gpu"), QString::number(t.gpus[g].localIndex));
        labels.emplace_back(QStringLiteral("UUID"), t.gpus[g].uuid);
        node(t.gpus[g].nodeIndex);
    };
    switch (e.kind) {
    case EntityKind::Gpu:
        gpu(e.index);
        break;
    case EntityKind::GpuInstance:
        if (e.index < t.gpuInstances.size()) {
            labels.emplace_back(QStringLiteral("GPU_I_ID"), QString::number(t.gpuInstances[e.index].instanceId));
            gpu(t.gpuInstances[e.index].gpuIndex);
        }
        break;
    case EntityKind::Node:
        node(e.index);
        break;
    case EntityKind::Rack:
        if (e.index < t.racks.size())
            labels.emplace_back(QStringLiteral("rack"), t.racks[e.index].name);
        break;
    default:
        break;
    }
}

QJsonObject pairsObject(const std::vector<std::pair<QString, QString>> &pairs)
{
    QJsonObject o;
    for (const auto &[name, value] : pairs)
        o.insert(name, value);
    return o;
}

QString alertmanagerUrl(const QString &url)
{
    if (url.endsWith(QLatin1String("/api/v2/alerts")))
        return url;
    return (url.endsWith(u'/') ? url.chopped(1) : url) + QStringLiteral("/api/v2/alerts");
}

QString protocolKey(AlarmProtocol p)
{
    switch (p) {
    case AlarmProtocol::Alertmanager:
        return QStringLiteral("alertmanager");
    case AlarmProtocol::Webhook:
        return QStringLiteral("alert webhook");
    case AlarmProtocol::PagerDuty:
        return QStringLiteral("pagerduty");
    }
    return {};
}

} // namespace

QString AlarmOutSettings::validate() const
{
    if (!isHttpUrl(url))
        return QStringLiteral("%1: '%2' is not an http:// or https:// URL").arg(protocolKey(protocol), url);
    if (protocol == AlarmProtocol::PagerDuty && routingKey.trimmed().isEmpty())
        return QStringLiteral("pagerduty: no routing key (give the file that holds the integration key)");
    if (interval < std::chrono::seconds(1) || interval > std::chrono::hours(1))
        return QStringLiteral("%1: a round every %2 ms is not between 1 s and 1 h")
            .arg(protocolKey(protocol))
            .arg(interval.count());
    if (alarmsPerRequest == 0 || eventsPerRound == 0)
        return QStringLiteral("%1: requests must carry at least one alarm").arg(protocolKey(protocol));
    return {};
}

QString AlarmOutSettings::describe() const
{
    return QStringLiteral("%1 %2").arg(protocolKey(protocol), url);
}

QString OutboundAlarm::fingerprint() const
{
    return QStringLiteral("%1").arg(fnv1a(key), 16, 16, QLatin1Char('0'));
}

OutboundAlarm outboundAlarm(const Alarm &alarm, const Topology &topology, std::span<const MetricDescriptor> metrics,
                            const QString &cluster)
{
    OutboundAlarm out;
    const bool threshold = alarm.sourceType == EventType::Unspecified;
    QString condition = threshold ? metricName(metrics, alarm.metricId) : eventTypeKey(alarm.sourceType);
    if (!threshold && alarm.code != 0)
        condition += QStringLiteral(":%1").arg(alarm.code);
    const QString entity = entityKeyName(topology, alarm.entity);
    out.key = QStringLiteral("vigil:%1:%2:%3").arg(cluster, entity, condition);
    if (out.key.size() > MaxKeyLength) // still one key an alarm: the cut-off part goes in as a hash
        out.key = out.key.left(MaxKeyLength - 17) + u'#' + QString::number(fnv1a(out.key), 16).rightJustified(16, u'0');
    const AlarmState state = alarm.state();
    out.firing = alarm.active && !alarm.shelved && !alarm.suppressed && !alarm.outOfService;
    out.acknowledged = alarm.acknowledged;
    out.severity = severityOf(alarm.priority);
    out.startsMs = alarm.raisedMs;
    out.endsMs = out.firing ? 0 : std::max(alarm.changedMs, alarm.raisedMs);
    auto &labels = out.labels;
    labels.emplace_back(QStringLiteral("alertname"),
                        threshold ? QStringLiteral("VigilThreshold")
                                  : QStringLiteral("Vigil") + pascalCase(condition.section(u':', 0, 0)));
    labels.emplace_back(QStringLiteral("severity"), out.severity);
    if (!cluster.isEmpty())
        labels.emplace_back(QStringLiteral("cluster"), cluster);
    labels.emplace_back(QStringLiteral("entity"), entity);
    labels.emplace_back(QStringLiteral("entity_kind"), entityKindKey(alarm.entity.kind));
    if (threshold)
        labels.emplace_back(QStringLiteral("metric"), metricName(metrics, alarm.metricId));
    else if (alarm.sourceType == EventType::Xid && alarm.code != 0)
        labels.emplace_back(QStringLiteral("xid"), QString::number(alarm.code));
    placeEntity(topology, alarm.entity, labels);
    std::sort(labels.begin(), labels.end());

    out.summary = alarm.message.isEmpty() ? QStringLiteral("%1 on %2").arg(condition, entity) : alarm.message;
    out.summary = out.summary.left(MaxSummaryLength);
    auto &notes = out.annotations;
    notes.emplace_back(QStringLiteral("summary"), out.summary);
    notes.emplace_back(QStringLiteral("vigil_state"), alarmStateKey(state));
    notes.emplace_back(QStringLiteral("priority"), alarmPriorityKey(alarm.priority));
    notes.emplace_back(QStringLiteral("alarm_key"), out.key);
    if (!alarm.acknowledgedBy.isEmpty())
        notes.emplace_back(QStringLiteral("acknowledged_by"), alarm.acknowledgedBy);
    if (!alarm.owner.isEmpty())
        notes.emplace_back(QStringLiteral("owner"), alarm.owner);
    if (!alarm.jobId.isEmpty()) {
        notes.emplace_back(QStringLiteral("training_job"), alarm.jobId);
        notes.emplace_back(QStringLiteral("gpus_at_risk"), QString::number(alarm.gpusAtRisk));
    }
    if (!alarm.lastComment.isEmpty())
        notes.emplace_back(QStringLiteral("comment"), alarm.lastComment);
    std::sort(notes.begin(), notes.end());
    return out;
}

QByteArray alertmanagerAlerts(std::span<const OutboundAlarm> alarms, int64_t nowMs, int64_t holdMs)
{
    QJsonArray list;
    for (const OutboundAlarm &a : alarms) {
        QJsonObject o;
        o.insert(QStringLiteral("labels"), pairsObject(a.labels));
        o.insert(QStringLiteral("annotations"), pairsObject(a.annotations));
        o.insert(QStringLiteral("startsAt"), isoTime(std::min(a.startsMs, nowMs)));
        // Alertmanager resolves an alert at its endsAt: a firing one is told again before then.
        o.insert(QStringLiteral("endsAt"), isoTime(a.firing ? nowMs + holdMs : std::min(a.endsMs, nowMs)));
        list.append(o);
    }
    return QJsonDocument(list).toJson(QJsonDocument::Compact);
}

QByteArray webhookNotification(std::span<const OutboundAlarm> alarms, const AlarmOutSettings &settings,
                               size_t truncated, int64_t nowMs)
{
    QJsonArray list;
    bool anyFiring = false;
    for (const OutboundAlarm &a : alarms) {
        anyFiring = anyFiring || a.firing;
        QJsonObject o;
        o.insert(QStringLiteral("status"), a.firing ? QStringLiteral("firing") : QStringLiteral("resolved"));
        o.insert(QStringLiteral("labels"), pairsObject(a.labels));
        o.insert(QStringLiteral("annotations"), pairsObject(a.annotations));
        o.insert(QStringLiteral("startsAt"), isoTime(std::min(a.startsMs, nowMs)));
        // Alertmanager writes the zero time for an alert that has not ended.
        o.insert(QStringLiteral("endsAt"),
                 a.firing ? QStringLiteral("0001-01-01T00:00:00Z") : isoTime(std::min(a.endsMs, nowMs)));
        o.insert(QStringLiteral("generatorURL"), settings.externalUrl);
        o.insert(QStringLiteral("fingerprint"), a.fingerprint());
        list.append(o);
    }
    // Grouped by cluster, as a route with group_by: [cluster] would group them.
    const std::vector<std::pair<QString, QString>> group { { QStringLiteral("cluster"), settings.cluster } };
    QJsonObject n;
    n.insert(QStringLiteral("version"), QStringLiteral("4"));
    n.insert(QStringLiteral("groupKey"), QStringLiteral("{}:{cluster=\"%1\"}").arg(settings.cluster));
    n.insert(QStringLiteral("truncatedAlerts"), qint64(truncated));
    n.insert(QStringLiteral("status"), anyFiring ? QStringLiteral("firing") : QStringLiteral("resolved"));
    n.insert(QStringLiteral("receiver"), settings.receiver);
    n.insert(QStringLiteral("groupLabels"), pairsObject(group));
    // Labels and annotations every alarm of the notification shares.
    std::vector<std::pair<QString, QString>> commonLabels, commonNotes;
    if (!alarms.empty()) {
        commonLabels = alarms.front().labels;
        commonNotes = alarms.front().annotations;
        for (const OutboundAlarm &a : alarms.subspan(1)) {
            std::erase_if(commonLabels, [&](const auto &l) {
                return std::find(a.labels.begin(), a.labels.end(), l) == a.labels.end();
            });
            std::erase_if(commonNotes, [&](const auto &l) {
                return std::find(a.annotations.begin(), a.annotations.end(), l) == a.annotations.end();
            });
        }
    }
    n.insert(QStringLiteral("commonLabels"), pairsObject(commonLabels));
    n.insert(QStringLiteral("commonAnnotations"), pairsObject(commonNotes));
    n.insert(QStringLiteral("externalURL"), settings.externalUrl);
    n.insert(QStringLiteral("alerts"), list);
    return QJsonDocument(n).toJson(QJsonDocument::Compact);
}

QByteArray pagerDutyEvent(const OutboundAlarm &alarm, const QString &action, const QString &routingKey, int64_t nowMs)
{
    QJsonObject e;
    e.insert(QStringLiteral("routing_key"), routingKey);
    e.insert(QStringLiteral("event_action"), action);
    e.insert(QStringLiteral("dedup_key"), alarm.key);
    if (action == QLatin1String("trigger")) {
        QJsonObject details = pairsObject(alarm.annotations);
        for (const auto &[name, value] : alarm.labels)
            details.insert(name, value);
        QJsonObject payload;
        payload.insert(QStringLiteral("summary"), alarm.summary);
        const auto entity = std::find_if(alarm.labels.begin(), alarm.labels.end(),
                                         [](const auto &l) { return l.first == QLatin1String("entity"); });
        payload.insert(QStringLiteral("source"), entity != alarm.labels.end() ? entity->second : alarm.key);
        payload.insert(QStringLiteral("severity"), alarm.severity);
        payload.insert(QStringLiteral("timestamp"), isoTime(std::min(alarm.startsMs, nowMs)));
        payload.insert(QStringLiteral("component"), QStringLiteral("gpu-cluster"));
        const auto name = std::find_if(alarm.labels.begin(), alarm.labels.end(),
                                       [](const auto &l) { return l.first == QLatin1String("alertname"); });
        if (name != alarm.labels.end())
            payload.insert(QStringLiteral("class"), name->second);
        payload.insert(QStringLiteral("custom_details"), details);
        e.insert(QStringLiteral("payload"), payload);
    }
    return QJsonDocument(e).toJson(QJsonDocument::Compact);
}

AlarmNotifier::AlarmNotifier(AlarmOutSettings settings, std::shared_ptr<const Topology> topology,
                             std::vector<MetricDescriptor> metrics, AlarmSource alarms)
    : m_settings(std::move(settings))
    , m_topology(std::move(topology))
    , m_metrics(std::move(metrics))
    , m_alarms(std::move(alarms))
{ }

AlarmNotifier::~AlarmNotifier()
{
    m_worker.stop();
}

void AlarmNotifier::start()
{
    m_running = true;
    m_worker.start(m_settings.interval, [this] { round(QDateTime::currentMSecsSinceEpoch()); });
}

void AlarmNotifier::stop()
{
    if (!m_running.exchange(false))
        return;
    m_worker.stop();
    round(QDateTime::currentMSecsSinceEpoch());
}

void AlarmNotifier::round(int64_t nowMs)
{
    std::lock_guard lock(m_roundMutex);
    std::vector<OutboundAlarm> alarms;
    for (const Alarm &a : m_alarms())
        alarms.push_back(outboundAlarm(a, *m_topology, m_metrics, m_settings.cluster));
    {
        std::lock_guard status(m_statusMutex);
        ++m_status.rounds;
        m_status.lastRoundMs = nowMs;
    }
    switch (m_settings.protocol) {
    case AlarmProtocol::Alertmanager:
        alertmanagerRound(std::move(alarms), nowMs);
        break;
    case AlarmProtocol::Webhook:
        webhookRound(std::move(alarms), nowMs);
        break;
    case AlarmProtocol::PagerDuty:
        pagerDutyRound(std::move(alarms), nowMs);
        break;
    }
}

AlarmOutStatus AlarmNotifier::status() const
{
    std::lock_guard lock(m_statusMutex);
    return m_status;
}

bool AlarmNotifier::post(const QString &url, const QByteArray &body, int64_t nowMs)
{
    const HttpResponse r
        = httpPost(url, body, { QByteArrayLiteral("Content-Type: application/json") }, m_settings.http);
    std::lock_guard lock(m_statusMutex);
    if (!r.error.isEmpty()) {
        ++m_status.failedRequests;
        m_status.lastError = r.error;
        return false;
    }
    m_status.lastError.clear();
    m_status.lastDeliveryMs = nowMs;
    return true;
}

std::vector<OutboundAlarm> AlarmNotifier::resolvedSince(const std::vector<OutboundAlarm> &now, int64_t nowMs) const
{
    QHash<QString, const OutboundAlarm *> byKey; // one look-up an alarm delivered, not a scan
    byKey.reserve(qsizetype(now.size()));
    for (const OutboundAlarm &a : now)
        byKey.insert(a.key, &a);
    std::vector<OutboundAlarm> resolved;
    for (const auto &[key, last] : m_delivered) {
        if (!last.firing)
            continue;
        const OutboundAlarm *it = byKey.value(key);
        if (it && it->firing)
            continue;
        if (it) {
            resolved.push_back(*it); // as it stands: why it stopped firing
        } else { // gone from the book altogether: cleared and forgotten
            resolved.push_back(last);
            resolved.back().firing = false;
            resolved.back().endsMs = nowMs;
        }
    }
    return resolved;
}

void AlarmNotifier::alertmanagerRound(std::vector<OutboundAlarm> alarms, int64_t nowMs)
{
    std::vector<OutboundAlarm> send = resolvedSince(alarms, nowMs);
    for (OutboundAlarm &a : alarms)
        if (a.firing)
            send.push_back(std::move(a));
    // Told again well before it would end: three rounds may fail before Alertmanager resolves it.
    const int64_t holdMs = 4 * int64_t(m_settings.interval.count());
    const QString url = alertmanagerUrl(m_settings.url);
    size_t pending = 0;
    for (size_t from = 0; from < send.size(); from += m_settings.alarmsPerRequest) {
        const std::span<const OutboundAlarm> chunk = std::span<const OutboundAlarm>(send).subspan(
            from, std::min(m_settings.alarmsPerRequest, send.size() - from));
        if (!post(url, alertmanagerAlerts(chunk, nowMs, holdMs), nowMs)) {
            pending += chunk.size();
            continue;
        }
        for (const OutboundAlarm &a : chunk) {
            if (a.firing)
                m_delivered[a.key] = a;
            else
                m_delivered.erase(a.key);
        }
        std::lock_guard lock(m_statusMutex);
        m_status.delivered += chunk.size();
    }
    std::lock_guard lock(m_statusMutex);
    m_status.pending = pending;
}

void AlarmNotifier::webhookRound(std::vector<OutboundAlarm> alarms, int64_t nowMs)
{
    // What changed since the receiver last heard: newly firing, acknowledged or not, resolved.
    std::vector<OutboundAlarm> changed = resolvedSince(alarms, nowMs);
    for (OutboundAlarm &a : alarms) {
        if (!a.firing)
            continue;
        const auto it = m_delivered.find(a.key);
        if (it == m_delivered.end() || it->second.acknowledged != a.acknowledged || it->second.startsMs != a.startsMs)
            changed.push_back(std::move(a));
    }
    const size_t n = std::min(changed.size(), m_settings.alarmsPerRequest);
    const std::span<const OutboundAlarm> sent = std::span<const OutboundAlarm>(changed).first(n);
    if (n > 0 && post(m_settings.url, webhookNotification(sent, m_settings, changed.size() - n, nowMs), nowMs)) {
        for (const OutboundAlarm &a : sent) {
            if (a.firing)
                m_delivered[a.key] = a;
            else
                m_delivered.erase(a.key);
        }
        std::lock_guard lock(m_statusMutex);
        m_status.delivered += n;
        m_status.pending = changed.size() - n;
        return;
    }
    std::lock_guard lock(m_statusMutex);
    m_status.pending = changed.size();
}

void AlarmNotifier::pagerDutyRound(std::vector<OutboundAlarm> alarms, int64_t nowMs)
{
    // Each alarm's incident follows its state: triggered while it fires unacknowledged,
    // acknowledged once an operator has, resolved when it stops firing.
    std::vector<std::pair<QString, OutboundAlarm>> events;
    for (OutboundAlarm &a : resolvedSince(alarms, nowMs))
        events.emplace_back(QStringLiteral("resolve"), std::move(a));
    for (OutboundAlarm &a : alarms) {
        if (!a.firing)
            continue;
        const auto it = m_delivered.find(a.key);
        if (it == m_delivered.end() || it->second.startsMs != a.startsMs)
            events.emplace_back(QStringLiteral("trigger"), a); // acknowledged next round, if it is
        else if (a.acknowledged && !it->second.acknowledged)
            events.emplace_back(QStringLiteral("acknowledge"), a);
    }
    size_t sent = 0;
    for (const auto &[action, a] : events) {
        if (sent == m_settings.eventsPerRound)
            break;
        if (!post(m_settings.url, pagerDutyEvent(a, action, m_settings.routingKey, nowMs), nowMs))
            break; // the rest next round, in order
        ++sent;
        if (action == QLatin1String("resolve")) {
            m_delivered.erase(a.key);
        } else {
            OutboundAlarm &d = m_delivered[a.key] = a;
            d.acknowledged = action == QLatin1String("acknowledge");
        }
    }
    std::lock_guard lock(m_statusMutex);
    m_status.delivered += sent;
    m_status.pending = events.size() - sent;
}

} // namespace vigil
