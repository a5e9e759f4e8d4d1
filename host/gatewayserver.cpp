// SPDX-License-Identifier: GPL-3.0-or-later
#include "host/gatewayserver.h"

#include "gateway/gatewayauth.h"
#include "host/grafanafeed.h"
#include "host/handoff.h"

#include "sources/sourcelayout.h"

#include "domain/alarmrules.h"
#include "domain/checkedtime.h"

#include "recording/recordingreader.h"
#include "recording/replayclock.h"

#include "domain/sampleencoder.h"

#include <grpcpp/ext/proto_server_reflection_plugin.h>
#include <grpcpp/health_check_service_interface.h>
#include <grpcpp/resource_quota.h>
#include <grpcpp/security/server_credentials.h>
#include <grpcpp/security/tls_certificate_provider.h>
#include <grpcpp/security/tls_credentials_options.h>
#include <grpcpp/server.h>
#include <grpcpp/server_builder.h>

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QSysInfo>

#include <algorithm>
#include <chrono>
#include <limits>
#include <random>
#include <unordered_map>

namespace vigil {

namespace {

// Frames a replay serves at most: 115 days at one a second (80 MB of times).
constexpr size_t MaxReplayFrames = 10'000'000;

// A state's columns laid out by metric id, as the sample encoder takes them.
MetricColumns columnsById(const ClusterState &state)
{
    MetricColumns columns;
    for (const MetricColumn &c : state.columns()) {
        if (c.descriptor.id >= columns.size())
            columns.resize(c.descriptor.id + 1);
        columns[c.descriptor.id] = c.values;
    }
    return columns;
}

bool isLoopback(const std::string &listen)
{
    if (listen.starts_with("unix:") || listen.starts_with("unix-abstract:"))
        return true;
    const std::string host = listen.substr(0, listen.rfind(':'));
    return host == "localhost" || host == "[::1]" || host.starts_with("127.");
}

QString readablePem(const QString &path, const char *what)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("%1 %2: %3").arg(QLatin1String(what), path, file.errorString());
    if (!file.read(1 << 20).contains("-----BEGIN "))
        return QStringLiteral("%1 %2: not a PEM file").arg(QLatin1String(what), path);
    return {};
}

// How the gateway's port is secured, and where tokens are checked. A token must never cross
// a network in the clear: without TLS the gateway stays on loopback (gRPC's local credentials,
// which refuse any other peer), and `--insecure` beyond it serves only a gateway without tokens.
std::shared_ptr<grpc::ServerCredentials>
serverCredentials(const GatewayOptions &options, const std::shared_ptr<OperatorsFile> &operators, QString *error)
{
    std::shared_ptr<grpc::ServerCredentials> credentials;
    const QString listen = QString::fromStdString(options.listen);
    if (options.tls.enabled()) {
        if (options.tls.certificateChain.isEmpty() || options.tls.privateKey.isEmpty()) {
            *error = QStringLiteral("TLS needs both a certificate (--tls-cert) and its private key (--tls-key)");
            return nullptr;
        }
        for (const auto &[path, what] :
             { std::pair { options.tls.certificateChain, "certificate" },
               std::pair { options.tls.privateKey, "private key" }, std::pair { options.tls.clientCa, "client CA" } })
            if (!path.isEmpty())
                if (QString problem = readablePem(path, what); !problem.isEmpty()) {
                    *error = problem;
                    return nullptr;
                }
        const auto reload = unsigned(std::max<int64_t>(1, options.tls.reload.count()));
        auto provider = options.tls.clientCa.isEmpty()
            ? std::make_shared<grpc::experimental::FileWatcherCertificateProvider>(
                options.tls.privateKey.toStdString(), options.tls.certificateChain.toStdString(), reload)
            : std::make_shared<grpc::experimental::FileWatcherCertificateProvider>(
                options.tls.privateKey.toStdString(), options.tls.certificateChain.toStdString(),
                options.tls.clientCa.toStdString(), reload);
        grpc::experimental::TlsServerCredentialsOptions tls(provider);
        tls.watch_identity_key_cert_pairs();
        if (options.tls.clientCa.isEmpty()) {
            tls.set_cert_request_type(GRPC_SSL_DONT_REQUEST_CLIENT_CERTIFICATE);
        } else {
            tls.watch_root_certs();
            tls.set_cert_request_type(GRPC_SSL_REQUEST_AND_REQUIRE_CLIENT_CERTIFICATE_AND_VERIFY);
        }
        credentials = grpc::experimental::TlsServerCredentials(tls);
    } else if (isLoopback(options.listen)) {
        credentials = grpc::experimental::LocalServerCredentials(
            options.listen.starts_with("unix") ? grpc_local_connect_type::UDS : grpc_local_connect_type::LOCAL_TCP);
    } else if (!options.insecure) {
        *error = QStringLiteral("--listen %1 reaches beyond this machine: give the gateway a certificate "
                                "(--tls-cert, --tls-key), or say --insecure to serve in the clear")
                     .arg(listen);
        return nullptr;
    } else if (operators) {
        *error = QStringLiteral("--insecure with --operators would send every token in the clear across "
                                "the network: give the gateway a certificate (--tls-cert, --tls-key)");
        return nullptr;
    } else {
        return grpc::InsecureServerCredentials();
    }
    if (operators)
        credentials->SetAuthMetadataProcessor(std::make_shared<GatewayAuthenticator>(operators));
    return credentials;
}

} // namespace

