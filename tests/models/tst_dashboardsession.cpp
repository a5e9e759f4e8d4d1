// SPDX-License-Identifier: GPL-3.0-or-later
// The dashboard without a window: a session following a real gateway over gRPC,
// then replaying a recording while the live stream runs on behind it, then back
// to live; each tick says what changed.
#include "dashboardsession.h"
#include "gateway/framelog.h"
#include "gatewayfixture.h"
#include "recorder/replayfeed.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace vigil;
using namespace vigil::test;

namespace {

// Ticks (as the window's timer would) until `done`, at most `timeoutMs`; every tick is kept.
bool tickUntil(DashboardSession &session, std::vector<SessionTick> &ticks,
               const std::function<bool(const SessionTick &)> &done, int timeoutMs = 10000)
{
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < timeoutMs) {
        ticks.push_back(session.tick());
        if (done(ticks.back()))
            return true;
        QTest::qWait(20);
    }
    return false;
}

// A simulated gateway on loopback and a client following it, as the dashboard runs them.
struct LiveGateway
{
    std::unique_ptr<GatewayServer> server;
    LiveCluster cluster;
    std::unique_ptr<TelemetryClient> client;
    QString error;
    LiveGateway()
    {
        server = GatewayServer::start(testGatewayOptions(), &error);
        if (!server)
            return;
        ClientOptions options;
        options.address = server->address();
        client = std::make_unique<TelemetryClient>(options, cluster);
        client->start();
    }
    ~LiveGateway()
    {
        if (client)
            client->stop();
    }
};

} // namespace

class TestDashboardSession : public QObject
{
    Q_OBJECT

    QTemporaryDir dir;

private Q_SLOTS:
    void followsTheLiveStream()
    {
        LiveGateway gateway;
        QVERIFY2(gateway.server, qPrintable(gateway.error));
        DashboardSession session(gateway.cluster);
        std::vector<SessionTick> ticks;
        // The first frame brings the topology; the views start over once, at the start.
        QVERIFY(tickUntil(session, ticks, [](const SessionTick &t) { return t.topologyChanged; }));
        QVERIFY(ticks.front().jumped);
        QVERIFY(std::none_of(ticks.begin() + 1, ticks.end(), [](const SessionTick &t) { return t.jumped; }));
        QCOMPARE(session.state().topology()->gpus.size(), size_t(256));
        QVERIFY(!session.isReplaying());
        // Frames keep coming, and only the first changed the topology.
        ticks.clear();
        QVERIFY(tickUntil(session, ticks, [](const SessionTick &t) { return t.newState; }));
        QVERIFY(!ticks.back().topologyChanged);
        QVERIFY(session.views().recent->newestMs() > 0);

        // A warning raises an alarm: one tick says so, the next ones do not repeat it; the
        // warning itself comes through as an event.
        QVERIFY(publishWarning(*gateway.server, 40));
        ticks.clear();
        bool warned = false;
        QVERIFY(tickUntil(session, ticks, [&](const SessionTick &t) {
            warned = warned || std::any_of(t.events.begin(), t.events.end(), [](const Event &e) {
                         return e.type == EventType::RowRemap;
                     });
            return warned && !session.alarms().empty();
        }));
        QCOMPARE(std::count_if(ticks.begin(), ticks.end(), [](const SessionTick &t) { return t.alarmsChanged; }), 1);
        QCOMPARE(session.alarms().size(), size_t(1));
        QCOMPARE(session.alarms().front().entity, (EntityRef { EntityKind::Gpu, 40 }));
        QVERIFY(!session.tick().alarmsChanged);
        QCOMPARE(session.alarmClockMs(), session.state().timeMs());
        // The warning reaches the hardware overlays.
        std::vector<float> errors;
        session.warnings().errorRates(session.state().timeMs(), errors);
        QVERIFY(errors[40] > 0.0f);
    }

