// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/alarm.h"
#include "domain/metric.h"
#include "domain/periodicworker.h"
#include "domain/topology.h"
#include "sources/httpclient.h"

#include <QByteArray>
#include <QString>

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

namespace vigil {

// The systems a NOC already pages and routes with, which the gateway's alarms go out to.
enum class AlarmProtocol
{
    Alertmanager, // POST /api/v2/alerts of a real Alertmanager: firing alarms again every round
    Webhook, // an Alertmanager-compatible webhook (payload version 4), sent on each change
    PagerDuty, // PagerDuty Events API v2: trigger, acknowledge, resolve, one dedup key an alarm
};

// Where one target is and how the gateway talks to it.
struct AlarmOutSettings
{
    AlarmProtocol protocol = AlarmProtocol::Alertmanager;
    QString url; // Alertmanager's base (http://host:9093) or its /api/v2/alerts; the webhook's or PagerDuty's URL
    HttpOptions http;
    QString routingKey; // PagerDuty's integration key
    // A round every interval: Alertmanager is told again of every firing alarm (it forgets
    // one not repeated within its endsAt), the others of what changed since they last heard.
    std::chrono::milliseconds interval { 15000 };
    size_t alarmsPerRequest = 500; // Alertmanager and webhook requests; PagerDuty takes one event a request
    size_t eventsPerRound = 200; // PagerDuty: at most this many events a round (its rate limits)
    QString cluster; // the `cluster` label
    QString receiver = QStringLiteral("vigil"); // the webhook payload's receiver
    QString externalUrl; // the webhook payload's externalURL: where a person sees the alarms

    QString validate() const; // empty when the settings make sense
    // "alertmanager http://…", as the sources list names it.
    QString describe() const;
};

// An alarm as systems outside Vigil see it: a stable key (the same on every gateway and after
// a restart: the cluster, the entity's name, the condition), labels to route on, annotations to
// read, and whether it fires. Firing is the ISA-18.2 state an operator is asked about: active,
// and neither shelved, suppressed by design nor out of service.
struct OutboundAlarm
{
    QString key; // "vigil:<cluster>:<entity>:<condition>", at most 255 characters (PagerDuty's dedup key)
    bool firing = false;
    bool acknowledged = false;
    std::vector<std::pair<QString, QString>> labels; // sorted by name
    std::vector<std::pair<QString, QString>> annotations; // sorted by name
    QString summary; // one line
    QString severity; // critical, error, warning, info
    int64_t startsMs = 0; // the latest activation
    int64_t endsMs = 0; // when it cleared (resolved), or 0
    QString fingerprint() const; // 16 hex digits of the key
};

OutboundAlarm outboundAlarm(const Alarm &alarm, const Topology &topology, std::span<const MetricDescriptor> metrics,
                            const QString &cluster);

// The body of POST /api/v2/alerts: each alarm with its labels and annotations; a firing one
// ends at `nowMs + holdMs` unless told again, a resolved one at its end (never after `nowMs`).
QByteArray alertmanagerAlerts(std::span<const OutboundAlarm> alarms, int64_t nowMs, int64_t holdMs);
// An Alertmanager webhook notification (version 4) of these alarms: `status` is firing while
// any of them fires; `truncated` counts alarms left for the next notification.
QByteArray webhookNotification(std::span<const OutboundAlarm> alarms, const AlarmOutSettings &settings,
                               size_t truncated, int64_t nowMs);
// A PagerDuty Events v2 event: "trigger" (with its payload), "acknowledge" or "resolve".
QByteArray pagerDutyEvent(const OutboundAlarm &alarm, const QString &action, const QString &routingKey, int64_t nowMs);

// What a target has been sent, for the sources list and for tests.
struct AlarmOutStatus
{
    uint64_t rounds = 0;
    int64_t lastRoundMs = 0; // wall clock of the last round, whether it had anything to send
    uint64_t delivered = 0; // alarms (Alertmanager, webhook) or events (PagerDuty) the target took
    uint64_t failedRequests = 0;
    uint64_t pending = 0; // changes not yet taken, after the last round
    int64_t lastDeliveryMs = 0; // wall clock
    QString lastError; // of the last failed request; cleared by the next that succeeds
};

// One target: every interval, the alarms as they stand (from the one alarm book the journal
// keeps) against what the target last took, and the difference sent. What a target refused or
// could not be reached for stays different, so it goes again next round: a target that is down
// for an hour hears, when it is back, how things stand, not an hour of history. What waits is
// bounded by the alarm book itself.
class AlarmNotifier
{
public:
    using AlarmSource = std::function<std::vector<Alarm>()>;
    AlarmNotifier(AlarmOutSettings settings, std::shared_ptr<const Topology> topology,
                  std::vector<MetricDescriptor> metrics, AlarmSource alarms);
    ~AlarmNotifier();

    void start();
    // Stops the rounds after one last one (so a clear just before a stop still goes out).
    void stop();
    // One round now, on the calling thread.
    void round(int64_t nowMs);

    AlarmOutStatus status() const;
    const AlarmOutSettings &settings() const { return m_settings; }

private:
    void alertmanagerRound(std::vector<OutboundAlarm> alarms, int64_t nowMs);
    void webhookRound(std::vector<OutboundAlarm> alarms, int64_t nowMs);
    void pagerDutyRound(std::vector<OutboundAlarm> alarms, int64_t nowMs);
    bool post(const QString &url, const QByteArray &body, int64_t nowMs);
    // The alarms this target last took as firing and that no longer fire, as resolved.
    std::vector<OutboundAlarm> resolvedSince(const std::vector<OutboundAlarm> &now, int64_t nowMs) const;

    const AlarmOutSettings m_settings;
    const std::shared_ptr<const Topology> m_topology;
    const std::vector<MetricDescriptor> m_metrics;
    const AlarmSource m_alarms;
    // What the target last took, by key: Alertmanager and the webhook, the firing ones;
    // PagerDuty, every alarm it has an open incident for.
    std::map<QString, OutboundAlarm> m_delivered;
    mutable std::mutex m_statusMutex;
    AlarmOutStatus m_status;
    std::mutex m_roundMutex; // one round at a time (the worker's, stop()'s last)
    PeriodicWorker m_worker;
    std::atomic<bool> m_running { false };
};

} // namespace vigil
