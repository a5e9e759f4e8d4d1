// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/periodicworker.h"
#include "export/alarmsout.h"
#include "export/grafanaannotations.h"
#include "gateway/alarmdesk.h"
#include "gateway/gatewayservice.h"
#include "gateway/telemetryjournal.h"
#include "host/remotewritefeed.h"
#include "host/upstreamsource.h"
#include "sim/clustersimulator.h"
#include "sources/bridgesource.h"
#include "sources/scrapegroup.h"

#include <QString>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

class QFile;

namespace grpc {
class Server;
}

namespace vigil {

class HandOffDispatcher;

// The gateway's own certificate, and whose certificates it asks its clients for. The files
// are read again while serving (every `reload`), so a renewed certificate needs no restart.
struct ServerTls
{
    QString certificateChain; // PEM
    QString privateKey; // PEM
    QString clientCa; // PEM; when set, every client must present a certificate it signed (mutual TLS)
    std::chrono::seconds reload { 60 };

    bool enabled() const { return !certificateChain.isEmpty() || !privateKey.isEmpty(); }
};

struct GatewayOptions
{
    std::string listen = "127.0.0.1:50051"; // port 0 picks a free port
    SimulatorOptions simulator;
    double rateHz = 1.0; // samples per wall-clock second
    double speed = 1.0; // simulated seconds per wall-clock second
    int keyframeEveryTicks = 10;
    RetentionPolicy retention;
    StreamSettings stream;
    int maxReceiveBytes = 16 << 20; // larger requests are refused with RESOURCE_EXHAUSTED
    int maxServerThreads = 64; // gRPC's threads, for the synchronous calls
    size_t maxServerMemoryBytes = size_t(1) << 30; // what gRPC may hold for all connections
    uint64_t epoch = 0; // 0: a fresh random epoch
    QString truthPath; // where to write the simulator's ground truth (JSON lines); empty: nowhere

    // Real sources instead of the simulator: a topology (from a file; derived
    // from the first dcgm-exporter source when absent) and the bridges feeding it.
    std::shared_ptr<const Topology> topology;
    std::vector<BridgeSpec> bridges;
    std::function<void(const QString &)> log; // bridges' complaints; stderr in vigil-gateway
    QString replayPath; // a recording served as if live (at `speed`, `rateHz` frames a second)
    QString alarmJournalPath; // where the alarms are kept across restarts; empty: in memory only
    QString operatorsPath; // tokens, names and roles (docs/alarms.md); empty: anyone may act
    ServerTls tls;
    // Serve in the clear beyond loopback. Without TLS the gateway listens only on this machine.
    bool insecure = false;
    QString alarmRulesPath; // threshold rules (JSON); empty: the defaults
    QString xidPolicyPath; // the Xid and repair policy (JSON, docs/repeat-offenders.md); empty: the defaults
    QString handOffPath; // where recommended actions are handed (JSON, docs/hand-off.md); empty: nowhere
    // The NOC's shared alarm state: a libpq connection string or postgresql:// URI
    // (docs/shared-state.md); empty: this gateway's alarms are its own.
    QString sharedState;
    QString name; // this gateway's name in the shared state's audit trail; empty: host:port
    // Where the telemetry also goes: a Prometheus-compatible remote-write endpoint (none: empty url).
    RemoteWriteSettings remoteWrite;
    // Where the alarms also go: Alertmanagers, webhooks, PagerDuty (docs/alarms-out.md).
    std::vector<AlarmOutSettings> alarmsOut;
    GrafanaSettings grafana; // job crashes, restarts, rollbacks and incidents as annotations (none: empty url)
    // Published readings and events further than this from the gateway's clock are refused.
    std::chrono::milliseconds maxClockSkew { 300000 };

    // An aggregator: the pod gateways whose clusters it serves as one (docs/scaling.md), each
    // subscribed with this security and token. It keeps no storage of its own.
    QStringList upstreams;
    ChannelSecurity upstreamSecurity;
    QString upstreamToken;
    std::chrono::milliseconds upstreamTimeout { 15000 }; // for each pod's layout at start

    bool simulates() const { return !topology && bridges.empty() && replayPath.isEmpty() && upstreams.empty(); }
};

// What a gateway serving real sources serves: the topology file (with the GPUs the
// exporters report but the file lacks, as unplaced), or one derived from the first
// dcgm source's labels; and the standard metrics with every DCGM field the sources
// report. Returns an error when there is nothing to lay the cluster out from.
QString layoutRealSources(const GatewayOptions &options, std::shared_ptr<const Topology> &topology,
                          std::vector<MetricDescriptor> &metrics);

// vigil-gateway in a box: the simulator ticking on its own thread into the
// journal, served over gRPC (with reflection and the standard health service).
class GatewayServer
{
public:
    // Starts serving; on failure returns nullptr and sets `error`.
    static std::unique_ptr<GatewayServer> start(const GatewayOptions &options, QString *error);
    ~GatewayServer();

