// SPDX-License-Identifier: GPL-3.0-or-later
// The dashboard against a real gateway: it goes live, draws the cluster, and
// switches overlays from the keyboard.
#include "bundleexport.h"
#include "chart/timeserieschart.h"
#include "client/telemetryclient.h"
#include "connectionstatuswidget.h"
#include "costsettingsdialog.h"
#include "dashboardsession.h"
#include "debtmodels.h"
#include "detailsdock.h"
#include "domain/blastradius.h"
#include "eventdescription.h"
#include "eventdock.h"
#include "eventlogmodel.h"
#include "faketsdb.h"
#include "gatewayfixture.h"
#include "handoff.h"
#include "host/framelog.h"
#include "host/gatewayserver.h"
#include "incidentdock.h"
#include "incidenttablemodel.h"
#include "jobsdock.h"
#include "legend/colorlegend.h"
#include "mainwindow.h"
#include "rackmap/rackmapwidget.h"
#include "recordercontrol.h"
#include "recording/recordingreader.h"
#include "recording/replayfeed.h"
#include "recording/streamrecording.h"
#include "remedytext.h"
#include "replaybar.h"
#include "report/maintenancereport.h"
#include "reportwindow.h"
#include "sim/topologybuilder.h"
#include "sources/topologyfile.h"
#include "sourcesdock.h"
#include "sparkline/sparklinetable.h"
#include "stalemark.h"
#include "stallwatch.h"
#include "timeline/timelinewidget.h"
#include "trainingdock.h"
#include "tsdbhistoryflow.h"
#include "vigil/v1/telemetry.pb.h"
#include "whenfinished.h"

#include <QApplication>
#include <QDateTimeEdit>
#include <QDialogButtonBox>
#include <QDir>
#include <QImageReader>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <QThreadPool>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QTreeWidget>
#include <QtConcurrent/QtConcurrentRun>
#include <thread>

using namespace vigil;

namespace {

// Opens a recording as File → Open does (read off the GUI thread) and waits for the outcome.
QString openRecording(MainWindow &window, const QString &path)
{
    QSignalSpy opened(&window, &MainWindow::recordingOpened);
    window.openRecording(path);
    if (!opened.wait(60000))
        return QStringLiteral("timed out opening %1").arg(path);
    return opened.first().first().toString();
}

// Answers the next modal dialog as a person would, once it is up: `answer` is given the
// modal widget every 20 ms until it says it answered.
void answerTheNextDialog(QObject *owner, std::function<bool(QWidget *modal)> answer)
{
    auto *poll = new QTimer(owner);
    QObject::connect(poll, &QTimer::timeout, owner, [poll, answer = std::move(answer)] {
        if (QWidget *modal = QApplication::activeModalWidget(); modal && answer(modal)) {
            poll->stop();
            poll->deleteLater();
        }
    });
    poll->start(20);
}

} // namespace

// A function of its own, so that the stall's stack names it (the suite exports its symbols).
Q_DECL_EXPORT void vigilTestHoldsTheGuiThread(std::chrono::milliseconds howLong);
Q_DECL_EXPORT Q_NEVER_INLINE void vigilTestHoldsTheGuiThread(std::chrono::milliseconds howLong)
{
    std::this_thread::sleep_for(howLong);
}

