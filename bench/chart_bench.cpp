// SPDX-License-Identifier: GPL-3.0-or-later
// chart_redraw_10m_ms: a 10-million-point loss curve redrawn at 1920×1080 after a
// zoom or pan (new range decimated to min/max per pixel column from the pyramid,
// then painted), against Qt Charts' QLineSeries holding all 10 M points, its
// axis range changed and the chart rendered.
#include "chart_bench.h"

#include "chart/timeserieschart.h"

#include <QChart>
#include <QGraphicsScene>
#include <QImage>
#include <QLineSeries>
#include <QPainter>
#include <QTextStream>
#include <QValueAxis>

#include <cmath>
#include <random>

namespace vigil::bench {

void runChartBenchmark(BenchReport &report)
{
    constexpr int Points = 10'000'000;
    const QSize screen(1920, 1080);
    // A loss curve: decaying, noisy, with rare spikes (as after a bad batch).
    std::mt19937 random(11);
    std::normal_distribution<float> noise(0.0f, 0.02f);
    std::uniform_int_distribution<int> spike(0, 200000);
    auto series = std::make_shared<MinMaxPyramid>();
    series->reserve(Points);
    for (int i = 0; i < Points; ++i) {
        const float loss
            = 1.6f + 2.0f * std::exp(-float(i) / 1.5e6f) + noise(random) + (spike(random) == 0 ? 3.0f : 0.0f);
        series->append(double(i), loss);
    }

    // Zoom and pan windows, from the whole run down to a few thousand steps.
    std::vector<std::pair<double, double>> windows;
    for (int k = 0; k < 16; ++k) {
        const double width = Points / std::pow(2.0, k % 8);
        const double start = (Points - width) * (k / 16.0);
        windows.emplace_back(start, start + width);
    }

    TimeSeriesChart chart;
    chart.resize(screen);
    chart.setTimeAxis(false);
    chart.setTitle(QStringLiteral("loss"));
    chart.setSeries({ { QStringLiteral("loss"), QColor(0xff, 0x9e, 0x4a), series } });
    QImage target(screen, QImage::Format_RGB32);
    size_t w = 0;
    const double ours = medianSeconds(41, [&] {
        const auto [x0, x1] = windows[w++ % windows.size()];
        chart.setXRange(x0, x1);
        QPainter painter(&target);
        chart.render(painter, QRect(QPoint(), screen));
    });

    // Baseline: the textbook Qt Charts chart, every point in one QLineSeries.
    QList<QPointF> all;
    all.reserve(Points);
    for (size_t i = 0; i < series->size(); ++i)
        all.append(QPointF(series->x(i), double(series->y(i))));
    QGraphicsScene scene;
    auto *qchart = new QChart; // owned by the scene
    scene.addItem(qchart);
    qchart->resize(screen);
    auto *line = new QLineSeries;
    line->replace(all);
    qchart->addSeries(line);
    auto *axisX = new QValueAxis;
    auto *axisY = new QValueAxis;
    qchart->addAxis(axisX, Qt::AlignBottom);
    qchart->addAxis(axisY, Qt::AlignLeft);
    line->attachAxis(axisX);
    line->attachAxis(axisY);
    axisY->setRange(1.0, 7.0);
    const double baseline = medianSeconds(1, [&] { // one run: it takes seconds
        const auto [x0, x1] = windows[w++ % windows.size()];
        axisX->setRange(x0, x1);
        QPainter painter(&target);
        scene.render(&painter, QRectF(target.rect()), QRectF(QPointF(), QSizeF(screen)));
    });
    QTextStream(stdout)
        << QStringLiteral("chart: %1 points at %2x%3").arg(Points).arg(screen.width()).arg(screen.height()) << Qt::endl;
    report.add({ QStringLiteral("chart_redraw_10m_ms"), ours * 1000.0, QStringLiteral("ms"), baseline * 1000.0,
                 baseline / ours });
}

} // namespace vigil::bench
