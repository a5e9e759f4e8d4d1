// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QRgb>

#include <array>
#include <cmath>
#include <vector>

namespace vigil {

// A perceptually uniform, colour-blind-safe colour ramp as a 256-entry lookup
// table, built once. Values outside [min, max] clamp; NaN ("no reading") maps to
// noDataColor, which lies outside every ramp.
class ColorScale
{
public:
    enum class Palette
    {
        Inferno, // heat: black-purple-red-yellow; hot reads as bright
        Viridis, // magnitudes: purple-blue-green-yellow
        Categorical, // one colour per category (Okabe–Ito), values are category numbers
        Diverging, // below / around / above a centre: purple – grey – orange (PuOr, colour-blind safe)
    };

    explicit ColorScale(Palette palette = Palette::Viridis);
    // A categorical scale with given colours for the states 0, 1, 2, … (alarm levels, throttling).
    static ColorScale states(std::vector<QRgb> colours);

    Palette palette() const { return m_palette; }
    QRgb at(double t) const // t in [0, 1]
    {
        if (!(t > 0.0))
            return m_lut.front();
        if (t >= 1.0)
            return m_lut.back();
        return m_lut[size_t(t * 255.0 + 0.5)];
    }
    QRgb map(float value, float min, float max) const
    {
        if (std::isnan(value))
            return noDataColor();
        if (m_palette == Palette::Categorical) {
            if (value < 0.0f)
                return noCategoryColor();
            if (m_states.empty())
                return category(int(value));
            return size_t(value) < m_states.size() ? m_states[size_t(value)] : noCategoryColor();
        }
        return at((double(value) - min) / (double(max) - min));
    }
    static QRgb noDataColor() { return qRgb(0x4a, 0x4f, 0x57); }
    // For categorical scales: the colour of category n, and of "none" (an idle GPU).
    static QRgb category(int n);
    static QRgb noCategoryColor() { return qRgb(0x26, 0x2b, 0x33); }
    // A reading no sensor can make (out of physical range): never clamped into the ramp.
    static QRgb invalidColor() { return qRgb(0xff, 0x00, 0xcc); }

private:
    Palette m_palette;
    std::array<QRgb, 256> m_lut {};
    std::vector<QRgb> m_states;
};

} // namespace vigil