uint64_t newEpoch()
{
    std::random_device device;
    const uint64_t entropy
        = (uint64_t(device()) << 32) ^ device() ^ uint64_t(std::chrono::system_clock::now().time_since_epoch().count());
    return entropy == 0 ? 1 : entropy;
}

QString layoutRealSources(const GatewayOptions &options, std::shared_ptr<const Topology> &topology,
                          std::vector<MetricDescriptor> &metrics)
{
    return layoutSources(options.bridges, topology, metrics, options.log);
}

std::unique_ptr<GatewayServer> GatewayServer::start(const GatewayOptions &options, QString *error)
{
    auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        return std::unique_ptr<GatewayServer>();
    };
    if (options.rateHz <= 0.0 || options.rateHz > 100.0)
        return fail(QStringLiteral("--rate must be between 0 and 100 Hz, got %1").arg(options.rateHz));
    if (options.speed <= 0.0 || options.speed > 1e6)
        return fail(QStringLiteral("--speed must be between 0 and 1000000, got %1").arg(options.speed));
    if (options.simulator.shape.gpus < 1 || options.simulator.shape.gpus > 100000)
        return fail(QStringLiteral("--gpus must be between 1 and 100000, got %1").arg(options.simulator.shape.gpus));

    std::unique_ptr<GatewayServer> server(new GatewayServer);
    server->m_options = options;
    if (!options.truthPath.isEmpty()) {
        server->m_truthFile = std::make_unique<QFile>(options.truthPath);
        if (!server->m_truthFile->open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text))
            return fail(QStringLiteral("--truth: cannot write %1: %2")
                            .arg(options.truthPath, server->m_truthFile->errorString()));
    }
    std::shared_ptr<const Topology> topology = options.topology;
    std::vector<MetricDescriptor> metrics = standardMetrics();
    ClusterState firstFrame;
    if (QString why = server->layOut(topology, metrics, firstFrame); !why.isEmpty())
        return fail(why);
    server->m_journal = std::make_unique<TelemetryJournal>(options.epoch ? options.epoch : newEpoch(), topology,
                                                           metrics, options.retention);
    // A replay's readings come with the warnings its gateway derived; pods find their own.
    server->m_journal->deriveWarnings(options.replayPath.isEmpty() && options.upstreams.isEmpty());
    if (!options.xidPolicyPath.isEmpty()) {
        XidPolicy policy;
        if (QString error = readXidPolicy(options.xidPolicyPath, policy); !error.isEmpty())
            return fail(QStringLiteral("xid policy: %1").arg(error));
        server->m_journal->setXidPolicy(std::move(policy));
    }
    if (QString why = server->setUpAlarms(topology, metrics); !why.isEmpty())
        return fail(why);
    std::shared_ptr<grpc::ServerCredentials> credentials;
    if (QString why = server->setUpService(credentials); !why.isEmpty())
        return fail(why);
    server->journalFirstState(firstFrame);
    if (!options.remoteWrite.url.isEmpty()) {
        server->m_remoteWrite = std::make_unique<RemoteWriteFeed>(*server->m_journal, options.remoteWrite);
        if (QString why = server->m_remoteWrite->start(); !why.isEmpty())
            return fail(why);
    }
    if (QString why = server->listen(credentials); !why.isEmpty())
        return fail(why);
    server->startSources();
    server->startAlarmsOut(topology, metrics);
    server->m_bridgesReady.store(true, std::memory_order_release); // GetSources may read them from now on
    return server;
}

