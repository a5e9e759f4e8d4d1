// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/metric.h"

#include <cstdint>
#include <deque>
#include <vector>

namespace vigil {

namespace v1 {
class Samples;
}

// One reading of a job's metric (step, loss, tokens/s, step time, all-reduce wait)
// at its own time. A training's curve is every one of these, not the latest value a
// view happened to sample: a log read in one go, or a burst of steps between two
// redraws, keeps its shape.
struct JobReading
{
    int64_t timeMs = 0;
    uint32_t job = 0; // index into Topology::jobs
    uint32_t metricId = 0; // the stream's id for the metric
    float value = 0.0f;

    bool operator==(const JobReading &) const = default;
};

// Which of a stream's metric ids describe jobs.
class JobMetricIds
{
public:
    void setMetrics(const std::vector<MetricDescriptor> &metrics);
    bool contains(uint32_t id) const { return id < m_isJob.size() && m_isJob[id]; }
    bool empty() const { return m_count == 0; }

private:
    std::vector<bool> m_isJob;
    size_t m_count = 0;
};

// Appends the job readings a Samples message carries (dense or sparse blocks), in
// the message's order. Values that are not finite are readings too ("no value").
void appendJobReadings(const v1::Samples &samples, const JobMetricIds &ids, std::vector<JobReading> &out);

// The newest job readings, bounded, oldest first: what a gateway hands a dashboard
// that connects late, so its training charts have a past.
class JobReadingHistory
{
public:
    explicit JobReadingHistory(size_t capacity = 250000)
        : m_capacity(capacity)
    { }
    void setMetrics(const std::vector<MetricDescriptor> &metrics);
    void add(const v1::Samples &samples);
    // The newest readings at or after `sinceMs`, at most `max` of them, oldest first.
    std::vector<JobReading> since(int64_t sinceMs, size_t max) const;
    size_t size() const { return m_readings.size(); }

private:
    JobMetricIds m_ids;
    std::deque<JobReading> m_readings;
    size_t m_capacity;
    std::vector<JobReading> m_scratch;
};

} // namespace vigil
