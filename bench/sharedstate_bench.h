// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace vigil::bench {

class BenchReport;
void runSharedStateBenchmark(BenchReport &report);

} // namespace vigil::bench
