// SPDX-License-Identifier: GPL-3.0-or-later
#include "timelinewidget.h"

#include <QDateTime>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace vigil {

namespace {

constexpr int Margin = 8;
constexpr int AxisHeight = 16;
constexpr int StripHeight = 12;

const QColor InfoColour(0x6e, 0x76, 0x81);
const QColor WarningColour(0xf0, 0xb4, 0x00);
const QColor CriticalColour(0xff, 0x4d, 0x4d);
const QColor RecordedColour(0x38, 0x8b, 0xd6);
const QColor DownsampledColour(0x24, 0x4a, 0x6b);
const QColor CursorColour(0x58, 0xa6, 0xff);
const QColor BookmarkColour(0x3f, 0xb9, 0x50);
const QColor SelectionColour(0xbc, 0x8c, 0xff, 60);
const QColor SelectionEdgeColour(0xbc, 0x8c, 0xff);

QString formatTime(int64_t ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

} // namespace

TimelineWidget::TimelineWidget(QWidget *parent)
    : QWidget(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setAccessibleName(tr("Recording timeline"));
}

void TimelineWidget::setOverview(const RecordingOverview &overview)
{
    const bool another = overview.startMs != m_overview.startMs || overview.endMs != m_overview.endMs;
    m_overview = overview;
    if (another && hasSelection())
        clearSelection(); // a span of another recording
    update();
}

void TimelineWidget::setSelection(int64_t fromMs, int64_t toMs)
{
    if (m_overview.endMs <= 0)
        return;
    fromMs = std::clamp(fromMs, m_overview.startMs, m_overview.endMs);
    toMs = std::clamp(toMs, m_overview.startMs, m_overview.endMs);
    if (toMs < fromMs)
        std::swap(fromMs, toMs);
    if (fromMs == m_selectionFromMs && toMs == m_selectionToMs)
        return;
    m_selectionFromMs = fromMs;
    m_selectionToMs = toMs;
    update();
    Q_EMIT selectionChanged(fromMs, toMs);
}

void TimelineWidget::clearSelection()
{
    if (!hasSelection())
        return;
    m_selectionFromMs = m_selectionToMs = 0;
    update();
    Q_EMIT selectionChanged(0, 0);
}

void TimelineWidget::setPosition(int64_t timeMs)
{
    if (timeMs == m_position)
        return;
    m_position = timeMs;
    update();
}

AxisMapping TimelineWidget::mapping() const
{
    const double start = double(m_overview.startMs);
    const double end = std::max(double(m_overview.endMs), start + 1.0);
    return { start, end, double(Margin), double(width() - Margin) };
}

QRect TimelineWidget::densityRect() const
{
    return QRect(Margin, AxisHeight + 2, width() - 2 * Margin, height() - AxisHeight - StripHeight - 8);
}

QRect TimelineWidget::stripRect() const
{
    return QRect(Margin, height() - StripHeight - 3, width() - 2 * Margin, StripHeight);
}

int64_t TimelineWidget::timeAt(int x) const
{
    const double t = mapping().toValue(double(x));
    return std::clamp(int64_t(std::llround(t)), m_overview.startMs, std::max(m_overview.startMs, m_overview.endMs));
}

int TimelineWidget::xOf(int64_t timeMs) const
{
    return int(std::lround(mapping().toPixel(double(timeMs))));
}

void TimelineWidget::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QPalette pal = palette();
    p.fillRect(rect(), pal.color(QPalette::Base));
    if (m_overview.endMs <= 0) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No recording open"));
        return;
    }
    const AxisMapping map = mapping();
    const QRect density = densityRect();
    const QRect strip = stripRect();
    paintTimeAxis(p, map, density);
    paintDensity(p, map, density);
    paintCoverage(p, map, strip);
    paintMarkers(p, map, strip, density);
    if (hasSelection())
        paintSelection(p, density);
    paintCursor(p, density);
}

// Time axis: ticks down to the density area, each with its label.
void TimelineWidget::paintTimeAxis(QPainter &p, const AxisMapping &map, const QRect &density) const
{
    const QPalette pal = palette();
    p.setPen(pal.color(QPalette::Mid));
    const auto ticks = timeTicks(map.valueMin, map.valueMax, std::max(2, width() / 140));
    const double step = ticks.size() > 1 ? ticks[1] - ticks[0] : map.valueMax - map.valueMin;
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    p.setFont(small);
    for (double t : ticks) {
        const int x = int(map.toPixel(t));
        p.fillRect(QRect(x, AxisHeight - 3, 1, density.bottom() - AxisHeight + 3), pal.color(QPalette::AlternateBase));
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRect(x - 60, 0, 120, AxisHeight - 2), Qt::AlignCenter,
                   timeTickLabel(t, step, map.valueMin, map.valueMax));
    }
}

