// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "client/telemetryclient.h"
#include "domain/telemetrysource.h"
#include "host/topologymerge.h"

#include <QString>

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>

namespace vigil {

// What an aggregator has had from one pod gateway, for its Sources list.
struct UpstreamCounters
{
    ConnectionStatus connection;
    uint64_t samples = 0; // values passed on to the aggregator's journal
    uint64_t events = 0;
    uint64_t refused = 0; // values of entities or metrics the merged layout does not have
    QString lastError; // e.g. the pod came back with another topology
};

// One pod gateway under an aggregator (vigil-gateway --upstream): subscribed as any client
// is (resume, backoff, TLS, token), its samples and events passed on to the aggregator's
// journal with its entities moved to where the merged topology put them. A pod that is cut
// or restarts sends nothing meanwhile: only its own GPUs age, the rest of the stream goes on.
class UpstreamSource final : public TelemetrySource
{
public:
    explicit UpstreamSource(ClientOptions options);
    ~UpstreamSource() override;

    // Subscribes and waits until the pod's layout and first state have arrived.
    QString connect(std::chrono::milliseconds timeout);
    const std::shared_ptr<const Topology> &topology() const { return m_topology; }
    const std::vector<MetricDescriptor> &metrics() const { return m_metrics; }

    // From now on what the pod sends goes into `sink`, starting with its whole state.
    void attach(TelemetrySink &sink, PodPlacement placement);
    void start() override { }
    void stop() override;
    UpstreamCounters counters() const;
    const QString &address() const { return m_address; }

private:
    void observe(const v1::StreamMessage &message, const StreamConsumer &consumer, const std::vector<Event> &events);
    void passOn(const std::vector<v1::Samples> &samples);

    QString m_address;
    LiveCluster m_cluster;
    std::unique_ptr<TelemetryClient> m_client;
    std::shared_ptr<const Topology> m_topology; // as laid out at connect: the merge is made of it
    std::vector<MetricDescriptor> m_metrics;

    mutable std::mutex m_mutex;
    TelemetrySink *m_sink = nullptr;
    PodPlacement m_placement;
    bool m_needsWholeState = true;
    std::map<uint32_t, uint32_t> m_metricOf; // the pod's metric id -> the aggregator's
    UpstreamCounters m_counters;
};

} // namespace vigil
