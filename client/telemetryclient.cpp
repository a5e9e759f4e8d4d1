// SPDX-License-Identifier: GPL-3.0-or-later
#include "client/telemetryclient.h"

#include "domain/codec.h"
#include "vigil/v1/gateway.grpc.pb.h"

#include <grpcpp/grpcpp.h>

#include <random>

namespace vigil {

namespace {

int64_t nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

bool isRefusal(const grpc::Status &status)
{
    return status.error_code() == grpc::StatusCode::UNAUTHENTICATED
        || status.error_code() == grpc::StatusCode::PERMISSION_DENIED;
}

QString describe(const grpc::Status &status)
{
    return QStringLiteral("%1 (gRPC code %2)")
        .arg(QString::fromStdString(status.error_message()))
        .arg(int(status.error_code()));
}

} // namespace

class ChannelHolder
{
public:
    explicit ChannelHolder(const ClientOptions &options)
    {
        grpc::ChannelArguments args;
        args.SetMaxReceiveMessageSize(64 << 20);
        args.SetInt(GRPC_ARG_KEEPALIVE_TIME_MS, 20000);
        args.SetInt(GRPC_ARG_KEEPALIVE_TIMEOUT_MS, 10000);
        args.SetInt(GRPC_ARG_KEEPALIVE_PERMIT_WITHOUT_CALLS, 1);
        // Reconnect attempts are paced by the client's own backoff, not gRPC's (up to 2 min).
        args.SetInt(GRPC_ARG_MAX_RECONNECT_BACKOFF_MS, 2000);
        args.SetInt(GRPC_ARG_INITIAL_RECONNECT_BACKOFF_MS, 200);
        args.SetInt(GRPC_ARG_MIN_RECONNECT_BACKOFF_MS, 200);
        std::shared_ptr<grpc::ChannelCredentials> credentials = channelCredentials(options.security, args, &error);
        if (!credentials)
            return;
        channel = grpc::CreateCustomChannel(options.address.toStdString(), credentials, args);
        stub = v1::Gateway::NewStub(channel);
    }
    QString error; // why there is no channel: the client's TLS files
    std::shared_ptr<grpc::Channel> channel;
    std::unique_ptr<v1::Gateway::Stub> stub;
};

bool LiveCluster::copyIfNewer(ClusterState &out, uint64_t &generation) const
{
    std::lock_guard lock(m_mutex);
    if (generation == m_generation)
        return false;
    m_consumer.state().copyTo(out, generation == m_handedGeneration);
    generation = m_handedGeneration = m_generation;
    return true;
}

bool LiveCluster::copyAlarmsIfNewer(std::vector<Alarm> &out, uint64_t &generation) const
{
    std::lock_guard lock(m_mutex);
    if (generation == m_consumer.alarmGeneration())
        return false;
    out.clear();
    for (const auto &[id, alarm] : m_consumer.alarms())
        out.push_back(alarm);
    generation = m_consumer.alarmGeneration();
    return true;
}

std::vector<Event> LiveCluster::takeEvents()
{
    std::vector<Event> events;
    std::lock_guard lock(m_mutex);
    events.swap(m_events);
    return events;
}

bool LiveCluster::takeJobReadings(std::vector<JobReading> &out, bool &startOver)
{
    std::lock_guard lock(m_mutex);
    startOver = m_jobReadingsStartOver;
    m_jobReadingsStartOver = false;
    if (out.empty())
        out.swap(m_jobReadings);
    else
        out.insert(out.end(), m_jobReadings.begin(), m_jobReadings.end());
    m_jobReadings.clear();
    return true;
}

std::vector<StreamGap> LiveCluster::gaps() const
{
    std::lock_guard lock(m_mutex);
    return m_consumer.gaps();
}

ConnectionStatus LiveCluster::status() const
{
    std::lock_guard lock(m_mutex);
    return m_status;
}

TelemetryClient::TelemetryClient(ClientOptions options, LiveCluster &cluster)
    : m_options(std::move(options))
    , m_cluster(cluster)
    , m_detailRacks(m_options.detailRacks)
{
    std::lock_guard lock(m_cluster.m_mutex);
    m_cluster.m_status.address = m_options.address;
    m_cluster.m_status.encrypted = m_options.security.usesTls();
}

TelemetryClient::~TelemetryClient()
{
    stop();
}

void TelemetryClient::start()
{
    if (m_run.isRunning())
        return;
    m_lastMessageNs = nowNs(); // silence counts from now, not from the epoch
    m_run.start([this](std::stop_token) { run(); });
    m_watchdog.start(std::chrono::milliseconds(250), [this] { cancelIfSilent(); });
}

void TelemetryClient::stop()
{
    // Asked first, then the call in flight cancelled: a call starting in between sees the
    // request under the same lock and does not start.
    m_run.requestStop();
    {
        std::lock_guard lock(m_controlMutex);
        if (m_activeContext)
            m_activeContext->TryCancel();
    }
    m_watchdog.stop();
    m_run.stop();
    // The connection goes with the stream (unless a call still holds it): a gateway asked to stop
    // waits for its clients' connections to close, up to its shutdown deadline (2 s), and
    // `vigil --demo` quitting waited for that every time. A call made after this opens it again.
    std::shared_ptr<ChannelHolder> closing;
    {
        std::lock_guard lock(m_channelMutex);
        closing = std::move(m_channel);
    }
}

bool TelemetryClient::sleepFor(std::chrono::milliseconds duration)
{
    std::unique_lock lock(m_controlMutex);
    const std::stop_token stop = m_run.token();
    m_wake.wait_for(lock, stop, duration, [] { return false; });
    return !stop.stop_requested();
}

void TelemetryClient::setState(ConnectionState state, const QString &error)
{
    std::lock_guard lock(m_cluster.m_mutex);
    m_cluster.m_status.state = state;
    if (!error.isEmpty())
        m_cluster.m_status.lastError = error;
}

void TelemetryClient::cancelIfSilent()
{
    const int64_t silentNs = nowNs() - m_lastMessageNs.load();
    std::lock_guard lock(m_controlMutex);
    if (m_activeContext && silentNs > std::chrono::nanoseconds(m_options.silenceTimeout).count())
        m_activeContext->TryCancel();
}

std::shared_ptr<ChannelHolder> TelemetryClient::channel() const
{
    std::lock_guard lock(m_channelMutex);
    if (!m_channel || !m_channel->stub) // none yet, or the TLS files were unreadable: perhaps they are there now
        m_channel = std::make_shared<ChannelHolder>(m_options);
    return m_channel;
}

void TelemetryClient::run()
{
    std::mt19937 jitter(std::random_device {}());
    auto backoff = m_options.initialBackoff;
    for (;;) {
        const std::shared_ptr<ChannelHolder> channel = this->channel();
        const QString error = channel->stub ? subscribeOnce(*channel) : channel->error;
        {
            std::lock_guard lock(m_controlMutex);
            if (m_run.stopRequested())
                return;
            if (std::exchange(m_cutForArea, false))
                continue; // not a failure: subscribe again at once
        }
        bool wasLive = false;
        {
            std::lock_guard lock(m_cluster.m_mutex);
            ConnectionStatus &s = m_cluster.m_status;
            wasLive = s.state == ConnectionState::Live || s.state == ConnectionState::Resumed;
            if (s.state != ConnectionState::Connecting)
                s.state = ConnectionState::Reconnecting;
            s.lastError = error;
            s.refusedByGateway = channel->stub && m_refused; // no channel (TLS files): nobody refused
            ++s.reconnects;
        }
        if (wasLive)
            backoff = m_options.initialBackoff;
        std::uniform_real_distribution<double> spread(0.8, 1.2);
        if (!sleepFor(std::chrono::milliseconds(int64_t(double(backoff.count()) * spread(jitter)))))
            return;
        backoff = std::min(backoff * 2, m_options.maxBackoff);
    }
}

void TelemetryClient::lookAt(std::vector<uint32_t> racks)
{
    if (m_options.level != EntityKind::Node && m_options.level != EntityKind::Rack)
        return;
    std::sort(racks.begin(), racks.end());
    racks.erase(std::unique(racks.begin(), racks.end()), racks.end());
    std::lock_guard lock(m_controlMutex);
    if (racks == m_detailRacks)
        return;
    m_detailRacks = std::move(racks);
    m_areaChanged = true;
    if (m_activeContext) {
        m_cutForArea = true;
        m_activeContext->TryCancel();
    }
}

template<typename Call> grpc::Status TelemetryClient::callOnce(std::chrono::milliseconds timeout, Call &&call) const
{
    // The stream's channel: one connection to the gateway, which the calls share with the stream
    // (HTTP/2 carries them side by side). While it is down they fail at once, as the stream does.
    const std::shared_ptr<ChannelHolder> channel = this->channel();
    if (!channel->stub)
        return grpc::Status(grpc::StatusCode::FAILED_PRECONDITION, channel->error.toStdString());
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + timeout);
    identify(context);
    return call(*channel->stub, context);
}

