// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "benchreport.h"

namespace vigil::bench {

// The dashboard as a person runs it, for minutes: the real `vigil` in a real X server (Xvfb),
// keys sent through the X server (XTEST), and the answer read off the X server's own
// framebuffer. Per scenario: key press → changed pixels (p50, p99, worst), RSS each minute,
// and the time to quit. Scenarios: `vigil --demo --gpus 100000` at its default speed, and
// `vigil --gateway` to a 100k-GPU gateway at real time, each against 2,048 GPUs in the same run.
//   ui_key_to_photon_100k_live_p99_ms, ui_key_to_photon_100k_gateway_p99_ms,
//   dashboard_100k_live_rss_mb, quit_100k_s
// VIGIL_BENCH_WINDOW_MINUTES sets each 100k run's length (default 10); the 2,048-GPU runs take a
// fifth of it (at least one minute). VIGIL_BENCH_WINDOW_ONLY=live or gateway runs one scenario.
void runLiveWindowBenchmark(BenchReport &report);

} // namespace vigil::bench
