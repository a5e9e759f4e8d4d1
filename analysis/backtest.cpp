// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/backtest.h"

#include <algorithm>
#include <set>

namespace vigil {

Backtest backtestHazards(const Attributor &attributor, const std::vector<Incident> &incidents,
                         const std::vector<Attribution> &attributions, const std::vector<IncidentCost> &costs,
                         const Topology &topology, int64_t historyFromMs, int64_t fromMs, int64_t toMs)
{
    Backtest b;
    b.fittedFromMs = std::min(historyFromMs, fromMs);
    b.fromMs = fromMs;
    b.toMs = toMs;
    // Only what was known before the period: its incidents, and what they had cost.
    std::vector<Incident> before;
    std::vector<Attribution> beforeAttributions;
    std::vector<IncidentCost> beforeCosts;
    for (size_t i = 0; i < incidents.size() && i < attributions.size() && i < costs.size(); ++i)
        if (incidents[i].failedMs < fromMs) {
            before.push_back(incidents[i]);
            beforeAttributions.push_back(attributions[i]);
            beforeCosts.push_back(costs[i]);
        }
    const HazardModel model = fitHazards(attributor, before, beforeAttributions, topology, b.fittedFromMs, fromMs);

    // What the period brought: each entity's failures, with the GPU-hours the incidents it caused lost.
    std::vector<double> lost;
    for (const IncidentCost &c : costs)
        lost.push_back(c.lostGpuHours);
    std::map<quint64, std::vector<EntityFailure>> failures;
    for (const EntityFailure &f : entityFailures(attributor, incidents, attributions, lost))
        failures[entityKey(f.entity)].push_back(f);

    std::map<HazardKind, Backtest::Row> rows;
    std::set<std::pair<quint64, int64_t>> counted; // each failure once in the total, whatever warned of it
    double brier = 0.0, baseline = 0.0, weight = 0.0;
    const double pooled = model.pooledRate();
    std::map<EntityKind, double> lostPerGpuOfKind;
    for (const HazardModel::Window &w : HazardModel::windowsOf(attributor.runs(b.fittedFromMs, toMs))) {
        if (w.startMs < fromMs || w.startMs >= toMs)
            continue; // a window of the history the model was fitted on
        const HazardEstimate estimate = model.estimate(w.kind);
        bool failed = false;
        double lost = 0.0, lostUncounted = 0.0;
        size_t uncounted = 0;
        if (const auto list = failures.find(entityKey(w.entity)); list != failures.end())
            for (const EntityFailure &f : list->second)
                if (f.timeMs > w.startMs && f.timeMs <= std::min(w.endMs(), toMs)) {
                    failed = true;
                    lost += f.lostGpuHours;
                    if (counted.insert({ entityKey(w.entity), f.timeMs }).second) {
                        ++uncounted;
                        lostUncounted += f.lostGpuHours;
                    }
                }
        const double share = HazardModel::watchedShare(w, toMs, failed);
        auto perGpu = lostPerGpuOfKind.find(w.entity.kind); // the same for every window on a kind of entity
        if (perGpu == lostPerGpuOfKind.end())
            perGpu = lostPerGpuOfKind
                         .emplace(w.entity.kind, lostGpuHoursPerGpuOfFailure(before, beforeCosts, w.entity.kind))
                         .first;
        const double perFailure = double(gpusAtRisk(attributor, topology, w.entity)) * perGpu->second;
        Backtest::Row &row = rows[w.kind];
        row.kind = w.kind;
        row.fittedCases = estimate.cases;
        row.probability = estimate.probability;
        row.windows += share;
        row.predictedFailures += share * estimate.probability;
        row.predictedGpuHours += share * estimate.probability * perFailure;
        row.actualFailures += failed ? 1.0 : 0.0;
        row.actualGpuHours += lost;
        b.total.windows += share;
        b.total.predictedFailures += share * estimate.probability;
        b.total.predictedGpuHours += share * estimate.probability * perFailure;
        b.total.actualFailures += double(uncounted);
        b.total.actualGpuHours += lostUncounted;
        const double outcome = failed ? 1.0 : 0.0;
        brier += share * (estimate.probability - outcome) * (estimate.probability - outcome);
        baseline += share * (pooled - outcome) * (pooled - outcome);
        weight += share;
    }
    for (auto &[kind, row] : rows)
        b.rows.push_back(row);
    b.total.fittedCases = model.fittedCases();
    std::sort(b.rows.begin(), b.rows.end(), [](const Backtest::Row &x, const Backtest::Row &y) {
        return std::max(x.predictedGpuHours, x.actualGpuHours) > std::max(y.predictedGpuHours, y.actualGpuHours);
    });
    b.total.probability = b.total.windows > 0.0 ? b.total.predictedFailures / b.total.windows : 0.0;
    b.brier = weight > 0.0 ? brier / weight : 0.0;
    b.baselineBrier = weight > 0.0 ? baseline / weight : 0.0;
    return b;
}

} // namespace vigil
