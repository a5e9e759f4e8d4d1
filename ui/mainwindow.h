// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "alarmcountlabel.h"
#include "alarmdock.h"
#include "analysis/incidentanalysis.h"
#include "costsettingsdialog.h"
#include "dashboardsession.h"
#include "domain/clusterstate.h"
#include "domain/event.h"
#include "overlay.h"
#include "rackmappresenter.h"
#include "replaycontroller.h"
#include "viewactions.h"
#include "viewhistories.h"

#include <QLabel>
#include <QMainWindow>

#include <memory>

class QAction;
class QLabel;
class QTimer;

namespace vigil {

class StallWatch;

class ClusterFeed;
class ColorLegend;
struct Backfill;
struct ConnectionStatus;
class IncidentDock;
class RecorderControl;
class RecorderIndicator;
class ReplayBar;
class ConnectionStatusWidget;
class DetailsDock;
class EventDock;
class TrainingDock;
class HardwareWarnings;
class JobsDock;
class RecordAction;
class RackMapWidget;

// The dashboard: the rack map with its overlay and legend, the jobs, and the
// state of the feed. It reads its feed (live, or a recording being replayed) at
// a fixed cadence and never waits on the network or the disk.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(ClusterFeed &live, QWidget *parent = nullptr);
    ~MainWindow() override;

    void setOverlay(Overlay overlay) { m_view->setOverlay(overlay); }
    // Colour GPU overlays by the difference from the rack's median (outliers among neighbours).
    void setRelativeToPeers(bool relative) { m_map->setRelativeToPeers(relative); }
    Overlay overlay() const { return m_map->overlay(); }
    RackMapWidget *rackMap() const { return m_rackMap; }
    ConnectionStatusWidget *connectionStatus() const { return m_status; }
    QString breadcrumbText() const { return m_breadcrumb->text(); }
    EventDock *eventDock() const { return m_eventDock; }
    DetailsDock *detailsDock() const { return m_detailsDock; }
    TrainingDock *trainingDock() const { return m_trainingDock; }
    IncidentDock *incidentDock() const { return m_incidentDock; }
    AlarmDock *alarmDock() const { return m_alarmDock; }
    class HandOffFlow *handOffFlow() const { return m_handOff; }
    QMenu *viewMenu() const;
    QString alarmCountText() const { return m_alarmCount->text(); }
    // "REPLAY … · cluster time …" in the status bar
    QString replayStatusText() const { return m_replay->label()->text(); }
    // The maintenance-debt report of the recording replayed, or of this session's (or one chosen).
    class ReportWindow *openReport();
    // Where the alarm actions and shared bookmarks go (the live gateway), and under what name.
    void setAlarmSender(AlarmDock::Sender sender, const QString &operatorName);
    // Where history read from the TSDB finds the bookmarks the NOC shared (the live gateway).
    void setBookmarkSource(std::function<BookmarksOutcome(int64_t fromMs, int64_t toMs)> fetch)
    {
        m_replay->readSharedBookmarksFrom(std::move(fetch));
    }
    const IncidentAnalysis &incidentAnalysis() const { return m_session->analysis(); }
    // Prices the cost of grit with new settings (saved for the next start); why not, when they make no sense.
    QString applyPricing(const PricingSettings &pricing);
    const PricingSettings &pricing() const { return m_pricing; }
    // Saved pricing refused at start-up, and why (empty when all was taken).
    const QString &pricingProblem() const { return m_pricingProblem; }
    // Finds a host, GPU UUID, rack or job, selects it and centres the map on it.
    // Selects what `query` names and zooms until cells are `cellPixels` wide.
    bool find(const QString &query, double cellPixels = 18.0);
    // Full screen with only the map, the legend (larger) and the status bar; Esc leaves it.
    void setWallDisplay(bool on) { m_view->setWallDisplay(on); }
    bool isWallDisplay() const { return m_view->isWallDisplay(); }
    const ClusterState &clusterState() const { return m_session->state(); }
    DashboardSession *session() const { return m_session; }

    // Pulls the newest state and status from the feed (what the refresh timer does).
    void refresh();

    // Replays a recording in every view (the live stream keeps running, and
    // recording, behind it). It is read off the GUI thread; recordingOpened follows,
    // with an error that names the file and the problem, or none.
    void openRecording(const QString &path) { m_replay->openRecording(path, false); }
    void goLive() { m_replay->goLive(); }
    bool isReplaying() const { return m_session->isReplaying(); }
    ReplayBar *replayBar() const { return m_replay->bar(); }
    // The flight recorder, so the window can show and switch it.
    void setRecorderControl(RecorderControl *control);
    // Whether the views' histories are being rebuilt from a recording after a jump.
    bool isBackfilling() const { return m_session->isRebuildingHistories(); }
    // The GUI thread's stall watch, where one runs (StallWatch::wantedByDefault); else null.
    StallWatch *stallWatch() const { return m_stallWatch; }

Q_SIGNALS:
    void recordingOpened(const QString &error);

protected:
    void closeEvent(QCloseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    void createActions();
    void updateDetails();
    void replayingChanged(bool replaying);
    void resetViews();
    void applyEvents(const std::vector<Event> &events);
    void applyBackfill(std::shared_ptr<Backfill> backfill);
    void showIncident(uint64_t incidentId, int64_t failedMs, int job, std::optional<EntityRef> cause);
    void showEntity(EntityRef entity);
    void updateAlarms(bool changed);
    void editPricing();

    DashboardSession *m_session;
    StallWatch *m_stallWatch = nullptr;
    RackMapPresenter *m_map; // the overlay, legend and cell marks
    ReplayController *m_replay = nullptr;
    ViewActions *m_view = nullptr;
    QLabel *m_coverage; // silent, unplaced and auto-placed counts, when there are any
    PricingSettings m_pricing;
    QString m_pricingProblem; // saved settings refused at start-up, shown once
    IncidentDock *m_incidentDock;
    AlarmDock *m_alarmDock;
    class HandOffFlow *m_handOff;
    AlarmCountLabel *m_alarmCount;
    std::vector<float> m_alarmShades;

    RackMapWidget *m_rackMap;
    ColorLegend *m_legend;
    ConnectionStatusWidget *m_status;
    JobsDock *m_jobs;
    EventDock *m_eventDock;
    QLabel *m_breadcrumb;
    DetailsDock *m_detailsDock;
    TrainingDock *m_trainingDock;
    QTimer *m_refreshTimer;
    RecordAction *m_recordAction = nullptr;
    RecorderControl *m_recorder = nullptr;
    RecorderIndicator *m_recorderIndicator = nullptr;
};

} // namespace vigil
