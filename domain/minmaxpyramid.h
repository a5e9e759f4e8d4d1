// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace vigil {

// What one pixel column of a chart holds: the extremes of its samples and the
// first and last of them (to join neighbouring columns). NaN is "no reading": it
// never becomes a min or max, and a NaN at a column's edge breaks the line there.
struct SeriesColumn
{
    size_t count = 0; // samples in the column, NaN included
    float min = 0.0f; // NaN when every sample is NaN
    float max = 0.0f;
    float first = 0.0f; // the column's first and last samples, possibly NaN
    float last = 0.0f;
    double firstX = 0.0;
    double lastX = 0.0;
    bool empty() const { return count == 0; }
};

// A growing series (x never decreasing, y float with NaN gaps) with a min/max
// pyramid over it: level k holds the extremes of every aligned block of 2^k
// samples, so the extremes of any index range cost O(log n) and decimating 10
// million points to a chart's pixel columns costs microseconds per column. A
// one-sample spike is always some column's min or max: nothing is hidden.
class MinMaxPyramid
{
public:
    // Appends a sample. Returns false (and stores nothing) when x goes back: a
    // clock that jumps back starts a new series, it never folds into this one.
    bool append(double x, float y);
    // Halves the resolution of the older half of the series, in place: each run of four samples
    // keeps its lowest and its highest, in x order, and its first NaN (so a gap still breaks the
    // line). A series that must not grow without bound (a live chart left for weeks) calls it
    // past its limit: the newest readings stay whole, the older ones keep every spike.
    void thinOlderHalf();
    void clear();
    void reserve(size_t n);

    size_t size() const { return m_x.size(); }
    bool empty() const { return m_x.empty(); }
    double x(size_t i) const { return m_x[i]; }
    float y(size_t i) const { return m_y[i]; }
    double firstX() const { return m_x.front(); }
    double lastX() const { return m_x.back(); }

    // The first index with x >= value.
    size_t lowerBound(double x) const;
    // Extremes of samples [begin, end), ignoring NaN: {min, max}, both NaN if none.
    std::pair<float, float> extremes(size_t begin, size_t end) const;
    // Splits [x0, x1) into `columns` equal pixel columns and summarises each.
    std::vector<SeriesColumn> columns(double x0, double x1, int columns) const;

private:
    struct Extremes
    {
        float min;
        float max;
    };
    std::vector<double> m_x;
    std::vector<float> m_y;
    // m_levels[k - 1][i]: extremes of samples [i·2^k, (i+1)·2^k), complete blocks only.
    std::vector<std::vector<Extremes>> m_levels;
};

} // namespace vigil
