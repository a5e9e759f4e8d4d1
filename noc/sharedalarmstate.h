// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/periodicworker.h"
#include "noc/pgconnection.h"
#include "vigil/v1/gateway.pb.h"

#include <QString>

#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <vector>

namespace vigil {

// An operator's action as the shared state holds it: the version the state was at
// once it was committed, the gateway it was taken on, the alarm's condition in words
// every gateway agrees on (alarmKeyText), and the alarm as the action left it there.
struct SharedAction
{
    int64_t version = 0;
    QString gateway; // its name, for people
    QString instance; // the gateway process that took it
    QString alarmKey; // empty: an action on no alarm (a note)
    v1::Event action;
    // The alarm as the shared state settled it: every action on it up to `version`, in
    // version order, each taken only where it applied. Absent for rows older than it.
    std::optional<v1::Alarm> settled;
    // Taken on this gateway (and applied here when it was taken): only its settled state is news.
    bool takenHere = false;
    // Taken here while the state was away, and refused once it answered: the alarm had been
    // acted on meanwhile elsewhere (`settled` is the alarm as the state holds it).
    QString refused;
    // Taken here while the state was away, and now committed or refused: its origin.
    QString queuedOrigin;
};

// An action taken here that waits for the shared state to answer: named by its origin
// ("session/n", unique in the audit trail, so a retry never commits it twice), with the
// alarm as it stood here before it. A gateway with a journal keeps these there.
struct SharedOutgoing
{
    QString origin;
    v1::Event action;
    QString alarmKey;
    std::optional<v1::Alarm> before;
};

// What became of an action handed to publish().
struct SharedCommit
{
    QString origin; // the action's, in the audit trail
    QString error; // the state did not answer: the action waits to be committed when it does
    QString refused; // the state settled the alarm otherwise meanwhile: not taken (FAILED_PRECONDITION)
    int64_t version = 0; // committed at this version
    std::optional<v1::Alarm> settled; // committed: the alarm as the action left it in the shared state
    bool committed() const { return error.isEmpty() && refused.isEmpty(); }
};

struct SharedStateStatus
{
    bool listening = false; // the listener connection is up
    int64_t version = 0; // the latest version applied here
    uint64_t published = 0; // actions taken here, committed
    uint64_t received = 0; // actions taken on other gateways, handed over
    size_t pending = 0; // actions taken here, waiting for the server to come back
    uint64_t refused = 0; // actions taken here while it was away, refused on its return (acted on elsewhere)
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

    // A gateway that keeps a journal of its own resumes as the instance it was, from
    // the version it had applied: open() then leaves the alarms to the journal, and the
    // listener hands over every action committed since. Called before open().
    void resumeAs(const QString &instance, int64_t appliedVersion);
    // Actions a journal kept that still wait to be committed (before any new one).
    void requeue(std::vector<SharedOutgoing> waiting);

    // Connects, makes the tables if they are missing, and reads the alarms kept
    // there. An error names the server and the problem.
    QString open(std::vector<v1::Alarm> *saved);
    // Starts listening; `receiver` is called on the listener's thread, in version order,
    // for every action committed from now on (those taken here marked takenHere), and
    // for an action taken here while the state was away once it is committed or refused.
    void start(Receiver receiver);
    void stop();

    // Commits an action on the alarm as it stood here before it (`before`): under the
    // alarm's row lock the action is checked against, and applied to, the alarm as the
    // shared state settled it, so concurrent actions on one alarm take effect in version
    // order on every gateway. When the server does not answer (within a few seconds: a
    // hung transaction holding a lock counts), the action is kept, in order, and committed
    // once it does (a retry never commits it twice).
    SharedCommit publish(const v1::Event &action, const QString &alarmKey, const std::optional<v1::Alarm> &before);
    // Commits one action of an operator's on many alarms (their origins are given here) in
    // one transaction, each checked as publish() checks one: the state takes those that
    // apply all at once, and every gateway sees them at consecutive versions. What became
    // of each, in order.
    std::vector<SharedCommit> publishAll(std::vector<SharedOutgoing> actions);

    // Every action committed, oldest first (the audit trail of all gateways).
    QString actions(std::vector<SharedAction> &out);
    // The bookmarks (notes about an instant) marking instants from `fromMs` to `toMs`, in the
    // order of those instants, at most `max`.
    QString bookmarks(int64_t fromMs, int64_t toMs, size_t max, std::vector<SharedAction> &out);

    SharedStateStatus status() const;
    QString describe() const;
    const QString &instance() const { return m_instance; }
    // Names this process's commits: "session/n" for the n-th action handed to publish().
    const QString &session() const { return m_session; }

private:
    using Outgoing = SharedOutgoing;
    std::vector<SharedCommit> commit(const std::vector<Outgoing> &batch); // with m_writeMutex held
    std::vector<SharedCommit> commitRetrying(const std::vector<Outgoing> &batch); // with m_writeMutex held
    // Commits what waits, oldest first, up to the first the state does not take.
    QString flushOutbox(); // with m_writeMutex held
    QString ensureWriter(); // with m_writeMutex held
    void listen(std::stop_token stop);
    QString resync(PgConnection &connection);
    void noteError(const QString &error);

    const QString m_conninfo, m_gateway;
    QString m_instance; // this gateway's, kept across restarts by its journal
    const QString m_session; // this process's: names the actions it commits
    bool m_resumed = false;
    Receiver m_receiver;

    std::mutex m_writeMutex; // the writer connection and the outbox
    PgConnection m_writer;
    std::deque<Outgoing> m_outbox;
    uint64_t m_published = 0; // actions handed to publish() so far

    mutable std::mutex m_statusMutex;
    SharedStateStatus m_status;
    Worker m_listener; // last: stopped before what it uses goes
};

} // namespace vigil
