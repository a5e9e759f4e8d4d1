// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "benchreport.h"

namespace vigil::bench {

void runChartBenchmark(BenchReport &report);

} // namespace vigil::bench
