// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/clusterfeed.h"
#include "domain/periodicworker.h"
#include "domain/streamconsumer.h"

#include "vigil/v1/gateway.pb.h"

#include "client/channelsecurity.h"

#include <QString>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

namespace grpc {
class ClientContext;
class Status;
} // namespace grpc

namespace vigil {

struct ClientOptions
{
    QString address;
    QString clientName = QStringLiteral("vigil");
    std::chrono::milliseconds initialBackoff { 200 };
    std::chrono::milliseconds maxBackoff { 5000 };
    // No message (not even a heartbeat) for this long: the stream is dead.
    std::chrono::milliseconds silenceTimeout { 5000 };
    // Sees every message once it is applied (the flight recorder). Called on the
    // network thread with the cluster locked: it must copy what it needs and return.
    std::function<void(const v1::StreamMessage &, const StreamConsumer &, const std::vector<Event> &)> observer;
    // Presented as "authorization: Bearer <token>" to a gateway that knows its operators.
    QString token;
    // Every job reading, and the gateway's history of them, for a window's training
    // charts (LiveCluster::takeJobReadings). A headless client that never takes them
    // switches this off.
    bool jobReadings = true;
    ChannelSecurity security;
    // A wall screen's view (Node or Rack): the GPU metrics rolled up per node or rack, and
    // in full only for the GPUs of `detailRacks` (see TelemetryClient::lookAt). Gpu: everything.
    EntityKind level = EntityKind::Gpu;
    std::vector<uint32_t> detailRacks;
};

// What an operator's action came to.
struct ActOutcome
{
    bool ok = false;
    int code = 0; // grpc::StatusCode
    QString message; // why not, from the gateway
    uint64_t eventId = 0;
    // Done here, but not yet shared with the NOC's other gateways: why (it follows once it can).
    QString notShared;
    // An action on many alarms: how many it was taken on, and why not on each of the others.
    size_t taken = 0;
    std::vector<std::pair<uint64_t, QString>> refused;
};

// The gateway's account of its sources, or why there is none.
struct SourcesOutcome
{
    bool ok = false;
    bool unsupported = false; // a gateway from before GetSources
    QString message;
    v1::Sources sources;
};

// The bookmarks operators shared over a span, or why there are none.
struct BookmarksOutcome
{
    bool ok = false;
    bool unsupported = false; // a gateway from before GetBookmarks
    QString message;
    std::vector<Event> bookmarks; // notes about instants, in the order of those instants
};

// The cluster as received, shared between the network thread (writer) and the
// GUI (reader, at its own cadence). Only values leave it.
class LiveCluster : public ClusterFeed
{
public:
    static constexpr size_t MaxPendingEvents = 200000;

    bool copyIfNewer(ClusterState &out, uint64_t &generation) const override;
    bool copyAlarmsIfNewer(std::vector<Alarm> &out, uint64_t &generation) const override;
    std::vector<Event> takeEvents() override;
    std::vector<StreamGap> gaps() const override;
    ConnectionStatus status() const override;
    bool takeJobReadings(std::vector<JobReading> &out, bool &startOver) override;
    static constexpr size_t MaxPendingJobReadings = 1000000;

private:
    friend class TelemetryClient;
    mutable std::mutex m_mutex;
    StreamConsumer m_consumer;
    uint64_t m_generation = 0;
    mutable uint64_t m_handedGeneration = 0; // what the last copyIfNewer handed out
    std::vector<Event> m_events; // swapped out by takeEvents()
    JobMetricIds m_jobMetrics; // of the stream's dictionary
    std::vector<JobReading> m_jobReadings; // swapped out by takeJobReadings()
    bool m_jobReadingsStartOver = false;
    uint64_t m_jobHistorySeq = 0; // entries up to this seq are in the fetched history
    ConnectionStatus m_status;
};

// Subscribes to a gateway on its own thread and keeps a LiveCluster current:
// fetches the topology, subscribes, applies the stream, and when the stream
// breaks reconnects with capped, jittered backoff and resumes from its last seq.
class TelemetryClient
{
public:
    TelemetryClient(ClientOptions options, LiveCluster &cluster);
    ~TelemetryClient();

    void start();
    void stop();

    // Sends an operator's action to the gateway (with this client's token) and waits
    // up to `timeout` for the answer. Any thread; never the network thread's lock.
    ActOutcome act(const v1::ActRequest &request, std::chrono::milliseconds timeout = std::chrono::seconds(5));
    // What each of the gateway's sources has done so far (GetSources). Any thread.
    SourcesOutcome sources(std::chrono::milliseconds timeout = std::chrono::seconds(5));
    // The bookmarks the NOC shared that mark instants from `fromMs` to `toMs` (GetBookmarks).
    // Any thread.
    BookmarksOutcome bookmarks(int64_t fromMs, int64_t toMs,
                               std::chrono::milliseconds timeout = std::chrono::seconds(10));
    // A wall screen looks at other racks: subscribes again, so their GPUs come in full (with
    // a snapshot of them) and the racks it left come as rollups. Any thread; nothing at Gpu level.
    void lookAt(std::vector<uint32_t> racks);

private:
    void run();
    // A stream silent for longer than the silence timeout is cut, to be reconnected.
    void cancelIfSilent();
    // One subscription: returns when the stream ends, with the reason.
    QString subscribeOnce(class ChannelHolder &channel);
    QString fetchTopology(class ChannelHolder &channel);
    v1::SubscribeRequest subscribeRequest(const ResumeToken &token, bool newArea,
                                          const std::vector<uint32_t> &detailRacks) const;
    bool takeMessage(const v1::StreamMessage &message, StreamConsumer::Outcome outcome,
                     const std::vector<Event> &events);
    // After a fresh snapshot: the gateway's history of the jobs' readings, so the
    // training charts have a past. A gateway without it leaves them starting now.
    void fetchJobHistory(class ChannelHolder &channel, uint64_t epoch);
    void setState(ConnectionState state, const QString &error = {});
    // Every call carries this client's token, when it has one.
    void identify(grpc::ClientContext &context) const;
    // One short call (an action, the sources, the bookmarks) on a channel of its own, with
    // the token and a deadline; FAILED_PRECONDITION when no channel can be made.
    template<typename Call> grpc::Status callOnce(std::chrono::milliseconds timeout, Call &&call) const;
    // One channel to the gateway for the stream and every call, made at first use (again only while
    // the TLS files that it needs cannot be read).
    std::shared_ptr<class ChannelHolder> channel() const;
    bool sleepFor(std::chrono::milliseconds duration);

    ClientOptions m_options;
    LiveCluster &m_cluster;
    std::mutex m_controlMutex;
    mutable std::mutex m_channelMutex;
    mutable std::shared_ptr<class ChannelHolder> m_channel;
    std::condition_variable_any m_wake;
    grpc::ClientContext *m_activeContext = nullptr; // guarded by m_controlMutex
    std::vector<uint32_t> m_detailRacks; // guarded by m_controlMutex
    bool m_areaChanged = false; // guarded by m_controlMutex: the next stream needs a snapshot
    bool m_cutForArea = false; // guarded by m_controlMutex: the stream was cut to change the area
    std::atomic<int64_t> m_lastMessageNs { 0 };
    bool m_refused = false; // the gateway turned the last attempt away (isRefusal); the run thread's
    Worker m_run; // subscribe, and reconnect with backoff
    PeriodicWorker m_watchdog;
};

} // namespace vigil
