// SPDX-License-Identifier: GPL-3.0-or-later
// The time-series chart: axis arithmetic, where markers land, what an offscreen
// render holds pixel by pixel, gaps, and CSV export.
#include "chart/axismapping.h"
#include "chart/timeserieschart.h"
#include "timeline/timelinewidget.h"

#include <QApplication>
#include <QFile>
#include <QMouseEvent>
#include <QPainter>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace vigil;

namespace {

std::shared_ptr<MinMaxPyramid> line(int n, double x0, double dx, float (*f)(int))
{
    auto s = std::make_shared<MinMaxPyramid>();
    for (int i = 0; i < n; ++i)
        s->append(x0 + dx * i, f(i));
    return s;
}

bool hasColour(const QImage &image, int x, int yTop, int yBottom, QRgb colour)
{
    for (int y = yTop; y <= yBottom; ++y)
        if (image.pixel(x, y) == colour)
            return true;
    return false;
}

} // namespace

class TestChart : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // With keyboard focus (when Space and the arrows need it) the timeline draws
    // a dotted outline, not a block in the last marker's colour.
    void timelineFocusIsAnOutline()
    {
        TimelineWidget timeline;
        timeline.resize(900, 90);
        RecordingOverview overview;
        overview.startMs = 1'793'577'600'000;
        overview.endMs = overview.startMs + 86'400'000;
        Event crash;
        crash.type = EventType::JobCrash;
        crash.timeMs = overview.startMs + 43'200'000;
        overview.disruptions.push_back(crash);
        overview.bookmarks.push_back(
            { 1, overview.startMs + 60'000'000, QStringLiteral("here"), QStringLiteral("kim") });
        timeline.setOverview(overview);
        timeline.setPosition(overview.startMs + 3'600'000);
        const QImage unfocused = timeline.grab().toImage();
        timeline.show();
        timeline.activateWindow();
        timeline.setFocus();
        QTRY_VERIFY(timeline.hasFocus());
        const QImage focused = timeline.grab().toImage();
        // Away from the markers and the cursor, focus changes nothing inside the outline.
        int changed = 0;
        for (int y = 4; y < focused.height() - 4; ++y)
            for (int x = 300; x < 500; ++x)
                changed += focused.pixel(x, y) != unfocused.pixel(x, y);
        QCOMPARE(changed, 0);
    }

    // Shift+drag selects a span (the map's count overlays can cover it), a plain drag still
    // scrubs, Esc clears the selection, and a recording of another span drops it.
    void timelineSelectsASpan()
    {
        TimelineWidget timeline;
        timeline.resize(900, 90);
        RecordingOverview overview;
        overview.startMs = 1'793'577'600'000;
        overview.endMs = overview.startMs + 86'400'000;
        timeline.setOverview(overview);
        timeline.setPosition(overview.startMs);
        QSignalSpy selected(&timeline, &TimelineWidget::selectionChanged);
        QSignalSpy seeks(&timeline, &TimelineWidget::seekRequested);
        const int y = timeline.height() / 2;
        QTest::mousePress(&timeline, Qt::LeftButton, Qt::ShiftModifier, QPoint(200, y));
        QMouseEvent move(QEvent::MouseMove, QPointF(500, y), timeline.mapToGlobal(QPointF(500, y)), Qt::NoButton,
                         Qt::LeftButton, Qt::ShiftModifier);
        QApplication::sendEvent(&timeline, &move);
        QTest::mouseRelease(&timeline, Qt::LeftButton, Qt::ShiftModifier, QPoint(600, y));
        QVERIFY(timeline.hasSelection());
        QVERIFY(seeks.isEmpty()); // selecting does not move the replay
        const auto [from, to] = timeline.selection();
        QVERIFY(std::abs(from - timeline.timeAt(200)) <= 1 && std::abs(to - timeline.timeAt(600)) <= 1);
        QCOMPARE(selected.last().at(0).toLongLong(), from);
        QCOMPARE(selected.last().at(1).toLongLong(), to);
        // Right to left is the same span; beyond the recording is clamped to it.
        timeline.setSelection(overview.endMs + 5'000'000, overview.endMs - 3'600'000);
        QCOMPARE(timeline.selection(), std::make_pair(overview.endMs - 3'600'000, overview.endMs));
        // Drawn: a shaded band inside it, none outside.
        const QImage image = timeline.grab().toImage();
        const QColor inside = image.pixelColor(timeline.xOf(overview.endMs - 1'800'000), y);
        const QColor outside = image.pixelColor(timeline.xOf(overview.startMs + 1'800'000), y);
        QVERIFY(inside != outside);
        timeline.setFocus();
        QTest::keyClick(&timeline, Qt::Key_Escape);
        QVERIFY(!timeline.hasSelection());
        QCOMPARE(selected.last().at(0).toLongLong(), qint64(0));
        // Another recording: the selection belonged to the one before.
        timeline.setSelection(overview.startMs, overview.startMs + 3'600'000);
        RecordingOverview other = overview;
        other.endMs += 86'400'000;
        timeline.setOverview(other);
        QVERIFY(!timeline.hasSelection());
        // A plain drag scrubs as before.
        QTest::mouseClick(&timeline, Qt::LeftButton, Qt::NoModifier, QPoint(400, y));
        QVERIFY(!seeks.isEmpty());
        QVERIFY(!timeline.hasSelection());
    }

    void axisMapping_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<double>("pixel");
        QTest::newRow("start") << 100.0 << 50.0;
        QTest::newRow("end") << 200.0 << 1050.0;
        QTest::newRow("middle") << 150.0 << 550.0;
        QTest::newRow("outside") << 250.0 << 1550.0;
    }

    void axisMapping()
    {
        QFETCH(double, value);
        QFETCH(double, pixel);
        const AxisMapping x { 100.0, 200.0, 50.0, 1050.0 };
        QCOMPARE(x.toPixel(value), pixel);
        QCOMPARE(x.toValue(pixel), value);
        // A y axis runs upwards: the minimum at the bottom pixel.
        const AxisMapping y { 0.0, 10.0, 400.0, 0.0 };
        QCOMPARE(y.toPixel(0.0), 400.0);
        QCOMPARE(y.toPixel(10.0), 0.0);
    }

    void zoomAndPanKeepTheirAnchor()
    {
        const AxisMapping x { 0.0, 1000.0, 0.0, 500.0 };
        const AxisMapping z = x.zoomedAt(100.0, 4.0);
        QCOMPARE(z.toValue(100.0), x.toValue(100.0)); // the value under the pointer stays
        QCOMPARE(z.valueMax - z.valueMin, 250.0);
        const AxisMapping p = x.pannedBy(50.0); // content follows the pointer right
        QCOMPARE(p.valueMin, -100.0);
        QCOMPARE(p.toPixel(0.0), 50.0);
    }

    void ticksAreRound()
    {
        QCOMPARE(niceTicks(0.0, 10.0, 5), (std::vector<double> { 0, 2, 4, 6, 8, 10 }));
        const std::vector<double> fine = niceTicks(1.93, 2.07, 4);
        QCOMPARE(fine.size(), size_t(3));
        for (size_t i = 0; i < fine.size(); ++i)
            QVERIFY(std::abs(fine[i] - (1.95 + 0.05 * double(i))) < 1e-12);
        QVERIFY(niceTicks(5.0, 5.0, 4).empty());
        QVERIFY(niceTicks(0.0, std::nan(""), 4).empty());
        const double hour = 3600e3;
        const std::vector<double> t = timeTicks(1793577600000.0 + 0.5 * hour, 1793577600000.0 + 6.5 * hour, 6);
        QCOMPARE(t.size(), size_t(6));
        QCOMPARE(timeTickLabel(t.front(), t[1] - t[0]), QStringLiteral("01:00"));
        // Spans across a new year name it; years of history are counted in months and years.
        const double day = 24 * hour, newYear2027 = 1798761600000.0; // 2027-01-01 00:00 UTC
        QCOMPARE(timeTickLabel(newYear2027 - 10 * day, 2 * day, newYear2027 - 20 * day, newYear2027 + 20 * day),
                 QStringLiteral("2026-12-22"));
        QCOMPARE(timeTickLabel(newYear2027 - 10 * day, 2 * day, newYear2027 - 12 * day, newYear2027 - day),
                 QStringLiteral("12-22"));
        QCOMPARE(timeTickLabel(newYear2027, 6 * hour, newYear2027 - day, newYear2027 + day),
                 QStringLiteral("2027-01-01 00:00"));
        // Months and years tick on the calendar: each January the year, each month's first its month.
        const std::vector<double> years = timeTicks(newYear2027 - 1827 * day, newYear2027 + day, 6); // from 2021-12-31
        QStringList yearLabels;
        for (double y : years)
            yearLabels << timeTickLabel(y, years[1] - years[0], years.front(), years.back());
        QCOMPARE(yearLabels,
                 (QStringList { QStringLiteral("2022"), QStringLiteral("2023"), QStringLiteral("2024"),
                                QStringLiteral("2025"), QStringLiteral("2026"), QStringLiteral("2027") }));
        const std::vector<double> months = timeTicks(newYear2027 - 300 * day, newYear2027, 6);
        QVERIFY(months.size() >= 4);
        QCOMPARE(timeTickLabel(months[0], months[1] - months[0], months.front(), months.back()),
                 QStringLiteral("2026-05")); // every second month: Jan, Mar, May …
        QCOMPARE(timeTickLabel(months.back(), months[1] - months[0], months.front(), months.back()),
                 QStringLiteral("2027-01"));
        QCOMPARE(tickLabel(2.05, 0.05), QStringLiteral("2.05"));
    }

    void renderShowsLinesGapsSpansAndMarkers()
    {
        QLocale::setDefault(QLocale::c());
        TimeSeriesChart chart;
        chart.resize(800, 400);
        chart.setTimeAxis(false);
        const QColor red(255, 0, 0), blue(0, 0, 255);
        // A flat line at 1 with a gap between x = 40 and 60, and a one-sample spike at x = 80.
        auto flat
            = line(101, 0.0, 1.0, [](int i) { return i > 40 && i < 60 ? std::nanf("") : (i == 80 ? 3.0f : 1.0f); });
        chart.setSeries({ { QStringLiteral("flat"), red, flat, 2.0, false } });
        chart.setSpans({ { 10.0, 20.0, QColor(0, 255, 0, 255), QString() } });
        chart.setMarkers({ { 30.0, blue, QStringLiteral("restart"), QStringLiteral("restart at 30"), 7 } });
        const QImage shot = chart.grab().toImage();
        const AxisMapping x = chart.xMapping();
        const AxisMapping y = chart.yMapping();
        const QRect plot = chart.plotRect();
        const int yLine = int(std::lround(y.toPixel(1.0)));
        QVERIFY(hasColour(shot, int(x.toPixel(5.0)), yLine - 2, yLine + 2, red.rgb()));
        QVERIFY(!hasColour(shot, int(x.toPixel(50.0)), plot.top(), plot.bottom(), red.rgb())); // the gap
        QVERIFY(hasColour(shot, int(x.toPixel(70.0)), yLine - 2, yLine + 2, red.rgb()));
        // The spike reaches its height although it is one sample among 101.
        QVERIFY(hasColour(shot, int(std::lround(x.toPixel(80.0))), int(y.toPixel(3.0)) - 2, int(y.toPixel(3.0)) + 2,
                          red.rgb()));
        // The shaded span lies exactly over its x range.
        QCOMPARE(shot.pixel(int(x.toPixel(15.0)), plot.center().y() + 40), QColor(0, 255, 0).rgb());
        QVERIFY(shot.pixel(int(x.toPixel(25.0)), plot.center().y() + 40) != QColor(0, 255, 0).rgb());
        // The marker sits at its x, on the top edge of the plot.
        QVERIFY(hasColour(shot, int(std::lround(x.toPixel(30.0))), plot.top() - 8, plot.top(), blue.rgb()));
        // Clicking it names its event.
        QSignalSpy clicked(&chart, &TimeSeriesChart::markerClicked);
        QTest::mouseClick(&chart, Qt::LeftButton, {}, QPoint(int(std::lround(x.toPixel(30.0))), plot.top() + 2));
        QCOMPARE(clicked.size(), 1);
        QCOMPARE(clicked.front().front().value<uint64_t>(), uint64_t(7));

        // Highlighted (the incident looked at), its flag grows and its guide line thickens.
        const int guide = int(std::floor(x.toPixel(30.0)));
        const int beside = guide + 1; // beyond the 1-pixel guide, within the 3-pixel highlighted one
        const int flagCentre = int(std::lround(x.toPixel(30.0))); // the plain flag is 8 pixels tall, the lit one 11
        const QRgb before = shot.pixel(beside, plot.center().y() + 60);
        QVERIFY(!hasColour(shot, flagCentre, plot.top() - 10, plot.top() - 9, blue.rgb()));
        chart.setHighlightedEvents({ 99, 7 });
        QVERIFY(chart.isHighlighted(chart.markers().front()));
        const QImage lit = chart.grab().toImage();
        QVERIFY(lit.pixel(beside, plot.center().y() + 60) != before);
        const auto distanceToBlue = [](QRgb c) { return qRed(c) + qGreen(c) + (255 - qBlue(c)); };
        QVERIFY(distanceToBlue(lit.pixel(beside, plot.center().y() + 60)) < distanceToBlue(before));
        QVERIFY(hasColour(lit, flagCentre, plot.top() - 10, plot.top() - 9, blue.rgb()));
        chart.setHighlightedEvents({});
        QVERIFY(!chart.isHighlighted(chart.markers().front()));
    }

    // A narrow chart (the Details dock at 1080 p) gives its title the whole first line and
    // its legend a line of its own, rather than cutting the title to "Temperat…".
    void aNarrowChartKeepsItsTitleWhole()
    {
        TimeSeriesChart chart;
        chart.setTitle(QStringLiteral("Temperature, last 15 h"));
        chart.setYUnit(QStringLiteral("°C"));
        const QColor orange(255, 158, 74), red(213, 94, 0);
        chart.setSeries({ { QStringLiteral("GPU"), orange, line(10, 0.0, 1.0, [](int) { return 60.0f; }) },
                          { QStringLiteral("HBM"), red, line(10, 0.0, 1.0, [](int) { return 70.0f; }) } });
        chart.resize(800, 200);
        const int wideTop = chart.plotRect().top();
        chart.resize(170, 200);
        const int narrowTop = chart.plotRect().top();
        QVERIFY(narrowTop > wideTop); // a line more above the plot
        // The legend's swatches sit on that second line, under the title.
        const QImage shot = chart.grab().toImage();
        bool swatchOnSecondLine = false;
        for (int x = 0; x < shot.width(); ++x)
            for (int y = 17; y < narrowTop - 4; ++y)
                swatchOnSecondLine = swatchOnSecondLine || shot.pixel(x, y) == red.rgb();
        QVERIFY(swatchOnSecondLine);
    }

    void singlePointsDuplicatesAndCrowdedMarkers()
    {
        TimeSeriesChart chart;
        chart.resize(600, 300);
        auto one = std::make_shared<MinMaxPyramid>();
        one->append(1793577600000.0, 2.5f);
        chart.setSeries({ { QStringLiteral("one"), Qt::red, one } });
        QVERIFY(chart.xMax() > chart.xMin()); // a single point still gets a range
        const QImage shot = chart.grab().toImage();
        const QPoint at(int(chart.xMapping().toPixel(1793577600000.0)), int(chart.yMapping().toPixel(2.5)));
        QVERIFY(hasColour(shot, at.x(), at.y() - 2, at.y() + 2, QColor(Qt::red).rgb()));
        // Ten markers within a few pixels are one group, not a smear.
        std::vector<ChartMarker> crowd;
        for (int i = 0; i < 10; ++i)
            crowd.push_back({ 1793577600000.0 + i, Qt::yellow, QStringLiteral("ecc"), QStringLiteral("ecc %1").arg(i),
                              uint64_t(i) });
        chart.setMarkers(crowd);
        chart.grab();
    }

    void zoomPanResetAndFollow()
    {
        TimeSeriesChart chart;
        chart.resize(800, 300);
        chart.setTimeAxis(false);
        auto data = std::make_shared<MinMaxPyramid>();
        for (int i = 0; i <= 1000; ++i)
            data->append(i, float(i));
        chart.setSeries({ { QStringLiteral("d"), Qt::green, data } });
        QVERIFY(chart.isFollowing());
        QCOMPARE(chart.xMin(), 0.0);
        QCOMPARE(chart.xMax(), 1000.0);
        QSignalSpy changed(&chart, &TimeSeriesChart::xRangeChanged);
        chart.setXRange(100.0, 200.0);
        QVERIFY(!chart.isFollowing());
        QCOMPARE(changed.size(), 1);
        // New data does not move a view the user chose...
        data->append(1001, 1.0f);
        chart.setSeries({ { QStringLiteral("d"), Qt::green, data } });
        QCOMPARE(chart.xMax(), 200.0);
        // ...until Home resets it and it follows again.
        QTest::keyClick(&chart, Qt::Key_Home);
        QVERIFY(chart.isFollowing());
        QCOMPARE(chart.xMax(), 1001.0);
        // Shift+drag zooms to the band.
        const AxisMapping x = chart.xMapping();
        QTest::mousePress(&chart, Qt::LeftButton, Qt::ShiftModifier, QPoint(int(x.toPixel(300.0)), 100));
        QTest::mouseMove(&chart, QPoint(int(x.toPixel(500.0)), 100));
        QTest::mouseRelease(&chart, Qt::LeftButton, Qt::ShiftModifier, QPoint(int(x.toPixel(500.0)), 100));
        QVERIFY(std::abs(chart.xMin() - 300.0) < 3.0);
        QVERIFY(std::abs(chart.xMax() - 500.0) < 3.0);
    }

    void csvRoundTripAndUnwritablePaths()
    {
        TimeSeriesChart chart;
        chart.resize(600, 300);
        chart.setTimeAxis(false);
        auto a = line(5, 0.0, 1.0, [](int i) { return i == 2 ? std::nanf("") : float(i) * 0.5f; });
        auto b = line(3, 0.5, 1.0, [](int i) { return float(i) + 10.0f; });
        chart.setSeries({ { QStringLiteral("loss, main"), Qt::red, a }, { QStringLiteral("other"), Qt::blue, b } });
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("chart.csv"));
        QCOMPARE(writeChartExport(path, chart.toCsv()), QString());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList rows = QString::fromUtf8(file.readAll()).split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(rows.front(), QStringLiteral("x,loss; main,other"));
        QCOMPARE(rows.size(), 1 + 5 + 3);
        QCOMPARE(rows[1], QStringLiteral("0,0,"));
        QCOMPARE(rows[2], QStringLiteral("0.5,,10"));
        QCOMPARE(rows[5], QStringLiteral("2,,")); // NaN is an empty cell, never 0
        QCOMPARE(rows[8], QStringLiteral("4,2,"));
        const QString png = dir.filePath(QStringLiteral("chart.png"));
        QCOMPARE(writeChartExport(png, chart.toImage()), QString());
        QVERIFY(QImage(png).width() >= 1200); // drawn at twice the size, for print
        QVERIFY(writeChartExport(QStringLiteral("/proc/no-such-dir/chart.csv"), chart.toCsv())
                    .contains(QStringLiteral("Cannot write")));
        QVERIFY(writeChartExport(QStringLiteral("/proc/no-such-dir/chart.png"), chart.toImage())
                    .contains(QStringLiteral("Cannot write")));
        // A series name a spreadsheet would run is written as text.
        chart.setSeries({ { QStringLiteral("=HYPERLINK(\"http://x\")"), Qt::red, a } });
        QVERIFY(chart.toCsv().startsWith("x,\"'=HYPERLINK"));
        // The SVG is a drawing of the chart.
        const QByteArray svg = chart.toSvg();
        QVERIFY(svg.contains("<svg") && svg.contains("</svg>"));
    }
};

QTEST_MAIN(TestChart)
#include "tst_chart.moc"
