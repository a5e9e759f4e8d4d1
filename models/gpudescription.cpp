// SPDX-License-Identifier: GPL-3.0-or-later
#include "gpudescription.h"

#include "eventdescription.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

namespace vigil {

namespace {
struct GpuDescriptionTr
{
    Q_DECLARE_TR_FUNCTIONS(GpuDescription)
};

} // namespace

QString formatReading(float value, const QString &unit, int decimals)
{
    if (std::isnan(value))
        return QStringLiteral("—");
    return QStringLiteral("%1 %2").arg(QLocale().toString(double(value), 'f', decimals), unit);
}

QString describeGpu(const ClusterState &state, uint32_t gpu)
{
    const Topology *t = state.topology().get();
    if (!t || gpu >= t->gpus.size())
        return {};
    const Gpu &g = t->gpus[gpu];
    const Node &node = t->nodes[g.nodeIndex];
    const Rack &rack = t->racks[node.rackIndex];
    const Hall &hall = t->halls[t->rows[rack.rowIndex].hallIndex];
    QStringList lines;
    lines << GpuDescriptionTr::tr("GPU %1 of %2").arg(g.localIndex).arg(node.hostname);
    lines << GpuDescriptionTr::tr("Rack %1, %2").arg(rack.name, hall.name);
    const int32_t job = gpu < t->jobOfGpu.size() ? t->jobOfGpu[gpu] : -1;
    lines << (job >= 0 ? GpuDescriptionTr::tr("Job %1 (%2)")
                             .arg(t->jobs[size_t(job)].id, priorityClassName(t->jobs[size_t(job)].priority))
                       : GpuDescriptionTr::tr("No job (idle)"));
    auto reading = [&](const QString &metricName, const QString &unit, int decimals = 0, float scale = 1.0f) {
        return formatReading(state.value(state.column(metricName), gpu) * scale, unit, decimals);
    };
    lines << GpuDescriptionTr::tr("Temperature %1 · HBM %2")
                 .arg(reading(metric::GpuTemp, QStringLiteral("°C")),
                      reading(metric::MemoryTemp, QStringLiteral("°C")));
    lines << GpuDescriptionTr::tr("Power %1 · Utilisation %2")
                 .arg(reading(metric::GpuPower, QStringLiteral("W")), reading(metric::GpuUtil, QStringLiteral("%")));
    lines << GpuDescriptionTr::tr("Memory used %1 of %2")
                 .arg(reading(metric::FbUsed, QStringLiteral("GiB"), 1, 1.0f / 1024.0f),
                      formatReading(g.memoryTotalMiB / 1024.0f, QStringLiteral("GiB"), 0));
    lines << g.uuid;
    return lines.join(u'\n');
}

} // namespace vigil
