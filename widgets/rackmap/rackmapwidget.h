// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cellraster.h"
#include "colorscale.h"
#include "racklayout.h"

#include <QImage>
#include <QWidget>

#include <functional>
#include <limits>
#include <memory>

namespace vigil {

// The machine room as a floor plan, one coloured cell per GPU. Cells are
// rendered into a widget-sized image only when values change (at the caller's
// cadence) and blitted on paint; the frame around them (halls, rack bodies,
// labels) is cached and rebuilt only on resize.
class RackMapWidget : public QWidget
{
    Q_OBJECT
public:
    explicit RackMapWidget(QWidget *parent = nullptr);
    ~RackMapWidget() override;

    void setTopology(std::shared_ptr<const Topology> topology);
    // One value per GPU (NaN: no reading) and how to colour it. Values outside
    // [validMin, validMax] are drawn as invalid (a colour of their own, crossed).
    void setCellValues(std::vector<float> values, const ColorScale &scale, float min, float max,
                       float validMin = -std::numeric_limits<float>::infinity(),
                       float validMax = std::numeric_limits<float>::infinity());
    // What a cell carries besides its colour, so that no state is told by colour
    // alone: bits of CellMark per GPU. Racks with marked GPUs are outlined at any zoom.
    enum CellMark : uint8_t
    {
        NoMark = 0,
        WarningMark = 1, // a corner badge; the rack outlined amber
        CriticalMark = 2, // a corner badge and a ring; the rack outlined red
        StaleMark = 4, // hatched; the rack outlined dashed
    };
    void setCellMarks(std::vector<uint8_t> marks);
    uint8_t rackMark(int rack) const;
    // How a rack is summarised when its cells are too small to see one by one:
    // the highest value (heat, load, alarm level), the value furthest from zero
    // (differences from the rack's median), the commonest (job) or the sum (counts:
    // the rack's failures). Either way an outlier GPU is never lost to pixel
    // sampling at whole-floor zoom.
    enum class RackAggregate
    {
        Max,
        LargestMagnitude,
        Commonest,
        Sum,
    };
    // The summary of a rack's cells as setRackAggregate() says (NaN: no reading).
    float rackAggregate(size_t rack) const;
    // How many times every cell was rendered into the frame (once per paint that found them changed).
    uint64_t renders() const { return m_renders; }
    void setRackAggregate(RackAggregate aggregate);
    RackAggregate rackAggregateMode() const { return m_aggregate; }
    // Below this many pixels per GPU cell racks are drawn as one block each.
    static constexpr double AggregateBelowScale = 2.0;
    bool showsRackAggregates() const { return !m_unitFrame.isNull() && m_viewport.scale < AggregateBelowScale; }
    // A banner across the map saying the picture is not current (empty: none).
    void setStaleNotice(const QString &notice);
    QString staleNotice() const { return m_staleNotice; }
    // Text for the hover tooltip of a GPU.
    void setTooltipProvider(std::function<QString(int gpu)> provider);

    const RackLayout &rackLayout() const { return m_layout; }
    const MapViewport &viewport() const { return m_viewport; }
    // The colour a GPU's cell is drawn in right now.
    QRgb cellColor(int gpu) const;
    // Widget position of the centre of a GPU's cell.
    QPoint cellCenter(int gpu) const;
    // Renders the cell image from the current values (what a value update costs).
    void cellsChanged();
    void renderCells();
    uint64_t m_renders = 0;

    // Zoom relative to "fit all" (1 = the whole floor), kept between 1 and a cell of 64 px.
    double zoom() const { return m_zoom; }
    void zoomBy(double factor, QPointF widgetPoint);
    void zoomBy(double factor) { zoomBy(factor, QRectF(rect()).center()); }
    void panBy(QPointF pixels);
    void fitAll();
    // Zooms so that a rectangle of layout units (a hall, a rack) fills the view.
    void fitUnits(const QRectF &units);
    void showHall(int hall);
    // Where the view is centred: "Hall A › Row A01 › Rack A01-R05", or the whole cluster at fit.
    QString breadcrumb() const;
    // The racks whose GPUs are drawn one by one in the view (none while racks are drawn as
    // blocks), and the selected GPU's: what a wall screen asks its gateway for in full.
    std::vector<uint32_t> racksInDetail() const;

    // The selected GPU (-1: none), outlined; it survives value updates and zooming.
    int selectedGpu() const { return m_selected; }
    void setSelectedGpu(int gpu);
    // Centres the view on a GPU, zooming in until cells are at least `cellPixels` wide.
    void centerOn(int gpu, double cellPixels = 18.0);
    const QImage &frameImage() const { return m_frame; }

Q_SIGNALS:
    void gpuClicked(int gpu);
    void selectionChanged(int gpu);
    void viewChanged();

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void leaveEvent(QEvent *event) override;
    bool event(QEvent *event) override;

private:
    void rebuildBackground();
    void paintMarks(QRgb *bits, qsizetype stride, const QRect &cell, QRgb colour, uint8_t mark) const;
    void paintSlices(QRgb *bits, qsizetype stride, const QRect &cell, QRgb colour, size_t parts) const;
    void paintRackOutlines(QPainter &p) const;
    QRgb rackAggregateColour(size_t rack) const;
    // The rack's aggregate, and (shownBy) the GPU it shows: the extreme one, the largest part of
    // a sum, the first of the commonest value, the one out of range; its first with no reading.
    float aggregateOf(size_t rack, bool &invalid, int *shownBy = nullptr) const;
    void buildUnitFrame(const QColor &floor, const QColor &hall);
    void updateViewport();
    void applyViewChange();
    QRectF mapArea() const;
    double maxZoom() const;
    int gpuAtWidget(QPointF position) const;

    std::shared_ptr<const Topology> m_topology;
    RackLayout m_layout;
    MapViewport m_viewport;
    std::vector<float> m_values;
    std::vector<uint8_t> m_marks; // per GPU, CellMark bits
    std::vector<uint8_t> m_rackMarks; // per rack, the union of its GPUs' marks
    RackAggregate m_aggregate = RackAggregate::Max;
    ColorScale m_scale;
    float m_min = 0.0f;
    float m_max = 1.0f;
    float m_validMin = -std::numeric_limits<float>::infinity();
    float m_validMax = std::numeric_limits<float>::infinity();
    std::function<QString(int)> m_tooltip;
    QImage m_background;
    QImage m_frame;
    bool m_cellsToRender = false; // the cells changed since the frame was rendered
    std::vector<QRect> m_cellPixels; // per GPU, gaps applied, clipped
    // Below this many pixels per unit no label shows: paint one pixel per unit and scale the blit.
    static constexpr double UnitFrameBelowScale = 3.3;
    QImage m_unitFrame;
    UnitRaster m_unitRaster; // where each layout unit's pixel is in m_unitFrame
    QRectF m_unitTarget; // where the unit image lands in the widget
    QString m_staleNotice;
    int m_hovered = -1;
    int m_selected = -1;
    double m_zoom = 1.0;
    QPointF m_center; // layout unit at the centre of the view (when zoomed)
    QPointF m_pressPosition; // where the left button went down
    QPointF m_lastDragPosition;
    bool m_dragging = false;
    int m_cellGap = 0;
};

} // namespace vigil
