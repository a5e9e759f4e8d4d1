// SPDX-License-Identifier: GPL-3.0-or-later
#include "viewactions.h"

#include "dashboardsession.h"
#include "rackmap/rackmapwidget.h"
#include "rackmappresenter.h"
#include "theme.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenuBar>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>

namespace vigil {

namespace {

QString iconFor(Overlay overlay)
{
    switch (overlay) {
    case Overlay::GpuTemperature:
        return QStringLiteral(":/icons/temperature.png");
    case Overlay::GpuPower:
    case Overlay::LostGpuHours:
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
    case Overlay::IncidentCount:
        return QStringLiteral(":/icons/jobs.png");
    case Overlay::Alarms:
    case Overlay::AlarmsRaised:
        return QStringLiteral(":/icons/alarms.png");
    case Overlay::DataAge:
        return QStringLiteral(":/icons/dataage.png");
    case Overlay::ErrorRate:
    case Overlay::Failures:
    case Overlay::ErrorCount:
    case Overlay::FailureRisk:
        return QStringLiteral(":/icons/errors.png");
    case Overlay::Throttling:
    case Overlay::SlowerThanPeers:
        return QStringLiteral(":/icons/throttling.png");
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
    switch (overlay) {
    case Overlay::ErrorRate:
        return letterShortcut(Qt::Key_E);
    case Overlay::Failures:
        return letterShortcut(Qt::Key_F);
    case Overlay::LostGpuHours:
        return letterShortcut(Qt::Key_L);
    case Overlay::ErrorCount:
        return letterShortcut(Qt::Key_H);
    case Overlay::AlarmsRaised:
        return letterShortcut(Qt::Key_K);
    case Overlay::IncidentCount:
        return letterShortcut(Qt::Key_I);
    case Overlay::SlowerThanPeers:
        return letterShortcut(Qt::Key_P);
    case Overlay::FailureRisk:
        return letterShortcut(Qt::Key_N);
    default:
        return letterShortcut(Qt::Key_T);
    }
}

} // namespace

ViewActions::ViewActions(const Parts &parts)
    : QObject(parts.window)
    , m_parts(parts)
    , m_menu(parts.window->menuBar()->addMenu(tr("&View")))
    , m_overlays(new QActionGroup(this))
    , m_overlayTimer(new QTimer(this))
    , m_hallTimer(new QTimer(this))
{
    m_menu->setObjectName(QStringLiteral("viewMenu"));
    addOverlays(m_menu);
    m_menu->addSeparator();
    RackMapWidget *map = m_parts.map;
    QAction *zoomIn = m_menu->addAction(tr("Zoom &in"), map, [map] { map->zoomBy(1.5); });
    zoomIn->setShortcuts({ QKeySequence::ZoomIn, QKeySequence(Qt::Key_Plus) });
    QAction *zoomOut = m_menu->addAction(tr("Zoom &out"), map, [map] { map->zoomBy(1.0 / 1.5); });
    zoomOut->setShortcuts({ QKeySequence::ZoomOut, QKeySequence(Qt::Key_Minus) });
    QAction *fit = m_menu->addAction(tr("&Fit all"), map, &RackMapWidget::fitAll);
    fit->setShortcut(QKeySequence(Qt::Key_Home));
    m_menu->addSeparator();
    m_wallAction = m_menu->addAction(tr("&Wall display"));
    // F11, and the platform's full-screen key when that is another (the same key twice is ambiguous).
    QList<QKeySequence> wallKeys { QKeySequence(Qt::Key_F11) };
    for (const QKeySequence &key : QKeySequence::keyBindings(QKeySequence::FullScreen))
        if (!wallKeys.contains(key))
            wallKeys << key;
    m_wallAction->setShortcuts(wallKeys);
    m_wallAction->setCheckable(true);
    connect(m_wallAction, &QAction::toggled, this, &ViewActions::setWallDisplay);
    addCycling(m_menu);
    QAction *light = m_menu->addAction(tr("&Light palette"));
    light->setCheckable(true);
    light->setChecked(QSettings().value(QStringLiteral("mainWindow/lightPalette"), false).toBool());
    connect(light, &QAction::toggled, this, [](bool on) {
        QSettings().setValue(QStringLiteral("mainWindow/lightPalette"), on);
        on ? applyLightTheme(*qApp) : applyDarkTheme(*qApp);
    });
    // The view's keys belong to the window too, so they keep working on the wall
    // display, where the menu bar and the toolbar are hidden.
    m_parts.window->addActions(m_menu->actions());
}

void ViewActions::addOverlays(QMenu *menu)
{
    QToolBar *toolbar = m_parts.window->addToolBar(tr("Overlays"));
    toolbar->setObjectName(QStringLiteral("overlayToolbar"));
    toolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    for (size_t i = 0; i < allOverlays().size(); ++i) {
        const Overlay overlay = allOverlays()[i];
        const OverlaySpec spec = overlaySpec(overlay);
        QAction *action = m_overlays->addAction(QIcon(iconFor(overlay)), spec.title);
        action->setCheckable(true);
        action->setShortcuts(overlayShortcut(i, overlay));
        action->setToolTip(tr("%1 (%2)").arg(spec.title, action->shortcut().toString(QKeySequence::NativeText)));
        action->setData(int(overlay));
        connect(action, &QAction::triggered, this, [this, overlay] { setOverlay(overlay); });
        toolbar->addAction(action);
        menu->addAction(action);
    }
    toolbar->addSeparator();
    QLineEdit *search = m_parts.search;
    search->setPlaceholderText(tr("Find a host, GPU UUID, rack or job (Ctrl+F)"));
    search->setClearButtonEnabled(true);
    search->setMinimumWidth(320);
    toolbar->addWidget(search);
    connect(search, &QLineEdit::returnPressed, this, [this, search] { Q_EMIT findRequested(search->text()); });
    QAction *findAction = menu->addAction(tr("&Find…"), search, [search] {
        search->setFocus();
        search->selectAll();
    });
    findAction->setShortcut(QKeySequence::Find);
    QAction *relative = menu->addAction(tr("&Relative to rack peers"));
    relative->setCheckable(true);
    relative->setShortcuts(letterShortcut(Qt::Key_R));
    relative->setToolTip(tr("Colour each GPU by its difference from its rack's median (R)"));
    connect(relative, &QAction::toggled, m_parts.presenter, &RackMapPresenter::setRelativeToPeers);
    toolbar->addAction(relative);
    m_parts.presenter->addFailureSpanMenu(menu);
}

void ViewActions::addCycling(QMenu *menu)
{
    QAction *cycle = menu->addAction(tr("&Cycle overlays every 20 s"));
    cycle->setCheckable(true);
    connect(cycle, &QAction::toggled, this,
            [this](bool on) { on ? m_overlayTimer->start(20000) : m_overlayTimer->stop(); });
    connect(m_overlayTimer, &QTimer::timeout, this, [this] {
        const auto &overlays = allOverlays();
        const auto it = std::find(overlays.begin(), overlays.end(), m_parts.presenter->overlay());
        setOverlay(it == overlays.end() || it + 1 == overlays.end() ? overlays.front() : *(it + 1));
    });
    // A wall screen in a big room can walk the halls one by one, then show them all.
    QAction *cycleHalls = menu->addAction(tr("Cycle &halls every 20 s"));
    cycleHalls->setCheckable(true);
    connect(cycleHalls, &QAction::toggled, this, [this](bool on) {
        m_hallShown = -1;
        on ? m_hallTimer->start(20000) : m_hallTimer->stop();
        if (!on)
            m_parts.map->fitAll();
    });
    connect(m_hallTimer, &QTimer::timeout, this, [this] {
        const Topology *t = m_parts.session->state().topology().get();
        const int halls = t ? int(t->halls.size()) : 0;
        m_hallShown = m_hallShown + 1 >= halls ? -1 : m_hallShown + 1;
        m_hallShown < 0 ? m_parts.map->fitAll() : m_parts.map->showHall(m_hallShown);
    });
}

void ViewActions::setOverlay(Overlay overlay)
{
    for (QAction *action : m_overlays->actions())
        action->setChecked(action->data().toInt() == int(overlay));
    m_parts.presenter->setOverlay(overlay);
}

void ViewActions::setWallDisplay(bool on)
{
    if (on == m_wallDisplay)
        return;
    m_wallDisplay = on;
    QMainWindow *window = m_parts.window;
    if (on) {
        // Only the map, its legend and the feed's status: what a wall screen across the room needs.
        m_stateBeforeWall = window->saveState();
        window->menuBar()->hide();
        for (QToolBar *toolbar : window->findChildren<QToolBar *>())
            toolbar->hide();
        for (QDockWidget *dock : window->findChildren<QDockWidget *>())
            dock->hide();
        // Read from across the room: the legend, the place and the status bar (live or not,
        // data age, gaps, cluster time, unacknowledged alarms) grow.
        QFont big = window->font();
        big.setPointSizeF(big.pointSizeF() * 1.6);
        for (QWidget *w : m_parts.enlargedOnWall)
            w->setFont(big);
        window->statusBar()->setFont(big);
        window->showFullScreen();
    } else {
        window->menuBar()->show();
        window->restoreState(m_stateBeforeWall);
        for (QWidget *w : m_parts.enlargedOnWall)
            w->setFont(QFont());
        window->statusBar()->setFont(QFont());
        window->showNormal();
    }
    if (m_wallAction->isChecked() != on)
        m_wallAction->setChecked(on);
}

} // namespace vigil
