// SPDX-License-Identifier: GPL-3.0-or-later
#include "sparklinetable.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <cmath>

namespace vigil {

namespace {
constexpr int Padding = 4;
} // namespace

void paintSparkline(QPainter &p, const QRectF &area, const std::vector<float> &series, float min, float max,
                    const QColor &colour)
{
    if (series.empty() || !(max > min))
        return;
    const double dx = series.size() > 1 ? area.width() / double(series.size() - 1) : 0.0;
    auto yOf = [&](float v) {
        const double t = std::clamp((double(v) - min) / (double(max) - min), 0.0, 1.0);
        return area.bottom() - t * area.height();
    };
    QPainterPath path;
    bool penDown = false;
    for (size_t i = 0; i < series.size(); ++i) {
        if (std::isnan(series[i])) {
            penDown = false; // a gap, never a zero
            continue;
        }
        const QPointF point(area.left() + dx * double(i), yOf(series[i]));
        if (penDown)
            path.lineTo(point);
        else
            path.moveTo(point);
        penDown = true;
    }
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(colour, 1.4));
    p.setBrush(Qt::NoBrush);
    p.drawPath(path);
    // The newest reading as a dot, so the current end of the line is obvious.
    if (!std::isnan(series.back())) {
        p.setBrush(colour);
        p.drawEllipse(QPointF(area.right(), yOf(series.back())), 2.0, 2.0);
    }
    p.restore();
}

SparklineTable::SparklineTable(QWidget *parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void SparklineTable::setColumns(const QStringList &headers)
{
    m_headers = headers;
    updateGeometry();
    update();
}

void SparklineTable::setRows(std::vector<SparklineRow> rows)
{
    const bool resized = rows.size() != m_rows.size();
    m_rows = std::move(rows);
    if (resized)
        updateGeometry();
    update();
}

void SparklineTable::setCaption(const QString &caption)
{
    m_caption = caption;
    update();
}

int SparklineTable::rowHeight() const
{
    return fontMetrics().height() + 8;
}

int SparklineTable::headerHeight() const
{
    return fontMetrics().height() * 2 + 8;
}

int SparklineTable::labelWidth() const
{
    return fontMetrics().horizontalAdvance(QStringLiteral("GPU 00")) + 2 * Padding;
}

int SparklineTable::valueWidth() const
{
    return fontMetrics().horizontalAdvance(QStringLiteral("0000 W")) + Padding;
}

QSize SparklineTable::sizeHint() const
{
    return { 360, headerHeight() + int(std::max<size_t>(m_rows.size(), 1)) * rowHeight() + Padding };
}

QSize SparklineTable::minimumSizeHint() const
{
    return { 240, sizeHint().height() };
}

QRect SparklineTable::sparklineRect(int row, int column) const
{
    const int columns = std::max<int>(1, int(m_headers.size()));
    const int columnWidth = (width() - labelWidth()) / columns;
    const int left = labelWidth() + column * columnWidth + valueWidth() + 2 * Padding;
    const int top = headerHeight() + row * rowHeight();
    return QRect(left, top + 3, columnWidth - valueWidth() - 4 * Padding, rowHeight() - 6);
}

void SparklineTable::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QPalette pal = palette();
    const QColor dim = pal.color(QPalette::PlaceholderText);
    const QColor text = pal.color(QPalette::WindowText);
    const int columns = std::max<int>(1, int(m_headers.size()));
    const int columnWidth = (width() - labelWidth()) / columns;
    const int fm = fontMetrics().height();

    p.setPen(text);
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.drawText(QRect(Padding, 2, width() - 2 * Padding, fm), Qt::AlignLeft | Qt::AlignVCenter,
               fontMetrics().elidedText(m_caption, Qt::ElideRight, width() - 2 * Padding));
    p.setFont(font());
    p.setPen(dim);
    for (int c = 0; c < int(m_headers.size()); ++c)
        p.drawText(QRect(labelWidth() + c * columnWidth, fm + 4, columnWidth, fm), Qt::AlignLeft | Qt::AlignVCenter,
                   m_headers[c]);

    // Temperature warm, power cool: the two lines of a row never look alike.
    static const QColor lineColours[] = { QColor(0xff, 0x9e, 0x4a), QColor(0x6c, 0xb6, 0xff) };
    for (int r = 0; r < int(m_rows.size()); ++r) {
        const SparklineRow &row = m_rows[size_t(r)];
        const QRect band(0, headerHeight() + r * rowHeight(), width(), rowHeight());
        if (row.highlighted)
            p.fillRect(band, pal.color(QPalette::Highlight).darker(160));
        else if (r % 2)
            p.fillRect(band, pal.color(QPalette::AlternateBase));
        if (row.warning) // a marker, not only a colour
            p.fillRect(QRect(band.left(), band.top() + 2, 3, band.height() - 4), QColor(0xf0, 0xb4, 0x00));
        p.setPen(text);
        p.drawText(band.adjusted(Padding + 2, 0, 0, 0).intersected(QRect(0, band.top(), labelWidth(), band.height())),
                   Qt::AlignLeft | Qt::AlignVCenter, row.label);
        for (int c = 0; c < int(row.cells.size()) && c < columns; ++c) {
            const SparklineCell &cell = row.cells[size_t(c)];
            const QRect valueRect(labelWidth() + c * columnWidth, band.top(), valueWidth(), band.height());
            p.setPen(text);
            p.drawText(valueRect, Qt::AlignRight | Qt::AlignVCenter, cell.value);
            paintSparkline(p, sparklineRect(r, c), cell.series, cell.min, cell.max,
                           lineColours[size_t(c) % std::size(lineColours)]);
        }
    }
}

void SparklineTable::mousePressEvent(QMouseEvent *event)
{
    const int row = (int(event->position().y()) - headerHeight()) / rowHeight();
    if (event->position().y() >= headerHeight() && row >= 0 && row < int(m_rows.size()))
        Q_EMIT rowActivated(row);
    QWidget::mousePressEvent(event);
}

} // namespace vigil
