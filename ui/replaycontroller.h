// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "recordingactions.h"

#include <QObject>
#include <QPointer>

class QAction;
class QLabel;
class QMainWindow;
class QMenu;
class QProgressDialog;
class QToolBar;

namespace vigil {

class DashboardSession;
class ReplayBar;

// Going back in time: opening a recording (read off the GUI thread, with progress
// and a way out), the replay bar and its toolbar, the "REPLAY … · cluster time"
// label, the incident bundle, event import and bookmarks, and the way back to live.
class ReplayController : public QObject
{
    Q_OBJECT
public:
    ReplayController(DashboardSession &session, QMainWindow *window);

    // Open…, Back to live, Export incident bundle…, Import event history…
    void addFileActions(QMenu *file);
    // Opens a recording; recordingOpened follows. Shows its progress when `interactive`.
    void openRecording(const QString &path, bool interactive);
    bool isOpening() const;
    void goLive();
    ReplayBar *bar() const { return m_bar; }
    QLabel *label() const { return m_label; }
    // Brings the label up to the instant shown (the window's refresh).
    void updateLabel();
    // Bookmarks are also shared with the NOC through the live gateway, as `author`.
    void shareBookmarksThrough(std::function<ActOutcome(const v1::ActRequest &)> send, const QString &author);
    // History read from the TSDB also holds the bookmarks the NOC shared over its span.
    void readSharedBookmarksFrom(std::function<BookmarksOutcome(int64_t fromMs, int64_t toMs)> fetch)
    {
        m_sharing.fetch = std::move(fetch);
    }

Q_SIGNALS:
    // The recording asked for is replayed in every view, or `error` says why not.
    void recordingOpened(const QString &error);
    void replayingChanged(bool replaying);

private:
    void opened(const QString &path, const QString &error);
    void showControls(bool replaying);
    // Something was written into a recording: the replay reads it again if it shows that one.
    void reread(const QString &path);

    DashboardSession &m_session;
    QMainWindow *m_window;
    ReplayBar *m_bar;
    QToolBar *m_toolbar;
    QLabel *m_label;
    QAction *m_liveAction = nullptr;
    QAction *m_bundleAction = nullptr;
    QAction *m_importAction = nullptr;
    QPointer<QProgressDialog> m_progress;
    BookmarkSharing m_sharing;
    bool m_interactive = false;
};

} // namespace vigil
