// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "alarmdock.h"
#include "alarmshades.h"
#include "alarmtreemodel.h"
#include "bundleexport.h"
#include "client/telemetryclient.h"
#include "connectionstatuswidget.h"
#include "costsettingsdialog.h"
#include "dashboardsession.h"
#include "detailsdock.h"
#include "entitydetails.h"
#include "eventdescription.h"
#include "eventdock.h"
#include "eventlogmodel.h"
#include "gpudescription.h"
#include "gpuhistory.h"
#include "incidentdock.h"
#include "jobtablemodel.h"
#include "legend/colorlegend.h"
#include "model/blastradius.h"
#include "rackmap/rackmapwidget.h"
#include "rackmappresenter.h"
#include "recorder/eventimport.h"
#include "recorder/recordingreader.h"
#include "recorder/recordingwriter.h"
#include "recorder/replayfeed.h"
#include "recordercontrol.h"
#include "recordingactions.h"
#include "replaybar.h"
#include "reportwindow.h"
#include "theme.h"
#include "timeline/timelinewidget.h"
#include "trainingdock.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDateTime>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QInputDialog>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

namespace vigil {

namespace {

constexpr int RefreshIntervalMs = 100;

QString iconFor(Overlay overlay)
{
    switch (overlay) {
    case Overlay::GpuTemperature:
        return QStringLiteral(":/icons/temperature.png");
    case Overlay::GpuPower:
        return QStringLiteral(":/icons/power.png");
    case Overlay::PduLoad:
        return QStringLiteral(":/icons/pdu.png");
    case Overlay::HbmTemperature:
        return QStringLiteral(":/icons/hbm.png");
    case Overlay::Utilisation:
        return QStringLiteral(":/icons/utilisation.png");
    case Overlay::MemoryUsed:
        return QStringLiteral(":/icons/memory.png");
    case Overlay::InletTemperature:
        return QStringLiteral(":/icons/inlet.png");
    case Overlay::ByJob:
        return QStringLiteral(":/icons/jobs.png");
    case Overlay::Alarms:
        return QStringLiteral(":/icons/alarms.png");
    case Overlay::DataAge:
        return QStringLiteral(":/icons/dataage.png");
    case Overlay::ErrorRate:
        return QStringLiteral(":/icons/errors.png");
    case Overlay::Throttling:
        return QStringLiteral(":/icons/throttling.png");
    case Overlay::Failures:
        return QStringLiteral(":/icons/errors.png");
    case Overlay::LostGpuHours:
        return QStringLiteral(":/icons/power.png");
    }
    return {};
}

// A letter key, with or without Shift: the README and the menus write it as a capital.
QList<QKeySequence> letterShortcut(Qt::Key key)
{
    return { QKeySequence(key), QKeySequence(Qt::SHIFT | key) };
}

// Keys 1–9 and 0 for the first ten overlays, letters for the rest.
QList<QKeySequence> overlayShortcut(size_t position, Overlay overlay)
{
    if (position < 9)
        return { QKeySequence(Qt::Key_1 + int(position)) };
    if (position == 9)
        return { QKeySequence(Qt::Key_0) };
    return letterShortcut(overlay == Overlay::ErrorRate          ? Qt::Key_E
                              : overlay == Overlay::Failures     ? Qt::Key_F
                              : overlay == Overlay::LostGpuHours ? Qt::Key_L
                                                                 : Qt::Key_T);
}

} // namespace

MainWindow::MainWindow(ClusterFeed &live, QWidget *parent)
    : QMainWindow(parent)
    , m_session(new DashboardSession(live, this))
    , m_rackMap(new RackMapWidget(this))
    , m_legend(new ColorLegend(this))
    , m_status(new ConnectionStatusWidget(this))
    , m_jobs(new JobTableModel(this))
    , m_jobView(new QTableView(this))
    , m_eventDock(new EventDock(this))
    , m_breadcrumb(new QLabel(this))
    , m_detailsDock(new DetailsDock(this))
    , m_search(new QLineEdit(this))
    , m_cycleTimer(new QTimer(this))
    , m_hallTimer(new QTimer(this))
    , m_refreshTimer(new QTimer(this))
{
    m_coverage = new QLabel(this);
    m_map = new RackMapPresenter(*m_session, m_rackMap, m_legend, m_coverage, this);
    m_trainingDock = new TrainingDock(this);
    m_incidentDock = new IncidentDock(this);
    m_alarmDock = new AlarmDock(this);
    m_alarmCount = new QLabel(this);
    {
        // The price, lead time and night hours saved; what makes no sense is refused and said so.
        QSettings settings;
        m_pricingProblem = PricingSettings::load(settings, m_pricing);
        m_session->setPricing(m_pricing.cost, m_pricing.grit);
    }
    connect(m_session, &DashboardSession::historiesRebuilt, this, &MainWindow::applyBackfill);
    m_replayBar = new ReplayBar(this);
    m_replayLabel = new QLabel(this);
    m_replayLabel->setStyleSheet(QStringLiteral("color:#58a6ff; font-weight:bold; padding:0 8px"));
    m_replayLabel->hide();
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

    auto *proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_jobs);
    proxy->setSortRole(JobTableModel::SortRole);
    m_jobView->setModel(proxy);
    m_jobView->setSortingEnabled(true);
    m_jobView->sortByColumn(JobTableModel::GpusColumn, Qt::DescendingOrder);
    m_jobView->verticalHeader()->hide();
    m_jobView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_jobView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_jobView->setAlternatingRowColors(true);
    auto *jobsDock = new QDockWidget(tr("Jobs"), this);
    jobsDock->setObjectName(QStringLiteral("jobsDock"));
    jobsDock->setWidget(m_jobView);
    addDockWidget(Qt::RightDockWidgetArea, jobsDock);
    resizeDocks({ jobsDock }, { 560 }, Qt::Horizontal);

