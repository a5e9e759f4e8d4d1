// SPDX-License-Identifier: GPL-3.0-or-later
#include "rackmapwidget.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <limits>

namespace vigil {

namespace {

const QColor RackBodyColor(0x07, 0x08, 0x0a);

constexpr int Margin = 8;

} // namespace

RackMapWidget::RackMapWidget(QWidget *parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(320, 200);
}

RackMapWidget::~RackMapWidget() = default;

void RackMapWidget::setTopology(std::shared_ptr<const Topology> topology)
{
    m_topology = std::move(topology);
    m_layout = m_topology ? RackLayout(*m_topology) : RackLayout();
    m_values.assign(m_topology ? m_topology->gpus.size() : 0, std::nanf(""));
    m_marks.clear();
    m_rackMarks.clear();
    m_hovered = -1;
    m_selected = -1;
    m_zoom = 1.0;
    rebuildBackground();
    cellsChanged();
}

void RackMapWidget::setCellValues(std::vector<float> values, const ColorScale &scale, float min, float max,
                                  float validMin, float validMax)
{
    m_validMin = validMin;
    m_validMax = validMax;
    m_values = std::move(values);
    m_scale = scale;
    m_min = min;
    m_max = max;
    cellsChanged();
}

void RackMapWidget::setCellMarks(std::vector<uint8_t> marks)
{
    m_marks = std::move(marks);
    m_rackMarks.assign(m_topology ? m_topology->racks.size() : 0, NoMark);
    if (m_topology)
        for (size_t g = 0; g < m_marks.size() && g < m_topology->gpus.size(); ++g)
            if (m_marks[g])
                m_rackMarks[m_topology->rackOfGpu(uint32_t(g))] |= m_marks[g];
    cellsChanged();
}

void RackMapWidget::setRackAggregate(RackAggregate aggregate)
{
    if (aggregate == m_aggregate)
        return;
    m_aggregate = aggregate;
    cellsChanged();
}

float RackMapWidget::rackAggregate(size_t rack) const
{
    bool invalid = false;
    return aggregateOf(rack, invalid);
}

float RackMapWidget::aggregateOf(size_t rack, bool &invalid, int *shownBy) const
{
    float chosen = std::numeric_limits<float>::quiet_NaN();
    if (!m_topology || rack >= m_topology->nodesOfRack.size())
        return chosen;
    struct Count
    {
        float value;
        int gpus;
        uint32_t first;
    };
    std::vector<Count> counts; // Commonest
    float largest = -std::numeric_limits<float>::infinity(); // Sum: its largest part
    int by = -1;
    for (uint32_t node : m_topology->nodesOfRack[rack])
        for (uint32_t g : m_topology->gpusOfNode[node]) {
            if (g >= m_values.size())
                continue;
            if (by < 0)
                by = int(g); // a rack of no readings is its first GPU
            const float v = m_values[g];
            if (std::isnan(v))
                continue;
            if (v < m_validMin || v > m_validMax) {
                invalid = true; // a broken sensor shows even from afar
                if (shownBy)
                    *shownBy = int(g);
                return chosen;
            }
            switch (m_aggregate) {
            case RackAggregate::Max:
                if (!(chosen >= v)) {
                    chosen = v;
                    by = int(g);
                }
                break;
            case RackAggregate::LargestMagnitude:
                if (!(std::abs(chosen) >= std::abs(v))) {
                    chosen = v;
                    by = int(g);
                }
                break;
            case RackAggregate::Sum:
                chosen = std::isnan(chosen) ? v : chosen + v;
                if (v > largest) {
                    largest = v;
                    by = int(g);
                }
                break;
            case RackAggregate::Commonest: {
                auto it = std::find_if(counts.begin(), counts.end(), [v](const Count &c) { return c.value == v; });
                if (it == counts.end())
                    counts.push_back({ v, 1, g });
                else
                    ++it->gpus;
                break;
            }
            }
        }
    if (m_aggregate == RackAggregate::Commonest && !counts.empty()) {
        const Count &commonest = *std::max_element(counts.begin(), counts.end(),
                                                   [](const Count &a, const Count &b) { return a.gpus < b.gpus; });
        chosen = commonest.value;
        by = int(commonest.first);
    }
    if (shownBy)
        *shownBy = by;
    return chosen;
}

QRgb RackMapWidget::rackAggregateColour(size_t rack) const
{
    bool invalid = false;
    const float value = aggregateOf(rack, invalid);
    return invalid ? ColorScale::invalidColor() : m_scale.map(value, m_min, m_max);
}

uint8_t RackMapWidget::rackMark(int rack) const
{
    return rack >= 0 && size_t(rack) < m_rackMarks.size() ? m_rackMarks[size_t(rack)] : uint8_t(NoMark);
}

void RackMapWidget::paintMarks(QRgb *bits, qsizetype stride, const QRect &r, QRgb colour, uint8_t mark) const
{
    const QRgb ink = qGray(colour) > 110 ? qRgb(0x10, 0x10, 0x10) : qRgb(0xd8, 0xd8, 0xd8);
    const int w = r.width();
    const int h = r.height();
    if (mark & StaleMark) // diagonal hatching: a silent GPU never looks like a live reading
        for (int y = 0; y < h; ++y)
            for (int x = (4 - (r.top() + y + r.left()) % 4) % 4; x < w; x += 4)
                bits[(r.top() + y) * stride + r.left() + x] = ink;
    if (!(mark & (WarningMark | CriticalMark)) || w < 4 || h < 4)
        return;
    // A corner badge: a dark triangle in the top-left corner.
    const int badge = std::max(2, std::min(w, h) * 2 / 5);
    for (int y = 0; y < badge; ++y)
        std::fill_n(bits + (r.top() + y) * stride + r.left(), badge - y, ink);
    if (mark & CriticalMark) { // and a ring around the cell
        const int ring = w >= 12 ? 2 : 1;
        for (int t = 0; t < ring; ++t) {
            std::fill_n(bits + (r.top() + t) * stride + r.left(), w, ink);
            std::fill_n(bits + (r.bottom() - t) * stride + r.left(), w, ink);
            for (int y = 0; y < h; ++y) {
                bits[(r.top() + y) * stride + r.left() + t] = ink;
                bits[(r.top() + y) * stride + r.right() - t] = ink;
            }
        }
    }
}

void RackMapWidget::paintSlices(QRgb *bits, qsizetype stride, const QRect &r, QRgb colour, size_t parts) const
{
    // A GPU split by MIG is drawn split: a thin line between its instances (their own
    // readings are in the Details pane); a single instance, a notch in the bottom-right corner.
    const QRgb ink = qGray(colour) > 110 ? qRgb(0x10, 0x10, 0x10) : qRgb(0xd8, 0xd8, 0xd8);
    const int w = r.width();
    const int h = r.height();
    if (parts > 1 && w >= int(parts) * 3) {
        for (size_t k = 1; k < parts; ++k) {
            const int x = r.left() + int(size_t(w) * k / parts);
            for (int y = h / 3; y < h; ++y)
                bits[(r.top() + y) * stride + x] = ink;
        }
        return;
    }
    if (w < 4 || h < 4)
        return;
    const int notch = std::max(2, std::min(w, h) / 4);
    for (int y = 0; y < notch; ++y)
        std::fill_n(bits + (r.bottom() - y) * stride + r.right() - (notch - y) + 1, notch - y, ink);
}

void RackMapWidget::paintRackOutlines(QPainter &p) const
{
    p.setBrush(Qt::NoBrush);
    // Racks whose place is a guess say so: a dotted outline and a "?" (assumed) or
    // "unplaced" tag, so nobody walks to the wrong rack at 3 AM.
    QFont tagFont = font();
    tagFont.setPixelSize(10);
    p.setFont(tagFont);
    if (m_topology)
        for (size_t rack = 0; rack < m_topology->racks.size() && rack < m_layout.rackRects().size(); ++rack) {
            const Rack::Placement placement = m_topology->racks[rack].placement;
            if (placement == Rack::Placement::Known)
                continue;
            const QRectF body = m_viewport.toWidget(QRectF(m_layout.rackRects()[rack])).adjusted(-1, -1, 1, 1);
            const QColor colour
                = placement == Rack::Placement::Unplaced ? QColor(0xcc, 0x79, 0xa7) : QColor(0x9a, 0xa4, 0xb1);
            p.setPen(QPen(colour, 1.0, Qt::DotLine));
            p.drawRect(body);
            const QString tag = placement == Rack::Placement::Unplaced ? tr("unplaced") : QStringLiteral("?");
            if (body.width() >= p.fontMetrics().horizontalAdvance(tag) + 6 && body.height() >= 14) {
                const QRectF box(body.right() - p.fontMetrics().horizontalAdvance(tag) - 6, body.top() - 1,
                                 p.fontMetrics().horizontalAdvance(tag) + 6, p.fontMetrics().height());
                p.fillRect(box, colour);
                p.setPen(Qt::black);
                p.drawText(box, Qt::AlignCenter, tag);
            }
        }
    for (size_t rack = 0; rack < m_rackMarks.size() && rack < m_layout.rackRects().size(); ++rack) {
        const uint8_t mark = m_rackMarks[rack];
        if (!mark)
            continue;
        QRectF body = m_viewport.toWidget(QRectF(m_layout.rackRects()[rack])).adjusted(-2, -2, 2, 2);
        if (mark & (CriticalMark | WarningMark)) {
            const bool critical = mark & CriticalMark;
            p.setPen(QPen(critical ? QColor(0xe0, 0x2a, 0x2a) : QColor(0xf0, 0xb4, 0x00), critical ? 3.0 : 2.0));
            p.drawRect(body);
            if (mark & StaleMark)
                body.adjust(-3, -3, 3, 3);
        }
        if (mark & StaleMark) {
            p.setPen(QPen(QColor(0xc8, 0xcc, 0xd2), 1.5, Qt::DashLine));
            p.drawRect(body.adjusted(-1, -1, 1, 1));
        }
    }
}

void RackMapWidget::setStaleNotice(const QString &notice)
{
    if (notice == m_staleNotice)
        return;
    m_staleNotice = notice;
    update();
}

void RackMapWidget::setTooltipProvider(std::function<QString(int)> provider)
{
    m_tooltip = std::move(provider);
}

void RackMapWidget::rebuildBackground()
{
    const QSize pixels = size();
    m_background = QImage(pixels, QImage::Format_RGB32);
    // The floor and hall follow the palette (dark or light); rack bodies stay dark
    // so the cells' colours read the same on both.
    const QColor floorColor = palette().color(QPalette::Window).darker(115);
    const QColor hallColor = palette().color(QPalette::Window);
    const QColor labelColor = palette().color(QPalette::PlaceholderText);
    m_background.fill(floorColor);
    updateViewport();
    // Gaps between cells only once cells are big enough to keep their colour readable.
    m_cellGap = m_viewport.scale >= 6.0 ? 1 : 0;
    m_cellPixels.clear();
    m_frame = QImage();
    if (!m_topology)
        return;
    // Each GPU's pixels, computed once per geometry and clipped to the widget.
    m_cellPixels.reserve(m_layout.gpuCells().size());
    const QRect bounds = m_background.rect();
    for (const QPoint &cell : m_layout.gpuCells())
        m_cellPixels.push_back(cellPixels(m_viewport, cell, m_cellGap, bounds));

    QPainter p(&m_background);
    const double unit = m_viewport.scale;
    QFont titleFont = font();
    titleFont.setBold(true);
    titleFont.setPixelSize(std::clamp(int(unit * 1.6), 9, 22));
    QFont labelFont = font();
    labelFont.setPixelSize(std::clamp(int(unit * 1.1), 6, 14));
    const bool rackLabels = unit * RackLayout::AisleHeight >= 10.0 && unit * m_layout.rackWidth() >= 28.0;

    for (size_t h = 0; h < m_layout.hallRects().size(); ++h) {
        const QRectF hall = m_viewport.toWidget(QRectF(m_layout.hallRects()[h])).adjusted(-unit, 0, unit, unit);
        p.fillRect(hall, hallColor);
        if (unit * RackLayout::HallTitleHeight >= 10.0) {
            p.setFont(titleFont);
            p.setPen(labelColor);
            p.drawText(hall.adjusted(unit, 0, 0, 0).toRect().adjusted(0, 0, 0, -int(hall.height() - unit * 2.6)),
                       Qt::AlignLeft | Qt::AlignVCenter, m_topology->halls[h].name);
        }
    }
    p.setFont(labelFont);
    for (size_t r = 0; r < m_layout.rackRects().size(); ++r) {
        const QRectF body = m_viewport.toWidget(QRectF(m_layout.rackRects()[r]));
        p.fillRect(body.toAlignedRect(), RackBodyColor);
        if (rackLabels) {
            const QRectF label(body.left(), body.bottom() + 1, body.width(), unit * (RackLayout::AisleHeight - 0.6));
            p.setPen(labelColor);
            p.drawText(label, Qt::AlignHCenter | Qt::AlignTop,
                       p.fontMetrics().elidedText(m_topology->racks[r].name, Qt::ElideMiddle, int(label.width())));
        }
    }
    p.end();
    m_frame = m_background.copy();
    buildUnitFrame(floorColor, hallColor);
}

void RackMapWidget::buildUnitFrame(const QColor &floor, const QColor &hall)
{
    // At whole-hall zoom no label is drawn and a cell is a few pixels: paint one
    // pixel per layout unit, over the whole widget, and let the blit scale it.
    m_unitFrame = QImage();
    if (m_viewport.scale >= UnitFrameBelowScale || m_viewport.scale <= 0.0)
        return;
    m_unitRaster = UnitRaster::covering(m_viewport, size());
    if (m_unitRaster.size.isEmpty())
        return;
    m_unitFrame = QImage(m_unitRaster.size, QImage::Format_RGB32);
    m_unitFrame.fill(floor);
    QPainter p(&m_unitFrame);
    p.translate(m_unitRaster.origin);
    for (const QRect &h : m_layout.hallRects())
        p.fillRect(h.adjusted(-1, 0, 1, 1), hall);
    for (const QRect &r : m_layout.rackRects())
        p.fillRect(r, RackBodyColor);
    p.end();
    m_unitTarget = m_unitRaster.target(m_viewport);
}

QRectF RackMapWidget::mapArea() const
{
    return QRectF(rect()).adjusted(Margin, Margin, -Margin, -Margin);
}

double RackMapWidget::maxZoom() const
{
    const MapViewport fit = MapViewport::fit(m_layout.size(), mapArea());
    return fit.scale > 0.0 ? std::max(1.0, 64.0 / fit.scale) : 1.0;
}

void RackMapWidget::updateViewport()
{
    const MapViewport fit = MapViewport::fit(m_layout.size(), mapArea());
    if (m_zoom <= 1.0 + 1e-9) {
        m_zoom = 1.0;
        m_viewport = fit;
        m_center = fit.unitAt(mapArea());
        return;
    }
    // Keep the centre on the floor plan, so panning never loses the cluster.
    m_center.setX(std::clamp(m_center.x(), 0.0, double(m_layout.size().width())));
    m_center.setY(std::clamp(m_center.y(), 0.0, double(m_layout.size().height())));
    m_viewport = MapViewport::centeredOn(m_center, fit.scale * m_zoom, mapArea());
}

void RackMapWidget::applyViewChange()
{
    rebuildBackground();
    cellsChanged();
    Q_EMIT viewChanged();
}

void RackMapWidget::zoomBy(double factor, QPointF widgetPoint)
{
    const double target = std::clamp(m_zoom * factor, 1.0, maxZoom());
    if (std::abs(target - m_zoom) < 1e-9)
        return;
    const MapViewport zoomed = m_viewport.zoomedAt(widgetPoint, target / m_zoom);
    m_zoom = target;
    m_center = zoomed.unitAt(mapArea());
    applyViewChange();
}

void RackMapWidget::panBy(QPointF pixels)
{
    if (m_zoom <= 1.0)
        return;
    m_center -= pixels / m_viewport.scale;
    applyViewChange();
}

void RackMapWidget::setSelectedGpu(int gpu)
{
    if (!m_topology || gpu >= int(m_topology->gpus.size()))
        gpu = -1;
    if (gpu == m_selected)
        return;
    m_selected = gpu;
    update();
    Q_EMIT selectionChanged(gpu);
}

void RackMapWidget::centerOn(int gpu, double cellPixels)
{
    if (!m_topology || gpu < 0 || size_t(gpu) >= m_layout.gpuCells().size())
        return;
    const MapViewport fit = MapViewport::fit(m_layout.size(), mapArea());
    if (fit.scale <= 0.0)
        return;
    m_zoom = std::clamp(std::max(m_zoom, cellPixels / fit.scale), 1.0, maxZoom());
    m_center = QPointF(m_layout.gpuCells()[size_t(gpu)]) + QPointF(0.5, 0.5);
    applyViewChange();
}

void RackMapWidget::fitUnits(const QRectF &units)
{
    const MapViewport fit = MapViewport::fit(m_layout.size(), mapArea());
    if (!m_topology || fit.scale <= 0.0 || units.isEmpty())
        return;
    const double scale = std::min(mapArea().width() / units.width(), mapArea().height() / units.height());
    m_zoom = std::clamp(scale / fit.scale, 1.0, maxZoom());
    m_center = units.center();
    applyViewChange();
}

void RackMapWidget::showHall(int hall)
{
    if (hall >= 0 && size_t(hall) < m_layout.hallRects().size())
        fitUnits(QRectF(m_layout.hallRects()[size_t(hall)]).adjusted(-1, -1, 1, 1));
}

void RackMapWidget::fitAll()
{
    m_zoom = 1.0;
    applyViewChange();
}

std::vector<uint32_t> RackMapWidget::racksInDetail() const
{
    std::vector<uint32_t> racks;
    if (!m_topology)
        return racks;
    if (!showsRackAggregates()) {
        const QRectF area = mapArea();
        for (size_t r = 0; r < m_layout.rackRects().size(); ++r)
            if (m_viewport.toWidget(QRectF(m_layout.rackRects()[r])).intersects(area))
                racks.push_back(uint32_t(r));
    }
    if (m_selected >= 0 && size_t(m_selected) < m_topology->gpus.size()) {
        const uint32_t rack = m_topology->rackOfGpu(uint32_t(m_selected));
        if (std::find(racks.begin(), racks.end(), rack) == racks.end())
            racks.push_back(rack);
    }
    return racks;
}

QString RackMapWidget::breadcrumb() const
{
    if (!m_topology)
        return {};
    const Topology &t = *m_topology;
    if (m_zoom <= 1.0)
        return tr("%1 — all halls").arg(t.clusterName);
    const QPointF at = m_viewport.unitAt(mapArea());
    const int rack = m_layout.rackAt(at);
    if (rack >= 0) {
        const Row &row = t.rows[t.racks[size_t(rack)].rowIndex];
        return tr("%1 › row %2 › rack %3").arg(t.halls[row.hallIndex].name, row.name, t.racks[size_t(rack)].name);
    }
    for (size_t h = 0; h < m_layout.hallRects().size(); ++h)
        if (QRectF(m_layout.hallRects()[h]).contains(at))
            return t.halls[h].name;
    return t.clusterName;
}

void RackMapWidget::cellsChanged()
{
    // Rendered once, at the next paint: a tick that sets the values and then the marks (or a
    // zoom that moves the view too) paints every cell once, not once per change.
    m_cellsToRender = true;
    update();
}

void RackMapWidget::renderCells()
{
    m_cellsToRender = false;
    ++m_renders;
    if (m_background.size() != size())
        rebuildBackground();
    if (!m_topology || m_frame.isNull())
        return;
    if (showsRackAggregates()) {
        QPainter p(&m_unitFrame);
        p.translate(m_unitRaster.origin);
        for (size_t r = 0; r < m_layout.rackRects().size(); ++r)
            p.fillRect(m_layout.rackRects()[r], QColor::fromRgb(rackAggregateColour(r)));
        return;
    }
    if (!m_unitFrame.isNull()) {
        const qsizetype unitStride = m_unitFrame.bytesPerLine() / qsizetype(sizeof(QRgb));
        QRgb *unitBits = reinterpret_cast<QRgb *>(m_unitFrame.bits());
        const auto &cells = m_layout.gpuCells();
        const size_t n = std::min(cells.size(), m_values.size());
        for (size_t g = 0; g < n; ++g) {
            const qsizetype at = m_unitRaster.pixelIndex(cells[g], unitStride);
            if (at < 0)
                continue; // zoomed in: this GPU is off screen
            const float v = m_values[g];
            const bool invalid = v < m_validMin || v > m_validMax;
            unitBits[at] = invalid ? ColorScale::invalidColor() : m_scale.map(v, m_min, m_max);
        }
        return;
    }
    // Every cell's pixels are overwritten, so the frame keeps its background
    // between updates and only the cells are painted: no 8 MB copy per frame.
    const qsizetype stride = m_frame.bytesPerLine() / qsizetype(sizeof(QRgb));
    QRgb *bits = reinterpret_cast<QRgb *>(m_frame.bits());
    const size_t n = std::min(m_cellPixels.size(), m_values.size());
    for (size_t g = 0; g < n; ++g) {
        const QRect &r = m_cellPixels[g];
        if (r.isEmpty())
            continue;
        const float v = m_values[g];
        const bool invalid = v < m_validMin || v > m_validMax;
        const QRgb colour = invalid ? ColorScale::invalidColor() : m_scale.map(v, m_min, m_max);
        QRgb *row = bits + r.top() * stride + r.left();
        const int width = r.width();
        for (int y = 0; y < r.height(); ++y, row += stride)
            std::fill_n(row, width, colour);
        if (m_topology && g < m_topology->instancesOfGpu.size() && !m_topology->instancesOfGpu[g].empty())
            paintSlices(bits, stride, r, colour, m_topology->instancesOfGpu[g].size());
        if (g < m_marks.size() && m_marks[g])
            paintMarks(bits, stride, r, colour, m_marks[g]);
        // Not by colour alone: an invalid reading is also crossed out where the cell is big enough.
        if (invalid && width >= 5 && r.height() >= 5)
            for (int d = 0; d < std::min(width, r.height()); ++d)
                bits[(r.top() + d) * stride + r.left() + d] = qRgb(0, 0, 0);
    }
}

QRgb RackMapWidget::cellColor(int gpu) const
{
    if (gpu < 0 || size_t(gpu) >= m_values.size())
        return ColorScale::noDataColor();
    const float v = m_values[size_t(gpu)];
    return v < m_validMin || v > m_validMax ? ColorScale::invalidColor() : m_scale.map(v, m_min, m_max);
}

QPoint RackMapWidget::cellCenter(int gpu) const
{
    if (gpu < 0 || size_t(gpu) >= m_layout.gpuCells().size())
        return {};
    // The pixel at the middle of its unit cell: where cells are a pixel or so wide, the centre of
    // the pixel rectangle (its top left) could fall in the gap before the cell.
    const QPoint cell = m_layout.gpuCells()[size_t(gpu)];
    const QPointF middle = m_viewport.toWidget(QPointF(cell) + QPointF(0.5, 0.5));
    return { int(std::floor(middle.x())), int(std::floor(middle.y())) };
}

int RackMapWidget::gpuAtWidget(QPointF position) const
{
    // The pixel under the pointer shows the cell at its centre (the blit samples there): a cell a
    // pixel or so wide read at the pixel's corner was often the gap beside it.
    const QPointF unit = m_viewport.toUnit(position + QPointF(0.5, 0.5));
    // From afar a rack is one block in the colour of its most extreme GPU: the pointer anywhere
    // on it means that GPU. (Between two GPUs' cells, a pixel apart there, it meant none: a click
    // on the hottest rack selected nothing.)
    if (showsRackAggregates())
        if (const int rack = m_layout.rackAt(unit); rack >= 0) {
            bool invalid = false;
            int gpu = -1;
            aggregateOf(size_t(rack), invalid, &gpu);
            return gpu;
        }
    return m_layout.gpuAt(unit);
}

void RackMapWidget::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    if (m_background.size() != size()) {
        rebuildBackground();
        m_cellsToRender = true;
    }
    if (m_cellsToRender)
        renderCells();
    if (!m_unitFrame.isNull())
        p.drawImage(m_unitTarget, m_unitFrame); // nearest-neighbour: cells keep their exact colours
    else
        p.drawImage(0, 0, m_frame.isNull() ? m_background : m_frame);
    if (m_topology && m_viewport.scale >= 34.0 && m_scale.palette() != ColorScale::Palette::Categorical) {
        // Close enough to read: each visible cell shows its value.
        QFont small = font();
        small.setPixelSize(std::clamp(int(m_viewport.scale / 3.2), 9, 16));
        p.setFont(small);
        const QRect visible = rect();
        for (size_t g = 0; g < m_cellPixels.size() && g < m_values.size(); ++g) {
            const QRect &r = m_cellPixels[g];
            if (!r.intersects(visible) || std::isnan(m_values[g]))
                continue;
            const QRgb colour = m_scale.map(m_values[g], m_min, m_max);
            p.setPen(qGray(colour) > 140 ? Qt::black : Qt::white);
            // A fraction on a narrow scale (a GPU 1.6 % slower than its peers) keeps its tenths.
            const double v = double(m_values[g]);
            const bool tenths = m_max - m_min <= 10.0f && v != std::floor(v);
            p.drawText(r, Qt::AlignCenter, QString::number(v, 'f', tenths ? 1 : 0));
        }
    }
    if (m_selected >= 0 && size_t(m_selected) < m_cellPixels.size()) {
        // Two rings, light and dark, so the selection shows on any cell colour.
        const QRect r = m_cellPixels[size_t(m_selected)];
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(QColor(0x0d, 0x11, 0x17), 3));
        p.drawRect(r.adjusted(-3, -3, 2, 2));
        p.setPen(QPen(QColor(0x58, 0xa6, 0xff), 2));
        p.drawRect(r.adjusted(-2, -2, 1, 1));
    }
    if (m_hovered >= 0) {
        const QRect r = m_viewport.cellRect(m_layout.gpuCells()[size_t(m_hovered)]).adjusted(-1, -1, 0, 0);
        p.setPen(QPen(Qt::white, 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(r.adjusted(0, 0, -m_cellGap, -m_cellGap));
    }
    if (m_topology && m_viewport.scale * RackLayout::HallTitleHeight < 10.0) {
        // Too small for the title band: label each hall in its corner instead.
        QFont f = font();
        f.setBold(true);
        p.setFont(f);
        for (size_t h = 0; h < m_layout.hallRects().size(); ++h) {
            const QPointF corner = m_viewport.toWidget(QPointF(m_layout.hallRects()[h].topLeft()));
            const QString name = m_topology->halls[h].name;
            const QRect box(corner.toPoint() + QPoint(4, 4),
                            QSize(p.fontMetrics().horizontalAdvance(name) + 10, p.fontMetrics().height() + 4));
            p.fillRect(box, QColor(0x12, 0x15, 0x1a, 220));
            p.setPen(palette().color(QPalette::PlaceholderText));
            p.drawText(box, Qt::AlignCenter, name);
        }
    }
    paintRackOutlines(p); // above the hall labels: an alarm is never hidden behind a name
    if (m_topology && showsRackAggregates()) {
        // Say what a block means, so a rack's colour is not read as every GPU's.
        QFont f = font();
        f.setPixelSize(11);
        p.setFont(f);
        const QString fullNote = m_aggregate == RackAggregate::Commonest
            ? tr("Each rack shows its commonest value — zoom in for single GPUs")
            : m_aggregate == RackAggregate::Sum ? tr("Each rack shows the sum of its GPUs — zoom in for single GPUs")
                                                : tr("Each rack shows its most extreme GPU — zoom in for single GPUs");
        const QString note = p.fontMetrics().elidedText(fullNote, Qt::ElideRight, width() - 24);
        const QRect box(6, height() - p.fontMetrics().height() - 10, p.fontMetrics().horizontalAdvance(note) + 12,
                        p.fontMetrics().height() + 4);
        p.fillRect(box, QColor(0x12, 0x15, 0x1a, 220));
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(box, Qt::AlignCenter, note);
    }
    if (!m_staleNotice.isEmpty()) {
        // Never let an old picture pass for a live one.
        p.fillRect(rect(), QColor(0x0d, 0x11, 0x17, 150));
        QFont f = font();
        f.setPixelSize(std::max(16, height() / 28));
        f.setBold(true);
        p.setFont(f);
        const QRect band(0, height() / 2 - f.pixelSize() * 2, width(), f.pixelSize() * 4);
        p.fillRect(band, QColor(0x3d, 0x2c, 0x00, 230));
        p.setPen(QColor(0xff, 0xd3, 0x3d));
        p.drawText(band, Qt::AlignCenter | Qt::TextWordWrap, m_staleNotice);
    }
    if (!m_topology) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("Waiting for the cluster's topology…"));
    }
}

