// SPDX-License-Identifier: GPL-3.0-or-later
// The rack map's geometry and what a person sees: colours at the cells the
// layout names, and the tooltip of a known cell.
#include "domain/sanitizers.h"
#include "gpudescription.h"
#include "rackmap/rackmapwidget.h"
#include "sim/topologybuilder.h"
#include "sparkline/sparklinetable.h"

#include <QHelpEvent>
#include <QSignalSpy>
#include <QTest>
#include <QToolTip>
#include <QWheelEvent>

#include <cmath>
#include <random>
#include <set>

using namespace vigil;

// A floor plan of the kind real sites send: any number of halls and rows, racks
// at sparse positions, 1-255 nodes per rack in sparse slots, 1-64 GPUs per node
// at sparse local indices. At most `maxGpus` GPUs.
Topology randomTopology(std::mt19937 &rng, uint32_t maxGpus)
{
    auto pick = [&](uint32_t lo, uint32_t hi) { return std::uniform_int_distribution<uint32_t>(lo, hi)(rng); };
    Topology t;
    t.clusterName = QStringLiteral("random");
    const uint32_t halls = pick(1, 3);
    for (uint32_t h = 0; h < halls; ++h)
        t.halls.push_back({ QStringLiteral("Hall %1").arg(h) });
    const uint32_t nodesPerRack = pick(0, 3) == 0 ? 255 : pick(1, 255);
    const uint32_t gpusPerNode = pick(0, 3) == 0 ? 64 : pick(1, 64);
    const bool sparse = pick(0, 1) == 1;
    for (uint32_t h = 0; h < halls; ++h)
        for (uint32_t r = pick(1, 3); r > 0; --r) {
            t.rows.push_back({ QStringLiteral("Row %1").arg(t.rows.size()), h });
            uint32_t position = 0;
            for (uint32_t k = pick(1, 6); k > 0; --k) {
                Rack rack;
                rack.name = QStringLiteral("R%1").arg(t.racks.size());
                rack.rowIndex = uint32_t(t.rows.size() - 1);
                rack.positionInRow = position;
                position += sparse ? pick(1, 4) : 1;
                t.racks.push_back(rack);
                const uint32_t rackIndex = uint32_t(t.racks.size() - 1);
                for (uint32_t slot = 0; slot < nodesPerRack; slot += sparse ? pick(1, 3) : 1) {
                    if (t.gpus.size() + gpusPerNode > maxGpus)
                        break;
                    t.nodes.push_back({ QStringLiteral("n%1").arg(t.nodes.size()), rackIndex, slot });
                    for (uint32_t local = 0; local < gpusPerNode; local += sparse ? pick(1, 2) : 1) {
                        Gpu gpu;
                        gpu.uuid = QStringLiteral("GPU-%1").arg(t.gpus.size());
                        gpu.nodeIndex = uint32_t(t.nodes.size() - 1);
                        gpu.localIndex = local;
                        t.gpus.push_back(gpu);
                    }
                }
            }
        }
    return t;
}

class TestRackMap : public QObject
{
    Q_OBJECT

    std::shared_ptr<const Topology> topology = std::make_shared<Topology>(buildTopology({ 2048 }, 1));

private Q_SLOTS:
    // Counts are summed per rack from afar (a rack's failures), not its worst GPU.
    void aRackShowsTheSumOfItsCountsFromAfar()
    {
        ClusterShape shape;
        shape.gpus = 256;
        auto t = std::make_shared<Topology>(buildTopology(shape, 3));
        RackMapWidget map;
        map.resize(800, 600);
        map.setTopology(t);
        std::vector<float> values(t->gpus.size(), 0.0f);
        const uint32_t rack = 1;
        float sum = 0.0f;
        for (uint32_t node : t->nodesOfRack[rack])
            for (uint32_t g : t->gpusOfNode[node]) {
                values[g] = float(g % 3);
                sum += values[g];
            }
        map.setCellValues(values, ColorScale(ColorScale::Palette::Viridis), 0.0f, sum);
        map.setRackAggregate(RackMapWidget::RackAggregate::Sum);
        QCOMPARE(map.rackAggregate(rack), sum);
        QCOMPARE(map.rackAggregate(0), 0.0f);
        map.setRackAggregate(RackMapWidget::RackAggregate::Max);
        QCOMPARE(map.rackAggregate(rack), 2.0f);
    }

