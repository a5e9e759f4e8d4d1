// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"
#include "stalemark.h"
#include "stallwatch.h"

#include "alarmshades.h"
#include "alarmtreemodel.h"
#include "connectionstatuswidget.h"
#include "detailsdock.h"
#include "domain/blastradius.h"
#include "entitydetails.h"
#include "eventdock.h"
#include "eventlogmodel.h"
#include "gpudescription.h"
#include "handoff.h"
#include "incidentdock.h"
#include "jobsdock.h"
#include "legend/colorlegend.h"
#include "rackmap/rackmapwidget.h"
#include "recordercontrol.h"
#include "recording/replayfeed.h"
#include "recordingactions.h"
#include "replaybar.h"
#include "timeline/timelinewidget.h"
#include "trainingdock.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDateTime>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>

namespace vigil {

constexpr int RefreshIntervalMs = 100;

MainWindow::MainWindow(ClusterFeed &live, QWidget *parent)
    : QMainWindow(parent)
    , m_session(new DashboardSession(live, this))
    , m_rackMap(new RackMapWidget(this))
    , m_legend(new ColorLegend(this))
    , m_status(new ConnectionStatusWidget(this))
    , m_jobs(new JobsDock(this))
    , m_eventDock(new EventDock(this))
    , m_breadcrumb(new QLabel(this))
    , m_detailsDock(new DetailsDock(this))
    , m_refreshTimer(new QTimer(this))
{
    if (StallWatch::wantedByDefault())
        m_stallWatch = new StallWatch(StallWatch::thresholdByDefault(), this);
    m_coverage = new QLabel(this);
    m_map = new RackMapPresenter(*m_session, m_rackMap, m_legend, m_coverage, this);
    m_trainingDock = new TrainingDock(this);
    m_incidentDock = new IncidentDock(this);
    m_alarmDock = new AlarmDock(this);
    m_handOff = new HandOffFlow(this);
    m_alarmCount = new AlarmCountLabel(this);
    {
        // The price, lead time and night hours saved; what makes no sense is refused and said so.
        QSettings settings;
        m_pricingProblem = PricingSettings::load(settings, m_pricing);
        m_session->setPricing(m_pricing.cost, m_pricing.grit);
    }
    connect(m_session, &DashboardSession::historiesRebuilt, this, &MainWindow::applyBackfill);
    m_replay = new ReplayController(*m_session, this);
    connect(m_replay, &ReplayController::recordingOpened, this, &MainWindow::recordingOpened);
    connect(m_replay, &ReplayController::replayingChanged, this, &MainWindow::replayingChanged);
    // A span selected on the timeline is one the map's count overlays can cover.
    connect(m_replay->bar()->timeline(), &TimelineWidget::selectionChanged, m_map, &RackMapPresenter::setSelectedSpan);
    setWindowTitle(tr("Vigil — GPU cluster operations"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/vigil.png")));

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 4);
    m_breadcrumb->setContentsMargins(6, 2, 6, 2);
    layout->addWidget(m_breadcrumb);
    layout->addWidget(m_rackMap, 1);
    connect(m_rackMap, &RackMapWidget::viewChanged, this, [this] { m_breadcrumb->setText(m_rackMap->breadcrumb()); });
    layout->addWidget(m_legend);
    setCentralWidget(central);
    m_rackMap->setTooltipProvider([this](int gpu) { return describeGpu(m_session->state(), uint32_t(gpu)); });

    addDockWidget(Qt::RightDockWidgetArea, m_jobs);
    resizeDocks({ m_jobs }, { 560 }, Qt::Horizontal);

    addDockWidget(Qt::RightDockWidgetArea, m_detailsDock);
    // The jobs and details column runs the full height; events and training share the space under the map.
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    addDockWidget(Qt::BottomDockWidgetArea, m_eventDock);
    addDockWidget(Qt::BottomDockWidgetArea, m_trainingDock);
    splitDockWidget(m_eventDock, m_trainingDock, Qt::Horizontal);
    tabifyDockWidget(m_eventDock, m_incidentDock);
    // The alarm list the night shift works from sits in the right column, between the jobs and the details.
    addDockWidget(Qt::RightDockWidgetArea, m_alarmDock);
    splitDockWidget(m_jobs, m_alarmDock, Qt::Vertical);
    m_eventDock->raise();
    connect(m_alarmDock, &AlarmDock::entityActivated, this, &MainWindow::showEntity);
    connect(m_alarmDock, &AlarmDock::newUnacknowledged, this, [this](int count, AlarmPriority highest) {
        statusBar()->showMessage(
            tr("%n new alarm(s) to acknowledge, the highest %1", "", count).arg(alarmPriorityName(highest)), 5000);
    });
    connect(m_incidentDock, &IncidentDock::incidentActivated, this, &MainWindow::showIncident);
    connect(m_incidentDock, &IncidentDock::entityActivated, this, &MainWindow::showEntity);
    connect(m_incidentDock, &IncidentDock::timeRequested, this, [this](int64_t timeMs) {
        if (m_session->isReplaying())
            m_replay->bar()->seek(timeMs);
        else
            statusBar()->showMessage(tr("Live views show now: open the recording (Ctrl+O) to go back to %1")
                                         .arg(QDateTime::fromMSecsSinceEpoch(timeMs, Qt::UTC)
                                                  .toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"))),
                                     8000);
    });
    connect(m_incidentDock, &IncidentDock::settingsRequested, this, &MainWindow::editPricing);
    connect(m_incidentDock, &IncidentDock::handOffRequested, this,
            [this](const PartRecommendation &r) { m_handOff->handOff(r, m_session->state().topology().get()); });
    connect(m_alarmDock, &AlarmDock::handOffRequested, this, [this](const PartRecommendation &r, uint64_t alarm) {
        m_handOff->handOff(r, m_session->state().topology().get(), alarm);
    });
    connect(m_handOff, &HandOffFlow::finished, this, [this](bool ok, const QString &message) {
        statusBar()->showMessage(message, 15000);
        m_alarmDock->showOutcome(ok, message);
    });
    connect(m_rackMap, &RackMapWidget::selectionChanged, this, [this](int gpu) {
        updateDetails();
        const Topology *t = m_session->state().topology().get();
        if (t && gpu >= 0 && size_t(gpu) < t->jobOfGpu.size() && t->jobOfGpu[size_t(gpu)] >= 0)
            m_trainingDock->setJob(t->jobOfGpu[size_t(gpu)]); // the selected GPU's job
    });
    connect(m_detailsDock, &DetailsDock::gpuActivated, m_rackMap, &RackMapWidget::setSelectedGpu);
    connect(m_trainingDock, &TrainingDock::eventActivated, this, [this](uint64_t id) {
        if (!m_eventDock->selectEvent(id))
            statusBar()->showMessage(tr("That event is older than the events kept in the log"), 5000);
    });
    resizeDocks({ m_eventDock, m_trainingDock }, { 380, 380 }, Qt::Vertical);
    resizeDocks({ m_eventDock, m_trainingDock }, { 420, 640 }, Qt::Horizontal);
    resizeDocks({ m_jobs, m_alarmDock, m_detailsDock }, { 150, 360, 490 }, Qt::Vertical);

    // The feed's state is permanent: no message (a new alarm, a hint) ever covers
    // whether the picture is live. Messages take the room to its left.
    statusBar()->addPermanentWidget(m_status);
    statusBar()->addPermanentWidget(m_replay->label());
    statusBar()->addPermanentWidget(m_alarmCount);
    statusBar()->addPermanentWidget(m_coverage);
    m_coverage->hide();
    if (!m_pricingProblem.isEmpty())
        statusBar()->showMessage(
            tr("Saved pricing not taken, the defaults stand in (File → Pricing): %1").arg(m_pricingProblem), 30000);
    createActions();
    for (QDockWidget *dock : std::initializer_list<QDockWidget *> { m_jobs, m_eventDock, m_detailsDock, m_trainingDock,
                                                                    m_incidentDock, m_alarmDock })
        viewMenu()->addAction(dock->toggleViewAction());
    viewMenu()->addAction(m_alarmDock->soundAction());

    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray()))
        resize(1600, 1000);
    restoreState(settings.value(QStringLiteral("mainWindow/state")).toByteArray());
    setOverlay(overlayFromKey(settings.value(QStringLiteral("mainWindow/overlay")).toString())
                   .value_or(Overlay::GpuTemperature));

    connect(m_refreshTimer, &QTimer::timeout, this, &MainWindow::refresh);
    m_refreshTimer->start(RefreshIntervalMs);
    refresh();
}

MainWindow::~MainWindow() = default;

void MainWindow::setAlarmSender(AlarmDock::Sender sender, const QString &operatorName)
{
    m_replay->shareBookmarksThrough(sender, operatorName);
    m_handOff->setSender(sender, operatorName);
    m_alarmDock->setSender(std::move(sender), operatorName);
}

void MainWindow::createActions()
{
    QMenu *fileMenu = menuBar()->addMenu(tr("&File"));
    m_replay->addFileActions(fileMenu);
    fileMenu->addSeparator();
    m_recordAction = new RecordAction(this);
    fileMenu->addAction(m_recordAction);
    fileMenu->addSeparator();
    QAction *reportAction = fileMenu->addAction(tr("Maintenance-debt &report…"), this, &MainWindow::openReport);
    reportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    fileMenu->addAction(tr("&Pricing the cost of grit…"), this, &MainWindow::editPricing);
    QAction *handOff = fileMenu->addAction(tr("&Hand off the selected incident's or warning's action…"), m_incidentDock,
                                           &IncidentDock::requestHandOff);
    handOff->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
    fileMenu->addSeparator();
    QAction *quit = fileMenu->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);

