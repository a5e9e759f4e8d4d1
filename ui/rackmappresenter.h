// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "overlay.h"

#include <QObject>

#include <vector>

class QAction;
class QLabel;
class QMenu;

namespace vigil {

class ColorLegend;
class DashboardSession;
class RackMapWidget;

// The rack map's picture of the session: the overlay chosen (absolute, or relative
// to the rack's peers) computed per GPU, its legend, the cell marks (silent GPUs
// hatched, alarm badges on the alarm overlay) and the count of what the map cannot
// vouch for (silent, unplaced, auto-placed) for the status bar.
class RackMapPresenter : public QObject
{
    Q_OBJECT
public:
    RackMapPresenter(const DashboardSession &session, RackMapWidget *map, ColorLegend *legend, QLabel *coverage,
                     QObject *parent = nullptr);

    void setOverlay(Overlay overlay);
    // Whether the overlay is drawn from the incident analysis (its counts over a span, the risks of
    // its open warnings) rather than from the readings.
    bool drawsAnalysis() const { return isSpanOverlay(m_overlay) || m_overlay == Overlay::FailureRisk; }
    Overlay overlay() const { return m_overlay; }
    void setRelativeToPeers(bool relative);
    // How far back the count overlays (failures, errors, alarms, incidents, lost GPU-hours) count.
    void setFailureSpan(FailureSpan span);
    FailureSpan failureSpan() const { return m_failureSpan; }
    // The span selected on the replay timeline (from == to: none); a selection drawn becomes
    // the span counted.
    void setSelectedSpan(int64_t fromMs, int64_t toMs);
    // [from, to) as counted now.
    std::pair<int64_t, int64_t> countedSpan() const;
    // A "Count over" submenu of `menu`: one choice a span, the one last chosen restored
    // (Ctrl+Shift+F steps through them).
    void addFailureSpanMenu(QMenu *menu);
    bool isRelativeToPeers() const { return m_relative; }
    OverlaySpec currentSpec() const;
    // The topology changed: placement counted again, the legend (its jobs) redrawn.
    void topologyChanged();
    // Recomputes the cells from the session and hands them to the map.
    void apply();

private:
    void updateLegend();
    void applySpan(const Topology &topology);
    QString spanName() const;
    void updateCellMarks();
    void countPlacement();
    void updateCoverage();

    const DashboardSession &m_session;
    RackMapWidget *m_map;
    ColorLegend *m_legend;
    QLabel *m_coverage;
    Overlay m_overlay = Overlay::GpuTemperature;
    bool m_relative = false;
    FailureSpan m_failureSpan = FailureSpan::Month;
    int64_t m_selectionFromMs = 0, m_selectionToMs = 0;
    FailureSpan m_spanBeforeSelection = FailureSpan::Whole;
    QAction *m_selectionAction = nullptr;
    size_t m_unplacedIncidents = 0;
    float m_failureTop = 1.0f; // the legend's top for the failures overlay, as last drawn
    bool m_failureScaleForRacks = true; // that top is a rack's sum (from afar), not a GPU's count
    std::vector<float> m_cellValues;
    std::vector<float> m_scratch; // data age, for the cell marks
    std::vector<uint8_t> m_cellMarks;
    size_t m_staleGpus = 0;
    size_t m_unplacedGpus = 0; // in racks the topology does not place
    size_t m_assumedRacks = 0;
};

} // namespace vigil
