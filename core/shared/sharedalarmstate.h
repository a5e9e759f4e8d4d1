// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "pgconnection.h"
#include "state/periodicworker.h"
#include "vigil/v1/gateway.pb.h"

#include <QString>

#include <deque>
#include <functional>
#include <mutex>
#include <optional>

namespace vigil {

// An operator's action as the shared state holds it: the version the state was at
// once it was committed, the gateway it was taken on, and the alarm's condition in
// words every gateway agrees on (alarmKeyText).
struct SharedAction
{
    int64_t version = 0;
    QString gateway; // its name, for people
    QString instance; // the gateway process that took it
    QString alarmKey; // empty: an action on no alarm (a note)
    v1::Event action;
};

struct SharedStateStatus
{
    bool listening = false; // the listener connection is up
    int64_t version = 0; // the latest version applied here
    uint64_t published = 0; // actions taken here, committed
    uint64_t received = 0; // actions taken on other gateways, handed over
    size_t pending = 0; // actions taken here, waiting for the server to come back
    QString lastError;
    int64_t lastErrorMs = 0;
};

// The NOC's shared alarm state in PostgreSQL (docs/shared-state.md): every operator
// action any gateway takes is committed there with the next version of the state,
// with the alarm as it then stood, and announced with NOTIFY (table, alarm, version);
// every gateway listens on a connection of its own and applies, in version order,
// the actions other gateways took. A notification lost while a listener was away is
// no loss: on reconnecting it reads every version after the last it applied.
//
// Versions come from one counter row that each action's transaction updates, so
// they commit in order: a reader that has seen version N has seen every version
// before it.
class SharedAlarmState
{
public:
    using Receiver = std::function<void(const SharedAction &)>;

    static constexpr const char *Channel = "vigil_state";

    SharedAlarmState(QString conninfo, QString gatewayName);
    ~SharedAlarmState();
    SharedAlarmState(const SharedAlarmState &) = delete;
    SharedAlarmState &operator=(const SharedAlarmState &) = delete;

    // Connects, makes the tables if they are missing, and reads the alarms kept
    // there. An error names the server and the problem.
    QString open(std::vector<v1::Alarm> *saved);
    // Starts listening; `receiver` is called on the listener's thread, in version order,
    // for every action another gateway takes from now on.
    void start(Receiver receiver);
    void stop();

    // Commits an action taken here (with the alarm as it stands after it). Returns
    // once committed, or why not: the action is then kept, in order, and committed
    // as soon as the server answers again (a retry never commits it twice).
    QString publish(const v1::Event &action, const QString &alarmKey, const std::optional<v1::Alarm> &alarm);

    // Every action committed, oldest first (the audit trail of all gateways).
    QString actions(std::vector<SharedAction> &out);
    // The bookmarks (notes about an instant) marking instants from `fromMs` to `toMs`, in the
    // order of those instants, at most `max`.
    QString bookmarks(int64_t fromMs, int64_t toMs, size_t max, std::vector<SharedAction> &out);

    SharedStateStatus status() const;
    QString describe() const;
    const QString &instance() const { return m_instance; }

private:
    struct Outgoing
    {
        QString origin; // instance/event id: a retried commit is recognised
        v1::Event action;
        QString alarmKey;
        std::optional<v1::Alarm> alarm;
    };
    QString commit(const Outgoing &o); // with m_writeMutex held
    QString flushOutbox(); // with m_writeMutex held
    QString ensureWriter(); // with m_writeMutex held
    void listen(std::stop_token stop);
    QString resync(PgConnection &connection);
    void noteError(const QString &error);

    const QString m_conninfo, m_gateway, m_instance;
    Receiver m_receiver;

    std::mutex m_writeMutex; // the writer connection and the outbox
    PgConnection m_writer;
    std::deque<Outgoing> m_outbox;

    mutable std::mutex m_statusMutex;
    SharedStateStatus m_status;
    Worker m_listener; // last: stopped before what it uses goes
};

} // namespace vigil
