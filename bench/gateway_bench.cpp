// SPDX-License-Identifier: GPL-3.0-or-later
#include "gateway_bench.h"

#include "benchreport.h"

#include "client/telemetryclient.h"
#include "domain/sampleencoder.h"
#include "gateway/gatewayservice.h"
#include "gateway/telemetryjournal.h"
#include "sim/clustersimulator.h"

#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>

#include <sys/resource.h>

#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <iostream>
#include <thread>

namespace vigil::bench {

namespace {

constexpr uint32_t FleetGpus = 16384;

int64_t wallMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

double processCpuSeconds()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    auto seconds = [](const timeval &t) { return double(t.tv_sec) + double(t.tv_usec) / 1e6; };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// A journal fed the way a simulating gateway feeds it, each frame stamped with the wall clock
// when it is appended (so the far side can tell how long it took to arrive).
class Feed
{
public:
    Feed(uint32_t gpus, double hz)
        : m_simulator([&] {
            SimulatorOptions options;
            options.shape.gpus = gpus;
            return options;
        }())
        , m_journal(1, std::make_shared<const Topology>(m_simulator.topology()), m_simulator.metrics())
    {
        MetricColumns columns;
        std::vector<Event> events;
        m_simulator.advance(0, columns, events);
        m_journal.appendSamples(m_encoder.encode(wallMs(), columns, true));
        m_thread = std::thread([this, hz] {
            const auto period = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                std::chrono::duration<double>(1.0 / hz));
            MetricColumns columns;
            std::vector<Event> events;
            auto next = std::chrono::steady_clock::now() + period;
            for (int tick = 1;; ++tick) {
                {
                    std::unique_lock lock(m_mutex);
                    if (m_wake.wait_until(lock, next, [this] { return m_stopping; }))
                        return;
                }
                events.clear();
                m_simulator.advance(int64_t(1000.0 / hz), columns, events);
                m_journal.appendSamples(m_encoder.encode(wallMs(), columns, tick % 10 == 0));
                next += period;
            }
        });
    }
    ~Feed() { stop(); }
    // Before whatever listens to the journal goes away.
    void stop()
    {
        {
            std::lock_guard lock(m_mutex);
            if (m_stopping)
                return;
            m_stopping = true;
        }
        m_wake.notify_all();
        m_thread.join();
        m_journal.close();
    }
    TelemetryJournal &journal() { return m_journal; }

private:
    ClusterSimulator m_simulator;
    TelemetryJournal m_journal;
    SampleEncoder m_encoder { 262144 };
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::thread m_thread;
};

// The baseline: Subscribe on gRPC's synchronous API, as the gateway served it before, one
// thread per subscriber serialising every message for itself.
class SyncFanout final : public v1::Gateway::Service
{
public:
    explicit SyncFanout(TelemetryJournal &journal)
        : m_journal(journal)
    { }
    grpc::Status Subscribe(grpc::ServerContext *context, const v1::SubscribeRequest *,
                           grpc::ServerWriter<v1::StreamMessage> *writer) override
    {
        ++active;
        uint64_t cursor = m_journal.range().head;
        std::vector<JournalMessage> batch;
        while (!context->IsCancelled()) {
            batch.clear();
            if (m_journal.readAfter(cursor, batch, 64, std::chrono::milliseconds(1000))
                != TelemetryJournal::ReadStatus::Ok)
                break;
            for (const JournalMessage &entry : batch) {
                if (!writer->Write(*entry)) {
                    --active;
                    return grpc::Status::CANCELLED;
                }
                cursor = entry->seq();
            }
        }
        --active;
        return grpc::Status::CANCELLED;
    }
    std::atomic<int> active { 0 };

private:
    TelemetryJournal &m_journal;
};

std::unique_ptr<grpc::Server> serve(grpc::Service &service, int *port)
{
    grpc::ServerBuilder builder;
    builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), port);
    builder.RegisterService(&service);
    builder.SetMaxSendMessageSize(64 << 20);
    builder.AddChannelArgument(GRPC_ARG_ALLOW_REUSEPORT, 0);
    return builder.BuildAndStart();
}

