// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "benchreport.h"

namespace vigil::bench {
// Vigil's dcgm ingest beside Prometheus 2.42 scraping the same endpoint
// (../shared/peers/prometheus/vs-vigil.sh): dcgm_ingest_vs_prometheus_ratio.
void runPrometheusPeerBenchmark(BenchReport &report);
} // namespace vigil::bench
