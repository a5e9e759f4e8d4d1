// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/alarmbook.h"
#include "domain/periodicworker.h"
#include "gateway/alarmstore.h"
#include "gateway/operators.h"
#include "gateway/telemetryjournal.h"
#include "noc/sharedalarmstate.h"

#include <grpcpp/support/status.h>

#include <memory>
#include <mutex>
#include <unordered_map>

namespace vigil {

// The gateway's alarms: one AlarmBook kept from the journal as it grows (every
// warning, drain, reading and action), every change journalled as an AlarmUpdate
// right after the entry that caused it, so every subscriber sees one alarm state;
// operators' actions checked against it before they are journalled; the book
// saved to the alarm journal file so a restart keeps it.
class AlarmDesk final : public JournalFollower
{
public:
    AlarmDesk(std::shared_ptr<const Topology> topology, std::vector<MetricDescriptor> metrics);
    ~AlarmDesk() override;

    // Keeps the alarms in this file, restoring those saved there. An error names the file and the problem.
    QString openJournal(const QString &path);
    // Shares the operators' actions with the other gateways of the NOC through this
    // state (it outlives the desk's use of it), before the state is opened. With a
    // journal, the state is told where this gateway left off, so it hands over every
    // action taken since; without, the desk asks (true) for the alarms kept there.
    bool shareThrough(SharedAlarmState *shared);
    // The alarms the shared state keeps, as this desk's own (numbered afresh).
    void takeSharedAlarms(std::vector<v1::Alarm> saved);
    // An action committed to the shared state. Taken elsewhere: applied here to the alarm
    // of the same condition and journalled, so this gateway's dashboards see it; an alarm
    // this gateway does not hold is counted, not journalled. Either way the alarm then
    // stands as the shared state settled it (every action on it in version order), so
    // gateways that saw concurrent actions in different orders agree.
    void applyShared(TelemetryJournal &journal, const SharedAction &shared);
    uint64_t sharedNotApplicable() const { return m_sharedNotApplicable; }
    // Actions taken here while the shared state was away, refused on its return.
    uint64_t sharedRefused() const { return m_sharedRefused; }

    // Threshold rules instead of the defaults; why not, when they make no sense.
    QString setRules(std::vector<ThresholdRule> rules);

    std::optional<v1::StreamMessage> follow(const v1::StreamMessage &appended, const ClusterState &head) override;
    std::optional<v1::StreamMessage> snapshotEntry() const override;

    // Checks an operator's action against the alarms, journals it (the journal
    // then brings the change to every subscriber) and saves it; the status says
    // why not (NOT_FOUND, FAILED_PRECONDITION, OUT_OF_RANGE, INVALID_ARGUMENT). With a
    // shared state the action is committed there first, checked against the alarm as
    // the state settled it (FAILED_PRECONDITION when another gateway's action got there
    // first); `notShared` says why an action that holds here has not reached the other
    // gateways yet (it goes once the state answers again).
    grpc::Status act(TelemetryJournal &journal, Event action, uint64_t *eventId, uint64_t *seq,
                     QString *notShared = nullptr);
    // What became of an action on many alarms, per alarm in the order given.
    struct DeskActions
    {
        std::vector<grpc::Status> taken; // OK, or why it was not taken on that alarm
        std::vector<uint64_t> eventIds; // the journalled event (0: not taken)
        uint64_t seq = 0; // the journal entry that carries them
        QString notShared; // as act()'s
    };
    // One operator's action on many alarms, taken as one: each is checked as act() checks
    // one; those that apply are committed to the shared state in one transaction, appended
    // to the journal in one entry and saved in one write. The status is not OK only when
    // the whole failed (the alarm journal could not save it).
    grpc::Status actOnAll(TelemetryJournal &journal, std::vector<Event> actions, DeskActions *done);

    std::vector<Alarm> alarms() const;
    std::optional<Alarm> find(uint64_t id) const;
    // The actions in the alarm journal, oldest first (empty without one).
    std::vector<Event> journalledActions();

    // Writes alarm changes to the journal file now (it is also done once a second).
    void flush(bool wait);

private:
    // Hands the alarms changed since the last save (and the actions, if any) to the store.
    QString save(std::vector<v1::Event> actions, bool wait, AlarmStore::SharedChanges shared = {});
    // Notes how the shared state settled an alarm at `version`, unless a later settlement is
    // noted already; true when this one is now the alarm's. With m_mutex held.
    bool noteSettlement(uint64_t id, int64_t version, const v1::Alarm &settled);

    // Per alarm acted on through the shared state: its latest settlement seen here. An
    // action reaching this gateway out of version order is applied and then settled back.
    struct Settlement
    {
        int64_t version = 0;
        Alarm alarm;
    };
    std::unordered_map<uint64_t, Settlement> m_settled;
    int64_t m_sharedVersion = 0; // the shared state's latest version applied here
    bool m_sharedVersionUnsaved = false;
    std::vector<QString> m_sharedDone; // origins of waiting actions since committed (or refused) there

    mutable std::mutex m_mutex; // the book and what is still to be saved
    AlarmBook m_book;
    std::set<uint64_t> m_unsaved;
    std::vector<uint64_t> m_unsavedRemoved;
    std::mutex m_actMutex; // one action at a time: check, journal, save
    std::unique_ptr<AlarmStore> m_store;
    PeriodicWorker m_flusher; // once a second, the changes to the journal
    SharedAlarmState *m_shared = nullptr;
    std::atomic<uint64_t> m_sharedNotApplicable { 0 };
    std::atomic<uint64_t> m_sharedRefused { 0 };
};

} // namespace vigil
