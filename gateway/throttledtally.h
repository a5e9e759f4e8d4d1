// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>

namespace vigil {

// Counts something that may happen a thousand times a second (a refused token, a reading dated
// ahead of the clock) and lets it be said at most once per interval, with how many since it was
// last said: a flood leaves a trace without filling the log. Thread-safe.
class ThrottledTally
{
public:
    explicit ThrottledTally(std::chrono::milliseconds every)
        : m_every(every)
    { }

    // Adds `count`; returns how many to say now (0: not yet, or nothing to say).
    uint64_t add(uint64_t count)
    {
        std::lock_guard lock(m_mutex);
        m_pending += count;
        const auto now = std::chrono::steady_clock::now();
        if (m_pending == 0 || (m_said && now - m_saidAt < m_every))
            return 0;
        m_said = true;
        m_saidAt = now;
        const uint64_t say = m_pending;
        m_pending = 0;
        return say;
    }

private:
    const std::chrono::milliseconds m_every;
    std::mutex m_mutex;
    uint64_t m_pending = 0;
    bool m_said = false;
    std::chrono::steady_clock::time_point m_saidAt;
};

} // namespace vigil