    // The map writes raw scanlines; every index it writes must lie inside its
    // image, and every cell a person can see must be drawn. Checked as pure
    // arithmetic over random floors, every zoom step, window sizes and pans.
    void cellRasterIndicesStayInsideTheImage()
    {
#if VIGIL_UNDER_ASAN
        // Arithmetic the sanitizers add nothing to: the release lane checks all 40 floors, this
        // lane the first 4 (4 s; all 40 would take about 40 s here).
        constexpr int floors = 4;
#else
        constexpr int floors = 40;
#endif
        std::mt19937 rng(20261203);
        const QSize windows[] = { { 1920, 1080 }, { 1280, 720 }, { 333, 1017 }, { 97, 61 }, { 3, 2 } };
        for (int round = 0; round < floors; ++round) {
            Topology t = randomTopology(rng, 20000);
            QCOMPARE(t.index(), QString());
            const RackLayout layout(t);
            for (const QSize window : windows) {
                const QRectF area = QRectF(QPointF(0, 0), QSizeF(window)).adjusted(4, 4, -4, -4);
                const MapViewport fit = MapViewport::fit(layout.size(), area);
                if (fit.scale <= 0.0)
                    continue;
                const QRect frame(QPoint(0, 0), window);
                for (double zoom = 1.0; zoom <= 64.0 / fit.scale; zoom *= 1.25) {
                    const QPointF centres[]
                        = { QPointF(layout.size().width() / 2.0, layout.size().height() / 2.0), QPointF(0, 0),
                            QPointF(layout.size().width(), 0), QPointF(0, layout.size().height()),
                            QPointF(layout.size().width(), layout.size().height()) };
                    for (const QPointF centre : centres) {
                        const MapViewport v
                            = zoom == 1.0 ? fit : MapViewport::centeredOn(centre, fit.scale * zoom, area);
                        const UnitRaster raster = UnitRaster::covering(v, window);
                        const qsizetype stride = raster.size.width() + 3; // scanlines may be padded
                        for (const QPoint &cell : layout.gpuCells()) {
                            const qsizetype at = raster.pixelIndex(cell, stride);
                            QVERIFY(at >= -1 && at < stride * raster.size.height());
                            const QRect pixels = v.cellRect(cell);
                            if (pixels.intersects(frame) && v.scale < 3.3)
                                QVERIFY2(at >= 0, "a visible cell has no pixel in the whole-hall raster");
                            const QRect clipped = cellPixels(v, cell, 1, frame);
                            QVERIFY(clipped.isEmpty() || frame.contains(clipped));
                        }
                    }
                }
            }
        }
    }

    // The same at the widget: random floors zoomed step by step into every
    // corner, cells marked, one selected. Under AddressSanitizer (the asan
    // preset) a write outside an image fails this; here the colours must match.
    void everyZoomStepPaintsOnlyItsOwnCells()
    {
        std::mt19937 rng(7);
        const QSize windows[] = { { 1920, 1080 }, { 640, 480 }, { 211, 640 } };
        const ColorScale scale(ColorScale::Palette::Inferno);
#if VIGIL_UNDER_ASAN
        // Each floor repaints about a hundred full frames, and the sanitizer makes every frame's
        // allocation a mapping of its own: this lane paints the first 2 floors (about 20 s; all
        // 6 took 60), the release lane all 6 with their colours.
        constexpr int floors = 2;
#else
        constexpr int floors = 6;
#endif
        for (int round = 0; round < floors; ++round) {
            auto t = std::make_shared<Topology>(randomTopology(rng, 12000));
            QCOMPARE(t->index(), QString());
            std::vector<float> values(t->gpus.size());
            std::vector<uint8_t> marks(t->gpus.size(), RackMapWidget::NoMark);
            for (size_t g = 0; g < values.size(); ++g) {
                values[g] = float(g % 97);
                marks[g] = uint8_t(g % 5 == 0       ? RackMapWidget::CriticalMark
                                       : g % 7 == 0 ? RackMapWidget::StaleMark
                                                    : 0);
            }
            values[values.size() / 2] = 1000.0f; // invalid: crossed out
            for (const QSize window : windows) {
                RackMapWidget map;
                map.setMinimumSize(1, 1);
                map.resize(window);
                map.setTopology(t);
                map.setCellValues(values, scale, 0.0f, 96.0f, -1.0f, 200.0f);
                map.setCellMarks(marks);
                map.setSelectedGpu(int(t->gpus.size() - 1));
                for (double before = 0.0; map.zoom() > before;) {
                    before = map.zoom();
                    map.zoomBy(1.25, QPointF(rng() % uint32_t(window.width()), rng() % uint32_t(window.height())));
                    for (const QPointF pan :
                         { QPointF(1e6, 1e6), QPointF(-2e6, 0), QPointF(0, -2e6), QPointF(2e6, 0) }) {
                        map.panBy(pan);
                        map.renderCells();
                    }
                    map.panBy(QPointF(-1e6, 1e6));
                    const QImage shot = map.grab().toImage();
                    if (map.viewport().scale < 6.0)
                        continue;
                    // Close enough to see each cell: a sample of fully visible cells shows its own colour.
                    for (int k = 0; k < 20; ++k) {
                        const int gpu = int(rng() % t->gpus.size());
                        const QRect cell = map.viewport().cellRect(map.rackLayout().gpuCells()[size_t(gpu)]);
                        if (marks[size_t(gpu)] || gpu == map.selectedGpu() || !shot.rect().contains(cell)
                            || values[size_t(gpu)] > 200.0f)
                            continue;
                        QCOMPARE(shot.pixel(cell.bottomRight() - QPoint(1, 1)), map.cellColor(gpu));
                    }
                }
            }
        }
    }

