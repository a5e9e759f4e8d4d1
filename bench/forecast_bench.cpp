// SPDX-License-Identifier: GPL-3.0-or-later
// The forward-looking figures against histories with known hazards, written apart from the
// model (tests/support/hazardhistory.cpp), five of them, 60 days on 1,024 GPUs each.
//
// forecast_calibration_ratio: what the open warnings worth acting on are expected to cost a
//   day at the end of the history, over what the preventable failures of that history really
//   cost a day (the generator's own count); the median over the family. 1 is a calibrated
//   forecast. Baseline: the same ratio with the documented priors alone (a model that learnt
//   nothing from the history), in the same run; ratio: value / baseline.
// backtest_brier_score: the model fitted on the first 30 days only, scored on the warnings of
//   the last 30 (mean squared error of each warning window's chance against what happened);
//   the median over the family. Baseline: the base-rate model (one chance, the pooled rate of
//   the fit, for every window); ratio: baseline / value, above 1 when knowing the kinds helps.
#include "forecast_bench.h"

#include "analysis/backtest.h"
#include "analysis/incidentanalysis.h"
#include "hazardhistory.h"

#include <QTextStream>

#include <algorithm>

namespace vigil::bench {

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

IncidentAnalysis analysed(const test::HazardHistory &h, std::optional<HazardModel> carried = std::nullopt)
{
    IncidentAnalysis analysis;
    analysis.setTopology(h.topology);
    CostSettings settings;
    settings.pricePerGpuHour = h.pricePerGpuHour;
    analysis.setSettings(settings);
    analysis.setCarriedHazards(std::move(carried));
    analysis.addEvents(h.events);
    analysis.update(h.endMs);
    return analysis;
}

} // namespace

void runForecastBenchmark(BenchReport &report)
{
    QTextStream out(stdout);
    std::vector<double> ratios, priorRatios, briers, baselineBriers;
    for (uint64_t seed = 11; seed <= 15; ++seed) {
        const test::HazardHistory h = test::hazardHistory(seed);
        const double realised = h.preventableCostPerDay();
        const IncidentAnalysis analysis = analysed(h);
        const double expected = expectedCostPerDayOfDebt(analysis.debt());
        const double priorsOnly = expectedCostPerDayOfDebt(analysed(h, HazardModel {}).debt());
        const int64_t half = h.startMs + (h.endMs - h.startMs) / 2;
        const Backtest b = backtestHazards(analysis.attributor(), analysis.incidents(), analysis.attributions(),
                                           analysis.costs(), *h.topology, h.startMs, half, h.endMs);
        out << QStringLiteral("hazard family %1: open warnings $%2 a day (priors alone $%3), preventable failures "
                              "$%4 a day (%5 of them); backtest: %6 failures predicted, %7 came, Brier %8 (base "
                              "rate %9)")
                   .arg(seed)
                   .arg(expected, 0, 'f', 0)
                   .arg(priorsOnly, 0, 'f', 0)
                   .arg(realised, 0, 'f', 0)
                   .arg(h.preventableFailures)
                   .arg(b.total.predictedFailures, 0, 'f', 1)
                   .arg(b.total.actualFailures, 0, 'f', 0)
                   .arg(b.brier, 0, 'f', 5)
                   .arg(b.baselineBrier, 0, 'f', 5)
            << Qt::endl;
        if (realised > 0.0) {
            ratios.push_back(expected / realised);
            priorRatios.push_back(priorsOnly / realised);
        }
        briers.push_back(b.brier);
        baselineBriers.push_back(b.baselineBrier);
    }
    const double ratio = median(ratios), prior = median(priorRatios);
    report.add(
        { QStringLiteral("forecast_calibration_ratio"), ratio, QString(), prior, prior > 0 ? ratio / prior : 0.0 });
    const double brier = median(briers), baseline = median(baselineBriers);
    report.add(
        { QStringLiteral("backtest_brier_score"), brier, QString(), baseline, brier > 0 ? baseline / brier : 0.0 });
}

} // namespace vigil::bench
