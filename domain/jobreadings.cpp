// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/jobreadings.h"

#include "vigil/v1/telemetry.pb.h"

#include <algorithm>

namespace vigil {

void JobMetricIds::setMetrics(const std::vector<MetricDescriptor> &metrics)
{
    m_isJob.clear();
    m_count = 0;
    for (const MetricDescriptor &m : metrics) {
        if (m.entityKind != EntityKind::Job || m.id > 65535)
            continue;
        if (m.id >= m_isJob.size())
            m_isJob.resize(m.id + 1, false);
        m_isJob[m.id] = true;
        ++m_count;
    }
}

void appendJobReadings(const v1::Samples &samples, const JobMetricIds &ids, std::vector<JobReading> &out)
{
    if (ids.empty())
        return;
    for (const v1::MetricBlock &b : samples.blocks()) {
        if (!ids.contains(b.metric_id()))
            continue;
        const bool sparse = b.indices_size() > 0;
        if (sparse && b.indices_size() != b.values_size())
            continue; // malformed: the state refuses it too
        for (int i = 0; i < b.values_size(); ++i) {
            const uint32_t job = sparse ? b.indices(i) : b.first_index() + uint32_t(i);
            out.push_back({ samples.time_ms(), job, b.metric_id(), b.values(i) });
        }
    }
}

void JobReadingHistory::setMetrics(const std::vector<MetricDescriptor> &metrics)
{
    m_ids.setMetrics(metrics);
    m_readings.clear();
}

void JobReadingHistory::add(const v1::Samples &samples)
{
    m_scratch.clear();
    appendJobReadings(samples, m_ids, m_scratch);
    m_readings.insert(m_readings.end(), m_scratch.begin(), m_scratch.end());
    if (m_readings.size() > m_capacity)
        m_readings.erase(m_readings.begin(), m_readings.begin() + long(m_readings.size() - m_capacity));
}

std::vector<JobReading> JobReadingHistory::since(int64_t sinceMs, size_t max) const
{
    // Readings arrive in journal order, which is time order for each source, not
    // across them: keep every reading at or after sinceMs, then the newest `max`.
    std::vector<JobReading> out;
    for (const JobReading &r : m_readings)
        if (r.timeMs >= sinceMs)
            out.push_back(r);
    if (out.size() > max)
        out.erase(out.begin(), out.begin() + long(out.size() - max));
    return out;
}

} // namespace vigil
