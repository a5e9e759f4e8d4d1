// SPDX-License-Identifier: GPL-3.0-or-later
#include "sources/sourcelayout.h"

#include <algorithm>

namespace vigil {

QString layoutSources(const std::vector<BridgeSpec> &bridges, std::shared_ptr<const Topology> &topology,
                      std::vector<MetricDescriptor> &metrics, const std::function<void(const QString &)> &log)
{
    const bool readsDcgm
        = std::any_of(bridges.begin(), bridges.end(), [](const BridgeSpec &b) { return b.readsDcgm(); });
    // A training log's timers across ranks are per GPU: their metric is on the stream where one is read.
    const bool readsTraining = std::any_of(bridges.begin(), bridges.end(),
                                           [](const BridgeSpec &b) { return b.kind == BridgeSpec::Kind::TrainingLog; });
    if (readsTraining && std::none_of(metrics.begin(), metrics.end(), [](const MetricDescriptor &m) {
            return m.name == metric::RankComputeTime;
        }))
        metrics.push_back(metric::rankComputeTimeMetric(uint32_t(metrics.size())));
    if (!topology && !readsDcgm)
        return QStringLiteral(
            "kernel and training logs need --topology FILE (or a --dcgm or --prometheus source to derive it from)");
    if (!readsDcgm)
        return {}; // the file's layout as it is: no exporter to add GPUs, instances or fields
    // Each dcgm source is read once, for its GPUs, MIG instances and fields alike.
    const DcgmSurvey survey = DcgmSurvey::read(bridges);
    if (log)
        for (const QString &e : survey.errors)
            log(QStringLiteral("cannot survey %1").arg(e));
    Topology laidOut;
    bool changed = !topology;
    if (topology) {
        // GPUs that report but are missing from the topology file are shown in an
        // "Unplaced" hall, not dropped line by line.
        laidOut = *topology;
        QString error;
        if (const size_t unplaced = addUnplacedGpus(laidOut, survey, &error); !error.isEmpty()) {
            if (log)
                log(QStringLiteral("cannot look for GPUs missing from the topology: %1").arg(error));
            laidOut = *topology;
        } else if (unplaced > 0) {
            changed = true;
            if (log)
                log(QStringLiteral("%1 GPUs report to the dcgm sources but are not in the topology: shown as unplaced")
                        .arg(unplaced));
        }
    } else {
        QString error;
        laidOut = deriveTopologyFromDcgm(survey, &error);
        if (!error.isEmpty())
            return QStringLiteral("cannot derive the topology: %1").arg(error);
    }
    // MIG instances are entities of their own, under their GPUs.
    QString instanceError;
    if (const size_t instances = addGpuInstances(laidOut, survey, &instanceError); !instanceError.isEmpty()) {
        return QStringLiteral("cannot lay out the MIG instances: %1").arg(instanceError);
    } else if (instances > 0) {
        changed = true;
        if (log)
            log(QStringLiteral("%1 MIG GPU instances, each with its own readings").arg(instances));
    }
    if (changed)
        topology = std::make_shared<const Topology>(std::move(laidOut));
    // Every field the exporters report for GPUs is on the stream, not only the ones
    // Vigil draws: a site's own fields too, under their own names.
    const size_t before = metrics.size();
    metrics = metricsForDcgm(survey, std::move(metrics));
    if (log && metrics.size() > before)
        log(QStringLiteral("%1 more DCGM fields on the stream").arg(metrics.size() - before));
    return {};
}

} // namespace vigil
