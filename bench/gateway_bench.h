// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace vigil::bench {

class BenchReport;

// gateway_fanout_1000_subscribers_cpu_pct: the gateway's CPU while 16k GPUs at 1 Hz stream to
// 1,000 subscribers in another process, on the callback API against the synchronous one.
void runGatewayFanoutBenchmark(BenchReport &report);
// e2e_latency_16k_p99_ms and e2e_dashboard_cpu_pct: from the gateway's append to the dashboard's
// state, across processes over loopback, and what the dashboard's side costs meanwhile.
void runEndToEndLatencyBenchmark(BenchReport &report);

// The other side of those benchmarks, run by vigil-bench itself in a child process
// (--role subscribers|feed); returns the exit code.
int runGatewayBenchRole(const QString &role, const QStringList &arguments);

} // namespace vigil::bench
