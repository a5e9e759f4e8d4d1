// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "streamconsumer.h"

#include <QString>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

namespace grpc {
class ClientContext;
}

namespace vigil {

enum class ConnectionState
{
    Connecting, // never had data yet
    Live, // snapshot received, data flowing
    Reconnecting, // the stream broke; retrying with backoff
    Resumed, // reconnected and continued exactly where it left off
};

struct ConnectionStatus
{
    ConnectionState state = ConnectionState::Connecting;
    QString address;
    QString lastError;
    uint64_t epoch = 0;
    uint64_t lastSeq = 0;
    std::chrono::steady_clock::time_point lastMessageAt {}; // for the data age
    uint64_t messagesReceived = 0; // a counter; the reader derives frames/s
    uint64_t reconnects = 0;
    uint64_t eventsDropped = 0; // events nobody took before the pending queue filled up
    size_t gaps = 0;
};

struct ClientOptions
{
    QString address;
    QString clientName = QStringLiteral("vigil");
    std::chrono::milliseconds initialBackoff { 200 };
    std::chrono::milliseconds maxBackoff { 5000 };
    // No message (not even a heartbeat) for this long: the stream is dead.
    std::chrono::milliseconds silenceTimeout { 5000 };
};

// The cluster as received, shared between the network thread (writer) and the
// GUI (reader, at its own cadence). Only values leave it.
class LiveCluster
{
public:
    static constexpr size_t MaxPendingEvents = 200000;

    // Copies the state into `out` when it changed since `generation`; returns whether it did.
    bool copyIfNewer(ClusterState &out, uint64_t &generation) const;
    std::vector<Event> takeEvents();
    std::vector<StreamGap> gaps() const;
    ConnectionStatus status() const;

private:
    friend class TelemetryClient;
    mutable std::mutex m_mutex;
    StreamConsumer m_consumer;
    uint64_t m_generation = 0;
    std::vector<Event> m_events; // swapped out by takeEvents()
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

private:
    void run();
    void runWatchdog();
    // One subscription: returns when the stream ends, with the reason.
    QString subscribeOnce(class ChannelHolder &channel);
    void setState(ConnectionState state, const QString &error = {});
    bool sleepFor(std::chrono::milliseconds duration);

    ClientOptions m_options;
    LiveCluster &m_cluster;
    std::thread m_thread;
    std::thread m_watchdog;

    std::mutex m_controlMutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    grpc::ClientContext *m_activeContext = nullptr; // guarded by m_controlMutex
    std::atomic<int64_t> m_lastMessageNs { 0 };
};

} // namespace vigil
