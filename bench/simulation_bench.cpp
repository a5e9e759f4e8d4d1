// SPDX-License-Identifier: GPL-3.0-or-later
// sim_54d_16k_generate_s: 54 simulated days of a 16,384-GPU cluster (events and
// 1-minute metrics, encoded as stream frames) as fast as possible on one core.
// Its baseline is the span itself, 54 days of wall time: the ratio is how many
// times faster than real time the generator runs.
#include "simulation_bench.h"

#include "sim/generator.h"

#include <QTextStream>

namespace vigil::bench {

void runSimulationBenchmark(BenchReport &report)
{
    constexpr int64_t DayMs = 86400000;
    SimulatorOptions options;
    options.shape.gpus = 16384;
    options.scenario = Scenario::Steady;
    GenerationSummary summary;
    const double seconds = medianSeconds(1, [&] { summary = generate(options, 54 * DayMs, 60000, 10, {}); });
    QTextStream(stdout) << QStringLiteral("simulation: %1 ticks, %2 M samples, %3 GB of frames, %4 events, %5 failures")
                               .arg(summary.ticks)
                               .arg(double(summary.samples) / 1e6, 0, 'f', 0)
                               .arg(double(summary.frameBytes) / 1e9, 0, 'f', 1)
                               .arg(summary.events)
                               .arg(summary.failures)
                        << Qt::endl;
    const double realTime = 54.0 * 86400.0;
    report.add(
        { QStringLiteral("sim_54d_16k_generate_s"), seconds, QStringLiteral("s"), realTime, realTime / seconds });
}

} // namespace vigil::bench
