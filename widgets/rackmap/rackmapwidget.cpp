// SPDX-License-Identifier: GPL-3.0-or-later
#include "rackmapwidget.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <cmath>

namespace vigil {

namespace {

const QColor FloorColor(0x12, 0x15, 0x1a);
const QColor HallColor(0x1a, 0x1e, 0x25);
const QColor RackBodyColor(0x07, 0x08, 0x0a);
const QColor LabelColor(0xa8, 0xb3, 0xc2);
constexpr int Margin = 8;

} // namespace

RackMapWidget::RackMapWidget(QWidget *parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(320, 200);
}

RackMapWidget::~RackMapWidget() = default;

void RackMapWidget::setTopology(std::shared_ptr<const Topology> topology)
{
    m_topology = std::move(topology);
    m_layout = m_topology ? RackLayout(*m_topology) : RackLayout();
    m_values.assign(m_topology ? m_topology->gpus.size() : 0, std::nanf(""));
    m_hovered = -1;
    rebuildBackground();
    renderCells();
    update();
}

void RackMapWidget::setCellValues(std::vector<float> values, const ColorScale &scale, float min, float max)
{
    m_values = std::move(values);
    m_scale = scale;
    m_min = min;
    m_max = max;
    renderCells();
    update();
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
    m_background.fill(FloorColor);
    m_viewport = MapViewport::fit(m_layout.size(), QRectF(rect()).adjusted(Margin, Margin, -Margin, -Margin));
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
        m_cellPixels.push_back(m_viewport.cellRect(cell).adjusted(0, 0, -m_cellGap, -m_cellGap).intersected(bounds));

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
        p.fillRect(hall, HallColor);
        if (unit * RackLayout::HallTitleHeight >= 10.0) {
            p.setFont(titleFont);
            p.setPen(LabelColor);
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
            p.setPen(LabelColor);
            p.drawText(label, Qt::AlignHCenter | Qt::AlignTop,
                       p.fontMetrics().elidedText(m_topology->racks[r].name, Qt::ElideMiddle, int(label.width())));
        }
    }
    p.end();
    m_frame = m_background.copy();
}

void RackMapWidget::renderCells()
{
    if (m_background.size() != size())
        rebuildBackground();
    if (!m_topology || m_frame.isNull())
        return;
    // Every cell's pixels are overwritten, so the frame keeps its background
    // between updates and only the cells are painted: no 8 MB copy per frame.
    const qsizetype stride = m_frame.bytesPerLine() / qsizetype(sizeof(QRgb));
    QRgb *bits = reinterpret_cast<QRgb *>(m_frame.bits());
    const size_t n = std::min(m_cellPixels.size(), m_values.size());
    for (size_t g = 0; g < n; ++g) {
        const QRect &r = m_cellPixels[g];
        if (r.isEmpty())
            continue;
        const QRgb colour = m_scale.map(m_values[g], m_min, m_max);
        QRgb *row = bits + r.top() * stride + r.left();
        const int width = r.width();
        for (int y = 0; y < r.height(); ++y, row += stride)
            std::fill_n(row, width, colour);
    }
}

QRgb RackMapWidget::cellColor(int gpu) const
{
    if (gpu < 0 || size_t(gpu) >= m_values.size())
        return ColorScale::noDataColor();
    return m_scale.map(m_values[size_t(gpu)], m_min, m_max);
}

QPoint RackMapWidget::cellCenter(int gpu) const
{
    if (gpu < 0 || size_t(gpu) >= m_layout.gpuCells().size())
        return {};
    return m_viewport.cellRect(m_layout.gpuCells()[size_t(gpu)]).center();
}

int RackMapWidget::gpuAtWidget(QPointF position) const
{
    return m_layout.gpuAt(m_viewport.toUnit(position));
}

void RackMapWidget::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    if (m_background.size() != size()) {
        rebuildBackground();
        renderCells();
    }
    p.drawImage(0, 0, m_frame.isNull() ? m_background : m_frame);
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
            p.setPen(LabelColor);
            p.drawText(box, Qt::AlignCenter, name);
        }
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
        p.setPen(LabelColor);
        p.drawText(rect(), Qt::AlignCenter, tr("Waiting for the cluster's topology…"));
    }
}

void RackMapWidget::resizeEvent(QResizeEvent *)
{
    rebuildBackground();
    renderCells();
}

void RackMapWidget::mouseMoveEvent(QMouseEvent *event)
{
    const int gpu = gpuAtWidget(event->position());
    if (gpu != m_hovered) {
        m_hovered = gpu;
        update();
    }
}

void RackMapWidget::mousePressEvent(QMouseEvent *event)
{
    const int gpu = gpuAtWidget(event->position());
    if (gpu >= 0 && event->button() == Qt::LeftButton)
        Q_EMIT gpuClicked(gpu);
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
