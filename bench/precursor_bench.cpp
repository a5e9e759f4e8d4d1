// SPDX-License-Identifier: GPL-3.0-or-later
#include "precursor_bench.h"

#include "earlyflags.h"

#include "domain/entitynames.h"

#include <QStringList>
#include <QTextStream>

#include <algorithm>
#include <map>

namespace vigil::bench {

namespace {

constexpr int64_t HourMs = 3600000;

QString byKind(const std::vector<test::EarlyFlagScore::Flag> &flags, bool borneOut)
{
    std::map<QString, int> counts;
    for (const auto &f : flags)
        if (f.borneOut == borneOut)
            ++counts[eventTypeKey(f.type)];
    QStringList parts;
    for (const auto &[type, n] : counts)
        parts << QStringLiteral("%1 × %2").arg(n).arg(type);
    return parts.isEmpty() ? QStringLiteral("none") : parts.join(QStringLiteral(", "));
}

} // namespace

void runPrecursorBenchmark(BenchReport &report)
{
    QTextStream out(stdout);
    // Three days of a 1,088-GPU floor with its noise; 36 GPUs fall off the bus after the first
    // six hours (far more than a real floor loses: the share needs cases; the false alarms are
    // counted over the GPUs that do not fail).
    test::IndependentTelemetry::Options options;
    options.seed = 4646;
    options.pcieLinks = false; // the watch compares no links: pages as a site without them serves
    test::IndependentTelemetry world(options);
    const int64_t span = 72 * HourMs;
    world.addFailures(36, world.startMs() + 6 * HourMs, world.startMs() + span);
    const test::EarlyFlagScore s = test::scoreEarlyFlags(world, span);
    if (!s.error.isEmpty())
        out << "precursor bench: " << s.error << Qt::endl;
    size_t withSigns = 0;
    for (size_t i : s.failures)
        withSigns += world.failures()[i].degradesFromMs != 0 ? 1 : 0;
    std::vector<double> leads;
    for (double m : s.watchLeadMinutes)
        if (m >= 0.0)
            leads.push_back(m);
    const double share = test::EarlyFlagScore::share(s.watchLeadMinutes);
    const double fixedShare = test::EarlyFlagScore::share(s.fixedLeadMinutes);
    out << QStringLiteral("%1 GPUs fell off the bus in %2 days (%3 came apart first): %4 % flagged before the Xid, "
                          "median lead %5 min; the fixed thresholds %6 %")
               .arg(s.failures.size())
               .arg(s.days, 0, 'f', 0)
               .arg(withSigns)
               .arg(share * 100.0, 0, 'f', 0)
               .arg(medianOf(leads), 0, 'f', 0)
               .arg(fixedShare * 100.0, 0, 'f', 0)
        << Qt::endl;
    out << QStringLiteral("false alarms (by event type): the watch %1; the fixed thresholds %2")
               .arg(byKind(s.watch, false), byKind(s.fixedThreshold, false))
        << Qt::endl;
    report.add({ QStringLiteral("early_flag_share_before_xid"), share, QStringLiteral("share"), fixedShare,
                 share / std::max(0.01, fixedShare) });
    const double perDay = s.falseAlarmsPerDay(s.watch);
    const double fixedPerDay = s.falseAlarmsPerDay(s.fixedThreshold);
    out << QStringLiteral("%1 false alarm(s) a day on %2 GPUs; the fixed thresholds %3")
               .arg(perDay, 0, 'f', 2)
               .arg(world.topology()->gpus.size())
               .arg(fixedPerDay, 0, 'f', 1)
        << Qt::endl;
    // Ratio of rates that may be zero: (baseline + 1) / (value + 1).
    report.add({ QStringLiteral("early_flag_false_alarms_per_day"), perDay, QStringLiteral("/day"), fixedPerDay,
                 (fixedPerDay + 1.0) / (perDay + 1.0) });
}

} // namespace vigil::bench
