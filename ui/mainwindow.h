// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "alarmdock.h"
#include "analysis/incidentanalysis.h"
#include "costsettingsdialog.h"
#include "model/event.h"
#include "overlay.h"
#include "state/clusterstate.h"
#include "viewhistories.h"

#include <QMainWindow>

#include <memory>

class QAction;
class QActionGroup;
class QLabel;
class QLineEdit;
class QTimer;
class QTableView;
class QToolBar;

namespace vigil {

class ClusterFeed;
class ColorLegend;
struct Backfill;
struct ConnectionStatus;
class DashboardSession;
class RackMapPresenter;
class IncidentDock;
class RecorderControl;
class RecorderIndicator;
class ReplayBar;
class ReplayFeed;
class ConnectionStatusWidget;
class DetailsDock;
class EventDock;
class TrainingDock;
class HardwareWarnings;
class JobTableModel;
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

    void setOverlay(Overlay overlay);
    // Colour GPU overlays by the difference from the rack's median (outliers among neighbours).
    void setRelativeToPeers(bool relative);
    Overlay overlay() const;
    RackMapWidget *rackMap() const { return m_rackMap; }
    ConnectionStatusWidget *connectionStatus() const { return m_status; }
    QString breadcrumbText() const;
    EventDock *eventDock() const { return m_eventDock; }
    DetailsDock *detailsDock() const { return m_detailsDock; }
    TrainingDock *trainingDock() const { return m_trainingDock; }
    IncidentDock *incidentDock() const { return m_incidentDock; }
    AlarmDock *alarmDock() const { return m_alarmDock; }
    QString alarmCountText() const;
    QString replayStatusText() const; // "REPLAY … · cluster time …" in the status bar
    // The maintenance-debt report of the recording replayed, or of this session's (or one chosen).
    class ReportWindow *openReport();
    // Where the alarm actions go (the live gateway), and under what name.
    void setAlarmSender(AlarmDock::Sender sender, const QString &operatorName);
    const IncidentAnalysis &incidentAnalysis() const;
    // Prices the cost of grit with new settings (saved for the next start); why not, when they make no sense.
    QString applyPricing(const PricingSettings &pricing);
    const PricingSettings &pricing() const { return m_pricing; }
    // Saved pricing refused at start-up, and why (empty when all was taken).
    const QString &pricingProblem() const { return m_pricingProblem; }
    // Finds a host, GPU UUID, rack or job, selects it and centres the map on it.
    // Selects what `query` names and zooms until cells are `cellPixels` wide.
    bool find(const QString &query, double cellPixels = 18.0);
    // Full screen with only the map, the legend (larger) and the status bar; Esc leaves it.
    void setWallDisplay(bool on);
    bool isWallDisplay() const { return m_wallDisplay; }
    const ClusterState &clusterState() const;
    DashboardSession *session() const { return m_session; }

    // Pulls the newest state and status from the feed (what the refresh timer does).
    void refresh();

    // Replays a recording in every view (the live stream keeps running, and
    // recording, behind it); an error names the file and the problem.
    QString openRecording(const QString &path);
    void goLive();
    bool isReplaying() const;
    ReplayBar *replayBar() const { return m_replayBar; }
    // The flight recorder, so the window can show and switch it.
    void setRecorderControl(RecorderControl *control);
    // Whether the views' histories are being rebuilt from a recording after a jump.
    bool isBackfilling() const;

protected:
    void closeEvent(QCloseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    void createActions();
    void updateDetails();
    QString staleNotice(const ConnectionStatus &status) const;
    void showReplayControls(bool replaying);
    void resetViews();
    void applyEvents(const std::vector<Event> &events);
    void applyBackfill(std::shared_ptr<Backfill> backfill);
    void showIncident(uint64_t incidentId, int64_t failedMs, int job, std::optional<EntityRef> cause);
    void showEntity(EntityRef entity);
    void updateAlarms(bool changed);
    void editPricing();

    DashboardSession *m_session;
    RackMapPresenter *m_map; // the overlay, legend and cell marks
    QLabel *m_coverage; // silent, unplaced and auto-placed counts, when there are any
    PricingSettings m_pricing;
    QString m_pricingProblem; // saved settings refused at start-up, shown once
    IncidentDock *m_incidentDock;
    AlarmDock *m_alarmDock;
    QLabel *m_alarmCount; // "▲ 3 unacknowledged" in the status bar
    int64_t m_alarmsShownAtMs = 0; // wall clock
    std::vector<float> m_alarmShades;

    RackMapWidget *m_rackMap;
    ColorLegend *m_legend;
    ConnectionStatusWidget *m_status;
    JobTableModel *m_jobs;
    QTableView *m_jobView;
    EventDock *m_eventDock;
    QLabel *m_breadcrumb;
    DetailsDock *m_detailsDock;
    TrainingDock *m_trainingDock;
    QLineEdit *m_search;
    QTimer *m_cycleTimer;
    QTimer *m_hallTimer;
    int m_hallShown = -1;
    QAction *m_wallAction = nullptr;
    QAction *m_relativeAction = nullptr;
    bool m_wallDisplay = false;
    QByteArray m_stateBeforeWall;
    QActionGroup *m_overlayActions = nullptr;
    QTimer *m_refreshTimer;
    ReplayBar *m_replayBar;
    QToolBar *m_replayToolbar;
    QLabel *m_replayLabel;
    QAction *m_liveAction = nullptr;
    QAction *m_bundleAction = nullptr;
    QAction *m_importAction = nullptr;
    QAction *m_recordAction = nullptr;
    RecorderControl *m_recorder = nullptr;
    RecorderIndicator *m_recorderIndicator = nullptr;
};

} // namespace vigil
