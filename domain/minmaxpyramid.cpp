// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/minmaxpyramid.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

namespace vigil {

namespace {
constexpr float NaN = std::numeric_limits<float>::quiet_NaN();

// NaN-ignoring combination: a NaN side never wins.
inline float lower(float a, float b)
{
    return std::isnan(a) ? b : (std::isnan(b) ? a : std::min(a, b));
}
inline float higher(float a, float b)
{
    return std::isnan(a) ? b : (std::isnan(b) ? a : std::max(a, b));
}
} // namespace

bool MinMaxPyramid::append(double x, float y)
{
    if (!m_x.empty() && x < m_x.back())
        return false;
    if (std::isinf(y))
        y = NaN; // an infinite reading is no reading
    m_x.push_back(x);
    m_y.push_back(y);
    // Complete every block that this sample closes, bottom up.
    size_t n = m_y.size();
    Extremes carry { y, y };
    for (size_t k = 1; n % 2 == 0; ++k, n /= 2) {
        if (m_levels.size() < k)
            m_levels.emplace_back();
        const Extremes left = k == 1 ? Extremes { m_y[m_y.size() - 2], m_y[m_y.size() - 2] }
                                     : m_levels[k - 2][m_levels[k - 2].size() - 2];
        carry = { lower(left.min, carry.min), higher(left.max, carry.max) };
        m_levels[k - 1].push_back(carry);
    }
    return true;
}

void MinMaxPyramid::thinOlderHalf()
{
    const size_t half = (m_x.size() / 2) & ~size_t(3);
    if (half == 0)
        return;
    std::vector<double> x;
    std::vector<float> y;
    x.reserve(m_x.size() - half / 2);
    y.reserve(m_x.size() - half / 2);
    constexpr size_t None = ~size_t(0);
    for (size_t i = 0; i < half; i += 4) {
        size_t lowest = None, highest = None, gap = None;
        for (size_t k = i; k < i + 4; ++k) {
            if (std::isnan(m_y[k])) {
                if (gap == None)
                    gap = k;
                continue;
            }
            if (lowest == None || m_y[k] < m_y[lowest])
                lowest = k;
            if (highest == None || m_y[k] > m_y[highest])
                highest = k;
        }
        size_t kept[3] = { lowest, highest, gap };
        std::sort(std::begin(kept), std::end(kept));
        for (size_t j = 0; j < 3; ++j)
            if (kept[j] != None && (j == 0 || kept[j] != kept[j - 1])) {
                x.push_back(m_x[kept[j]]);
                y.push_back(m_y[kept[j]]);
            }
    }
    x.insert(x.end(), m_x.begin() + std::ptrdiff_t(half), m_x.end());
    y.insert(y.end(), m_y.begin() + std::ptrdiff_t(half), m_y.end());
    clear();
    reserve(x.size());
    for (size_t i = 0; i < x.size(); ++i)
        append(x[i], y[i]);
}

void MinMaxPyramid::clear()
{
    m_x.clear();
    m_y.clear();
    m_levels.clear();
}

void MinMaxPyramid::reserve(size_t n)
{
    m_x.reserve(n);
    m_y.reserve(n);
}

size_t MinMaxPyramid::lowerBound(double x) const
{
    return size_t(std::lower_bound(m_x.begin(), m_x.end(), x) - m_x.begin());
}

std::pair<float, float> MinMaxPyramid::extremes(size_t begin, size_t end) const
{
    float lo = NaN;
    float hi = NaN;
    end = std::min(end, m_y.size());
    while (begin < end) {
        // The largest aligned complete block starting at `begin` that fits.
        size_t k = 0;
        while (k < m_levels.size() && begin % (size_t(2) << k) == 0 && begin + (size_t(2) << k) <= end
               && (begin >> (k + 1)) < m_levels[k].size())
            ++k;
        if (k == 0) {
            lo = lower(lo, m_y[begin]);
            hi = higher(hi, m_y[begin]);
            ++begin;
        } else {
            const Extremes &e = m_levels[k - 1][begin >> k];
            lo = lower(lo, e.min);
            hi = higher(hi, e.max);
            begin += size_t(1) << k;
        }
    }
    return { lo, hi };
}

namespace {

// The first index at or after `from` whose x is not below `edge` (or above it,
// when `inclusive`), galloping from `from`: columns are found in order, each a
// short way after the last, so the search stays in cache instead of bisecting
// 80 MB of timestamps from scratch for every pixel column.
size_t gallop(const std::vector<double> &xs, size_t from, double edge, bool inclusive)
{
    auto before = [&](size_t i) { return inclusive ? xs[i] <= edge : xs[i] < edge; };
    const size_t n = xs.size();
    if (from >= n || !before(from))
        return from;
    size_t step = 1;
    while (from + step < n && before(from + step))
        step *= 2;
    size_t lo = from + step / 2 + 1; // known: xs[from + step / 2] is before the edge
    size_t hi = std::min(from + step, n);
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (before(mid))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

} // namespace

std::vector<SeriesColumn> MinMaxPyramid::columns(double x0, double x1, int count) const
{
    std::vector<SeriesColumn> out(size_t(std::max(count, 0)));
    if (count <= 0 || !(x1 > x0) || m_x.empty())
        return out;
    const double width = (x1 - x0) / count;
    size_t begin = lowerBound(x0);
    for (int c = 0; c < count && begin < m_x.size(); ++c) {
        const double edge = c + 1 == count ? x1 : x0 + width * (c + 1);
        // Samples in [x0 + c·width, edge): the last column also takes x == x1.
        const size_t end = gallop(m_x, begin, edge, c + 1 == count);
        if (end == begin)
            continue;
        SeriesColumn &column = out[size_t(c)];
        column.count = end - begin;
        std::tie(column.min, column.max) = extremes(begin, end);
        column.first = m_y[begin];
        column.last = m_y[end - 1];
        column.firstX = m_x[begin];
        column.lastX = m_x[end - 1];
        begin = end;
    }
    return out;
}

} // namespace vigil
