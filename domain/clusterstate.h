// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/metric.h"
#include "domain/topology.h"

#include <QString>

#include <algorithm>
#include <cstdint>
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
    // The column for a metric name, or nullptr when the stream does not carry it. A field
    // read on whole GPUs and on MIG instances is two metrics of one name: the first (the
    // GPU's) is found by name alone.
    const MetricColumn *column(const QString &name) const;
    const MetricColumn *column(const QString &name, EntityKind kind) const;
    const MetricColumn *columnById(uint32_t id) const;
    float value(const MetricColumn *column, size_t entity) const;

    int64_t timeMs() const { return m_timeMs; }

    // Replay: a column's values and reading times as recorded (sizes must match the column's).
    bool restoreColumn(size_t index, std::vector<float> values, std::vector<int64_t> lastReadingMs);
    void setTimeMs(int64_t timeMs) { m_timeMs = timeMs; }

    // Brings `reader` up to this state. With `readerHasPrevious` (the feed vouches that `reader`
    // holds what the previous copyTo gave it, untouched) only the entities changed since then
    // are copied, column by column; otherwise, or when `reader` has another layout (another
    // reset()), the whole state is. Either way the changes start over from here: only one
    // reader follows a state by changes, and a feed serves every other one whole.
    void copyTo(ClusterState &reader, bool readerHasPrevious) const;
    // How many values the last copyTo moved (for the benchmark and the tests).
    size_t lastCopiedValues() const { return m_lastCopiedValues; }

private:
    // The entities of one column changed since the last copyTo: [first, end).
    struct ChangedSpan
    {
        size_t first = SIZE_MAX;
        size_t end = 0;
        void add(size_t from, size_t to)
        {
            first = std::min(first, from);
            end = std::max(end, to);
        }
    };

    std::shared_ptr<const Topology> m_topology;
    std::vector<MetricColumn> m_columns;
    std::vector<int32_t> m_columnOfId; // metric id -> position in m_columns, -1 when unknown
    int64_t m_timeMs = 0;
    // Which reset() the columns come from; copies share it, every reset() gets a new one.
    uint64_t m_layout = 0;
    // Bookkeeping for the one reader that follows by changes, not part of the value: copyTo
    // is a read, so it may start the spans over on a const state.
    mutable std::vector<ChangedSpan> m_changed;
    mutable size_t m_lastCopiedValues = 0;
};

} // namespace vigil
