// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "overlay.h"

#include <QByteArray>
#include <QObject>

#include <vector>

class QAction;
class QActionGroup;
class QLineEdit;
class QMainWindow;
class QMenu;
class QTimer;
class QWidget;

namespace vigil {

class DashboardSession;
class RackMapPresenter;
class RackMapWidget;

// What the window shows of the map and how: the overlay keys and toolbar, the
// search box, relative colouring, zoom, the wall display and the cycling a wall
// screen does. Every key is the window's as well as the menu's, so it keeps
// working on the wall display, where the menu bar and toolbars are hidden.
class ViewActions : public QObject
{
    Q_OBJECT
public:
    struct Parts
    {
        QMainWindow *window;
        const DashboardSession *session;
        RackMapPresenter *presenter;
        RackMapWidget *map;
        QLineEdit *search;
        // Read from across the room on the wall display: these grow.
        std::vector<QWidget *> enlargedOnWall;
    };

    // Adds the View menu and the Overlays toolbar to the window.
    explicit ViewActions(const Parts &parts);

    QMenu *menu() const { return m_menu; }
    void setOverlay(Overlay overlay);
    // Full screen with only the map, the legend (larger) and the status bar; Esc leaves it.
    void setWallDisplay(bool on);
    bool isWallDisplay() const { return m_wallDisplay; }

Q_SIGNALS:
    void findRequested(const QString &query);

private:
    void addOverlays(QMenu *menu);
    void addCycling(QMenu *menu);

    Parts m_parts;
    QMenu *m_menu;
    QActionGroup *m_overlays;
    QAction *m_wallAction = nullptr;
    QTimer *m_overlayTimer;
    QTimer *m_hallTimer;
    int m_hallShown = -1;
    bool m_wallDisplay = false;
    QByteArray m_stateBeforeWall;
};

} // namespace vigil