// Each target of the alarms: a notifier reading the desk's alarms every round.
void GatewayServer::startAlarmsOut(const std::shared_ptr<const Topology> &topology,
                                   const std::vector<MetricDescriptor> &metrics)
{
    for (AlarmOutSettings target : m_options.alarmsOut) {
        if (target.cluster.isEmpty())
            target.cluster = topology->clusterName;
        AlarmDesk *desk = m_alarms.get();
        auto notifier
            = std::make_unique<AlarmNotifier>(std::move(target), topology, metrics, [desk] { return desk->alarms(); });
        notifier->start();
        m_alarmsOut.push_back(std::move(notifier));
    }
    if (!m_options.grafana.url.isEmpty()) {
        GrafanaSettings grafana = m_options.grafana;
        if (grafana.cluster.isEmpty())
            grafana.cluster = topology->clusterName;
        m_grafana = std::make_unique<GrafanaFeed>(*m_journal, std::move(grafana));
        m_grafana->start();
    }
}

// The cluster served: a recording's first frame, the pods' merged layouts, the simulator's,
// or the one the real sources' labels and the topology file give.
QString GatewayServer::layOut(std::shared_ptr<const Topology> &topology, std::vector<MetricDescriptor> &metrics,
                              ClusterState &firstFrame)
{
    const GatewayOptions &options = m_options;
    if (!options.replayPath.isEmpty()) {
        RecordingReader reader;
        QString error = reader.open(options.replayPath);
        if (error.isEmpty() && reader.isEmpty())
            error = QStringLiteral("%1 holds no frames").arg(options.replayPath);
        if (error.isEmpty())
            error = reader.stateAt(reader.startMs(), firstFrame);
        if (!error.isEmpty())
            return QStringLiteral("cannot replay: %1").arg(error);
        topology = firstFrame.topology();
        metrics.clear();
        for (const MetricColumn &c : firstFrame.columns())
            metrics.push_back(c.descriptor);
        m_replayStartMs = reader.startMs();
    } else if (!options.upstreams.isEmpty()) {
        // An aggregator: each pod's layout and dictionary, merged into one cluster.
        std::vector<std::pair<QString, std::shared_ptr<const Topology>>> pods;
        std::vector<std::vector<MetricDescriptor>> dictionaries { metrics };
        for (const QString &address : options.upstreams) {
            ClientOptions client;
            client.address = address;
            client.clientName = QStringLiteral("vigil-gateway aggregator");
            client.token = options.upstreamToken;
            client.security = options.upstreamSecurity;
            auto upstream = std::make_unique<UpstreamSource>(std::move(client));
            if (QString error = upstream->connect(options.upstreamTimeout); !error.isEmpty())
                return error;
            pods.emplace_back(address, upstream->topology());
            dictionaries.push_back(upstream->metrics());
            m_upstreams.push_back(std::move(upstream));
        }
        Topology merged;
        if (QString error = mergePodTopologies(pods, merged, m_placements); !error.isEmpty())
            return error;
        topology = std::make_shared<const Topology>(std::move(merged));
        metrics = mergeMetricDictionaries(dictionaries);
    } else if (options.simulates()) {
        m_simulator = std::make_unique<ClusterSimulator>(options.simulator);
        topology = std::make_shared<const Topology>(m_simulator->topology());
    } else if (QString error = layoutRealSources(options, topology, metrics); !error.isEmpty()) {
        return error;
    }
    return {};
}

// The alarm desk, its journal and rules, and the state it shares with other gateways.
QString GatewayServer::setUpAlarms(const std::shared_ptr<const Topology> &topology,
                                   const std::vector<MetricDescriptor> &metrics)
{
    const GatewayOptions &options = m_options;
    m_alarms = std::make_unique<AlarmDesk>(topology, metrics);
    if (!options.alarmJournalPath.isEmpty())
        if (QString error = m_alarms->openJournal(options.alarmJournalPath); !error.isEmpty())
            return QStringLiteral("cannot keep alarms: %1").arg(error);
    if (!options.alarmRulesPath.isEmpty()) {
        std::vector<ThresholdRule> rules;
        if (QString error = readThresholdRules(options.alarmRulesPath, metrics, rules); !error.isEmpty())
            return QStringLiteral("alarm rules: %1").arg(error);
        m_alarms->setRules(std::move(rules));
    }
    if (!options.sharedState.isEmpty()) {
        const QString name = options.name.isEmpty()
            ? QStringLiteral("%1/%2").arg(QSysInfo::machineHostName()).arg(QCoreApplication::applicationPid())
            : options.name;
        m_shared = std::make_unique<SharedAlarmState>(options.sharedState, name);
        const bool takesKeptAlarms = m_alarms->shareThrough(m_shared.get());
        std::vector<v1::Alarm> saved;
        if (QString error = m_shared->open(takesKeptAlarms ? &saved : nullptr); !error.isEmpty())
            return QStringLiteral("cannot share the alarm state: %1").arg(error);
        m_alarms->takeSharedAlarms(std::move(saved));
    }
    m_journal->setFollower(m_alarms.get());
    return {};
}

