// SPDX-License-Identifier: GPL-3.0-or-later
// The gateway you can expose: TLS, tokens checked in one place for every RPC, the tokens
// file and the certificates renewed without a restart, and no compressed requests.
#include "gatewayfixture.h"
#include "testpki.h"

#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>

#include <QFile>

#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <deque>
#include <mutex>
#include <thread>

using namespace vigil;
using namespace vigil::test;

namespace {

std::shared_ptr<grpc::Channel> channelTo(const QString &address, const ChannelSecurity &security = {})
{
    grpc::ChannelArguments args;
    QString error;
    auto credentials = channelCredentials(security, args, &error);
    return grpc::CreateCustomChannel(address.toStdString(), credentials, args);
}

void authorise(grpc::ClientContext &context, const QString &token)
{
    if (!token.isEmpty())
        context.AddMetadata("authorization", QStringLiteral("Bearer %1").arg(token).toStdString());
}

// One call of any method with raw request bytes: unary, or a stream that sends one request
// and reads one reply. Health and reflection are called this way, as a foreign client would.
grpc::Status rawCall(const QString &address, const std::string &method, const std::string &payload, bool stream,
                     const QString &token = {}, const ChannelSecurity &security = {})
{
    grpc::GenericStub stub(channelTo(address, security));
    grpc::CompletionQueue queue;
    grpc::ClientContext context;
    authorise(context, token);
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
    grpc::Slice slice(payload);
    grpc::ByteBuffer request(&slice, 1);
    grpc::ByteBuffer response;
    grpc::Status status;
    void *tag = nullptr;
    bool ok = false;
    auto step = [&](intptr_t expected) {
        while (queue.Next(&tag, &ok))
            if (reinterpret_cast<intptr_t>(tag) == expected)
                return ok;
        return false;
    };
    if (stream) {
        auto call = stub.PrepareCall(&context, method, &queue);
        call->StartCall(reinterpret_cast<void *>(1));
        if (step(1)) {
            call->Write(request, reinterpret_cast<void *>(2));
            if (step(2)) {
                call->WritesDone(reinterpret_cast<void *>(3));
                step(3);
                call->Read(&response, reinterpret_cast<void *>(4));
                step(4);
            }
        }
        call->Finish(&status, reinterpret_cast<void *>(5));
        step(5);
    } else {
        auto call = stub.PrepareUnaryCall(&context, method, request, &queue);
        call->StartCall();
        call->Finish(&response, &status, reinterpret_cast<void *>(5));
        step(5);
    }
    queue.Shutdown();
    while (queue.Next(&tag, &ok)) { }
    return status;
}

grpc::Status healthCheck(const QString &address, const QString &token = {}, const ChannelSecurity &security = {})
{
    return rawCall(address, "/grpc.health.v1.Health/Check", {}, false, token, security);
}

grpc::Status topology(const QString &address, const QString &token = {}, const ChannelSecurity &security = {})
{
    auto stub = v1::Gateway::NewStub(channelTo(address, security));
    grpc::ClientContext context;
    authorise(context, token);
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
    v1::Topology reply;
    return stub->GetTopology(&context, {}, &reply);
}

void writeFile(const QString &path, const QByteArray &text)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(text);
}

void copyFile(const QString &from, const QString &to)
{
    QFile::remove(to + QStringLiteral(".new"));
    QVERIFY(QFile::copy(from, to + QStringLiteral(".new")));
    // A rename, as certificate tools do: the watcher never reads half a file.
    QVERIFY(std::rename(QFile::encodeName(to + QStringLiteral(".new")).constData(), QFile::encodeName(to).constData())
            == 0);
}

int threadsOfThisProcess()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith("Threads:"))
            return line.mid(8).trimmed().toInt();
    return -1;
}

