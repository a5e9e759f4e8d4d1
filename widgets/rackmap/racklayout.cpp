// SPDX-License-Identifier: GPL-3.0-or-later
#include "racklayout.h"

#include <algorithm>
#include <cmath>

namespace vigil {

RackLayout::RackLayout(const Topology &t)
{
    // Wide and tall enough for the highest GPU index and slot (bounded by Topology::index()).
    int gpusPerNode = 1;
    for (const Gpu &gpu : t.gpus)
        gpusPerNode = std::max(gpusPerNode, int(gpu.localIndex) + 1);
    int nodesPerRack = 1;
    for (const Node &node : t.nodes)
        nodesPerRack = std::max(nodesPerRack, int(node.slot) + 1);
    m_rackWidth = gpusPerNode;
    m_rackHeight = nodesPerRack;

    // Rows per hall and racks per row, from the topology itself.
    std::vector<int> rowInHall(t.rows.size(), 0);
    std::vector<int> rowsInHall(t.halls.size(), 0);
    for (size_t r = 0; r < t.rows.size(); ++r)
        rowInHall[r] = rowsInHall[t.rows[r].hallIndex]++;
    int racksPerRow = 1;
    for (const Rack &rack : t.racks)
        racksPerRow = std::max(racksPerRow, int(rack.positionInRow) + 1);
    const int maxRows = rowsInHall.empty() ? 1 : std::max(1, *std::max_element(rowsInHall.begin(), rowsInHall.end()));

    const int rowPitch = m_rackHeight + AisleHeight;
    const int hallWidth = racksPerRow * (m_rackWidth + RackGap) - RackGap;
    const int hallHeight = HallTitleHeight + maxRows * rowPitch - AisleHeight + 1;
    const int hallCount = std::max<int>(1, int(t.halls.size()));
    const int columns = int(std::ceil(std::sqrt(double(hallCount))));
    const int hallRows = (hallCount + columns - 1) / columns;
    m_size = QSize(columns * hallWidth + (columns - 1) * HallGap, hallRows * hallHeight + (hallRows - 1) * HallGap);

    for (int h = 0; h < int(t.halls.size()); ++h)
        m_hallRect.emplace_back((h % columns) * (hallWidth + HallGap), (h / columns) * (hallHeight + HallGap),
                                hallWidth, hallHeight);

    m_rackRect.resize(t.racks.size());
    for (size_t r = 0; r < t.racks.size(); ++r) {
        const Rack &rack = t.racks[r];
        const uint32_t hall = t.rows[rack.rowIndex].hallIndex;
        const QRect &hallRect = m_hallRect[hall];
        const int x = hallRect.x() + int(rack.positionInRow) * (m_rackWidth + RackGap);
        const int y = hallRect.y() + HallTitleHeight + rowInHall[rack.rowIndex] * rowPitch;
        m_rackRect[r] = QRect(x, y, m_rackWidth, m_rackHeight);
    }

    m_cellOwner.assign(size_t(m_size.width()) * size_t(m_size.height()), -1);
    m_cellRack.assign(m_cellOwner.size(), -1);
    for (size_t r = 0; r < m_rackRect.size(); ++r) {
        const QRect &rect = m_rackRect[r];
        for (int y = rect.top(); y <= rect.bottom(); ++y)
            std::fill_n(m_cellRack.begin() + long(y) * m_size.width() + rect.left(), rect.width(), int32_t(r));
    }
    m_gpuCell.resize(t.gpus.size());
    for (size_t g = 0; g < t.gpus.size(); ++g) {
        const Gpu &gpu = t.gpus[g];
        const Node &node = t.nodes[gpu.nodeIndex];
        const QRect &rack = m_rackRect[node.rackIndex];
        const QPoint cell(rack.left() + int(gpu.localIndex), rack.top() + (m_rackHeight - 1 - int(node.slot)));
        m_gpuCell[g] = cell;
        m_cellOwner[size_t(cell.y()) * size_t(m_size.width()) + size_t(cell.x())] = int32_t(g);
    }
}

int RackLayout::gpuAt(QPointF p) const
{
    const int x = int(std::floor(p.x()));
    const int y = int(std::floor(p.y()));
    if (x < 0 || y < 0 || x >= m_size.width() || y >= m_size.height())
        return -1;
    return m_cellOwner[size_t(y) * size_t(m_size.width()) + size_t(x)];
}

int RackLayout::rackAt(QPointF p) const
{
    const int x = int(std::floor(p.x()));
    const int y = int(std::floor(p.y()));
    if (x < 0 || y < 0 || x >= m_size.width() || y >= m_size.height())
        return -1;
    return m_cellRack[size_t(y) * size_t(m_size.width()) + size_t(x)];
}

MapViewport MapViewport::fit(QSize layoutSize, const QRectF &area)
{
    MapViewport v;
    if (layoutSize.isEmpty() || area.isEmpty())
        return v;
    v.scale = std::min(area.width() / layoutSize.width(), area.height() / layoutSize.height());
    v.offset = area.center() - QPointF(layoutSize.width(), layoutSize.height()) * v.scale / 2.0;
    return v;
}

MapViewport MapViewport::centeredOn(QPointF unitCenter, double scale, const QRectF &area)
{
    MapViewport v;
    v.scale = scale;
    v.offset = area.center() - unitCenter * scale;
    return v;
}

MapViewport MapViewport::zoomedAt(QPointF widgetPoint, double factor) const
{
    const QPointF unit = toUnit(widgetPoint);
    MapViewport v;
    v.scale = scale * factor;
    v.offset = widgetPoint - unit * v.scale;
    return v;
}

QRect MapViewport::cellRect(QPoint unit) const
{
    const int x0 = int(std::floor(offset.x() + unit.x() * scale));
    const int y0 = int(std::floor(offset.y() + unit.y() * scale));
    const int x1 = int(std::floor(offset.x() + (unit.x() + 1) * scale));
    const int y1 = int(std::floor(offset.y() + (unit.y() + 1) * scale));
    return QRect(QPoint(x0, y0), QPoint(x1 - 1, y1 - 1));
}

} // namespace vigil
