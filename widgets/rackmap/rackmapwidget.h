// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "colorscale.h"
#include "racklayout.h"

#include <QImage>
#include <QWidget>

#include <functional>
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
    // One value per GPU (NaN: no reading) and how to colour it.
    void setCellValues(std::vector<float> values, const ColorScale &scale, float min, float max);
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
    void renderCells();
    const QImage &frameImage() const { return m_frame; }

Q_SIGNALS:
    void gpuClicked(int gpu);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    bool event(QEvent *event) override;

private:
    void rebuildBackground();
    int gpuAtWidget(QPointF position) const;

    std::shared_ptr<const Topology> m_topology;
    RackLayout m_layout;
    MapViewport m_viewport;
    std::vector<float> m_values;
    ColorScale m_scale;
    float m_min = 0.0f;
    float m_max = 1.0f;
    std::function<QString(int)> m_tooltip;
    QImage m_background;
    QImage m_frame;
    std::vector<QRect> m_cellPixels; // per GPU, gaps applied, clipped
    QString m_staleNotice;
    int m_hovered = -1;
    int m_cellGap = 0;
};

} // namespace vigil
