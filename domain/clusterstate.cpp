// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/clusterstate.h"

#include "domain/codec.h"
#include "vigil/v1/telemetry.pb.h"

#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>

namespace vigil {

namespace {
constexpr uint32_t MaxMetricId = 65535;
std::atomic<uint64_t> layouts { 0 };
} // namespace

QString ClusterState::reset(std::shared_ptr<const Topology> topology, const std::vector<MetricDescriptor> &metrics)
{
    m_topology = std::move(topology);
    m_columns.clear();
    m_columnOfId.clear();
    m_changed.clear();
    m_timeMs = 0;
    m_layout = ++layouts;
    for (const MetricDescriptor &m : metrics) {
        if (m.id > MaxMetricId)
            return QStringLiteral("metric %1 has id %2, above the limit of %3").arg(m.name).arg(m.id).arg(MaxMetricId);
        if (m.id >= m_columnOfId.size())
            m_columnOfId.resize(m.id + 1, -1);
        if (m_columnOfId[m.id] >= 0)
            return QStringLiteral("metric id %1 is used twice (%2)").arg(m.id).arg(m.name);
        m_columnOfId[m.id] = int32_t(m_columns.size());
        const size_t count = m_topology ? wire::entityCount(*m_topology, m.entityKind) : 0;
        m_columns.push_back(
            { m, std::vector<float>(count, std::numeric_limits<float>::quiet_NaN()), std::vector<int64_t>(count, 0) });
    }
    m_changed.resize(m_columns.size());
    return {};
}

const MetricColumn *ClusterState::columnById(uint32_t id) const
{
    if (id >= m_columnOfId.size() || m_columnOfId[id] < 0)
        return nullptr;
    return &m_columns[size_t(m_columnOfId[id])];
}

const MetricColumn *ClusterState::column(const QString &name) const
{
    for (const MetricColumn &c : m_columns)
        if (c.descriptor.name == name)
            return &c;
    return nullptr;
}

const MetricColumn *ClusterState::column(const QString &name, EntityKind kind) const
{
    for (const MetricColumn &c : m_columns)
        if (c.descriptor.name == name && c.descriptor.entityKind == kind)
            return &c;
    return nullptr;
}

float ClusterState::value(const MetricColumn *column, size_t entity) const
{
    if (!column || entity >= column->values.size())
        return std::numeric_limits<float>::quiet_NaN();
    return column->values[entity];
}

QString ClusterState::validate(const v1::MetricBlock &block) const
{
    const MetricColumn *column = columnById(block.metric_id());
    if (!column)
        return QStringLiteral("unknown metric id %1").arg(block.metric_id());
    const size_t count = column->values.size();
    const size_t n = size_t(block.values_size());
    if (block.indices_size() == 0) {
        if (size_t(block.first_index()) + n > count)
            return QStringLiteral("%1: values for entities %2..%3, but only %4 exist")
                .arg(column->descriptor.name)
                .arg(block.first_index())
                .arg(size_t(block.first_index()) + n - 1)
                .arg(count);
        return {};
    }
    if (size_t(block.indices_size()) != n)
        return QStringLiteral("%1: %2 indices for %3 values")
            .arg(column->descriptor.name)
            .arg(block.indices_size())
            .arg(n);
    int64_t previous = -1;
    for (uint32_t index : block.indices()) {
        if (int64_t(index) <= previous)
            return QStringLiteral("%1: indices not strictly increasing at %2").arg(column->descriptor.name).arg(index);
        if (index >= count)
            return QStringLiteral("%1: entity %2 does not exist (have %3)")
                .arg(column->descriptor.name)
                .arg(index)
                .arg(count);
        previous = index;
    }
    return {};
}

bool ClusterState::restoreColumn(size_t index, std::vector<float> values, std::vector<int64_t> lastReadingMs)
{
    if (index >= m_columns.size() || values.size() != m_columns[index].values.size()
        || lastReadingMs.size() != values.size())
        return false;
    m_columns[index].values = std::move(values);
    m_columns[index].lastReadingMs = std::move(lastReadingMs);
    m_changed.resize(m_columns.size());
    m_changed[index].add(0, m_columns[index].values.size());
    return true;
}

void ClusterState::copyTo(ClusterState &reader, bool readerHasPrevious) const
{
    m_changed.resize(m_columns.size());
    const bool sameLayout = readerHasPrevious && reader.m_layout == m_layout && reader.m_topology == m_topology
        && reader.m_columns.size() == m_columns.size();
    size_t copied = 0;
    if (!sameLayout) {
        reader.m_topology = m_topology;
        reader.m_columns = m_columns;
        reader.m_columnOfId = m_columnOfId;
        reader.m_layout = m_layout;
        for (const MetricColumn &column : m_columns)
            copied += column.values.size();
    } else {
        for (size_t c = 0; c < m_columns.size(); ++c) {
            const ChangedSpan span = m_changed[c];
            if (span.first >= span.end)
                continue;
            const MetricColumn &from = m_columns[c];
            MetricColumn &to = reader.m_columns[c];
            std::copy(from.values.begin() + ptrdiff_t(span.first), from.values.begin() + ptrdiff_t(span.end),
                      to.values.begin() + ptrdiff_t(span.first));
            std::copy(from.lastReadingMs.begin() + ptrdiff_t(span.first),
                      from.lastReadingMs.begin() + ptrdiff_t(span.end),
                      to.lastReadingMs.begin() + ptrdiff_t(span.first));
            copied += span.end - span.first;
        }
    }
    reader.m_timeMs = m_timeMs;
    reader.m_changed.assign(reader.m_columns.size(), {});
    m_changed.assign(m_columns.size(), {});
    m_lastCopiedValues = copied;
}

ApplyResult ClusterState::apply(const v1::Samples &samples)
{
    ApplyResult result;
    m_changed.resize(m_columns.size()); // a reset() that stopped at a bad dictionary left columns behind
    m_timeMs = std::max(m_timeMs, samples.time_ms());
    const int64_t time = samples.time_ms();
    for (const v1::MetricBlock &block : samples.blocks()) {
        const QString error = validate(block);
        if (!error.isEmpty()) {
            if (result.firstError.isEmpty())
                result.firstError = error;
            ++result.blocksRejected;
            continue;
        }
        const size_t columnIndex = size_t(m_columnOfId[block.metric_id()]);
        MetricColumn &column = m_columns[columnIndex];
        const float *values = block.values().data();
        const size_t n = size_t(block.values_size());
        size_t infinities = 0;
        if (block.indices_size() == 0) {
            float *out = column.values.data() + block.first_index();
            int64_t *heard = column.lastReadingMs.data() + block.first_index();
            if (n > 0) // an empty block's values may be a null pointer, which memcpy may not see
                std::memcpy(out, values, n * sizeof(float));
            for (size_t i = 0; i < n; ++i) {
                infinities += std::isinf(out[i]);
                if (std::isfinite(out[i])) // a reading: the entity spoke
                    heard[i] = time;
            }
            if (infinities)
                for (size_t i = 0; i < n; ++i)
                    if (std::isinf(out[i]))
                        out[i] = std::numeric_limits<float>::quiet_NaN();
            if (n > 0)
                m_changed[columnIndex].add(block.first_index(), size_t(block.first_index()) + n);
        } else {
            const uint32_t *indices = block.indices().data();
            float *out = column.values.data();
            int64_t *heard = column.lastReadingMs.data();
            for (size_t i = 0; i < n; ++i) {
                const float v = values[i];
                const bool inf = std::isinf(v);
                infinities += inf;
                out[indices[i]] = inf ? std::numeric_limits<float>::quiet_NaN() : v;
                if (std::isfinite(v))
                    heard[indices[i]] = time;
            }
            if (n > 0) // indices are strictly increasing (validated)
                m_changed[columnIndex].add(indices[0], size_t(indices[n - 1]) + 1);
        }
        if (infinities && result.firstError.isEmpty())
            result.firstError = QStringLiteral("%1: %2 infinite values stored as no reading")
                                    .arg(column.descriptor.name)
                                    .arg(infinities);
        result.valuesRejected += infinities;
        result.samplesApplied += n - infinities;
    }
    return result;
}

} // namespace vigil
