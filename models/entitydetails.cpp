// SPDX-License-Identifier: GPL-3.0-or-later
#include "entitydetails.h"

#include "eventdescription.h"
#include "gpudescription.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace vigil {

namespace {
struct EntityDetailsTr
{
    Q_DECLARE_TR_FUNCTIONS(EntityDetails)
};

QString row(const QString &label, const QString &value)
{
    return QStringLiteral("<tr><td style='color:#8a94a3;padding-right:12px'>%1</td><td>%2</td></tr>")
        .arg(label.toHtmlEscaped(), value.toHtmlEscaped());
}
// NVML's clocks-event reasons in words; idle alone is not worth a word.
QString clockReasonsText(float value)
{
    if (std::isnan(value))
        return QStringLiteral("—");
    const uint32_t mask = uint32_t(value);
    QStringList reasons;
    if (mask & metric::clocks::Thermal)
        reasons << EntityDetailsTr::tr("thermal slowdown");
    if (mask & metric::clocks::SwPowerCap)
        reasons << EntityDetailsTr::tr("power cap");
    if (mask & metric::clocks::HwPowerBrakeSlowdown)
        reasons << EntityDetailsTr::tr("power brake");
    return reasons.isEmpty() ? EntityDetailsTr::tr("nothing") : reasons.join(QStringLiteral(", "));
}

} // namespace

QString metricLabel(const MetricDescriptor &metric)
{
    // The standard metrics in the reader's language; a metric a source added keeps its own words.
    static const std::pair<const QString *, const char *> Known[] = {
        { &metric::GpuTemp, QT_TRANSLATE_NOOP("EntityDetails", "GPU temperature") },
        { &metric::MemoryTemp, QT_TRANSLATE_NOOP("EntityDetails", "HBM temperature") },
        { &metric::GpuPower, QT_TRANSLATE_NOOP("EntityDetails", "GPU power draw") },
        { &metric::GpuUtil, QT_TRANSLATE_NOOP("EntityDetails", "GPU utilisation") },
        { &metric::FbUsed, QT_TRANSLATE_NOOP("EntityDetails", "Framebuffer memory used") },
        { &metric::RackInletTemp, QT_TRANSLATE_NOOP("EntityDetails", "Rack cold-aisle inlet temperature") },
        { &metric::PduLoad, QT_TRANSLATE_NOOP("EntityDetails", "PDU load") },
        { &metric::CoolantSupplyTemp, QT_TRANSLATE_NOOP("EntityDetails", "Cooling loop supply temperature") },
        { &metric::SmClock, QT_TRANSLATE_NOOP("EntityDetails", "SM clock") },
        { &metric::TensorActive, QT_TRANSLATE_NOOP("EntityDetails", "Tensor pipes busy") },
    };
    for (const auto &[name, label] : Known)
        if (metric.name == *name)
            return EntityDetailsTr::tr(label);
    return metric.help.isEmpty() ? metric.name : metric.help;
}

// A field the exporter reports, in units a person reads at a glance: DCGM's ratios as
// percentages, byte rates in MB/s or GB/s, energy in kWh; otherwise DCGM's own unit.
static QString readableExporterValue(float value, const QString &unit)
{
    if (std::isnan(value))
        return formatReading(value, unit);
    if (unit == QLatin1String("ratio"))
        return formatReading(value * 100.0f, QStringLiteral("%"), 0);
    if (unit == QLatin1String("B/s") || unit == QLatin1String("B")) {
        const QString suffix = unit == QLatin1String("B/s") ? QStringLiteral("/s") : QString();
        if (std::abs(value) >= 1e9f)
            return formatReading(value / 1e9f, QStringLiteral("GB") + suffix, 2);
        if (std::abs(value) >= 1e6f)
            return formatReading(value / 1e6f, QStringLiteral("MB") + suffix, 1);
    }
    if (unit == QLatin1String("mJ") && std::abs(value) >= 3.6e6f) // from 1 Wh on
        return formatReading(value / 3.6e9f, QStringLiteral("kWh"), 2);
    if (unit == QLatin1String("C"))
        return formatReading(value, QStringLiteral("°C"));
    return formatReading(value, unit, std::abs(value) >= 100.0f || value == std::floor(value) ? 0 : 2);
}

