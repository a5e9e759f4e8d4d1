// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/costofgrit.h"

#include <map>
#include <vector>

namespace vigil {

// The hazard model put to the test: fitted on the history before a period only, it rates
// every warning window of the period; what it predicted stands beside what happened, so a
// forecast that never came true shows as one (docs/cost-model.md#backtest).
struct Backtest
{
    int64_t fittedFromMs = 0, fromMs = 0, toMs = 0; // fitted on [fittedFrom, from), tested on [from, to)
    // One row per kind of warning: its windows in the period, the failures the model expected
    // of them and those that came, in count and in GPU-hours.
    struct Row
    {
        HazardKind kind;
        double windows = 0.0; // a window not watched to its end counts by the share watched
        double fittedCases = 0.0; // what the model's estimate of the kind stood on
        double probability = 0.0; // the model's estimate, fitted before the period
        double predictedFailures = 0.0, actualFailures = 0.0;
        double predictedGpuHours = 0.0, actualGpuHours = 0.0;
    };
    std::vector<Row> rows; // most predicted GPU-hours first
    Row total; // each failure once, however many kinds warned of it; fittedCases: all the fit stood on
    // Mean squared error of the predicted chances against what happened (0 is perfect), and the
    // same for the model that knows no kinds (every window at the pooled rate of the fit).
    double brier = 0.0, baselineBrier = 0.0;
    // Less than one horizon's watch in the history before: the forecast stood on the priors alone.
    bool fittedOnNothing() const { return total.fittedCases < 1.0; }
};

// The backtest of [fromMs, toMs) with the model fitted on [historyFromMs, fromMs), over an
// analysis's history (its attributor's warnings, its incidents, their attributions and costs).
Backtest backtestHazards(const Attributor &attributor, const std::vector<Incident> &incidents,
                         const std::vector<Attribution> &attributions, const std::vector<IncidentCost> &costs,
                         const Topology &topology, int64_t historyFromMs, int64_t fromMs, int64_t toMs);

} // namespace vigil
