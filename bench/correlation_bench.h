// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "benchreport.h"

namespace vigil::bench {

// correlation_54d_16k_s, attribution_precision, attribution_recall, lost_gpu_hours_error_pct.
void runCorrelationBenchmark(BenchReport &report);
// attribution_precision_independent, attribution_recall_independent: top 1 on five histories of
// the independent family (tests/support/independenthistory.h), imported as CSV; baseline: the last
// warning before each failure on anything that reaches its job.
void runIndependentAttributionBenchmark(BenchReport &report);

} // namespace vigil::bench