    // Tall racks of single-GPU nodes (the shape that aborted the dashboard) and
    // the 100k floor at 1920x1080, zoomed in from the first step to the last.
    void tallRacksAndTheFullFloorZoomSafely_data()
    {
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("gpusPerNode");
        QTest::addColumn<int>("nodesPerRack");
        QTest::newRow("96 single-GPU nodes a rack") << 18688 << 1 << 96;
        QTest::newRow("100k GPUs") << 100000 << 8 << 8;
    }
    void tallRacksAndTheFullFloorZoomSafely()
    {
        QFETCH(int, gpus);
        QFETCH(int, gpusPerNode);
        QFETCH(int, nodesPerRack);
        ClusterShape shape;
        shape.gpus = uint32_t(gpus);
        shape.gpusPerNode = uint32_t(gpusPerNode);
        shape.nodesPerRack = uint32_t(nodesPerRack);
        auto t = std::make_shared<Topology>(buildTopology(shape, 3));
        RackMapWidget map;
        map.resize(1920, 1080);
        map.setTopology(t);
        std::vector<float> values(t->gpus.size());
        for (size_t g = 0; g < values.size(); ++g)
            values[g] = float(g % 13);
        map.setCellValues(values, ColorScale(ColorScale::Palette::Inferno), 0.0f, 12.0f);
        int steps = 0;
        for (double before = 0.0; map.zoom() > before;) {
            before = map.zoom();
            map.zoomBy(1.25, QPointF(1900, 20)); // towards a corner, where cells leave the image first
            map.renderCells();
            ++steps;
            const int gpu = map.rackLayout().gpuAt(map.viewport().toUnit(QPointF(960, 540)));
            if (gpu >= 0 && map.viewport().scale >= 6.0) {
                const QImage shot = map.grab().toImage();
                const QRect cell = map.viewport().cellRect(map.rackLayout().gpuCells()[size_t(gpu)]);
                QCOMPARE(shot.pixel(cell.bottomRight() - QPoint(1, 1)), map.cellColor(gpu));
            }
        }
        QVERIFY(steps > 3);
    }
    void everyGpuHasItsOwnCell()
    {
        const RackLayout layout(*topology);
        std::set<std::pair<int, int>> seen;
        for (size_t g = 0; g < topology->gpus.size(); ++g) {
            const QPoint cell = layout.gpuCells()[g];
            QVERIFY(seen.insert({ cell.x(), cell.y() }).second);
            QCOMPARE(layout.gpuAt(QPointF(cell) + QPointF(0.5, 0.5)), int(g));
            QCOMPARE(layout.rackAt(QPointF(cell) + QPointF(0.5, 0.5)), int(topology->rackOfGpu(uint32_t(g))));
            QVERIFY(layout.rackRects()[topology->rackOfGpu(uint32_t(g))].contains(cell));
        }
        QCOMPARE(layout.gpuAt(QPointF(-1, -1)), -1);
        QCOMPARE(layout.gpuAt(QPointF(layout.size().width() + 3, 0)), -1);
    }

    void nodesStackFromTheBottom()
    {
        const RackLayout layout(*topology);
        // Slot 0 sits lowest in its rack, GPU 0 of a node leftmost.
        const Node &bottom = topology->nodes[topology->nodesOfRack[0][0]];
        const Node &top = topology->nodes[topology->nodesOfRack[0].back()];
        QCOMPARE(bottom.slot, 0u);
        const QPoint bottomCell = layout.gpuCells()[topology->gpusOfNode[topology->nodesOfRack[0][0]][0]];
        const QPoint topCell = layout.gpuCells()[topology->gpusOfNode[topology->nodesOfRack[0].back()][0]];
        QVERIFY(bottomCell.y() > topCell.y());
        QCOMPARE(bottomCell.x(), topCell.x());
        Q_UNUSED(top);
    }

    void viewportMapsBothWays()
    {
        const MapViewport v = MapViewport::fit(QSize(80, 48), QRectF(10, 10, 800, 600));
        QCOMPARE(v.scale, 10.0);
        const QPointF p(12.25, 7.5);
        QCOMPARE(v.toUnit(v.toWidget(p)), p);
        // Neighbouring cells touch but never overlap.
        QCOMPARE(v.cellRect(QPoint(3, 4)).right() + 1, v.cellRect(QPoint(4, 4)).left());
        QCOMPARE(v.cellRect(QPoint(3, 4)).bottom() + 1, v.cellRect(QPoint(3, 5)).top());
    }