    m_view = new ViewActions({ this, m_session, m_map, m_rackMap, new QLineEdit(this), { m_legend, m_breadcrumb } });
    connect(m_view, &ViewActions::findRequested, this, [this](const QString &query) { find(query); });

    QMenu *helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->addAction(tr("&About Vigil"), this, [this] {
        QMessageBox::about(this, tr("About Vigil"),
                           tr("<h3>Vigil %1</h3><p>An operations dashboard for GPU training clusters: live rack map, "
                              "telemetry over gRPC, and the cost of keeping a run alive made visible.</p>"
                              "<p>Licensed under the GNU General Public License, version 3 or later.</p>")
                               .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape && isWallDisplay()) {
        setWallDisplay(false);
        return;
    }
    QMainWindow::keyPressEvent(event);
}

bool MainWindow::find(const QString &query, double cellPixels)
{
    const Topology *t = m_session->state().topology().get();
    const std::optional<uint32_t> gpu = t ? findGpu(*t, query) : std::nullopt;
    if (!gpu) {
        statusBar()->showMessage(tr("Nothing matches '%1'").arg(query.trimmed()), 5000);
        return false;
    }
    m_rackMap->setSelectedGpu(int(*gpu));
    m_rackMap->centerOn(int(*gpu), cellPixels);
    m_detailsDock->raise();
    return true;
}

void MainWindow::updateDetails()
{
    const int gpu = m_rackMap->selectedGpu();
    const ClusterState &state = m_session->state();
    const ViewHistories &views = m_session->views();
    if (gpu >= 0 && state.topology())
        alarmShades(m_session->alarms(), *state.topology(), m_alarmShades);
    m_detailsDock->showGpu(state, gpu,
                           gpu >= 0 ? m_eventDock->model()->recentFor({ EntityKind::Gpu, uint32_t(gpu) }, 12)
                                    : std::vector<Event> {},
                           *views.recent, *views.hour, m_alarmShades);
    if (gpu >= 0)
        m_detailsDock->showNodeAndRackCharts(
            state, gpu, *views.hour, *views.inlet, *views.pdu,
            [this](EntityRef entity) { return m_eventDock->model()->recentFor(entity, 12); });
}

void MainWindow::refresh()
{
    const SessionTick tick = m_session->tick();
    const ClusterState &state = m_session->state();
    if (tick.jumped)
        resetViews();
    if (tick.topologyChanged) {
        m_rackMap->setTopology(state.topology());
        m_breadcrumb->setText(m_rackMap->breadcrumb());
        m_eventDock->setTopology(state.topology());
        m_trainingDock->setTopology(state.topology());
        m_map->topologyChanged();
    }
    if (tick.incidentsUpdated)
        m_incidentDock->showAnalysis(m_session->analysisShared());
    updateAlarms(tick.alarmsChanged);
    applyEvents(tick.events);
    if (tick.jobReadingsFromFeed)
        m_trainingDock->update(state, tick.jobReadings, tick.jobReadingsStartOver);
    else if (tick.newState)
        m_trainingDock->update(state);
    if (tick.newState)
        m_jobs->setState(state);
    if (tick.newState || !tick.events.empty()) {
        m_map->apply();
        updateDetails();
    } else if (tick.incidentsUpdated && m_map->drawsAnalysis()) {
        m_map->apply(); // paused, or between frames: the analysis the overlay draws came in since
    }
    const ConnectionStatus status = m_session->live().status();
    const bool replaying = m_session->isReplaying();
    m_status->showStatus(status, replaying ? 0 : state.timeMs(), m_session->live().gaps());
    const QString stale = replaying || !state.topology() ? QString() : ConnectionStatusWidget::staleNotice(status);
    m_rackMap->setStaleNotice(stale);
    // The docks of live readings are as stale as the map.
    for (QDockWidget *dock : { static_cast<QDockWidget *>(m_jobs), static_cast<QDockWidget *>(m_trainingDock),
                               static_cast<QDockWidget *>(m_detailsDock) })
        markStale(dock, stale);
    m_replay->updateLabel();
}

void MainWindow::applyEvents(const std::vector<Event> &events)
{
    if (events.empty())
        return;
    m_trainingDock->addEvents(events);
    m_eventDock->append(events);
}

void MainWindow::resetViews()
{
    m_eventDock->model()->clear();
    m_trainingDock->setTopology(m_session->state().topology());
    m_trainingDock->resetHistory();
}

void MainWindow::showIncident(uint64_t incidentId, int64_t failedMs, int job, std::optional<EntityRef> cause)
{
    if (m_session->isReplaying())
        m_replay->bar()->seek(failedMs); // the cluster as it was when the job went down
    if (job >= 0) {
        // The job's charts around the failure: the hours before it, the recovery after it.
        m_trainingDock->setJob(job);
        m_trainingDock->focusOn(failedMs - 6 * 3600000LL, failedMs + 3 * 3600000LL);
        if (const Incident *incident = m_session->analysis().tracker().find(incidentId)) {
            std::vector<uint64_t> marked = incident->eventIds; // the failure, restart, rollback
            marked.insert(marked.end(), incident->actionIds.begin(), incident->actionIds.end());
            m_trainingDock->highlightEvents(marked);
        }
    }
    if (cause)
        showEntity(*cause);
    m_eventDock->selectEvent(incidentId, false); // the incident list and its story stay in front
}

void MainWindow::updateAlarms(bool changed)
{
    if (!m_alarmDock->follow(*m_session, changed))
        return;
    if (changed && (m_map->overlay() == Overlay::Alarms || m_map->overlay() == Overlay::AlarmsRaised))
        m_map->apply(); // the map shows the same alarms as the list
    m_alarmCount->showCount(*m_session, m_alarmDock->unacknowledged(), m_alarmDock->highestUnacknowledged());
}

void MainWindow::showEntity(EntityRef entity)
{
    const Topology *topology = m_session->state().topology().get();
    if (!topology)
        return;
    const std::vector<uint32_t> gpus = gpusAffectedBy(*topology, entity);
    if (!gpus.empty()) {
        m_rackMap->setSelectedGpu(int(gpus.front()));
        m_rackMap->centerOn(int(gpus.front()), entity.kind == EntityKind::Gpu ? 40.0 : 18.0);
    }
}

ReportWindow *MainWindow::openReport()
{
    // The recording being replayed, or this session's; otherwise one to choose.
    QString path = m_session->isReplaying() ? m_session->replay()->path() : QString();
    if (path.isEmpty() && m_recorder && m_recorder->isRecording())
        path = m_recorder->status().path;
    return openReportInteractively(this, path);
}

void MainWindow::editPricing()
{
    CostSettingsDialog dialog(m_pricing, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    PricingSettings chosen;
    if (dialog.parse(chosen).isEmpty())
        applyPricing(chosen);
}

QString MainWindow::applyPricing(const PricingSettings &pricing)
{
    if (QString why = pricing.validate(); !why.isEmpty())
        return why;
    m_pricing = pricing;
    m_pricingProblem.clear();
    QSettings settings;
    m_pricing.save(settings);
    m_session->setPricing(m_pricing.cost, m_pricing.grit);
    m_incidentDock->showAnalysis(m_session->analysisShared());
    return {};
}

void MainWindow::applyBackfill(std::shared_ptr<Backfill> backfill)
{
    if (backfill->training) {
        m_trainingDock->resetHistory(std::move(*backfill->training));
        m_trainingDock->update(m_session->state());
    }
    m_trainingDock->addEarlierEvents(backfill->earlierJobEvents);
    if (!backfill->error.isEmpty())
        statusBar()->showMessage(tr("Part of the history could not be read: %1").arg(backfill->error), 10000);
    updateDetails();
}

void MainWindow::replayingChanged(bool replaying)
{
    m_status->setVisible(!replaying);
    m_alarmDock->setReplaying(replaying);
    m_handOff->setReplaying(replaying);
    m_incidentDock->setLive(!replaying);
    if (replaying)
        m_incidentDock->raise(); // after the fact, the incidents are what one comes for
    refresh();
    if (replaying)
        return;
    // The live views start over: the recent events come back from memory, the
    // histories from the recording being made (when there is one).
    applyEvents(m_session->refillLiveEvents());
    const int64_t now = m_session->state().timeMs();
    if (m_recorder && m_recorder->isRecording() && now > 0 && m_recorder->status().frames > 0)
        m_session->rebuildHistories(m_recorder->status().path, now);
}

QMenu *MainWindow::viewMenu() const
{
    return m_view->menu();
}

void MainWindow::setRecorderControl(RecorderControl *control)
{
    m_recorder = control;
    if (!m_recorderIndicator) {
        m_recorderIndicator = new RecorderIndicator(*control, this);
        statusBar()->addPermanentWidget(m_recorderIndicator);
    }
    m_recordAction->setControl(control);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("mainWindow/state"), saveState());
    settings.setValue(QStringLiteral("mainWindow/overlay"), overlayKey(m_map->overlay()));
    event->accept();
}

} // namespace vigil