void RackMapWidget::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange && m_topology) {
        rebuildBackground();
        cellsChanged();
    }
    QWidget::changeEvent(event);
}

void RackMapWidget::resizeEvent(QResizeEvent *)
{
    rebuildBackground();
    m_cellsToRender = true;
    Q_EMIT viewChanged();
}

void RackMapWidget::mouseMoveEvent(QMouseEvent *event)
{
    if (event->buttons() & Qt::LeftButton) {
        if (!m_dragging && (event->position() - m_pressPosition).manhattanLength() > 4)
            m_dragging = true;
        if (m_dragging) {
            panBy(event->position() - m_lastDragPosition);
            m_lastDragPosition = event->position();
            return;
        }
    }
    const int gpu = gpuAtWidget(event->position());
    if (gpu != m_hovered) {
        m_hovered = gpu;
        update();
    }
}

void RackMapWidget::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        m_pressPosition = m_lastDragPosition = event->position();
        m_dragging = false;
    }
}

void RackMapWidget::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return;
    // A press that did not move is a click; one that moved was a pan.
    if (!m_dragging) {
        const int gpu = gpuAtWidget(event->position());
        if (gpu >= 0) {
            setSelectedGpu(gpu);
            Q_EMIT gpuClicked(gpu);
        }
    }
    m_dragging = false;
}