    void hotAndColdCellsAreDrawnWhereTheLayoutSays()
    {
        RackMapWidget map;
        map.resize(1200, 800);
        map.setTopology(topology);
        std::vector<float> values(topology->gpus.size(), 50.0f);
        const int hot = 1000;
        const int cold = 77;
        const int silent = 1500;
        values[hot] = 95.0f;
        values[cold] = 20.0f;
        values[silent] = std::nanf("");
        const ColorScale scale(ColorScale::Palette::Inferno);
        map.setCellValues(values, scale, 20.0f, 95.0f);
        const QImage shot = map.grab().toImage();
        QCOMPARE(shot.pixel(map.cellCenter(hot)), scale.at(1.0));
        QCOMPARE(shot.pixel(map.cellCenter(cold)), scale.at(0.0));
        QCOMPARE(shot.pixel(map.cellCenter(silent)), ColorScale::noDataColor());
        QCOMPARE(shot.pixel(map.cellCenter(hot + 1)), scale.map(50.0f, 20.0f, 95.0f));
        // The hot colour is bright, the cold one dark: the ramp reads as heat.
        QVERIFY(qGray(scale.at(1.0)) > 200 && qGray(scale.at(0.0)) < 20);
        // The cell the map reports at a point is the GPU drawn there.
        const QPoint centre = map.cellCenter(hot);
        QCOMPARE(map.rackLayout().gpuAt(map.viewport().toUnit(centre)), hot);
    }

    void impossibleValuesAreInvalidNotClamped()
    {
        RackMapWidget map;
        map.resize(1200, 800);
        map.setTopology(topology);
        std::vector<float> values(topology->gpus.size(), 60.0f);
        values[10] = 400.0f; // no GPU runs at 400 °C: a broken sensor or a wrong unit
        values[11] = 95.0f; // hot, but real
        const ColorScale scale(ColorScale::Palette::Inferno);
        map.setCellValues(values, scale, 20.0f, 95.0f, -40.0f, 150.0f);
        QCOMPARE(map.cellColor(10), ColorScale::invalidColor());
        QCOMPARE(map.cellColor(11), scale.at(1.0));
        const QImage shot = map.grab().toImage();
        const QRect cell = map.viewport().cellRect(map.rackLayout().gpuCells()[10]);
        QCOMPARE(shot.pixel(cell.left() + 1, cell.bottom() - 2), ColorScale::invalidColor());
        QCOMPARE(shot.pixel(cell.topLeft()), qRgb(0, 0, 0)); // crossed out, not told by colour alone
    }

    void categoricalCells()
    {
        RackMapWidget map;
        map.resize(1200, 800);
        map.setTopology(topology);
        std::vector<float> jobs(topology->gpus.size());
        for (size_t g = 0; g < jobs.size(); ++g)
            jobs[g] = float(topology->jobOfGpu[g]);
        map.setCellValues(jobs, ColorScale(ColorScale::Palette::Categorical), 0.0f, 1.0f);
        const QImage shot = map.grab().toImage();
        const int idle
            = int(std::find(topology->jobOfGpu.begin(), topology->jobOfGpu.end(), -1) - topology->jobOfGpu.begin());
        QCOMPARE(shot.pixel(map.cellCenter(0)), ColorScale::category(0));
        QCOMPARE(shot.pixel(map.cellCenter(idle)), ColorScale::noCategoryColor());
        QVERIFY(ColorScale::category(0) != ColorScale::category(1));
        QCOMPARE(ColorScale::category(8), ColorScale::category(0)); // the palette cycles
    }

