// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "benchreport.h"

namespace vigil::bench {

// repeat_offender_precision: RepairWatch's "the repair did not work" escalations on three
// independent repair histories of 180 days on 8,256 GPUs (tests/support/independentrepairs.h),
// read from kernel logs and a ticket log; baseline: a GPU with two Xids of any code within the
// repair window, without repairs.
void runRepairBenchmark(BenchReport &report);

} // namespace vigil::bench
