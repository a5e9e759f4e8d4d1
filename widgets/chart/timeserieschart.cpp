// SPDX-License-Identifier: GPL-3.0-or-later
#include "timeserieschart.h"

#include "report/reportcsv.h"

#include <QBuffer>
#include <QHelpEvent>
#include <QImage>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QTextStream>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace vigil {

namespace {
constexpr int LeftMargin = 64;
constexpr int RightMargin = 14;
constexpr int TopMargin = 34; // title, legend and the marker band
constexpr int LegendLineHeight = 14; // the legend's own line, on a narrow chart
constexpr int BottomMargin = 26;
constexpr double MarkerMergePixels = 9.0; // markers closer than this are drawn as one group
} // namespace

TimeSeriesChart::TimeSeriesChart(QWidget *parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(200, 70);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void TimeSeriesChart::setTitle(const QString &title)
{
    m_title = title;
    update();
}

void TimeSeriesChart::setYUnit(const QString &unit)
{
    m_yUnit = unit;
    update();
}

void TimeSeriesChart::setTimeAxis(bool xIsTime)
{
    m_time = xIsTime;
    update();
}

void TimeSeriesChart::setSeries(std::vector<ChartSeries> series)
{
    m_series = std::move(series);
    if (m_following)
        fitX();
    update();
}

void TimeSeriesChart::setMarkers(std::vector<ChartMarker> markers)
{
    m_markers = std::move(markers);
    std::sort(m_markers.begin(), m_markers.end(), [](const auto &a, const auto &b) { return a.x < b.x; });
    update();
}

void TimeSeriesChart::setHighlightedEvents(std::vector<uint64_t> eventIds)
{
    std::sort(eventIds.begin(), eventIds.end());
    if (eventIds == m_highlighted)
        return;
    m_highlighted = std::move(eventIds);
    update();
}

bool TimeSeriesChart::isHighlighted(const ChartMarker &marker) const
{
    return marker.eventId && std::binary_search(m_highlighted.begin(), m_highlighted.end(), marker.eventId);
}

void TimeSeriesChart::setSpans(std::vector<ChartSpan> spans)
{
    m_spans = std::move(spans);
    update();
}

void TimeSeriesChart::fitX()
{
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    for (const ChartSeries &s : m_series)
        if (s.data && !s.data->empty()) {
            lo = std::min(lo, s.data->firstX());
            hi = std::max(hi, s.data->lastX());
        }
    if (!(hi >= lo))
        return;
    if (hi == lo) { // a single point: a little room either side
        lo -= 1.0;
        hi += 1.0;
    }
    applyXRange(lo, hi, true);
}

void TimeSeriesChart::applyXRange(double x0, double x1, bool following)
{
    if (!(x1 > x0) || !std::isfinite(x0) || !std::isfinite(x1))
        return;
    const bool changed = x0 != m_x.valueMin || x1 != m_x.valueMax;
    m_x.valueMin = x0;
    m_x.valueMax = x1;
    m_following = following;
    update();
    if (changed)
        Q_EMIT xRangeChanged(x0, x1);
}

void TimeSeriesChart::setXRange(double x0, double x1)
{
    applyXRange(x0, x1, false);
}

void TimeSeriesChart::resetView()
{
    m_following = true;
    fitX();
}

QString TimeSeriesChart::titleText() const
{
    return m_yUnit.isEmpty() ? m_title : QStringLiteral("%1 (%2)").arg(m_title, m_yUnit);
}

int TimeSeriesChart::legendWidth() const
{
    QFont small = font();
    small.setPixelSize(11);
    const QFontMetrics metrics(small);
    int width = 0;
    for (const ChartSeries &s : m_series)
        if (!s.name.isEmpty())
            width += metrics.horizontalAdvance(s.name) + 30;
    return width;
}

bool TimeSeriesChart::legendOnOwnLine(int areaWidth) const
{
    const int legend = legendWidth();
    if (legend == 0)
        return false;
    QFont bold = font();
    bold.setBold(true);
    return QFontMetrics(bold).horizontalAdvance(titleText()) + legend + 24 > areaWidth;
}

QRect TimeSeriesChart::plotRectIn(const QRect &area) const
{
    const int top = TopMargin + (legendOnOwnLine(area.width()) ? LegendLineHeight : 0);
    return area.adjusted(LeftMargin, top, -RightMargin, -BottomMargin);
}

QRect TimeSeriesChart::plotRect() const
{
    return plotRectIn(rect());
}

AxisMapping TimeSeriesChart::xMapping() const
{
    const QRect plot = plotRect();
    AxisMapping x = m_x;
    x.pixelMin = plot.left();
    x.pixelMax = plot.right() + 1;
    return x;
}

std::pair<double, double> TimeSeriesChart::visibleYRange(const QRect &plot) const
{
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    for (const ChartSeries &s : m_series) {
        if (!s.data)
            continue;
        const size_t begin = s.data->lowerBound(m_x.valueMin);
        const size_t end = s.data->lowerBound(std::nextafter(m_x.valueMax, std::numeric_limits<double>::infinity()));
        const auto [min, max] = s.data->extremes(begin, end);
        if (!std::isnan(min)) {
            lo = std::min(lo, double(min));
            hi = std::max(hi, double(max));
        }
    }
    Q_UNUSED(plot);
    if (!(hi >= lo))
        return { 0.0, 1.0 };
    const double pad = hi > lo ? (hi - lo) * 0.06 : std::max(std::abs(hi) * 0.05, 0.5);
    return { lo - pad, hi + pad };
}

AxisMapping TimeSeriesChart::yMapping() const
{
    const QRect plot = plotRect();
    const auto [lo, hi] = visibleYRange(plot);
    return { lo, hi, double(plot.bottom() + 1), double(plot.top()) };
}

std::vector<TimeSeriesChart::MarkerGroup> TimeSeriesChart::groupMarkers(const AxisMapping &x) const
{
    std::vector<MarkerGroup> groups;
    for (bool minor : { true, false }) { // minor first: the flags are drawn over the ticks
        size_t start = groups.size();
        for (const ChartMarker &m : m_markers) {
            if (m.minor != minor || m.x < x.valueMin || m.x > x.valueMax)
                continue;
            const double pixel = x.toPixel(m.x);
            if (groups.size() > start && pixel - groups.back().pixel < MarkerMergePixels)
                groups.back().markers.push_back(&m);
            else
                groups.push_back({ pixel, { &m } });
        }
    }
    return groups;
}

void TimeSeriesChart::paintChart(QPainter &p, const QRect &area)
{
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::WindowText);
    const QColor dim = pal.color(QPalette::PlaceholderText);
    p.fillRect(area, pal.color(QPalette::Base));
    const QRect plot = plotRectIn(area);
    if (plot.width() < 10 || plot.height() < 10)
        return;
    AxisMapping x = m_x;
    x.pixelMin = plot.left();
    x.pixelMax = plot.right() + 1;
    const auto [yLo, yHi] = visibleYRange(plot);
    const AxisMapping y { yLo, yHi, double(plot.bottom() + 1), double(plot.top()) };

    // Grid and tick labels.
    QFont small = font();
    small.setPixelSize(11);
    p.setFont(small);
    const QFontMetricsF metrics(small);
    // Nothing to draw yet: no ticks (an axis at 00:00:00 reads like data), but a word in the plot.
    const bool hasData
        = std::any_of(m_series.begin(), m_series.end(), [](const auto &s) { return s.data && !s.data->empty(); });
    const QColor grid = dim.darker(170);
    const int xTickCount = std::max(2, plot.width() / 110);
    const std::vector<double> xt = !hasData ? std::vector<double>()
        : m_time                            ? timeTicks(x.valueMin, x.valueMax, xTickCount)
                                            : niceTicks(x.valueMin, x.valueMax, xTickCount);
    const double xStep = xt.size() > 1 ? xt[1] - xt[0] : x.valueMax - x.valueMin;
    for (double t : xt) {
        const int px = int(std::lround(x.toPixel(t)));
        // Grid lines as one-pixel rectangles: a solid fill. Drawn with a pen, the
        // forty-odd grid lines took most of a full-HD frame (18 ms against 7).
        p.fillRect(QRect(px, plot.top(), 1, plot.height()), grid);
        p.setPen(dim);
        const QString label = m_time ? timeTickLabel(t, xStep, x.valueMin, x.valueMax) : tickLabel(t, xStep);
        p.drawText(QPointF(px - metrics.horizontalAdvance(label) / 2.0, plot.bottom() + 4 + metrics.ascent()), label);
    }
    const std::vector<double> yt
        = hasData ? niceTicks(y.valueMin, y.valueMax, std::max(2, plot.height() / 40)) : std::vector<double>();
    const double yStep = yt.size() > 1 ? yt[1] - yt[0] : 1.0;
    for (double t : yt) {
        const int py = int(std::lround(y.toPixel(t)));
        p.fillRect(QRect(plot.left(), py, plot.width(), 1), grid);
        p.setPen(dim);
        const QString label = tickLabel(t, yStep);
        p.drawText(QPointF(area.left() + LeftMargin - 6 - metrics.horizontalAdvance(label),
                           py + (metrics.ascent() - metrics.descent()) / 2.0),
                   label);
    }
    p.setPen(dim);
    p.drawRect(plot.adjusted(0, 0, -1, -1));
    if (!hasData)
        p.drawText(plot, Qt::AlignCenter, tr("No data yet"));

    // Shaded spans under the lines.
    for (const ChartSpan &span : m_spans) {
        const double a = std::max(x.toPixel(span.x0), double(plot.left()));
        const double b = std::min(x.toPixel(span.x1), double(plot.right() + 1));
        if (b <= a)
            continue;
        p.fillRect(QRectF(a, plot.top(), b - a, plot.height()), span.colour);
        if (!span.label.isEmpty() && b - a > p.fontMetrics().horizontalAdvance(span.label) + 6) {
            QColor labelColour = span.colour;
            labelColour.setAlpha(255);
            p.setPen(labelColour.lighter(140));
            p.drawText(QRectF(a + 3, plot.bottom() - 18, b - a - 6, 16), Qt::AlignLeft | Qt::AlignVCenter, span.label);
        }
    }

    // The series: per pixel column a vertical stroke from min to max, joined to
    // its neighbours from last to first; a NaN at either end leaves a gap.
    p.save();
    p.setClipRect(plot);
    std::vector<QLineF> lines;
    for (const ChartSeries &s : m_series) {
        if (!s.data || s.data->empty())
            continue;
        const std::vector<SeriesColumn> columns = s.data->columns(x.valueMin, x.valueMax, plot.width());
        lines.clear();
        lines.reserve(columns.size() * 2);
        const SeriesColumn *previous = nullptr;
        for (const SeriesColumn &c : columns) {
            if (c.empty())
                continue;
            if (c.count > 1 && !std::isnan(c.min) && c.max > c.min) {
                const double px = x.toPixel((c.firstX + c.lastX) / 2.0);
                lines.emplace_back(px, y.toPixel(c.min), px, y.toPixel(c.max));
            }
            if (previous && !std::isnan(previous->last) && !std::isnan(c.first))
                lines.emplace_back(x.toPixel(previous->lastX), y.toPixel(previous->last), x.toPixel(c.firstX),
                                   y.toPixel(c.first));
            else if (!std::isnan(c.first) && c.count == 1) // a lone point still shows
                lines.emplace_back(x.toPixel(c.firstX) - 1.0, y.toPixel(c.first), x.toPixel(c.firstX) + 1.0,
                                   y.toPixel(c.first));
            previous = &c;
        }
        QColor colour = s.colour;
        if (s.dimmed)
            colour.setAlpha(110);
        p.setPen(QPen(colour, s.width, s.dimmed ? Qt::DashLine : Qt::SolidLine, Qt::FlatCap));
        p.drawLines(lines.data(), int(lines.size()));
    }
    p.restore();

    // Markers grouped when they crowd: events that matter as flags along the top,
    // background warnings as ticks along the bottom.
    const std::vector<MarkerGroup> groups = groupMarkers(x);
    for (size_t gi = 0; gi < groups.size(); ++gi) {
        const MarkerGroup &g = groups[gi];
        const ChartMarker &first = *g.markers.front();
        p.setPen(Qt::NoPen);
        p.setBrush(first.colour);
        if (first.minor) {
            p.drawRect(QRectF(g.pixel - 1.0, plot.bottom() - 6, 2.0, 6.0));
            continue;
        }
        const bool highlighted = std::any_of(g.markers.begin(), g.markers.end(),
                                             [this](const ChartMarker *m) { return isHighlighted(*m); });
        // A faint guide down the plot, filled rather than stroked (see the grid); solid when highlighted.
        p.fillRect(
            QRectF(std::floor(g.pixel) - (highlighted ? 1.0 : 0.0), plot.top(), highlighted ? 3.0 : 1.0, plot.height()),
            QColor(first.colour.red(), first.colour.green(), first.colour.blue(), highlighted ? 200 : 70));
        const QPointF tip(g.pixel, plot.top());
        const double size = highlighted ? 7.0 : 5.0;
        const QPointF triangle[3] = { tip, tip + QPointF(-size, -1.6 * size), tip + QPointF(size, -1.6 * size) };
        p.setPen(highlighted ? QPen(text, 1.5) : QPen(Qt::NoPen));
        p.drawPolygon(triangle, 3);
        p.setPen(Qt::NoPen);
        const QString count = QStringLiteral("×%1").arg(g.markers.size());
        double room = plot.right() - g.pixel;
        for (size_t next = gi + 1; next < groups.size(); ++next)
            if (!groups[next].markers.front()->minor) {
                room = groups[next].pixel - g.pixel;
                break;
            }
        if (g.markers.size() > 1 && room > p.fontMetrics().horizontalAdvance(count) + 10) {
            p.setPen(text);
            p.drawText(QRectF(g.pixel + 5, plot.top() - 14, 40, 12), Qt::AlignLeft | Qt::AlignVCenter, count);
        }
    }
    p.setBrush(Qt::NoBrush);

    // Title and legend.
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(text);
    const QString title = titleText();
    // The title and the legend share the first line when both fit; otherwise the title
    // has it whole and the legend takes a line of its own under it.
    const bool ownLine = legendOnOwnLine(area.width());
    const int titleWidth = ownLine ? area.width() - 16 : std::max(60, area.width() - 16 - legendWidth());
    p.drawText(QRect(area.left() + 8, area.top() + 2, titleWidth, 16), Qt::AlignLeft | Qt::AlignVCenter,
               p.fontMetrics().elidedText(title, Qt::ElideRight, titleWidth));
    p.setFont(small);
    const int legendTop = area.top() + 2 + (ownLine ? LegendLineHeight + 2 : 0);
    int lx = area.right() - RightMargin;
    for (auto it = m_series.rbegin(); it != m_series.rend(); ++it) {
        if (it->name.isEmpty())
            continue;
        const int w = p.fontMetrics().horizontalAdvance(it->name);
        lx -= w;
        p.setPen(dim);
        p.drawText(QRect(lx, legendTop, w, 16), Qt::AlignLeft | Qt::AlignVCenter, it->name);
        lx -= 18;
        QColor c = it->colour;
        if (it->dimmed)
            c.setAlpha(110);
        p.setPen(QPen(c, 2, it->dimmed ? Qt::DashLine : Qt::SolidLine));
        p.drawLine(lx, legendTop + 8, lx + 14, legendTop + 8);
        lx -= 12;
        if (lx < area.left() + (ownLine ? 8 : area.width() / 2))
            break;
    }

    // The crosshair: the value of every series at the pointer.
    if (area == rect() && plot.contains(m_hover) && !m_dragging) {
        const double hx = x.toValue(m_hover.x());
        p.setPen(QPen(dim, 1, Qt::DashLine));
        p.drawLine(m_hover.x(), plot.top(), m_hover.x(), plot.bottom());
        QStringList rows { m_time ? timeTickLabel(hx, 1000.0) : tickLabel(hx, xStep / 10.0) };
        for (const ChartSeries &s : m_series) {
            if (!s.data || s.data->empty() || s.name.isEmpty())
                continue;
            size_t i = s.data->lowerBound(hx);
            if (i == s.data->size() || (i > 0 && hx - s.data->x(i - 1) < s.data->x(i) - hx))
                i = i == 0 ? 0 : i - 1;
            if (std::abs(x.toPixel(s.data->x(i)) - m_hover.x()) > 12.0)
                continue; // nothing near the pointer: say nothing rather than a far value
            const float v = s.data->y(i);
            rows << QStringLiteral("%1: %2").arg(
                s.name, std::isnan(v) ? QStringLiteral("—") : QLocale().toString(double(v), 'g', 6));
        }
        const QString box = rows.join(u'\n');
        const QRect bounds = p.fontMetrics().boundingRect(QRect(0, 0, 400, 400), 0, box).adjusted(-6, -4, 6, 4);
        QRect placed = bounds.translated(m_hover + QPoint(14, 14) - bounds.topLeft());
        if (placed.right() > plot.right())
            placed.moveRight(m_hover.x() - 14);
        if (placed.bottom() > plot.bottom())
            placed.moveBottom(m_hover.y() - 14);
        p.fillRect(placed, QColor(0x0d, 0x11, 0x17, 230));
        p.setPen(QColor(0xe6, 0xed, 0xf3));
        p.drawText(placed.adjusted(6, 4, -6, -4), 0, box);
    }
    if (m_banding) {
        const int a = std::clamp(std::min(m_pressAt.x(), m_hover.x()), plot.left(), plot.right());
        const int b = std::clamp(std::max(m_pressAt.x(), m_hover.x()), plot.left(), plot.right());
        p.fillRect(QRect(a, plot.top(), b - a, plot.height()), QColor(0x58, 0xa6, 0xff, 50));
        p.setPen(QColor(0x58, 0xa6, 0xff));
        p.drawRect(QRect(a, plot.top(), b - a, plot.height() - 1));
    }
}