ActOutcome TelemetryClient::act(const v1::ActRequest &request, std::chrono::milliseconds timeout)
{
    v1::ActResponse reply;
    const grpc::Status status = callOnce(timeout, [&](v1::Gateway::Stub &stub, grpc::ClientContext &context) {
        return stub.Act(&context, request, &reply);
    });
    ActOutcome outcome;
    outcome.ok = status.ok();
    outcome.code = int(status.error_code());
    outcome.message = QString::fromStdString(status.error_message());
    outcome.eventId = reply.event_id();
    outcome.notShared = QString::fromStdString(reply.not_shared());
    outcome.taken = request.alarm_ids_size() > 0 ? size_t(reply.event_ids_size()) : size_t(status.ok());
    for (const v1::RefusedAlarm &r : reply.refused())
        outcome.refused.emplace_back(r.alarm_id(), QString::fromStdString(r.reason()));
    return outcome;
}

void TelemetryClient::identify(grpc::ClientContext &context) const
{
    if (!m_options.token.isEmpty())
        context.AddMetadata("authorization", QStringLiteral("Bearer %1").arg(m_options.token).toStdString());
}

SourcesOutcome TelemetryClient::sources(std::chrono::milliseconds timeout)
{
    SourcesOutcome outcome;
    const grpc::Status status = callOnce(timeout, [&](v1::Gateway::Stub &stub, grpc::ClientContext &context) {
        return stub.GetSources(&context, {}, &outcome.sources);
    });
    outcome.ok = status.ok();
    outcome.unsupported = status.error_code() == grpc::StatusCode::UNIMPLEMENTED;
    outcome.message = QString::fromStdString(status.error_message());
    return outcome;
}

