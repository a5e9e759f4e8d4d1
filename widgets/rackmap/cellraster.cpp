// SPDX-License-Identifier: GPL-3.0-or-later
#include "cellraster.h"

#include <cmath>

namespace vigil {

UnitRaster UnitRaster::covering(const MapViewport &viewport, QSize widget)
{
    UnitRaster raster;
    const double s = viewport.scale;
    if (!(s > 0.0) || widget.isEmpty())
        return raster;
    raster.origin = QPoint(int(std::ceil(viewport.offset.x() / s)), int(std::ceil(viewport.offset.y() / s)));
    raster.size = QSize(int(std::ceil(widget.width() / s)) + 2, int(std::ceil(widget.height() / s)) + 2);
    return raster;
}

QRectF UnitRaster::target(const MapViewport &viewport) const
{
    return QRectF(viewport.offset - QPointF(origin) * viewport.scale, QSizeF(size) * viewport.scale);
}

QRect cellPixels(const MapViewport &viewport, QPoint unit, int gap, const QRect &frame)
{
    const QRect cell = viewport.cellRect(unit).adjusted(0, 0, -gap, -gap);
    return cell.isValid() ? cell.intersected(frame) : QRect();
}

} // namespace vigil
