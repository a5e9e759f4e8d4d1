// SPDX-License-Identifier: GPL-3.0-or-later
// The alarm dock against a real gateway: two dashboards share one alarm state;
// the keys act on the selected alarm; the gateway's refusals are shown.
#include "alarmdock.h"
#include "alarmtreemodel.h"
#include "detailsdock.h"
#include "domain/blastradius.h"
#include "domain/metric.h"
#include "domain/operatorcomment.h"
#include "eventdock.h"
#include "eventlogmodel.h"
#include "gatewayfixture.h"
#include "handoff.h"
#include "host/gatewaycommandline.h"
#include "httpfixture.h"
#include "mainwindow.h"
#include "rackmap/rackmapwidget.h"
#include "sim/topologybuilder.h"

#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <cmath>
#include <map>
#include <mutex>

using namespace vigil;
using namespace vigil::test;

namespace {

struct Dashboard
{
    LiveCluster cluster;
    std::unique_ptr<TelemetryClient> client;
    std::unique_ptr<MainWindow> window;
    QString typed; // what the prompts answer
    QString asked; // what the last prompt said
    Dashboard(const QString &address, const QString &name, const QString &token = {})
    {
        ClientOptions options;
        options.address = address;
        options.token = token;
        client = std::make_unique<TelemetryClient>(options, cluster);
        client->start();
        window = std::make_unique<MainWindow>(cluster);
        window->setAlarmSender([this](const v1::ActRequest &r) { return client->act(r); }, name);
        window->alarmDock()->setPrompt([this](const QString &, const QString &label, const QString &) {
            asked = label;
            return std::optional<QString>(typed);
        });
        window->show();
    }
    ~Dashboard()
    {
        window.reset();
        client->stop();
    }
    AlarmDock *dock() const { return window->alarmDock(); }
    const Alarm *alarmOnGpu(uint32_t gpu) const
    {
        AlarmTreeModel *m = dock()->model();
        for (int g = 0; g < m->rowCount(); ++g)
            for (int r = 0; r < m->rowCount(m->index(g, 0)); ++r)
                if (const Alarm *a = m->alarmAt(m->index(r, 0, m->index(g, 0)));
                    a && a->entity == EntityRef { EntityKind::Gpu, gpu })
                    return a;
        return nullptr;
    }
    // Presses a key on the alarm list and waits for the gateway's answer.
    bool press(Qt::Key key, const QString &answer = {})
    {
        typed = answer;
        QSignalSpy finished(dock(), &AlarmDock::actionFinished);
        dock()->view()->setFocus();
        QTest::keyClick(dock()->view(), key);
        return finished.wait(5000) && finished.front().front().toBool();
    }
};

// Names the fields in which two screens' copies of one alarm differ, for a failure message.
QString differences(const Alarm &a, const Alarm &b)
{
    QStringList fields;
    auto note = [&](const char *name, bool same) {
        if (!same)
            fields << QString::fromLatin1(name);
    };
    note("id", a.id == b.id);
    note("entity", a.entity == b.entity);
    note("sourceType", a.sourceType == b.sourceType);
    note("code", a.code == b.code);
    note("metricId", a.metricId == b.metricId);
    note("suppressed", a.suppressed == b.suppressed);
    note("outOfService", a.outOfService == b.outOfService);
    note("priority", a.priority == b.priority);
    note("raisedMs", a.raisedMs == b.raisedMs);
    note("acknowledgedMs", a.acknowledgedMs == b.acknowledgedMs);
    note("jobId", a.jobId == b.jobId);
    note("message", a.message == b.message);
    note("active", a.active == b.active);
    note("acknowledged", a.acknowledged == b.acknowledged);
    note("shelved", a.shelved == b.shelved);
    note("escalated", a.escalated == b.escalated);
    note("changedMs", a.changedMs == b.changedMs);
    note("lastSeenMs", a.lastSeenMs == b.lastSeenMs);
    note("activations", a.activations == b.activations);
    note("owner", a.owner == b.owner);
    note("acknowledgedBy", a.acknowledgedBy == b.acknowledgedBy);
    note("shelvedBy", a.shelvedBy == b.shelvedBy);
    note("shelvedUntilMs", a.shelvedUntilMs == b.shelvedUntilMs);
    note("gpusAtRisk", a.gpusAtRisk == b.gpusAtRisk);
    note("lastComment", a.lastComment == b.lastComment);
    note("value", a.value == b.value);
    return QStringLiteral("the screens differ in: ") + fields.join(QStringLiteral(", "));
}

// A gateway and two operators' windows on it, both live: a.nakamura's and m.okafor's.
bool startTwoOperators(std::unique_ptr<GatewayServer> &server, std::unique_ptr<Dashboard> &left,
                       std::unique_ptr<Dashboard> &right)
{
    QString error;
    server = GatewayServer::start(testGatewayOptions(), &error);
    if (!server) {
        qWarning() << error;
        return false;
    }
    left = std::make_unique<Dashboard>(server->address(), QStringLiteral("a.nakamura"));
    right = std::make_unique<Dashboard>(server->address(), QStringLiteral("m.okafor"));
    return QTest::qWaitFor([&] { return isLive(left->cluster) && isLive(right->cluster); }, 10000);
}

} // namespace

