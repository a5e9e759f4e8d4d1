// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "overlay.h"
#include "state/clusterstate.h"

#include <QMainWindow>

#include <memory>

class QAction;
class QActionGroup;
class QLabel;
class QLineEdit;
class QTimer;
class QTableView;

namespace vigil {

class ColorLegend;
struct ConnectionStatus;
class ConnectionStatusWidget;
class DetailsDock;
class EventDock;
class TrainingDock;
class ColumnHistory;
class GpuHistory;
class HardwareWarnings;
class JobTableModel;
class LiveCluster;
class RackMapWidget;

// The dashboard: the rack map with its overlay and legend, the jobs, and the
// state of the feed. It reads the LiveCluster at a fixed cadence and never waits
// on the network.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(LiveCluster &cluster, QWidget *parent = nullptr);
    ~MainWindow() override;

    void setOverlay(Overlay overlay);
    // Colour GPU overlays by the difference from the rack's median (outliers among neighbours).
    void setRelativeToPeers(bool relative);
    Overlay overlay() const { return m_overlay; }
    RackMapWidget *rackMap() const { return m_rackMap; }
    ConnectionStatusWidget *connectionStatus() const { return m_status; }
    QString breadcrumbText() const;
    EventDock *eventDock() const { return m_eventDock; }
    DetailsDock *detailsDock() const { return m_detailsDock; }
    TrainingDock *trainingDock() const { return m_trainingDock; }
    // Finds a host, GPU UUID, rack or job, selects it and centres the map on it.
    // Selects what `query` names and zooms until cells are `cellPixels` wide.
    bool find(const QString &query, double cellPixels = 18.0);
    // Full screen with only the map, the legend (larger) and the status bar; Esc leaves it.
    void setWallDisplay(bool on);
    bool isWallDisplay() const { return m_wallDisplay; }
    const ClusterState &clusterState() const { return m_state; }

    // Pulls the newest state and status from the feed (what the refresh timer does).
    void refresh();

protected:
    void closeEvent(QCloseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    void createActions();
    void applyOverlay();
    void updateCellMarks();
    void updateCoverage();
    void countPlacement();
    void updateLegend();
    OverlaySpec currentSpec() const;
    void updateDetails();
    QString staleNotice(const ConnectionStatus &status) const;

    LiveCluster &m_cluster;
    ClusterState m_state;
    uint64_t m_generation = 0;
    Overlay m_overlay = Overlay::GpuTemperature;
    std::vector<float> m_cellValues;
    std::vector<float> m_scratch; // data age and alarm levels, for the cell marks
    std::vector<uint8_t> m_cellMarks;
    size_t m_staleGpus = 0;
    size_t m_unplacedGpus = 0; // in racks the topology does not place
    size_t m_assumedRacks = 0;
    QLabel *m_coverage; // silent, unplaced and auto-placed counts, when there are any
    std::unique_ptr<HardwareWarnings> m_warnings;
    std::unique_ptr<GpuHistory> m_history; // snapshots a second apart: the node's sparklines
    std::unique_ptr<GpuHistory> m_hourHistory; // a minute apart: the selected GPU's last hour
    std::unique_ptr<ColumnHistory> m_inletHistory; // racks' inlet air, a minute apart
    std::unique_ptr<ColumnHistory> m_pduHistory; // PDUs' load, a minute apart
    std::vector<float> m_alarmLevels;

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
    bool m_relative = false;
    bool m_wallDisplay = false;
    QByteArray m_stateBeforeWall;
    QActionGroup *m_overlayActions = nullptr;
    QTimer *m_refreshTimer;
};

} // namespace vigil
