// SPDX-License-Identifier: GPL-3.0-or-later
#include "alarmdesk.h"

#include "wire/codec.h"

namespace vigil {

AlarmDesk::AlarmDesk(std::shared_ptr<const Topology> topology, std::vector<MetricDescriptor> metrics)
{
    m_book.setTopology(std::move(topology), std::move(metrics));
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

void AlarmDesk::shareThrough(SharedAlarmState *shared, std::vector<v1::Alarm> saved)
{
    m_shared = shared;
    if (m_store || saved.empty())
        return; // the desk's own journal knows its alarms, by its own ids
    // Every gateway numbers its alarms its own way: these are numbered afresh.
    std::vector<Alarm> alarms;
    for (const v1::Alarm &a : saved) {
        alarms.push_back(wire::fromProto(a));
        alarms.back().id = alarms.size();
    }
    std::lock_guard lock(m_mutex);
    m_book.restore(std::move(alarms));
}

void AlarmDesk::applyShared(TelemetryJournal &journal, const SharedAction &shared)
{
    Event action = wire::fromProto(shared.action);
    std::lock_guard actLock(m_actMutex);
    {
        std::lock_guard lock(m_mutex);
        if (!shared.alarmKey.isEmpty()) {
            const Alarm *a = m_book.findByKey(shared.alarmKey);
            if (!a) {
                ++m_sharedNotApplicable;
                return;
            }
            action.alarmId = a->id;
            action.entity = a->entity;
        } else {
            action.alarmId = 0;
        }
        if (action.alarmId != 0 && m_book.check(action).first != AlarmRefusal::None) {
            ++m_sharedNotApplicable; // taken here too, or overtaken: the state is the same
            return;
        }
    }
    action.id = 0; // this journal numbers it
    action.targetEventId = 0; // the other gateway's numbering
    journal.appendEvents({ action });
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
    } else {
        return std::nullopt;
    }
    const std::vector<uint64_t> changed = m_book.takeChanged();
    const std::vector<uint64_t> forgotten = m_book.takeForgotten();
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
    std::lock_guard actLock(m_actMutex);
    {
        std::lock_guard lock(m_mutex);
        const auto [refusal, why] = m_book.check(action);
        const auto code = [kind = refusal] {
            switch (kind) {
            case AlarmRefusal::NotFound:
                return grpc::StatusCode::NOT_FOUND;
            case AlarmRefusal::FailedPrecondition:
                return grpc::StatusCode::FAILED_PRECONDITION;
            case AlarmRefusal::OutOfRange:
                return grpc::StatusCode::OUT_OF_RANGE;
            default:
                return grpc::StatusCode::INVALID_ARGUMENT;
            }
        }();
        if (refusal != AlarmRefusal::None)
            return grpc::Status(code, why.toStdString());
    }
    std::vector<uint64_t> ids;
    *seq = journal.appendEvents({ action }, &ids); // the book follows the journal: the change is applied now
    *eventId = ids.front();
    action.id = *eventId;
    // Answered only once it is on disk: an acknowledged action survives a restart.
    if (QString error = save(wire::toProto(action), true); !error.isEmpty())
        return grpc::Status(
            grpc::StatusCode::UNAVAILABLE,
            QStringLiteral("journalled, but the alarm journal could not save it: %1").arg(error).toStdString());
    if (m_shared) {
        QString key;
        std::optional<v1::Alarm> alarm;
        {
            std::lock_guard lock(m_mutex);
            if (const Alarm *a = action.alarmId ? m_book.find(action.alarmId) : nullptr) {
                key = alarmKeyText(*a);
                alarm = wire::toProto(*a);
            }
        }
        const QString error = m_shared->publish(wire::toProto(action), key, alarm);
        if (!error.isEmpty() && notShared)
            *notShared = QStringLiteral("taken on this gateway; the other gateways will see it once the shared "
                                        "state answers again (%1)")
                             .arg(error);
    }
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
    save(std::nullopt, wait);
}

QString AlarmDesk::save(std::optional<v1::Event> action, bool wait)
{
    if (!m_store)
        return {};
    std::vector<v1::Alarm> changed;
    std::vector<uint64_t> removed;
    {
        std::lock_guard lock(m_mutex);
        if (m_unsaved.empty() && m_unsavedRemoved.empty() && !action && !wait)
            return {}; // nothing to write
        for (uint64_t id : std::exchange(m_unsaved, {}))
            if (const Alarm *a = m_book.find(id))
                changed.push_back(wire::toProto(*a));
        removed = std::exchange(m_unsavedRemoved, {});
    }
    return m_store->save(std::move(changed), std::move(removed), std::move(action), wait);
}

} // namespace vigil
