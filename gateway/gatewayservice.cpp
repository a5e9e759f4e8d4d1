// SPDX-License-Identifier: GPL-3.0-or-later
#include "gateway/gatewayservice.h"

#include "gateway/grpcstatus.h"

#include "gateway/alarmdesk.h"
#include "gateway/gatewayauth.h"
#include "gateway/handoffroute.h"
#include "gateway/operators.h"

#include "domain/codec.h"
#include "domain/entitynames.h"
#include "domain/operatorcomment.h"
#include "domain/remedy.h"

#include <QDebug>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <set>

namespace vigil {

namespace {

// A bookmark marks an instant from 2000 on (checkBookmark); a span asked for ends by 9999 at the latest.
constexpr int64_t EarliestBookmarkMs = 946684800000; // 2000-01-01
constexpr int64_t LatestBookmarkMs = 253402300799999; // 9999-12-31 23:59:59.999

// Units whose readings can never be negative.
bool isNonNegativeUnit(const QString &unit)
{
    return unit == QLatin1String("W") || unit == QLatin1String("kW") || unit == QLatin1String("MiB")
        || unit == QLatin1String("%") || unit == QLatin1String("1/s") || unit == QLatin1String("s");
}

} // namespace

GatewayService::GatewayService(TelemetryJournal &journal, StreamSettings settings, AlarmDesk *alarms,
                               std::shared_ptr<OperatorsFile> operators)
    : m_journal(journal)
    , m_alarms(alarms)
    , m_operators(std::move(operators))
    , m_settings(settings)
    , m_topologyBytes(wire::toProto(*journal.topology()).SerializeAsString())
    , m_subscriptions(journal, settings)
{ }

void GatewayService::setClock(std::function<int64_t()> clock, std::chrono::milliseconds maxSkew)
{
    m_clock = std::move(clock);
    m_maxSkewMs = std::max<int64_t>(1, maxSkew.count());
}

QString GatewayService::outsideClock(int64_t timeMs) const
{
    const int64_t now = m_clock ? m_clock() : m_journal.headTimeMs();
    if (now <= 0)
        return {}; // no clock yet (a bridge before its first scrape): nothing to hold times to
    // As unsigned: any two int64 times differ by a representable amount.
    const bool ahead = timeMs > now;
    const uint64_t off = ahead ? uint64_t(timeMs) - uint64_t(now) : uint64_t(now) - uint64_t(timeMs);
    if (off <= uint64_t(m_maxSkewMs))
        return {};
    // To the nearest unit: a time stamped ten days ahead reads "10 days" even after the clock
    // has moved on a few milliseconds.
    auto span = [](uint64_t ms) {
        const auto nearest = [ms](uint64_t unit) { return ms / unit + (ms % unit >= unit / 2 ? 1 : 0); };
        return ms >= 2 * 86400000ull ? QStringLiteral("%1 days").arg(nearest(86400000ull))
            : ms >= 2 * 3600000ull   ? QStringLiteral("%1 h").arg(nearest(3600000ull))
                                     : QStringLiteral("%1 s").arg(nearest(1000ull));
    };
    return QStringLiteral("time %1 is %2 %3 the gateway's clock (%4); at most %5 either way")
        .arg(timeMs)
        .arg(span(off), ahead ? QStringLiteral("ahead of") : QStringLiteral("behind"), QString::number(now),
             span(uint64_t(m_maxSkewMs)));
}

grpc::Status GatewayService::GetTopology(grpc::ServerContext *context, const v1::GetTopologyRequest *,
                                         v1::Topology *reply)
{
    // The floor plan names every host and job: a gateway that knows its people shows it only to them.
    std::optional<OperatorIdentity> who;
    if (grpc::Status refused = identify(context, who); !refused.ok())
        return refused;
    if (!reply->ParseFromString(m_topologyBytes))
        return { grpc::StatusCode::INTERNAL, "the gateway could not read back its own floor plan" };
    return grpc::Status::OK;
}

grpc::Status GatewayService::GetJobHistory(grpc::ServerContext *context, const v1::JobHistoryRequest *request,
                                           v1::JobHistory *reply)
{
    std::optional<OperatorIdentity> who;
    if (grpc::Status refused = identify(context, who); !refused.ok())
        return refused;
    // 12 bytes a reading on the wire: 250,000 of them stay well inside a client's 4 MB.
    constexpr size_t MaxReadings = 250000;
    uint64_t headSeq = 0;
    const std::vector<JobReading> readings = m_journal.jobHistory(request->since_ms(), MaxReadings, &headSeq);
    reply->set_epoch(m_journal.epoch());
    reply->set_head_seq(headSeq);
    reply->mutable_time_ms()->Reserve(int(readings.size()));
    reply->mutable_job_index()->Reserve(int(readings.size()));
    reply->mutable_metric_id()->Reserve(int(readings.size()));
    reply->mutable_value()->Reserve(int(readings.size()));
    for (const JobReading &r : readings) {
        reply->add_time_ms(r.timeMs);
        reply->add_job_index(r.job);
        reply->add_metric_id(r.metricId);
        reply->add_value(r.value);
    }
    return grpc::Status::OK;
}

grpc::Status GatewayService::GetSources(grpc::ServerContext *context, const v1::GetSourcesRequest *, v1::Sources *reply)
{
    // Source locations name hosts and files: shown only to the people the gateway knows.
    std::optional<OperatorIdentity> who;
    if (grpc::Status refused = identify(context, who); !refused.ok())
        return refused;
    if (m_sources)
        *reply = m_sources();
    return grpc::Status::OK;
}

grpc::Status GatewayService::GetBookmarks(grpc::ServerContext *context, const v1::BookmarksRequest *request,
                                          v1::Events *reply)
{
    std::optional<OperatorIdentity> who;
    if (grpc::Status refused = identify(context, who); !refused.ok())
        return refused;
    if (request->from_ms() > request->to_ms())
        return grpcStatus(grpc::StatusCode::INVALID_ARGUMENT,
                          QStringLiteral("the span of bookmarks ends (%1) before it starts (%2)")
                              .arg(request->to_ms())
                              .arg(request->from_ms()));
    // No bookmark lies outside these, and the database's timestamps hold them.
    const int64_t from = std::max(request->from_ms(), EarliestBookmarkMs);
    const int64_t to = std::min(request->to_ms(), LatestBookmarkMs);
    if (from > to)
        return grpc::Status::OK;
    std::vector<v1::Event> found;
    if (m_bookmarkStore) {
        if (QString error = m_bookmarkStore(from, to, MaxBookmarks, found); !error.isEmpty())
            return grpcStatus(grpc::StatusCode::UNAVAILABLE,
                              QStringLiteral("the NOC's shared state cannot be read: %1").arg(error));
    } else {
        // No shared state: the bookmarks taken on this gateway that it still retains.
        found = m_journal.retainedEvents(
            [from, to](const v1::Event &e) {
                return e.type() == v1::EVENT_TYPE_NOTE && e.about_ms() != 0 && e.about_ms() >= from
                    && e.about_ms() <= to;
            },
            MaxBookmarks);
        std::stable_sort(found.begin(), found.end(),
                         [](const v1::Event &a, const v1::Event &b) { return a.about_ms() < b.about_ms(); });
    }
    reply->mutable_events()->Reserve(int(found.size()));
    for (v1::Event &e : found)
        *reply->add_events() = std::move(e);
    return grpc::Status::OK;
}

grpc::Status GatewayService::identify(const grpc::ServerContextBase *context,
                                      std::optional<OperatorIdentity> &who) const
{
    if (!m_operators)
        return grpc::Status::OK;
    // The gate (GatewayAuthenticator) has admitted the call; who it is comes from the call's
    // own token again, never from the connection it shares with other calls.
    QString refusal;
    who = identifyCaller(*m_operators, context->client_metadata(), &refusal);
    if (!who)
        return grpcStatus(grpc::StatusCode::UNAUTHENTICATED, refusal);
    return grpc::Status::OK;
}

grpc::ServerWriteReactor<grpc::ByteBuffer> *GatewayService::Subscribe(grpc::CallbackServerContext *context,
                                                                      const grpc::ByteBuffer *request)
{
    std::optional<OperatorIdentity> who;
    if (grpc::Status refused = identify(context, who); !refused.ok())
        return SubscriptionHub::refuse(refused);
    std::function<bool()> stillAllowed;
    if (m_operators && who) {
        // The stream outlives the call's check: it ends once its token no longer names the same
        // person. (The context outlives the stream's reactor, which owns this.)
        stillAllowed = [operators = m_operators, context, name = who->name, role = who->role] {
            QString refusal;
            const std::optional<OperatorIdentity> now
                = identifyCaller(*operators, context->client_metadata(), &refusal);
            return now && now->name == name && now->role == role;
        };
    }
    return m_subscriptions.subscribe(context, request, who, std::move(stillAllowed));
}

QString GatewayService::outsideAgentHosts(const OperatorIdentity &agent, EntityKind kind, uint32_t index) const
{
    if (agent.anyHost)
        return {};
    const Topology &t = *m_journal.topology();
    QString host;
    if (kind == EntityKind::Gpu && index < t.gpus.size())
        host = t.nodes[t.gpus[index].nodeIndex].hostname;
    else if (kind == EntityKind::Node && index < t.nodes.size())
        host = t.nodes[index].hostname;
    if (host.isEmpty())
        return QStringLiteral("agent %1 may publish only for its hosts, not for %2")
            .arg(agent.name, entityKeyName(t, EntityRef { kind, index }));
    if (!agent.hosts.contains(host))
        return QStringLiteral("agent %1 may not publish for host %2").arg(agent.name, host);
    return {};
}

QString GatewayService::validatePublished(const v1::MetricBlock &block, const OperatorIdentity *agent) const
{
    const QString error = m_journal.validate(block);
    if (!error.isEmpty())
        return error;
    const MetricDescriptor &metric = m_journal.metrics()[block.metric_id()];
    if (agent && !agent->anyHost) {
        const auto count = uint32_t(block.values_size());
        for (uint32_t k = 0; k < count; ++k) {
            const uint32_t entity = block.indices_size() > 0 ? block.indices(int(k)) : block.first_index() + k;
            if (QString outside = outsideAgentHosts(*agent, metric.entityKind, entity); !outside.isEmpty())
                return outside;
        }
    }
    const bool nonNegative = isNonNegativeUnit(metric.unit);
    for (float v : block.values()) {
        if (std::isinf(v))
            return QStringLiteral("%1: infinite value").arg(metric.name);
        if (nonNegative && v < 0.0f)
            return QStringLiteral("%1: negative value %2 %3").arg(metric.name).arg(v).arg(metric.unit);
        if (metric.unit == QLatin1String("%") && v > 100.0f)
            return QStringLiteral("%1: %2 % is above 100 %").arg(metric.name).arg(v);
        // No sensor in a data hall reads colder than a freezer or hotter than a GPU's shutdown point.
        if (metric.unit == QLatin1String("C") && (v < -40.0f || v > 150.0f))
            return QStringLiteral("%1: %2 C is outside -40..150 C").arg(metric.name).arg(v);
    }
    return {};
}

QString GatewayService::validatePublished(const v1::Event &event, const OperatorIdentity *agent) const
{
    if (!isKnownEventType(event.type()))
        return QStringLiteral("unknown event type %1").arg(int(event.type()));
    if (isOperatorAction(EventType(event.type())))
        return QStringLiteral("operator actions are taken through Act, not Publish");
    const EntityRef entity = wire::fromProto(event.entity());
    if (entity.kind == EntityKind::Unspecified)
        return QStringLiteral("event without an entity");
    const size_t count = wire::entityCount(*m_journal.topology(), entity.kind);
    if (entity.index >= count)
        return QStringLiteral("entity %1 of kind %2 does not exist (have %3)")
            .arg(entity.index)
            .arg(int(entity.kind))
            .arg(count);
    if (agent)
        if (QString outside = outsideAgentHosts(*agent, entity.kind, entity.index); !outside.isEmpty())
            return outside;
    if (event.time_ms() <= 0)
        return QStringLiteral("event without a time");
    if (QString skewed = outsideClock(event.time_ms()); !skewed.isEmpty())
        return QStringLiteral("event %1").arg(skewed);
    if (!std::isfinite(event.value()))
        return QStringLiteral("event value is not finite");
    // Every event is kept in the journal, the recordings and the alarms' messages, and sent
    // to every dashboard: its text is a line, not a payload.
    if (event.message().size() > MaxEventMessageBytes)
        return QStringLiteral("event message of %1 bytes; at most %2")
            .arg(event.message().size())
            .arg(MaxEventMessageBytes);
    if (event.job_id().size() > MaxEventNameBytes || event.operator_name().size() > MaxEventNameBytes
        || event.part_serial().size() > MaxEventNameBytes)
        return QStringLiteral("event job, operator name or part serial longer than %1 bytes").arg(MaxEventNameBytes);
    if (event.about_ms() != 0)
        return QStringLiteral(
            "about_ms marks an operator's bookmark, taken with Act; a published event cannot carry it");
    return {};
}

grpc::Status GatewayService::Publish(grpc::ServerContext *context, grpc::ServerReader<v1::PublishRequest> *reader,
                                     v1::PublishResponse *reply)
{
    // Readings and warnings raise alarms on the NOC's screens: only an agent's token may send them.
    std::optional<OperatorIdentity> who;
    if (grpc::Status refused = identify(context, who); !refused.ok())
        return refused;
    if (who && who->role != OperatorIdentity::Role::Agent)
        return grpcStatus(grpc::StatusCode::PERMISSION_DENIED,
                          QStringLiteral("%1 may not publish: only an agent's token may").arg(who->name));
    const OperatorIdentity *agent = who ? &*who : nullptr;
    v1::PublishRequest request;
    uint64_t accepted = 0;
    uint64_t rejected = 0;
    auto reject = [&](const QString &why) {
        if (rejected++ == 0)
            reply->set_first_error(why.toStdString());
    };
    while (!context->IsCancelled() && reader->Read(&request)) {
        if (request.has_samples()) {
            const v1::Samples &in = request.samples();
            if (in.time_ms() <= 0) {
                reject(QStringLiteral("samples time %1 is out of range").arg(in.time_ms()));
                continue;
            }
            if (QString skewed = outsideClock(in.time_ms()); !skewed.isEmpty()) {
                reject(QStringLiteral("samples %1").arg(skewed));
                continue;
            }
            v1::Samples valid;
            valid.set_time_ms(in.time_ms());
            for (const v1::MetricBlock &block : in.blocks()) {
                const QString error = validatePublished(block, agent);
                if (error.isEmpty()) {
                    *valid.add_blocks() = block;
                    ++accepted;
                } else {
                    reject(error);
                }
            }
            if (valid.blocks_size() > 0) {
                std::vector<v1::Samples> batch;
                batch.push_back(std::move(valid));
                m_journal.appendSamples(std::move(batch));
            }
        } else if (request.has_events()) {
            std::vector<Event> valid;
            for (const v1::Event &e : request.events().events()) {
                const QString error = validatePublished(e, agent);
                if (error.isEmpty()) {
                    valid.push_back(wire::fromProto(e));
                    ++accepted;
                } else {
                    reject(error);
                }
            }
            m_journal.appendEvents(std::move(valid));
        } else {
            reject(QStringLiteral("empty publish request from '%1'").arg(QString::fromStdString(request.source())));
        }
    }
    reply->set_accepted(accepted);
    reply->set_rejected(rejected);
    if (accepted == 0 && rejected > 0)
        return grpcStatus(grpc::StatusCode::INVALID_ARGUMENT,
                          QStringLiteral("all %1 published items were rejected; first: %2")
                              .arg(rejected)
                              .arg(QString::fromStdString(reply->first_error())));
    return grpc::Status::OK;
}

grpc::Status GatewayService::checkBookmark(const v1::ActRequest &request) const
{
    const int64_t about = request.about_ms();
    if (about == 0)
        return grpc::Status::OK;
    if (request.action() != v1::EVENT_TYPE_NOTE)
        return grpcStatus(grpc::StatusCode::INVALID_ARGUMENT,
                          QStringLiteral("about_ms marks the instant of a note (a bookmark); action %1 cannot carry it")
                              .arg(int(request.action())));
    if (QString::fromStdString(request.comment()).trimmed().isEmpty())
        return grpcStatus(grpc::StatusCode::INVALID_ARGUMENT, QStringLiteral("a bookmark needs a note"));
    // Any past the fleet may have recorded, none of the future: a bookmark is about what was seen.
    const int64_t now = m_clock ? m_clock() : m_journal.headTimeMs();
    if (about < EarliestBookmarkMs || (now > 0 && about > now + m_maxSkewMs))
        return grpcStatus(grpc::StatusCode::OUT_OF_RANGE,
                          QStringLiteral("a bookmark marks an instant between 2000 and the gateway's clock (%1); "
                                         "asked for %2")
                              .arg(now)
                              .arg(about));
    return grpc::Status::OK;
}

grpc::Status GatewayService::Act(grpc::ServerContext *context, const v1::ActRequest *request, v1::ActResponse *reply)
{
    std::optional<OperatorIdentity> who;
    if (grpc::Status refused = identify(context, who); !refused.ok())
        return refused;
    if (who && who->role != OperatorIdentity::Role::Operator)
        return grpcStatus(grpc::StatusCode::PERMISSION_DENIED,
                          QStringLiteral("%1 may watch but not act (a viewer's token)").arg(who->name));
    if (!isKnownEventType(request->action()) || !isOperatorAction(EventType(request->action())))
        return grpcStatus(grpc::StatusCode::INVALID_ARGUMENT,
                          QStringLiteral("%1 is not an operator action").arg(int(request->action())));
    const QString operatorName = who ? who->name : QString::fromStdString(request->operator_name()).trimmed();
    if (operatorName.isEmpty())
        return grpcStatus(grpc::StatusCode::INVALID_ARGUMENT, QStringLiteral("an action needs the operator's name"));
    if (operatorName.size() > 64)
        return grpcStatus(grpc::StatusCode::INVALID_ARGUMENT,
                          QStringLiteral("an operator's name is at most 64 characters"));
    if (qsizetype(request->comment().size()) > MaxCommentBytes)
        return grpcStatus(grpc::StatusCode::INVALID_ARGUMENT,
                          QStringLiteral("comment longer than %1 bytes").arg(MaxCommentBytes));
    if (!std::isfinite(request->value()))
        return grpcStatus(grpc::StatusCode::INVALID_ARGUMENT, QStringLiteral("value is not finite"));
    if (grpc::Status refused = checkBookmark(*request); !refused.ok())
        return refused;
    if (grpc::Status refused = checkHandOff(*request, operatorName); !refused.ok())
        return refused;
    EntityRef entity = wire::fromProto(request->entity());
    if (entity.kind != EntityKind::Unspecified && entity.index >= wire::entityCount(*m_journal.topology(), entity.kind))
        return grpcStatus(grpc::StatusCode::NOT_FOUND, QStringLiteral("entity %1 does not exist").arg(entity.index));

    Event e;
    e.timeMs = m_journal.headTimeMs();
    e.type = EventType(request->action());
    e.severity = Severity::Info;
    e.value = request->value();
    e.message = QString::fromStdString(request->comment());
    e.operatorName = operatorName;
    e.targetEventId = request->target_event_id();
    e.alarmId = request->alarm_id();
    e.aboutMs = request->about_ms();
    if (e.type == EventType::Assign)
        e.message = QString::fromStdString(request->owner()).trimmed();
    if (e.type == EventType::HandOff) {
        e.code = int32_t(request->remedy());
        e.value = request->drain_first() ? 1.0 : 0.0;
    }
    if (e.type == EventType::Shelve) {
        if (request->shelve_for_ms() <= 0 && request->value() <= 0.0)
            return grpcStatus(grpc::StatusCode::OUT_OF_RANGE,
                              QStringLiteral("a shelve lasts from 1 minute to 7 days (asked for %1 ms)")
                                  .arg(request->shelve_for_ms()));
        if (request->shelve_for_ms() != 0)
            e.value = double(request->shelve_for_ms()) / 1000.0;
    }
    if (request->alarm_ids_size() > 0)
        return actOnAlarms(*request, e, reply);
    if (e.alarmId && m_alarms)
        if (const std::optional<Alarm> alarm = m_alarms->find(e.alarmId))
            entity = alarm->entity; // an action on an alarm is about the alarm's entity
    e.entity = entity.kind == EntityKind::Unspecified ? EntityRef { EntityKind::Cluster, 0 } : entity;
    uint64_t eventId = 0, seq = 0;
    if (m_alarms) {
        QString notShared;
        if (grpc::Status refused = m_alarms->act(m_journal, e, &eventId, &seq, &notShared); !refused.ok())
            return refused;
        reply->set_not_shared(notShared.toStdString());
    } else {
        std::vector<uint64_t> ids;
        seq = m_journal.appendEvents({ e }, &ids);
        eventId = ids.front();
    }
    reply->set_seq(seq);
    reply->set_event_id(eventId);
    if (e.type == EventType::HandOff) { // journalled first: the record holds what was asked, whatever comes back
        e.id = eventId;
        m_handOff->deliver(e);
    }
    return grpc::Status::OK;
}

grpc::Status GatewayService::checkHandOff(const v1::ActRequest &request, const QString &operatorName) const
{
    if (request.action() == v1::EVENT_TYPE_HAND_OFF_ANSWER)
        return grpcStatus(grpc::StatusCode::INVALID_ARGUMENT,
                          QStringLiteral("a hand-off's answer is recorded by the gateway, not sent"));
    if (request.remedy() != v1::REMEDY_NONE || request.drain_first()) {
        if (request.action() != v1::EVENT_TYPE_HAND_OFF)
            return grpcStatus(grpc::StatusCode::INVALID_ARGUMENT, QStringLiteral("a remedy goes with a hand-off only"));
    }
    if (request.action() != v1::EVENT_TYPE_HAND_OFF)
        return grpc::Status::OK;
    if (!m_handOff)
        return grpcStatus(grpc::StatusCode::FAILED_PRECONDITION,
                          QStringLiteral("this gateway hands nothing off: it was started without --hand-off "
                                         "(docs/hand-off.md)"));
    if (const QString why = m_handOff->mayHandOff(operatorName); !why.isEmpty())
        return grpcStatus(grpc::StatusCode::PERMISSION_DENIED, why);
    if (!isRemedy(int(request.remedy())) || request.remedy() == v1::REMEDY_NONE)
        return grpcStatus(grpc::StatusCode::INVALID_ARGUMENT,
                          QStringLiteral("a hand-off names a remedy (1 to %1); asked for %2")
                              .arg(RemedyCount - 1)
                              .arg(int(request.remedy())));
    const EntityKind kind = wire::fromProto(request.entity()).kind;
    if ((kind == EntityKind::Unspecified || kind == EntityKind::Cluster) && request.alarm_id() == 0)
        return grpcStatus(grpc::StatusCode::INVALID_ARGUMENT,
                          QStringLiteral("a hand-off names the part it is about (an entity or an alarm)"));
    return grpc::Status::OK;
}

grpc::Status GatewayService::actOnAlarms(const v1::ActRequest &request, const Event &action, v1::ActResponse *reply)
{
    if (request.alarm_id() != 0)
        return grpcStatus(grpc::StatusCode::INVALID_ARGUMENT,
                          QStringLiteral("an action names its alarms in alarm_id or in alarm_ids, not both"));
    if (request.alarm_ids_size() > MaxAlarmsPerAction)
        return grpcStatus(grpc::StatusCode::INVALID_ARGUMENT,
                          QStringLiteral("at most %1 alarms in one action (asked for %2)")
                              .arg(MaxAlarmsPerAction)
                              .arg(request.alarm_ids_size()));
    if (!isAlarmAction(action.type))
        return grpcStatus(grpc::StatusCode::INVALID_ARGUMENT,
                          QStringLiteral("%1 is not an action on alarms").arg(eventTypeKey(action.type)));
    if (action.aboutMs != 0)
        return grpcStatus(grpc::StatusCode::INVALID_ARGUMENT,
                          QStringLiteral("a bookmark marks one instant; it cannot be put on many alarms"));
    if (!m_alarms)
        return grpcStatus(grpc::StatusCode::FAILED_PRECONDITION, QStringLiteral("this gateway keeps no alarms"));
    // One action per alarm, each about its alarm's entity; an alarm named twice is acted on once.
    std::vector<Event> actions;
    std::vector<uint64_t> ids;
    std::set<uint64_t> named;
    for (uint64_t id : request.alarm_ids()) {
        if (id == 0)
            return grpcStatus(grpc::StatusCode::INVALID_ARGUMENT, QStringLiteral("alarm 0 does not exist"));
        if (!named.insert(id).second)
            continue;
        Event one = action;
        one.alarmId = id;
        const std::optional<Alarm> alarm = m_alarms->find(id);
        one.entity = alarm ? alarm->entity : EntityRef { EntityKind::Cluster, 0 };
        actions.push_back(std::move(one));
        ids.push_back(id);
    }
    AlarmDesk::DeskActions done;
    if (grpc::Status failed = m_alarms->actOnAll(m_journal, std::move(actions), &done); !failed.ok())
        return failed;
    size_t taken = 0;
    QString firstRefusal;
    for (size_t i = 0; i < ids.size(); ++i) {
        if (done.taken[i].ok()) {
            reply->add_event_ids(done.eventIds[i]);
            ++taken;
            continue;
        }
        v1::RefusedAlarm *refused = reply->add_refused();
        refused->set_alarm_id(ids[i]);
        refused->set_reason(done.taken[i].error_message());
        if (firstRefusal.isEmpty())
            firstRefusal = QString::fromStdString(done.taken[i].error_message());
    }
    if (taken == 0)
        return grpcStatus(grpc::StatusCode::FAILED_PRECONDITION,
                          QStringLiteral("taken on none of the %1 alarms: %2").arg(ids.size()).arg(firstRefusal));
    reply->set_event_id(reply->event_ids(0));
    reply->set_seq(done.seq);
    reply->set_not_shared(done.notShared.toStdString());
    return grpc::Status::OK;
}

} // namespace vigil
