// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/rollups.h"

#include "domain/clusterstate.h"
#include "domain/sampleencoder.h"

#include "vigil/v1/telemetry.pb.h"

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <limits>

namespace vigil {

namespace {

constexpr float NoReading = std::numeric_limits<float>::quiet_NaN();

bool sameReading(float a, float b)
{
    return std::isnan(a) ? std::isnan(b) : a == b;
}

QString ruleSuffix(RollupRule rule)
{
    switch (rule) {
    case RollupRule::Max:
        return QStringLiteral("max");
    case RollupRule::Mean:
        return QStringLiteral("mean");
    case RollupRule::AnyBit:
        return QStringLiteral("any");
    }
    return {};
}

} // namespace

RollupRule rollupRule(const MetricDescriptor &gpuMetric)
{
    if (gpuMetric.name == metric::ClocksEventReasons)
        return RollupRule::AnyBit;
    // Levels average; everything else (temperatures, counts of errors, Xids, time spent
    // throttled, ratios of link errors) is a warning, and the worst GPU must show.
    static const QStringList levels { QStringLiteral("%"), QStringLiteral("W"), QStringLiteral("MHz"),
                                      QStringLiteral("MiB"), QStringLiteral("B/s") };
    return levels.contains(gpuMetric.unit) ? RollupRule::Mean : RollupRule::Max;
}

float rollUp(RollupRule rule, std::span<const float> values)
{
    double sum = 0.0;
    float worst = NoReading;
    uint32_t bits = 0;
    size_t read = 0;
    for (float v : values) {
        if (std::isnan(v))
            continue;
        ++read;
        sum += v;
        if (std::isnan(worst) || v > worst)
            worst = v;
        if (v >= 0.0f && v < 4294967296.0f)
            bits |= uint32_t(v);
    }
    if (read == 0)
        return NoReading;
    switch (rule) {
    case RollupRule::Max:
        return worst;
    case RollupRule::Mean:
        return float(sum / double(read));
    case RollupRule::AnyBit:
        return float(bits);
    }
    return NoReading;
}

QString rollupName(EntityKind level, const QString &gpuMetric, RollupRule rule)
{
    const QString prefix = level == EntityKind::Rack ? QStringLiteral("rack") : QStringLiteral("node");
    return prefix + u':' + gpuMetric + u':' + ruleSuffix(rule);
}

bool fillFromRollups(const ClusterState &state, const QString &gpuMetric, std::vector<float> &perGpu)
{
    const Topology *topology = state.topology().get();
    if (!topology || perGpu.size() != topology->gpus.size())
        return false;
    const MetricColumn *byNode = nullptr, *byRack = nullptr;
    for (const MetricColumn &c : state.columns()) {
        const QString &name = c.descriptor.name;
        const qsizetype colon = name.indexOf(u':');
        if (colon < 0 || name.size() <= colon + gpuMetric.size() + 1 || name.at(colon + 1 + gpuMetric.size()) != u':'
            || QStringView(name).mid(colon + 1, gpuMetric.size()) != gpuMetric)
            continue;
        if (c.descriptor.entityKind == EntityKind::Node && c.values.size() == topology->nodes.size())
            byNode = &c;
        else if (c.descriptor.entityKind == EntityKind::Rack && c.values.size() == topology->racks.size())
            byRack = &c;
    }
    if (!byNode && !byRack)
        return false;
    for (size_t g = 0; g < perGpu.size(); ++g) {
        if (!std::isnan(perGpu[g]))
            continue;
        const uint32_t node = topology->gpus[g].nodeIndex;
        perGpu[g] = byNode ? byNode->values[node] : byRack->values[topology->nodes[node].rackIndex];
    }
    return true;
}

void Rollups::reset(std::shared_ptr<const Topology> topology, const std::vector<MetricDescriptor> &metrics)
{
    m_topology = std::move(topology);
    m_metrics.clear();
    m_values.clear();
    m_sources.clear();
    m_sourceOfGpuMetric.clear();
    m_firstId = 0;
    for (const MetricDescriptor &m : metrics)
        m_firstId = std::max(m_firstId, m.id + 1);
    const size_t nodes = m_topology ? m_topology->nodes.size() : 0;
    const size_t racks = m_topology ? m_topology->racks.size() : 0;
    for (const MetricDescriptor &m : metrics) {
        if (m.entityKind != EntityKind::Gpu)
            continue;
        Source source { m.id, rollupRule(m), uint32_t(m_metrics.size()), uint32_t(m_metrics.size() + 1) };
        for (EntityKind level : { EntityKind::Node, EntityKind::Rack }) {
            const QString what = level == EntityKind::Rack ? QStringLiteral("rack") : QStringLiteral("node");
            const QString how = source.rule == RollupRule::Mean ? QStringLiteral("mean over the %1's GPUs")
                : source.rule == RollupRule::Max                ? QStringLiteral("worst GPU of the %1")
                                                                : QStringLiteral("any GPU of the %1");
            m_metrics.push_back({ uint32_t(m_firstId + m_metrics.size()), rollupName(level, m.name, source.rule),
                                  m.unit, level, m.help + QStringLiteral(" (") + how.arg(what) + u')' });
            m_values.emplace_back(level == EntityKind::Rack ? racks : nodes, NoReading);
        }
        if (m.id >= m_sourceOfGpuMetric.size())
            m_sourceOfGpuMetric.resize(m.id + 1, -1);
        m_sourceOfGpuMetric[m.id] = int32_t(m_sources.size());
        m_sources.push_back(source);
    }
    m_gpusOfRack.assign(racks, {});
    if (m_topology)
        for (uint32_t g = 0; g < m_topology->gpus.size(); ++g)
            m_gpusOfRack[m_topology->rackOfGpu(g)].push_back(g);
    m_nodeTouched.assign(nodes, 0);
    m_rackTouched.assign(racks, 0);
}

std::optional<uint32_t> Rollups::sourceOf(uint32_t rollupId) const
{
    if (!isRollup(rollupId))
        return std::nullopt;
    return m_sources[(rollupId - m_firstId) / 2].gpuMetricId;
}

bool Rollups::recompute(uint32_t rollup, size_t entity, std::span<const uint32_t> gpus, RollupRule rule,
                        std::span<const float> gpuValues)
{
    m_scratch.clear();
    for (uint32_t g : gpus)
        m_scratch.push_back(g < gpuValues.size() ? gpuValues[g] : NoReading);
    const float now = rollUp(rule, m_scratch);
    float &held = m_values[rollup][entity];
    if (sameReading(held, now))
        return false;
    held = now;
    return true;
}

std::optional<v1::Samples> Rollups::follow(const v1::Samples &samples, const ClusterState &head)
{
    if (!m_topology || m_sources.empty())
        return std::nullopt;
    const Topology &topology = *m_topology;
    v1::Samples out;
    out.set_time_ms(samples.time_ms());
    for (const v1::MetricBlock &block : samples.blocks()) {
        const uint32_t id = block.metric_id();
        if (id >= m_sourceOfGpuMetric.size() || m_sourceOfGpuMetric[id] < 0)
            continue;
        const MetricColumn *column = head.columnById(id);
        if (!column)
            continue;
        const Source &source = m_sources[size_t(m_sourceOfGpuMetric[id])];
        std::vector<uint32_t> nodes, racks;
        auto touch = [&](uint32_t gpu) {
            if (gpu >= topology.gpus.size())
                return;
            const uint32_t node = topology.gpus[gpu].nodeIndex;
            if (!m_nodeTouched[node]) {
                m_nodeTouched[node] = 1;
                nodes.push_back(node);
            }
            const uint32_t rack = topology.nodes[node].rackIndex;
            if (!m_rackTouched[rack]) {
                m_rackTouched[rack] = 1;
                racks.push_back(rack);
            }
        };
        if (block.indices_size() > 0) {
            for (uint32_t gpu : block.indices())
                touch(gpu);
        } else {
            for (int i = 0; i < block.values_size(); ++i)
                touch(block.first_index() + uint32_t(i));
        }
        std::sort(nodes.begin(), nodes.end());
        std::sort(racks.begin(), racks.end());
        auto emit = [&](uint32_t rollup, const std::vector<uint32_t> &entities,
                        const std::vector<std::vector<uint32_t>> &gpusOf, std::vector<uint8_t> &touched) {
            v1::MetricBlock changed;
            changed.set_metric_id(m_firstId + rollup);
            for (uint32_t e : entities) {
                touched[e] = 0;
                if (recompute(rollup, e, gpusOf[e], source.rule, column->values)) {
                    changed.add_indices(e);
                    changed.add_values(m_values[rollup][e]);
                }
            }
            if (changed.values_size() > 0)
                *out.add_blocks() = std::move(changed);
        };
        emit(source.nodeRollup, nodes, topology.gpusOfNode, m_nodeTouched);
        emit(source.rackRollup, racks, m_gpusOfRack, m_rackTouched);
    }
    if (out.blocks_size() == 0)
        return std::nullopt;
    return out;
}

std::vector<v1::Samples> Rollups::keyframes(int64_t timeMs, size_t maxValuesPerMessage,
                                            const std::function<bool(uint32_t)> &wanted) const
{
    std::vector<std::span<const float>> columns(m_firstId + m_metrics.size());
    for (size_t r = 0; r < m_values.size(); ++r)
        columns[m_firstId + r] = m_values[r];
    return SampleEncoder::keyframe(timeMs, columns, maxValuesPerMessage,
                                   [&](uint32_t id) { return isRollup(id) && wanted(id); });
}

} // namespace vigil