    void statusCellsCarryBadgesNotJustColour()
    {
        RackMapWidget map;
        map.resize(1200, 800);
        map.setTopology(topology);
        const QRgb clear = qRgb(0x20, 0x40, 0x30), amber = qRgb(0xf0, 0xb4, 0x00), red = qRgb(0xe0, 0x2a, 0x2a);
        std::vector<float> levels(topology->gpus.size(), 0.0f);
        const int warning = 40, critical = 41, stale = 900;
        levels[warning] = 1.0f;
        levels[critical] = 2.0f;
        levels[stale] = std::nanf("");
        std::vector<uint8_t> marks(topology->gpus.size(), RackMapWidget::NoMark);
        marks[warning] = RackMapWidget::WarningMark;
        marks[critical] = RackMapWidget::CriticalMark;
        marks[stale] = RackMapWidget::StaleMark;
        map.grab(); // rendered once for the topology
        const uint64_t rendered = map.renders();
        map.setCellValues(levels, ColorScale::states({ clear, amber, red }), 0.0f, 2.0f);
        map.setCellMarks(marks);
        QVERIFY(map.viewport().scale >= 4.0); // big enough cells for badges at this size
        const QImage shot = map.grab().toImage();
        QCOMPARE(map.renders(), rendered + 1); // values and marks of one tick: every cell rendered once
        auto cell = [&](int gpu) {
            return map.viewport().cellRect(map.rackLayout().gpuCells()[size_t(gpu)]).adjusted(0, 0, -1, -1);
        };
        const QRect w = cell(warning), c = cell(critical), s = cell(stale);
        // The colour says the level, a dark corner badge says it again.
        QCOMPARE(shot.pixel(w.bottomRight() - QPoint(1, 1)), amber);
        QCOMPARE(shot.pixel(w.topLeft()), qRgb(0x10, 0x10, 0x10));
        QCOMPARE(shot.pixel(c.center() + QPoint(1, 1)), red);
        // The ring, in whichever ink contrasts with the cell (light on red).
        QCOMPARE(shot.pixel(c.bottomRight()), qRgb(0xd8, 0xd8, 0xd8));
        QCOMPARE(shot.pixel(c.topRight()), qRgb(0xd8, 0xd8, 0xd8));
        // A silent cell is grey and hatched: some of its pixels are not the no-data colour.
        int hatched = 0, grey = 0;
        for (int y = s.top(); y <= s.bottom(); ++y)
            for (int x = s.left(); x <= s.right(); ++x)
                (shot.pixel(x, y) == ColorScale::noDataColor() ? grey : hatched) += 1;
        QVERIFY2(hatched > 0 && grey > 0, qPrintable(QStringLiteral("%1 hatched, %2 grey").arg(hatched).arg(grey)));
        // Racks holding marked GPUs are outlined, so the hall view shows them too.
        const int warningRack = int(topology->rackOfGpu(warning));
        const int staleRack = int(topology->rackOfGpu(stale));
        QCOMPARE(map.rackMark(warningRack), uint8_t(RackMapWidget::WarningMark | RackMapWidget::CriticalMark));
        QCOMPARE(map.rackMark(staleRack), uint8_t(RackMapWidget::StaleMark));
        const QRectF body = map.viewport().toWidget(QRectF(map.rackLayout().rackRects()[size_t(warningRack)]));
        const QRgb outline = shot.pixel(QPointF(body.center().x(), body.top() - 2.0).toPoint());
        QVERIFY2(qRed(outline) > 0xc0 && qGreen(outline) < 0x60, qPrintable(QString::number(outline, 16)));
        // Zoomed out to one pixel per unit, cells are too small for badges; the outline still shows.
        map.setMinimumSize(10, 10);
        map.resize(240, 160);
        const QImage small = map.grab().toImage();
        QVERIFY2(map.viewport().scale < 3.3, qPrintable(QString::number(map.viewport().scale)));
        const QRectF smallBody = map.viewport().toWidget(QRectF(map.rackLayout().rackRects()[size_t(warningRack)]));
        const QRgb smallOutline = small.pixel(QPointF(smallBody.center().x(), smallBody.top() - 2.0).toPoint());
        QVERIFY2(qRed(smallOutline) > 0xc0 && qGreen(smallOutline) < 0x60,
                 qPrintable(QString::number(smallOutline, 16)));
        QCOMPARE(ColorScale::states({ clear, amber }).map(5.0f, 0.0f, 2.0f), ColorScale::noCategoryColor());
    }