void TimeSeriesChart::render(QPainter &painter, const QRect &target)
{
    paintChart(painter, target);
}

void TimeSeriesChart::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    paintChart(p, rect());
}

QImage TimeSeriesChart::toImage()
{
    QImage image(size() * 2, QImage::Format_ARGB32);
    image.setDevicePixelRatio(2.0);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    paintChart(p, rect());
    return image;
}

QByteArray TimeSeriesChart::toSvg()
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(size());
    svg.setViewBox(rect());
    svg.setTitle(m_title);
    svg.setDescription(tr("Exported from Vigil"));
    QPainter p(&svg);
    p.setRenderHint(QPainter::Antialiasing);
    paintChart(p, rect());
    p.end();
    return bytes;
}

QByteArray TimeSeriesChart::toCsv() const
{
    // One row per distinct x in view; each series fills its own column.
    std::map<double, std::vector<float>> rows;
    for (size_t k = 0; k < m_series.size(); ++k) {
        const auto &data = m_series[k].data;
        if (!data)
            continue;
        for (size_t i = data->lowerBound(m_x.valueMin); i < data->size() && data->x(i) <= m_x.valueMax; ++i) {
            auto &row = rows[data->x(i)];
            row.resize(m_series.size(), std::numeric_limits<float>::quiet_NaN());
            row[k] = data->y(i);
        }
    }
    QString text;
    QTextStream out(&text);
    out << (m_time ? "time_ms" : "x");
    for (const ChartSeries &s : m_series)
        out << ',' << csvField(QString(s.name).replace(u',', u';'));
    out << '\n';
    for (const auto &[xValue, values] : rows) {
        out << QString::number(xValue, 'g', 17);
        for (size_t k = 0; k < m_series.size(); ++k) {
            out << ',';
            if (k < values.size() && !std::isnan(values[k]))
                out << QString::number(double(values[k]), 'g', 9);
        }
        out << '\n';
    }
    out.flush();
    return text.toUtf8();
}

