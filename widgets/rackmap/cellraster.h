// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "racklayout.h"

#include <QRect>
#include <QRectF>
#include <QSize>

namespace vigil {

// Where the rack map writes each GPU's colour, as checked index arithmetic.
// The map paints into raw scanlines for speed, so every index it writes comes
// from here: a cell that lies outside the image gets no index at all, whatever
// the zoom, pan, window size or shape of the racks.
//
// Two rasters exist. At whole-hall zoom the map paints one pixel per layout unit
// into a small image that covers the widget and is drawn scaled (UnitRaster);
// closer in it paints each cell's block of pixels into a widget-sized frame
// (cellPixels).
struct UnitRaster
{
    QPoint origin; // raster pixel of layout unit (0, 0); negative when zoomed past the floor's corner
    QSize size; // pixels, one per layout unit

    // The raster that covers `widget` under `viewport`, a unit of margin on each side.
    static UnitRaster covering(const MapViewport &viewport, QSize widget);

    bool contains(QPoint unit) const
    {
        const qint64 x = qint64(unit.x()) + origin.x();
        const qint64 y = qint64(unit.y()) + origin.y();
        return x >= 0 && y >= 0 && x < size.width() && y < size.height();
    }
    // The index of `unit`'s pixel in a buffer with `stride` pixels per scanline,
    // or -1 when the unit lies outside the raster.
    qsizetype pixelIndex(QPoint unit, qsizetype stride) const
    {
        if (!contains(unit) || stride < size.width())
            return -1;
        return qsizetype(unit.y() + origin.y()) * stride + qsizetype(unit.x() + origin.x());
    }
    // Where the raster lands in the widget when drawn.
    QRectF target(const MapViewport &viewport) const;
};

// The pixels of the cell at `unit` in a frame of `frame` pixels: the unit's
// rectangle less `gap` on the right and bottom, clipped to the frame. Empty when
// the cell is off screen; never reaches outside the frame.
QRect cellPixels(const MapViewport &viewport, QPoint unit, int gap, const QRect &frame);

} // namespace vigil
