// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "benchreport.h"

namespace vigil::bench {

// straggler_detect_minutes, straggler_false_alarms_per_day: the straggler finder on the
// independent telemetry (tests/support/independenttelemetry.h), read through the DCGM mapper;
// baseline: a per-GPU fixed SM-clock threshold without peers.
void runStragglerBenchmark(BenchReport &report);

} // namespace vigil::bench
