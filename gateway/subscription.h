// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>

#include "domain/periodicworker.h"
#include "gateway/operators.h"
#include "gateway/telemetryjournal.h"

#include <grpcpp/server_context.h>
#include <grpcpp/support/byte_buffer.h>
#include <grpcpp/support/server_callback.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

namespace vigil {

struct StreamSettings
{
    std::chrono::milliseconds heartbeatInterval { 1000 };
    size_t maxValuesPerMessage = 262144; // ~1 MB of packed floats, well under gRPC's 4 MB default
    size_t maxEntriesPerRead = 64;
    // Streams held at once, in all and per client (the identity of its token, else its address).
    size_t maxStreams = 4096;
    size_t maxStreamsPerClient = 64;
    // A subscriber whose write has not completed this long after it fell out of the retained
    // window is cut off: it holds nothing but memory, and will get a snapshot and a gap on resume.
    std::chrono::milliseconds stalledCutOff { 10000 };
    // The serialised snapshots waiting in all streams' queues at most: past it a new stream is
    // refused (RESOURCE_EXHAUSTED, retried by the client) until some have been taken. A stream
    // that takes no write of its snapshot for stalledCutOff is cut off, letting go of it.
    size_t maxSnapshotBytes = size_t(1) << 30;
    // A snapshot message (recent events, alarms) holds at most about this much: well under a
    // client's default 4 MB receive limit, whatever a source wrote into its events.
    size_t maxSnapshotMessageBytes = size_t(1) << 20;
};

class Subscription;

// Every Subscribe stream of a gateway, on gRPC's callback API: a stream is a reactor with one
// write in flight, not a thread, so thousands of subscribers share a handful of threads.
// Each journal entry is serialised once and its bytes are shared by every subscriber that
// takes the whole stream. A new entry wakes the idle streams; a ticker sends heartbeats to
// those with nothing to say.
class SubscriptionHub
{
public:
    SubscriptionHub(TelemetryJournal &journal, StreamSettings settings);
    ~SubscriptionHub();
    SubscriptionHub(const SubscriptionHub &) = delete;
    SubscriptionHub &operator=(const SubscriptionHub &) = delete;

    // The reactor for one Subscribe call (a refusal finishes at once). `stillAllowed`, when
    // given, is asked at most once a second while the stream runs: once it says no (the
    // caller's token was revoked), the stream ends UNAUTHENTICATED.
    grpc::ServerWriteReactor<grpc::ByteBuffer> *subscribe(grpc::CallbackServerContext *context,
                                                          const grpc::ByteBuffer *request,
                                                          const std::optional<OperatorIdentity> &who,
                                                          std::function<bool()> stillAllowed = {});
    int active() const;
    size_t queuedSnapshotBytes() const { return m_snapshotBytes.load(); }
    // A stream that ends at once with `why`.
    static grpc::ServerWriteReactor<grpc::ByteBuffer> *refuse(const grpc::Status &why);

private:
    friend class Subscription;
    void wakeAll();
    void leave(Subscription *subscription);

    TelemetryJournal &m_journal;
    const StreamSettings m_settings;

    mutable std::mutex m_mutex; // before any subscription's own
    std::set<Subscription *> m_subscriptions;
    std::map<std::string, size_t> m_perClient;
    size_t m_starting = 0; // streams making their snapshot
    std::atomic<size_t> m_snapshotBytes { 0 }; // serialised snapshots queued in every stream
    bool m_stopping = false;
    PeriodicWorker m_ticker; // wakes idle streams for their heartbeats
};

} // namespace vigil