    GatewayServer(const GatewayServer &) = delete;
    GatewayServer &operator=(const GatewayServer &) = delete;

    // "127.0.0.1:50051", with the port actually bound.
    QString address() const { return m_address; }
    int port() const { return m_port; }
    uint64_t epoch() const { return m_journal->epoch(); }
    TelemetryJournal &journal() { return *m_journal; }
    const TelemetryJournal &journal() const { return *m_journal; }
    const std::vector<std::unique_ptr<BridgeSource>> &bridges() const { return m_bridges; }
    // Every source's counters, as GetSources answers them.
    v1::Sources sourcesStatus() const;
    GatewayService &service() { return *m_service; }
    AlarmDesk &alarms() { return *m_alarms; }
    // The remote-write feed, when the gateway sends to one (else nullptr).
    const RemoteWriteFeed *remoteWrite() const { return m_remoteWrite.get(); }
    // The targets the alarms go out to (Alertmanager, webhooks, PagerDuty).
    const std::vector<std::unique_ptr<AlarmNotifier>> &alarmsOut() const { return m_alarmsOut; }
    // The shared alarm state, when the gateway keeps one with others (else nullptr).
    const SharedAlarmState *sharedState() const { return m_shared.get(); }
    // Where hand-offs go, when the gateway has a hand-off file (else nullptr).
    const HandOffDispatcher *handOff() const { return m_handOff.get(); }

    // Stops the simulator and the server; every open stream ends with UNAVAILABLE.
    void stop();

private:
    GatewayServer() = default;
    // The steps of start(), in order; each an error, or empty.
    QString layOut(std::shared_ptr<const Topology> &topology, std::vector<MetricDescriptor> &metrics,
                   ClusterState &firstFrame);
    QString setUpAlarms(const std::shared_ptr<const Topology> &topology, const std::vector<MetricDescriptor> &metrics);
    QString setUpService(std::shared_ptr<grpc::ServerCredentials> &credentials);
    void journalFirstState(const ClusterState &firstFrame);
    QString listen(const std::shared_ptr<grpc::ServerCredentials> &credentials);
    void startSources();
    void addDeliveryRows(v1::Sources &reply) const;
    void startAlarmsOut(const std::shared_ptr<const Topology> &topology, const std::vector<MetricDescriptor> &metrics);
    void runSimulation();
    void runReplay();
    bool waitUntil(std::chrono::steady_clock::time_point when);

    GatewayOptions m_options;
    std::unique_ptr<ClusterSimulator> m_simulator;
    // Declared before the journal, which calls the desk: destroyed after it.
    std::unique_ptr<SharedAlarmState> m_shared; // declared before the desk, which uses it
    std::unique_ptr<AlarmDesk> m_alarms;
    std::shared_ptr<class OperatorsFile> m_operators;
    std::unique_ptr<TelemetryJournal> m_journal;
    std::unique_ptr<RemoteWriteFeed> m_remoteWrite;
    std::vector<std::unique_ptr<AlarmNotifier>> m_alarmsOut; // use the desk
    std::unique_ptr<class GrafanaFeed> m_grafana; // follows the journal
    std::unique_ptr<class HandOffDispatcher> m_handOff; // uses the journal and the desk; the service uses it
    std::unique_ptr<GatewayService> m_service;
    std::unique_ptr<grpc::Server> m_server;
    QString m_address;
    int m_port = 0;

    std::unique_ptr<QFile> m_truthFile;
    std::vector<std::unique_ptr<BridgeSource>> m_bridges;
    std::vector<std::unique_ptr<UpstreamSource>> m_upstreams; // an aggregator's pods
    std::vector<PodPlacement> m_placements; // where each pod's entities are in the merged layout
    std::atomic<bool> m_bridgesReady { false }; // m_bridges is complete
    std::unique_ptr<ScrapeGroup> m_scrapes; // polls the http(s) dcgm bridges above
    int64_t m_replayStartMs = 0;
    // The cluster's time as the gateway's own source (simulator, replay) last set it: the clock
    // published times are held to. Publish never moves it, so a client cannot ratchet it forward.
    std::atomic<int64_t> m_sourceClockMs { 0 };
    std::mutex m_stopMutex;
    std::condition_variable_any m_stopRequested;
    bool m_stopping = false; // stop() was called: once is enough
    Worker m_source; // the simulator or the recording being served, at its pace
};

// A random non-zero epoch.
uint64_t newEpoch();

} // namespace vigil
