// SPDX-License-Identifier: GPL-3.0-or-later
// The min/max pyramid that decimates chart series: every pixel column keeps its
// extremes (checked against brute force on random data with spikes and gaps). And the shared
// series the analysis keeps its history in: the same as a vector under any mix of appends,
// insertions and trims, with copies that share what neither changed.
#include "domain/minmaxpyramid.h"
#include "domain/sharedseries.h"

#include <QRandomGenerator>
#include <QTest>

#include <cmath>

using namespace vigil;

namespace {

bool sameFloat(float a, float b)
{
    return (std::isnan(a) && std::isnan(b)) || a == b;
}

} // namespace

class TestSeries : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void columnsKeepEveryExtreme_data()
    {
        QTest::addColumn<int>("samples");
        QTest::addColumn<int>("columns");
        QTest::addColumn<quint32>("seed");
        for (int samples : { 1, 2, 3, 7, 64, 1000, 4097, 100003 })
            for (int columns : { 1, 3, 640, 1920 })
                QTest::addRow("%d samples, %d columns", samples, columns)
                    << samples << columns << quint32(samples * 31 + columns);
    }

    void columnsKeepEveryExtreme()
    {
        QFETCH(int, samples);
        QFETCH(int, columns);
        QFETCH(quint32, seed);
        QRandomGenerator random(seed);
        MinMaxPyramid series;
        std::vector<double> xs;
        std::vector<float> ys;
        double x = 1000.0;
        for (int i = 0; i < samples; ++i) {
            // Uneven spacing, duplicate timestamps, NaN gaps and one-sample spikes.
            const int roll = int(random.bounded(100));
            x += roll < 10 ? 0.0 : random.generateDouble() * 3.0;
            float y = float(std::sin(i * 0.001) + random.generateDouble() * 0.1);
            if (roll == 42)
                y = 50.0f + float(random.bounded(100)); // spike
            else if (roll == 7)
                y = -50.0f;
            else if (roll < 4)
                y = std::nanf("");
            QVERIFY(series.append(x, y));
            xs.push_back(x);
            ys.push_back(y);
        }
        QCOMPARE(series.size(), size_t(samples));
        // Whole range and a zoomed window that cuts through the data.
        for (auto [x0, x1] : { std::pair(xs.front(), xs.back()),
                               std::pair(xs.front() + (xs.back() - xs.front()) * 0.3,
                                         xs.front() + (xs.back() - xs.front()) * 0.31 + 1.0) }) {
            if (!(x1 > x0))
                x1 = x0 + 1.0;
            const std::vector<SeriesColumn> got = series.columns(x0, x1, columns);
            QCOMPARE(got.size(), size_t(columns));
            const double width = (x1 - x0) / columns;
            size_t i = 0;
            while (i < xs.size() && xs[i] < x0)
                ++i;
            for (int c = 0; c < columns; ++c) {
                const double edge = c + 1 == columns ? x1 : x0 + width * (c + 1);
                float lo = std::nanf(""), hi = std::nanf("");
                size_t count = 0;
                size_t first = i;
                while (i < xs.size() && (xs[i] < edge || (c + 1 == columns && xs[i] <= edge))) {
                    if (!std::isnan(ys[i])) {
                        lo = std::isnan(lo) ? ys[i] : std::min(lo, ys[i]);
                        hi = std::isnan(hi) ? ys[i] : std::max(hi, ys[i]);
                    }
                    ++count;
                    ++i;
                }
                const SeriesColumn &column = got[size_t(c)];
                QCOMPARE(column.count, count);
                if (count == 0)
                    continue;
                QVERIFY2(sameFloat(column.min, lo),
                         qPrintable(QStringLiteral("column %1: %2 vs %3").arg(c).arg(column.min).arg(lo)));
                QVERIFY(sameFloat(column.max, hi));
                QVERIFY(sameFloat(column.first, ys[first]));
                QVERIFY(sameFloat(column.last, ys[i - 1]));
            }
        }
    }

    // Thinned past its limit, a series keeps its newest half whole, every extreme of what it
    // thinned, its gaps, and x in order; what it drops is only what no column would show.
    void thinningTheOlderHalfKeepsEveryExtreme()
    {
        QRandomGenerator random(20261206);
        MinMaxPyramid series;
        std::vector<double> xs;
        std::vector<float> ys;
        for (int i = 0; i < 40000; ++i) {
            const int roll = int(random.bounded(1000));
            const float y = roll == 1 ? 90.0f + float(i % 7)
                : roll == 2           ? -90.0f
                : roll == 3           ? std::nanf("")
                                      : float(std::sin(i * 0.01));
            xs.push_back(1000.0 + i);
            ys.push_back(y);
            QVERIFY(series.append(xs.back(), y));
        }
        series.thinOlderHalf();
        QVERIFY(series.size() <= 30000 + 20000 / 4); // the older 20,000 to at most 3 in 4
        QVERIFY(series.size() >= 20000 + 20000 / 4);
        for (size_t i = 1; i < series.size(); ++i)
            QVERIFY(series.x(i) >= series.x(i - 1));
        // The newer half is untouched.
        const size_t newer = series.lowerBound(1000.0 + 20000);
        QCOMPARE(series.size() - newer, size_t(20000));
        for (size_t i = newer; i < series.size(); ++i)
            QVERIFY(sameFloat(series.y(i), ys[size_t(series.x(i) - 1000.0)]));
        // Every block of four keeps its lowest, its highest and its gap.
        for (size_t block = 0; block < 20000; block += 4) {
            float lo = INFINITY, hi = -INFINITY;
            bool gap = false;
            for (size_t k = block; k < block + 4; ++k) {
                if (std::isnan(ys[k]))
                    gap = true;
                else {
                    lo = std::min(lo, ys[k]);
                    hi = std::max(hi, ys[k]);
                }
            }
            const size_t from = series.lowerBound(1000.0 + double(block)),
                         to = series.lowerBound(1000.0 + double(block + 4));
            const auto [min, max] = series.extremes(from, to);
            if (lo <= hi) {
                QCOMPARE(min, lo);
                QCOMPARE(max, hi);
            }
            bool keptGap = false;
            for (size_t i = from; i < to; ++i)
                keptGap = keptGap || std::isnan(series.y(i));
            QCOMPARE(keptGap, gap);
        }
        // Still a series to append to.
        QVERIFY(series.append(1000.0 + 40000, 1.0f));
        QVERIFY(!series.append(10.0, 1.0f));
    }

    void badInput()
    {
        MinMaxPyramid series;
        QVERIFY(series.columns(0, 1, 10).size() == 10); // empty: empty columns, no crash
        QVERIFY(series.append(10.0, 1.0f));
        QVERIFY(series.append(10.0, 2.0f)); // a duplicate timestamp is kept
        QVERIFY(!series.append(9.0, 3.0f)); // the clock went back: refused, a new series' job
        QCOMPARE(series.size(), size_t(2));
        QVERIFY(series.append(11.0, std::numeric_limits<float>::infinity()));
        QVERIFY(std::isnan(series.y(2))); // infinity is no reading
        const auto one = series.columns(10.0, 11.0, 1);
        QCOMPARE(one[0].min, 1.0f);
        QCOMPARE(one[0].max, 2.0f);
        QCOMPARE(one[0].count, size_t(3));
        QVERIFY(series.columns(5.0, 5.0, 4)[0].empty()); // an empty range
        QVERIFY(series.columns(12.0, 11.0, 4)[0].empty()); // a reversed one
        QVERIFY(series.columns(0.0, 1.0, 0).empty());
        QVERIFY(series.columns(0.0, 1.0, -5).empty());
        const auto all = series.extremes(0, 1000); // past the end is clipped
        QCOMPARE(all.first, 1.0f);
        QCOMPARE(all.second, 2.0f);
    }

    // A vector is the reference: every operation is done to both, and a copy taken on the way
    // must stay as it was while the original goes on.
    void aSharedSeriesIsAVectorWhoseCopiesShare()
    {
        for (quint32 seed : { 1u, 2u, 3u, 40u }) {
            QRandomGenerator random(seed);
            SharedSeries<int> series;
            std::vector<int> reference;
            SharedSeries<int> snapshot;
            std::vector<int> snapshotReference;
            for (int step = 0; step < 20000; ++step) {
                const int value = int(random.bounded(1000000));
                const quint32 what = random.bounded(100);
                if (what < 80 || reference.empty()) { // in order, nearly always
                    series.push_back(value);
                    reference.push_back(value);
                } else if (what < 97) { // a late one, anywhere
                    const size_t at = random.bounded(quint32(reference.size() + 1));
                    const auto it = series.insert(series.begin() + std::ptrdiff_t(at), value);
                    QCOMPARE(it.index(), at);
                    reference.insert(reference.begin() + std::ptrdiff_t(at), value);
                } else { // the window slides
                    const size_t drop = random.bounded(quint32(reference.size() / 3 + 1));
                    series.dropFront(drop);
                    reference.erase(reference.begin(), reference.begin() + std::ptrdiff_t(drop));
                }
                if (step % 997 == 0) {
                    snapshot = series;
                    snapshotReference = reference;
                }
            }
            QCOMPARE(series.size(), reference.size());
            QVERIFY(std::equal(series.begin(), series.end(), reference.begin(), reference.end()));
            QVERIFY(std::equal(series.rbegin(), series.rend(), reference.rbegin(), reference.rend()));
            for (size_t i = 0; i < reference.size(); i += 7)
                QCOMPARE(series[i], reference[i]);
            QCOMPARE(series.front(), reference.front());
            QCOMPARE(series.back(), reference.back());
            QVERIFY(std::equal(snapshot.begin(), snapshot.end(), snapshotReference.begin(), snapshotReference.end()));

            // Sorted, a binary search finds what it finds in the vector.
            SharedSeries<int> sorted;
            std::vector<int> sortedReference;
            for (int i = 0; i < 5000; ++i) {
                const int value = int(random.bounded(3000));
                const auto at = std::upper_bound(sorted.begin(), sorted.end(), value);
                sorted.insert(at, value);
                sortedReference.insert(std::upper_bound(sortedReference.begin(), sortedReference.end(), value), value);
            }
            QVERIFY(std::equal(sorted.begin(), sorted.end(), sortedReference.begin(), sortedReference.end()));
            for (int probe = -1; probe < 3001; probe += 13)
                QCOMPARE(std::lower_bound(sorted.begin(), sorted.end(), probe) - sorted.begin(),
                         std::lower_bound(sortedReference.begin(), sortedReference.end(), probe)
                             - sortedReference.begin());
        }

        // A copy shares every chunk; appending to the original copies only the last.
        SharedSeries<int> original;
        for (int i = 0; i < 10 * int(SharedSeries<int>::ChunkSize); ++i)
            original.push_back(i);
        const SharedSeries<int> copy = original;
        QCOMPARE(original.chunksSharedWith(copy), size_t(10));
        original.push_back(-1); // a new chunk: the full ones stay shared
        QCOMPARE(original.chunksSharedWith(copy), size_t(10));
        original.insert(original.begin() + 5, -2); // into the first chunk: it alone is copied
        QCOMPARE(original.chunksSharedWith(copy), size_t(9));
        QCOMPARE(copy.size(), size_t(10 * SharedSeries<int>::ChunkSize));
        QCOMPARE(copy[5], 5);
        QCOMPARE(original[5], -2);

        SharedSeries<int> emptied = original;
        emptied.dropFront(emptied.size() + 5);
        QVERIFY(emptied.empty());
        QVERIFY(emptied.begin() == emptied.end());
        emptied.push_back(7);
        QCOMPARE(emptied.front(), 7);
        QCOMPARE(original.size(), 10 * SharedSeries<int>::ChunkSize + 2);
    }
};

QTEST_GUILESS_MAIN(TestSeries)
#include "tst_series.moc"