// Who may call (tokens, TLS), the service that answers, and the clock it holds times to.
QString GatewayServer::setUpService(std::shared_ptr<grpc::ServerCredentials> &credentials)
{
    const GatewayOptions &options = m_options;
    if (!options.operatorsPath.isEmpty()) {
        QString error;
        m_operators = OperatorsFile::open(options.operatorsPath, options.log, &error);
        if (!m_operators)
            return QStringLiteral("operators: %1").arg(error);
    }
    QString credentialsError;
    credentials = serverCredentials(options, m_operators, &credentialsError);
    if (!credentials)
        return credentialsError;
    m_service = std::make_unique<GatewayService>(*m_journal, options.stream, m_alarms.get(), m_operators);
    m_service->setSources([this] { return sourcesStatus(); });
    if (!options.handOffPath.isEmpty()) {
        HandOffSettings handOff;
        if (QString error = readHandOffSettings(options.handOffPath, handOff); !error.isEmpty())
            return QStringLiteral("hand-off: %1").arg(error);
        m_handOff
            = std::make_unique<HandOffDispatcher>(std::move(handOff), *m_journal, m_alarms.get(),
                                                  options.name.isEmpty() ? QSysInfo::machineHostName() : options.name);
        m_service->setHandOffRoute(m_handOff.get());
    }
    if (m_shared)
        m_service->setBookmarkStore(
            [shared = m_shared.get()](int64_t from, int64_t to, size_t max, std::vector<v1::Event> &out) {
                std::vector<SharedAction> actions;
                const QString error = shared->bookmarks(from, to, max, actions);
                for (SharedAction &a : actions)
                    out.push_back(std::move(a.action));
                return error;
            });
    // A simulated or replayed cluster keeps its own time; real sources, the wall clock's.
    if (options.simulates() || !options.replayPath.isEmpty()) {
        m_service->setClock([this] { return m_sourceClockMs.load(); }, options.maxClockSkew);
    } else {
        const auto wallClock = [] { return QDateTime::currentMSecsSinceEpoch(); };
        m_service->setClock(wallClock, options.maxClockSkew);
        // Every input of real sources (exporters, logs, upstream pods), not only Publish: a source's
        // time never moves the alarm clock beyond the gateway's own. (A simulated or replayed
        // cluster is its own clock.)
        m_journal->holdTimesTo(wallClock, options.maxClockSkew.count(), options.log);
    }

    return {};
}

// The first state is in the journal before anyone can subscribe.
void GatewayServer::journalFirstState(const ClusterState &firstFrame)
{
    const GatewayOptions &options = m_options;
    if (m_simulator) {
        MetricColumns columns;
        std::vector<Event> events;
        m_simulator->advance(0, columns, events);
        SampleEncoder encoder(options.stream.maxValuesPerMessage);
        m_journal->appendSamples(encoder.encode(m_simulator->timeMs(), columns, true));
        m_sourceClockMs = m_simulator->timeMs();
    } else if (firstFrame.topology()) {
        SampleEncoder encoder(options.stream.maxValuesPerMessage);
        m_journal->appendSamples(encoder.encode(firstFrame.timeMs(), columnsById(firstFrame), true));
        m_sourceClockMs = firstFrame.timeMs();
    }
}

