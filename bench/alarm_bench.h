// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "benchreport.h"

namespace vigil::bench {

// alarm_follow_16k_frame_us: what the gateway's alarms add to each frame it journals.
void runAlarmBenchmark(BenchReport &report);
void runAlarmLoadBenchmark(BenchReport &report);

} // namespace vigil::bench