// Event density: one bar per bucket, critical at the bottom so red is never hidden.
void TimelineWidget::paintDensity(QPainter &p, const AxisMapping &map, const QRect &density) const
{
    const EventDensity &d = m_overview.density;
    const size_t buckets = d.info.size();
    uint32_t peak = 1;
    for (size_t b = 0; b < buckets; ++b)
        peak = std::max(peak, d.info[b] + d.warning[b] + d.critical[b]);
    const double bucketMs = buckets ? double(d.toMs - d.fromMs) / double(buckets) : 0.0;
    // A square-root scale: one warning next to a burst of a hundred still shows.
    const double scale = double(density.height()) / std::sqrt(double(peak));
    for (size_t b = 0; b < buckets; ++b) {
        const uint32_t total = d.info[b] + d.warning[b] + d.critical[b];
        if (!total)
            continue;
        const int x0 = int(map.toPixel(double(d.fromMs) + bucketMs * double(b)));
        const int x1 = std::max(x0 + 1, int(map.toPixel(double(d.fromMs) + bucketMs * double(b + 1))));
        const int h = std::max(2, int(std::sqrt(double(total)) * scale));
        const int hc = d.critical[b] ? std::max(2, h * int(d.critical[b]) / int(total)) : 0;
        const int hw = d.warning[b] ? std::max(1, h * int(d.warning[b]) / int(total)) : 0;
        int y = density.bottom() + 1;
        p.fillRect(QRect(x0, y - hc, x1 - x0, hc), CriticalColour);
        y -= hc;
        p.fillRect(QRect(x0, y - hw, x1 - x0, hw), WarningColour);
        y -= hw;
        p.fillRect(QRect(x0, y - (h - hc - hw), x1 - x0, std::max(0, h - hc - hw)), InfoColour);
    }
}

// Where frames exist (the rest of the strip is a hole), and the interruptions the recording knows
// the reason for.
void TimelineWidget::paintCoverage(QPainter &p, const AxisMapping &map, const QRect &strip) const
{
    const QPalette pal = palette();
    p.fillRect(strip, pal.color(QPalette::AlternateBase));
    for (const RecordedSpan &s : m_overview.coverage) {
        const int x0 = int(map.toPixel(double(s.fromMs)));
        const int x1 = std::max(x0 + 2, int(map.toPixel(double(s.toMs))));
        const QRect r(x0, strip.top(), x1 - x0, strip.height());
        // Downsampled stretches (only each window's extremes kept) are dimmer than full-rate ones.
        p.fillRect(r, s.downsampled ? DownsampledColour : RecordedColour);
    }
    // Interruptions the recording knows the reason for: hatched red across the strip.
    for (const RecordedGap &g : m_overview.gaps) {
        const int x0 = int(map.toPixel(double(g.fromMs)));
        const int x1 = std::max(x0 + 3, int(map.toPixel(double(g.toMs))));
        const QRect r(x0, strip.top() - 2, x1 - x0, strip.height() + 4);
        p.fillRect(r, QBrush(CriticalColour, Qt::BDiagPattern));
        p.fillRect(QRect(x0, r.top(), 1, r.height()), CriticalColour);
        p.fillRect(QRect(x1 - 1, r.top(), 1, r.height()), CriticalColour);
    }
}

// Disruptions (red diamonds on the strip) and bookmarks (green flags from the top of the density area).
void TimelineWidget::paintMarkers(QPainter &p, const AxisMapping &map, const QRect &strip, const QRect &density) const
{
    // Disruptions: red diamonds on the strip.
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(Qt::NoPen);
    int lastX = -10;
    for (const Event &e : m_overview.disruptions) {
        const int x = int(map.toPixel(double(e.timeMs)));
        if (x - lastX < 3)
            continue; // one diamond per few pixels is enough; the tooltip lists them
        lastX = x;
        const int cy = strip.center().y();
        const QPointF diamond[] = {
            { double(x), double(cy - 5) }, { x + 4.0, double(cy) }, { double(x), cy + 5.0 }, { x - 4.0, double(cy) }
        };
        p.setBrush(e.type == EventType::Rollback ? WarningColour : CriticalColour);
        p.drawPolygon(diamond, 4);
    }
    // Bookmarks: green flags from the top of the density area.
    for (const Bookmark &b : m_overview.bookmarks) {
        const int x = int(map.toPixel(double(b.timeMs)));
        p.fillRect(QRect(x, density.top(), 1, density.height()), BookmarkColour);
        const QPointF flag[] = { { double(x), double(density.top()) },
                                 { x + 8.0, density.top() + 4.0 },
                                 { double(x), density.top() + 8.0 } };
        p.setBrush(BookmarkColour);
        p.drawPolygon(flag, 3);
    }
    p.setRenderHint(QPainter::Antialiasing, false);
}