// Subscribe streams opened and never read, the way a hung or hostile client holds them.
class StalledSubscribers
{
public:
    StalledSubscribers(const QString &address, int count)
    {
        // Small flow-control windows, as a client that stopped reading soon shows: the
        // gateway's writes stall after a few messages instead of after megabytes.
        grpc::ChannelArguments args;
        args.SetInt(GRPC_ARG_HTTP2_BDP_PROBE, 0);
        args.SetInt(GRPC_ARG_HTTP2_STREAM_LOOKAHEAD_BYTES, 16384);
        for (int c = 0; c < 4; ++c) {
            args.SetInt("vigil.test.channel", c); // a connection of its own each
            m_stubs.push_back(v1::Gateway::NewStub(
                grpc::CreateCustomChannel(address.toStdString(), grpc::InsecureChannelCredentials(), args)));
        }
        for (int i = 0; i < count; ++i) {
            m_contexts.push_back(std::make_unique<grpc::ClientContext>());
            m_calls.push_back(
                m_stubs[size_t(i) % m_stubs.size()]->PrepareAsyncSubscribe(m_contexts.back().get(), {}, &m_queue));
            m_calls.back()->StartCall(nullptr);
        }
    }
    ~StalledSubscribers()
    {
        for (auto &context : m_contexts)
            context->TryCancel();
        for (size_t i = 0; i < m_calls.size(); ++i)
            m_calls[i]->Finish(&m_statuses.emplace_back(), nullptr);
        m_queue.Shutdown();
        void *tag = nullptr;
        bool ok = false;
        while (m_queue.Next(&tag, &ok)) { }
    }

private:
    grpc::CompletionQueue m_queue;
    std::vector<std::unique_ptr<v1::Gateway::Stub>> m_stubs;
    std::vector<std::unique_ptr<grpc::ClientContext>> m_contexts;
    std::vector<std::unique_ptr<grpc::ClientAsyncReader<v1::StreamMessage>>> m_calls;
    std::deque<grpc::Status> m_statuses;
};

constexpr char ViewerToken[] = "viewer-token-0123456789";
constexpr char OperatorToken[] = "operator-token-0123456789";
constexpr char AgentToken[] = "agent-token-0123456789ab";
constexpr char SecondOperatorToken[] = "second-operator-token-0123";

} // namespace

class TestGatewaySecurity : public QObject
{
    Q_OBJECT