QString GatewayServer::listen(const std::shared_ptr<grpc::ServerCredentials> &credentials)
{
    const GatewayOptions &options = m_options;
    grpc::EnableDefaultHealthCheckService(true);
    grpc::reflection::InitProtoReflectionServerBuilderPlugin();
    grpc::ServerBuilder builder;
    int port = 0;
    builder.AddListeningPort(options.listen, credentials, &port);
    // A compressed request is inflated before its size is checked: a megabyte of gzip
    // can become a gigabyte. Nothing Vigil sends needs it, so the gateway takes none.
    builder.SetCompressionAlgorithmSupportStatus(GRPC_COMPRESS_DEFLATE, false);
    builder.SetCompressionAlgorithmSupportStatus(GRPC_COMPRESS_GZIP, false);
    builder.RegisterService(m_service.get());
    builder.SetMaxReceiveMessageSize(options.maxReceiveBytes);
    builder.SetMaxSendMessageSize(64 << 20);
    // gRPC shares ports by default (SO_REUSEPORT): a second gateway would silently
    // split the traffic instead of failing. Refuse that.
    builder.AddChannelArgument(GRPC_ARG_ALLOW_REUSEPORT, 0);
    // Let clients keep idle streams alive with pings every ~20 s, and ping them in turn: a
    // peer that vanished without closing its connection is found within 40 s.
    builder.AddChannelArgument(GRPC_ARG_HTTP2_MIN_RECV_PING_INTERVAL_WITHOUT_DATA_MS, 10000);
    builder.AddChannelArgument(GRPC_ARG_KEEPALIVE_PERMIT_WITHOUT_CALLS, 1);
    builder.AddChannelArgument(GRPC_ARG_KEEPALIVE_TIME_MS, 30000);
    builder.AddChannelArgument(GRPC_ARG_KEEPALIVE_TIMEOUT_MS, 10000);
    // Streams are reactors, not threads; the threads the short synchronous calls (Publish,
    // Act, GetTopology) may take, and the memory gRPC may hold for all connections, are bounded.
    grpc::ResourceQuota quota("vigil-gateway");
    quota.SetMaxThreads(options.maxServerThreads);
    quota.Resize(options.maxServerMemoryBytes);
    builder.SetResourceQuota(quota);
    m_server = builder.BuildAndStart();
    if (!m_server || port == 0)
        return QStringLiteral("cannot listen on %1: the address is invalid or the port is in use")
            .arg(QString::fromStdString(options.listen));
    m_port = port;
    const std::string host = options.listen.substr(0, options.listen.rfind(':'));
    m_address = QStringLiteral("%1:%2").arg(QString::fromStdString(host)).arg(port);
    return {};
}

// What the gateway serves from, started: other gateways' actions, the pods upstream, the
// simulator or the recording at their pace, or the bridges.
void GatewayServer::startSources()
{
    const GatewayOptions &options = m_options;
    if (m_shared) // what other gateways do now, applied here from now on
        m_shared->start([this](const SharedAction &action) { m_alarms->applyShared(*m_journal, action); });
    if (!m_upstreams.empty()) {
        for (size_t i = 0; i < m_upstreams.size(); ++i)
            m_upstreams[i]->attach(*m_journal, m_placements[i]);
    } else if (m_simulator) {
        m_source.start([this](std::stop_token) { runSimulation(); });
    } else if (!options.replayPath.isEmpty()) {
        m_source.start([this](std::stop_token) { runReplay(); });
    } else {
        // Exporters over HTTP are scraped together, on one thread; files and logs each have their own.
        std::vector<DcgmSource *> scraped;
        // Kernel logs and dcgm both see Xids: with both, each Xid is one event.
        const bool kernel = std::any_of(options.bridges.begin(), options.bridges.end(),
                                        [](const BridgeSpec &b) { return b.kind == BridgeSpec::Kind::KernelLog; });
        const bool dcgm = std::any_of(options.bridges.begin(), options.bridges.end(),
                                      [](const BridgeSpec &b) { return b.readsDcgm(); });
        const auto xids = kernel && dcgm ? std::make_shared<XidMerger>() : nullptr;
        const auto latencies = dcgm ? std::make_shared<ScrapeLatencies>() : nullptr;
        for (const BridgeSpec &spec : options.bridges) {
            const bool seesXids = spec.kind == BridgeSpec::Kind::KernelLog || spec.readsDcgm();
            m_bridges.push_back(
                BridgeSource::make(spec, *m_journal, options.log, seesXids ? xids : nullptr, latencies));
            if (DcgmSource *together = m_bridges.back()->groupScrape())
                scraped.push_back(together);
            else
                m_bridges.back()->start();
        }
        if (!scraped.empty()) {
            m_scrapes = std::make_unique<ScrapeGroup>(scraped, scraped.front()->spec().interval);
            m_scrapes->start();
        }
    }
}

