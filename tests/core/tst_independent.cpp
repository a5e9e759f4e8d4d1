// SPDX-License-Identifier: GPL-3.0-or-later
// Attribution beyond our own simulator: histories from an independent family
// (tests/support/independenthistory.cpp), imported through the public path as an
// operator would, scored against their known truth at top 1.
#include "independenthistory.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace vigil::test;

class TestIndependent : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void attributionHoldsOnAnIndependentFamily()
    {
        QTemporaryDir dir;
        const IndependentScore s = scoreIndependentFamily(dir.path(), 1, 3);
        QVERIFY2(s.error.isEmpty(), qPrintable(s.error));
        const IndependentScore::Tally &a = s.analysis;
        qInfo("independent family: %zu failures, precision %.3f, recall %.3f (%d right, %d wrong, %d missed, %d "
              "rightly none); the last warning before each: %.3f, %.3f",
              s.failures, a.precision(), a.recall(), a.truePositives, a.falsePositives, a.falseNegatives,
              a.trueNegatives, s.lastWarning.precision(), s.lastWarning.recall());
        qInfo("%zu incidents for %zu failures; %.0f GPU-hours lost, %.0f true (%+.2f %%)", s.incidents, s.failures,
              s.lostGpuHours, s.trueLostGpuHours, 100.0 * (s.lostGpuHours - s.trueLostGpuHours) / s.trueLostGpuHours);
        for (int i = 0; i < std::min<int>(12, int(s.mistakes.size())); ++i)
            qInfo("  %s", qPrintable(s.mistakes[i]));
        QVERIFY(s.failures > 300);
        QVERIFY(a.trueNegatives > 50); // software failures, rightly blamed on nothing
        QVERIFY2(a.precision() >= 0.95, qPrintable(QString::number(a.precision()))); // the bar
        QVERIFY2(a.recall() >= 0.95, qPrintable(QString::number(a.recall())));
        // The backward figures against the generator's own account (the bars).
        QVERIFY(std::fabs(double(s.incidents) - double(s.failures)) <= 0.01 * double(s.failures));
        QVERIFY(std::fabs(s.lostGpuHours - s.trueLostGpuHours) <= 0.03 * s.trueLostGpuHours);
    }
};

QTEST_GUILESS_MAIN(TestIndependent)
#include "tst_independent.moc"
