// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gateway/subscription.h"
#include "gateway/telemetryjournal.h"

#include "vigil/v1/gateway.grpc.pb.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <string>

namespace vigil {

// The gRPC face of a TelemetryJournal. Subscribe streams on the callback API (SubscriptionHub:
// thousands of subscribers on a handful of threads); the short calls are synchronous.
class GatewayService final : public v1::Gateway::WithRawCallbackMethod_Subscribe<v1::Gateway::Service>
{
public:
    // A published event's text: a kernel-log line or a note, never a payload.
    static constexpr size_t MaxEventMessageBytes = 4096;
    static constexpr size_t MaxEventNameBytes = 256;
    // `alarms` is optional (not owned): without it, actions are journalled unchecked. A gateway
    // that knows its people (`operators`) identifies every call by the token that call carries;
    // one that does not lets anyone subscribe and act under the name they give.
    GatewayService(TelemetryJournal &journal, StreamSettings settings, class AlarmDesk *alarms = nullptr,
                   std::shared_ptr<class OperatorsFile> operators = nullptr);

    grpc::Status GetTopology(grpc::ServerContext *, const v1::GetTopologyRequest *, v1::Topology *reply) override;
    grpc::ServerWriteReactor<grpc::ByteBuffer> *Subscribe(grpc::CallbackServerContext *context,
                                                          const grpc::ByteBuffer *request) override;
    grpc::Status Publish(grpc::ServerContext *context, grpc::ServerReader<v1::PublishRequest> *reader,
                         v1::PublishResponse *reply) override;
    grpc::Status Act(grpc::ServerContext *, const v1::ActRequest *request, v1::ActResponse *reply) override;
    grpc::Status GetJobHistory(grpc::ServerContext *context, const v1::JobHistoryRequest *request,
                               v1::JobHistory *reply) override;
    grpc::Status GetSources(grpc::ServerContext *context, const v1::GetSourcesRequest *, v1::Sources *reply) override;
    grpc::Status GetBookmarks(grpc::ServerContext *context, const v1::BookmarksRequest *request,
                              v1::Events *reply) override;
    // What GetSources answers: the sources' status as they stand (set before serving).
    void setSources(std::function<v1::Sources()> sources) { m_sources = std::move(sources); }
    // Where GetBookmarks reads when the gateway shares its state: the bookmarks marking
    // instants in a span, in their order, at most `max`; or why they cannot be read.
    using BookmarkStore = std::function<QString(int64_t fromMs, int64_t toMs, size_t max, std::vector<v1::Event> &out)>;
    void setBookmarkStore(BookmarkStore store) { m_bookmarkStore = std::move(store); }
    static constexpr size_t MaxBookmarks = 10000;
    // Where hand-offs go (not owned; it outlives the service); without one, Act refuses them.
    void setHandOffRoute(class HandOffRoute *route) { m_handOff = route; }
    // The most alarms one action may name (alarm_ids): a 100k-GPU cluster's worst flood.
    static constexpr int MaxAlarmsPerAction = 10000;

    int activeSubscribers() const { return m_subscriptions.active(); }
    // Serialised snapshots waiting in the streams' queues (bounded by StreamSettings::maxSnapshotBytes).
    size_t queuedSnapshotBytes() const { return m_subscriptions.queuedSnapshotBytes(); }
    // What Publish holds times to: the gateway's clock (ms since the epoch, the cluster's
    // time) and how far from it a reading or event may be. Set before serving.
    void setClock(std::function<int64_t()> clock, std::chrono::milliseconds maxSkew);

    // Checks one published item; empty when it may enter the journal. With an
    // agent's identity, also that every entity it names is on the agent's hosts.
    QString validatePublished(const v1::MetricBlock &block, const struct OperatorIdentity *agent = nullptr) const;
    QString validatePublished(const v1::Event &event, const struct OperatorIdentity *agent = nullptr) const;

private:
    // Who is calling, from this call's own token; an error status when the gateway knows its
    // people and the call carries nobody it knows.
    grpc::Status identify(const grpc::ServerContextBase *context, std::optional<struct OperatorIdentity> &who) const;
    // Empty when `timeMs` is within the skew of the gateway's clock; otherwise by how much it is not.
    QString outsideClock(int64_t timeMs) const;
    // A note's bookmark instant (about_ms): on a note only, and not in the future.
    grpc::Status checkBookmark(const v1::ActRequest &request) const;
    // A hand-off's own checks: a route, an operator allowed to use it, a remedy, a part.
    grpc::Status checkHandOff(const v1::ActRequest &request, const QString &operatorName) const;
    // Act with alarm_ids: `action` (checked already) on each alarm named.
    grpc::Status actOnAlarms(const v1::ActRequest &request, const Event &action, v1::ActResponse *reply);
    // Empty when `agent` may publish for the entity; otherwise why not.
    QString outsideAgentHosts(const struct OperatorIdentity &agent, EntityKind kind, uint32_t index) const;

    TelemetryJournal &m_journal;
    class AlarmDesk *m_alarms;
    const std::shared_ptr<class OperatorsFile> m_operators;
    const StreamSettings m_settings;
    std::function<int64_t()> m_clock;
    std::function<v1::Sources()> m_sources;
    BookmarkStore m_bookmarkStore;
    class HandOffRoute *m_handOff = nullptr;
    int64_t m_maxSkewMs = 300000;
    // The floor plan as its wire bytes: a reply is made from them as it was from a held message
    // (a copy either way), and at 100k GPUs the message held was 47 MB of small blocks.
    const std::string m_topologyBytes;
    SubscriptionHub m_subscriptions;
};

} // namespace vigil