    void oddTopologiesLayOutWithoutOverlap()
    {
        // An empty hall, a rack with empty slots, a node missing a GPU index.
        Topology t = buildTopology({ 128 }, 1);
        t.halls.push_back({ QStringLiteral("Hall Z (empty)") });
        const uint32_t rack = t.nodes[0].rackIndex;
        for (Node &n : t.nodes)
            if (n.rackIndex == rack)
                n.slot = n.slot * 2 + 1;
        for (Gpu &g : t.gpus)
            if (g.nodeIndex == 0 && g.localIndex == 7)
                g.localIndex = 11;
        QCOMPARE(t.index(), QString());
        const RackLayout layout(t);
        QCOMPARE(layout.hallRects().size(), t.halls.size());
        std::set<std::pair<int, int>> cells;
        for (const QPoint &c : layout.gpuCells()) {
            QVERIFY(c.x() >= 0 && c.y() >= 0 && c.x() < layout.size().width() && c.y() < layout.size().height());
            QVERIFY(cells.insert({ c.x(), c.y() }).second); // no two GPUs in one cell
        }
        for (size_t g = 0; g < t.gpus.size(); ++g)
            QCOMPARE(layout.gpuAt(QPointF(layout.gpuCells()[g]) + QPointF(0.5, 0.5)), int(g));
        for (size_t g = 0; g < t.gpus.size(); ++g) // every GPU inside its own rack
            QVERIFY(layout.rackRects()[t.rackOfGpu(uint32_t(g))].contains(layout.gpuCells()[g]));

        // Racks whose place is a guess are tagged on the map, not drawn as if known.
        t.racks[1].placement = Rack::Placement::Unplaced;
        RackMapWidget map;
        map.resize(800, 600);
        map.setTopology(std::make_shared<const Topology>(t));
        const QImage shot = map.grab().toImage();
        const QRectF body = map.viewport().toWidget(QRectF(map.rackLayout().rackRects()[1]));
        int tagPixels = 0;
        for (int y = int(body.top()) - 1; y < int(body.top()) + 12; ++y)
            for (int x = int(body.center().x()); x < int(body.right()); ++x)
                tagPixels += shot.pixel(x, y) == qRgb(0xcc, 0x79, 0xa7);
        QVERIFY2(tagPixels > 50, qPrintable(QString::number(tagPixels)));
        // And a cluster with nothing in it at all.
        Topology empty;
        empty.halls.push_back({ QStringLiteral("Hall A") });
        QCOMPARE(empty.index(), QString());
        map.setTopology(std::make_shared<const Topology>(empty));
        QVERIFY(!map.grab().toImage().isNull());
        QCOMPARE(map.rackLayout().gpuAt(QPointF(1, 1)), -1);
    }

    void racksAggregateWhenCellsAreTooSmall()
    {
        RackMapWidget map;
        map.setMinimumSize(10, 10);
        map.resize(150, 100);
        map.setTopology(topology);
        std::vector<float> values(topology->gpus.size(), 40.0f);
        const uint32_t hot = 1234;
        values[hot] = 95.0f; // one GPU among thousands: must not fall between the pixels
        const ColorScale heat(ColorScale::Palette::Inferno);
        map.setCellValues(values, heat, 20.0f, 95.0f);
        QImage shot = map.grab().toImage();
        QVERIFY2(map.showsRackAggregates(), qPrintable(QString::number(map.viewport().scale)));
        const uint32_t hotRack = topology->rackOfGpu(hot);
        auto rackCentre = [&](uint32_t rack) {
            return map.viewport().toWidget(QRectF(map.rackLayout().rackRects()[rack]).center()).toPoint();
        };
        QCOMPARE(shot.pixel(rackCentre(hotRack)), heat.at(1.0));
        const uint32_t otherRack = hotRack == 10 ? 11 : 10; // clear of the hall label and the note
        QCOMPARE(shot.pixel(rackCentre(otherRack)), heat.map(40.0f, 20.0f, 95.0f));

        // Differences from the median: the largest one either way.
        std::vector<float> relative(topology->gpus.size(), 0.0f);
        relative[hot] = -10.0f;
        relative[hot + 1] = 3.0f;
        const ColorScale diverging(ColorScale::Palette::Diverging);
        map.setRackAggregate(RackMapWidget::RackAggregate::LargestMagnitude);
        map.setCellValues(relative, diverging, -12.5f, 12.5f);
        shot = map.grab().toImage();
        QCOMPARE(shot.pixel(rackCentre(hotRack)), diverging.map(-10.0f, -12.5f, 12.5f));

        // Jobs: the commonest one in the rack, not whichever GPU a pixel lands on.
        std::vector<float> jobs(topology->gpus.size(), 0.0f);
        jobs[hot] = 3.0f;
        map.setRackAggregate(RackMapWidget::RackAggregate::Commonest);
        map.setCellValues(jobs, ColorScale(ColorScale::Palette::Categorical), 0.0f, 1.0f);
        shot = map.grab().toImage();
        QCOMPARE(shot.pixel(rackCentre(hotRack)), ColorScale::category(0));

        // A broken sensor anywhere in a rack shows even from across the room.
        values[hot] = 400.0f;
        map.setRackAggregate(RackMapWidget::RackAggregate::Max);
        map.setCellValues(values, heat, 20.0f, 95.0f, -40.0f, 150.0f);
        shot = map.grab().toImage();
        QCOMPARE(shot.pixel(rackCentre(hotRack)), ColorScale::invalidColor());
    }