// One field and its reading as two cells, the field's DCGM name in the tooltip.
static QString fieldCells(const MetricDescriptor &metric, const QString &reading)
{
    return QStringLiteral("<td style='color:#8a94a3;padding-right:8px' title='%1'>%2</td><td "
                          "style='padding-right:14px'>%3</td>")
        .arg(metric.name.toHtmlEscaped(), metricLabel(metric).toHtmlEscaped(), reading.toHtmlEscaped());
}

namespace {

// The GPU's readings: Vigil's metrics, then every other field the exporter reports.
QString gpuReadingsHtml(const ClusterState &state, uint32_t gpu, const std::vector<uint32_t> &instances)
{
    QString html;
    html += QStringLiteral("<table>");
    // Vigil's own metrics one to a line; every other field the exporter reports two to a
    // line below them, so that thirty DCGM fields still fit the pane at 1080p.
    auto isStandard = [](const MetricDescriptor &d) {
        const auto &standard = standardMetrics();
        return std::any_of(standard.begin(), standard.end(),
                           [&](const MetricDescriptor &m) { return m.name == d.name; });
    };
    // On a MIG GPU, a field its instances report has no reading of the GPU's own: say
    // where it is rather than showing a dash.
    auto perInstance = [&](const MetricColumn &c) {
        return !instances.empty() && std::isnan(state.value(&c, gpu))
            && state.column(c.descriptor.name, EntityKind::GpuInstance);
    };
    QStringList more;
    for (const MetricColumn &c : state.columns()) {
        if (c.descriptor.entityKind != EntityKind::Gpu)
            continue;
        if (perInstance(c)) {
            if (isStandard(c.descriptor))
                html += row(metricLabel(c.descriptor), EntityDetailsTr::tr("per instance, below"));
            continue;
        }
        if (c.descriptor.name == metric::ClocksEventReasons) {
            html += row(EntityDetailsTr::tr("Clocks held down by"), clockReasonsText(state.value(&c, gpu)));
            continue;
        }
        const float value = state.value(&c, gpu);
        const QString &unit = c.descriptor.unit;
        const QString shownUnit = unit == QLatin1String("C") ? QStringLiteral("°C") : unit;
        if (isStandard(c.descriptor)) {
            html += row(metricLabel(c.descriptor),
                        unit == QLatin1String("ratio") ? readableExporterValue(value, unit)
                                                       : formatReading(value, shownUnit));
            continue;
        }
        more << fieldCells(c.descriptor, readableExporterValue(value, unit));
    }
    if (!more.isEmpty()) {
        html += QStringLiteral("</table><h4 style='margin:6px 2px 2px 2px'>%1</h4><table>")
                    .arg(EntityDetailsTr::tr("More from the exporter (%n field(s))", nullptr, int(more.size())));
        for (qsizetype i = 0; i < more.size(); i += 2)
            html += QStringLiteral("<tr>%1%2</tr>").arg(more[i], i + 1 < more.size() ? more[i + 1] : QString());
    }
    return html;
}

// A GPU split by MIG: each instance's own readings, never folded into the GPU's.
QString gpuInstancesHtml(const ClusterState &state, const Topology &topology, const std::vector<uint32_t> &instances)
{
    const Topology *t = &topology;
    QString html;
    if (!instances.empty()) {
        html += QStringLiteral("</table><h4 style='margin:6px 2px 2px 2px'>%1</h4><table>")
                    .arg(EntityDetailsTr::tr("MIG instances (%n)", nullptr, int(instances.size())));
        for (uint32_t i : instances) {
            const GpuInstance &instance = t->gpuInstances[i];
            html += QStringLiteral("<tr><td colspan='4' style='padding-top:3px'><b>%1</b></td></tr>")
                        .arg(EntityDetailsTr::tr("%1 · instance %2")
                                 .arg(instance.profile.toHtmlEscaped())
                                 .arg(instance.instanceId));
            QStringList readings;
            for (const MetricColumn &c : state.columns())
                if (c.descriptor.entityKind == EntityKind::GpuInstance)
                    readings << fieldCells(c.descriptor, readableExporterValue(state.value(&c, i), c.descriptor.unit));
            for (qsizetype k = 0; k < readings.size(); k += 2)
                html += QStringLiteral("<tr>%1%2</tr>")
                            .arg(readings[k], k + 1 < readings.size() ? readings[k + 1] : QString());
        }
    }
    return html;
}

// Who the GPU is, where it stands, and the job it runs.
QString gpuIdentityHtml(const ClusterState &state, const Topology &topology, uint32_t gpu)
{
    const Topology *t = &topology;
    const Gpu &g = t->gpus[gpu];
    const Node &node = t->nodes[g.nodeIndex];
    const Rack &rack = t->racks[node.rackIndex];
    const Row &rowOfRack = t->rows[rack.rowIndex];
    QString html;
    html += QStringLiteral("</table><h4 style='margin:6px 2px 2px 2px'>%1</h4><table>")
                .arg(EntityDetailsTr::tr("Identity"));
    html += row(EntityDetailsTr::tr("UUID"), g.uuid);
    if (!g.pciBusId.isEmpty())
        html += row(EntityDetailsTr::tr("PCI"), g.pciBusId);
    html += row(EntityDetailsTr::tr("Model"), g.model);
    if (!g.serial.isEmpty())
        html += row(EntityDetailsTr::tr("Serial"), g.serial);
    if (!g.driverVersion.isEmpty())
        html += row(EntityDetailsTr::tr("Driver"), g.driverVersion);
    html += row(EntityDetailsTr::tr("Place"),
                EntityDetailsTr::tr("%1, row %2, rack %3, slot %4")
                    .arg(t->halls[rowOfRack.hallIndex].name, rowOfRack.name, rack.name)
                    .arg(node.slot));
    const int32_t job = gpu < t->jobOfGpu.size() ? t->jobOfGpu[gpu] : -1;
    if (job >= 0) {
        const Job &j = t->jobs[size_t(job)];
        html += row(EntityDetailsTr::tr("Job"),
                    EntityDetailsTr::tr("%1 (%2), %3 GPUs, DP %4 × TP %5 × PP %6")
                        .arg(j.id, priorityClassName(j.priority))
                        .arg(j.gpuIndices.size())
                        .arg(j.layout.dataParallel)
                        .arg(j.layout.tensorParallel)
                        .arg(j.layout.pipelineParallel));
        const float step = state.value(state.column(metric::JobStep), size_t(job));
        const float loss = state.value(state.column(metric::JobLoss), size_t(job));
        html += row(EntityDetailsTr::tr("Training"),
                    EntityDetailsTr::tr("step %1, loss %2, step time %3")
                        .arg(std::isnan(step) ? QStringLiteral("—") : QLocale().toString(qlonglong(step)),
                             std::isnan(loss) ? QStringLiteral("—") : QLocale().toString(double(loss), 'f', 4),
                             formatReading(state.value(state.column(metric::JobStepTime), size_t(job)),
                                           QStringLiteral("s"), 2)));
    } else {
        html += row(EntityDetailsTr::tr("Job"), EntityDetailsTr::tr("none (idle)"));
    }
    return html;
}

QString recentEventsHtml(const std::vector<Event> &recentEvents)
{
    QString html;
    html += QStringLiteral("</table><h4 style='margin:6px 2px 2px 2px'>%1</h4>")
                .arg(EntityDetailsTr::tr("Recent events"));
    if (recentEvents.empty())
        html += QStringLiteral("<p style='color:#8a94a3'>%1</p>").arg(EntityDetailsTr::tr("none received"));
    else {
        html += QStringLiteral("<table>");
        for (const Event &e : recentEvents)
            html += row(shortClock(e.timeMs),
                        QStringLiteral("%1 — %2").arg(e.type == EventType::Xid ? QStringLiteral("Xid %1").arg(e.code)
                                                                               : eventTypeName(e.type),
                                                      e.message));
        html += QStringLiteral("</table>");
    }
    return html;
}

} // namespace

