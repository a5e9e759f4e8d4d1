// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/metric.h"
#include "domain/topology.h"

#include <QString>

#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace vigil {

namespace v1 {
class Samples;
}

class ClusterState;

// How the readings of a node's or a rack's GPUs become one figure for a wall screen.
enum class RollupRule
{
    Max, // the worst GPU: temperatures, error counts, Xids, violation times
    Mean, // a level: utilisation, power, clocks, memory, bandwidth
    AnyBit // a bitmask (clocks-event reasons): a reason any GPU has
};

// The rule for one GPU metric: defined here once, for the gateway and every view.
RollupRule rollupRule(const MetricDescriptor &gpuMetric);
// `values` rolled up by `rule`; a GPU with no reading (NaN) is left out, and none at all is NaN.
float rollUp(RollupRule rule, std::span<const float> values);
// "rack:DCGM_FI_DEV_GPU_TEMP:max": Prometheus's recording-rule naming (level:metric:operation),
// so a rollup never shares a name with the GPU metric it comes from.
QString rollupName(EntityKind level, const QString &gpuMetric, RollupRule rule);

// For views of a wall screen's state, which holds rollups where it holds no GPU: every GPU
// without a reading of its own in `perGpu` takes its node's rollup of `gpuMetric`, else its
// rack's. Returns whether the state had any rollup of it.
bool fillFromRollups(const ClusterState &state, const QString &gpuMetric, std::vector<float> &perGpu);

// The node and rack rollups of a gateway's GPU metrics, kept up to date as samples arrive.
// Their metric ids follow the gateway's own (from `firstId`), so one stream can carry a
// wall screen's rollups beside the GPUs it looks at in full.
class Rollups
{
public:
    void reset(std::shared_ptr<const Topology> topology, const std::vector<MetricDescriptor> &gpuLevelMetrics);

    // Every rollup metric: per GPU metric, one for nodes and one for racks.
    const std::vector<MetricDescriptor> &metrics() const { return m_metrics; }
    // The GPU metric a rollup metric comes from (its id in the gateway's dictionary).
    std::optional<uint32_t> sourceOf(uint32_t rollupId) const;
    bool isRollup(uint32_t id) const { return id >= m_firstId && id < m_firstId + m_metrics.size(); }

    // After `head` applied `samples`: the rollups that changed, as a delta at the samples'
    // time (nullopt when none did).
    std::optional<v1::Samples> follow(const v1::Samples &samples, const ClusterState &head);

    // Every rollup's value now, as keyframe messages restricted to the ids `wanted` accepts.
    std::vector<v1::Samples> keyframes(int64_t timeMs, size_t maxValuesPerMessage,
                                       const std::function<bool(uint32_t)> &wanted) const;

private:
    struct Source
    {
        uint32_t gpuMetricId = 0;
        RollupRule rule = RollupRule::Max;
        uint32_t nodeRollup = 0; // index into m_values
        uint32_t rackRollup = 0;
    };
    // Recomputes one entity's rollup from `head`, and notes it when it changed.
    bool recompute(uint32_t rollup, size_t entity, std::span<const uint32_t> gpus, RollupRule rule,
                   std::span<const float> gpuValues);

    std::shared_ptr<const Topology> m_topology;
    uint32_t m_firstId = 0;
    std::vector<MetricDescriptor> m_metrics;
    std::vector<std::vector<float>> m_values; // per rollup metric, per node or rack
    std::vector<Source> m_sources; // per GPU metric rolled up
    std::vector<int32_t> m_sourceOfGpuMetric; // GPU metric id -> index into m_sources, -1 for none
    std::vector<std::vector<uint32_t>> m_gpusOfRack;
    // Scratch for follow(): entities touched, and the values that changed.
    std::vector<uint8_t> m_nodeTouched, m_rackTouched;
    std::vector<float> m_scratch;
};

} // namespace vigil
