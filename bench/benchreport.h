// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <algorithm>
#include <chrono>
#include <functional>
#include <vector>

namespace vigil::bench {

// One figure, as written to build/bench-results.json.
struct Figure
{
    QString name;
    double value;
    QString unit;
    double baseline; // the same quantity for the baseline, measured in the same run
    double ratio; // how many times better than the baseline (>1 is better)
};

// Prints each figure and merges them by name into the JSON list at `path`.
class BenchReport
{
public:
    void add(const Figure &figure);
    bool write(const QString &path) const;

private:
    std::vector<Figure> m_figures;
};

// The upper median of `values` (0 for none).
inline double medianOf(std::vector<double> values)
{
    if (values.empty())
        return 0.0;
    std::nth_element(values.begin(), values.begin() + long(values.size() / 2), values.end());
    return values[values.size() / 2];
}

// Runs `work` `repetitions` times and returns the median wall time in seconds.
inline double medianSeconds(int repetitions, const std::function<void()> &work)
{
    std::vector<double> times;
    for (int i = 0; i < repetitions; ++i) {
        const auto start = std::chrono::steady_clock::now();
        work();
        times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::nth_element(times.begin(), times.begin() + long(times.size() / 2), times.end());
    return times[times.size() / 2];
}

} // namespace vigil::bench
