// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chart/axismapping.h"
#include "recording/replayfeed.h"

#include <QWidget>

class QPainter;

namespace vigil {

// The whole recording along the bottom of the window: event density by
// severity, where frames exist and where the stream was interrupted, the
// disruptions (crashes, rollbacks), bookmarks, and the replay cursor. Drag or
// click to scrub; the keyboard plays, steps and jumps. Shift+drag selects a span
// (Esc clears it), which the rack map's count overlays can cover.
class TimelineWidget : public QWidget
{
    Q_OBJECT
public:
    explicit TimelineWidget(QWidget *parent = nullptr);

    void setOverview(const RecordingOverview &overview);
    const RecordingOverview &overview() const { return m_overview; }
    void setPosition(int64_t timeMs);
    int64_t position() const { return m_position; }
    // The time under a widget x coordinate, clamped to the recording.
    int64_t timeAt(int x) const;
    int xOf(int64_t timeMs) const;
    // The span selected, clamped to the recording; none when from == to.
    void setSelection(int64_t fromMs, int64_t toMs);
    void clearSelection();
    bool hasSelection() const { return m_selectionToMs > m_selectionFromMs; }
    std::pair<int64_t, int64_t> selection() const { return { m_selectionFromMs, m_selectionToMs }; }

    QSize sizeHint() const override { return { 800, 86 }; }
    QSize minimumSizeHint() const override { return { 200, 70 }; }

Q_SIGNALS:
    // `final` is false while the cursor is being dragged.
    void seekRequested(int64_t timeMs, bool final);
    void stepRequested(int direction);
    void playToggled();
    void bookmarkRequested();
    // A span was selected, or the selection cleared (from == to == 0).
    void selectionChanged(int64_t fromMs, int64_t toMs);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool event(QEvent *event) override;

private:
    // paintEvent's steps, back to front.
    void paintTimeAxis(QPainter &p, const AxisMapping &map, const QRect &density) const;
    void paintDensity(QPainter &p, const AxisMapping &map, const QRect &density) const;
    void paintCoverage(QPainter &p, const AxisMapping &map, const QRect &strip) const;
    void paintMarkers(QPainter &p, const AxisMapping &map, const QRect &strip, const QRect &density) const;
    void paintSelection(QPainter &p, const QRect &density) const;
    void paintCursor(QPainter &p, const QRect &density) const;
    AxisMapping mapping() const;
    QRect densityRect() const;
    QRect stripRect() const;
    QString tooltipAt(const QPoint &pos) const;

    RecordingOverview m_overview;
    int64_t m_position = 0;
    bool m_dragging = false;
    bool m_selecting = false;
    int64_t m_selectionAnchorMs = 0;
    int64_t m_selectionFromMs = 0, m_selectionToMs = 0;
};

} // namespace vigil