// Subscribers that read every byte and parse nothing, so they keep up and the gateway's side
// is what is measured.
int runSubscribers(const QString &address, int count)
{
    constexpr int Channels = 8;
    std::vector<std::unique_ptr<grpc::GenericStub>> stubs;
    for (int c = 0; c < Channels; ++c) {
        grpc::ChannelArguments args;
        args.SetInt("vigil.bench.channel", c);
        args.SetMaxReceiveMessageSize(64 << 20);
        stubs.push_back(std::make_unique<grpc::GenericStub>(
            grpc::CreateCustomChannel(address.toStdString(), grpc::InsecureChannelCredentials(), args)));
    }
    struct Stream
    {
        grpc::ClientContext context;
        std::unique_ptr<grpc::GenericClientAsyncReaderWriter> call;
        grpc::ByteBuffer incoming;
    };
    grpc::CompletionQueue queue;
    std::vector<std::unique_ptr<Stream>> streams;
    const std::string request; // SubscribeRequest{}: everything
    grpc::Slice slice(request);
    const grpc::ByteBuffer requestBytes(&slice, 1);
    auto tag = [](size_t index, int op) { return reinterpret_cast<void *>(uintptr_t(index) << 2 | uintptr_t(op)); };
    for (int i = 0; i < count; ++i) {
        auto stream = std::make_unique<Stream>();
        stream->call
            = stubs[size_t(i % Channels)]->PrepareCall(&stream->context, "/vigil.v1.Gateway/Subscribe", &queue);
        stream->call->StartCall(tag(size_t(i), 0));
        streams.push_back(std::move(stream));
    }
    auto drain = [&] {
        void *got = nullptr;
        bool ok = false;
        while (queue.Next(&got, &ok)) {
            const auto value = reinterpret_cast<uintptr_t>(got);
            Stream &s = *streams[value >> 2];
            if (!ok)
                continue; // ended: the parent is finishing
            switch (value & 3) {
            case 0:
                s.call->Write(requestBytes, tag(value >> 2, 1));
                break;
            case 1:
                s.call->WritesDone(tag(value >> 2, 2));
                break;
            default:
                s.call->Read(&s.incoming, tag(value >> 2, 3));
                break;
            }
        }
    };
    std::thread second(drain);
    drain();
    second.join();
    return 0;
}

// Subscribers that open their streams and never read a byte: a hung or hostile client.
int runStalledSubscribers(const QString &address, int count)
{
    grpc::ChannelArguments args;
    args.SetInt(GRPC_ARG_HTTP2_BDP_PROBE, 0);
    auto stub = v1::Gateway::NewStub(
        grpc::CreateCustomChannel(address.toStdString(), grpc::InsecureChannelCredentials(), args));
    grpc::CompletionQueue queue;
    std::vector<std::unique_ptr<grpc::ClientContext>> contexts;
    std::vector<std::unique_ptr<grpc::ClientAsyncReader<v1::StreamMessage>>> calls;
    for (int i = 0; i < count; ++i) {
        contexts.push_back(std::make_unique<grpc::ClientContext>());
        calls.push_back(stub->PrepareAsyncSubscribe(contexts.back().get(), {}, &queue));
        calls.back()->StartCall(nullptr);
    }
    std::string line;
    while (std::getline(std::cin, line)) { }
    return 0;
}

// A gateway's stream of 16k GPUs at 1 Hz on the callback API; says its port and serves until
// its input closes.
int runFeed(uint32_t gpus)
{
    Feed feed(gpus, 1.0);
    StreamSettings settings;
    settings.heartbeatInterval = std::chrono::milliseconds(200);
    GatewayService service(feed.journal(), settings);
    int port = 0;
    auto server = serve(service, &port);
    std::cout << "port " << port << std::endl;
    std::string line;
    while (std::getline(std::cin, line)) { }
    feed.stop();
    server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(2));
    return 0;
}

// The gateway's CPU over 15 s once `count` subscribers in a child process stream.
double gatewayCpuPercent(grpc::Service &service, const std::function<int()> &active, int count)
{
    int port = 0;
    auto server = serve(service, &port);
    QProcess subscribers;
    subscribers.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    subscribers.start(QCoreApplication::applicationFilePath(),
                      { QStringLiteral("--role"), QStringLiteral("subscribers"), QStringLiteral("--address"),
                        QStringLiteral("127.0.0.1:%1").arg(port), QStringLiteral("--count"), QString::number(count) });
    double percent = -1.0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(90);
    while (active() < count && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    if (active() >= count) {
        std::this_thread::sleep_for(std::chrono::seconds(3));
        const double cpu = processCpuSeconds();
        const auto start = std::chrono::steady_clock::now();
        std::this_thread::sleep_for(std::chrono::seconds(15));
        percent = 100.0 * (processCpuSeconds() - cpu)
            / std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    subscribers.kill();
    subscribers.waitForFinished(5000);
    server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(2));
    return percent;
}

double percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return -1.0;
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, size_t(p * double(values.size() - 1) + 0.5))];
}

} // namespace