QString gpuDetailsHtml(const ClusterState &state, uint32_t gpu, const std::vector<Event> &recentEvents)
{
    const Topology *t = state.topology().get();
    if (!t || gpu >= t->gpus.size())
        return EntityDetailsTr::tr("<p>Click a GPU on the rack map, or search for one.</p>");
    const Gpu &g = t->gpus[gpu];
    const Node &node = t->nodes[g.nodeIndex];
    // The readings first: at 3 AM they are what the pane is opened for; who the GPU is follows.
    QString html = QStringLiteral("<h3 style='margin:2px'>%1</h3>")
                       .arg(EntityDetailsTr::tr("GPU %1 of %2").arg(g.localIndex).arg(node.hostname).toHtmlEscaped());
    const std::vector<uint32_t> noInstances;
    const std::vector<uint32_t> &instances = gpu < t->instancesOfGpu.size() ? t->instancesOfGpu[gpu] : noInstances;
    if (!instances.empty())
        html += QStringLiteral("<p style='margin:2px;color:#8a94a3'>%1</p>")
                    .arg(EntityDetailsTr::tr("Split by MIG into %n instance(s): each one's readings are below.",
                                             nullptr, int(instances.size())));
    html += gpuReadingsHtml(state, gpu, instances);
    html += gpuInstancesHtml(state, *t, instances);
    html += gpuIdentityHtml(state, *t, gpu);
    html += recentEventsHtml(recentEvents);
    return html;
}