BookmarksOutcome TelemetryClient::bookmarks(int64_t fromMs, int64_t toMs, std::chrono::milliseconds timeout)
{
    BookmarksOutcome outcome;
    v1::BookmarksRequest request;
    request.set_from_ms(fromMs);
    request.set_to_ms(toMs);
    v1::Events reply;
    const grpc::Status status = callOnce(timeout, [&](v1::Gateway::Stub &stub, grpc::ClientContext &context) {
        return stub.GetBookmarks(&context, request, &reply);
    });
    outcome.ok = status.ok();
    outcome.unsupported = status.error_code() == grpc::StatusCode::UNIMPLEMENTED;
    outcome.message = QString::fromStdString(status.error_message());
    // What a gateway answers is held to what was asked: notes about instants in the span.
    for (const v1::Event &e : reply.events())
        if (e.type() == v1::EVENT_TYPE_NOTE && e.about_ms() >= fromMs && e.about_ms() <= toMs && e.about_ms() != 0)
            outcome.bookmarks.push_back(wire::fromProto(e));
    return outcome;
}

void TelemetryClient::fetchJobHistory(ChannelHolder &channel, uint64_t epoch)
{
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
    identify(context);
    v1::JobHistory reply;
    const grpc::Status status = channel.stub->GetJobHistory(&context, {}, &reply);
    m_lastMessageNs = nowNs(); // the call was the stream's business: not silence
    const int n = reply.time_ms_size();
    if (!status.ok() || reply.epoch() != epoch || reply.job_index_size() != n || reply.metric_id_size() != n
        || reply.value_size() != n) {
        // An older gateway, or another life of it: the charts go on from now.
        std::lock_guard lock(m_cluster.m_mutex);
        m_cluster.m_jobHistorySeq = 0;
        return;
    }
    std::vector<JobReading> history;
    history.reserve(size_t(n));
    for (int i = 0; i < n; ++i)
        history.push_back({ reply.time_ms(i), reply.job_index(i), reply.metric_id(i), reply.value(i) });
    std::lock_guard lock(m_cluster.m_mutex);
    // Readings of entries the history covers arrived again live: theirs are in it.
    m_cluster.m_jobReadings.swap(history);
    m_cluster.m_jobReadingsStartOver = true;
    m_cluster.m_jobHistorySeq = reply.head_seq();
    ++m_cluster.m_generation;
}

