// SPDX-License-Identifier: GPL-3.0-or-later
// The alarm load on the people who answer it, on the decline week (2,048 GPUs,
// 168 simulated hours, readings and events a minute apart), as ISA-18.2 and
// EEMUA 191 measure it:
//
// alarm_priority_high_share: the share of annunciated alarms that are high or
//   critical, in %. Baseline: the share of the week's hardware warnings that
//   report a fault stopping a job, i.e. what one alarm per warning would give
//   with the same priority rule.
// alarms_per_10min_steady: new alarms per 10 minutes for one operator in steady
//   operation (outside the upsets around faults that stop a job). Baseline: the
//   hardware warnings per 10 minutes in the same windows, i.e. what one alarm per
//   warning annunciated.
#include "alarm_bench.h"

#include "alarmweek.h"
#include "domain/alarmstatistics.h"

#include <QTextStream>

namespace vigil::bench {

void runAlarmLoadBenchmark(BenchReport &report)
{
    SimulatorOptions options;
    options.scenario = Scenario::Decline;
    AlarmRun run;
    playThroughAlarms(options, 168.0, run);
    const std::vector<TimeSpan> upsets = upsetPeriods(run.events);
    const FloodFigures f = floodFigures(run.activations, run.alarms, run.fromMs, run.toMs, 1, upsets);

    // The same figures for one alarm per hardware warning.
    std::vector<AlarmActivation> perWarning;
    for (const Event &e : run.events)
        if (isHardwareWarning(e.type)) {
            const bool stops = isHardwareFailure(e);
            perWarning.push_back({ e.id, e.timeMs, stops ? AlarmPriority::High : AlarmPriority::Low });
        }
    const FloodFigures raw = floodFigures(perWarning, {}, run.fromMs, run.toMs, 1, upsets);

    QTextStream(stdout) << QStringLiteral("alarms on the decline week: %1 annunciated (%2 hardware warnings); "
                                          "low %3 %, medium %4 %, high or critical %5 %; %6 of %7 10-minute windows "
                                          "steady, %8 flood windows there; peak %9 in 10 minutes")
                               .arg(f.activations)
                               .arg(raw.activations)
                               .arg(100.0 * f.share(AlarmPriority::Low), 0, 'f', 1)
                               .arg(100.0 * f.share(AlarmPriority::Medium), 0, 'f', 1)
                               .arg(100.0 * f.highOrCriticalShare(), 0, 'f', 1)
                               .arg(f.steadyWindows)
                               .arg(f.windows)
                               .arg(f.steadyFloodWindows)
                               .arg(f.peakPer10Min)
                        << Qt::endl;
    const double high = 100.0 * f.highOrCriticalShare(), rawHigh = 100.0 * raw.highOrCriticalShare();
    report.add({ QStringLiteral("alarm_priority_high_share"), high, QStringLiteral("%"), rawHigh,
                 rawHigh > 0 ? high / rawHigh : 0.0 });
    report.add({ QStringLiteral("alarms_per_10min_steady"), f.steadyPer10Min, QStringLiteral("alarms"),
                 raw.steadyPer10Min, f.steadyPer10Min > 0 ? raw.steadyPer10Min / f.steadyPer10Min : 0.0 });
}

} // namespace vigil::bench
