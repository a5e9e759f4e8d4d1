// SPDX-License-Identifier: GPL-3.0-or-later
#include "gpuhistory.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace vigil {

namespace {

constexpr uint8_t NoReading = 255;
// Temperature: 0.5 °C steps from −10 °C (0) to 117 °C (254).
constexpr float TempOrigin = -10.0f;
constexpr float TempStep = 0.5f;
// Power: 4 W steps from 0 W to 1016 W.
constexpr float PowerStep = 4.0f;

// How each reading is quantised to a byte: origin and step.
struct Scale
{
    float origin;
    float step;
};
Scale scaleOf(GpuHistory::Reading reading)
{
    switch (reading) {
    case GpuHistory::Reading::Temperature:
    case GpuHistory::Reading::HbmTemperature:
        return { TempOrigin, TempStep };
    case GpuHistory::Reading::Power:
        return { 0.0f, PowerStep };
    case GpuHistory::Reading::Utilisation:
    case GpuHistory::Reading::MemoryUsed:
        break;
    }
    return { 0.0f, 0.5f }; // percentages, to 0.5 %
}

uint8_t quantise(float v, float origin, float step)
{
    if (std::isnan(v))
        return NoReading;
    // Rounded by adding a half to a value clamped non-negative: lround is a call into the C
    // library for each of 100k GPUs' readings, four times a frame, on the GUI thread.
    return uint8_t(std::clamp((v - origin) / step, 0.0f, 254.0f) + 0.5f);
}

float dequantise(uint8_t q, float origin, float step)
{
    return q == NoReading ? std::numeric_limits<float>::quiet_NaN() : origin + float(q) * step;
}

void snapshot(const MetricColumn *column, size_t gpus, float origin, float step, uint8_t *out)
{
    if (!column || column->values.size() != gpus) {
        std::fill_n(out, gpus, NoReading);
        return;
    }
    const float *v = column->values.data();
    for (size_t g = 0; g < gpus; ++g)
        out[g] = quantise(v[g], origin, step);
}

} // namespace

GpuHistory::GpuHistory(size_t depth, int64_t minSpacingMs, bool allReadings)
    : m_depth(std::max<size_t>(depth, 1))
    , m_minSpacingMs(minSpacingMs)
    , m_readings(allReadings ? ReadingCount : 2)
{ }

std::vector<int64_t> GpuHistory::times() const
{
    std::vector<int64_t> out;
    for (size_t i = 0; i < m_count; ++i)
        out.push_back(m_timeMs[(m_next + m_depth - m_count + i) % m_depth]);
    return out;
}

void GpuHistory::record(const ClusterState &state)
{
    if (state.topology() != m_topology && sameTopology(state.topology(), m_topology))
        m_topology = state.topology();
    if (state.topology() != m_topology) {
        m_topology = state.topology();
        m_gpus = m_topology ? m_topology->gpus.size() : 0;
        m_next = 0;
        m_count = 0;
        m_timeMs.assign(m_depth, 0);
        for (size_t r = 0; r < m_readings; ++r)
            m_rings[r] = std::make_unique_for_overwrite<uint8_t[]>(m_depth * m_gpus);
    }
    if (!m_topology || state.timeMs() <= 0)
        return;
    if (m_count > 0 && state.timeMs() < newestMs() + m_minSpacingMs)
        return;
    auto slotOf = [&](Reading r) { return m_rings[size_t(r)].get() + m_next * m_gpus; };
    snapshot(state.column(metric::GpuTemp), m_gpus, TempOrigin, TempStep, slotOf(Reading::Temperature));
    snapshot(state.column(metric::GpuPower), m_gpus, 0.0f, PowerStep, slotOf(Reading::Power));
    if (m_readings == ReadingCount) {
        snapshot(state.column(metric::MemoryTemp), m_gpus, TempOrigin, TempStep, slotOf(Reading::HbmTemperature));
        snapshot(state.column(metric::GpuUtil), m_gpus, 0.0f, 0.5f, slotOf(Reading::Utilisation));
        uint8_t *memory = slotOf(Reading::MemoryUsed);
        const MetricColumn *used = state.column(metric::FbUsed);
        for (size_t g = 0; g < m_gpus; ++g) {
            const float total = m_topology->gpus[g].memoryTotalMiB;
            memory[g] = quantise(total > 0.0f ? state.value(used, g) / total * 100.0f
                                              : std::numeric_limits<float>::quiet_NaN(),
                                 0.0f, 0.5f);
        }
    }
    m_timeMs[m_next] = state.timeMs();
    m_next = (m_next + 1) % m_depth;
    m_count = std::min(m_count + 1, m_depth);
}

std::vector<float> GpuHistory::series(uint32_t gpu, Reading reading) const
{
    std::vector<float> out;
    if (gpu >= m_gpus || size_t(reading) >= m_readings)
        return out;
    out.reserve(m_count);
    const uint8_t *ring = m_rings[size_t(reading)].get();
    const auto [origin, step] = scaleOf(reading);
    for (size_t i = 0; i < m_count; ++i) {
        const size_t slot = (m_next + m_depth - m_count + i) % m_depth;
        out.push_back(dequantise(ring[slot * m_gpus + gpu], origin, step));
    }
    return out;
}

int64_t GpuHistory::oldestMs() const
{
    return m_count ? m_timeMs[(m_next + m_depth - m_count) % m_depth] : 0;
}

int64_t GpuHistory::newestMs() const
{
    return m_count ? m_timeMs[(m_next + m_depth - 1) % m_depth] : 0;
}

} // namespace vigil

namespace vigil {

ColumnHistory::ColumnHistory(QString metricName, size_t depth, int64_t minSpacingMs)
    : m_metric(std::move(metricName))
    , m_depth(std::max<size_t>(depth, 1))
    , m_minSpacingMs(minSpacingMs)
{ }

void ColumnHistory::record(const ClusterState &state)
{
    if (state.topology() != m_topology && sameTopology(state.topology(), m_topology))
        m_topology = state.topology();
    if (state.topology() != m_topology) {
        m_topology = state.topology();
        m_ring.clear();
    }
    const MetricColumn *column = state.column(m_metric);
    if (!column || state.timeMs() <= 0)
        return;
    if (!m_ring.empty() && state.timeMs() < m_ring.back().first + m_minSpacingMs)
        return;
    if (m_ring.size() == m_depth)
        m_ring.erase(m_ring.begin()); // a few thousand floats: cheaper than ring arithmetic is clear
    m_ring.emplace_back(state.timeMs(), column->values);
}

std::vector<std::pair<int64_t, float>> ColumnHistory::series(uint32_t entity) const
{
    std::vector<std::pair<int64_t, float>> out;
    for (const auto &[time, values] : m_ring)
        if (entity < values.size())
            out.emplace_back(time, values[entity]);
    return out;
}

} // namespace vigil
