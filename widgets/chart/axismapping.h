// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <vector>

namespace vigil {

// A linear map between values on an axis and pixels: valueMin lands on
// pixelMin, valueMax on pixelMax (for a y axis pixelMin is the bottom). Pure
// arithmetic, so zooming and panning can be tested without a widget.
struct AxisMapping
{
    double valueMin = 0.0;
    double valueMax = 1.0;
    double pixelMin = 0.0;
    double pixelMax = 1.0;

    double toPixel(double value) const
    {
        return pixelMin + (value - valueMin) / (valueMax - valueMin) * (pixelMax - pixelMin);
    }
    double toValue(double pixel) const
    {
        return valueMin + (pixel - pixelMin) / (pixelMax - pixelMin) * (valueMax - valueMin);
    }
    double valuesPerPixel() const { return (valueMax - valueMin) / (pixelMax - pixelMin); }
    // Zoomed by `factor` (> 1 zooms in) with the value under `anchorPixel` kept in place.
    AxisMapping zoomedAt(double anchorPixel, double factor) const;
    // Moved so that content follows the pointer by `pixels`.
    AxisMapping pannedBy(double pixels) const;
};

// Round tick positions inside [lo, hi]: steps of 1, 2 or 5 × 10^k for values,
// or of whole seconds, minutes, hours and days for times in milliseconds.
std::vector<double> niceTicks(double lo, double hi, int maxTicks);
std::vector<double> timeTicks(double loMs, double hiMs, int maxTicks);
// A tick label: the value with as many decimals as the step needs, or a UTC time
// as detailed as the span needs ("14:05", "11-03 14:00", "11-03"). A span that
// crosses a new year [loMs, hiMs] names the year too ("2021-11-03", "2021-11",
// "2021"): five years of failures are not read as one.
QString tickLabel(double value, double step);
QString timeTickLabel(double ms, double stepMs, double loMs = 0.0, double hiMs = 0.0);

} // namespace vigil
