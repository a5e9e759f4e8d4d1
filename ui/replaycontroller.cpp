// SPDX-License-Identifier: GPL-3.0-or-later
#include "replaycontroller.h"

#include "recording/bundle.h"

#include "bundleexport.h"
#include "dashboardsession.h"
#include "recording/replayfeed.h"
#include "recordingactions.h"
#include "replaybar.h"
#include "timeline/timelinewidget.h"
#include "tsdbhistoryflow.h"

#include <QAction>
#include <QDateTime>
#include <QFileInfo>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>

namespace vigil {

ReplayController::ReplayController(DashboardSession &session, QMainWindow *window)
    : QObject(window)
    , m_session(session)
    , m_window(window)
    , m_bar(new ReplayBar(window))
    , m_toolbar(new QToolBar(tr("Replay"), window))
    , m_label(new QLabel(window))
{
    m_label->setStyleSheet(QStringLiteral("color:#58a6ff; font-weight:bold; padding:0 8px"));
    m_label->hide();
    m_toolbar->setObjectName(QStringLiteral("replayToolbar"));
    m_toolbar->setMovable(false);
    m_toolbar->addWidget(m_bar);
    window->addToolBar(Qt::BottomToolBarArea, m_toolbar);
    m_toolbar->hide();
    connect(&m_session, &DashboardSession::recordingOpened, this, &ReplayController::opened);
    connect(m_bar, &ReplayBar::liveRequested, this, &ReplayController::goLive);
    connect(m_bar, &ReplayBar::bookmarkRequested, this, [this](int64_t timeMs) {
        if (ReplayFeed *replay = m_session.replay())
            addBookmarkInteractively(
                m_window, replay->path(), timeMs, [this](const QString &path) { reread(path); }, m_sharing);
    });
    connect(m_bar, &ReplayBar::playingChanged, this, [this](bool playing) {
        // Fast play leaves the views' histories made of frames hours apart: once stopped,
        // they are rebuilt as if the instant had been watched (the Details mini-charts refill).
        if (ReplayFeed *replay = m_session.replay(); replay && !playing)
            m_session.rebuildHistories(replay->path(), replay->shownMs());
    });
}

void ReplayController::shareBookmarksThrough(std::function<ActOutcome(const v1::ActRequest &)> send,
                                             const QString &author)
{
    m_sharing.send = std::move(send);
    m_sharing.author = author;
    m_sharing.tell = [this](const QString &said) { m_window->statusBar()->showMessage(said, 8000); };
}

void ReplayController::addFileActions(QMenu *file)
{
    QAction *open = file->addAction(tr("&Open recording…"), this, [this] {
        if (const QString path = chooseRecordingPath(m_window); !path.isEmpty())
            openRecording(path, true);
    });
    open->setShortcut(QKeySequence::Open);
    QAction *history = file->addAction(tr("Open &history from Prometheus…"), this, [this] {
        TsdbHistoryRequest::Bookmarks bookmarks;
        if (m_sharing.fetch)
            bookmarks = [fetch = m_sharing.fetch](int64_t fromMs, int64_t toMs, QString *error) {
                BookmarksOutcome outcome = fetch(fromMs, toMs);
                if (!outcome.ok)
                    *error = outcome.unsupported ? tr("the gateway is older than shared bookmarks") : outcome.message;
                return std::move(outcome.bookmarks);
            };
        openTsdbHistoryInteractively(
            m_window, [this](const QString &path) { openRecording(path, true); }, bookmarks);
    });
    history->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    history->setToolTip(tr("Scrub a span this dashboard never recorded, from the time-series database"));
    m_liveAction = file->addAction(tr("Back to &live"), this, &ReplayController::goLive);
    m_liveAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    m_liveAction->setEnabled(false);
    m_bundleAction = file->addAction(tr("Export incident &bundle…"), this, [this] {
        if (ReplayFeed *replay = m_session.replay()) {
            const RecordingOverview o = replay->overview();
            // The hour before the cursor to half an hour after (the run-up matters more than the
            // aftermath), widened to hold the whole of every incident in it.
            const int64_t cursor = replay->shownMs();
            const auto [from, to] = m_session.analysis().wholeIncidentsWindow(cursor - 3600000, cursor + 1800000);
            // The bundle judges its incidents by the hazards learnt from the whole recording.
            exportBundleInteractively(
                m_window, replay->path(), from, to, o.startMs, o.endMs,
                { { RecordingMeta::hazardModel(), QString::fromUtf8(m_session.analysis().hazards().toJson()) } });
        }
    });
    m_bundleAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    m_bundleAction->setEnabled(false);
    m_importAction = file->addAction(tr("&Import event history…"), this, [this] {
        if (ReplayFeed *replay = m_session.replay())
            importHistoryInteractively(m_window, replay->path(), [this](const QString &path) { reread(path); });
    });
    m_importAction->setToolTip(tr("Add events from another system (CSV or JSON lines) to the open recording"));
    m_importAction->setEnabled(false);
}

void ReplayController::openRecording(const QString &path, bool interactive)
{
    // The replay shown now may be replaced: the bar lets go of it until the new one is open.
    m_bar->setFeed(nullptr);
    m_interactive = interactive;
    if (m_progress)
        m_progress->deleteLater();
    if (interactive) {
        // A big recording takes seconds to read; a small one opens before the dialog would show.
        m_progress
            = new QProgressDialog(tr("Reading %1…").arg(QFileInfo(path).fileName()), tr("Cancel"), 0, 0, m_window);
        m_progress->setWindowTitle(tr("Open recording"));
        m_progress->setMinimumDuration(400);
        m_progress->setAutoClose(false);
        connect(m_progress, &QProgressDialog::canceled, this, [this, path] {
            m_session.cancelOpening();
            m_bar->setFeed(m_session.replay());
            m_progress->deleteLater();
            m_window->statusBar()->showMessage(tr("Opening %1 cancelled").arg(QFileInfo(path).fileName()), 5000);
        });
    }
    m_session.openRecording(path);
}

bool ReplayController::isOpening() const
{
    return m_session.isOpeningRecording();
}

void ReplayController::opened(const QString &path, const QString &error)
{
    if (m_progress)
        m_progress->deleteLater(); // gone before anything else opens
    m_bar->setFeed(m_session.replay());
    if (error.isEmpty()) {
        showControls(true);
        m_bar->timeline()->setFocus();
        m_window->setWindowFilePath(path);
        QSettings().setValue(QStringLiteral("replay/lastDirectory"), QFileInfo(path).absolutePath());
    } else if (m_interactive) {
        // Said without a nested event loop: the window goes on drawing the live stream.
        auto *box
            = new QMessageBox(QMessageBox::Warning, tr("Cannot open the recording"), error, QMessageBox::Ok, m_window);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    }
    Q_EMIT recordingOpened(error);
}

void ReplayController::reread(const QString &path)
{
    if (ReplayFeed *replay = m_session.replay(); replay && replay->path() == path) {
        replay->reloadOverview();
        replay->seek(replay->shownMs(), false); // the views pick the new events up
    }
}

void ReplayController::goLive()
{
    m_session.cancelOpening();
    if (!m_session.isReplaying())
        return;
    m_bar->setFeed(nullptr);
    m_session.goLive();
    showControls(false);
    m_window->setWindowFilePath(QString());
}

void ReplayController::showControls(bool replaying)
{
    m_toolbar->setVisible(replaying);
    m_label->setVisible(replaying);
    m_liveAction->setEnabled(replaying);
    m_bundleAction->setEnabled(replaying);
    m_importAction->setEnabled(replaying);
    Q_EMIT replayingChanged(replaying);
}

void ReplayController::updateLabel()
{
    if (ReplayFeed *replay = m_session.replay()) // the instant shown: the timeline's cursor stands on it too
        m_label->setText(tr("%1 · cluster time %2 UTC%3")
                             .arg(m_bar->describe(),
                                  QDateTime::fromMSecsSinceEpoch(replay->shownMs(), Qt::UTC)
                                      .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")),
                                  m_session.isRebuildingHistories() ? tr(" · rebuilding history…") : QString()));
}

} // namespace vigil
