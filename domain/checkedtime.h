// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

namespace vigil {

// Time arithmetic at the edges of int64: a time a hostile or broken source
// sent (an event dated at the end of int64, a shelve of 1e300 s) saturates
// instead of wrapping round into the past.
inline int64_t saturatingAdd(int64_t timeMs, int64_t deltaMs)
{
    int64_t sum = 0;
    if (!__builtin_add_overflow(timeMs, deltaMs, &sum))
        return sum;
    return deltaMs > 0 ? std::numeric_limits<int64_t>::max() : std::numeric_limits<int64_t>::min();
}

// Seconds as milliseconds, saturating; NaN is 0.
inline int64_t secondsToMs(double seconds)
{
    const double ms = seconds * 1000.0;
    if (std::isnan(ms))
        return 0;
    if (ms >= 9.2e18)
        return std::numeric_limits<int64_t>::max();
    if (ms <= -9.2e18)
        return std::numeric_limits<int64_t>::min();
    return int64_t(ms);
}

} // namespace vigil