class TestAlarmDock : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // The flood line counts what reaches the operator on the operator's clock: a demo raising
    // alarms an hour of cluster apart, thirty in a moment, is thirty in ten minutes, not one;
    // and as the list shows them: thirty ECC alarms in one row are one group to look at.
    // A reconnect's snapshot of alarms raised long ago is no flood.
    void theFloodLineCountsOnTheOperatorsClock()
    {
        AlarmDock dock;
        auto topology = std::make_shared<const Topology>(buildTopology({ 256 }, 3));
        const int64_t start = 1793588400000;
        std::vector<Alarm> alarms;
        for (uint32_t i = 0; i < 5; ++i) { // standing since long before: a snapshot
            Alarm a;
            a.id = 100 + i;
            a.entity = { EntityKind::Gpu, i };
            a.sourceType = EventType::EccSingleBit;
            a.active = true;
            a.acknowledged = false;
            a.raisedMs = start - 86400000;
            alarms.push_back(a);
        }
        dock.showAlarms(alarms, start, topology, nullptr);
        QVERIFY2(dock.floodText().contains(QStringLiteral(": 0.0 alarm groups to look at per 10 min")),
                 qPrintable(dock.floodText()));
        for (uint32_t i = 0; i < 30; ++i) {
            Alarm a = alarms.front();
            a.id = 1 + i;
            a.entity = { EntityKind::Gpu, 10 + i };
            a.raisedMs = start + int64_t(i + 1) * 3600000; // an hour of cluster time each
            alarms.push_back(a);
            dock.showAlarms(alarms, a.raisedMs, topology, nullptr);
        }
        QVERIFY2(dock.floodText().contains(QStringLiteral(": 1.0 alarm groups to look at per 10 min per operator, "
                                                          "from 30 alarm")),
                 qPrintable(dock.floodText()));
        QCOMPARE(dock.flood().activations, size_t(30));
        QCOMPARE(dock.flood().faced, size_t(1));
        // Elsewhere, three kinds scattered over the hall: three more things to look at.
        const EventType kinds[] = { EventType::NvlinkCrc, EventType::ThermalThrottle, EventType::PcieReplay };
        for (uint32_t i = 0; i < 3; ++i) {
            Alarm a = alarms.front();
            a.id = 50 + i;
            a.entity = { EntityKind::Gpu, 200 + 20 * i };
            a.sourceType = kinds[i];
            a.raisedMs = start + int64_t(40 + i) * 3600000;
            alarms.push_back(a);
            dock.showAlarms(alarms, a.raisedMs, topology, nullptr);
        }
        QCOMPARE(dock.flood().faced, size_t(4));
        QVERIFY2(dock.floodText().contains(QStringLiteral(": 4.0 alarm groups to look at per 10 min per operator, "
                                                          "from 33 alarm")),
                 qPrintable(dock.floodText()));
        QVERIFY2(dock.floodText().startsWith(QStringLiteral("Since ")),
                 qPrintable(dock.floodText())); // not an hour yet
        QCOMPARE(dock.unacknowledged(), size_t(38));
    }

    // The demo's cluster runs a month behind the wall clock and an hour a second: whether an
    // alarm has stood for a day, and what an operator on that cluster would face, are read on
    // the cluster's clock, and the line says how much faster than the screen it runs.
    void aDemosClusterIsJudgedOnItsOwnClock()
    {
        AlarmDock dock;
        auto topology = std::make_shared<const Topology>(buildTopology({ 256 }, 3));
        const int64_t start = QDateTime::currentMSecsSinceEpoch() - 30 * 86400000LL;
        Alarm first;
        first.id = 1;
        first.entity = { EntityKind::Gpu, 3 };
        first.sourceType = EventType::EccSingleBit;
        first.active = true;
        first.acknowledged = false;
        first.raisedMs = start;
        std::vector<Alarm> alarms { first };
        dock.showAlarms(alarms, start + 3600000, topology, nullptr);
        QVERIFY(dock.floodOnClusterClock().stale.empty()); // an hour old on its clock, a month on the wall's
        QVERIFY2(!dock.floodText().contains(QStringLiteral("standing")), qPrintable(dock.floodText()));
        for (uint32_t i = 1; i <= 30; ++i) { // every 20 minutes of cluster time
            Alarm a = first;
            a.id = 10 + i;
            a.entity = { EntityKind::Gpu, 9 + i }; // GPUs 10 to 39: one row
            a.raisedMs = start + 3600000 + int64_t(i) * 20 * 60000;
            alarms.push_back(a);
            if (i == 30)
                QTest::qWait(2100);
            dock.showAlarms(alarms, a.raisedMs, topology, nullptr);
        }
        QCOMPARE(dock.floodOnClusterClock().activations, size_t(30));
        // 30 in ten hours: 60 windows of ten minutes, and the one that opens with the last alarm.
        QCOMPARE(dock.floodOnClusterClock().faced, size_t(30));
        QCOMPARE(dock.floodOnClusterClock().averagePer10Min, 30.0 / 61.0);
        QVERIFY2(dock.floodText().contains(QStringLiteral("faster than this screen; on its clock: 0.5 per 10 min, "
                                                          "busiest 1")),
                 qPrintable(dock.floodText()));
        // On the screen's clock: the first alarm in the row came under "scattered", the rest
        // under the row once three had gathered there.
        QVERIFY2(dock.floodText().contains(QStringLiteral(": 2.0 alarm groups to look at")),
                 qPrintable(dock.floodText()));
        // A day of cluster time later, the first alarm has stood for a day.
        dock.showAlarms(alarms, start + 86400000 + 60000, topology, nullptr);
        QCOMPARE(dock.floodOnClusterClock().stale.size(), size_t(1));
    }

    void twoWindowsShareOneAlarmState()
    {
        std::unique_ptr<GatewayServer> server;
        std::unique_ptr<Dashboard> onLeft, onRight;
        QVERIFY(startTwoOperators(server, onLeft, onRight));
        Dashboard &left = *onLeft, &right = *onRight;
        QVERIFY(publishWarning(*server, 21));
        QTRY_VERIFY_WITH_TIMEOUT(left.alarmOnGpu(21) && right.alarmOnGpu(21), 5000);
        QCOMPARE(left.alarmOnGpu(21)->state(), AlarmState::Unacknowledged);
        QTRY_VERIFY_WITH_TIMEOUT(left.window->alarmCountText().contains(QStringLiteral("unacknowledged")), 5000);
        const uint64_t id = left.alarmOnGpu(21)->id;

        // Acknowledged with A on the left, with a comment: the right shows who and why. The
        // dialog and the result name the alarm by its condition and entity, not by an id.
        QVERIFY(left.dock()->selectAlarm(id));
        QVERIFY(left.press(Qt::Key_A, QStringLiteral("HBM ticket 4411")));
        const Topology topology
            = buildTopology(testGatewayOptions().simulator.shape, testGatewayOptions().simulator.seed);
        const QString title = alarmTitle(*left.alarmOnGpu(21), &topology);
        QVERIFY2(title.contains(QStringLiteral(" on GPU ")), qPrintable(title));
        QVERIFY2(left.asked.startsWith(title), qPrintable(left.asked));
        QVERIFY2(left.dock()->feedbackText().contains(title), qPrintable(left.dock()->feedbackText()));
        QVERIFY(!left.dock()->feedbackText().contains(QStringLiteral("alarm %1").arg(id)));
        QTRY_VERIFY_WITH_TIMEOUT(right.alarmOnGpu(21)->state() == AlarmState::Acknowledged, 5000);
        QCOMPARE(right.alarmOnGpu(21)->acknowledgedBy, QStringLiteral("a.nakamura"));
        QCOMPARE(right.alarmOnGpu(21)->lastComment, QStringLiteral("a.nakamura: HBM ticket 4411"));

        // The right tries too: refused, and told who was first.
        QVERIFY(right.dock()->selectAlarm(id));
        QVERIFY(!right.press(Qt::Key_A, QStringLiteral("mine")));
        QVERIFY2(right.dock()->feedbackText().contains(QStringLiteral("acknowledged already, by a.nakamura")),
                 qPrintable(right.dock()->feedbackText()));

        // An absurd shelve is refused by the gateway with its reason; a sensible one is taken.
        QVERIFY(!right.press(Qt::Key_S, QStringLiteral("30 d")));
        QVERIFY2(right.dock()->feedbackText().contains(QStringLiteral("1 minute to 7 days")),
                 qPrintable(right.dock()->feedbackText()));
        QVERIFY(!right.press(Qt::Key_S, QStringLiteral("soon")));
        QVERIFY(right.dock()->feedbackText().contains(QStringLiteral("not a duration")));
        QVERIFY(right.press(Qt::Key_S, QStringLiteral("2 h")));
        QTRY_VERIFY_WITH_TIMEOUT(left.alarmOnGpu(21)->state() == AlarmState::Shelved, 5000);
        QCOMPARE(left.alarmOnGpu(21)->shelvedBy, QStringLiteral("m.okafor"));

        // O assigns, E escalates, N notes, U unshelves: each seen on the other screen.
        QVERIFY(left.press(Qt::Key_O, QStringLiteral("facilities")));
        QVERIFY(left.press(Qt::Key_E, QStringLiteral("second time this week")));
        QVERIFY(left.press(Qt::Key_N, QStringLiteral("vendor RMA opened")));
        QVERIFY(right.press(Qt::Key_U));
        QTRY_VERIFY_WITH_TIMEOUT(
            right.alarmOnGpu(21)->owner == QStringLiteral("facilities") && right.alarmOnGpu(21)->escalated
                && right.alarmOnGpu(21)->lastComment == QStringLiteral("a.nakamura: vendor RMA opened")
                && left.alarmOnGpu(21)->state() == AlarmState::Unacknowledged,
            5000); // back from the shelf still in alarm: it asks again
        // Each screen hears of the other's last action on its own stream, so they agree
        // within moments, not at the instant the left has seen the unshelve.
        QTRY_VERIFY2_WITH_TIMEOUT(*left.alarmOnGpu(21) == *right.alarmOnGpu(21),
                                  qPrintable(differences(*left.alarmOnGpu(21), *right.alarmOnGpu(21))), 5000);

        // / filters; Enter shows the alarm's entity on the map.
        QVERIFY(publishWarning(*server, 90, v1::EVENT_TYPE_NVLINK_CRC));
        QTRY_VERIFY_WITH_TIMEOUT(left.alarmOnGpu(90), 5000);
        left.window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(left.window.get()));
        left.dock()->view()->setFocus();
        QTest::keyClick(left.dock()->view(), Qt::Key_Slash);
        QVERIFY(left.dock()->filterEdit()->hasFocus());
        QTest::keyClicks(left.dock()->filterEdit(), QStringLiteral("CRC"));
        auto *proxy = static_cast<QSortFilterProxyModel *>(left.dock()->view()->model());
        int shown = 0;
        for (int g = 0; g < proxy->rowCount(); ++g)
            shown += proxy->rowCount(proxy->index(g, 0));
        QCOMPARE(shown, 1);
        QTest::keyClick(left.dock()->filterEdit(), Qt::Key_Escape);
        QVERIFY(left.dock()->view()->hasFocus());
        QVERIFY(left.dock()->selectAlarm(left.alarmOnGpu(90)->id));
        QTest::keyClick(left.dock()->view(), Qt::Key_Return);
        QCOMPARE(left.window->rackMap()->selectedGpu(), 90);
    }

    // An operator handles a flood as groups: a group's row stands for its alarms, Ctrl and
    // Shift pick several, and each key sends one action for all of them. The selection
    // outlives new alarms arriving; the right button offers the same actions.
    void manyAlarmsAtOnce()
    {
        std::unique_ptr<GatewayServer> server;
        std::unique_ptr<Dashboard> onLeft, onRight;
        QVERIFY(startTwoOperators(server, onLeft, onRight));
        Dashboard &left = *onLeft, &right = *onRight;
        const uint32_t gpus[] = { 48, 49, 50, 51, 52, 53 };
        for (uint32_t gpu : gpus)
            QVERIFY(publishWarning(*server, gpu));
        QTRY_VERIFY_WITH_TIMEOUT(
            std::all_of(std::begin(gpus), std::end(gpus),
                        [&](uint32_t gpu) { return left.alarmOnGpu(gpu) && right.alarmOnGpu(gpu); }),
            5000);
        QCOMPARE(left.dock()->view()->actions().size(), 7); // the right button's menu, hand-off last

        // Two picked with Ctrl, shelved with one S.
        QTreeView *view = left.dock()->view();
        auto *proxy = static_cast<QSortFilterProxyModel *>(view->model());
        const auto rowOf = [&](uint32_t gpu) {
            return proxy->mapFromSource(left.dock()->model()->indexOf(left.alarmOnGpu(gpu)->id));
        };
        view->selectionModel()->select(rowOf(48), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        view->selectionModel()->select(rowOf(49), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        QCOMPARE(left.dock()->selectedAlarms().size(), size_t(2));
        QVERIFY(left.press(Qt::Key_S, QStringLiteral("1 h")));
        QVERIFY2(left.asked.startsWith(QStringLiteral("2 alarms")), qPrintable(left.asked));
        QVERIFY2(left.dock()->feedbackText().contains(QStringLiteral("2 alarms”: done")),
                 qPrintable(left.dock()->feedbackText()));
        QTRY_VERIFY_WITH_TIMEOUT(right.alarmOnGpu(48)->state() == AlarmState::Shelved
                                     && right.alarmOnGpu(49)->state() == AlarmState::Shelved,
                                 5000);
        QCOMPARE(right.alarmOnGpu(50)->state(), AlarmState::Unacknowledged);

        // The selection outlives an alarm arriving (the rows are reset under it).
        view->selectionModel()->select(rowOf(50), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        view->selectionModel()->select(rowOf(51), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        QVERIFY(publishWarning(*server, 120, v1::EVENT_TYPE_NVLINK_CRC));
        QTRY_VERIFY_WITH_TIMEOUT(left.alarmOnGpu(120), 5000);
        std::vector<uint64_t> kept = left.dock()->selectedAlarms();
        std::sort(kept.begin(), kept.end());
        std::vector<uint64_t> picked { left.alarmOnGpu(50)->id, left.alarmOnGpu(51)->id };
        std::sort(picked.begin(), picked.end());
        QCOMPARE(kept, picked);

        // A group's row: A acknowledges every alarm in it that asks, as one action; those shelved
        // a moment ago are named as not taken.
        const QModelIndex group = rowOf(52).parent();
        QVERIFY(group.isValid());
        const int inGroup = proxy->rowCount(group);
        QVERIFY(inGroup >= 4);
        view->selectionModel()->select(group, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QCOMPARE(left.dock()->selectedAlarms().size(), size_t(inGroup));
        left.press(Qt::Key_A, QStringLiteral("one fan tray, ticket 7731"));
        QVERIFY2(left.asked.contains(QStringLiteral(" alarms of ")), qPrintable(left.asked));
        for (uint32_t gpu : { 50, 51, 52, 53 })
            QTRY_VERIFY_WITH_TIMEOUT(right.alarmOnGpu(gpu)->state() == AlarmState::Acknowledged, 5000);
        QCOMPARE(right.alarmOnGpu(53)->lastComment, QStringLiteral("a.nakamura: one fan tray, ticket 7731"));
        if (left.dock()->selectedAlarms().size() > 4) // the shelved two were in the group too
            QVERIFY2(left.dock()->feedbackText().contains(QStringLiteral("not on 2: “Row remap on GPU ")),
                     qPrintable(left.dock()->feedbackText())); // named as the list names it, not by a number
    }

    // The night shift's tasks at 100,000 GPUs, in the window, on the demo's gateway as
    // `vigil --demo --gpus 100000` runs it (an hour of cluster a second): find the hottest rack,
    // acknowledge an incident's alarms at once, follow an alarm to the map, see the gateway go.
    void theNightShiftsTasksAt100kGpus()
    {
        GatewayOptions options;
        readDemoGatewayOptions(nullptr, options);
        options.simulator.shape.gpus = 100000;
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        Dashboard screen(server->address(), QStringLiteral("a.nakamura"));
        MainWindow &window = *screen.window;
        window.resize(1600, 1000);
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(window.clusterState().topology()
                                     && window.clusterState().topology()->gpus.size() == 100000
                                     && window.clusterState().column(metric::GpuTemp),
                                 60000);

        // The hottest rack: from afar each rack is painted with its hottest GPU, so the rack the
        // map paints hottest holds the hall's hottest reading; a click on it names it.
        window.setOverlay(Overlay::GpuTemperature);
        window.refresh();
        {
            // Copies: a click lets the window take newer frames meanwhile.
            const ClusterState &state = window.clusterState();
            const std::shared_ptr<const Topology> topology = state.topology();
            const Topology &t = *topology;
            const std::vector<float> temperature = state.column(metric::GpuTemp)->values;
            QCOMPARE(temperature.size(), t.gpus.size());
            const RackMapWidget *map = window.rackMap();
            size_t hottestRack = 0;
            for (size_t r = 1; r < t.racks.size(); ++r)
                if (!(map->rackAggregate(hottestRack) >= map->rackAggregate(r)))
                    hottestRack = r;
            float hottest = -1.0f;
            uint32_t hottestGpu = 0;
            for (uint32_t g = 0; g < t.gpus.size(); ++g) // the reference: every reading the map was given
                if (!std::isnan(temperature[g]) && !std::isnan(map->rackAggregate(t.rackOfGpu(g)))
                    && temperature[g] > hottest) {
                    hottest = temperature[g];
                    hottestGpu = g;
                }
            QCOMPARE(map->rackAggregate(hottestRack), hottest);
            QCOMPARE(size_t(t.rackOfGpu(hottestGpu)), hottestRack);
            QTest::mouseClick(window.rackMap(), Qt::LeftButton, {}, map->cellCenter(int(hottestGpu)));
            QCOMPARE(map->selectedGpu(), int(hottestGpu)); // the GPU that gives the rack its colour
            QTRY_VERIFY(
                window.detailsDock()->text().contains(QStringLiteral("Rack %1").arg(t.racks[hottestRack].name)));
        }

        // An incident's alarms, acknowledged at once: its group's row selected, one A.
        AlarmDock *dock = screen.dock();
        QTreeView *view = dock->view();
        auto *proxy = static_cast<QSortFilterProxyModel *>(view->model());
        QModelIndex incident;
        const auto findIncident = [&] {
            for (int g = 0; g < proxy->rowCount(); ++g) {
                const QModelIndex row = proxy->index(g, 0);
                const AlarmGroup *group = dock->model()->groupAt(proxy->mapToSource(row));
                if (group && group->incidentId
                    && std::count_if(group->alarms.begin(), group->alarms.end(),
                                     [](const Alarm &a) { return a.needsAcknowledging(); })
                        >= 2) {
                    incident = row;
                    return true;
                }
            }
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(findIncident(), 60000);
        view->selectionModel()->select(incident, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        const std::vector<uint64_t> picked = dock->selectedAlarms();
        QVERIFY(picked.size() >= 2);
        std::map<uint64_t, int64_t> raisedAt;
        for (uint64_t id : picked)
            raisedAt[id] = dock->model()->alarmAt(dock->model()->indexOf(id))->raisedMs;
        QVERIFY(screen.press(Qt::Key_A, QStringLiteral("one look at the incident")));
        QVERIFY2(screen.asked.contains(QStringLiteral(" alarms of ")), qPrintable(screen.asked));
        // Each is acknowledged by the operator, unless the hardware raised it again since (an hour
        // of cluster a second): then it rightly asks again.
        const auto settled = [&](uint64_t id) {
            const Alarm *a = dock->model()->alarmAt(dock->model()->indexOf(id));
            return !a || a->raisedMs != raisedAt[id]
                || (a->acknowledgedBy == QStringLiteral("a.nakamura") && !a->needsAcknowledging());
        };
        QTRY_VERIFY_WITH_TIMEOUT(std::all_of(picked.begin(), picked.end(), settled), 10000);

        // An alarm followed to the map: Enter on its row selects its GPU there and zooms to it.
        const Alarm *onGpu = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                for (int g = 0; g < proxy->rowCount() && !onGpu; ++g)
                    for (int r = 0; r < proxy->rowCount(proxy->index(g, 0)) && !onGpu; ++r) {
                        const Alarm *a
                            = dock->model()->alarmAt(proxy->mapToSource(proxy->index(r, 0, proxy->index(g, 0))));
                        if (a && a->entity.kind == EntityKind::Gpu
                            && int(a->entity.index) != window.rackMap()->selectedGpu())
                            onGpu = a;
                    }
                return onGpu != nullptr;
            }(),
            30000);
        const uint32_t followed = onGpu->entity.index;
        QVERIFY(dock->selectAlarm(onGpu->id));
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Return);
        QCOMPARE(window.rackMap()->selectedGpu(), int(followed));
        QVERIFY(window.rackMap()->zoom() > 1.0);
        QTRY_VERIFY(window.detailsDock()->text().contains(window.clusterState().topology()->gpus[followed].uuid));

        // The gateway goes away: the map says its picture is old, the list keeps its alarms marked stale.
        server.reset();
        QTRY_VERIFY_WITH_TIMEOUT(window.rackMap()->staleNotice().contains(QStringLiteral("reconnecting")), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(dock->isStale(), 10000);
        QVERIFY2(dock->countsText().contains(QStringLiteral("stale: no gateway since")),
                 qPrintable(dock->countsText()));
    }

    // The gateway goes away: the list keeps what it last knew, greyed and marked stale
    // with the time, rather than emptying; it comes back live when the gateway does.
    void theListStaysThroughAnOutageMarkedStale()
    {
        QString error;
        auto server = GatewayServer::start(testGatewayOptions(), &error);
        QVERIFY2(server, qPrintable(error));
        Dashboard screen(server->address(), QStringLiteral("a.nakamura"));
        QTRY_VERIFY_WITH_TIMEOUT(isLive(screen.cluster), 10000);
        QVERIFY(publishWarning(*server, 44));
        QTRY_VERIFY_WITH_TIMEOUT(screen.alarmOnGpu(44), 5000);
        QVERIFY(!screen.dock()->isStale());
        server.reset();
        QTRY_VERIFY_WITH_TIMEOUT(screen.dock()->isStale(), 10000);
        QVERIFY(screen.alarmOnGpu(44)); // still there
        QVERIFY2(screen.dock()->countsText().contains(QStringLiteral("stale")),
                 qPrintable(screen.dock()->countsText()));
        QVERIFY(screen.dock()->countsText().contains(QStringLiteral("1 unacknowledged")));
    }

    void aViewerIsToldItCannotAct()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("operators"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("wall-token-0123456789 wallscreen viewer\nop-token-0123456789ab d.kowalski operator\n"
                "agent-token-0123456789 dcgm-exporters agent *\n");
        f.close();
        GatewayOptions options = testGatewayOptions();
        options.operatorsPath = path;
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        Dashboard wall(server->address(), QStringLiteral("someone"), QStringLiteral("wall-token-0123456789"));
        QTRY_VERIFY_WITH_TIMEOUT(isLive(wall.cluster), 10000);
        QVERIFY(publishWarning(*server, 33, v1::EVENT_TYPE_ROW_REMAP, QStringLiteral("agent-token-0123456789")));
        QTRY_VERIFY_WITH_TIMEOUT(wall.alarmOnGpu(33), 5000);
        QVERIFY(wall.dock()->selectAlarm(wall.alarmOnGpu(33)->id));
        QVERIFY(!wall.press(Qt::Key_A, QString()));
        QVERIFY2(wall.dock()->feedbackText().contains(QStringLiteral("may watch but not act")),
                 qPrintable(wall.dock()->feedbackText()));
        QCOMPARE(wall.alarmOnGpu(33)->state(), AlarmState::Unacknowledged);
    }

    void alarmsGroupUnderTheirIncident()
    {
        auto topology = std::make_shared<const Topology>(buildTopology({ 256 }, 3));
        IncidentAnalysis analysis;
        analysis.setTopology(topology);
        const int64_t t0 = 1793600000000;
        const EntityRef culprit { EntityKind::Gpu, topology->jobs[0].gpuIndices[3] };
        const EntityRef elsewhere { EntityKind::Gpu, topology->jobs[0].gpuIndices[40] };
        Event xid;
        xid.id = 1;
        xid.timeMs = t0 - 20000;
        xid.type = EventType::Xid;
        xid.code = 79;
        xid.severity = Severity::Critical;
        xid.entity = culprit;
        Event crash;
        crash.id = 2;
        crash.timeMs = t0;
        crash.type = EventType::JobCrash;
        crash.jobId = topology->jobs[0].id;
        crash.entity = { EntityKind::Job, 0 };
        analysis.addEvents({ xid, crash });
        analysis.update(t0 + 60000);
        QCOMPARE(analysis.incidents().size(), size_t(1));
        QVERIFY(analysis.attributions()[0].top());

        Alarm onCulprit;
        onCulprit.id = 10;
        onCulprit.entity = culprit;
        onCulprit.sourceType = EventType::Xid;
        onCulprit.active = true;
        onCulprit.acknowledged = false;
        Alarm loose = onCulprit;
        loose.id = 11;
        loose.entity = elsewhere;
        loose.sourceType = EventType::EccSingleBit;
        Alarm normal = loose;
        normal.id = 12;
        normal.active = false;
        normal.acknowledged = true;
        const std::vector<AlarmGroup> groups = groupAlarms({ onCulprit, loose, normal }, &analysis, t0 + 60000, false);
        QCOMPARE(groups.size(), size_t(2));
        QCOMPARE(groups[0].incidentId, uint64_t(2));
        QVERIFY(groups[0].title.contains(topology->jobs[0].id));
        QCOMPARE(groups[0].alarms.size(), size_t(1));
        QCOMPARE(groups[0].alarms[0].id, uint64_t(10));
        QCOMPARE(groups[1].incidentId, uint64_t(0)); // not part of an incident, last
        QCOMPARE(groups[1].alarms.size(), size_t(1)); // the normal one is left out
        QCOMPARE(groupAlarms({ onCulprit, loose, normal }, &analysis, t0 + 60000, true)[1].alarms.size(), size_t(2));
        // Of no incident, by cause and place: the same condition in one row is one group, the
        // largest first; another row, or another condition, is another group.
        {
            const auto hall = std::make_shared<const Topology>(buildTopology({ 4096 }, 3)); // rows of racks
            auto inRow = [&](uint32_t row) {
                std::vector<uint32_t> gpus;
                for (uint32_t g = 0; g < hall->gpus.size(); ++g)
                    if (hall->racks[hall->rackOfGpu(g)].rowIndex == row)
                        gpus.push_back(g);
                return gpus;
            };
            const std::vector<uint32_t> row0 = inRow(0), row1 = inRow(1);
            QVERIFY(row0.size() >= 3 && row1.size() >= 1);
            std::vector<Alarm> many;
            auto ecc = [&](uint64_t id, uint32_t gpu, EventType type) {
                Alarm a = loose;
                a.id = id;
                a.entity = { EntityKind::Gpu, gpu };
                a.sourceType = type;
                return a;
            };
            many = { ecc(20, row1[0], EventType::EccSingleBit), ecc(21, row0[0], EventType::EccSingleBit),
                     ecc(22, row0[1], EventType::EccSingleBit), ecc(23, row0[2], EventType::EccSingleBit),
                     ecc(24, row0[2], EventType::Xid) };
            const std::vector<AlarmGroup> byCause = groupAlarms(many, nullptr, t0, false, hall.get());
            QCOMPARE(byCause.size(), size_t(3));
            QCOMPARE(byCause[0].alarms.size(), size_t(3)); // correctable ECC in row 0
            QVERIFY2(byCause[0].title.contains(hall->rows[0].name), qPrintable(byCause[0].title));
            QCOMPARE(byCause[1].alarms.size(), size_t(1)); // one here, one there: scattered
            QCOMPARE(byCause[2].alarms.size(), size_t(1));
            QVERIFY2(byCause[1].title.contains(QStringLiteral("scattered")), qPrintable(byCause[1].title));
            QVERIFY(byCause[0].key != byCause[1].key && byCause[1].key != byCause[2].key);
            // A fourth in row 0 joins the group gathered there.
            many.push_back(ecc(25, row0[2], EventType::EccSingleBit));
            QCOMPARE(groupAlarms(many, nullptr, t0, false, hall.get())[0].alarms.size(), size_t(4));
        }
        // Two days on, a recovered incident no longer gathers alarms.
        Event restart = crash;
        restart.id = 3;
        restart.type = EventType::JobRestart;
        restart.timeMs = t0 + 600000;
        analysis.addEvents({ restart });
        analysis.update(t0 + 2 * 86400000LL);
        QCOMPARE(groupAlarms({ onCulprit }, &analysis, t0 + 2 * 86400000LL, false)[0].incidentId, uint64_t(0));
    }

    void shelveDurations_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qlonglong>("ms"); // -1: not a duration
        QTest::newRow("minutes") << "30 min" << 1800000LL;
        QTest::newRow("bare minutes") << "90" << 5400000LL;
        QTest::newRow("hours") << "2 h" << 7200000LL;
        QTest::newRow("decimal comma") << "1,5 h" << 5400000LL;
        QTest::newRow("days") << "1d" << 86400000LL;
        QTest::newRow("words") << "soon" << -1LL;
        QTest::newRow("negative") << "-5 min" << -1LL;
        QTest::newRow("empty") << "" << -1LL;
    }

    void shelveDurations()
    {
        QFETCH(QString, text);
        QFETCH(qlonglong, ms);
        const std::optional<int64_t> parsed = parseShelveDuration(text);
        QCOMPARE(parsed.has_value(), ms >= 0);
        if (parsed)
            QCOMPARE(*parsed, ms);
    }

    // A note longer than the gateway takes is said so in the dialog, and the hand-off waits:
    // trimmed by characters it would still be refused (a Japanese character is three bytes).
    void aHandOffNoteTooLongForTheGatewayIsSaidSo()
    {
        const Recommendation recommended { Remedy::Reseat, false, {} };
        HandOffDialog dialog(QStringLiteral("GPU 3 of a01r05n6"), recommended, QStringLiteral("Reseat it"));
        auto *note = dialog.findChild<QPlainTextEdit *>();
        QVERIFY(note);
        QPushButton *send = nullptr;
        for (QPushButton *b : dialog.findChildren<QPushButton *>())
            if (b->text() == HandOffDialog::tr("Hand off"))
                send = b;
        QVERIFY(send);
        QVERIFY(send->isEnabled());
        note->setPlainText(QString(MaxCommentBytes / 3, QChar(0x30b5))); // 4,095 bytes
        QVERIFY(send->isEnabled());
        note->setPlainText(QString(MaxCommentBytes / 3 + 1, QChar(0x30b5)));
        QVERIFY(!send->isEnabled());
        bool said = false;
        for (QLabel *l : dialog.findChildren<QLabel *>())
            said |= !l->isHidden() && l->text().contains(QLocale().toString(4098));
        QVERIFY(said);
        note->setPlainText(QStringLiteral("Reseat it, slot 3"));
        QVERIFY(send->isEnabled());
    }

    // H on an alarm: the dialog proposes what its warning calls for, the gateway hands it to
    // the site's webhook, the alarm says who handed it off, and the event log shows the answer.
    void handingAnAlarmsPartOffFromTheList()
    {
        QTemporaryDir dir;
        std::mutex mutex;
        std::vector<QByteArray> received;
        HttpFixture webhook([&](const QByteArray &request) {
            std::lock_guard lock(mutex);
            received.push_back(request.mid(request.indexOf("\r\n\r\n") + 4));
            return QByteArray("HTTP/1.0 202 Accepted\r\nContent-Length: 9\r\n\r\nINC-90210");
        });
        GatewayOptions options = testGatewayOptions();
        options.handOffPath = dir.filePath(QStringLiteral("hand-off.json"));
        QFile file(options.handOffPath);
        QVERIFY(file.open(QIODevice::WriteOnly));
        const QString handOff = QStringLiteral("{ \"webhook\": { \"url\": \"http://127.0.0.1:%1/\" } }");
        file.write(handOff.arg(webhook.port()).toUtf8());
        file.close();
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        Dashboard d(server->address(), QStringLiteral("a.nakamura"));
        QTRY_VERIFY_WITH_TIMEOUT(isLive(d.cluster), 10000);
        QVERIFY(publishWarning(*server, 33, v1::EVENT_TYPE_ECC_DOUBLE_BIT));
        QTRY_VERIFY_WITH_TIMEOUT(d.alarmOnGpu(33), 5000);
        QVERIFY(d.dock()->selectAlarm(d.alarmOnGpu(33)->id));

        std::optional<HandOffFlow::Asked> asked;
        d.window->handOffFlow()->setConfirm([&](const HandOffFlow::Asked &a, v1::ActRequest proposed) {
            asked = a;
            proposed.set_comment("HBM bank failing, please reset");
            return std::optional<v1::ActRequest>(proposed);
        });
        QSignalSpy finished(d.window->handOffFlow(), &HandOffFlow::finished);
        d.dock()->view()->setFocus();
        QTest::keyClick(d.dock()->view(), Qt::Key_H);
        QVERIFY(asked);
        QCOMPARE(asked->recommended.recommendation.remedy, Remedy::ResetGpu);
        QVERIFY(asked->recommended.recommendation.drainFirst);
        QVERIFY2(asked->recommendedText.startsWith(QStringLiteral("Drain GPU ")), qPrintable(asked->recommendedText));
        QTRY_VERIFY_WITH_TIMEOUT(finished.size() >= 2, 5000);
        QVERIFY2(finished.last().at(0).toBool(), qPrintable(finished.last().at(1).toString()));
        QVERIFY2(finished.last().at(1).toString().contains(QStringLiteral("handed to the gateway")),
                 qPrintable(finished.last().at(1).toString()));

        QTRY_VERIFY_WITH_TIMEOUT(webhook.requests() == 1, 10000);
        {
            std::lock_guard lock(mutex);
            QVERIFY2(received.front().contains("\"remedy\":\"reset-gpu\""), received.front().constData());
            QVERIFY(received.front().contains("HBM bank failing, please reset"));
        }
        QTRY_VERIFY_WITH_TIMEOUT(
            d.alarmOnGpu(33)->lastComment.startsWith(QStringLiteral("a.nakamura: handed off (reset-gpu)")), 5000);
        // The event log shows the hand-off and the site's answer.
        const auto logged = [&](EventType type) {
            EventLogModel *log = d.window->eventDock()->model();
            for (int row = 0; row < log->rowCount(); ++row)
                if (log->eventAt(row).type == type)
                    return std::optional<Event>(log->eventAt(row));
            return std::optional<Event>();
        };
        QTRY_VERIFY_WITH_TIMEOUT(logged(EventType::HandOffAnswer).has_value(), 10000);
        QCOMPARE(logged(EventType::HandOffAnswer)->message, QStringLiteral("INC-90210"));
        QCOMPARE(logged(EventType::HandOff)->operatorName, QStringLiteral("a.nakamura"));

        // Replaying, nothing is handed off.
        d.window->handOffFlow()->setReplaying(true);
        asked.reset();
        QTest::keyClick(d.dock()->view(), Qt::Key_H);
        QVERIFY(!asked);
        QVERIFY2(finished.last().at(1).toString().contains(QStringLiteral("replay cannot hand anything off")),
                 qPrintable(finished.last().at(1).toString()));
    }
};

QTEST_MAIN(TestAlarmDock)
#include "tst_alarmdock.moc"
