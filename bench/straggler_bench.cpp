// SPDX-License-Identifier: GPL-3.0-or-later
#include "straggler_bench.h"

#include "independenttelemetry.h"

#include <QStringList>
#include <QTextStream>

#include <algorithm>
#include <iterator>

namespace vigil::bench {

namespace {

constexpr int64_t HourMs = 3600000;
constexpr uint64_t Cases = 15; // three of each cause

// Minutes to name each case's slow GPU; one never named counts as the whole hour it had.
struct Detection
{
    std::vector<double> finder, fixed;
    size_t finderFalse = 0, fixedFalse = 0;
};

Detection detectSlowGpus(double slowShare)
{
    Detection d;
    const QString causes[] = { QStringLiteral("thermal"), QStringLiteral("power"), QStringLiteral("compute"),
                               QStringLiteral("pcie"), QStringLiteral("nvlink") };
    for (uint64_t seed = 1; seed <= Cases; ++seed) {
        const QString &cause = causes[seed % std::size(causes)];
        test::IndependentTelemetry::Options options;
        options.seed = 100 + seed;
        options.nvlinks = cause == QLatin1String("nvlink"); // 18 more lines a GPU: only where a link goes quiet
        test::IndependentTelemetry world(options);
        const uint32_t gpu = uint32_t((seed * 389) % options.largeJobGpus);
        const int64_t from = world.startMs() + 5 * 60000 + int64_t(seed) * 97000;
        world.addSlowGpu({ gpu, from, from + 2 * HourMs, slowShare, cause });
        const test::StragglerScore s = test::scoreStragglers(world, HourMs);
        if (!s.error.isEmpty())
            QTextStream(stderr) << "straggler bench: " << s.error << Qt::endl;
        const double cap = double(world.startMs() + HourMs - from) / 60000.0;
        d.finder.push_back(s.finderMinutes[0] < 0 ? cap : s.finderMinutes[0]);
        d.fixed.push_back(s.fixedThresholdMinutes[0] < 0 ? cap : s.fixedThresholdMinutes[0]);
        d.finderFalse += s.falseAlarms(s.finder);
        d.fixedFalse += s.falseAlarms(s.fixedThreshold);
    }
    return d;
}

} // namespace

void runStragglerBenchmark(BenchReport &report)
{
    QTextStream out(stdout);
    for (double share : { 0.015, 0.05 }) {
        const Detection d = detectSlowGpus(share);
        out << QStringLiteral(
                   "a GPU %1 % slow in a 1,024-GPU job: named after %2 min (median of 15; fixed threshold %3 min)")
                   .arg(share * 100.0, 0, 'f', 1)
                   .arg(medianOf(d.finder), 0, 'f', 1)
                   .arg(medianOf(d.fixed), 0, 'f', 1)
            << Qt::endl;
    }
    const Detection d = detectSlowGpus(0.025);
    QStringList each;
    for (double m : d.finder)
        each << QString::number(m, 'f', 1);
    out << QStringLiteral("a GPU 2.5 % slow: named after %1 min (%2); %3 false alarm(s) in those 15 hours, the fixed "
                          "threshold %4")
               .arg(medianOf(d.finder), 0, 'f', 1)
               .arg(each.join(QStringLiteral(", ")))
               .arg(d.finderFalse)
               .arg(d.fixedFalse)
        << Qt::endl;
    report.add({ QStringLiteral("straggler_detect_minutes"), medianOf(d.finder), QStringLiteral("min"),
                 medianOf(d.fixed), medianOf(d.fixed) / std::max(0.1, medianOf(d.finder)) });

    // A day of the floor with its noise and no slow GPU: every alarm is false.
    test::IndependentTelemetry::Options options;
    options.seed = 2026;
    test::IndependentTelemetry world(options);
    const test::StragglerScore day = test::scoreStragglers(world, 24 * HourMs);
    const double finderPerDay = double(day.falseAlarms(day.finder));
    const double fixedPerDay = double(day.falseAlarms(day.fixedThreshold));
    out << QStringLiteral("a noisy day on %1 GPUs (checkpoints, evaluations, whole jobs slowed, dips, missed scrapes): "
                          "%2 false straggler alarm(s); the fixed threshold %3")
               .arg(world.topology()->gpus.size())
               .arg(finderPerDay)
               .arg(fixedPerDay)
        << Qt::endl;
    // Ratio of counts that may be zero: (baseline + 1) / (value + 1).
    report.add({ QStringLiteral("straggler_false_alarms_per_day"), finderPerDay, QStringLiteral("/day"), fixedPerDay,
                 (fixedPerDay + 1.0) / (finderPerDay + 1.0) });
}

} // namespace vigil::bench
