// SPDX-License-Identifier: GPL-3.0-or-later
#include "sources/xidmerger.h"

#include <algorithm>
#include <cstdlib>

namespace vigil {

bool XidMerger::admit(Source source, uint32_t gpu, int code, int64_t timeMs)
{
    std::lock_guard lock(m_mutex);
    const auto key = std::make_pair(gpu, code);
    auto [from, to] = m_seen.equal_range(key);
    for (auto it = from; it != to;) {
        if (std::llabs(it->second.timeMs - timeMs) <= m_windowMs && it->second.source != source) {
            ++m_merged;
            m_seen.erase(it); // one report merges one: a second failure later is its own
            return false;
        }
        // Reports older than twice the window can no longer merge anything: forget them.
        it = timeMs - it->second.timeMs > 2 * m_windowMs ? m_seen.erase(it) : std::next(it);
    }
    m_seen.emplace(key, Seen { timeMs, source });
    if (m_seen.size() >= m_sweepAt) {
        // Keys never seen again would stay for ever: sweep them when the map has doubled.
        std::erase_if(m_seen, [&](const auto &entry) { return timeMs - entry.second.timeMs > 2 * m_windowMs; });
        m_sweepAt = std::max<size_t>(1024, 2 * m_seen.size());
    }
    return true;
}

size_t XidMerger::remembered() const
{
    std::lock_guard lock(m_mutex);
    return m_seen.size();
}

uint64_t XidMerger::merged() const
{
    std::lock_guard lock(m_mutex);
    return m_merged;
}

} // namespace vigil