// The span selected (Shift+drag): shaded, edged, with its length.
void TimelineWidget::paintSelection(QPainter &p, const QRect &density) const
{
    const int x0 = xOf(m_selectionFromMs), x1 = std::max(x0 + 1, xOf(m_selectionToMs));
    const QRect band(x0, AxisHeight, x1 - x0, height() - AxisHeight);
    p.fillRect(band, SelectionColour);
    p.fillRect(QRect(x0, band.top(), 1, band.height()), SelectionEdgeColour);
    p.fillRect(QRect(x1 - 1, band.top(), 1, band.height()), SelectionEdgeColour);
    const double hours = double(m_selectionToMs - m_selectionFromMs) / 3600000.0;
    const QString length = hours >= 48.0 ? tr("%1 days").arg(hours / 24.0, 0, 'f', 1)
                                         : tr("%1 h").arg(hours, 0, 'f', hours < 10.0 ? 1 : 0);
    // Its length, boxed at the top of the band like the cursor's instant.
    const int w = p.fontMetrics().horizontalAdvance(length) + 10;
    QRect box(x0 + 4, density.top(), w, p.fontMetrics().height() + 2);
    if (box.right() > width() - Margin)
        box.moveRight(x0 - 4);
    p.fillRect(box, QColor(0x0d, 0x11, 0x17, 220));
    p.setPen(SelectionEdgeColour);
    p.drawText(box, Qt::AlignCenter, length);
}

// The cursor, with the instant shown; the focus outline.
void TimelineWidget::paintCursor(QPainter &p, const QRect &density) const
{
    const int cx = xOf(m_position);
    p.fillRect(QRect(cx - 1, AxisHeight - 2, 3, height() - AxisHeight + 2), CursorColour);
    const QString label = formatTime(m_position) + QStringLiteral(" UTC");
    const int w = p.fontMetrics().horizontalAdvance(label) + 10;
    QRect box(cx + 6, density.top(), w, p.fontMetrics().height() + 2);
    if (box.right() > width() - Margin)
        box.moveRight(cx - 6);
    p.fillRect(box, QColor(0x0d, 0x11, 0x17, 220));
    p.setPen(QColor(0xe6, 0xed, 0xf3));
    p.drawText(box, Qt::AlignCenter, label);
    if (hasFocus()) {
        // An outline only: the brush is still the last marker's (it once filled the strip red).
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(CursorColour, 1, Qt::DotLine));
        p.drawRect(rect().adjusted(0, 0, -1, -1));
    }
}

void TimelineWidget::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || m_overview.endMs <= 0)
        return;
    if (event->modifiers() & Qt::ShiftModifier) {
        // Shift+drag selects a span (what the map's count overlays can cover); the cursor stays.
        m_selecting = true;
        m_selectionAnchorMs = timeAt(int(event->position().x()));
        return;
    }
    m_dragging = true;
    setPosition(timeAt(int(event->position().x())));
    Q_EMIT seekRequested(m_position, false);
}

void TimelineWidget::mouseMoveEvent(QMouseEvent *event)
{
    if (m_selecting) {
        setSelection(m_selectionAnchorMs, timeAt(int(event->position().x())));
        return;
    }
    if (!m_dragging)
        return;
    setPosition(timeAt(int(event->position().x())));
    Q_EMIT seekRequested(m_position, false);
}

void TimelineWidget::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_selecting && event->button() == Qt::LeftButton) {
        m_selecting = false;
        const int64_t at = timeAt(int(event->position().x()));
        if (std::abs(xOf(at) - xOf(m_selectionAnchorMs)) < 3)
            clearSelection(); // a Shift+click: no span
        else
            setSelection(m_selectionAnchorMs, at);
        return;
    }
    if (!m_dragging || event->button() != Qt::LeftButton)
        return;
    m_dragging = false;
    setPosition(timeAt(int(event->position().x())));
    Q_EMIT seekRequested(m_position, true);
}

