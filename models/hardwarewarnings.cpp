// SPDX-License-Identifier: GPL-3.0-or-later
#include "hardwarewarnings.h"

#include "domain/blastradius.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace vigil {

void HardwareWarnings::setTopology(std::shared_ptr<const Topology> topology)
{
    m_topology = std::move(topology);
    m_recent.clear();
}

void HardwareWarnings::add(const std::vector<Event> &events)
{
    if (!m_topology)
        return;
    for (const Event &e : events) {
        if (!isHardwareWarning(e.type))
            continue;
        std::vector<uint32_t> gpus = gpusAffectedBy(*m_topology, e.entity);
        if (gpus.empty())
            continue;
        m_recent.push_back({ e.timeMs, e.type, e.severity, e.value, std::move(gpus) });
    }
}

void HardwareWarnings::prune(int64_t nowMs)
{
    const int64_t keep = std::max({ ErrorWindowMs, ThrottleWindowMs, StragglerWindowMs });
    // Arrival order is nearly time order; a late straggler is dropped on a later prune.
    while (!m_recent.empty() && m_recent.front().timeMs < nowMs - keep)
        m_recent.pop_front();
}

template<typename Visit> void HardwareWarnings::forEachSince(int64_t sinceMs, int64_t nowMs, Visit visit) const
{
    for (const Warning &w : m_recent)
        if (w.timeMs >= sinceMs && w.timeMs <= nowMs)
            visit(w);
}

void HardwareWarnings::errorRates(int64_t nowMs, std::vector<float> &perGpu) const
{
    perGpu.assign(m_topology ? m_topology->gpus.size() : 0, 0.0f);
    constexpr float PerHour = float(60 * 60 * 1000) / float(ErrorWindowMs);
    forEachSince(nowMs - ErrorWindowMs, nowMs, [&](const Warning &w) {
        if (isHardwareError(w.type))
            for (uint32_t g : w.gpus)
                perGpu[g] += PerHour;
    });
}

void HardwareWarnings::throttling(int64_t nowMs, std::vector<float> &perGpu) const
{
    perGpu.assign(m_topology ? m_topology->gpus.size() : 0, float(Throttle::None));
    forEachSince(nowMs - ThrottleWindowMs, nowMs, [&](const Warning &w) {
        const Throttle kind = w.type == EventType::ThermalThrottle ? Throttle::Thermal
            : w.type == EventType::PowerThrottle                   ? Throttle::Power
                                                                   : Throttle::None;
        for (uint32_t g : w.gpus)
            perGpu[g] = std::max(perGpu[g], float(kind));
    });
}

void HardwareWarnings::slowerThanPeers(int64_t nowMs, std::vector<float> &perGpu) const
{
    const size_t gpus = m_topology ? m_topology->gpus.size() : 0;
    perGpu.assign(gpus, std::nanf(""));
    for (size_t g = 0; g < gpus; ++g)
        if (m_topology->jobOfGpu[g] >= 0)
            perGpu[g] = 0.0f;
    // In arrival order: the latest warning on a GPU says how slow it is now.
    forEachSince(nowMs - StragglerWindowMs, nowMs, [&](const Warning &w) {
        if (w.type != EventType::Straggler || !std::isfinite(w.value))
            return;
        for (uint32_t g : w.gpus)
            perGpu[g] = float(std::clamp(w.value, 0.0, 1.0) * 100.0);
    });
}

} // namespace vigil
