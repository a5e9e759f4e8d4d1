// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "benchreport.h"

namespace vigil::bench {

// alarm_follow_16k_frame_us: what the gateway's alarms add to each frame it journals.
void runAlarmBenchmark(BenchReport &report);
void runAlarmLoadBenchmark(BenchReport &report);
// alarms_unacknowledged_100k_10min: the Alarms dock's groups an operator who does nothing faces
// after $VIGIL_BENCH_WINDOW_MINUTES (10) minutes of the 100k demo; alarms_per_10min_steady_100k:
// what an operator on the demo's cluster faces per 10 minutes in steady operation meanwhile.
void runAlarmGroupsBenchmark(BenchReport &report);

} // namespace vigil::bench