    QTemporaryDir dir;
    TestPki pki, otherPki;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(dir.isValid());
        QCOMPARE(makeTestPki(dir.path(), QStringLiteral("site"), pki), QString());
        QCOMPARE(makeTestPki(dir.path(), QStringLiteral("other"), otherPki), QString());
    }

    void tlsServesOnlyClientsThatTrustItsAuthority()
    {
        GatewayOptions options = testGatewayOptions(64);
        options.tls.certificateChain = pki.serverCertificate;
        options.tls.privateKey = pki.serverKey;
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));

        ChannelSecurity trusting;
        trusting.caFile = pki.caCertificate;
        QVERIFY2(topology(server->address(), {}, trusting).ok(), "a client trusting the site's authority");

        const grpc::Status plain = topology(server->address());
        QCOMPARE(plain.error_code(), grpc::StatusCode::UNAVAILABLE);
        ChannelSecurity stranger;
        stranger.caFile = otherPki.caCertificate;
        QCOMPARE(topology(server->address(), {}, stranger).error_code(), grpc::StatusCode::UNAVAILABLE);

        // The dashboard's client streams over it.
        LiveCluster cluster;
        ClientOptions clientOptions;
        clientOptions.address = server->address();
        clientOptions.security = trusting;
        TelemetryClient client(clientOptions, cluster);
        client.start();
        QTRY_VERIFY_WITH_TIMEOUT(isLive(cluster), 10000);
        QVERIFY(cluster.status().encrypted); // the status bar says "· TLS"
        QTRY_VERIFY_WITH_TIMEOUT(cluster.status().lastSeq > 5, 5000); // deltas flow after the snapshot
        ClusterState state;
        uint64_t generation = 0;
        QVERIFY(cluster.copyIfNewer(state, generation));
        QVERIFY(state.topology() && *state.topology() == *server->journal().topology());
        QCOMPARE(compareWithSimulation(options, state), QString());
        client.stop();
    }

    void mutualTlsRefusesAClientWithoutACertificate()
    {
        GatewayOptions options = testGatewayOptions(64);
        options.tls.certificateChain = pki.serverCertificate;
        options.tls.privateKey = pki.serverKey;
        options.tls.clientCa = pki.caCertificate;
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        ChannelSecurity anonymous;
        anonymous.caFile = pki.caCertificate;
        QCOMPARE(healthCheck(server->address(), {}, anonymous).error_code(), grpc::StatusCode::UNAVAILABLE);
        ChannelSecurity foreign = anonymous;
        foreign.certificateChain = otherPki.clientCertificate;
        foreign.privateKey = otherPki.clientKey;
        QCOMPARE(healthCheck(server->address(), {}, foreign).error_code(), grpc::StatusCode::UNAVAILABLE);
        ChannelSecurity known = anonymous;
        known.certificateChain = pki.clientCertificate;
        known.privateKey = pki.clientKey;
        QVERIFY(healthCheck(server->address(), {}, known).ok());
    }

    void renewedCertificateIsServedWithoutARestart()
    {
        const QString certificate = dir.filePath(QStringLiteral("live.crt"));
        const QString key = dir.filePath(QStringLiteral("live.key"));
        copyFile(pki.serverCertificate, certificate);
        copyFile(pki.serverKey, key);
        GatewayOptions options = testGatewayOptions(64);
        options.tls.certificateChain = certificate;
        options.tls.privateKey = key;
        options.tls.reload = std::chrono::seconds(1);
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        ChannelSecurity site, other;
        site.caFile = pki.caCertificate;
        other.caFile = otherPki.caCertificate;
        QVERIFY(healthCheck(server->address(), {}, site).ok());
        QVERIFY(!healthCheck(server->address(), {}, other).ok());

        // The key first, then the certificate: the pair in force is only ever a matching one.
        copyFile(otherPki.serverKey, key);
        copyFile(otherPki.serverCertificate, certificate);
        QTRY_VERIFY_WITH_TIMEOUT(healthCheck(server->address(), {}, other).ok(), 10000);
        QVERIFY(!healthCheck(server->address(), {}, site).ok());
    }

    void beyondLoopbackNeedsTlsOrInsecure()
    {
        GatewayOptions options = testGatewayOptions(64);
        options.listen = "0.0.0.0:0";
        QString error;
        QVERIFY(!GatewayServer::start(options, &error));
        QVERIFY2(error.contains(QLatin1String("--insecure")) && error.contains(QLatin1String("--tls-cert")),
                 qPrintable(error));

        options.insecure = true;
        writeFile(dir.filePath(QStringLiteral("ops-insecure")), QByteArray(ViewerToken) + " wall viewer\n");
        options.operatorsPath = dir.filePath(QStringLiteral("ops-insecure"));
        QVERIFY(!GatewayServer::start(options, &error));
        QVERIFY2(error.contains(QLatin1String("in the clear")), qPrintable(error));

        options.operatorsPath.clear();
        auto open = GatewayServer::start(options, &error);
        QVERIFY2(open, qPrintable(error));
        QVERIFY(healthCheck(QStringLiteral("127.0.0.1:%1").arg(open->port())).ok());
        open.reset();

        options.insecure = false;
        options.tls.certificateChain = pki.serverCertificate;
        options.tls.privateKey = pki.serverKey;
        auto secured = GatewayServer::start(options, &error);
        QVERIFY2(secured, qPrintable(error));
        ChannelSecurity site;
        site.caFile = pki.caCertificate;
        QVERIFY(healthCheck(QStringLiteral("127.0.0.1:%1").arg(secured->port()), {}, site).ok());

        options.tls.privateKey = dir.filePath(QStringLiteral("missing.key"));
        QVERIFY(!GatewayServer::start(options, &error));
        QVERIFY2(error.contains(QLatin1String("missing.key")), qPrintable(error));
    }

    void everyRpcNeedsAKnownToken_data()
    {
        QTest::addColumn<bool>("tls");
        QTest::newRow("loopback") << false;
        QTest::newRow("TLS") << true;
    }

    void everyRpcNeedsAKnownToken()
    {
        QFETCH(bool, tls);
        const QString operators = dir.filePath(QStringLiteral("ops-every"));
        writeFile(operators, QByteArray(ViewerToken) + " wall viewer\n");
        GatewayOptions options = testGatewayOptions(64);
        options.operatorsPath = operators;
        ChannelSecurity security;
        if (tls) {
            options.tls.certificateChain = pki.serverCertificate;
            options.tls.privateKey = pki.serverKey;
            security.caFile = pki.caCertificate;
        }
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        const QString address = server->address();
        const std::string listServices = std::string("\x3a\x01*", 3); // ServerReflectionRequest{list_services: "*"}
        const struct
        {
            const char *what;
            std::function<grpc::Status(const QString &)> call;
        } calls[] = {
            { "health", [&](const QString &token) { return healthCheck(address, token, security); } },
            { "topology", [&](const QString &token) { return topology(address, token, security); } },
            { "reflection",
              [&](const QString &token) {
                  return rawCall(address, "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo",
                                 listServices, true, token, security);
              } },
            { "subscribe",
              [&](const QString &token) {
                  return rawCall(address, "/vigil.v1.Gateway/Subscribe", {}, true, token, security);
              } },
            { "job history",
              [&](const QString &token) {
                  return rawCall(address, "/vigil.v1.Gateway/GetJobHistory", {}, false, token, security);
              } },
            { "sources",
              [&](const QString &token) {
                  return rawCall(address, "/vigil.v1.Gateway/GetSources", {}, false, token, security);
              } },
            { "bookmarks",
              [&](const QString &token) {
                  return rawCall(address, "/vigil.v1.Gateway/GetBookmarks", {}, false, token, security);
              } },
        };
        for (const auto &c : calls) {
            const grpc::Status anonymous = c.call({});
            QVERIFY2(anonymous.error_code() == grpc::StatusCode::UNAUTHENTICATED,
                     qPrintable(QStringLiteral("%1 without a token: %2 %3")
                                    .arg(QLatin1String(c.what))
                                    .arg(anonymous.error_code())
                                    .arg(QString::fromStdString(anonymous.error_message()))));
            QCOMPARE(c.call(QStringLiteral("not-a-token-of-this-site")).error_code(),
                     grpc::StatusCode::UNAUTHENTICATED);
        }
        QVERIFY(healthCheck(address, QLatin1String(ViewerToken), security).ok());
        QVERIFY(topology(address, QLatin1String(ViewerToken), security).ok());
        QVERIFY(
            rawCall(address, "/vigil.v1.Gateway/GetJobHistory", {}, false, QLatin1String(ViewerToken), security).ok());
        // A wall screen's viewer may read the bookmarks (an empty request: the span of instant 0).
        QVERIFY(
            rawCall(address, "/vigil.v1.Gateway/GetBookmarks", {}, false, QLatin1String(ViewerToken), security).ok());
        QVERIFY(rawCall(address, "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo", listServices, true,
                        QLatin1String(ViewerToken), security)
                    .ok());
    }

    // gRPC shares one AuthContext between all the calls of a connection: identity kept there
    // crashed the gateway (8 threads on one channel aborted it in 0.6 s) and let a viewer's
    // Act run as the operator who called first. Each call is its own caller.
    void identityIsPerCallOnASharedConnection_data()
    {
        QTest::addColumn<bool>("tls");
        QTest::newRow("loopback") << false;
        QTest::newRow("TLS") << true;
    }

    void identityIsPerCallOnASharedConnection()
    {
        QFETCH(bool, tls);
        const QString operators = dir.filePath(QStringLiteral("ops-percall"));
        writeFile(operators,
                  QByteArray(ViewerToken) + " wall viewer\n" + QByteArray(OperatorToken) + " alice operator\n"
                      + QByteArray(SecondOperatorToken) + " bob operator\n" + QByteArray(AgentToken)
                      + " relay agent *\n");
        GatewayOptions options = testGatewayOptions(64);
        options.operatorsPath = operators;
        ChannelSecurity security;
        if (tls) {
            options.tls.certificateChain = pki.serverCertificate;
            options.tls.privateKey = pki.serverKey;
            security.caFile = pki.caCertificate;
        }
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        const auto channel = channelTo(server->address(), security); // one HTTP/2 connection for all
        QVERIFY(channel->WaitForConnected(std::chrono::system_clock::now() + std::chrono::seconds(10)));

        struct Caller
        {
            QString token;
            QString name; // empty: refused at the gate
            bool mayAct = false;
            bool mayPublish = false;
        };
        const Caller callers[] = {
            { QLatin1String(ViewerToken), QStringLiteral("wall") },
            { QLatin1String(OperatorToken), QStringLiteral("alice"), true, false },
            { QLatin1String(AgentToken), QStringLiteral("relay"), false, true },
            { QLatin1String(SecondOperatorToken), QStringLiteral("bob"), true, false },
            { QStringLiteral("not-a-token-of-this-site"), {} },
            { QLatin1String(ViewerToken), QStringLiteral("wall") },
            { QLatin1String(OperatorToken), QStringLiteral("alice"), true, false },
            { QLatin1String(AgentToken), QStringLiteral("relay"), false, true },
        };
        constexpr int Rounds = 40;
        std::mutex wrongMutex;
        QStringList wrong;
        std::atomic<int> notesTaken { 0 };
        auto expect = [&](const Caller &c, const char *what, const grpc::Status &status, bool allowed) {
            const grpc::StatusCode wanted = c.name.isEmpty() ? grpc::StatusCode::UNAUTHENTICATED
                : allowed                                    ? grpc::StatusCode::OK
                                                             : grpc::StatusCode::PERMISSION_DENIED;
            if (status.error_code() != wanted) {
                std::lock_guard lock(wrongMutex);
                wrong << QStringLiteral("%1's %2: %3 %4 (wanted %5)")
                             .arg(c.name.isEmpty() ? QStringLiteral("stranger") : c.name, QLatin1String(what))
                             .arg(status.error_code())
                             .arg(QString::fromStdString(status.error_message()))
                             .arg(wanted);
            }
        };
        std::vector<std::thread> threads;
        for (const Caller &c : callers)
            threads.emplace_back([&, c] {
                auto stub = v1::Gateway::NewStub(channel);
                for (int round = 0; round < Rounds; ++round) {
                    grpc::ClientContext act;
                    authorise(act, c.token);
                    act.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(20));
                    v1::ActRequest request;
                    request.set_action(v1::EVENT_TYPE_NOTE);
                    request.set_operator_name("someone-else"); // a token's name wins over the one given
                    request.set_comment(QStringLiteral("written by %1").arg(c.name).toStdString());
                    v1::ActResponse acted;
                    const grpc::Status actStatus = stub->Act(&act, request, &acted);
                    expect(c, "act", actStatus, c.mayAct);
                    if (actStatus.ok())
                        ++notesTaken;

                    grpc::ClientContext publish;
                    authorise(publish, c.token);
                    publish.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(20));
                    v1::PublishResponse published;
                    auto writer = stub->Publish(&publish, &published);
                    v1::PublishRequest item;
                    item.set_source("per-call-test");
                    v1::Event *e = item.mutable_events()->add_events();
                    e->set_type(v1::EVENT_TYPE_ECC_SINGLE_BIT);
                    e->set_severity(v1::SEVERITY_WARNING);
                    e->mutable_entity()->set_kind(v1::ENTITY_KIND_GPU);
                    e->mutable_entity()->set_index(uint32_t(round % 64));
                    e->set_time_ms(server->journal().headTimeMs());
                    writer->Write(item);
                    writer->WritesDone();
                    expect(c, "publish", writer->Finish(), c.mayPublish);
                }
            });
        for (std::thread &t : threads)
            t.join();
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong.mid(0, 10).join(u'\n')));
        QCOMPARE(notesTaken.load(), 3 * Rounds);

        // Every note is signed by the operator whose token took it, never by another caller's.
        const std::vector<v1::Event> notes = server->journal().retainedEvents(
            [](const v1::Event &e) { return e.type() == v1::EVENT_TYPE_NOTE; }, 10000);
        QCOMPARE(int(notes.size()), 3 * Rounds);
        for (const v1::Event &note : notes)
            QCOMPARE(QString::fromStdString(note.message()),
                     QStringLiteral("written by %1").arg(QString::fromStdString(note.operator_name())));
    }

    // An operators file anyone on the machine can read is said at start; so are calls refused
    // for their token, counted, at most once per ten seconds.
    void carelessFilesAndWrongTokensAreSaid()
    {
        const QString operators = dir.filePath(QStringLiteral("ops-careless"));
        writeFile(operators, QByteArray(ViewerToken) + " wall viewer\n");
        QVERIFY(QFile::setPermissions(operators,
                                      QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup
                                          | QFileDevice::ReadOther));
        GatewayOptions options = testGatewayOptions(64);
        options.operatorsPath = operators;
        QStringList said;
        std::mutex saidMutex;
        options.log = [&](const QString &line) {
            std::lock_guard lock(saidMutex);
            said << line;
        };
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        for (int i = 0; i < 5; ++i)
            QCOMPARE(topology(server->address(), QStringLiteral("guessed-token-%1-000000").arg(i)).error_code(),
                     grpc::StatusCode::UNAUTHENTICATED);
        {
            std::lock_guard lock(saidMutex);
            QCOMPARE(said.filter(QStringLiteral("can be read by every user")).size(), 1);
            QVERIFY2(said.filter(QStringLiteral("chmod 600")).size() == 1, qPrintable(said.join(u'\n')));
            // The first refusal is said at once; the four after it wait for the next report.
            QCOMPARE(said.filter(QStringLiteral("refused 1 call(s) with a missing or unknown token")).size(), 1);
        }
        server.reset();

        QVERIFY(QFile::setPermissions(operators, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
        said.clear();
        server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        std::lock_guard lock(saidMutex);
        QVERIFY(said.filter(QStringLiteral("can be read by every user")).isEmpty());
    }

    void tokensFileIsReloadedWithoutARestart()
    {
        const QString operators = dir.filePath(QStringLiteral("ops-reload"));
        writeFile(operators, QByteArray(ViewerToken) + " wall viewer\n");
        GatewayOptions options = testGatewayOptions(64);
        options.operatorsPath = operators;
        QStringList said;
        std::mutex saidMutex;
        options.log = [&](const QString &line) {
            std::lock_guard lock(saidMutex);
            said << line;
        };
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        v1::PublishResponse reply;
        QCOMPARE(publishWarningAs(*server, 3, QLatin1String(AgentToken), &reply).error_code(),
                 grpc::StatusCode::UNAUTHENTICATED);

        // A new agent and a new operator, the viewer gone: in force within seconds.
        writeFile(operators,
                  QByteArray(AgentToken) + " dcgm-relay agent *\n" + QByteArray(OperatorToken) + " alice operator\n");
        QTRY_VERIFY_WITH_TIMEOUT(publishWarningAs(*server, 3, QLatin1String(AgentToken), &reply).ok(), 5000);
        QCOMPARE(reply.accepted(), 1u);
        QCOMPARE(topology(server->address(), QLatin1String(ViewerToken)).error_code(),
                 grpc::StatusCode::UNAUTHENTICATED);
        QVERIFY(topology(server->address(), QLatin1String(OperatorToken)).ok());

        // A change that does not parse keeps the tokens in force, and says so. (The file is
        // looked at when calls come, at most once a second.)
        writeFile(operators, "short alice operator\n");
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                if (!topology(server->address(), QLatin1String(OperatorToken)).ok())
                    return false;
                std::lock_guard lock(saidMutex);
                return !said.filter(QStringLiteral("cannot be used")).isEmpty();
            }(),
            5000);
        std::lock_guard lock(saidMutex);
        QVERIFY2(said.filter(QStringLiteral("cannot be used")).first().contains(QLatin1String("at least 16")),
                 qPrintable(said.join(u'\n')));
    }

    // A token revoked while its stream runs ends that stream, not only the next call.
    void aRevokedTokenLosesItsOpenStream()
    {
        const QString operators = dir.filePath(QStringLiteral("ops-revoke"));
        writeFile(operators,
                  QByteArray(ViewerToken) + " wall viewer\n" + QByteArray(OperatorToken) + " alice operator\n");
        GatewayOptions options = testGatewayOptions(64);
        options.operatorsPath = operators;
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        LiveCluster wall, desk;
        ClientOptions wallOptions, deskOptions;
        wallOptions.address = deskOptions.address = server->address();
        wallOptions.token = QLatin1String(ViewerToken);
        deskOptions.token = QLatin1String(OperatorToken);
        TelemetryClient wallClient(wallOptions, wall), deskClient(deskOptions, desk);
        wallClient.start();
        deskClient.start();
        QTRY_VERIFY_WITH_TIMEOUT(isLive(wall) && isLive(desk), 10000);

        writeFile(operators, QByteArray(OperatorToken) + " alice operator\n"); // the wall screen's token is gone
        // Its stream ends "no longer valid"; the client's retries then meet "unknown token" at the gate.
        QTRY_VERIFY_WITH_TIMEOUT(wall.status().lastError.contains(QLatin1String("no longer valid"))
                                     || wall.status().lastError.contains(QLatin1String("unknown token")),
                                 10000);
        QVERIFY(!isLive(wall));
        // The operator's stream runs on.
        const uint64_t seq = desk.status().lastSeq;
        QTRY_VERIFY_WITH_TIMEOUT(desk.status().lastSeq > seq, 5000);
        QVERIFY(isLive(desk));
        wallClient.stop();
        deskClient.stop();
    }

    void stalledSubscribersHoldNoThreadsAndAreCutOff()
    {
        GatewayOptions options = testGatewayOptions(2048, 20.0);
        options.stream.maxStreamsPerClient = 1000;
        options.stream.stalledCutOff = std::chrono::milliseconds(3000);
        options.retention.window = std::chrono::seconds(2);
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        const int threadsBefore = threadsOfThisProcess();
        StalledSubscribers stalled(server->address(), 300);
        QTRY_COMPARE_WITH_TIMEOUT(server->service().activeSubscribers(), 300, 10000);

        // A dashboard beside them streams as ever.
        LiveCluster cluster;
        TelemetryClient client({ server->address() }, cluster);
        client.start();
        QTRY_VERIFY_WITH_TIMEOUT(isLive(cluster), 10000);
        const uint64_t seen = cluster.status().messagesReceived;
        QTRY_VERIFY_WITH_TIMEOUT(cluster.status().messagesReceived > seen + 20, 5000);
        // 300 streams on the threads gRPC already had (the sync API held one each).
        QVERIFY2(threadsOfThisProcess() < threadsBefore + 40,
                 qPrintable(QStringLiteral("%1 threads before, %2 with 300 stalled streams")
                                .arg(threadsBefore)
                                .arg(threadsOfThisProcess())));
        // Past the retained window and the cut-off, the stalled ones are let go; the reader stays.
        QTRY_COMPARE_WITH_TIMEOUT(server->service().activeSubscribers(), 1, 20000);
        QVERIFY(isLive(cluster));
        client.stop();
    }

    // A subscriber that stops reading during its snapshot lets go of it once it has taken
    // none of it for the cut-off (1 s here), not once the journal has moved past it (10 min by
    // default): 20 of them at 16k GPUs are gone in seconds. While the snapshots queued at once
    // pass the gateway's budget, new dashboards are refused and told to retry; once the stalled
    // ones are gone a dashboard goes live.
    void aStalledSubscriberLetsGoOfItsSnapshot()
    {
        GatewayOptions options = testGatewayOptions(65536, 2.0);
        options.stream.stalledCutOff = std::chrono::milliseconds(1000);
        options.stream.maxSnapshotBytes = 256 << 10;
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        {
            StalledSubscribers stalled(server->address(), 1);
            QTRY_COMPARE_WITH_TIMEOUT(server->service().activeSubscribers(), 1, 5000);
            qInfo("%zu bytes of snapshot queued", server->service().queuedSnapshotBytes());
            const grpc::Status refused = rawCall(server->address(), "/vigil.v1.Gateway/Subscribe", {}, true);
            QCOMPARE(refused.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
            QVERIFY2(QString::fromStdString(refused.error_message()).contains(QLatin1String("snapshots")),
                     refused.error_message().c_str());
            QTRY_COMPARE_WITH_TIMEOUT(server->service().activeSubscribers(), 0, 8000);
        }
        LiveCluster cluster;
        TelemetryClient client({ server->address() }, cluster);
        client.start();
        QTRY_VERIFY_WITH_TIMEOUT(isLive(cluster), 10000);
        client.stop();

        options.stream.maxSnapshotBytes = size_t(1) << 30;
        server.reset();
        server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        StalledSubscribers stalled(server->address(), 20);
        QTRY_VERIFY_WITH_TIMEOUT(server->service().activeSubscribers() > 0, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(server->service().activeSubscribers(), 0, 10000);
    }

    // A snapshot's recent events are sent in messages of about 1 MB, whatever their size: 2,000
    // events of 4,000 bytes (8 MB, which went out as two messages of 4 MB) reach a client with
    // gRPC's default 4 MB receive limit.
    void snapshotMessagesFitTheDefaultReceiveLimit()
    {
        GatewayOptions options = testGatewayOptions(64);
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        auto stub = stubFor(server->address());
        for (int batch = 0; batch < 4; ++batch) {
            grpc::ClientContext context;
            v1::PublishResponse reply;
            auto writer = stub->Publish(&context, &reply);
            v1::PublishRequest request;
            request.set_source("test-bridge");
            for (int i = 0; i < 500; ++i) {
                v1::Event *e = request.mutable_events()->add_events();
                e->set_type(v1::EVENT_TYPE_ROW_REMAP);
                e->set_severity(v1::SEVERITY_WARNING);
                e->mutable_entity()->set_kind(v1::ENTITY_KIND_GPU);
                e->mutable_entity()->set_index(uint32_t(i % 64));
                e->set_time_ms(server->journal().headTimeMs());
                e->set_message(std::string(4000, 'r'));
            }
            QVERIFY(writer->Write(request));
            writer->WritesDone();
            const grpc::Status published = writer->Finish();
            QVERIFY2(published.ok(), published.error_message().c_str());
            QCOMPARE(reply.accepted(), 500u);
        }
        grpc::ClientContext context; // a channel with gRPC's defaults: 4 MB per message received
        v1::SubscribeRequest request;
        request.set_include_events(true);
        request.set_include_recent_events(true);
        auto reader = stub->Subscribe(&context, request);
        v1::StreamMessage m;
        size_t events = 0;
        while (reader->Read(&m) && !m.has_sync())
            events += size_t(m.events().events_size());
        context.TryCancel();
        const grpc::Status status = reader->Finish();
        QVERIFY2(status.ok() || status.error_code() == grpc::StatusCode::CANCELLED, status.error_message().c_str());
        QVERIFY2(events >= 2000, qPrintable(QString::number(events)));
    }

    void streamsPerClientAreCapped()
    {
        GatewayOptions options = testGatewayOptions(64);
        options.stream.maxStreamsPerClient = 3;
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        StalledSubscribers held(server->address(), 3);
        QTRY_COMPARE_WITH_TIMEOUT(server->service().activeSubscribers(), 3, 5000);
        const grpc::Status refused = rawCall(server->address(), "/vigil.v1.Gateway/Subscribe", {}, true);
        QCOMPARE(refused.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
        QVERIFY2(QString::fromStdString(refused.error_message()).contains(QLatin1String("3 streams")),
                 refused.error_message().c_str());
    }

    void compressedRequestsAreRefused()
    {
        GatewayOptions options = testGatewayOptions(64);
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        const uint64_t before = server->journal().range().head;
        // 64 MB of zeros: a few hundred kB on the wire once gzipped, four times the receive limit
        // once inflated.
        auto stub = stubFor(server->address());
        grpc::ClientContext context;
        context.set_compression_algorithm(GRPC_COMPRESS_GZIP);
        v1::PublishResponse reply;
        auto writer = stub->Publish(&context, &reply);
        v1::PublishRequest request;
        v1::Event *e = request.mutable_events()->add_events();
        e->set_type(v1::EVENT_TYPE_XID);
        e->mutable_entity()->set_kind(v1::ENTITY_KIND_GPU);
        e->set_time_ms(server->journal().headTimeMs());
        e->set_message(std::string(64 << 20, '\0'));
        writer->Write(request);
        writer->WritesDone();
        const grpc::Status status = writer->Finish();
        QVERIFY(!status.ok());
        QVERIFY2(QString::fromStdString(status.error_message()).contains(QLatin1String("gzip")),
                 status.error_message().c_str());
        // Nothing of it reached the journal (the simulator's ticks did).
        std::vector<JournalMessage> entries;
        server->journal().readAfter(before, entries, 1000, std::chrono::milliseconds(0));
        for (const JournalMessage &entry : entries)
            QVERIFY(!entry->has_events() || entry->events().events_size() == 0
                    || entry->events().events(0).message().size() < 4096);
    }
};

QTEST_GUILESS_MAIN(TestGatewaySecurity)
#include "tst_gatewaysecurity.moc"