// The cluster's layout, asked for on its own. Fails fast while the gateway cannot be reached:
// the error then says why (refused, a failed TLS handshake), where waiting for the channel
// would end in a bare deadline. The reconnect loop's own backoff does the waiting.
QString TelemetryClient::fetchTopology(ChannelHolder &channel)
{
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
    {
        std::lock_guard lock(m_controlMutex);
        if (m_run.stopRequested())
            return QStringLiteral("stopped");
        m_lastMessageNs = nowNs(); // the watchdog measures this call's silence from its start
        m_activeContext = &context;
    }
    identify(context);
    v1::Topology reply;
    const grpc::Status status = channel.stub->GetTopology(&context, {}, &reply);
    {
        std::lock_guard lock(m_controlMutex);
        m_activeContext = nullptr;
    }
    if (!status.ok()) {
        m_refused = isRefusal(status);
        return QStringLiteral("topology: %1").arg(describe(status));
    }
    auto topology = std::make_shared<Topology>(wire::fromProto(reply));
    const QString broken = topology->index();
    if (!broken.isEmpty())
        return QStringLiteral("topology refused: %1").arg(broken);
    std::lock_guard lock(m_cluster.m_mutex);
    m_cluster.m_consumer.setTopology(std::move(topology));
    return {};
}

v1::SubscribeRequest TelemetryClient::subscribeRequest(const ResumeToken &token, bool newArea,
                                                       const std::vector<uint32_t> &detailRacks) const
{
    v1::SubscribeRequest request;
    request.set_include_events(true);
    request.set_include_recent_events(!token.valid() && !newArea); // a new area: the events are here already
    request.set_client_name(m_options.clientName.toStdString());
    if (m_options.level == EntityKind::Node || m_options.level == EntityKind::Rack) {
        request.set_level(m_options.level == EntityKind::Node ? v1::AGGREGATION_LEVEL_NODE
                                                              : v1::AGGREGATION_LEVEL_RACK);
        for (uint32_t rack : detailRacks)
            request.add_detail_racks(rack);
    }
    if (token.valid()) {
        request.mutable_resume()->set_epoch(token.epoch);
        request.mutable_resume()->set_last_seq(token.lastSeq);
    }
    return request;
}

// One message of the stream, applied (under the cluster's mutex): the connection's figures,
// the state's generation, the observer, the jobs' readings and the events. Returns whether
// the jobs' history is to be fetched now (a fresh snapshot).
bool TelemetryClient::takeMessage(const v1::StreamMessage &message, StreamConsumer::Outcome outcome,
                                  const std::vector<Event> &events)
{
    StreamConsumer &consumer = m_cluster.m_consumer;
    ConnectionStatus &s = m_cluster.m_status;
    ++s.messagesReceived;
    s.lastMessageAt = std::chrono::steady_clock::now();
    s.epoch = message.epoch();
    s.lastSeq = consumer.resumeToken().lastSeq;
    s.gaps = consumer.gaps().size();
    if (outcome == StreamConsumer::Outcome::Synced)
        s.state = consumer.lastSyncResumed() ? ConnectionState::Resumed : ConnectionState::Live;
    if (outcome == StreamConsumer::Outcome::ProtocolError)
        s.lastError = consumer.lastError();
    if (message.has_samples() || outcome == StreamConsumer::Outcome::Synced)
        ++m_cluster.m_generation;
    if (m_options.observer && outcome != StreamConsumer::Outcome::ProtocolError)
        m_options.observer(message, consumer, events);
    if (message.has_dictionary() && consumer.topology()) {
        std::vector<MetricDescriptor> metrics;
        for (const MetricColumn &c : consumer.state().columns())
            metrics.push_back(c.descriptor);
        m_cluster.m_jobMetrics.setMetrics(metrics);
    }
    // Job readings of journal entries, every one: a snapshot's are in the history the
    // gateway gives after Sync, and so are the entries up to where that history reaches.
    if (m_options.jobReadings && message.has_samples() && !message.snapshot()
        && message.seq() > m_cluster.m_jobHistorySeq && outcome != StreamConsumer::Outcome::ProtocolError) {
        appendJobReadings(message.samples(), m_cluster.m_jobMetrics, m_cluster.m_jobReadings);
        std::vector<JobReading> &pending = m_cluster.m_jobReadings;
        if (pending.size() > LiveCluster::MaxPendingJobReadings)
            pending.erase(pending.begin(), pending.begin() + long(pending.size() - LiveCluster::MaxPendingJobReadings));
    }
    const bool fetchHistory
        = m_options.jobReadings && outcome == StreamConsumer::Outcome::Synced && !consumer.lastSyncResumed();
    m_cluster.m_events.insert(m_cluster.m_events.end(), events.begin(), events.end());
    // Nobody draining the events (a window closed, a headless client): keep the newest.
    if (m_cluster.m_events.size() > LiveCluster::MaxPendingEvents) {
        const size_t excess = m_cluster.m_events.size() - LiveCluster::MaxPendingEvents;
        m_cluster.m_events.erase(m_cluster.m_events.begin(), m_cluster.m_events.begin() + long(excess));
        s.eventsDropped += excess;
    }
    return fetchHistory;
}

