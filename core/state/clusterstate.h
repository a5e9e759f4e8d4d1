// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/metric.h"
#include "model/topology.h"

#include <QString>

#include <memory>
#include <vector>

namespace vigil {

namespace v1 {
class Samples;
class MetricBlock;
} // namespace v1

// One metric's current values over every entity of its kind, in topology order.
// NaN means "no reading yet", never zero.
struct MetricColumn
{
    MetricDescriptor descriptor;
    std::vector<float> values;
    // When each entity last reported a reading (cluster time, ms); 0 = never.
    // A NaN ("no reading") does not count: a silent entity ages.
    std::vector<int64_t> lastReadingMs;
};

struct ApplyResult
{
    size_t samplesApplied = 0;
    size_t blocksRejected = 0;
    size_t valuesRejected = 0; // infinities inside otherwise valid blocks, stored as "no reading"
    QString firstError;
    bool ok() const { return blocksRejected == 0 && valuesRejected == 0; }
};

// The cluster as a client (or the gateway) knows it: topology plus the latest
// value of every metric. Live stream and replay both feed one of these; views
// render copies of it. Not thread-safe: one owner at a time.
class ClusterState
{
public:
    // Starts over with a topology and a metric dictionary; every value becomes NaN.
    // Returns an error for a dictionary that cannot be used (duplicate or huge ids,
    // a kind the topology has no entities of is allowed and gets an empty column).
    QString reset(std::shared_ptr<const Topology> topology, const std::vector<MetricDescriptor> &metrics);

    // Applies metric blocks. Valid blocks are applied even when others are not;
    // the result says what was refused and why.
    ApplyResult apply(const v1::Samples &samples);

    // Checks one block against this state's dictionary and topology without applying it.
    QString validate(const v1::MetricBlock &block) const;

    const std::shared_ptr<const Topology> &topology() const { return m_topology; }
    const std::vector<MetricColumn> &columns() const { return m_columns; }
    // The column for a metric name, or nullptr when the stream does not carry it.
    const MetricColumn *column(const QString &name) const;
    const MetricColumn *columnById(uint32_t id) const;
    float value(const MetricColumn *column, size_t entity) const;

    int64_t timeMs() const { return m_timeMs; }

    // Replay: a column's values and reading times as recorded (sizes must match the column's).
    bool restoreColumn(size_t index, std::vector<float> values, std::vector<int64_t> lastReadingMs);
    void setTimeMs(int64_t timeMs) { m_timeMs = timeMs; }

private:
    std::shared_ptr<const Topology> m_topology;
    std::vector<MetricColumn> m_columns;
    std::vector<int32_t> m_columnOfId; // metric id -> position in m_columns, -1 when unknown
    int64_t m_timeMs = 0;
};

} // namespace vigil