QString rackDetailsHtml(const ClusterState &state, uint32_t rackIndex)
{
    const Topology *t = state.topology().get();
    if (!t || rackIndex >= t->racks.size())
        return {};
    const Rack &rack = t->racks[rackIndex];
    const Row &rowOfRack = t->rows[rack.rowIndex];
    QString html = QStringLiteral("<h3 style='margin:2px'>%1</h3><table>")
                       .arg(EntityDetailsTr::tr("Rack %1").arg(rack.name).toHtmlEscaped());
    if (rack.placement == Rack::Placement::Unplaced)
        html += row(EntityDetailsTr::tr("Place"),
                    EntityDetailsTr::tr("unknown: its GPUs report, but the topology does not list them"));
    else
        html += row(EntityDetailsTr::tr("Place"),
                    EntityDetailsTr::tr("%1, row %2, position %3%4")
                        .arg(t->halls[rowOfRack.hallIndex].name, rowOfRack.name)
                        .arg(rack.positionInRow + 1)
                        .arg(rack.placement == Rack::Placement::Assumed
                                 ? EntityDetailsTr::tr(" (assumed: the topology gives none)")
                                 : QString()));
    const MetricColumn *pduLoad = state.column(metric::PduLoad);
    for (uint32_t p : rack.pduIndices) {
        const float kw = state.value(pduLoad, p);
        html += row(EntityDetailsTr::tr("PDU %1").arg(t->pdus[p].name),
                    std::isnan(kw) ? EntityDetailsTr::tr("no reading (rated %1 kW)").arg(double(t->pdus[p].ratedKw))
                                   : EntityDetailsTr::tr("%1 kW of %2 kW (%3 %)")
                                         .arg(QLocale().toString(double(kw), 'f', 1))
                                         .arg(double(t->pdus[p].ratedKw))
                                         .arg(QLocale().toString(double(kw / t->pdus[p].ratedKw * 100.0f), 'f', 0)));
    }
    if (const MetricColumn *inlet = state.column(metric::RackInletTemp))
        html += row(EntityDetailsTr::tr("Inlet air"),
                    formatReading(state.value(inlet, rackIndex), QStringLiteral("°C"), 1));
    if (rack.coolingLoopIndex < t->coolingLoops.size())
        html += row(EntityDetailsTr::tr("Cooling"),
                    EntityDetailsTr::tr("%1, supply %2")
                        .arg(t->coolingLoops[rack.coolingLoopIndex].name,
                             formatReading(state.value(state.column(metric::CoolantSupplyTemp), rack.coolingLoopIndex),
                                           QStringLiteral("°C"), 1)));
    if (rack.leafSwitchIndex < t->switches.size() && t->switches[rack.leafSwitchIndex].role != SwitchRole::NvSwitch)
        html += row(EntityDetailsTr::tr("Leaf switch"), t->switches[rack.leafSwitchIndex].name);
    // What the rack holds and how its GPUs are doing.
    const MetricColumn *temp = state.column(metric::GpuTemp);
    size_t gpus = 0, silent = 0;
    int64_t hottest = -1;
    std::vector<QString> jobs;
    for (uint32_t node : t->nodesOfRack[rackIndex])
        for (uint32_t g : t->gpusOfNode[node]) {
            ++gpus;
            const float v = state.value(temp, g);
            if (std::isnan(v))
                ++silent;
            else if (hottest < 0 || v > state.value(temp, size_t(hottest)))
                hottest = g;
            const int32_t job = g < t->jobOfGpu.size() ? t->jobOfGpu[g] : -1;
            if (job >= 0 && std::find(jobs.begin(), jobs.end(), t->jobs[size_t(job)].id) == jobs.end())
                jobs.push_back(t->jobs[size_t(job)].id);
        }
    html += row(EntityDetailsTr::tr("Nodes"),
                EntityDetailsTr::tr("%1 nodes, %2 GPUs").arg(t->nodesOfRack[rackIndex].size()).arg(gpus));
    if (hottest >= 0) {
        const Gpu &g = t->gpus[size_t(hottest)];
        html += row(EntityDetailsTr::tr("Hottest GPU"),
                    EntityDetailsTr::tr("%1 on GPU %2 of %3")
                        .arg(formatReading(state.value(temp, size_t(hottest)), QStringLiteral("°C"), 0))
                        .arg(g.localIndex)
                        .arg(t->nodes[g.nodeIndex].hostname));
    }
    html += row(EntityDetailsTr::tr("Silent GPUs"),
                silent ? EntityDetailsTr::tr("%1 without a reading").arg(silent) : EntityDetailsTr::tr("none"));
    QStringList jobList;
    for (const QString &j : jobs)
        jobList << j;
    html += row(EntityDetailsTr::tr("Jobs"),
                jobList.isEmpty() ? EntityDetailsTr::tr("none (idle)") : jobList.join(QStringLiteral(", ")));
    return html + QStringLiteral("</table>");
}