void GatewayServer::runSimulation()
{
    using Clock = std::chrono::steady_clock;
    const auto period
        = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / m_options.rateHz));
    const auto simStepMs = int64_t(std::llround(1000.0 * m_options.speed / m_options.rateHz));
    SampleEncoder encoder(m_options.stream.maxValuesPerMessage);
    MetricColumns columns;
    std::vector<Event> events;
    // The simulator numbers its events itself; the journal numbers them for the
    // stream. Ground truth and operators' "target" references use the journal's.
    std::unordered_map<uint64_t, uint64_t> journalIdOf;
    auto journalIds = [&](std::vector<uint64_t> &ids) {
        for (uint64_t &id : ids)
            if (auto it = journalIdOf.find(id); it != journalIdOf.end())
                id = it->second;
    };
    std::vector<uint64_t> assigned;
    auto next = Clock::now() + period;
    for (uint64_t tick = 1;; ++tick) {
        if (!waitUntil(next))
            return;
        events.clear();
        m_simulator->advance(simStepMs, columns, events);
        const bool keyframe = tick == 1 || tick % uint64_t(std::max(1, m_options.keyframeEveryTicks)) == 0;
        m_journal->appendSamples(encoder.encode(m_simulator->timeMs(), columns, keyframe));
        m_sourceClockMs = m_simulator->timeMs();
        std::vector<uint64_t> localIds;
        localIds.reserve(events.size());
        for (Event &e : events) {
            localIds.push_back(e.id);
            if (e.targetEventId)
                if (auto it = journalIdOf.find(e.targetEventId); it != journalIdOf.end())
                    e.targetEventId = it->second;
        }
        assigned.clear();
        m_journal->appendEvents(std::move(events), &assigned);
        for (size_t i = 0; i < assigned.size(); ++i)
            journalIdOf[localIds[i]] = assigned[i];
        events = {};
        if (m_truthFile)
            for (FailureTruth &truth : m_simulator->takeTruth()) {
                journalIds(truth.precursorEventIds);
                journalIds(truth.failureEventIds);
                m_truthFile->write(truth.toJsonLine());
                m_truthFile->flush();
            }
        next += period;
        // After a stall (debugger, suspended laptop) do not burst to catch up.
        if (Clock::now() > next + 10 * period)
            next = Clock::now() + period;
    }
}

bool GatewayServer::waitUntil(std::chrono::steady_clock::time_point when)
{
    std::unique_lock lock(m_stopMutex);
    const std::stop_token stop = m_source.token();
    m_stopRequested.wait_until(lock, stop, when, [] { return false; });
    return !stop.stop_requested();
}

void GatewayServer::runReplay()
{
    // The recording's frames at the pace of the clock: one published frame per
    // 1/rate s of wall time, standing for speed/rate s of the recording.
    using Clock = std::chrono::steady_clock;
    RecordingReader reader;
    if (QString error = reader.open(m_options.replayPath); !error.isEmpty()) {
        if (m_options.log)
            m_options.log(error);
        return;
    }
    const int64_t stepMs = std::max<int64_t>(1, int64_t(std::llround(1000.0 * m_options.speed / m_options.rateHz)));
    const auto period
        = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / m_options.rateHz));
    // A minute of wall time without a frame is a silence in the recording, jumped over.
    const int64_t maxSilenceMs = stepMs * int64_t(std::max(1.0, 60.0 * m_options.rateHz));
    const std::vector<int64_t> marks = replayMarks(reader.frameTimes(m_replayStartMs, reader.endMs(), MaxReplayFrames),
                                                   stepMs, maxSilenceMs, MaxReplayFrames);
    SampleEncoder encoder(m_options.stream.maxValuesPerMessage);
    const std::shared_ptr<const Topology> served = m_journal->topology();
    int64_t previousMs = saturatingAdd(m_replayStartMs, -1);
    uint64_t tick = 0;
    size_t visit = 0;
    auto next = Clock::now() + period;
    bool skippedLayout = false;
    const QString error = reader.scan(m_replayStartMs, reader.endMs(), marks, {}, [&](const ClusterState &state) {
        if (!waitUntil(next))
            return false;
        next += period;
        const int64_t until = marks[std::min(visit++, marks.size() - 1)];
        if (!sameTopology(state.topology(), served)) {
            if (!skippedLayout && m_options.log)
                m_options.log(QStringLiteral("the recording's cluster changes at %1; frames after it are not served")
                                  .arg(state.timeMs()));
            skippedLayout = true;
            return true;
        }
        ++tick; // the first frame goes out whole: this encoder has sent nothing yet
        const bool keyframe = tick == 1 || tick % uint64_t(std::max(1, m_options.keyframeEveryTicks)) == 0;
        m_journal->appendSamples(encoder.encode(state.timeMs(), columnsById(state), keyframe));
        m_sourceClockMs = state.timeMs();
        std::vector<Event> events = reader.events(saturatingAdd(previousMs, 1), saturatingAdd(until, 1));
        previousMs = until;
        if (!events.empty())
            m_journal->appendEvents(std::move(events));
        return true;
    });
    // Events after the last frame (a ticket closed later, an imported note) still go out.
    if (error.isEmpty() && previousMs < std::numeric_limits<int64_t>::max())
        if (std::vector<Event> events
            = reader.events(saturatingAdd(previousMs, 1), std::numeric_limits<int64_t>::max());
            !events.empty())
            m_journal->appendEvents(std::move(events));
    if (m_options.log && !m_source.stopRequested())
        m_options.log(error.isEmpty() ? QStringLiteral("the recording has been served to its end")
                                      : QStringLiteral("replay stopped: %1").arg(error));
}

