// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "benchreport.h"

namespace vigil::bench {

// ui_overlay_switch_100k_ms: a key press that switches the overlay, to the map repainted, at 100k GPUs.
void runWindowBenchmark(BenchReport &report);

} // namespace vigil::bench
