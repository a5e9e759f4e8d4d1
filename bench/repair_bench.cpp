// SPDX-License-Identifier: GPL-3.0-or-later
#include "repair_bench.h"

#include "independentrepairs.h"

#include <QTextStream>

namespace vigil::bench {

void runRepairBenchmark(BenchReport &report)
{
    QTextStream out(stdout);
    size_t escalations = 0, right = 0, baseline = 0, baselineRight = 0, recurrences = 0, caught = 0;
    size_t twoFailures = 0, twoFailuresRight = 0;
    for (uint64_t seed : { 101, 202, 303 }) {
        test::RepairWorld world;
        world.seed = seed;
        world.days = 180;
        const test::RepeatOffenderScore s = test::scoreRepeatOffenders(test::independentRepairHistory(world));
        if (!s.error.isEmpty())
            out << "repair bench: " << s.error << Qt::endl;
        escalations += s.escalations;
        right += s.right;
        baseline += s.baselineEscalations;
        baselineRight += s.baselineRight;
        twoFailures += s.twoFailuresEscalations;
        twoFailuresRight += s.twoFailuresRight;
        recurrences += s.recurrencesInWindow;
        caught += s.caught;
    }
    const double precision = escalations ? double(right) / double(escalations) : 0.0;
    const double baselinePrecision = baseline ? double(baselineRight) / double(baseline) : 0.0;
    out << QStringLiteral("repairs that did not work, three fleets of 8,256 GPUs over 180 days: %1 escalations, %2 "
                          "right (precision %3), %4 of %5 faults back within the window escalated; two Xids in a "
                          "week without the repairs: %6 escalations, %7 right (precision %8); two failures in a week: "
                          "%9 escalations, %10 right")
               .arg(escalations)
               .arg(right)
               .arg(precision, 0, 'f', 3)
               .arg(caught)
               .arg(recurrences)
               .arg(baseline)
               .arg(baselineRight)
               .arg(baselinePrecision, 0, 'f', 3)
               .arg(twoFailures)
               .arg(twoFailuresRight)
        << Qt::endl;
    report.add({ QStringLiteral("repeat_offender_precision"), precision, QStringLiteral("share"), baselinePrecision,
                 precision / std::max(0.001, baselinePrecision) });
}

} // namespace vigil::bench