std::optional<uint32_t> findGpu(const Topology &t, const QString &rawQuery)
{
    const QString query = rawQuery.trimmed();
    if (query.isEmpty())
        return std::nullopt;
    auto firstGpuOfNode = [&](size_t n) -> std::optional<uint32_t> {
        if (n < t.gpusOfNode.size() && !t.gpusOfNode[n].empty())
            return t.gpusOfNode[n].front();
        return std::nullopt;
    };
    auto firstGpuOfRack = [&](size_t r) -> std::optional<uint32_t> {
        for (uint32_t n : t.nodesOfRack[r])
            if (auto g = firstGpuOfNode(n))
                return g;
        return std::nullopt;
    };
    // Exact matches.
    for (uint32_t g = 0; g < t.gpus.size(); ++g)
        if (t.gpus[g].uuid.compare(query, Qt::CaseInsensitive) == 0)
            return g;
    const qsizetype colon = query.lastIndexOf(u':');
    for (size_t n = 0; n < t.nodes.size(); ++n) {
        if (t.nodes[n].hostname.compare(query, Qt::CaseInsensitive) == 0)
            return firstGpuOfNode(n);
        if (colon > 0 && t.nodes[n].hostname.compare(query.left(colon), Qt::CaseInsensitive) == 0) {
            bool ok = false;
            const uint32_t local = query.mid(colon + 1).toUInt(&ok);
            if (ok)
                for (uint32_t g : t.gpusOfNode[n])
                    if (t.gpus[g].localIndex == local)
                        return g;
        }
    }
    for (size_t r = 0; r < t.racks.size(); ++r)
        if (t.racks[r].name.compare(query, Qt::CaseInsensitive) == 0)
            return firstGpuOfRack(r);
    for (const Job &job : t.jobs)
        if (job.id.compare(query, Qt::CaseInsensitive) == 0 && !job.gpuIndices.empty())
            return job.gpuIndices.front();
    // A unique prefix of a hostname, rack name or UUID.
    std::optional<uint32_t> found;
    int matches = 0;
    auto consider = [&](const QString &name, std::optional<uint32_t> gpu) {
        if (gpu && name.startsWith(query, Qt::CaseInsensitive)) {
            ++matches;
            found = gpu;
        }
    };
    for (size_t n = 0; n < t.nodes.size(); ++n)
        consider(t.nodes[n].hostname, firstGpuOfNode(n));
    for (size_t r = 0; r < t.racks.size(); ++r)
        consider(t.racks[r].name, firstGpuOfRack(r));
    for (uint32_t g = 0; g < t.gpus.size(); ++g)
        consider(t.gpus[g].uuid, g);
    return matches == 1 ? found : std::nullopt;
}

} // namespace vigil
