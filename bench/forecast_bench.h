// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "benchreport.h"

namespace vigil::bench {

// forecast_calibration_ratio, backtest_brier_score: the hazard model on histories with known
// hazards (tests/support/hazardhistory.h).
void runForecastBenchmark(BenchReport &report);

} // namespace vigil::bench
