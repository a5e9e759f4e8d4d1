// SPDX-License-Identifier: GPL-3.0-or-later
// The dashboard without a window: a session following a real gateway over gRPC,
// then replaying a recording while the live stream runs on behind it, then back
// to live; each tick says what changed.
#include "dashboardsession.h"
#include "gatewayfixture.h"
#include "host/framelog.h"
#include "recording/bundle.h"
#include "recording/recordingreader.h"
#include "recording/replayfeed.h"
#include "report/maintenancereport.h"
#include "report/reportcsv.h"

#include <QFile>
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

// Opens a recording as the window does (read off the GUI thread) and waits for the outcome.
QString openRecording(DashboardSession &session, const QString &path)
{
    QSignalSpy opened(&session, &DashboardSession::recordingOpened);
    session.openRecording(path);
    if (!opened.wait(60000))
        return QStringLiteral("timed out opening %1").arg(path);
    return opened.first().at(1).toString();
}

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
        QVERIFY(openRecording(session, junk).contains(QStringLiteral("junk.vigil")));
        QVERIFY(!session.isReplaying());

        // Opening is off the GUI thread: the live stream goes on while it reads, and one
        // cancelled (or overtaken by going live) is dropped without a word.
        {
            QSignalSpy opened(&session, &DashboardSession::recordingOpened);
            session.openRecording(path);
            QVERIFY(session.isOpeningRecording());
            session.cancelOpening();
            QTRY_VERIFY_WITH_TIMEOUT(!session.isOpeningRecording(), 60000);
            QTest::qWait(50);
            QVERIFY(opened.isEmpty());
            QVERIFY(!session.isReplaying());
        }

        QCOMPARE(openRecording(session, path), QString());
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
        QVERIFY(tickUntil(session, ticks, [&](const SessionTick &) {
            return session.analysis().pricedAtMs() == hour70 && session.state().timeMs() == hour70;
        }));
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
        // Tonight's alarms go on arriving behind the replay, apart from the replayed ones.
        auto onGpu = [](const std::vector<Alarm> &alarms, uint32_t gpu) {
            return std::any_of(alarms.begin(), alarms.end(), [gpu](const Alarm &a) {
                return a.entity == EntityRef { EntityKind::Gpu, gpu };
            });
        };
        QVERIFY(onGpu(session.liveAlarms(), 41));
        QVERIFY(publishWarning(*gateway.server, 43));
        QVERIFY(tickUntil(session, ticks, [&](const SessionTick &) { return onGpu(session.liveAlarms(), 43); }));
        QVERIFY(!onGpu(session.alarms(), 43));

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

    // One recording, one answer: the Incidents dock (the session replaying the recording at
    // its end), the report on it, and the report on a bundle of one incident's default window
    // price every incident alike, to the GPU-hour and below, and name the same cause.
    void dockReportAndBundleAgree()
    {
        const QString path = dir.filePath(QStringLiteral("week.vigil"));
        SimulatorOptions simulation;
        simulation.shape.gpus = 256;
        simulation.scenario = Scenario::Decline;
        QCOMPARE(generateRecording(simulation, 168 * 3600000LL, 60000, path), QString());

        LiveGateway gateway;
        QVERIFY2(gateway.server, qPrintable(gateway.error));
        DashboardSession session(gateway.cluster);
        QCOMPARE(openRecording(session, path), QString());
        ReplayFeed *replay = session.replay();
        const RecordingOverview overview = replay->overview();
        replay->seek(overview.endMs, false);
        replay->waitUntilIdle();
        std::vector<SessionTick> ticks;
        QVERIFY(tickUntil(session, ticks, [&](const SessionTick &t) {
            return t.incidentsUpdated && session.analysis().pricedAtMs() == overview.endMs;
        }));
        std::shared_ptr<const IncidentAnalysis> dock = session.analysisShared();
        QVERIFY(dock->incidents().size() >= 3);

        RecordingReader reader;
        QCOMPARE(reader.open(path), QString());
        MaintenanceReport report;
        QCOMPARE(buildReport(reader, reader.startMs(), reader.endMs() + 1, {}, {}, report), QString());
        QCOMPARE(report.incidents.size(), dock->incidents().size());
        double dockTotal = 0.0;
        for (size_t i = 0; i < dock->incidents().size(); ++i) {
            const IncidentCost &d = dock->costs()[i];
            dockTotal += d.lostGpuHours;
            const auto r = std::find_if(report.incidents.begin(), report.incidents.end(),
                                        [&](const ReportIncident &x) { return x.incident.id == d.incidentId; });
            QVERIFY(r != report.incidents.end());
            QVERIFY2(std::fabs(r->cost.lostGpuHours - d.lostGpuHours) < 0.01,
                     qPrintable(QStringLiteral("incident %1: dock %2, report %3 GPU-h")
                                    .arg(d.incidentId)
                                    .arg(d.lostGpuHours)
                                    .arg(r->cost.lostGpuHours)));
            QCOMPARE(r->cost.causeEntity, d.causeEntity);
            QCOMPARE(r->cost.preventable, d.preventable);
        }
        // The slowdowns too: the same hours, the same GPU-hours, the same cause.
        QVERIFY(!dock->slowdowns().empty());
        QCOMPARE(report.slowdowns.size(), dock->slowdowns().size());
        for (const Slowdown &d : dock->slowdowns()) {
            dockTotal += d.lostGpuHours;
            const auto r = std::find_if(report.slowdowns.begin(), report.slowdowns.end(),
                                        [&](const Slowdown &x) { return x.id == d.id; });
            QVERIFY(r != report.slowdowns.end());
            QVERIFY(std::fabs(r->lostGpuHours - d.lostGpuHours) < 0.01);
            QCOMPARE(r->causeEntity, d.causeEntity);
        }
        QVERIFY(std::fabs(report.current.lostGpuHours - dockTotal) < 0.01);
        QVERIFY(std::fabs(report.current.lostGpuHours - dock->totals().lostGpuHours) < 0.01);

        // A bundle of each warned incident's default window (the hour before to half an hour after
        // its failure, widened to hold it whole) tells that incident as the recording does.
        int bundled = 0;
        for (size_t i = 0; i < dock->incidents().size(); ++i) {
            const Incident &incident = dock->incidents()[i];
            const IncidentCost &whole = dock->costs()[i];
            if (!whole.causeEntity || incident.state == Incident::State::Open)
                continue;
            const auto [from, to]
                = dock->wholeIncidentsWindow(incident.failedMs - 3600000, incident.failedMs + 1800000);
            QVERIFY(from <= incident.failedMs - 3600000);
            const QString bundle = dir.filePath(QStringLiteral("incident-%1.vigil").arg(incident.id));
            // As File → Export incident bundle writes it: with the hazards learnt from the whole recording.
            QCOMPARE(exportBundle(path, bundle, std::max(from, reader.startMs()), std::min(to, reader.endMs()), {},
                                  nullptr,
                                  { { RecordingMeta::hazardModel(), QString::fromUtf8(dock->hazards().toJson()) } }),
                     QString());
            RecordingReader small;
            QCOMPARE(small.open(bundle), QString());
            MaintenanceReport told;
            QCOMPARE(buildReport(small, small.startMs(), small.endMs() + 1, {}, {}, told), QString());
            const auto r = std::find_if(told.incidents.begin(), told.incidents.end(),
                                        [&](const ReportIncident &x) { return x.incident.id == incident.id; });
            QVERIFY2(r != told.incidents.end(), qPrintable(QString::number(incident.id)));
            // A run given up and never followed loses its GPUs to the end of the period, whichever
            // period: then only its work thrown away is the same in a bundle.
            const bool toTheEnd = incident.state == Incident::State::Ended && !incident.releasedMs;
            const double wholeLost = toTheEnd ? whole.recomputeGpuHours : whole.lostGpuHours;
            const double bundleLost = toTheEnd ? r->cost.recomputeGpuHours : r->cost.lostGpuHours;
            QVERIFY2(std::fabs(bundleLost - wholeLost) < 0.01,
                     qPrintable(QStringLiteral("incident %1: recording %2, bundle %3 GPU-h")
                                    .arg(incident.id)
                                    .arg(wholeLost)
                                    .arg(bundleLost)));
            QCOMPARE(r->cost.causeEntity, whole.causeEntity);
            QCOMPARE(r->cost.preventable, whole.preventable);
            ++bundled;
        }
        QVERIFY(bundled >= 2);

        // The CSV a manager opens says the same of every incident.
        const QString tables = dir.filePath(QStringLiteral("tables"));
        QCOMPARE(writeReportCsv(report, tables), QString());
        QFile csv(tables + QStringLiteral("/incidents.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
        QCOMPARE(size_t(lines.size() - 1), report.incidents.size());
        const int lostColumn = int(lines.front().split(',').indexOf("lost_gpu_hours"));
        QVERIFY(lostColumn >= 0);
        for (qsizetype row = 1; row < lines.size(); ++row) {
            const double csvLost = lines[row].split(',').at(lostColumn).toDouble();
            QVERIFY(std::fabs(csvLost - report.incidents[size_t(row - 1)].cost.lostGpuHours) < 0.006);
        }

        // At another instant, every incident has one price again, whichever view: the dock with
        // the cursor there, and the report of the period ending there (an open one accrues up to
        // it, a closed one has its final cost); so the costliest is the same one in both.
        const int64_t middle = overview.startMs + (overview.endMs - overview.startMs) * 5 / 8;
        replay->seek(middle, false);
        replay->waitUntilIdle();
        QVERIFY(tickUntil(session, ticks, [&](const SessionTick &t) {
            return t.incidentsUpdated && session.analysis().pricedAtMs() == middle;
        }));
        dock = session.analysisShared();
        MaintenanceReport atMiddle;
        QCOMPARE(buildReport(reader, reader.startMs(), middle, {}, {}, atMiddle), QString());
        size_t before = 0;
        uint64_t dockCostliest = 0;
        double most = -1.0;
        for (size_t i = 0; i < dock->incidents().size(); ++i) {
            if (dock->incidents()[i].failedMs >= middle)
                continue;
            ++before;
            const IncidentCost &d = dock->costs()[i];
            if (d.lostGpuHours > most) {
                most = d.lostGpuHours;
                dockCostliest = d.incidentId;
            }
            const auto r = std::find_if(atMiddle.incidents.begin(), atMiddle.incidents.end(),
                                        [&](const ReportIncident &x) { return x.incident.id == d.incidentId; });
            QVERIFY(r != atMiddle.incidents.end());
            QVERIFY2(std::fabs(r->cost.lostGpuHours - d.lostGpuHours) < 0.01,
                     qPrintable(QStringLiteral("incident %1 at the middle: dock %2, report %3 GPU-h")
                                    .arg(d.incidentId)
                                    .arg(d.lostGpuHours)
                                    .arg(r->cost.lostGpuHours)));
        }
        QCOMPARE(atMiddle.incidents.size(), before);
        QVERIFY(before >= 2);
        QCOMPARE(atMiddle.incidents.front().incident.id, dockCostliest); // the report lists the costliest first
    }
};

QTEST_GUILESS_MAIN(TestDashboardSession)
#include "tst_dashboardsession.moc"