// Where the alarms and the annotations go on to: what each target took, and what waits.
void GatewayServer::addDeliveryRows(v1::Sources &reply) const
{
    for (const auto &target : m_alarmsOut) {
        // Where the alarms go on to: what each took, and what waits because it could not.
        const AlarmOutStatus a = target->status();
        v1::SourceStatus *s = reply.add_sources();
        s->set_name(target->settings().describe().toStdString());
        s->set_last_poll_ms(a.lastRoundMs);
        s->set_polls(a.rounds);
        s->set_events(a.delivered);
        s->set_rejected(a.failedRequests);
        QString error = a.lastError;
        if (!error.isEmpty() && a.pending)
            error += QStringLiteral(" (%1 changes waiting for the next round)").arg(a.pending);
        s->set_last_error(error.toStdString());
    }
    if (m_grafana) {
        const GrafanaAnnotator &grafana = m_grafana->annotator();
        const AlarmOutStatus a = grafana.status();
        v1::SourceStatus *s = reply.add_sources();
        s->set_name(grafana.settings().describe().toStdString());
        s->set_last_poll_ms(a.lastRoundMs);
        s->set_polls(a.rounds);
        s->set_events(a.delivered);
        s->set_rejected(a.failedRequests + grafana.dropped());
        if (const uint64_t dropped = grafana.dropped())
            s->add_rejections(QStringLiteral("%1 annotations dropped: Grafana was away while more than %2 waited")
                                  .arg(dropped)
                                  .arg(grafana.settings().maxWaiting)
                                  .toStdString());
        QString error = a.lastError;
        if (!error.isEmpty() && a.pending)
            error += QStringLiteral(" (%1 annotations waiting)").arg(a.pending);
        s->set_last_error(error.toStdString());
    }
}