void runGatewayFanoutBenchmark(BenchReport &report)
{
    constexpr int Subscribers = 1000;
    double callbackPercent = 0.0, syncPercent = 0.0;
    {
        Feed feed(FleetGpus, 1.0);
        StreamSettings settings;
        settings.maxStreams = 2 * Subscribers;
        settings.maxStreamsPerClient = 2 * Subscribers;
        GatewayService service(feed.journal(), settings);
        callbackPercent = gatewayCpuPercent(
            service, [&] { return service.activeSubscribers(); }, Subscribers);
        feed.stop();
    }
    {
        Feed feed(FleetGpus, 1.0);
        SyncFanout service(feed.journal());
        syncPercent = gatewayCpuPercent(
            service, [&] { return service.active.load(); }, Subscribers);
        feed.stop();
    }
    report.add({ QStringLiteral("gateway_fanout_1000_subscribers_cpu_pct"), callbackPercent, QStringLiteral("%"),
                 syncPercent, callbackPercent > 0.0 ? syncPercent / callbackPercent : 0.0 });
}

void runEndToEndLatencyBenchmark(BenchReport &report)
{
    QProcess gateway;
    gateway.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    gateway.start(
        QCoreApplication::applicationFilePath(),
        { QStringLiteral("--role"), QStringLiteral("feed"), QStringLiteral("--gpus"), QString::number(FleetGpus) });
    QString port;
    while (port.isEmpty() && gateway.waitForReadyRead(30000))
        port = QString::fromUtf8(gateway.readLine()).section(u' ', 1).trimmed();
    if (port.isEmpty()) {
        QTextStream(stderr) << "e2e latency: the feed did not start" << Qt::endl;
        return;
    }
    std::mutex mutex;
    std::vector<double> frameLatency, heartbeatLatency;
    std::atomic<bool> measuring { false };
    LiveCluster cluster;
    ClientOptions options;
    options.address = QStringLiteral("127.0.0.1:%1").arg(port);
    options.clientName = QStringLiteral("vigil-bench");
    // Called once a message is in the dashboard's state: the moment it could be drawn.
    options.observer = [&](const v1::StreamMessage &m, const StreamConsumer &, const std::vector<Event> &) {
        if (!measuring || m.snapshot())
            return;
        const int64_t now = wallMs();
        std::lock_guard lock(mutex);
        if (m.has_samples())
            frameLatency.push_back(double(now - m.samples().time_ms()));
        else if (m.has_heartbeat())
            heartbeatLatency.push_back(double(now - m.heartbeat().server_time_ms()));
    };
    TelemetryClient client(options, cluster);
    client.start();
    // The window's side: a copy of the state ten times a second, as MainWindow takes it.
    std::atomic<bool> stop { false };
    std::thread window([&] {
        ClusterState state;
        uint64_t generation = 0;
        while (!stop) {
            cluster.copyIfNewer(state, generation);
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
    });
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (cluster.status().state != ConnectionState::Live && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    std::this_thread::sleep_for(std::chrono::seconds(2));
    measuring = true;
    const double cpu = processCpuSeconds();
    const auto start = std::chrono::steady_clock::now();
    std::this_thread::sleep_for(std::chrono::seconds(30));
    const double dashboardPercent = 100.0 * (processCpuSeconds() - cpu)
        / std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    measuring = false;
    stop = true;
    window.join();
    client.stop();
    gateway.closeWriteChannel();
    if (!gateway.waitForFinished(5000))
        gateway.kill();
    std::lock_guard lock(mutex);
    const double p99 = percentile(frameLatency, 0.99);
    const double floor = percentile(heartbeatLatency, 0.99);
    QTextStream(stdout) << "e2e: " << frameLatency.size() << " frames, median " << percentile(frameLatency, 0.5)
                        << " ms, p99 " << p99 << " ms; " << heartbeatLatency.size() << " heartbeats, p99 " << floor
                        << " ms" << Qt::endl;
    // The baseline is the transport's own floor in the same run: a heartbeat's trip.
    report.add(
        { QStringLiteral("e2e_latency_16k_p99_ms"), p99, QStringLiteral("ms"), floor, p99 > 0.0 ? floor / p99 : 0.0 });
    // Against the bar of a quarter of one core.
    report.add({ QStringLiteral("e2e_dashboard_cpu_pct"), dashboardPercent, QStringLiteral("%"), 25.0,
                 dashboardPercent > 0.0 ? 25.0 / dashboardPercent : 0.0 });
}

int runGatewayBenchRole(const QString &role, const QStringList &arguments)
{
    auto value = [&](const char *name) {
        const int i = int(arguments.indexOf(QLatin1String(name)));
        return i >= 0 && i + 1 < arguments.size() ? arguments[i + 1] : QString();
    };
    if (role == QLatin1String("subscribers"))
        return runSubscribers(value("--address"), value("--count").toInt());
    if (role == QLatin1String("stalled"))
        return runStalledSubscribers(value("--address"), value("--count").toInt());
    if (role == QLatin1String("feed"))
        return runFeed(value("--gpus").toUInt());
    return 2;
}

} // namespace vigil::bench