    void sparklinesBreakAtMissingReadings()
    {
        SparklineTable table;
        table.setColumns({ QStringLiteral("Temperature") });
        SparklineRow row;
        row.label = QStringLiteral("GPU 0");
        std::vector<float> series(40, 50.0f);
        for (size_t i = 15; i < 25; ++i)
            series[i] = std::nanf(""); // the GPU was silent: a gap, never a dive to zero
        row.cells.push_back({ QStringLiteral("50 °C"), series, 0.0f, 100.0f });
        table.setRows({ row });
        table.resize(400, table.sizeHint().height());
        const QImage shot = table.grab().toImage();
        const QRect line = table.sparklineRect(0, 0);
        auto isLine = [](QRgb c) { return qRed(c) > 0xd0 && qGreen(c) < 0xd0 && qBlue(c) < 0xa0; }; // the orange
        auto inked = [&](int x) {
            for (int y = line.top(); y <= line.bottom(); ++y)
                if (isLine(shot.pixel(x, y)))
                    return true;
            return false;
        };
        const double dx = double(line.width()) / 39.0;
        QVERIFY(inked(line.left() + int(dx * 5)));
        QVERIFY(!inked(line.left() + int(dx * 20))); // the gap
        QVERIFY(inked(line.left() + int(dx * 30)));
        // The line sits at the middle of its range, not at the bottom.
        int y50 = -1;
        for (int y = line.top(); y <= line.bottom(); ++y)
            if (isLine(shot.pixel(line.left() + int(dx * 5), y)))
                y50 = y;
        QVERIFY(std::abs(y50 - line.center().y()) <= 2);
        QSignalSpy activated(&table, &SparklineTable::rowActivated);
        QTest::mouseClick(&table, Qt::LeftButton, {}, QPoint(10, line.center().y()));
        QCOMPARE(activated.size(), 1);
        QCOMPARE(activated.front().front().toInt(), 0);
    }

    void zoomKeepsThePointUnderTheCursor()
    {
        const MapViewport v = MapViewport::fit(QSize(80, 48), QRectF(0, 0, 800, 480));
        const QPointF cursor(300, 200);
        const MapViewport z = v.zoomedAt(cursor, 3.0);
        QCOMPARE(z.scale, v.scale * 3.0);
        QCOMPARE(z.toUnit(cursor), v.toUnit(cursor));
        const MapViewport c = MapViewport::centeredOn(QPointF(10, 20), 5.0, QRectF(0, 0, 800, 480));
        QCOMPARE(c.toWidget(QPointF(10, 20)), QPointF(400, 240));
    }