v1::Sources GatewayServer::sourcesStatus() const
{
    v1::Sources reply;
    if (m_remoteWrite) {
        // Where the telemetry goes on to, with what could not get there.
        const RemoteWriteStatus w = m_remoteWrite->status();
        v1::SourceStatus *s = reply.add_sources();
        s->set_name(m_remoteWrite->describe().toStdString());
        s->set_last_poll_ms(w.lastSentMs);
        s->set_polls(w.requestsSent);
        s->set_readings(w.samplesSent);
        s->set_rejected(w.samplesDropped);
        if (w.gapToMs)
            s->add_rejections(QStringLiteral("samples of %1 to %2 dropped: the buffer was full (a gap in the database)")
                                  .arg(QDateTime::fromMSecsSinceEpoch(w.gapFromMs, Qt::UTC).toString(Qt::ISODate),
                                       QDateTime::fromMSecsSinceEpoch(w.gapToMs, Qt::UTC).toString(Qt::ISODate))
                                  .toStdString());
        if (w.requestsRefused)
            s->add_rejections(
                QStringLiteral("%1 requests refused by the endpoint").arg(w.requestsRefused).toStdString());
        QString error = w.lastError;
        if (!error.isEmpty() && w.queuedRequests)
            error += QStringLiteral(" (%1 requests waiting, %2 MB)").arg(w.queuedRequests).arg(w.queuedBytes >> 20);
        s->set_last_error(error.toStdString());
    }
    addDeliveryRows(reply);
    if (m_shared) {
        // The alarm state kept with the other gateways: actions sent, received, waiting.
        const SharedStateStatus st = m_shared->status();
        v1::SourceStatus *s = reply.add_sources();
        s->set_name(m_shared->describe().toStdString());
        s->set_polls(st.published);
        s->set_events(st.received);
        s->set_skipped(m_alarms->sharedNotApplicable());
        // Taken here while the state was away, refused on its return: acted on elsewhere meanwhile.
        s->set_rejected(m_alarms->sharedRefused());
        QString error;
        if (st.pending)
            error = QStringLiteral("%1 actions taken here wait for the shared state: %2")
                        .arg(st.pending)
                        .arg(st.lastError);
        else if (!st.listening)
            error = QStringLiteral("not listening to the other gateways: %1").arg(st.lastError);
        s->set_last_error(error.toStdString());
    }
    if (!m_bridgesReady.load(std::memory_order_acquire))
        return reply; // still being set up: none to show yet
    for (size_t i = 0; i < m_upstreams.size(); ++i) {
        // Each pod: what came from it, and why nothing does when it is cut.
        const UpstreamCounters c = m_upstreams[i]->counters();
        v1::SourceStatus *s = reply.add_sources();
        s->set_name(QStringLiteral("upstream %1 (%2 GPUs)")
                        .arg(m_upstreams[i]->address())
                        .arg(i < m_placements.size() ? m_placements[i].gpus : 0)
                        .toStdString());
        s->set_polls(c.connection.messagesReceived);
        s->set_readings(c.samples);
        s->set_events(c.events);
        s->set_rejected(c.refused);
        const bool live = c.connection.state == ConnectionState::Live || c.connection.state == ConnectionState::Resumed;
        s->set_last_error((!c.lastError.isEmpty() ? c.lastError
                               : live             ? QString()
                                                  : QStringLiteral("cut: %1").arg(c.connection.lastError))
                              .toStdString());
    }
    for (const auto &bridge : m_bridges) {
        const BridgeCounters c = bridge->counters();
        v1::SourceStatus *s = reply.add_sources();
        s->set_name(bridge->spec().describe().toStdString());
        s->set_last_poll_ms(c.lastPollMs);
        s->set_polls(c.polls);
        s->set_readings(c.samples);
        s->set_events(c.events);
        s->set_skipped(c.skipped);
        s->set_rejected(c.rejected);
        for (const BridgeCounters::Rejection &r : c.rejections) {
            s->add_rejections(r.why.toStdString()); // what dashboards before the tallies read
            v1::SourceStatus::Rejection *tally = s->add_rejection_tallies();
            tally->set_why(r.why.toStdString());
            tally->set_times(r.times);
            tally->set_last_seen_ms(r.lastSeenMs);
        }
        s->set_last_error(c.lastError.toStdString());
        s->set_names(c.names.toStdString());
        for (const auto &[name, field] : c.unknownFields) {
            v1::SourceStatus::UnknownField *u = s->add_unknown_fields();
            u->set_name(name.toStdString());
            u->set_help(field.help.toStdString());
            u->set_count(field.samples);
        }
    }
    return reply;
}

void GatewayServer::stop()
{
    {
        std::lock_guard lock(m_stopMutex);
        if (m_stopping)
            return;
        m_stopping = true;
    }
    m_source.stop();
    if (m_shared) // it journals other gateways' actions
        m_shared->stop();
    for (auto &upstream : m_upstreams)
        upstream->stop();
    if (m_scrapes)
        m_scrapes->stop();
    for (auto &bridge : m_bridges)
        bridge->stop();
    if (m_remoteWrite) // the last state sent, the queue given a moment to drain
        m_remoteWrite->stop();
    for (auto &target : m_alarmsOut) // each told how the alarms stand, one last time
        target->stop();
    if (m_grafana)
        m_grafana->stop();
    if (m_handOff) // a delivery in progress ends at its next step; its answer is journalled first
        m_handOff->stop();
    if (m_journal) // absent when start() failed early
        m_journal->close();
    if (m_server) {
        m_server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(2));
        m_server->Wait();
    }
}

GatewayServer::~GatewayServer()
{
    stop();
}

} // namespace vigil