class TestMainWindow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qputenv("VIGIL_STALL_WATCH", "1"); // every window here runs with its stall watch, in both lanes
    }

    // A stall of the GUI thread is reported with its length and the stack it stalled in.
    void aStalledGuiThreadIsReported()
    {
        LiveCluster nowhere;
        MainWindow window(nowhere);
        StallWatch *watch = window.stallWatch();
        QVERIFY(watch);
        QTest::qWait(100); // beating
        const uint64_t before = watch->stalls();
        vigilTestHoldsTheGuiThread(std::chrono::milliseconds(250));
        QTRY_VERIFY_WITH_TIMEOUT(watch->stalls() > before, 5000);
        const QString report = watch->lastReport();
        QVERIFY2(report.contains(QStringLiteral("stalled for")), qPrintable(report));
        QVERIFY2(report.contains(QStringLiteral("vigilTestHoldsTheGuiThread")), qPrintable(report));
    }

    void trainingDockShowsRollbacksAndMarkers()
    {
        auto topology = std::make_shared<const Topology>(buildTopology({ 256 }, 3));
        ClusterState state;
        state.reset(topology, standardMetrics());
        TrainingDock dock;
        dock.resize(900, 700);
        dock.setTopology(topology);
        const int64_t t0 = 1793577600000, minute = 60000;
        auto at = [&](int i, float step, float loss, float tokens) {
            v1::Samples s;
            s.set_time_ms(t0 + i * minute);
            for (auto [id, value] : { std::pair(8u, step), std::pair(9u, loss), std::pair(10u, tokens) }) {
                auto *b = s.add_blocks();
                b->set_metric_id(id);
                b->add_values(value);
            }
            QVERIFY(state.apply(s).ok());
            dock.update(state);
        };
        at(0, 1000, 3.0f, 5e5f);
        at(1, 1100, 2.9f, 5e5f);
        at(2, 1200, 2.8f, 5e5f);
        at(3, std::nanf(""), std::nanf(""), 0.0f);
        Event crash;
        crash.id = 77;
        crash.type = EventType::JobCrash;
        crash.timeMs = t0 + 2 * minute + 30000;
        crash.jobId = topology->jobs[0].id;
        crash.step = 1200;
        crash.message = QStringLiteral("training process exited abnormally");
        Event warning = crash;
        warning.id = 78;
        warning.type = EventType::EccSingleBit;
        Event otherJob = crash;
        otherJob.id = 79;
        otherJob.jobId = topology->jobs[1].id;
        dock.addEvents({ crash, warning, otherJob });
        at(4, 1050, 2.95f, 5e5f);
        at(5, 1250, 2.75f, 5e5f);

        // Against time: the crash as a flag, the warning as a tick, the other job's crash absent;
        // the lost wall time from the last progress to recovery shaded on every chart.
        const auto &markers = dock.lossChart()->markers();
        QCOMPARE(markers.size(), size_t(2));
        QCOMPARE(markers[0].eventId, uint64_t(77));
        QCOMPARE(markers[0].x, double(crash.timeMs));
        QVERIFY(!markers[0].minor);
        QVERIFY(markers[1].minor);
        QCOMPARE(dock.lossChart()->spans().size(), size_t(1));
        QCOMPARE(dock.lossChart()->spans()[0].x0, double(t0 + 2 * minute));
        QCOMPARE(dock.lossChart()->spans()[0].x1, double(t0 + 5 * minute));
        QVERIFY(dock.lossChart()->spans()[0].label.contains(QStringLiteral("GPUs")));
        QCOMPARE(dock.throughputChart()->spans().size(), size_t(1));
        // Against step: both branches, the abandoned one dimmed, the steps trained again shaded.
        dock.setLossAgainstStep(true);
        const auto &series = dock.lossChart()->series();
        QCOMPARE(series.size(), size_t(3));
        QVERIFY(!series[0].dimmed && !series[1].dimmed && series[2].dimmed);
        QCOMPARE(series[2].data->x(0), 1100.0);
        QCOMPARE(dock.lossChart()->spans()[0].x0, 1050.0);
        QCOMPARE(dock.lossChart()->spans()[0].x1, 1200.0);
        QCOMPARE(dock.lossChart()->markers().front().x, 1200.0); // at its step
        dock.setLossAgainstStep(false);
        // Zooming one time chart moves the others.
        dock.throughputChart()->setXRange(double(t0 + minute), double(t0 + 3 * minute));
        QCOMPARE(dock.stepTimeChart()->xMin(), double(t0 + minute));
        QCOMPARE(dock.lossChart()->xMax(), double(t0 + 3 * minute));

        // Once a quarter more than the job's newest 4,000 events has come, the oldest go, and the
        // markers with them, as the events come in batches: against time and (those with a step)
        // against step. With the two above, 5,102 events: the 5,001st trims to 4,000, and 101 more came.
        std::vector<Event> batch;
        int withStep = 0;
        for (int i = 0; i < 5100; ++i) {
            Event e = crash;
            e.id = 1000 + uint64_t(i);
            e.timeMs = t0 + 6 * minute + i * 1000;
            e.type = i % 3 ? EventType::CheckpointSaved : EventType::EccSingleBit;
            e.step = i % 3 ? 1300 + i : 0;
            withStep += i >= 999 && i % 3 != 0;
            batch.push_back(e);
            if (batch.size() == 700 || i == 5099) {
                dock.addEvents(batch);
                batch.clear();
            }
        }
        at(6, 1300, 2.7f, 5e5f);
        const auto &followed = dock.lossChart()->markers();
        QCOMPARE(followed.size(), size_t(4101));
        QCOMPARE(followed.front().eventId, uint64_t(1999));
        QCOMPARE(followed.back().eventId, uint64_t(6099));
        QCOMPARE(dock.powerChart()->markers().size(), size_t(4101));
        dock.setLossAgainstStep(true);
        QCOMPARE(dock.lossChart()->markers().size(), size_t(withStep));
        dock.setLossAgainstStep(false);
    }

    void goesLiveAndDrawsTheCluster()
    {
        GatewayOptions options;
        options.listen = "127.0.0.1:0";
        options.simulator.shape.gpus = 512;
        options.rateHz = 10;
        options.speed = 60; // a checkpoint every few seconds
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        LiveCluster cluster;
        TelemetryClient client({ server->address() }, cluster);
        client.start();

        MainWindow window(cluster);
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_COMPARE_WITH_TIMEOUT(window.connectionStatus()->stateText(), QStringLiteral("Live"), 5000);
        QTRY_VERIFY(window.clusterState().topology() != nullptr);
        QCOMPARE(window.rackMap()->rackLayout().gpuCells().size(), size_t(512));

        // Keyboard: 2 selects GPU power; the map then shows each GPU's power on the viridis ramp.
        QTest::keyClick(&window, Qt::Key_2);
        QCOMPARE(window.overlay(), Overlay::GpuPower);
        window.refresh();
        const ClusterState &state = window.clusterState();
        const MetricColumn *power = state.column(metric::GpuPower);
        QVERIFY(power);
        const QImage shot = window.rackMap()->grab().toImage();
        const ColorScale viridis(ColorScale::Palette::Viridis);
        for (int gpu : { 0, 200, 511 })
            QCOMPARE(shot.pixel(window.rackMap()->cellCenter(gpu)),
                     viridis.map(power->values[size_t(gpu)], 0.0f, 700.0f));
        // Every overlay: the map draws, at known cells, exactly the colour of the value it was given.
        for (Overlay o : allOverlays()) {
            window.setOverlay(o);
            window.refresh();
            const QImage image = window.rackMap()->grab().toImage();
            for (int gpu : { 0, 200, 511 })
                QVERIFY2(image.pixel(window.rackMap()->cellCenter(gpu)) == window.rackMap()->cellColor(gpu),
                         qPrintable(overlayKey(o)));
        }
        window.setOverlay(Overlay::GpuPower);
        QTest::keyClick(&window, Qt::Key_8);
        QCOMPARE(window.overlay(), Overlay::ByJob);
        const QImage jobs = window.rackMap()->grab().toImage();
        QCOMPARE(jobs.pixel(window.rackMap()->cellCenter(0)), ColorScale::category(0));
        QTest::keyClick(&window, Qt::Key_9);
        QCOMPARE(window.overlay(), Overlay::Alarms);
        QTest::keyClick(&window, Qt::Key_0);
        QCOMPARE(window.overlay(), Overlay::DataAge);
        window.refresh();
        // Every GPU reports in the demo: data ages are small, nothing is hatched.
        QCOMPARE(window.rackMap()->rackMark(0) & RackMapWidget::StaleMark, 0);
        QTest::keyClick(&window, Qt::Key_E);
        QCOMPARE(window.overlay(), Overlay::ErrorRate);
        QTest::keyClick(&window, Qt::Key_T);
        QCOMPARE(window.overlay(), Overlay::Throttling);
        QTest::keyClick(&window, Qt::Key_F);
        QCOMPARE(window.overlay(), Overlay::Failures);
        QCOMPARE(window.rackMap()->rackAggregateMode(), RackMapWidget::RackAggregate::Sum);
        QTest::keyClick(&window, Qt::Key_L);
        QCOMPARE(window.overlay(), Overlay::LostGpuHours);
        // Counts over a span: from afar a rack shows its sum, as the legend's "per rack" says.
        QCOMPARE(window.rackMap()->rackAggregateMode(), RackMapWidget::RackAggregate::Sum);
        for (const auto &[key, overlay] :
             { std::pair { Qt::Key_H, Overlay::ErrorCount }, std::pair { Qt::Key_K, Overlay::AlarmsRaised },
               std::pair { Qt::Key_I, Overlay::IncidentCount } }) {
            QTest::keyClick(&window, key);
            QCOMPARE(window.overlay(), overlay);
            QCOMPARE(window.rackMap()->rackAggregateMode(), RackMapWidget::RackAggregate::Sum);
        }
        QTest::keyClick(&window, Qt::Key_1);
        QCOMPARE(window.overlay(), Overlay::GpuTemperature);
        // A message in the status bar never covers the feed's state.
        auto *status = window.findChild<ConnectionStatusWidget *>();
        QVERIFY(status && status->isVisible());
        window.statusBar()->showMessage(QStringLiteral("12 new alarms to acknowledge, the highest high"), 5000);
        QVERIFY(status->isVisible());
        QVERIFY(!status->visibleRegion().isEmpty());
        // The keys as the README writes them, capitals, work too.
        QTest::keyClick(&window, Qt::Key_E, Qt::ShiftModifier);
        QCOMPARE(window.overlay(), Overlay::ErrorRate);
        QTest::keyClick(&window, Qt::Key_T, Qt::ShiftModifier);
        QCOMPARE(window.overlay(), Overlay::Throttling);
        // On the wall display, with the menu bar and the toolbar hidden, every view key still works,
        // and the status bar is read from across the room.
        const int statusHeight = status->sizeHint().height();
        window.setWallDisplay(true);
        QVERIFY(status->sizeHint().height() > statusHeight);
        QTest::keyClick(&window, Qt::Key_2);
        QCOMPARE(window.overlay(), Overlay::GpuPower);
        QTest::keyClick(&window, Qt::Key_E);
        QCOMPARE(window.overlay(), Overlay::ErrorRate);
        QTest::keyClick(&window, Qt::Key_F11);
        QVERIFY(!window.isWallDisplay());
        QCOMPARE(status->sizeHint().height(), statusHeight);
        QTest::keyClick(&window, Qt::Key_1);
        QCOMPARE(window.overlay(), Overlay::GpuTemperature);
        QTest::keyClick(&window, Qt::Key_R); // relative to rack peers, and back
        window.refresh();
        QVERIFY(window.rackMap()->cellColor(0) != viridis.map(power->values[0], 0.0f, 700.0f));
        QTest::keyClick(&window, Qt::Key_R);
        // Checkpoints arrive within seconds at this speed: the event log shows them.
        window.eventDock()->filter()->setLevel(EventFilterProxy::Level::Everything);
        QTRY_VERIFY_WITH_TIMEOUT(window.eventDock()->model()->rowCount() > 0, 10000);
        // A marker clicked on a chart selects its event in the log, widening the filter if need be.
        window.eventDock()->filter()->setLevel(EventFilterProxy::Level::WarningsAndActions);
        const uint64_t someEvent = window.eventDock()->model()->eventAt(0).id;
        QVERIFY(window.eventDock()->selectEvent(someEvent));
        QVERIFY(!window.eventDock()->selectEvent(UINT64_MAX));
        window.eventDock()->filter()->setLevel(EventFilterProxy::Level::Everything);
        QVERIFY(window.rackMap()->staleNotice().isEmpty());
        QVERIFY(!isMarkedStale(window.findChild<JobsDock *>()));

        // Search jumps to a host, selects its first GPU, zooms in and shows its details.
        const Topology &t = *window.clusterState().topology();
        QVERIFY(window.find(t.nodes[20].hostname));
        QCOMPARE(window.rackMap()->selectedGpu(), int(t.gpusOfNode[20][0]));
        QVERIFY(window.rackMap()->zoom() > 1.0);
        QTRY_VERIFY(window.detailsDock()->text().contains(t.gpus[t.gpusOfNode[20][0]].uuid));
        // Its node's eight GPUs side by side, with history; its rack below.
        QTRY_VERIFY(window.detailsDock()->nodeTable()->rows().size() == 8);
        QVERIFY(window.detailsDock()->nodeTable()->rows()[0].highlighted);
        QVERIFY(
            window.detailsDock()->text().contains(QStringLiteral("Rack %1").arg(t.racks[t.nodes[20].rackIndex].name)));
        QTRY_VERIFY(window.detailsDock()->nodeTable()->rows()[3].cells[0].series.size() >= 2);
        // And the selected GPU's recent past as charts.
        QVERIFY(!window.detailsDock()->temperatureChart()->series()[0].data->empty());
        QVERIFY(!window.detailsDock()->powerChart()->series()[0].data->empty());
        QCOMPARE(window.detailsDock()->usageChart()->series().size(), size_t(2));
        QVERIFY(!window.detailsDock()->usageChart()->series()[0].data->empty());
        QCOMPARE(window.detailsDock()->temperatureChart()->series().size(), size_t(2)); // GPU and HBM
        // Its node's GPUs and its rack's inlet air and PDUs over the same past.
        QCOMPARE(window.detailsDock()->nodeChart()->series().size(), size_t(8));
        QVERIFY(!window.detailsDock()->inletChart()->series()[0].data->empty());
        QCOMPARE(window.detailsDock()->pduChart()->series().size(), t.racks[t.nodes[20].rackIndex].pduIndices.size());
        // Clicking another GPU of the node selects it on the map.
        const SparklineTable *nodeTable = window.detailsDock()->nodeTable();
        QTest::mouseClick(const_cast<SparklineTable *>(nodeTable), Qt::LeftButton, {},
                          QPoint(10, nodeTable->sparklineRect(3, 0).center().y()));
        QCOMPARE(window.rackMap()->selectedGpu(), int(t.gpusOfNode[20][3]));
        window.rackMap()->setSelectedGpu(int(t.gpusOfNode[20][0]));
        QVERIFY(!window.find(QStringLiteral("no-such-host")));
        // The selection survives the data updates that keep arriving.
        QTest::qWait(300);
        QCOMPARE(window.rackMap()->selectedGpu(), int(t.gpusOfNode[20][0]));
        QTest::keyClick(window.rackMap(), Qt::Key_Home);

        // The wall display keeps only the map, its legend and the feed's status.
        window.setWallDisplay(true);
        QVERIFY(!window.menuBar()->isVisible());
        QVERIFY(!window.findChild<QToolBar *>(QStringLiteral("overlayToolbar"))->isVisible());
        QVERIFY(!window.eventDock()->isVisible());
        QVERIFY(window.statusBar()->isVisible());
        QTest::keyClick(&window, Qt::Key_Escape);
        QVERIFY(!window.isWallDisplay());
        QVERIFY(window.menuBar()->isVisible());
        QVERIFY(window.findChild<QToolBar *>(QStringLiteral("overlayToolbar"))->isVisible());
        QVERIFY(window.eventDock()->isVisible());

        // The gateway goes away: the map must say its picture is old, not pose as live.
        server.reset();
        QTRY_VERIFY_WITH_TIMEOUT(window.rackMap()->staleNotice().contains(QStringLiteral("reconnecting")), 5000);
        QCOMPARE(window.connectionStatus()->stateText(), QStringLiteral("Reconnecting…"));
        // So must every dock of live readings: faded, and saying so in its title.
        for (QDockWidget *dock :
             { static_cast<QDockWidget *>(window.findChild<JobsDock *>()),
               static_cast<QDockWidget *>(window.trainingDock()), static_cast<QDockWidget *>(window.detailsDock()) }) {
            QVERIFY2(isMarkedStale(dock), qPrintable(dock->windowTitle()));
            QVERIFY2(dock->windowTitle().endsWith(QStringLiteral("· stale")), qPrintable(dock->windowTitle()));
            QVERIFY(dock->toolTip().contains(QStringLiteral("reconnecting")));
            QVERIFY(dock->widget()->graphicsEffect());
        }
        client.stop();
    }

    // Every count overlay covers the span selected on the timeline: the map's racks add up to
    // what the analysis holds for that span, and the legend names it.
    void countOverlaysCoverTheTimelinesSelection()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("decline.vigil"));
        SimulatorOptions options;
        options.shape.gpus = 256;
        options.scenario = Scenario::Decline;
        QCOMPARE(generateRecording(options, 110 * 3600000LL, 300000, path), QString());
        LiveCluster nowhere;
        MainWindow window(nowhere);
        window.resize(1400, 900);
        window.show();
        QCOMPARE(openRecording(window, path), QString());
        TimelineWidget *timeline = window.replayBar()->timeline();
        const int64_t start = timeline->overview().startMs, end = timeline->overview().endMs;
        window.replayBar()->seek(end);
        QTRY_COMPARE_WITH_TIMEOUT(window.clusterState().timeMs(), end, 5000);
        QTRY_VERIFY_WITH_TIMEOUT(
            window.incidentAnalysis().pricedAtMs() == end && !window.incidentAnalysis().incidents().empty(), 5000);
        const std::shared_ptr<const IncidentAnalysis> held = window.session()->analysisShared(); // past later ticks
        const IncidentAnalysis &analysis = *held;
        window.rackMap()->fitAll();
        const auto mapTotal = [&] {
            window.refresh();
            double sum = 0.0;
            for (size_t r = 0; r < window.clusterState().topology()->racks.size(); ++r)
                sum += window.rackMap()->rackAggregate(r);
            return sum;
        };
        // Shift+drag over the last fifth of the recording.
        const int y = timeline->height() / 2;
        const int x0 = timeline->xOf(start + (end - start) * 4 / 5), x1 = timeline->xOf(end) - 1;
        QTest::mousePress(timeline, Qt::LeftButton, Qt::ShiftModifier, QPoint(x0, y));
        QTest::mouseRelease(timeline, Qt::LeftButton, Qt::ShiftModifier, QPoint(x1, y));
        QVERIFY(timeline->hasSelection());
        const auto [from, to] = timeline->selection();
        auto *legend = window.findChild<ColorLegend *>();
        QVERIFY(legend);

        window.setOverlay(Overlay::IncidentCount);
        size_t inSpan = 0, placed = 0;
        for (size_t i = 0; i < analysis.incidents().size(); ++i)
            if (analysis.incidents()[i].failedMs >= from && analysis.incidents()[i].failedMs < to) {
                ++inSpan;
                placed += analysis.costs()[i].causeEntity.has_value();
            }
        QVERIFY(inSpan > 0 && inSpan < analysis.incidents().size()); // the selection leaves some out
        QVERIFY2(std::fabs(mapTotal() - double(placed)) < 1e-3, qPrintable(QString::number(mapTotal())));
        QVERIFY2(legend->title().contains(QStringLiteral(" to ")), qPrintable(legend->title()));

        window.setOverlay(Overlay::ErrorCount);
        size_t errors = 0;
        for (const Event &e : analysis.attributor().warnings())
            errors += e.timeMs >= from && e.timeMs < to && isHardwareError(e.type)
                && !gpusAffectedBy(*window.clusterState().topology(), e.entity).empty();
        QVERIFY(errors > 0);
        QVERIFY2(std::fabs(mapTotal() - double(errors)) < 1e-2 * double(errors),
                 qPrintable(QString::number(mapTotal())));

        window.setOverlay(Overlay::Failures);
        size_t failures = 0;
        for (const Event &e : window.session()->hardwareFailures())
            failures += e.timeMs >= from && e.timeMs < to
                && (e.entity.kind == EntityKind::Gpu || e.entity.kind == EntityKind::Node);
        QVERIFY(std::fabs(mapTotal() - double(failures)) < 1e-3);

        // The alarms the recording holds, raised in the span.
        window.setOverlay(Overlay::AlarmsRaised);
        size_t raised = 0;
        for (const AlarmRaise &r : window.session()->alarmRaises())
            raised += r.raisedMs >= from && r.raisedMs < to
                && !gpusAffectedBy(*window.clusterState().topology(), r.entity).empty();
        QVERIFY(raised > 0);
        QVERIFY(std::fabs(mapTotal() - double(raised)) < 1e-2 * double(raised));

        // Esc on the timeline clears the selection: back to the span chosen before (here the whole
        // history), which holds more, ticked in the menu again.
        timeline->setFocus();
        QTest::keyClick(timeline, Qt::Key_Escape);
        QVERIFY(!timeline->hasSelection());
        auto *spans = window.findChild<QMenu *>(QStringLiteral("failureSpanMenu"));
        QVERIFY(spans);
        QAction *ticked = nullptr;
        for (QAction *a : spans->actions())
            if (a->isChecked())
                ticked = a;
        QVERIFY(ticked && ticked->isEnabled());
        QVERIFY(ticked->data().toInt() != int(FailureSpan::Selection));
        QVERIFY(mapTotal() > double(raised));
        QVERIFY(!legend->title().contains(QStringLiteral(" to ")));
    }

    // A dashboard started today scrubs a span it never recorded: read from the time-series
    // database into the cache, opened as a replay, and opened from the cache the next time.
    void scrubsASpanFromTheTimeSeriesDatabase()
    {
        const TopologyFile lab = TopologyFile::read(QStringLiteral(VIGIL_TEST_DATA_DIR "/topology-lab.json"));
        QCOMPARE(lab.error, QString());
        const auto topology = std::make_shared<const Topology>(lab.topology);
        test::FakeTsdb tsdb(topology, 50, 0, 0);
        TsdbHistoryRequest request;
        request.source = BridgeSpec::fromArgument(BridgeSpec::Kind::Prometheus, tsdb.url());
        request.fromMs = QDateTime(QDate(2025, 11, 3), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
        request.toMs = request.fromMs + 2 * 3600000;
        request.stepMs = 60000;
        const QString cached = tsdbHistoryCachePath(request);
        QDir(QFileInfo(cached).absolutePath()).removeRecursively();

        LiveCluster nowhere;
        MainWindow window(nowhere);
        window.show();
        QStringList opened;
        fetchTsdbHistory(&window, request, [&](const QString &path) { opened << path; });
        QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, 30000);
        QCOMPARE(opened.front(), cached);
        const int asked = tsdb.requests();
        QVERIFY(asked > 3); // chunked: 121 steps, at most 50 a query
        fetchTsdbHistory(&window, request, [&](const QString &path) { opened << path; });
        QCOMPARE(opened.size(), 2); // from the cache, at once
        QCOMPARE(tsdb.requests(), asked);

        QCOMPARE(openRecording(window, cached), QString());
        QVERIFY(window.isReplaying());
        const int64_t t = request.fromMs + 3600000;
        window.replayBar()->seek(t);
        QTRY_COMPARE_WITH_TIMEOUT(window.clusterState().timeMs(), t, 5000);
        const ClusterState &shown = window.clusterState();
        for (uint32_t g = 0; g < 4; ++g)
            QCOMPARE(shown.value(shown.column(metric::GpuTemp), g), float(test::FakeTsdb::temperature(t) + g));

        // A server that is gone: said, and nothing opened or cached.
        request.source.location = QStringLiteral("http://127.0.0.1:%1").arg(test::freeLoopbackPort());
        fetchTsdbHistory(&window, request, [&](const QString &path) { opened << path; });
        QMessageBox *box = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((box = window.findChild<QMessageBox *>(QStringLiteral("tsdbOutcome"))), 30000);
        QVERIFY2(box->text().contains(QStringLiteral("cannot connect")), qPrintable(box->text()));
        QCOMPARE(opened.size(), 2);
        QVERIFY(!QFileInfo::exists(tsdbHistoryCachePath(request)));
    }

    // File → Open history from Prometheus… on a dashboard connected to a gateway: the span read
    // carries the bookmarks operators shared over it (GetBookmarks), on the timeline.
    void historyFromTheTsdbCarriesTheNocsBookmarks()
    {
        GatewayOptions options = test::testGatewayOptions(64);
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        LiveCluster live;
        TelemetryClient client({ server->address() }, live);
        client.start();
        QTRY_VERIFY_WITH_TIMEOUT(test::isLive(live), 10000);
        const QDateTime from(QDate(2025, 11, 4), QTime(0, 0), Qt::UTC), to = from.addSecs(2 * 3600);
        const int64_t marked = from.toMSecsSinceEpoch() + 3600000;
        v1::ActRequest bookmark;
        bookmark.set_action(v1::EVENT_TYPE_NOTE);
        bookmark.set_about_ms(marked);
        bookmark.set_operator_name("a.nakamura");
        bookmark.set_comment("the aisle B fans stall");
        QVERIFY(client.act(bookmark).ok);

        const TopologyFile lab = TopologyFile::read(QStringLiteral(VIGIL_TEST_DATA_DIR "/topology-lab.json"));
        QCOMPARE(lab.error, QString());
        test::FakeTsdb tsdb(std::make_shared<const Topology>(lab.topology), 50, 0, 0);
        TsdbHistoryRequest request; // what the dialog below asks for, to find its cache
        request.source = BridgeSpec::fromArgument(BridgeSpec::Kind::Prometheus, tsdb.url());
        request.fromMs = from.toMSecsSinceEpoch();
        request.toMs = to.toMSecsSinceEpoch();
        request.stepMs = 60000;
        const QString cached = tsdbHistoryCachePath(request);
        QFile::remove(cached);

        MainWindow window(live);
        window.setBookmarkSource([&client](int64_t f, int64_t t) { return client.bookmarks(f, t); });
        window.show();
        QAction *history = nullptr;
        for (QAction *a : window.findChildren<QAction *>())
            if (a->text() == QStringLiteral("Open &history from Prometheus…"))
                history = a;
        QVERIFY(history);
        // The dialog: the query API, the span, the step, Open.
        answerTheNextDialog(&window, [&](QWidget *dialog) {
            auto *url = dialog->findChild<QLineEdit *>(QStringLiteral("tsdbUrl"));
            if (!url)
                return false;
            url->setText(tsdb.url());
            const QList<QDateTimeEdit *> span = dialog->findChildren<QDateTimeEdit *>();
            span.at(0)->setDateTime(from);
            span.at(1)->setDateTime(to);
            dialog->findChild<QSpinBox *>()->setValue(60);
            dialog->findChildren<QLineEdit *>().at(1)->clear(); // the node label: the exporter's own
            dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Open)->click();
            return true;
        });
        QSignalSpy opened(&window, &MainWindow::recordingOpened);
        history->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, 30000);
        QCOMPARE(opened.first().first().toString(), QString());
        QVERIFY(window.isReplaying());

        RecordingReader reader;
        QCOMPARE(reader.open(cached), QString());
        const std::vector<Bookmark> bookmarks = reader.bookmarks();
        QCOMPARE(bookmarks.size(), size_t(1));
        QCOMPARE(bookmarks[0].timeMs, marked);
        QCOMPARE(bookmarks[0].note, QStringLiteral("the aisle B fans stall"));
        QVERIFY(bookmarks[0].shared);
        QVERIFY(window.findChild<QMessageBox *>(QStringLiteral("tsdbOutcome")) == nullptr); // nothing to complain of
    }

    void replaysARecording()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("decline.vigil"));
        SimulatorOptions options;
        options.shape.gpus = 256;
        options.scenario = Scenario::Decline;
        QCOMPARE(generateRecording(options, 100 * 3600000LL, 300000, path), QString());
        RecordingReader reader;
        QCOMPARE(reader.open(path), QString());

        LiveCluster nowhere; // no gateway: the replay does not need one
        MainWindow window(nowhere);
        window.show();
        QVERIFY(openRecording(window, dir.filePath(QStringLiteral("missing.vigil")))
                    .contains(QStringLiteral("no such file")));
        QVERIFY(!window.isReplaying());
        QCOMPARE(openRecording(window, path), QString());
        QVERIFY(window.isReplaying());
        QVERIFY(window.replayBar()->isVisible());

        // A jump: every view shows the recorded instant, and the history before it comes back.
        const int64_t t = reader.startMs() + 80 * 3600000LL + 1000;
        window.replayBar()->seek(t);
        ClusterState expected;
        QCOMPARE(reader.stateAt(t, expected), QString());
        QTRY_COMPARE_WITH_TIMEOUT(window.clusterState().timeMs(), expected.timeMs(), 5000);
        QCOMPARE(window.clusterState().columns()[0].values, expected.columns()[0].values);
        QTRY_VERIFY_WITH_TIMEOUT(!window.isBackfilling(), 10000);
        window.refresh();
        const TrainingHistory::Job *job = window.trainingDock()->history().job(0);
        QVERIFY(job && !job->lossByTime.empty());
        QVERIFY(job->lossByTime.front()->size() > 100); // the 80 hours before, not just the instant
        const size_t recentEvents = reader.events(t - ReplayFeed::EventHistoryMs, t + 1).size();
        QVERIFY(recentEvents > 0);
        QCOMPARE(size_t(window.eventDock()->model()->rowCount()), std::min<size_t>(recentEvents, 5000));
        // No gateway behind the replay: the status bar never says the live alarms are all acknowledged.
        window.refresh();
        QVERIFY2(!window.alarmCountText().contains(QStringLiteral("live: all acknowledged")),
                 qPrintable(window.alarmCountText()));
        QTRY_VERIFY2_WITH_TIMEOUT(window.alarmCountText().contains(QStringLiteral("live: no gateway heard")),
                                  qPrintable(window.alarmCountText()), 5000);

        // The keyboard on the timeline: a frame forward, play, then the end.
        TimelineWidget *timeline = window.replayBar()->timeline();
        timeline->setFocus();
        QTest::keyClick(timeline, Qt::Key_Right);
        QTRY_COMPARE_WITH_TIMEOUT(window.clusterState().timeMs(), expected.timeMs() + 300000, 5000);
        QTest::keyClick(timeline, Qt::Key_End);
        QTRY_COMPARE_WITH_TIMEOUT(window.clusterState().timeMs(), reader.endMs(), 5000);
        QTest::keyClick(timeline, Qt::Key_Home);
        QTRY_COMPARE_WITH_TIMEOUT(window.clusterState().timeMs(), reader.startMs(), 5000);
        window.replayBar()->setSpeed(3600);
        QTRY_VERIFY_WITH_TIMEOUT(!window.isBackfilling(), 10000); // the jump's own rebuild is done
        QSignalSpy rebuilt(window.session(), &DashboardSession::historiesRebuilt);
        QTest::keyClick(timeline, Qt::Key_Space);
        QVERIFY(window.replayBar()->clock().isPlaying());
        QTRY_VERIFY_WITH_TIMEOUT(window.clusterState().timeMs() > reader.startMs() + 3600000, 5000);
        QVERIFY(rebuilt.isEmpty()); // playing is no jump
        QTest::keyClick(timeline, Qt::Key_Space);
        QVERIFY(!window.replayBar()->clock().isPlaying());
        // One clock: once paused, the cursor and the status bar name the same instant, to the second.
        const auto cursorText = [&] {
            return QDateTime::fromMSecsSinceEpoch(timeline->position(), Qt::UTC)
                .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
        };
        QTRY_VERIFY_WITH_TIMEOUT(window.replayStatusText().contains(cursorText()), 5000);
        QTest::qWait(300); // and they stay together
        QVERIFY2(window.replayStatusText().contains(cursorText()),
                 qPrintable(window.replayStatusText() + QStringLiteral(" / ") + cursorText()));
        // Stopped after fast play, the views' histories are rebuilt as if the instant had been watched.
        QTRY_VERIFY_WITH_TIMEOUT(!rebuilt.isEmpty(), 10000);
        QCOMPARE(window.session()->views().hour->newestMs(), window.clusterState().timeMs());

        // The incidents of the run so far, each with its cost; choosing one moves the clock to it.
        window.replayBar()->seek(reader.endMs());
        QTRY_COMPARE_WITH_TIMEOUT(window.clusterState().timeMs(), reader.endMs(), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(window.incidentDock()->model()->rowCount() > 0, 5000);
        QVERIFY(window.incidentDock()->totalsText().contains(QStringLiteral("GPU-h")));
        QTRY_COMPARE_WITH_TIMEOUT(window.incidentAnalysis().pricedAtMs(), reader.endMs(), 5000);
        const std::shared_ptr<const IncidentAnalysis> held = window.session()->analysisShared(); // past later ticks
        const IncidentAnalysis &analysis = *held;
        size_t named = 0;
        for (size_t i = 0; i < analysis.incidents().size(); ++i)
            named += analysis.attributions()[i].top() != nullptr;
        QVERIFY(named > 0);
        const Incident chosen = analysis.incidents().front();
        QVERIFY(window.incidentDock()->selectIncident(chosen.id));
        // The oldest is the last row (newest first): up to the next one and back, by keyboard.
        QTest::keyClick(window.incidentDock()->view(), Qt::Key_Up);
        QTest::keyClick(window.incidentDock()->view(), Qt::Key_Down);
        QTRY_COMPARE_WITH_TIMEOUT(window.replayBar()->feed()->shownMs(), chosen.failedMs, 5000);
        QVERIFY(!window.incidentDock()->storyText().isEmpty());
        // The job's charts now frame the failure.
        QVERIFY(window.trainingDock()->throughputChart()->xMin() <= double(chosen.failedMs));
        QVERIFY(window.trainingDock()->throughputChart()->xMax() >= double(chosen.failedMs));
        QVERIFY(window.trainingDock()->throughputChart()->xMax() - window.trainingDock()->throughputChart()->xMin()
                <= 9.0 * 3600000.0 + 1.0);
        QVERIFY(window.incidentDock()->storyText().contains(chosen.jobId));
        // Its failure's marker stands out on the charts, and its cause is selected on the map.
        const auto failureMarkerLit = [&] {
            const TimeSeriesChart *chart = window.trainingDock()->throughputChart();
            return std::any_of(chart->markers().begin(), chart->markers().end(),
                               [&](const ChartMarker &m) { return m.eventId == chosen.id && chart->isHighlighted(m); });
        };
        QTRY_VERIFY_WITH_TIMEOUT(failureMarkerLit(), 5000); // once the history up to the failure is back
        if (const CauseCandidate *cause = analysis.attributions().front().top()) {
            const std::vector<uint32_t> culprits = gpusAffectedBy(*window.clusterState().topology(), cause->entity);
            QVERIFY(std::find(culprits.begin(), culprits.end(), uint32_t(window.rackMap()->selectedGpu()))
                    != culprits.end());
        }

        // The story a step a line (what warned, the failure, the restart, the rollback, the cost),
        // each with its time as a link that moves the clock, and entities as links to the map.
        const QString story = window.incidentDock()->storyText();
        QVERIFY2(story.count(QStringLiteral("<tr>")) >= 4, qPrintable(story));
        QVERIFY(story.contains(QStringLiteral("href=\"time:%1\"").arg(chosen.failedMs)));
        QVERIFY(story.contains(QStringLiteral("href=\"entity:")));
        // It ends with what to do about its cause, the one recommendation the hand-off would send;
        // a replay hands nothing off, and says so.
        if (const std::optional<PartRecommendation> next = recommendForIncident(analysis.attributions().front())) {
            const QString text
                = recommendationText(next->recommendation, window.clusterState().topology().get(), next->part);
            QVERIFY2(story.contains(QStringLiteral("recommended: %1").arg(text.toHtmlEscaped())), qPrintable(story));
            window.incidentDock()->showTab(IncidentDock::IncidentsTab);
            const std::optional<PartRecommendation> selected = window.incidentDock()->selectedRecommendation();
            QVERIFY(selected && selected->part == next->part && selected->recommendation == next->recommendation);
            QSignalSpy handedOff(window.handOffFlow(), &HandOffFlow::finished);
            window.incidentDock()->requestHandOff();
            QCOMPARE(handedOff.size(), 1);
            QCOMPARE(handedOff.front().at(0).toBool(), false);
            QVERIFY(handedOff.front().at(1).toString().contains(QStringLiteral("replay cannot hand anything off")));
        }
        Q_EMIT window.incidentDock()->storyLabel()->linkActivated(
            QStringLiteral("time:%1").arg(chosen.failedMs - 3600000));
        QTRY_COMPARE_WITH_TIMEOUT(window.replayBar()->feed()->shownMs(), chosen.failedMs - 3600000, 5000);
        Q_EMIT window.incidentDock()->storyLabel()->linkActivated(QStringLiteral("entity:1:7"));
        QCOMPARE(window.rackMap()->selectedGpu(), 7);
        Q_EMIT window.incidentDock()->storyLabel()->linkActivated(QStringLiteral("time:%1").arg(chosen.failedMs));
        QTRY_COMPARE_WITH_TIMEOUT(window.replayBar()->feed()->shownMs(), chosen.failedMs, 5000);
        // Scrubbed away, a click on the same incident jumps to it again.
        window.replayBar()->seek(reader.endMs());
        QTRY_COMPARE_WITH_TIMEOUT(window.replayBar()->feed()->shownMs(), reader.endMs(), 5000);
        QTableView *incidents = window.incidentDock()->view();
        QTest::mouseClick(incidents->viewport(), Qt::LeftButton, {},
                          incidents->visualRect(incidents->currentIndex()).center());
        QTRY_COMPARE_WITH_TIMEOUT(window.replayBar()->feed()->shownMs(), chosen.failedMs, 5000);
        // The newest incident, whose failure the event log holds: picking it selects the failure
        // in the log, and the incident list and its story stay in front of the log they share a tab with.
        window.replayBar()->seek(reader.endMs());
        QTRY_COMPARE_WITH_TIMEOUT(window.replayBar()->feed()->shownMs(), reader.endMs(), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(window.eventDock()->model()->rowCount() > 0, 5000);
        // The tab in front, of the tab bar the event log and the incidents share.
        const auto inFront = [&] {
            for (const QTabBar *bar : window.findChildren<QTabBar *>())
                for (int t = 0; t < bar->count(); ++t)
                    if (bar->tabText(t) == window.eventDock()->windowTitle())
                        return bar->tabText(bar->currentIndex());
            return QString();
        };
        QCOMPARE(inFront(), window.incidentDock()->windowTitle());
        QTest::mouseClick(incidents->viewport(), Qt::LeftButton, {},
                          incidents->visualRect(incidents->model()->index(0, 1)).center());
        QTRY_COMPARE_WITH_TIMEOUT(window.replayBar()->feed()->shownMs(), analysis.incidents().back().failedMs, 5000);
        QCOMPARE(inFront(), window.incidentDock()->windowTitle());
        // Back to the end of the recording: the debt and the ledger as of then.
        window.replayBar()->seek(reader.endMs());
        QTRY_COMPARE_WITH_TIMEOUT(window.clusterState().timeMs(), reader.endMs(), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(window.incidentAnalysis().totals().toMs, reader.endMs(), 5000);

        // The open warnings, ranked: choosing one shows its entity on the map.
        IncidentDock *dock = window.incidentDock();
        QTableView *debt = dock->tableOf(IncidentDock::DebtTab);
        QVERIFY(debt->model()->rowCount() > 0);
        dock->showTab(IncidentDock::DebtTab);
        for (int r = 1; r < debt->model()->rowCount(); ++r) // ranked by expected cost a day
            QVERIFY(debt->model()->index(r - 1, DebtTableModel::CostPerDayColumn).data(DebtSortRole).toDouble()
                    >= debt->model()->index(r, DebtTableModel::CostPerDayColumn).data(DebtSortRole).toDouble());
        debt->setFocus();
        debt->setCurrentIndex(debt->model()->index(0, 0));
        QTest::keyClick(debt, Qt::Key_Return);
        const EntityRef warned = entityFromKey(debt->model()->index(0, 0).data(DebtEntityRole).toULongLong());
        const std::vector<uint32_t> reached = gpusAffectedBy(*window.clusterState().topology(), warned);
        QVERIFY(std::find(reached.begin(), reached.end(), uint32_t(window.rackMap()->selectedGpu())) != reached.end());

        // The interventions ledger: the manual restart answered the collective timeout; choosing it shows that
        // incident.
        QTableView *ledger = dock->tableOf(IncidentDock::InterventionsTab);
        int restartRow = -1;
        for (int r = 0; r < ledger->model()->rowCount(); ++r)
            if (ledger->model()->index(r, InterventionTableModel::ActionColumn).data().toString()
                == eventTypeName(EventType::ManualRestart))
                restartRow = r;
        QVERIFY(restartRow >= 0);
        QCOMPARE(ledger->model()->index(restartRow, InterventionTableModel::OperatorColumn).data().toString(),
                 QStringLiteral("m.okafor (simulated)"));
        QVERIFY(restartRow >= 0);
        const uint64_t answered = ledger->model()->index(restartRow, 0).data(DebtIncidentRole).toULongLong();
        QVERIFY(answered != 0);
        dock->showTab(IncidentDock::InterventionsTab);
        ledger->setFocus();
        ledger->setCurrentIndex(ledger->model()->index(restartRow, 0));
        QTest::keyClick(ledger, Qt::Key_Return);
        QCOMPARE(dock->model()->incidentIdAt(static_cast<QSortFilterProxyModel *>(dock->view()->model())
                                                 ->mapToSource(dock->view()->currentIndex())
                                                 .row()),
                 answered);
        const Incident *timeout = window.incidentAnalysis().tracker().find(answered);
        QVERIFY(timeout);
        QCOMPARE(timeout->kind, EventType::NcclTimeout);
        // Read before waiting: while the test waits, the window takes a newer analysis and the
        // worker frees the one `timeout` points into (the sanitizer lane caught the read after).
        const int64_t failedMs = timeout->failedMs;
        QTRY_COMPARE_WITH_TIMEOUT(window.replayBar()->feed()->shownMs(), failedMs, 5000);

        // A new price reprices every incident; nonsense is refused and changes nothing.
        const PricingSettings before = window.pricing();
        window.replayBar()->seek(reader.endMs());
        QTRY_COMPARE_WITH_TIMEOUT(window.clusterState().timeMs(), reader.endMs(), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(window.incidentAnalysis().totals().toMs, reader.endMs(), 5000);
        const double money = window.incidentAnalysis().totals().money;
        QVERIFY(money > 0.0);
        PricingSettings dearer = before;
        dearer.cost.pricePerGpuHour = before.cost.pricePerGpuHour * 2.0;
        QCOMPARE(window.applyPricing(dearer), QString());
        QTRY_COMPARE_WITH_TIMEOUT(window.incidentAnalysis().totals().money, 2.0 * money, 5000);
        PricingSettings nonsense = before;
        nonsense.cost.pricePerGpuHour = -1.0;
        QVERIFY(window.applyPricing(nonsense).contains(QStringLiteral("price")));
        QCOMPARE(window.pricing().cost.pricePerGpuHour, dearer.cost.pricePerGpuHour);
        QCOMPARE(window.applyPricing(before), QString());

        window.goLive();
        QVERIFY(!window.isReplaying());
        QVERIFY(!window.replayBar()->isVisible());
    }

    // Exporting a bundle once locked the window: the window-modal progress
    // dialog stayed up behind a blocking message box. Run end to end with a
    // real event loop: the progress goes, the outcome opens without blocking,
    // the bundle opens like any recording, and the window takes input again.
    // A bookmark made while replaying is stored in the recording and, with a live gateway,
    // shared with the NOC as a note about that instant: another dashboard on the gateway gets
    // it, and the timeline lists it as shared.
    void aBookmarkIsSharedWithTheNoc()
    {
        GatewayOptions options;
        options.listen = "127.0.0.1:0";
        options.simulator.shape.gpus = 64;
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        LiveCluster live, elsewhere;
        TelemetryClient client({ server->address() }, live), other({ server->address() }, elsewhere);
        client.start();
        other.start();
        QTRY_VERIFY_WITH_TIMEOUT(test::isLive(live), 10000);

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("night.vigil"));
        SimulatorOptions recorded;
        recorded.shape.gpus = 64;
        recorded.startTimeMs = server->journal().headTimeMs() - 20 * 3600000LL; // yesterday's night shift
        QCOMPARE(generateRecording(recorded, 10 * 3600000LL, 300000, path), QString());

        MainWindow window(live);
        window.setAlarmSender([&client](const v1::ActRequest &r) { return client.act(r); }, QStringLiteral("m.okafor"));
        window.show();
        QCOMPARE(openRecording(window, path), QString());
        const int64_t instant = recorded.startTimeMs + 4 * 3600000LL;
        window.replayBar()->seek(instant);
        answerTheNextDialog(&window, [](QWidget *modal) {
            auto *dialog = qobject_cast<QInputDialog *>(modal);
            if (!dialog)
                return false;
            dialog->setTextValue(QStringLiteral("PDU B trips here"));
            dialog->accept();
            return true;
        });
        QToolButton *bookmark = nullptr;
        for (QToolButton *b : window.replayBar()->findChildren<QToolButton *>())
            if (b->text() == QStringLiteral("Bookmark"))
                bookmark = b;
        QVERIFY(bookmark);
        bookmark->click();
        QTRY_COMPARE_WITH_TIMEOUT(window.statusBar()->currentMessage(),
                                  QStringLiteral("Bookmark stored and shared with the NOC."), 10000);

        // In the recording, and on the other dashboard as a note about that instant, signed.
        RecordingReader reader;
        QCOMPARE(reader.open(path), QString());
        QCOMPARE(reader.bookmarks().size(), size_t(1));
        QCOMPARE(reader.bookmarks()[0].timeMs, instant);
        std::vector<Event> received;
        std::optional<Event> shared;
        QTRY_VERIFY_WITH_TIMEOUT((shared = test::sharedBookmark(elsewhere, received, instant)).has_value(), 5000);
        QCOMPARE(shared->message, QStringLiteral("PDU B trips here"));
        QCOMPARE(shared->operatorName, QStringLiteral("m.okafor"));
        // A gateway that shares no state answers GetBookmarks from the journal it retains.
        const BookmarksOutcome listed = client.bookmarks(instant, instant);
        QVERIFY2(listed.ok, qPrintable(listed.message));
        QCOMPARE(listed.bookmarks.size(), size_t(1));
        QCOMPARE(listed.bookmarks[0].message, QStringLiteral("PDU B trips here"));
    }

    void bundleExportFinishesAndLetsGo()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("week.vigil"));
        SimulatorOptions options;
        options.shape.gpus = 256;
        options.scenario = Scenario::Decline;
        QCOMPARE(generateRecording(options, 30 * 3600000LL, 60000, path), QString());
        RecordingReader reader;
        QCOMPARE(reader.open(path), QString());
        QWidget window;
        window.resize(800, 600);
        window.show();
        const QString bundle = dir.filePath(QStringLiteral("incident.vigil"));
        startBundleExport(&window, path, bundle, reader.startMs() + 3600000, reader.startMs() + 20 * 3600000);
        QMessageBox *outcome = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((outcome = window.findChild<QMessageBox *>(QStringLiteral("bundleOutcome"))), 30000);
        QVERIFY2(outcome->icon() == QMessageBox::Information, qPrintable(outcome->text()));
        QVERIFY(outcome->text().contains(QStringLiteral("frames")));
        QVERIFY(outcome->isVisible());
        QVERIFY(window.findChildren<QProgressDialog *>().isEmpty()); // gone before the outcome shows
        outcome->button(QMessageBox::Ok)->click();
        QTRY_VERIFY(!window.findChild<QMessageBox *>(QStringLiteral("bundleOutcome")));
        QVERIFY(!QApplication::activeModalWidget());
        RecordingReader exported;
        QCOMPARE(exported.open(bundle), QString());
        QVERIFY(!exported.isEmpty());

        // A destination that cannot be written: the reason, the same way.
        startBundleExport(&window, path, dir.filePath(QStringLiteral("no/such/folder/x.vigil")), reader.startMs(),
                          reader.startMs() + 3600000);
        QTRY_VERIFY_WITH_TIMEOUT((outcome = window.findChild<QMessageBox *>(QStringLiteral("bundleOutcome"))), 30000);
        QCOMPARE(outcome->icon(), QMessageBox::Warning);
        QVERIFY(window.findChildren<QProgressDialog *>().isEmpty());
        outcome->close();
    }

    // A gap's times never run backwards: a gateway that came back with its clock
    // behind says the clock went back.
    void gapTimesNeverRunBackwards()
    {
        StreamGap gap;
        gap.reason = StreamGap::Reason::EpochChanged;
        gap.fromTimeMs = 1793577618000; // 2026-11-02 00:00:18
        gap.toTimeMs = 1793577602000; // 00:00:02
        const QString text = ConnectionStatusWidget::describeGap(gap);
        QVERIFY2(!text.contains(QStringLiteral("→")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("went back to 2026-11-02 00:00:02")), qPrintable(text));
        gap.toTimeMs = 1793577700000;
        QVERIFY(ConnectionStatusWidget::describeGap(gap).contains(QStringLiteral("00:00:18 → 2026-11-02 00:01:40")));
    }

    // The loss chart is exported as its file name says, written in the thread pool.
    void theLossChartExportsAsItsNameSays()
    {
        TrainingDock dock;
        dock.resize(800, 500);
        QTemporaryDir dir;
        QSignalSpy exported(&dock, &TrainingDock::chartsExported);
        const auto exportAs = [&](const QString &name) {
            dock.exportLossChart(dir.filePath(name));
            [&] { QVERIFY(exported.wait(10000)); }();
            return exported.last().at(0).toString();
        };
        QCOMPARE(exportAs(QStringLiteral("loss.csv")), QString());
        QCOMPARE(exportAs(QStringLiteral("loss.svg")), QString());
        QCOMPARE(exportAs(QStringLiteral("loss.png")), QString());
        QFile csv(dir.filePath(QStringLiteral("loss.csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QByteArray header = csv.readLine();
        QVERIFY2(header.startsWith("time_ms") || header.startsWith("x"), header.constData()); // by time or by step
        QFile svg(dir.filePath(QStringLiteral("loss.svg")));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().contains("<svg"));
        QCOMPARE(QImageReader(dir.filePath(QStringLiteral("loss.png"))).format(), QByteArray("png"));
    }

    void backgroundWorkAnswersThroughTheEventLoop()
    {
        // Work that has already finished must not answer inside the call that asked for it.
        QObject receiver;
        int answer = 0;
        whenFinished(QtFuture::makeReadyFuture(42), &receiver, [&](int value) { answer = value; });
        QCOMPARE(answer, 0);
        QTRY_COMPARE(answer, 42);
        // A move-only result is handed over, and a receiver that is gone gets nothing.
        auto later = std::make_unique<QObject>();
        bool called = false;
        whenFinished(QtConcurrent::run([] { return std::make_unique<int>(7); }), later.get(),
                     [&](std::unique_ptr<int> value) { called = value && *value == 7; });
        QTRY_VERIFY(called);
        called = false;
        whenFinished(QtFuture::makeReadyFuture(1), later.get(), [&](int) { called = true; });
        later.reset();
        QTest::qWait(50);
        QVERIFY(!called);
    }

    void theReportWindowShowsWhatVigilReportWrites()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("week.vigil"));
        SimulatorOptions options;
        options.shape.gpus = 256;
        options.scenario = Scenario::Decline;
        QCOMPARE(generateRecording(options, 120 * 3600000LL, 300000, path), QString());
        LiveCluster nowhere;
        MainWindow window(nowhere);
        QCOMPARE(openRecording(window, path), QString());
        ReportWindow *report = window.openReport(); // the recording being replayed
        QVERIFY(report);
        QSignalSpy built(report, &ReportWindow::built);
        QVERIFY(built.wait(30000));
        QVERIFY(built.front().front().toBool());
        QVERIFY(report->pageCount() >= 4);
        // The same figures as the headless report of the same period.
        RecordingReader reader;
        QCOMPARE(reader.open(path), QString());
        MaintenanceReport expected;
        QCOMPARE(buildReport(reader, reader.endMs() + 1 - 7 * 86400000LL, reader.endMs() + 1, {}, {}, expected),
                 QString());
        QCOMPARE(report->report().current.lostGpuHours, expected.current.lostGpuHours);
        QCOMPARE(report->report().incidents.size(), expected.incidents.size());
        QVERIFY(report->statusText().contains(QLocale().toString(expected.current.lostGpuHours, 'f', 0)));
        // Exports: the PDF and the tables.
        const QString pdf = dir.filePath(QStringLiteral("week.pdf"));
        QSignalSpy exported(report, &ReportWindow::exported);
        report->exportPdf(pdf);
        QVERIFY(report->statusText().startsWith(QStringLiteral("Writing"))); // in the background
        QVERIFY(exported.wait(30000));
        QCOMPARE(exported.last().at(0).toBool(), true);
        QVERIFY(exported.last().at(1).toString().contains(pdf));
        QVERIFY(QFileInfo(pdf).size() > 10000);
        report->exportCsv(dir.filePath(QStringLiteral("tables")));
        QVERIFY(exported.wait(30000));
        QVERIFY(exported.last().at(1).toString().contains(QStringLiteral("16 table")));
        report->exportPdf(QStringLiteral("/proc/no-such-dir/week.pdf"));
        // Fails at once, and still says so only after the call returned (it used to fire inside it, unheard).
        QVERIFY(report->statusText().startsWith(QStringLiteral("Writing")));
        QVERIFY(exported.wait(30000));
        QCOMPARE(exported.last().at(0).toBool(), false);
        QVERIFY(report->statusText().contains(QStringLiteral("/proc/no-such-dir/week.pdf")));
        QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("tables/incidents.csv"))));
        // Another span: a day with nothing in it says so.
        report->setPeriod(reader.startMs() - 3 * 86400000LL, reader.startMs() - 2 * 86400000LL);
        report->build();
        QVERIFY(built.wait(30000));
        QVERIFY(report->statusText().contains(QStringLiteral("Nothing happened")));
    }

    void pricingThatMakesNoSenseIsRefused_data()
    {
        QTest::addColumn<QString>("price");
        QTest::addColumn<QString>("leadHours");
        QTest::addColumn<QString>("utcOffset");
        QTest::addColumn<QString>("night");
        QTest::addColumn<QString>("error"); // a part of the message; empty: accepted
        QTest::newRow("defaults") << "2.50"
                                  << "1"
                                  << "+00:00"
                                  << "22-6" << QString();
        QTest::newRow("Tokyo") << "4"
                               << "0.5"
                               << "+09:00"
                               << "22-6" << QString();
        QTest::newRow("free GPUs") << "0"
                                   << "1"
                                   << "-5"
                                   << "23-7" << QString();
        QTest::newRow("not a number") << "cheap"
                                      << "1"
                                      << "0"
                                      << "22-6"
                                      << "not a number";
        QTest::newRow("empty price") << ""
                                     << "1"
                                     << "0"
                                     << "22-6"
                                     << "not a number";
        QTest::newRow("negative price") << "-3"
                                        << "1"
                                        << "0"
                                        << "22-6"
                                        << "between 0 and 10,000";
        QTest::newRow("absurd price") << "1e9"
                                      << "1"
                                      << "0"
                                      << "22-6"
                                      << "between 0 and 10,000";
        QTest::newRow("infinite price") << "inf"
                                        << "1"
                                        << "0"
                                        << "22-6"
                                        << "not a number";
        QTest::newRow("negative lead") << "2.5"
                                       << "-1"
                                       << "0"
                                       << "22-6"
                                       << "lead time";
        QTest::newRow("lead of a year") << "2.5"
                                        << "8760"
                                        << "0"
                                        << "22-6"
                                        << "lead time";
        QTest::newRow("lead in words") << "2.5"
                                       << "an hour"
                                       << "0"
                                       << "22-6"
                                       << "not a number of hours";
        QTest::newRow("no such zone") << "2.5"
                                      << "1"
                                      << "+15:00"
                                      << "22-6"
                                      << "UTC offset";
        QTest::newRow("zone gibberish") << "2.5"
                                        << "1"
                                        << "Mars"
                                        << "22-6"
                                        << "not an offset";
        QTest::newRow("minutes over 59") << "2.5"
                                         << "1"
                                         << "+05:75"
                                         << "22-6"
                                         << "not an offset";
        QTest::newRow("hour 25") << "2.5"
                                 << "1"
                                 << "0"
                                 << "25-6"
                                 << "night hours";
        QTest::newRow("night gibberish") << "2.5"
                                         << "1"
                                         << "0"
                                         << "late"
                                         << "not two hours";
    }

    void pricingThatMakesNoSenseIsRefused()
    {
        QFETCH(QString, price);
        QFETCH(QString, leadHours);
        QFETCH(QString, utcOffset);
        QFETCH(QString, night);
        QFETCH(QString, error);
        CostSettingsDialog dialog(PricingSettings {});
        dialog.priceEdit()->setText(price);
        dialog.leadTimeEdit()->setText(leadHours);
        dialog.utcOffsetEdit()->setText(utcOffset);
        dialog.nightEdit()->setText(night);
        PricingSettings parsed;
        const QString why = dialog.parse(parsed);
        QCOMPARE(dialog.acceptable(), error.isEmpty());
        QCOMPARE(dialog.errorText(), why);
        if (error.isEmpty()) {
            QCOMPARE(why, QString());
            QCOMPARE(parsed.cost.pricePerGpuHour, price.toDouble());
            QCOMPARE(parsed.cost.leadTimeMs, int64_t(leadHours.toDouble() * 3600000.0));
        } else {
            QVERIFY2(why.contains(error), qPrintable(why));
        }
    }

    void savedPricingThatMakesNoSenseIsRefused()
    {
        {
            QSettings settings;
            settings.setValue(QStringLiteral("cost/pricePerGpuHour"), QStringLiteral("-4"));
            settings.setValue(QStringLiteral("cost/leadTimeHours"), QStringLiteral("lots"));
            settings.setValue(QStringLiteral("cost/nightStartHour"), 21);
        }
        LiveCluster nowhere;
        MainWindow window(nowhere);
        QVERIFY(window.pricingProblem().contains(QStringLiteral("cost/pricePerGpuHour")));
        QVERIFY(window.pricingProblem().contains(QStringLiteral("cost/leadTimeHours")));
        QCOMPARE(window.pricing().cost.pricePerGpuHour, 2.5); // the default stands in
        QCOMPARE(window.pricing().cost.leadTimeMs, int64_t(3600000));
        QCOMPARE(window.pricing().grit.nightStartHour, 21); // what made sense is taken
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("pricePerGpuHour")));
        PricingSettings chosen = window.pricing();
        chosen.cost.pricePerGpuHour = 3.1;
        QCOMPARE(window.applyPricing(chosen), QString());
        QVERIFY(window.pricingProblem().isEmpty());
        MainWindow again(nowhere); // saved for the next start
        QCOMPARE(again.pricing().cost.pricePerGpuHour, 3.1);
        QVERIFY(again.pricingProblem().isEmpty());
        QSettings().remove(QStringLiteral("cost"));
    }

    void badInputIsCountedAndShown()
    {
        auto topology = std::make_shared<const Topology>(buildTopology({ 256 }, 3));
        IncidentAnalysis analysis;
        analysis.setTopology(topology);
        Event crash;
        crash.id = 1;
        crash.timeMs = 1793577600000;
        crash.type = EventType::JobCrash;
        crash.jobId = QStringLiteral("no-such-job");
        Event ecc;
        ecc.id = 2;
        ecc.timeMs = crash.timeMs - 3600000;
        ecc.type = EventType::EccSingleBit;
        ecc.entity = { EntityKind::Gpu, 100000 };
        Event known = crash;
        known.id = 3;
        known.jobId = topology->jobs[0].id;
        analysis.addEvents({ crash, ecc, known, known });
        analysis.update(crash.timeMs + 60000);
        IncidentDock dock;
        dock.showAnalysis(std::make_shared<const IncidentAnalysis>(analysis));
        QCOMPARE(analysis.eventsSkipped(), uint64_t(2));
        QCOMPARE(analysis.duplicatesIgnored(), uint64_t(1));
        QVERIFY(dock.inputText().contains(QStringLiteral("2 event")));
        QVERIFY(dock.inputText().contains(QStringLiteral("1 duplicate")));
        QCOMPARE(dock.model()->rowCount(), 1); // the valid one is kept
    }

    // The window's record switch never waits on the disk: the file opens in the
    // thread pool, a failure comes back as a reason, and the newest switch wins.
    // View → Sources: each source with its counts, the reasons it rejected lines and the
    // fields the stream does not carry under it; an older gateway is said to be one.
    void theSourcesDockSaysWhyAGpuIsGrey()
    {
        SourcesOutcome outcome;
        outcome.ok = true;
        v1::SourceStatus *dcgm = outcome.sources.add_sources();
        dcgm->set_name("dcgm-exporter http://node1:9400/metrics");
        dcgm->set_last_poll_ms(1793588400000 - 3000);
        dcgm->set_readings(123456);
        auto *unknown = dcgm->add_unknown_fields();
        unknown->set_name("DCGM_FI_PROF_NEW_THING");
        unknown->set_help("A field from a newer exporter");
        unknown->set_count(16);
        v1::SourceStatus *log = outcome.sources.add_sources();
        log->set_name("kernel log /var/log/kern.log");
        log->set_rejected(2);
        log->add_rejections("line 7: no GPU at PCI 0000:ab:00.0 on node9");
        auto *tally = log->add_rejection_tallies(); // a gateway that tallies them
        tally->set_why("line 7: no GPU at PCI 0000:ab:00.0 on node9");
        tally->set_times(12);
        tally->set_last_seen_ms(1793588400000 - 5000);
        log->set_last_error("2 lines rejected so far");
        SourcesDock dock([outcome] { return outcome; });
        QSignalSpy updated(&dock, &SourcesDock::updated);
        dock.refresh(); // in the thread pool, as the dock does every few seconds
        QVERIFY(updated.wait(5000));
        QCOMPARE(dock.tree()->topLevelItemCount(), 2);
        QVERIFY2(dock.statusText().contains(QStringLiteral("; 1 with rejected lines")), qPrintable(dock.statusText()));
        QTreeWidgetItem *first = dock.tree()->topLevelItem(0);
        QCOMPARE(first->text(2), QLocale().toString(123456));
        QCOMPARE(first->childCount(), 1);
        QVERIFY(first->child(0)->text(0).contains(QStringLiteral("DCGM_FI_PROF_NEW_THING")));
        // Told once, with how often and when last, however many polls brought it.
        QCOMPARE(dock.tree()->topLevelItem(1)->childCount(), 1);
        QVERIFY(dock.tree()->topLevelItem(1)->child(0)->text(0).contains(QStringLiteral("line 7")));
        QCOMPARE(dock.tree()->topLevelItem(1)->child(0)->text(5), QLocale().toString(12));
        QCOMPARE(dock.tree()->topLevelItem(1)->text(6), QStringLiteral("2 lines rejected so far"));

        SourcesOutcome older;
        older.unsupported = true;
        dock.present(older, 0);
        QVERIFY(dock.statusText().contains(QStringLiteral("older than this dashboard")));
    }

    void theRecordSwitchDoesNotWaitOnTheDisk()
    {
        StreamRecording tap;
        RecorderControl control(tap);
        QSignalSpy switched(&control, &RecorderControl::switchedOn);
        QTemporaryDir dir;
        const QString first = dir.filePath(QStringLiteral("first.vigil"));
        const QString second = dir.filePath(QStringLiteral("nested/second.vigil"));
        control.switchOn(first);
        QVERIFY(!control.isRecording()); // not yet: the file is opening elsewhere
        control.switchOn(second); // overtakes the first
        QVERIFY(switched.wait(10000));
        QCOMPARE(switched.count(), 1);
        QCOMPARE(switched.last().at(0).toString(), QString());
        QVERIFY(control.isRecording());
        QCOMPARE(control.path(), second);
        control.switchOff();
        QVERIFY(!control.isRecording());
        control.switchOn(QStringLiteral("/proc/no-such-dir/run.vigil"));
        QVERIFY(switched.wait(10000));
        QVERIFY(switched.last().at(0).toString().contains(QStringLiteral("run.vigil")));
        QVERIFY(!control.isRecording());
        QThreadPool::globalInstance()->waitForDone(); // the overtaken and switched-off recordings closed
        RecordingReader reader;
        QCOMPARE(reader.open(second), QString());
    }

    void oldSessionsShareABudget()
    {
        StreamRecording tap;
        RecorderControl control(tap);
        QDir dir(RecorderControl::defaultDirectory());
        dir.removeRecursively();
        QVERIFY(dir.mkpath(QStringLiteral(".")));
        const QStringList names { QStringLiteral("vigil-20261101-000000.vigil"),
                                  QStringLiteral("vigil-20261102-000000.vigil"),
                                  QStringLiteral("vigil-20261103-000000.vigil"), QStringLiteral("notes.vigil") };
        for (const QString &name : names) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray(1000, 'x'));
        }
        QCOMPARE(RecorderControl::pruneOldSessions(2500, control.path()), 1); // the newest two fit; the oldest goes
        QVERIFY(!QFile::exists(dir.filePath(names[0])));
        QVERIFY(QFile::exists(dir.filePath(names[1])));
        QVERIFY(QFile::exists(dir.filePath(names[3]))); // files it did not name are never touched
        QCOMPARE(RecorderControl::pruneOldSessions(1u << 30, control.path()), 0);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