    void zoomPanAndFit()
    {
        RackMapWidget map;
        map.resize(1200, 800);
        map.setTopology(topology);
        map.setCellValues(std::vector<float>(topology->gpus.size(), 60.0f), ColorScale(), 20.0f, 95.0f);
        QSignalSpy changed(&map, &RackMapWidget::viewChanged);
        QVERIFY(map.breadcrumb().contains(QStringLiteral("all halls")));
        const int gpu = 1000;
        const QPoint before = map.cellCenter(gpu);
        const double fitScale = map.viewport().scale;
        // The wheel zooms around the cursor: the GPU under it stays under it.
        QWheelEvent wheel(QPointF(before), map.mapToGlobal(QPointF(before)), {}, QPoint(0, 240), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(&map, &wheel);
        QCOMPARE(changed.count(), 1);
        QVERIFY(map.zoom() > 1.5);
        QCOMPARE(map.viewport().scale, fitScale * map.zoom());
        QCOMPARE(map.rackLayout().gpuAt(map.viewport().toUnit(QPointF(before))), gpu);
        QCOMPARE(map.rackLayout().gpuAt(map.viewport().toUnit(QPointF(map.cellCenter(gpu)))), gpu);
        // Zoomed onto a rack, the breadcrumb names it.
        map.panBy(QRectF(map.rect()).adjusted(8, 8, -8, -8).center() - QPointF(map.cellCenter(gpu)));
        map.zoomBy(20.0);
        const QString rack = topology->racks[topology->rackOfGpu(gpu)].name;
        QVERIFY2(map.breadcrumb().endsWith(QStringLiteral("rack %1").arg(rack)), qPrintable(map.breadcrumb()));
        // Close up, cells carry their value.
        QVERIFY(map.viewport().scale >= 34.0);
        // A drag pans; a press without movement would have been a click.
        QSignalSpy clicked(&map, &RackMapWidget::gpuClicked);
        const QPointF centreBefore = map.viewport().unitAt(QRectF(map.rect()).adjusted(8, 8, -8, -8));
        QTest::mousePress(&map, Qt::LeftButton, {}, QPoint(600, 400));
        QTest::mouseMove(&map, QPoint(500, 400));
        QTest::mouseRelease(&map, Qt::LeftButton, {}, QPoint(500, 400));
        QCOMPARE(clicked.count(), 0);
        QVERIFY(map.viewport().unitAt(QRectF(map.rect()).adjusted(8, 8, -8, -8)).x() > centreBefore.x());
        QTest::mouseClick(&map, Qt::LeftButton, {}, map.cellCenter(gpu));
        QCOMPARE(clicked.count(), 1);
        // Keys: minus zooms out, Home fits everything again; zoom never goes below fit.
        const double zoomed = map.zoom();
        QTest::keyClick(&map, Qt::Key_Minus);
        QVERIFY(map.zoom() < zoomed);
        QTest::keyClick(&map, Qt::Key_Home);
        QCOMPARE(map.zoom(), 1.0);
        QCOMPARE(map.viewport().scale, fitScale);
        map.zoomBy(0.1);
        QCOMPARE(map.zoom(), 1.0);
        QCOMPARE(map.cellCenter(gpu), before);
    }

    void hundredThousandGpus()
    {
        // The whole hall at the largest supported size: every GPU placed, drawn where
        // the layout says, and (under the asan preset) nothing leaked or overrun.
        auto big = std::make_shared<const Topology>(buildTopology({ 100000 }, 1));
        RackMapWidget map;
        map.resize(1920, 1080);
        map.setTopology(big);
        QCOMPARE(map.rackLayout().gpuCells().size(), size_t(100000));
        std::vector<float> values(100000, 40.0f);
        values[99999] = 95.0f;
        const ColorScale scale(ColorScale::Palette::Inferno);
        map.setCellValues(values, scale, 20.0f, 95.0f);
        const QImage shot = map.grab().toImage();
        QCOMPARE(shot.pixel(map.cellCenter(99999)), scale.at(1.0));
        QCOMPARE(shot.pixel(map.cellCenter(0)), scale.map(40.0f, 20.0f, 95.0f));
        map.zoomBy(40.0, QPointF(map.cellCenter(50000)));
        map.setCellValues(values, scale, 20.0f, 95.0f);
        QCOMPARE(map.rackLayout().gpuAt(map.viewport().toUnit(QPointF(map.cellCenter(50000)))), 50000);
        map.grab();
        // A wall display walking the halls: each one fills the view in turn.
        QVERIFY(big->halls.size() > 3);
        map.showHall(3);
        QVERIFY2(map.breadcrumb().startsWith(big->halls[3].name), qPrintable(map.breadcrumb()));
        const QRectF hall = map.viewport().toWidget(QRectF(map.rackLayout().hallRects()[3]));
        QVERIFY(QRectF(map.rect()).adjusted(-2, -2, 2, 2).contains(hall));
        QVERIFY(hall.width() > map.width() * 0.8 || hall.height() > map.height() * 0.8);
        map.showHall(99); // no such hall: nothing happens
        QVERIFY(map.breadcrumb().startsWith(big->halls[3].name));
    }

    void tooltipOfAKnownCell()
    {
        ClusterState state;
        state.reset(topology, standardMetrics());
        RackMapWidget map;
        map.resize(1200, 800);
        map.setTopology(topology);
        map.setTooltipProvider([&](int gpu) { return describeGpu(state, uint32_t(gpu)); });
        map.show();
        QVERIFY(QTest::qWaitForWindowExposed(&map));
        const int gpu = 42;
        const QPoint at = map.cellCenter(gpu);
        QHelpEvent help(QEvent::ToolTip, at, map.mapToGlobal(at));
        QApplication::sendEvent(&map, &help);
        const QString expected = describeGpu(state, gpu);
        QVERIFY(expected.contains(topology->nodes[topology->gpus[gpu].nodeIndex].hostname));
        QTRY_COMPARE(QToolTip::text(), expected);
    }

    void colourScalesAreMonotonicInLightness()
    {
        // CIE L*: perceived lightness, which a uniform ramp must increase steadily.
        auto lightness = [](QRgb rgb) {
            auto linear = [](int c) {
                const double v = c / 255.0;
                return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
            };
            const double y = 0.2126 * linear(qRed(rgb)) + 0.7152 * linear(qGreen(rgb)) + 0.0722 * linear(qBlue(rgb));
            return y > 0.008856 ? 116.0 * std::cbrt(y) - 16.0 : 903.3 * y;
        };
        for (auto palette : { ColorScale::Palette::Inferno, ColorScale::Palette::Viridis }) {
            const ColorScale scale(palette);
            double previous = -1.0;
            for (int i = 0; i <= 20; ++i) {
                const double l = lightness(scale.at(i / 20.0));
                QVERIFY2(l > previous,
                         qPrintable(QStringLiteral("step %1: L* %2 after %3").arg(i).arg(l).arg(previous)));
                previous = l;
            }
            QVERIFY(scale.map(std::nanf(""), 0, 1) == ColorScale::noDataColor());
            QCOMPARE(scale.map(-100.0f, 0, 1), scale.at(0.0));
            QCOMPARE(scale.map(100.0f, 0, 1), scale.at(1.0));
        }
    }
};

QTEST_MAIN(TestRackMap)
#include "tst_rackmap.moc"
