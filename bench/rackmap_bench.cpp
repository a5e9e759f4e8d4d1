// SPDX-License-Identifier: GPL-3.0-or-later
// rackmap_repaint_100k_ms: a full repaint of the rack map with 100,000 GPU cells
// at 1920×1080 (new values coloured into the cell image, then painted), against
// a QGraphicsScene holding one rectangle item per GPU, recoloured and rendered.
#include "rackmap_bench.h"

#include "rackmap/rackmapwidget.h"
#include "sim/topologybuilder.h"

#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QTextStream>

#include <random>

namespace vigil::bench {

void runRackMapBenchmark(BenchReport &report)
{
    constexpr uint32_t Gpus = 100000;
    const QSize screen(1920, 1080);
    auto topology = std::make_shared<const Topology>(buildTopology({ Gpus }, 1));
    std::mt19937 random(3);
    std::uniform_real_distribution<float> temperature(30.0f, 90.0f);
    std::vector<std::vector<float>> frames(8, std::vector<float>(Gpus));
    for (auto &frame : frames)
        for (float &v : frame)
            v = temperature(random);
    const ColorScale scale(ColorScale::Palette::Inferno);

    RackMapWidget map;
    map.resize(screen);
    map.setTopology(topology);
    QImage target(screen, QImage::Format_RGB32);
    size_t frame = 0;
    const double ours = medianSeconds(41, [&] {
        map.setCellValues(frames[frame++ % frames.size()], scale, 20.0f, 95.0f);
        // The widget is opaque (WA_OpaquePaintEvent): its real paint path never fills
        // the window background first, so neither does the measurement.
        map.render(&target, QPoint(), QRegion(), QWidget::DrawChildren);
    });

    // Baseline: the textbook approach, one item per GPU at the same cell geometry.
    QGraphicsScene scene;
    scene.setItemIndexMethod(QGraphicsScene::NoIndex);
    std::vector<QGraphicsRectItem *> items;
    items.reserve(Gpus);
    const MapViewport &viewport = map.viewport();
    for (const QPoint &cell : map.rackLayout().gpuCells()) {
        auto *item = scene.addRect(QRectF(viewport.cellRect(cell)), Qt::NoPen, QBrush(Qt::black));
        items.push_back(item);
    }
    scene.setSceneRect(QRectF(QPointF(0, 0), QSizeF(screen)));
    const double baseline = medianSeconds(5, [&] {
        const std::vector<float> &values = frames[frame++ % frames.size()];
        for (size_t g = 0; g < items.size(); ++g)
            items[g]->setBrush(QColor(scale.map(values[g], 20.0f, 95.0f)));
        QPainter painter(&target);
        scene.render(&painter, QRectF(target.rect()), scene.sceneRect());
    });
    QTextStream(stdout) << QStringLiteral("rack map: %1 GPUs at %2x%3, cell %4 px")
                               .arg(Gpus)
                               .arg(screen.width())
                               .arg(screen.height())
                               .arg(viewport.scale, 0, 'f', 2)
                        << Qt::endl;
    report.add({ QStringLiteral("rackmap_repaint_100k_ms"), ours * 1000.0, QStringLiteral("ms"), baseline * 1000.0,
                 baseline / ours });
}

} // namespace vigil::bench
