// SPDX-License-Identifier: GPL-3.0-or-later
#include "gateway/alarmdesk.h"

#include "domain/codec.h"

namespace vigil {

AlarmDesk::AlarmDesk(std::shared_ptr<const Topology> topology, std::vector<MetricDescriptor> metrics)
{
    m_book.setTopology(std::move(topology), std::move(metrics));
    m_book.keepActivations(false); // a gateway runs for months; the dashboards make the flood figures
}

AlarmDesk::~AlarmDesk()
{
    m_flusher.stop();
    if (m_store)
        flush(true);
}

QString AlarmDesk::openJournal(const QString &path)
{
    auto store = std::make_unique<AlarmStore>();
    std::vector<v1::Alarm> saved;
    if (QString error = store->open(path, saved); !error.isEmpty())
        return error;
    std::vector<Alarm> alarms;
    for (const v1::Alarm &a : saved)
        alarms.push_back(wire::fromProto(a));
    {
        std::lock_guard lock(m_mutex);
        m_book.restore(std::move(alarms));
    }
    m_store = std::move(store);
    m_flusher.start(std::chrono::seconds(1), [this] { flush(false); });
    return {};
}

namespace {

constexpr const char *SharedInstanceKey = "shared_instance";
constexpr const char *SharedVersionKey = "shared_version";

} // namespace

bool AlarmDesk::shareThrough(SharedAlarmState *shared)
{
    m_shared = shared;
    if (!m_store)
        return true;
    // The journal knows its alarms, by its own ids, up to the version it last applied.
    const QString instance = m_store->meta(QLatin1String(SharedInstanceKey));
    const int64_t version = m_store->meta(QLatin1String(SharedVersionKey)).toLongLong();
    m_shared->resumeAs(instance, version);
    m_shared->requeue(m_store->waitingForSharedState());
    {
        std::lock_guard lock(m_mutex);
        m_sharedVersion = version;
    }
    if (instance.isEmpty())
        m_store->save({}, {}, {}, false, { {}, {}, { { QLatin1String(SharedInstanceKey), shared->instance() } } });
    return false;
}

void AlarmDesk::takeSharedAlarms(std::vector<v1::Alarm> saved)
{
    if (m_store || saved.empty())
        return;
    // Every gateway numbers its alarms its own way: these are numbered afresh.
    std::vector<Alarm> alarms;
    for (const v1::Alarm &a : saved) {
        alarms.push_back(wire::fromProto(a));
        alarms.back().id = alarms.size();
    }
    std::lock_guard lock(m_mutex);
    m_book.restore(std::move(alarms));
}

bool AlarmDesk::noteSettlement(uint64_t id, int64_t version, const v1::Alarm &settled)
{
    Settlement &s = m_settled[id];
    if (s.version > version)
        return false;
    s = { version, wire::fromProto(settled) };
    return true;
}

void AlarmDesk::applyShared(TelemetryJournal &journal, const SharedAction &shared)
{
    // The version is applied here (saved with the alarms: a restart resumes after it).
    auto appliedLocked = [this, version = shared.version] {
        if (version > m_sharedVersion) {
            m_sharedVersion = version;
            m_sharedVersionUnsaved = true;
        }
    };
    auto applied = [this, &appliedLocked] {
        std::lock_guard lock(m_mutex);
        appliedLocked();
    };
    if (shared.takenHere) {
        // Applied here when it was taken; committed (or refused) since: it stands as settled.
        if (!shared.refused.isEmpty())
            ++m_sharedRefused;
        std::lock_guard lock(m_mutex);
        const Alarm *a = shared.alarmKey.isEmpty() ? nullptr : m_book.findByKey(shared.alarmKey);
        if (a && shared.settled && noteSettlement(a->id, shared.version, *shared.settled))
            m_book.settle(a->id, m_settled[a->id].alarm);
        appliedLocked();
        if (!shared.queuedOrigin.isEmpty() && m_store)
            m_sharedDone.push_back(shared.queuedOrigin); // no longer waits: off the journal's list
        return;
    }
    Event action = wire::fromProto(shared.action);
    std::lock_guard actLock(m_actMutex);
    {
        std::lock_guard lock(m_mutex);
        if (!shared.alarmKey.isEmpty()) {
            const Alarm *a = m_book.findByKey(shared.alarmKey);
            if (!a) {
                ++m_sharedNotApplicable;
                appliedLocked();
                return;
            }
            action.alarmId = a->id;
            action.entity = a->entity;
            if (shared.settled) {
                // Journalled even when it no longer applies here: it happened, and the alarm is then
                // settled (follow) as the shared state has it after this action.
                noteSettlement(a->id, shared.version, *shared.settled);
            } else if (m_book.check(action).first != AlarmRefusal::None) {
                ++m_sharedNotApplicable; // an older gateway's row: taken here too, or overtaken
                appliedLocked();
                return;
            }
        } else {
            action.alarmId = 0;
        }
    }
    action.id = 0; // this journal numbers it
    action.targetEventId = 0; // the other gateway's numbering
    journal.appendEvents({ action });
    applied();
}

QString AlarmDesk::setRules(std::vector<ThresholdRule> rules)
{
    std::lock_guard lock(m_mutex);
    return m_book.setRules(std::move(rules));
}

std::optional<v1::StreamMessage> AlarmDesk::follow(const v1::StreamMessage &appended, const ClusterState &head)
{
    std::lock_guard lock(m_mutex);
    if (appended.has_samples()) {
        m_book.applyReadings(head);
    } else if (appended.has_events()) {
        std::vector<Event> events;
        events.reserve(size_t(appended.events().events_size()));
        for (const v1::Event &e : appended.events().events())
            events.push_back(wire::fromProto(e));
        m_book.applyEvents(events);
        // An action that reached this gateway out of the shared state's order leaves the
        // alarm as the state settled it.
        if (!m_settled.empty())
            for (const Event &e : events)
                if (isOperatorAction(e.type) && e.alarmId != 0)
                    if (const auto it = m_settled.find(e.alarmId); it != m_settled.end())
                        m_book.settle(e.alarmId, it->second.alarm);
    } else {
        return std::nullopt;
    }
    const std::vector<uint64_t> changed = m_book.takeChanged();
    const std::vector<uint64_t> forgotten = m_book.takeForgotten();
    for (uint64_t id : forgotten)
        m_settled.erase(id);
    if (changed.empty() && forgotten.empty())
        return std::nullopt;
    v1::StreamMessage update;
    v1::AlarmUpdate *alarms = update.mutable_alarms();
    for (uint64_t id : changed)
        if (const Alarm *a = m_book.find(id)) {
            *alarms->add_alarms() = wire::toProto(*a);
            m_unsaved.insert(id);
        }
    for (uint64_t id : forgotten) {
        alarms->add_removed(id);
        m_unsaved.erase(id);
        m_unsavedRemoved.push_back(id);
    }
    return update;
}

std::optional<v1::StreamMessage> AlarmDesk::snapshotEntry() const
{
    std::lock_guard lock(m_mutex);
    v1::StreamMessage m;
    v1::AlarmUpdate *alarms = m.mutable_alarms();
    alarms->set_full(true);
    for (const Alarm &a : m_book.alarms())
        *alarms->add_alarms() = wire::toProto(a);
    return m;
}

grpc::Status AlarmDesk::act(TelemetryJournal &journal, Event action, uint64_t *eventId, uint64_t *seq,
                            QString *notShared)
{
    DeskActions done;
    if (grpc::Status failed = actOnAll(journal, { std::move(action) }, &done); !failed.ok())
        return failed;
    if (!done.taken.front().ok())
        return done.taken.front();
    *eventId = done.eventIds.front();
    *seq = done.seq;
    if (notShared)
        *notShared = done.notShared;
    return grpc::Status::OK;
}

namespace {

grpc::Status refusalStatus(AlarmRefusal refusal, const QString &why)
{
    switch (refusal) {
    case AlarmRefusal::None:
        return grpc::Status::OK;
    case AlarmRefusal::NotFound:
        return grpc::Status(grpc::StatusCode::NOT_FOUND, why.toStdString());
    case AlarmRefusal::FailedPrecondition:
        return grpc::Status(grpc::StatusCode::FAILED_PRECONDITION, why.toStdString());
    case AlarmRefusal::OutOfRange:
        return grpc::Status(grpc::StatusCode::OUT_OF_RANGE, why.toStdString());
    default:
        return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, why.toStdString());
    }
}

} // namespace