void TimelineWidget::keyPressEvent(QKeyEvent *event)
{
    const int64_t span = std::max<int64_t>(1, m_overview.endMs - m_overview.startMs);
    auto jump = [&](int64_t t) {
        setPosition(std::clamp(t, m_overview.startMs, m_overview.endMs));
        Q_EMIT seekRequested(m_position, true);
    };
    const bool shift = event->modifiers() & Qt::ShiftModifier;
    switch (event->key()) {
    case Qt::Key_Space:
        Q_EMIT playToggled();
        return;
    case Qt::Key_Left:
        shift ? jump(m_position - span / 100) : Q_EMIT stepRequested(-1);
        return;
    case Qt::Key_Right:
        shift ? jump(m_position + span / 100) : Q_EMIT stepRequested(+1);
        return;
    case Qt::Key_PageUp:
        jump(m_position - span / 10);
        return;
    case Qt::Key_PageDown:
        jump(m_position + span / 10);
        return;
    case Qt::Key_Home:
        jump(m_overview.startMs);
        return;
    case Qt::Key_End:
        jump(m_overview.endMs);
        return;
    case Qt::Key_B:
        Q_EMIT bookmarkRequested();
        return;
    case Qt::Key_Escape:
        if (hasSelection()) {
            clearSelection();
            return;
        }
        QWidget::keyPressEvent(event);
        return;
    default:
        QWidget::keyPressEvent(event);
    }
}

QString TimelineWidget::tooltipAt(const QPoint &pos) const
{
    if (m_overview.endMs <= 0)
        return {};
    const int64_t t = timeAt(pos.x());
    const int64_t slack = int64_t(std::ceil(mapping().valuesPerPixel() * 4.0));
    QStringList lines { formatTime(t) + QStringLiteral(" UTC") };
    if (hasSelection() && t >= m_selectionFromMs && t <= m_selectionToMs)
        lines << tr("Selected: %1 – %2 (Esc clears; Shift+drag selects another)")
                     .arg(formatTime(m_selectionFromMs), formatTime(m_selectionToMs));
    for (const Bookmark &b : m_overview.bookmarks)
        if (std::abs(b.timeMs - t) <= slack)
            lines << (b.shared ? tr("Bookmark: %1 (%2, shared with the NOC)") : tr("Bookmark: %1 (%2)"))
                         .arg(b.note, b.author);
    for (const RecordedSpan &s : m_overview.coverage)
        if (s.downsampled && t >= s.fromMs && t <= s.toMs)
            lines << tr("Downsampled: each minute's lowest and highest readings");
    for (const RecordedGap &g : m_overview.gaps)
        if (t >= g.fromMs - slack && t <= g.toMs + slack)
            lines << tr("No data %1 – %2: %3").arg(formatTime(g.fromMs), formatTime(g.toMs), g.reason);
    int listed = 0;
    for (const Event &e : m_overview.disruptions)
        if (std::abs(e.timeMs - t) <= slack && listed++ < 6)
            lines << tr("%1 %2: %3").arg(formatTime(e.timeMs), e.jobId, e.message);
    const EventDensity &d = m_overview.density;
    if (!d.info.empty() && d.toMs > d.fromMs) {
        const size_t b = std::min(d.info.size() - 1,
                                  size_t(double(t - d.fromMs) / double(d.toMs - d.fromMs) * double(d.info.size())));
        if (d.critical[b] + d.warning[b] + d.info[b])
            lines << tr("Events here: %1 critical, %2 warning, %3 info")
                         .arg(d.critical[b])
                         .arg(d.warning[b])
                         .arg(d.info[b]);
    }
    return lines.join(QLatin1Char('\n'));
}

bool TimelineWidget::event(QEvent *event)
{
    if (event->type() == QEvent::ShortcutOverride) {
        // The timeline's keys win over the window's shortcuts (Home fits the rack map) while it has focus.
        switch (static_cast<QKeyEvent *>(event)->key()) {
        case Qt::Key_Space:
        case Qt::Key_Left:
        case Qt::Key_Right:
        case Qt::Key_Home:
        case Qt::Key_End:
        case Qt::Key_PageUp:
        case Qt::Key_PageDown:
        case Qt::Key_B:
            event->accept();
            return true;
        default:
            break;
        }
    }
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = tooltipAt(help->pos());
        text.isEmpty() ? QToolTip::hideText() : QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace vigil
