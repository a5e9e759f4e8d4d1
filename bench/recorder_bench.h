// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "benchreport.h"

namespace vigil::bench {

// recorder_samples_per_s, recorder_bytes_per_sample and replay_seek_24h_16k_ms.
void runRecorderBenchmark(BenchReport &report);

} // namespace vigil::bench