grpc::Status AlarmDesk::actOnAll(TelemetryJournal &journal, std::vector<Event> actions, DeskActions *done)
{
    std::lock_guard actLock(m_actMutex);
    done->taken.assign(actions.size(), grpc::Status::OK);
    done->eventIds.assign(actions.size(), 0);
    // Those that apply here, each with the alarm as it stood before it.
    std::vector<size_t> going;
    std::vector<SharedOutgoing> outgoing; // each encoded once, for the shared state and the alarm journal
    std::vector<size_t> outgoingOf(actions.size(), 0);
    {
        std::lock_guard lock(m_mutex);
        for (size_t i = 0; i < actions.size(); ++i) {
            const auto [refusal, why] = m_book.check(actions[i]);
            if (refusal != AlarmRefusal::None) {
                done->taken[i] = refusalStatus(refusal, why);
                continue;
            }
            SharedOutgoing o { {}, wire::toProto(actions[i]), {}, std::nullopt };
            if (const Alarm *a = actions[i].alarmId ? m_book.find(actions[i].alarmId) : nullptr) {
                o.alarmKey = alarmKeyText(*a);
                o.before = wire::toProto(*a);
            }
            going.push_back(i);
            outgoingOf[i] = outgoing.size();
            outgoing.push_back(std::move(o));
        }
    }
    AlarmStore::SharedChanges waiting;
    if (m_shared && !outgoing.empty()) {
        // Committed there first, against the alarms as the NOC settled them: an action another
        // gateway took on one a moment ago decides whether this one still applies to it.
        const std::vector<SharedCommit> shared = m_shared->publishAll(outgoing);
        std::vector<size_t> stillGoing;
        std::lock_guard lock(m_mutex);
        for (size_t k = 0; k < going.size(); ++k) {
            const SharedCommit &commit = shared[k];
            const size_t i = going[k];
            if (!commit.refused.isEmpty()) {
                done->taken[i] = grpc::Status(
                    grpc::StatusCode::FAILED_PRECONDITION,
                    QStringLiteral("%1 (on another gateway, a moment ago)").arg(commit.refused).toStdString());
                continue;
            }
            stillGoing.push_back(i);
            if (commit.committed() && commit.settled)
                noteSettlement(actions[i].alarmId, commit.version, *commit.settled);
            else if (!commit.committed())
                m_settled.erase(actions[i].alarmId); // it holds here until the state answers, and then as settled there
            if (!commit.error.isEmpty()) {
                // Kept in the journal with the action: a restart before the state answers does not lose it.
                SharedOutgoing kept = outgoing[k];
                kept.origin = commit.origin;
                waiting.waiting.push_back(std::move(kept));
                done->notShared = QStringLiteral("taken on this gateway; the other gateways will see it once the "
                                                 "shared state answers again (%1)")
                                      .arg(commit.error);
            }
        }
        going = std::move(stillGoing);
    }
    if (going.empty())
        return grpc::Status::OK;
    std::vector<Event> taken;
    taken.reserve(going.size());
    for (size_t i : going)
        taken.push_back(actions[i]);
    std::vector<uint64_t> ids;
    done->seq = journal.appendEvents(taken, &ids); // the book follows the journal: the changes are applied now
    // Logged as it was encoded for the shared state, with the id the journal gave.
    std::vector<v1::Event> logged;
    logged.reserve(going.size());
    for (size_t k = 0; k < going.size(); ++k) {
        done->eventIds[going[k]] = ids[k];
        logged.push_back(outgoing[outgoingOf[going[k]]].action);
        logged.back().set_id(ids[k]);
    }
    // Answered only once it is on disk: an acknowledged action survives a restart.
    if (QString error = save(std::move(logged), true, std::move(waiting)); !error.isEmpty())
        return grpc::Status(
            grpc::StatusCode::UNAVAILABLE,
            QStringLiteral("journalled, but the alarm journal could not save it: %1").arg(error).toStdString());
    return grpc::Status::OK;
}

