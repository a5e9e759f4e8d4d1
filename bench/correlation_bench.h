// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "benchreport.h"

namespace vigil::bench {

// correlation_54d_16k_s, attribution_precision, attribution_recall, lost_gpu_hours_error_pct.
void runCorrelationBenchmark(BenchReport &report);

} // namespace vigil::bench
