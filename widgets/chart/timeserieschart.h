// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "axismapping.h"
#include "domain/minmaxpyramid.h"

#include <QColor>
#include <QImage>
#include <QWidget>

#include <memory>
#include <variant>
#include <vector>

namespace vigil {

// One line on a chart. The chart draws from the pyramid and never copies it.
struct ChartSeries
{
    QString name;
    QColor colour;
    std::shared_ptr<const MinMaxPyramid> data;
    qreal width = 2.0;
    bool dimmed = false; // an abandoned branch: drawn faint and dashed, never hidden
};

// Something that happened at an instant, drawn as a tick along the top of the plot.
struct ChartMarker
{
    double x = 0.0;
    QColor colour;
    QString label; // short, e.g. "restart"
    QString tooltip;
    uint64_t eventId = 0;
    bool minor = false; // a warning in the background: a tick along the bottom, not a flag on top
};

// A stretch to shade, e.g. the steps recomputed after a rollback or the wall time lost.
struct ChartSpan
{
    double x0 = 0.0;
    double x1 = 0.0;
    QColor colour;
    QString label;
};

// The one time-series chart of the application: several series decimated to
// min/max per pixel column (so nothing is hidden and 10 M points redraw in
// milliseconds), NaN drawn as gaps, markers grouped when they crowd, shaded spans,
// a crosshair with values, zoom (wheel, Shift+drag band), pan (drag), reset
// (double click, Home). While the view is not zoomed it follows new data.
class TimeSeriesChart : public QWidget
{
    Q_OBJECT
public:
    explicit TimeSeriesChart(QWidget *parent = nullptr);

    void setTitle(const QString &title);
    void setYUnit(const QString &unit);
    void setTimeAxis(bool xIsTime); // x in ms since the epoch (UTC labels) or plain values
    void setSeries(std::vector<ChartSeries> series);
    void setMarkers(std::vector<ChartMarker> markers);
    void setSpans(std::vector<ChartSpan> spans);
    // The markers of these events stand out (a full-height line, an outlined flag), e.g.
    // the failure, restart and rollback of the incident being looked at.
    void setHighlightedEvents(std::vector<uint64_t> eventIds);
    bool isHighlighted(const ChartMarker &marker) const;
    const std::vector<ChartSeries> &series() const { return m_series; }
    const std::vector<ChartMarker> &markers() const { return m_markers; }
    const std::vector<ChartSpan> &spans() const { return m_spans; }

    // The visible x range; setting it stops following live data until reset.
    void setXRange(double x0, double x1);
    double xMin() const { return m_x.valueMin; }
    double xMax() const { return m_x.valueMax; }
    bool isFollowing() const { return m_following; }
    void resetView();

    // Where things land, for tests and tooltips.
    QRect plotRect() const;
    AxisMapping xMapping() const;
    AxisMapping yMapping() const;
    // Draws the chart as it is into any paint device's painter (PNG/SVG export, benchmarks).
    void render(QPainter &painter, const QRect &target);
    // The visible chart as an export holds it, made on the GUI thread and written by
    // writeChartExport elsewhere: an image at twice the size (for print), an SVG
    // drawing (vector, for reports), or the visible data as CSV (x, then one column
    // per series; empty where a series has no sample; names a spreadsheet will not
    // run as formulas).
    QImage toImage();
    QByteArray toSvg();
    QByteArray toCsv() const;

Q_SIGNALS:
    void xRangeChanged(double x0, double x1); // for linking the charts of one view
    void markerClicked(uint64_t eventId);

protected:
    void paintEvent(QPaintEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void leaveEvent(QEvent *event) override;
    bool event(QEvent *event) override;

private:
    struct MarkerGroup
    {
        double pixel;
        std::vector<const ChartMarker *> markers;
    };
    void fitX();
    void applyXRange(double x0, double x1, bool following);
    std::pair<double, double> visibleYRange(const QRect &plot) const;
    std::vector<MarkerGroup> groupMarkers(const AxisMapping &x) const;
    void paintChart(QPainter &p, const QRect &area);
    QRect plotRectIn(const QRect &area) const;
    QString titleText() const;
    int legendWidth() const;
    // Narrow charts give the title the whole first line and the legend a line of its own.
    bool legendOnOwnLine(int areaWidth) const;

    QString m_title;
    QString m_yUnit;
    bool m_time = true;
    std::vector<ChartSeries> m_series;
    std::vector<ChartMarker> m_markers;
    std::vector<ChartSpan> m_spans;
    std::vector<uint64_t> m_highlighted; // sorted
    AxisMapping m_x;
    bool m_following = true;
    QPoint m_hover { -1, -1 };
    QPoint m_pressAt;
    QPoint m_lastDrag;
    bool m_dragging = false;
    bool m_banding = false;
};

// Writes an export whole or not at all: PNG-encodes an image, or writes the bytes.
// Runs on any thread; empty on success, otherwise the reason.
QString writeChartExport(const QString &path, const std::variant<QImage, QByteArray> &content);

} // namespace vigil
