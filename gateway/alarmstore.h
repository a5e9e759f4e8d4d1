// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/periodicworker.h"
#include "noc/sharedalarmstate.h"
#include "vigil/v1/gateway.pb.h"

#include <QString>

#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace vigil {

// The gateway's alarm journal: a SQLite file holding every alarm as it stands and
// every operator's action on one, so that a restarted gateway serves the alarm
// state its operators left (docs/alarms.md). Written on its own thread (a SQLite
// connection belongs to the thread that opened it); callers hand over copies.
class AlarmStore
{
public:
    static constexpr int FormatVersion = 1;

    AlarmStore();
    ~AlarmStore();
    AlarmStore(const AlarmStore &) = delete;
    AlarmStore &operator=(const AlarmStore &) = delete;

    // Opens (creating) the file and reads the alarms saved in it. An error names the file and the problem.
    QString open(const QString &path, std::vector<v1::Alarm> &saved);

    // Saves alarms that changed, forgets removed ones, and logs actions; with `wait`,
    // returns once it is on disk (an operator's action is answered only then).
    // With a shared state: `waiting` are actions to keep until they are committed there, `shared`
    // the origins of those that are.
    struct SharedChanges
    {
        std::vector<SharedOutgoing> waiting;
        std::vector<QString> shared;
        std::vector<std::pair<QString, QString>> meta;
    };
    QString save(std::vector<v1::Alarm> changed, std::vector<uint64_t> removed, std::vector<v1::Event> actions,
                 bool wait, SharedChanges shared = {});
    // The actions that waited for the shared state when the file was last written.
    std::vector<SharedOutgoing> waitingForSharedState() const;
    // A value kept beside the alarms (saved with save()'s `meta`) as the file held it when opened.
    QString meta(const QString &key) const;
    // Actions logged so far (the audit trail), oldest first.
    std::vector<v1::Event> actions();

private:
    struct Job
    {
        std::vector<v1::Alarm> changed;
        std::vector<uint64_t> removed;
        std::vector<v1::Event> actions;
        uint64_t ticket = 0;
        SharedChanges shared;
    };
    void run(QString path, std::stop_token stop);
    QString writeBatch(std::vector<Job> &jobs);

    mutable std::mutex m_mutex;
    std::condition_variable_any m_wake, m_done;
    std::deque<Job> m_queue;
    uint64_t m_nextTicket = 1, m_doneTicket = 0;
    QString m_lastError;
    bool m_opened = false, m_readActions = false;
    QString m_openError;
    std::vector<v1::Alarm> m_loaded;
    std::map<QString, QString> m_meta; // as opened
    std::vector<SharedOutgoing> m_waiting; // as opened
    std::vector<v1::Event> m_actions;
    Worker m_worker; // last: stopped before anything it uses goes
};

} // namespace vigil