void RackMapWidget::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton)
        zoomBy(2.0, event->position());
}

void RackMapWidget::wheelEvent(QWheelEvent *event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps != 0.0)
        zoomBy(std::pow(1.25, steps), event->position());
    event->accept();
}

void RackMapWidget::keyPressEvent(QKeyEvent *event)
{
    const double pan = 0.15;
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomBy(1.5);
        break;
    case Qt::Key_Minus:
        zoomBy(1.0 / 1.5);
        break;
    case Qt::Key_0:
    case Qt::Key_Home:
        fitAll();
        break;
    case Qt::Key_Left:
        panBy(QPointF(width() * pan, 0));
        break;
    case Qt::Key_Right:
        panBy(QPointF(-width() * pan, 0));
        break;
    case Qt::Key_Up:
        panBy(QPointF(0, height() * pan));
        break;
    case Qt::Key_Down:
        panBy(QPointF(0, -height() * pan));
        break;
    default:
        QWidget::keyPressEvent(event);
    }
}

void RackMapWidget::leaveEvent(QEvent *)
{
    if (m_hovered >= 0) {
        m_hovered = -1;
        update();
    }
}

bool RackMapWidget::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int gpu = gpuAtWidget(help->pos());
        if (gpu >= 0 && m_tooltip)
            QToolTip::showText(help->globalPos(), m_tooltip(gpu), this,
                               m_viewport.cellRect(m_layout.gpuCells()[size_t(gpu)]));
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

} // namespace vigil
