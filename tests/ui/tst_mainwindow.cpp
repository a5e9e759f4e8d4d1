// SPDX-License-Identifier: GPL-3.0-or-later
// The dashboard against a real gateway: it goes live, draws the cluster, and
// switches overlays from the keyboard.
#include "client/telemetryclient.h"
#include "connectionstatuswidget.h"
#include "detailsdock.h"
#include "eventdock.h"
#include "eventlogmodel.h"
#include "gateway/gatewayserver.h"
#include "mainwindow.h"
#include "rackmap/rackmapwidget.h"
#include "sparkline/sparklinetable.h"

#include <QMenuBar>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTest>
#include <QToolBar>

using namespace vigil;

class TestMainWindow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

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
        QTest::keyClick(&window, Qt::Key_1);
        QCOMPARE(window.overlay(), Overlay::GpuTemperature);
        QTest::keyClick(&window, Qt::Key_R); // relative to rack peers, and back
        window.refresh();
        QVERIFY(window.rackMap()->cellColor(0) != viridis.map(power->values[0], 0.0f, 700.0f));
        QTest::keyClick(&window, Qt::Key_R);
        // Checkpoints arrive within seconds at this speed: the event log shows them.
        window.eventDock()->filter()->setLevel(EventFilterProxy::Level::Everything);
        QTRY_VERIFY_WITH_TIMEOUT(window.eventDock()->model()->rowCount() > 0, 10000);
        QVERIFY(window.rackMap()->staleNotice().isEmpty());

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
        QVERIFY(!window.findChild<QToolBar *>()->isVisible());
        QVERIFY(!window.eventDock()->isVisible());
        QVERIFY(window.statusBar()->isVisible());
        QTest::keyClick(&window, Qt::Key_Escape);
        QVERIFY(!window.isWallDisplay());
        QVERIFY(window.menuBar()->isVisible());
        QVERIFY(window.findChild<QToolBar *>()->isVisible());
        QVERIFY(window.eventDock()->isVisible());

        // The gateway goes away: the map must say its picture is old, not pose as live.
        server.reset();
        QTRY_VERIFY_WITH_TIMEOUT(window.rackMap()->staleNotice().contains(QStringLiteral("reconnecting")), 5000);
        QCOMPARE(window.connectionStatus()->stateText(), QStringLiteral("Reconnecting…"));
        client.stop();
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