QString writeChartExport(const QString &path, const std::variant<QImage, QByteArray> &content)
{
    QByteArray bytes;
    if (const QImage *image = std::get_if<QImage>(&content)) {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        if (!image->save(&buffer, "PNG"))
            return TimeSeriesChart::tr("Cannot encode the chart as PNG");
    } else {
        bytes = std::get<QByteArray>(content);
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return TimeSeriesChart::tr("Cannot write %1: %2").arg(path, file.errorString());
    return {};
}

void TimeSeriesChart::wheelEvent(QWheelEvent *event)
{
    const double factor = std::pow(1.2, event->angleDelta().y() / 120.0);
    const AxisMapping z = xMapping().zoomedAt(event->position().x(), factor);
    applyXRange(z.valueMin, z.valueMax, false);
    event->accept();
}

void TimeSeriesChart::mousePressEvent(QMouseEvent *event)
{
    m_pressAt = event->position().toPoint();
    m_lastDrag = m_pressAt;
    if (event->button() == Qt::LeftButton && (event->modifiers() & Qt::ShiftModifier))
        m_banding = true;
    else if (event->button() == Qt::RightButton)
        m_banding = true;
    else if (event->button() == Qt::LeftButton)
        m_dragging = true;
    QWidget::mousePressEvent(event);
}

void TimeSeriesChart::mouseMoveEvent(QMouseEvent *event)
{
    m_hover = event->position().toPoint();
    if (m_dragging && m_hover != m_lastDrag) {
        const AxisMapping panned = xMapping().pannedBy(m_hover.x() - m_lastDrag.x());
        m_lastDrag = m_hover;
        applyXRange(panned.valueMin, panned.valueMax, false);
    }
    update();
}

void TimeSeriesChart::mouseReleaseEvent(QMouseEvent *event)
{
    const QPoint at = event->position().toPoint();
    if (m_banding) {
        m_banding = false;
        if (std::abs(at.x() - m_pressAt.x()) >= 4) {
            const AxisMapping x = xMapping();
            applyXRange(x.toValue(std::min(at.x(), m_pressAt.x())), x.toValue(std::max(at.x(), m_pressAt.x())), false);
        }
        update();
    } else if (m_dragging && (at - m_pressAt).manhattanLength() < 4) {
        // A click, not a drag: on a marker, say which event it is.
        const AxisMapping x = xMapping();
        for (const MarkerGroup &g : groupMarkers(x))
            if (std::abs(g.pixel - at.x()) <= 6 && !g.markers.front()->minor && at.y() <= plotRect().top() + 12) {
                Q_EMIT markerClicked(g.markers.front()->eventId);
                break;
            }
    }
    m_dragging = false;
    QWidget::mouseReleaseEvent(event);
}

void TimeSeriesChart::mouseDoubleClickEvent(QMouseEvent *)
{
    resetView();
}

void TimeSeriesChart::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Home) {
        resetView();
        return;
    }
    QWidget::keyPressEvent(event);
}

void TimeSeriesChart::leaveEvent(QEvent *)
{
    m_hover = { -1, -1 };
    update();
}

bool TimeSeriesChart::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const AxisMapping x = xMapping();
        for (const MarkerGroup &g : groupMarkers(x))
            if (std::abs(g.pixel - help->pos().x()) <= 6
                && (g.markers.front()->minor ? help->pos().y() >= plotRect().bottom() - 10
                                             : help->pos().y() <= plotRect().top() + 14)) {
                QStringList lines;
                for (const ChartMarker *m : g.markers)
                    lines << m->tooltip;
                QToolTip::showText(help->globalPos(), lines.join(u'\n'), this);
                return true;
            }
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    return QWidget::event(event);
}

} // namespace vigil
