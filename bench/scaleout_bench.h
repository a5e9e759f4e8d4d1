// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace vigil::bench {

class BenchReport;
// tsdb_history_samples_per_s, aggregator_cpu_pct, wall_screen_bytes_per_s (each when asked for).
void runScaleOutBenchmark(BenchReport &report, bool tsdb, bool aggregator, bool wall);

} // namespace vigil::bench
