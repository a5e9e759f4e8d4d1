// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/alarm.h"
#include "domain/periodicworker.h"
#include "domain/remedy.h"
#include "domain/topology.h"
#include "gateway/handoffroute.h"
#include "sources/httpclient.h"

#include <QByteArray>
#include <QSet>
#include <QString>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <set>

namespace vigil {

class AlarmDesk;
class TelemetryJournal;

// Where a site wants recommended actions handed (docs/hand-off.md), from `--hand-off FILE`:
//
//     { "webhook": { "url": "https://tickets.example/vigil", "bearer_token_file": "/etc/vigil/ticket.token",
//                    "timeout_s": 10 },
//       "script": { "path": "/usr/local/sbin/vigil-hand-off", "timeout_s": 30 },
//       "operators": [ "a.nakamura", "j.okafor" ],
//       "automatic": { "remedies": [ "reset-gpu" ], "min_priority": "critical", "max_per_hour": 4 } }
//
// A webhook, a script or both. "operators" limits who may hand off (absent: every operator).
// Without "automatic" nothing is handed off unless an operator does it.
struct HandOffSettings
{
    QString webhookUrl;
    HttpOptions webhook; // its token, CA and timeout (10 s unless told)
    QString scriptPath;
    std::chrono::milliseconds scriptTimeout { 30000 };
    QSet<QString> operators; // empty: every operator
    std::set<Remedy> automatic; // empty: none
    AlarmPriority automaticFrom = AlarmPriority::Critical;
    int automaticPerHour = 4;
    // Not in the file: how often new alarms are looked at, and the pause before a failed
    // delivery is tried again (four times as long before the third try).
    std::chrono::milliseconds automaticScan { 5000 };
    std::chrono::milliseconds retryPause { 2000 };

    static constexpr int MaxPerHour = 60;
};

// The settings a JSON text says; on a problem nothing is taken and the error names the source
// and the field. Secrets' files are read as they are named.
QString parseHandOffSettings(const QByteArray &json, const QString &source, HandOffSettings &settings);
QString readHandOffSettings(const QString &path, HandOffSettings &settings);

// What the webhook receives and the script reads on its standard input (docs/hand-off.md): the
// hand-off, its part by name, and the alarm it answers as the gateway holds it.
QByteArray handOffPayload(const Event &handOff, const Topology &topology, const std::optional<Alarm> &alarm,
                          const QString &gateway);

// Delivers hand-offs to the site's webhook and script on a thread of its own, journalling each
// answer (HandOffAnswer) so dashboards see it and recordings keep it; with "automatic", also
// hands off new alarms whose recommended remedy the site listed.
class HandOffDispatcher final : public HandOffRoute
{
public:
    static constexpr size_t MaxWaiting = 256; // hand-offs beyond are answered "not delivered" at once
    static constexpr int Attempts = 3; // a webhook or script that fails is tried again, 2 s then 8 s later
    static constexpr const char *AutomaticOperator = "vigil (automatic)";

    HandOffDispatcher(HandOffSettings settings, TelemetryJournal &journal, AlarmDesk *alarms, QString gateway);
    ~HandOffDispatcher() override;

    // Ends the thread: what waits is not delivered (the journal holds that it was asked).
    void stop() { m_worker.stop(); }

    QString mayHandOff(const QString &operatorName) const override;
    void deliver(const Event &handOff) override;

    // Hand-offs answered so far, and of them those the site did not take.
    uint64_t answered() const { return m_answered; }
    uint64_t failed() const { return m_failed; }

private:
    struct Answer
    {
        QString destination; // "webhook" or "script"
        int32_t code = -1; // HTTP status or exit code; -1: not reached
        QString text; // the answer's first line, or why it failed
        double seconds = 0.0;
        bool ok = false;
    };
    void run(std::stop_token stop);
    void deliverNow(const Event &handOff, std::stop_token stop);
    Answer tryWebhook(const QByteArray &payload) const;
    Answer tryScript(const Event &handOff, const QByteArray &payload) const;
    void journalAnswer(const Event &handOff, const Answer &answer);
    void handOffNewAlarms();

    const HandOffSettings m_settings;
    TelemetryJournal &m_journal;
    AlarmDesk *m_alarms;
    const QString m_gateway;
    std::set<std::pair<uint64_t, uint32_t>> m_backlog; // alarm activations standing when it started

    std::mutex m_mutex;
    std::condition_variable_any m_wake;
    std::deque<Event> m_waiting;
    std::map<std::pair<uint64_t, uint32_t>, int64_t> m_automaticDone; // alarm and activation -> when
    std::deque<int64_t> m_automaticTimes; // the last hour's automatic hand-offs
    std::atomic<uint64_t> m_answered { 0 }, m_failed { 0 };
    Worker m_worker; // last: it stops before what it uses goes
};

} // namespace vigil
