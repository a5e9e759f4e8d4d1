// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace vigil::bench {

class BenchReport;
void runRemoteWriteBenchmark(BenchReport &report);

} // namespace vigil::bench