QString TelemetryClient::subscribeOnce(ChannelHolder &channel)
{
    m_refused = false;
    ResumeToken token;
    bool haveTopology = false;
    {
        std::lock_guard lock(m_cluster.m_mutex);
        token = m_cluster.m_consumer.resumeToken();
        haveTopology = m_cluster.m_consumer.topology() != nullptr;
    }
    if (!token.valid() || !haveTopology) {
        const QString error = fetchTopology(channel);
        if (!error.isEmpty())
            return error;
    }

    grpc::ClientContext context;
    context.set_wait_for_ready(true);
    bool newArea = false;
    std::vector<uint32_t> detailRacks;
    {
        std::lock_guard lock(m_controlMutex);
        if (m_run.stopRequested())
            return QStringLiteral("stopped");
        m_lastMessageNs = nowNs();
        m_activeContext = &context;
        // Read with the context set, so a later lookAt cuts this stream.
        newArea = std::exchange(m_areaChanged, false);
        detailRacks = m_detailRacks;
    }
    if (newArea && token.valid()) {
        // Other racks in full need their snapshot, which a resume would not give.
        std::lock_guard lock(m_cluster.m_mutex);
        m_cluster.m_consumer.forgetResumePoint();
        token = {};
    }

    identify(context);

    const v1::SubscribeRequest request = subscribeRequest(token, newArea, detailRacks);
    auto reader = channel.stub->Subscribe(&context, request);
    v1::StreamMessage message;
    std::vector<Event> events;
    QString protocolError;
    while (reader->Read(&message)) {
        m_lastMessageNs = nowNs();
        events.clear();
        std::unique_lock lock(m_cluster.m_mutex);
        StreamConsumer &consumer = m_cluster.m_consumer;
        StreamConsumer::Outcome outcome = consumer.consume(message, events);
        if (outcome == StreamConsumer::Outcome::NeedsTopology) {
            lock.unlock();
            // A gateway restarted with another cluster behind it: learn the new layout.
            grpc::ClientContext topologyContext;
            topologyContext.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
            identify(topologyContext);
            v1::Topology reply;
            const grpc::Status status = channel.stub->GetTopology(&topologyContext, {}, &reply);
            auto topology = std::make_shared<Topology>(wire::fromProto(reply));
            const QString broken = status.ok() ? topology->index() : describe(status);
            lock.lock();
            if (!broken.isEmpty()) {
                protocolError = QStringLiteral("topology: %1").arg(broken);
                break;
            }
            consumer.setTopology(std::move(topology));
            outcome = consumer.consume(message, events);
        }
        const bool fetchHistory = takeMessage(message, outcome, events);
        if (fetchHistory) {
            lock.unlock();
            fetchJobHistory(channel, message.epoch());
        }
    }
    if (!protocolError.isEmpty())
        context.TryCancel();
    const grpc::Status status = reader->Finish();
    {
        std::lock_guard lock(m_controlMutex);
        m_activeContext = nullptr;
    }
    if (!protocolError.isEmpty())
        return protocolError;
    m_refused = isRefusal(status);
    return QStringLiteral("stream ended: %1").arg(describe(status));
}

} // namespace vigil
