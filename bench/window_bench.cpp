// SPDX-License-Identifier: GPL-3.0-or-later
// ui_overlay_switch_100k_ms: in the dashboard's real window at 1920×1080 with a
// 100,000-GPU cluster streaming (a new frame at every refresh), a key press that
// switches the overlay (1 … 9 in turn), from the key event to the rack map
// repainted, counting the refresh a key press can find the GUI busy with (the
// frame's copy and its views); median of 27. Baseline: repainting the map without
// a switch, the floor any key press pays. The bar is 100 ms.
#include "window_bench.h"

#include "mainwindow.h"
#include "rackmap/rackmapwidget.h"
#include "sim/clustersimulator.h"
#include "state/clusterfeed.h"
#include "wire/sampleencoder.h"

#include <QApplication>
#include <QTest>
#include <QTextStream>

namespace vigil::bench {

namespace {

// A live feed whose cluster has a new frame whenever asked (nextFrame()), copied whole as LiveCluster copies it.
class StreamingFeed : public ClusterFeed
{
public:
    explicit StreamingFeed(ClusterState state)
        : m_state(std::move(state))
    { }
    void nextFrame() { ++m_generation; }
    bool copyIfNewer(ClusterState &out, uint64_t &generation) const override
    {
        if (generation == m_generation)
            return false;
        out = m_state;
        generation = m_generation;
        return true;
    }
    std::vector<Event> takeEvents() override { return {}; }
    std::vector<StreamGap> gaps() const override { return {}; }
    ConnectionStatus status() const override
    {
        ConnectionStatus s;
        s.state = ConnectionState::Live;
        s.lastMessageAt = std::chrono::steady_clock::now();
        return s;
    }

private:
    ClusterState m_state;
    uint64_t m_generation = 1;
};

} // namespace

void runWindowBenchmark(BenchReport &report)
{
    SimulatorOptions options;
    options.shape.gpus = 100000;
    ClusterSimulator sim(options);
    MetricColumns columns;
    std::vector<Event> events;
    sim.advance(0, columns, events);
    sim.advance(60000, columns, events);
    ClusterState state;
    state.reset(std::make_shared<const Topology>(sim.topology()), sim.metrics());
    SampleEncoder encoder(size_t(1) << 24);
    for (v1::Samples &s : encoder.encode(sim.timeMs(), columns, true))
        state.apply(s);
    StreamingFeed feed(std::move(state));

    MainWindow window(feed);
    window.resize(1920, 1080);
    window.show();
    window.refresh();
    QApplication::processEvents();
    RackMapWidget *map = window.rackMap();

    const Qt::Key keys[]
        = { Qt::Key_1, Qt::Key_2, Qt::Key_3, Qt::Key_4, Qt::Key_5, Qt::Key_6, Qt::Key_7, Qt::Key_8, Qt::Key_9 };
    size_t next = 0;
    const double switching = medianSeconds(27, [&] {
        feed.nextFrame();
        window.refresh(); // what the GUI may be busy with when the key comes
        QTest::keyClick(&window, keys[next++ % std::size(keys)]);
        map->repaint();
    });
    const double repaint = medianSeconds(27, [&] { map->repaint(); });
    QTextStream(stdout) << QStringLiteral("overlay switch at 100k GPUs, window %1x%2, map %3x%4")
                               .arg(window.width())
                               .arg(window.height())
                               .arg(map->width())
                               .arg(map->height())
                        << Qt::endl;
    report.add({ QStringLiteral("ui_overlay_switch_100k_ms"), switching * 1000.0, QStringLiteral("ms"),
                 repaint * 1000.0, switching > 0 ? repaint / switching : 0.0 });
}

} // namespace vigil::bench