    addDockWidget(Qt::RightDockWidgetArea, m_detailsDock);
    // The jobs and details column runs the full height; events and training share the space under the map.
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    addDockWidget(Qt::BottomDockWidgetArea, m_eventDock);
    addDockWidget(Qt::BottomDockWidgetArea, m_trainingDock);
    splitDockWidget(m_eventDock, m_trainingDock, Qt::Horizontal);
    tabifyDockWidget(m_eventDock, m_incidentDock);
    // The alarm list the night shift works from sits in the right column, between the jobs and the details.
    addDockWidget(Qt::RightDockWidgetArea, m_alarmDock);
    splitDockWidget(jobsDock, m_alarmDock, Qt::Vertical);
    m_eventDock->raise();
    connect(m_alarmDock, &AlarmDock::entityActivated, this, &MainWindow::showEntity);
    connect(m_alarmDock, &AlarmDock::newUnacknowledged, this, [this](int count, AlarmPriority highest) {
        if (QSettings().value(QStringLiteral("alarms/sound"), false).toBool())
            QApplication::beep();
        statusBar()->showMessage(
            tr("%n new alarm(s) to acknowledge, the highest %1", "", count).arg(alarmPriorityName(highest)), 5000);
    });
    connect(m_incidentDock, &IncidentDock::incidentActivated, this, &MainWindow::showIncident);
    connect(m_incidentDock, &IncidentDock::entityActivated, this, &MainWindow::showEntity);
    connect(m_incidentDock, &IncidentDock::timeRequested, this, [this](int64_t timeMs) {
        if (m_session->isReplaying())
            m_replayBar->seek(timeMs);
        else
            statusBar()->showMessage(tr("Live views show now: open the recording (Ctrl+O) to go back to %1")
                                         .arg(QDateTime::fromMSecsSinceEpoch(timeMs, Qt::UTC)
                                                  .toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"))),
                                     8000);
    });
    connect(m_incidentDock, &IncidentDock::settingsRequested, this, &MainWindow::editPricing);
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
    resizeDocks({ jobsDock, m_alarmDock, m_detailsDock }, { 150, 360, 490 }, Qt::Vertical);

    // The feed's state is permanent: no message (a new alarm, a hint) ever covers
    // whether the picture is live. Messages take the room to its left.
    statusBar()->addPermanentWidget(m_status);
    statusBar()->addPermanentWidget(m_replayLabel);
    statusBar()->addPermanentWidget(m_alarmCount);
    statusBar()->addPermanentWidget(m_coverage);
    m_coverage->hide();
    m_alarmCount->hide();
    if (!m_pricingProblem.isEmpty())
        statusBar()->showMessage(
            tr("Saved pricing not taken, the defaults stand in (File → Pricing): %1").arg(m_pricingProblem), 30000);
    m_replayToolbar = new QToolBar(tr("Replay"), this);
    m_replayToolbar->setObjectName(QStringLiteral("replayToolbar"));
    m_replayToolbar->setMovable(false);
    m_replayToolbar->addWidget(m_replayBar);
    addToolBar(Qt::BottomToolBarArea, m_replayToolbar);
    m_replayToolbar->hide();
    connect(m_replayBar, &ReplayBar::liveRequested, this, &MainWindow::goLive);
    connect(m_replayBar, &ReplayBar::bookmarkRequested, this, [this](int64_t timeMs) {
        if (ReplayFeed *replay = m_session->replay())
            addBookmarkInteractively(this, *replay, timeMs);
    });
    connect(m_replayBar, &ReplayBar::playingChanged, this, [this](bool playing) {
        // Fast play leaves the views' histories made of frames hours apart: once stopped,
        // they are rebuilt as if the instant had been watched (the Details mini-charts refill).
        if (ReplayFeed *replay = m_session->replay(); replay && !playing)
            m_session->rebuildHistories(replay->path(), replay->shownMs());
    });
    createActions();
    QMenu *viewMenu = menuBar()->findChild<QMenu *>(QStringLiteral("viewMenu"));
    viewMenu->addAction(jobsDock->toggleViewAction());
    viewMenu->addAction(m_eventDock->toggleViewAction());
    viewMenu->addAction(m_detailsDock->toggleViewAction());
    viewMenu->addAction(m_trainingDock->toggleViewAction());
    viewMenu->addAction(m_incidentDock->toggleViewAction());
    viewMenu->addAction(m_alarmDock->toggleViewAction());
    QAction *sound = viewMenu->addAction(tr("Sound for new alarms"));
    sound->setCheckable(true);
    sound->setChecked(QSettings().value(QStringLiteral("alarms/sound"), false).toBool());
    connect(sound, &QAction::toggled, this, [](bool on) { QSettings().setValue(QStringLiteral("alarms/sound"), on); });

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

void MainWindow::setOverlay(Overlay overlay)
{
    if (m_overlayActions)
        for (QAction *action : m_overlayActions->actions())
            action->setChecked(action->data().toInt() == int(overlay));
    m_map->setOverlay(overlay);
}

void MainWindow::setRelativeToPeers(bool relative)
{
    m_map->setRelativeToPeers(relative);
}

Overlay MainWindow::overlay() const
{
    return m_map->overlay();
}

QString MainWindow::breadcrumbText() const
{
    return m_breadcrumb->text();
}

void MainWindow::createActions()
{
    QMenu *fileMenu = menuBar()->addMenu(tr("&File"));
    QAction *open = fileMenu->addAction(tr("&Open recording…"), this, [this] {
        if (const QString path = chooseRecordingPath(this); !path.isEmpty())
            if (const QString error = openRecording(path); !error.isEmpty())
                QMessageBox::warning(this, tr("Cannot open the recording"), error);
    });
    open->setShortcut(QKeySequence::Open);
    m_liveAction = fileMenu->addAction(tr("Back to &live"), this, &MainWindow::goLive);
    m_liveAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    m_liveAction->setEnabled(false);
    m_bundleAction = fileMenu->addAction(tr("Export incident &bundle…"), this, [this] {
        if (ReplayFeed *replay = m_session->replay()) {
            const RecordingOverview o = replay->overview();
            // The hour before the cursor to half an hour after (the run-up matters more than the
            // aftermath), widened to hold the whole of every incident in it.
            const int64_t cursor = replay->shownMs();
            const auto [from, to] = m_session->analysis().wholeIncidentsWindow(cursor - 3600000, cursor + 1800000);
            exportBundleInteractively(this, replay->path(), from, to, o.startMs, o.endMs);
        }
    });
    m_bundleAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    m_bundleAction->setEnabled(false);
    m_importAction = fileMenu->addAction(tr("&Import event history…"), this, [this] {
        if (ReplayFeed *replay = m_session->replay())
            importHistoryInteractively(this, *replay);
    });
    m_importAction->setToolTip(tr("Add events from another system (CSV or JSON lines) to the open recording"));
    m_importAction->setEnabled(false);
    fileMenu->addSeparator();
    m_recordAction = fileMenu->addAction(tr("&Record the live stream"));
    m_recordAction->setCheckable(true);
    m_recordAction->setEnabled(false); // until a recorder is attached
    m_recordAction->setToolTip(tr("Keep a flight recording of everything the gateway sends"));
    connect(m_recordAction, &QAction::triggered, this, [this](bool on) {
        if (!m_recorder)
            return;
        QSettings().setValue(QStringLiteral("recorder/enabled"), on);
        if (!on) {
            m_recorder->stop();
            return;
        }
        if (const QString error = m_recorder->start(RecorderControl::newSessionPath()); !error.isEmpty()) {
            m_recordAction->setChecked(false);
            QMessageBox::warning(this, tr("Cannot record"), error);
        }
    });
    fileMenu->addSeparator();
    QAction *reportAction = fileMenu->addAction(tr("Maintenance-debt &report…"), this, &MainWindow::openReport);
    reportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    fileMenu->addAction(tr("&Pricing the cost of grit…"), this, &MainWindow::editPricing);
    fileMenu->addSeparator();
    QAction *quit = fileMenu->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);

    QMenu *viewMenu = menuBar()->addMenu(tr("&View"));
    viewMenu->setObjectName(QStringLiteral("viewMenu"));
    QToolBar *toolbar = addToolBar(tr("Overlays"));
    toolbar->setObjectName(QStringLiteral("overlayToolbar"));
    toolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_overlayActions = new QActionGroup(this);
    for (size_t i = 0; i < allOverlays().size(); ++i) {
        const Overlay overlay = allOverlays()[i];
        const OverlaySpec spec = overlaySpec(overlay);
        QAction *action = m_overlayActions->addAction(QIcon(iconFor(overlay)), spec.title);
        action->setCheckable(true);
        action->setShortcuts(overlayShortcut(i, overlay));
        action->setToolTip(tr("%1 (%2)").arg(spec.title, action->shortcut().toString(QKeySequence::NativeText)));
        action->setData(int(overlay));
        connect(action, &QAction::triggered, this, [this, overlay] { setOverlay(overlay); });
        toolbar->addAction(action);
        viewMenu->addAction(action);
    }
    toolbar->addSeparator();
    m_search->setPlaceholderText(tr("Find a host, GPU UUID, rack or job (Ctrl+F)"));
    m_search->setClearButtonEnabled(true);
    m_search->setMinimumWidth(320);
    toolbar->addWidget(m_search);
    connect(m_search, &QLineEdit::returnPressed, this, [this] { find(m_search->text()); });
    QAction *findAction = viewMenu->addAction(tr("&Find…"), this, [this] {
        m_search->setFocus();
        m_search->selectAll();
    });
    findAction->setShortcut(QKeySequence::Find);
    m_relativeAction = viewMenu->addAction(tr("&Relative to rack peers"));
    m_relativeAction->setCheckable(true);
    m_relativeAction->setShortcuts(letterShortcut(Qt::Key_R));
    m_relativeAction->setToolTip(tr("Colour each GPU by its difference from its rack's median (R)"));
    connect(m_relativeAction, &QAction::toggled, this, &MainWindow::setRelativeToPeers);
    toolbar->addAction(m_relativeAction);
    m_map->addFailureSpanMenu(viewMenu);
    viewMenu->addSeparator();
    QAction *zoomIn = viewMenu->addAction(tr("Zoom &in"), this, [this] { m_rackMap->zoomBy(1.5); });
    zoomIn->setShortcuts({ QKeySequence::ZoomIn, QKeySequence(Qt::Key_Plus) });
    QAction *zoomOut = viewMenu->addAction(tr("Zoom &out"), this, [this] { m_rackMap->zoomBy(1.0 / 1.5); });
    zoomOut->setShortcuts({ QKeySequence::ZoomOut, QKeySequence(Qt::Key_Minus) });
    QAction *fit = viewMenu->addAction(tr("&Fit all"), this, [this] { m_rackMap->fitAll(); });
    fit->setShortcut(QKeySequence(Qt::Key_Home));
    viewMenu->addSeparator();
    m_wallAction = viewMenu->addAction(tr("&Wall display"));
    // F11, and the platform's full-screen key when that is another (the same key twice is ambiguous).
    QList<QKeySequence> wallKeys { QKeySequence(Qt::Key_F11) };
    for (const QKeySequence &key : QKeySequence::keyBindings(QKeySequence::FullScreen))
        if (!wallKeys.contains(key))
            wallKeys << key;
    m_wallAction->setShortcuts(wallKeys);
    m_wallAction->setCheckable(true);
    connect(m_wallAction, &QAction::toggled, this, &MainWindow::setWallDisplay);
    QAction *cycle = viewMenu->addAction(tr("&Cycle overlays every 20 s"));
    cycle->setCheckable(true);
    connect(cycle, &QAction::toggled, this,
            [this](bool on) { on ? m_cycleTimer->start(20000) : m_cycleTimer->stop(); });
    connect(m_cycleTimer, &QTimer::timeout, this, [this] {
        const auto &overlays = allOverlays();
        const auto it = std::find(overlays.begin(), overlays.end(), m_map->overlay());
        setOverlay(it == overlays.end() || it + 1 == overlays.end() ? overlays.front() : *(it + 1));
    });
    // A wall screen in a big room can walk the halls one by one, then show them all.
    QAction *cycleHalls = viewMenu->addAction(tr("Cycle &halls every 20 s"));
    cycleHalls->setCheckable(true);
    connect(cycleHalls, &QAction::toggled, this, [this](bool on) {
        m_hallShown = -1;
        on ? m_hallTimer->start(20000) : m_hallTimer->stop();
        if (!on)
            m_rackMap->fitAll();
    });
    connect(m_hallTimer, &QTimer::timeout, this, [this] {
        const Topology *t = m_session->state().topology().get();
        const int halls = t ? int(t->halls.size()) : 0;
        m_hallShown = m_hallShown + 1 >= halls ? -1 : m_hallShown + 1;
        m_hallShown < 0 ? m_rackMap->fitAll() : m_rackMap->showHall(m_hallShown);
    });
    QAction *light = viewMenu->addAction(tr("&Light palette"));
    light->setCheckable(true);
    light->setChecked(QSettings().value(QStringLiteral("mainWindow/lightPalette"), false).toBool());
    connect(light, &QAction::toggled, this, [](bool on) {
        QSettings().setValue(QStringLiteral("mainWindow/lightPalette"), on);
        on ? applyLightTheme(*qApp) : applyDarkTheme(*qApp);
    });
    // The view's keys belong to the window too, so they keep working on the wall
    // display, where the menu bar and the toolbar are hidden.
    addActions(viewMenu->actions());

    QMenu *helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->addAction(tr("&About Vigil"), this, [this] {
        QMessageBox::about(this, tr("About Vigil"),
                           tr("<h3>Vigil %1</h3><p>An operations dashboard for GPU training clusters: live rack map, "
                              "telemetry over gRPC, and the cost of keeping a run alive made visible.</p>"
                              "<p>Licensed under the GNU General Public License, version 3 or later.</p>")
                               .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::setWallDisplay(bool on)
{
    if (on == m_wallDisplay)
        return;
    m_wallDisplay = on;
    if (on) {
        // Only the map, its legend and the feed's status: what a wall screen across the room needs.
        m_stateBeforeWall = saveState();
        menuBar()->hide();
        for (QToolBar *toolbar : findChildren<QToolBar *>())
            toolbar->hide();
        for (QDockWidget *dock : findChildren<QDockWidget *>())
            dock->hide();
        // Read from across the room: the legend, the place and the status bar (live or not,
        // data age, gaps, cluster time, unacknowledged alarms) grow.
        QFont big = m_legend->font();
        big.setPointSizeF(big.pointSizeF() * 1.6);
        for (QWidget *w : std::initializer_list<QWidget *> { m_legend, m_breadcrumb, statusBar() })
            w->setFont(big);
        showFullScreen();
    } else {
        menuBar()->show();
        restoreState(m_stateBeforeWall);
        for (QWidget *w : std::initializer_list<QWidget *> { m_legend, m_breadcrumb, statusBar() })
            w->setFont(QFont());
        showNormal();
    }
    if (m_wallAction->isChecked() != on)
        m_wallAction->setChecked(on);
}

void MainWindow::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape && m_wallDisplay) {
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
        m_incidentDock->showAnalysis(m_session->analysis());
    updateAlarms(tick.alarmsChanged);
    applyEvents(tick.events);
    if (tick.newState) {
        m_trainingDock->update(state);
        m_jobs->setState(state);
    }
    if (tick.newState || !tick.events.empty()) {
        m_map->apply();
        updateDetails();
    }
    const ConnectionStatus status = m_session->live().status();
    const bool replaying = m_session->isReplaying();
    m_status->showStatus(status, replaying ? 0 : state.timeMs(), m_session->live().gaps());
    m_rackMap->setStaleNotice(replaying ? QString() : staleNotice(status));
    if (replaying) // the instant shown: the timeline's cursor stands on it too
        m_replayLabel->setText(tr("%1 · cluster time %2 UTC%3")
                                   .arg(m_replayBar->describe(),
                                        QDateTime::fromMSecsSinceEpoch(m_session->replay()->shownMs(), Qt::UTC)
                                            .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")),
                                        m_session->isRebuildingHistories() ? tr(" · rebuilding history…") : QString()));
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
        m_replayBar->seek(failedMs); // the cluster as it was when the job went down
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

void MainWindow::setAlarmSender(AlarmDock::Sender sender, const QString &operatorName)
{
    m_alarmDock->setSender(std::move(sender), operatorName);
}

QString MainWindow::replayStatusText() const
{
    return m_replayLabel->text();
}

QString MainWindow::alarmCountText() const
{
    return m_alarmCount->text();
}

void MainWindow::updateAlarms(bool changed)
{
    // Live, the gateway's alarms, kept (stale) through an outage; replaying, the recording's
    // at the instant shown. Redrawn when they change, and once a second for their ages.
    const ConnectionState liveState = m_session->live().status().state;
    m_alarmDock->setConnected(liveState == ConnectionState::Live || liveState == ConnectionState::Resumed);
    const int64_t now = QDateTime::currentMSecsSinceEpoch();
    if (!changed && now - m_alarmsShownAtMs < 1000)
        return;
    m_alarmsShownAtMs = now;
    const std::vector<Alarm> &alarms = m_session->alarms();
    m_alarmDock->showAlarms(alarms, m_session->alarmClockMs(), m_session->alarmTopology(), &m_session->analysis());
    if (changed && m_map->overlay() == Overlay::Alarms)
        m_map->apply(); // the map shows the same alarms as the list
    const size_t asking = m_alarmDock->unacknowledged();
    m_alarmCount->setVisible(!alarms.empty());
    // Replaying, the count is the recording's at the instant shown, and says so: it is not tonight's.
    if (m_session->isReplaying()) {
        // Tonight's count beside it: replaying a week ago must not hide a PDU alarm now.
        const auto &live = m_session->liveAlarms();
        const auto now = std::count_if(live.begin(), live.end(), [](const Alarm &a) { return a.needsAcknowledging(); });
        m_alarmCount->setText(
            (asking ? tr("▲ %n unacknowledged then", "", int(asking)) : tr("alarms then: all acknowledged"))
            + QStringLiteral(" · ")
            + (now ? tr("live: ▲ %n unacknowledged now", "", int(now)) : tr("live: all acknowledged")));
        m_alarmCount->setVisible(!alarms.empty() || !live.empty());
    } else
        m_alarmCount->setText(asking ? tr("▲ %n unacknowledged", "", int(asking)) : tr("alarms: all acknowledged"));
    m_alarmCount->setStyleSheet(QStringLiteral("padding:0 8px; font-weight:bold; color:%1")
                                    .arg(asking == 0 ? QStringLiteral("#7ee787")
                                             : m_alarmDock->highestUnacknowledged() >= AlarmPriority::High
                                             ? QStringLiteral("#ff6b6b")
                                             : QStringLiteral("#ffc400")));
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
    if (path.isEmpty())
        path = QFileDialog::getOpenFileName(this, tr("Report on a recording"), RecorderControl::defaultDirectory(),
                                            tr("Vigil recordings (*.vigil *.sqlite);;All files (*)"));
    if (path.isEmpty())
        return nullptr;
    auto *window = new ReportWindow(path, this);
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->show();
    return window;
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
    m_incidentDock->showAnalysis(m_session->analysis());
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

bool MainWindow::isBackfilling() const
{
    return m_session->isRebuildingHistories();
}

bool MainWindow::isReplaying() const
{
    return m_session->isReplaying();
}

const ClusterState &MainWindow::clusterState() const
{
    return m_session->state();
}

const IncidentAnalysis &MainWindow::incidentAnalysis() const
{
    return m_session->analysis();
}

void MainWindow::showReplayControls(bool replaying)
{
    m_replayToolbar->setVisible(replaying);
    m_replayLabel->setVisible(replaying);
    m_status->setVisible(!replaying);
    m_liveAction->setEnabled(replaying);
    m_bundleAction->setEnabled(replaying);
    m_importAction->setEnabled(replaying);
    m_alarmDock->setReplaying(replaying);
}

QString MainWindow::openRecording(const QString &path)
{
    m_replayBar->setFeed(nullptr);
    if (QString error = m_session->openRecording(path); !error.isEmpty()) {
        m_replayBar->setFeed(m_session->replay());
        return error;
    }
    m_replayBar->setFeed(m_session->replay());
    showReplayControls(true);
    m_replayBar->timeline()->setFocus();
    m_incidentDock->raise(); // after the fact, the incidents are what one comes for
    setWindowFilePath(path);
    QSettings().setValue(QStringLiteral("replay/lastDirectory"), QFileInfo(path).absolutePath());
    refresh();
    return {};
}

void MainWindow::goLive()
{
    if (!m_session->isReplaying())
        return;
    m_replayBar->setFeed(nullptr);
    m_session->goLive();
    showReplayControls(false);
    setWindowFilePath(QString());
    refresh();
    // The live views start over: the recent events come back from memory, the
    // histories from the recording being made (when there is one).
    applyEvents(m_session->refillLiveEvents());
    const int64_t now = m_session->state().timeMs();
    if (m_recorder && m_recorder->isRecording() && now > 0) {
        RecorderStatus s = m_recorder->status();
        if (s.frames > 0)
            m_session->rebuildHistories(s.path, now);
    }
}

void MainWindow::setRecorderControl(RecorderControl *control)
{
    m_recorder = control;
    if (!m_recorderIndicator) {
        m_recorderIndicator = new RecorderIndicator(*control, this);
        statusBar()->addPermanentWidget(m_recorderIndicator);
    }
    m_recordAction->setEnabled(true);
    m_recordAction->setChecked(control->isRecording());
    connect(control, &RecorderControl::recordingChanged, m_recordAction, &QAction::setChecked);
}

QString MainWindow::staleNotice(const ConnectionStatus &status) const
{
    constexpr double StaleAfterSeconds = 5.0;
    if (!m_session->state().topology())
        return {};
    const double age = std::chrono::duration<double>(std::chrono::steady_clock::now() - status.lastMessageAt).count();
    if (status.state != ConnectionState::Reconnecting && age < StaleAfterSeconds)
        return {};
    return tr("Showing data from %1 s ago — reconnecting to %2").arg(QLocale().toString(age, 'f', 0), status.address);
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
