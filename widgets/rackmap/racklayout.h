// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/topology.h"

#include <QPoint>
#include <QPointF>
#include <QRect>
#include <QRectF>
#include <QSize>

#include <vector>

namespace vigil {

// The floor plan in layout units: one unit is one GPU cell. A node is a
// horizontal strip of its GPUs, a rack stacks its nodes (slot 0 at the bottom),
// racks stand side by side in rows separated by aisles, and halls tile in a grid.
// Pure geometry: built from a topology, hit-tested by arithmetic.
class RackLayout
{
public:
    static constexpr int RackGap = 2; // between neighbouring racks of a row
    static constexpr int AisleHeight = 3; // between rows, room for the rack labels
    static constexpr int HallGap = 6;
    static constexpr int HallTitleHeight = 3;

    RackLayout() = default;
    explicit RackLayout(const Topology &topology);

    QSize size() const { return m_size; }
    int rackWidth() const { return m_rackWidth; }
    int rackHeight() const { return m_rackHeight; }
    const std::vector<QPoint> &gpuCells() const { return m_gpuCell; } // top-left unit of each GPU
    const std::vector<QRect> &rackRects() const { return m_rackRect; }
    const std::vector<QRect> &hallRects() const { return m_hallRect; }

    // The GPU whose cell contains `unitPoint`, or -1.
    int gpuAt(QPointF unitPoint) const;
    // The rack whose body contains `unitPoint`, or -1.
    int rackAt(QPointF unitPoint) const;

private:
    QSize m_size;
    int m_rackWidth = 0;
    int m_rackHeight = 0;
    std::vector<QPoint> m_gpuCell;
    std::vector<QRect> m_rackRect;
    std::vector<QRect> m_hallRect;
    std::vector<int32_t> m_cellOwner; // unit grid -> GPU index (or -1)
    std::vector<int32_t> m_cellRack; // unit grid -> rack index (or -1)
};

// How the layout is placed in a widget: uniform scale and offset.
struct MapViewport
{
    double scale = 1.0; // pixels per layout unit
    QPointF offset; // widget position of layout unit (0, 0)

    // The largest scale that shows the whole layout inside `area`, centred.
    static MapViewport fit(QSize layoutSize, const QRectF &area);
    // `unitCenter` at the centre of `area`, at `scale` pixels per unit.
    static MapViewport centeredOn(QPointF unitCenter, double scale, const QRectF &area);
    // Zoomed by `factor` with the unit under `widgetPoint` staying where it is.
    MapViewport zoomedAt(QPointF widgetPoint, double factor) const;
    QPointF unitAt(const QRectF &area) const { return toUnit(area.center()); }
    QPointF toWidget(QPointF unit) const { return offset + unit * scale; }
    QPointF toUnit(QPointF widget) const { return (widget - offset) / scale; }
    // The pixel rectangle of one unit cell (integer-aligned, cells never overlap).
    QRect cellRect(QPoint unit) const;
    QRectF toWidget(const QRectF &unitRect) const { return { toWidget(unitRect.topLeft()), unitRect.size() * scale }; }
};

} // namespace vigil
