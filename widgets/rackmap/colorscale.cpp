// SPDX-License-Identifier: GPL-3.0-or-later
#include "colorscale.h"

#include <cstdlib>
#include <iterator>
#include <vector>

namespace vigil {

namespace {

// Evenly spaced stops of the matplotlib colour maps (published values), linearly
// interpolated in between.
const std::vector<QRgb> &stops(ColorScale::Palette palette)
{
    static const std::vector<QRgb> inferno { 0x000004, 0x1b0c41, 0x4a0c6b, 0x781c6d, 0xa52c60,
                                             0xcf4446, 0xed6925, 0xfb9b06, 0xf7d13d, 0xfcffa4 };
    static const std::vector<QRgb> viridis { 0x440154, 0x472d7b, 0x3b528b, 0x2c728e, 0x21918c,
                                             0x28ae80, 0x5ec962, 0xaddc30, 0xfde725 };
    // PuOr from ColorBrewer, purple (below) to orange (above).
    static const std::vector<QRgb> diverging { 0x542788, 0x8073ac, 0xb2abd2, 0xd8daeb, 0xe6e6e6,
                                               0xfee0b6, 0xfdb863, 0xe08214, 0xb35806 };
    if (palette == ColorScale::Palette::Diverging)
        return diverging;
    return palette == ColorScale::Palette::Inferno ? inferno : viridis; // categorical uses category()
}

} // namespace

QRgb ColorScale::category(int n)
{
    // Okabe & Ito's palette, distinguishable with the common colour-vision deficiencies.
    static const QRgb colours[] = { 0xe69f00, 0x56b4e9, 0x009e73, 0xf0e442, 0x0072b2, 0xd55e00, 0xcc79a7, 0xbbbbbb };
    return colours[size_t(std::abs(n)) % std::size(colours)] | 0xff000000u;
}

ColorScale ColorScale::states(std::vector<QRgb> colours)
{
    ColorScale scale(Palette::Categorical);
    for (QRgb &c : colours)
        c |= 0xff000000u;
    scale.m_states = std::move(colours);
    return scale;
}

ColorScale::ColorScale(Palette palette)
    : m_palette(palette)
{
    const std::vector<QRgb> &s = stops(palette);
    const double segments = double(s.size() - 1);
    for (size_t i = 0; i < m_lut.size(); ++i) {
        const double x = double(i) / 255.0 * segments;
        const size_t k = std::min(size_t(x), s.size() - 2);
        const double f = x - double(k);
        auto mix = [&](int shift) {
            const double a = (s[k] >> shift) & 0xff;
            const double b = (s[k + 1] >> shift) & 0xff;
            return int(std::lround(a + (b - a) * f));
        };
        m_lut[i] = qRgb(mix(16), mix(8), mix(0));
    }
}

} // namespace vigil