std::vector<Alarm> AlarmDesk::alarms() const
{
    std::lock_guard lock(m_mutex);
    return m_book.alarms();
}

std::optional<Alarm> AlarmDesk::find(uint64_t id) const
{
    std::lock_guard lock(m_mutex);
    const Alarm *a = m_book.find(id);
    return a ? std::optional<Alarm>(*a) : std::nullopt;
}

std::vector<Event> AlarmDesk::journalledActions()
{
    std::vector<Event> out;
    if (m_store)
        for (const v1::Event &e : m_store->actions())
            out.push_back(wire::fromProto(e));
    return out;
}

void AlarmDesk::flush(bool wait)
{
    save({}, wait);
}

QString AlarmDesk::save(std::vector<v1::Event> actions, bool wait, AlarmStore::SharedChanges shared)
{
    if (!m_store)
        return {};
    std::vector<v1::Alarm> changed;
    std::vector<uint64_t> removed;
    {
        std::lock_guard lock(m_mutex);
        if (m_unsaved.empty() && m_unsavedRemoved.empty() && !m_sharedVersionUnsaved && m_sharedDone.empty()
            && actions.empty() && !wait)
            return {}; // nothing to write
        for (uint64_t id : std::exchange(m_unsaved, {}))
            if (const Alarm *a = m_book.find(id))
                changed.push_back(wire::toProto(*a));
        removed = std::exchange(m_unsavedRemoved, {});
        // Saved with the alarms as they stand at it: a restart resumes from there.
        if (std::exchange(m_sharedVersionUnsaved, false))
            shared.meta.emplace_back(QLatin1String(SharedVersionKey), QString::number(m_sharedVersion));
        shared.shared = std::exchange(m_sharedDone, {});
    }
    return m_store->save(std::move(changed), std::move(removed), std::move(actions), wait, std::move(shared));
}

} // namespace vigil
