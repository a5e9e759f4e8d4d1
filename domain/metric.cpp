// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/metric.h"

namespace vigil {

const std::vector<MetricDescriptor> &standardMetrics()
{
    static const std::vector<MetricDescriptor> metrics = [] {
        std::vector<MetricDescriptor> m {
            { 0, metric::GpuTemp, QStringLiteral("C"), EntityKind::Gpu, QStringLiteral("GPU temperature") },
            { 0, metric::MemoryTemp, QStringLiteral("C"), EntityKind::Gpu, QStringLiteral("HBM temperature") },
            { 0, metric::GpuPower, QStringLiteral("W"), EntityKind::Gpu, QStringLiteral("GPU power draw") },
            { 0, metric::GpuUtil, QStringLiteral("%"), EntityKind::Gpu, QStringLiteral("GPU utilisation") },
            { 0, metric::FbUsed, QStringLiteral("MiB"), EntityKind::Gpu, QStringLiteral("Framebuffer memory used") },
            { 0, metric::RackInletTemp, QStringLiteral("C"), EntityKind::Rack,
              QStringLiteral("Rack cold-aisle inlet temperature") },
            { 0, metric::PduLoad, QStringLiteral("kW"), EntityKind::Pdu, QStringLiteral("PDU load") },
            { 0, metric::CoolantSupplyTemp, QStringLiteral("C"), EntityKind::CoolingLoop,
              QStringLiteral("Cooling loop supply temperature") },
            { 0, metric::JobStep, QString(), EntityKind::Job, QStringLiteral("Training step reached") },
            { 0, metric::JobLoss, QString(), EntityKind::Job, QStringLiteral("Training loss") },
            { 0, metric::JobTokensPerSecond, QStringLiteral("1/s"), EntityKind::Job,
              QStringLiteral("Training throughput in tokens per second") },
            { 0, metric::JobStepTime, QStringLiteral("s"), EntityKind::Job,
              QStringLiteral("Wall time of the last training step") },
            { 0, metric::ClocksEventReasons, QString(), EntityKind::Gpu,
              QStringLiteral("Clock throttle reasons (NVML bitmask)") },
            { 0, metric::JobAllReduceWait, QStringLiteral("%"), EntityKind::Job,
              QStringLiteral("Share of step time spent waiting in all-reduce") },
            { 0, metric::SmClock, QStringLiteral("MHz"), EntityKind::Gpu, QStringLiteral("SM clock") },
            { 0, metric::TensorActive, QStringLiteral("ratio"), EntityKind::Gpu, QStringLiteral("Tensor pipe active") },
        };
        for (size_t i = 0; i < m.size(); ++i)
            m[i].id = uint32_t(i);
        return m;
    }();
    return metrics;
}

MetricDescriptor metric::nvlinkActiveLinksMetric(uint32_t id)
{
    return { id, NvlinkActiveLinks, QStringLiteral("links"), EntityKind::Gpu,
             QStringLiteral("NVLinks carrying traffic (of those the exporter reports per link)") };
}

MetricDescriptor metric::rankComputeTimeMetric(uint32_t id)
{
    return { id, RankComputeTime, QStringLiteral("ms"), EntityKind::Gpu,
             QStringLiteral("Compute time of the GPU's rank per step (its training log's timers)") };
}

} // namespace vigil
