// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "benchreport.h"

namespace vigil::bench {

// early_flag_share_before_xid, early_flag_false_alarms_per_day: the signs of a GPU coming apart
// (ScrapeWatch, one per exporter) on three days of the independent telemetry with GPUs falling
// off the bus, its pages read through the DCGM mapper and its Xids through the kernel log
// parser; baseline: the same signs by fixed thresholds, without peers.
void runPrecursorBenchmark(BenchReport &report);

} // namespace vigil::bench