    void replaysARecordingAndComesBackToLive()
    {
        // A recording of two days of the decline story, alarms included, as vigil-gateway --generate writes it.
        const QString path = dir.filePath(QStringLiteral("decline.vigil"));
        SimulatorOptions simulation;
        simulation.shape.gpus = 256;
        simulation.scenario = Scenario::Decline;
        QCOMPARE(generateRecording(simulation, 72 * 3600000LL, 300000, path), QString());

        LiveGateway gateway;
        QVERIFY2(gateway.server, qPrintable(gateway.error));
        DashboardSession session(gateway.cluster);
        std::vector<SessionTick> ticks;
        QVERIFY(tickUntil(session, ticks, [](const SessionTick &t) { return t.newState; }));
        QVERIFY(publishWarning(*gateway.server, 41));
        QVERIFY(tickUntil(session, ticks, [&](const SessionTick &) { return !session.alarms().empty(); }));
        const int64_t liveNow = session.state().timeMs();

        // A file that is not a recording is refused with its name; the session stays live.
        const QString junk = dir.filePath(QStringLiteral("junk.vigil"));
        {
            QFile f(junk);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("not a recording");
        }
        QVERIFY(session.openRecording(junk).contains(QStringLiteral("junk.vigil")));
        QVERIFY(!session.isReplaying());

        QCOMPARE(session.openRecording(path), QString());
        QVERIFY(session.isReplaying());
        QSignalSpy rebuilt(&session, &DashboardSession::historiesRebuilt);
        ticks.clear();
        QVERIFY(tickUntil(session, ticks, [](const SessionTick &t) { return t.newState; }));
        QVERIFY(ticks.front().jumped);
        QCOMPARE(session.state().timeMs(), session.replay()->frameMs()); // the recording's instant, not the live one
        // Jump to hour 70: the whole recording's incidents are known, the alarms are the
        // recording's as they stood then, and the histories are rebuilt off the GUI thread.
        ReplayFeed *replay = session.replay();
        const int64_t hour70 = replay->overview().startMs + 70 * 3600000LL;
        replay->seek(hour70, false);
        replay->waitUntilIdle();
        ticks.clear();
        QVERIFY(tickUntil(session, ticks, [](const SessionTick &t) { return t.newState && t.incidentsUpdated; }));
        QVERIFY(ticks.back().jumped || std::any_of(ticks.begin(), ticks.end(), [](const auto &t) { return t.jumped; }));
        QCOMPARE(session.state().timeMs(), hour70);
        QVERIFY(!session.analysis().tracker().incidents().empty());
        QCOMPARE(session.alarmClockMs(), hour70);
        const std::vector<Alarm> replayed = session.alarms();
        QVERIFY(!replayed.empty());
        QVERIFY(std::none_of(replayed.begin(), replayed.end(), [](const Alarm &a) {
            return a.entity == EntityRef { EntityKind::Gpu, 41 };
        }));
        QVERIFY(rebuilt.wait(20000) || !rebuilt.isEmpty());
        QVERIFY(session.views().hour->newestMs() > 0);

        // Back to live: the live state, the live alarms, and the live events kept meanwhile.
        session.goLive();
        QVERIFY(!session.isReplaying());
        ticks.clear();
        QVERIFY(tickUntil(session, ticks, [](const SessionTick &t) { return t.newState; }));
        QVERIFY(ticks.front().jumped);
        QVERIFY(session.state().timeMs() >= liveNow);
        QVERIFY(tickUntil(session, ticks, [&](const SessionTick &) {
            return std::any_of(session.alarms().begin(), session.alarms().end(), [](const Alarm &a) {
                return a.entity == EntityRef { EntityKind::Gpu, 41 };
            });
        }));
        const std::vector<Event> refill = session.refillLiveEvents();
        QVERIFY(std::any_of(refill.begin(), refill.end(), [](const Event &e) {
            return e.type == EventType::RowRemap && e.entity == EntityRef { EntityKind::Gpu, 41 };
        }));
    }
};

QTEST_GUILESS_MAIN(TestDashboardSession)
#include "tst_dashboardsession.moc"
