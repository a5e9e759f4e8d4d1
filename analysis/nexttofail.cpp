// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/nexttofail.h"

#include "domain/blastradius.h"

#include <algorithm>
#include <map>
#include <set>

namespace vigil {

namespace {

bool before(const AtRisk &a, const AtRisk &b)
{
    if (a.hazard.probability != b.hazard.probability)
        return a.hazard.probability > b.hazard.probability;
    if (a.gpusAtRisk != b.gpusAtRisk)
        return a.gpusAtRisk > b.gpusAtRisk;
    return entityKey(a.entity) < entityKey(b.entity); // the same list on every run
}

// Whether a failure of `failed` is one of `listed`: the same part, or one that shares GPUs with it
// (a node listed and its GPU failing; a GPU listed and its node going down).
bool sameParts(const Topology &topology, EntityRef listed, EntityRef failed)
{
    if (listed == failed)
        return true;
    const std::vector<uint32_t> a = gpusAffectedBy(topology, listed), b = gpusAffectedBy(topology, failed);
    return std::any_of(a.begin(), a.end(), [&](uint32_t g) { return std::find(b.begin(), b.end(), g) != b.end(); });
}

} // namespace

std::vector<AtRisk> nextToFail(const std::vector<DebtItem> &debt, size_t limit)
{
    std::map<quint64, AtRisk> byEntity;
    for (const DebtItem &d : debt) {
        if (d.hazard.applicationFault || d.hazard.probability <= 0.0)
            continue;
        AtRisk candidate { d.warnings.entity,  d.hazard,           d.warnings.type, d.warnings.code,
                           d.warnings.message, d.warnings.firstMs, d.gpusAtRisk };
        auto [it, added] = byEntity.try_emplace(entityKey(d.warnings.entity), candidate);
        if (!added && before(candidate, it->second))
            it->second = candidate;
    }
    std::vector<AtRisk> list;
    for (auto &[key, r] : byEntity)
        list.push_back(r);
    std::sort(list.begin(), list.end(), before);
    if (list.size() > limit)
        list.resize(limit);
    return list;
}

void failureRiskPerGpu(const Topology &topology, const std::vector<DebtItem> &debt, std::vector<float> &perGpu)
{
    perGpu.assign(topology.gpus.size(), 0.0f);
    for (const AtRisk &r : nextToFail(debt, debt.size()))
        for (uint32_t g : gpusAffectedBy(topology, r.entity))
            if (g < perGpu.size())
                perGpu[g] = std::max(perGpu[g], float(r.hazard.probability * 100.0));
}

double NextToFailBacktest::medianLeadHours() const
{
    if (leadHours.empty())
        return 0.0;
    std::vector<double> sorted = leadHours;
    std::sort(sorted.begin(), sorted.end());
    return sorted[sorted.size() / 2];
}

NextToFailBacktest backtestNextToFail(const Attributor &attributor, const std::vector<Incident> &incidents,
                                      const std::vector<Attribution> &attributions,
                                      const std::vector<IncidentCost> &costs, const std::vector<Event> &actions,
                                      const Topology &topology, const CostSettings &settings, int64_t historyFromMs,
                                      int64_t fromMs, int64_t toMs, size_t limit, int64_t stepMs)
{
    NextToFailBacktest b;
    b.fromMs = fromMs;
    b.toMs = toMs;
    b.stepMs = std::max<int64_t>(stepMs, 60000);
    b.limit = limit;
    const std::vector<EntityFailure> failures = entityFailures(attributor, incidents, attributions);
    std::map<size_t, int64_t> firstNamedMs; // failure index → the first list that named it
    for (int64_t at = fromMs; at < toMs; at += b.stepMs) {
        // Only what was known at `at`: the incidents that had failed, what they cost, the actions taken.
        std::vector<Incident> known;
        std::vector<Attribution> knownAttributions;
        std::vector<IncidentCost> knownCosts;
        for (size_t i = 0; i < incidents.size() && i < attributions.size() && i < costs.size(); ++i)
            if (incidents[i].failedMs < at) {
                known.push_back(incidents[i]);
                knownAttributions.push_back(attributions[i]);
                knownCosts.push_back(costs[i]);
            }
        std::vector<Event> actionsSoFar;
        std::copy_if(actions.begin(), actions.end(), std::back_inserter(actionsSoFar),
                     [at](const Event &a) { return a.timeMs < at; });
        const HazardModel model = fitHazards(attributor, known, knownAttributions, topology, historyFromMs, at);
        const std::vector<AtRisk> list = nextToFail(
            maintenanceDebt(attributor, model, knownCosts, known, actionsSoFar, topology, settings, at), limit);
        ++b.lists;
        const int64_t watchedTo = std::min(at + HazardModel::HorizonMs, toMs);
        for (const AtRisk &r : list) {
            ++b.listed;
            bool hit = false;
            for (size_t f = 0; f < failures.size(); ++f) {
                const EntityFailure &failure = failures[f];
                if (failure.timeMs < at || failure.timeMs >= watchedTo
                    || !sameParts(topology, r.entity, failure.entity))
                    continue;
                hit = true;
                firstNamedMs.try_emplace(f, at);
            }
            b.hits += hit ? 1 : 0;
        }
    }
    for (size_t f = 0; f < failures.size(); ++f) {
        if (failures[f].timeMs < fromMs || failures[f].timeMs >= toMs)
            continue;
        ++b.failures;
        if (const auto named = firstNamedMs.find(f); named != firstNamedMs.end()) {
            ++b.foreseen;
            b.leadHours.push_back(double(failures[f].timeMs - named->second) / 3600000.0);
        }
    }
    return b;
}

} // namespace vigil
