// SPDX-License-Identifier: GPL-3.0-or-later
// ui_overlay_switch_100k_ms: in the dashboard's real window at 1920×1080 with a
// 100,000-GPU cluster streaming (a new frame at every refresh), a key press that
// switches the overlay (1 … 9 in turn), from the key event to the rack map
// repainted, counting the refresh a key press can find the GUI busy with (the
// frame's hand-over and its views); median of 27. Baseline: repainting the map
// without a switch, the floor any key press pays. The bar is 100 ms.
// gui_state_handover_100k_ms: the GUI's copy of one streamed frame (a minute of the
// simulator at 1 Hz, encoded as the gateway sends it) by changes; baseline: the whole
// state copied, as the dashboard did before. Median of 27 each.
#include "window_bench.h"

#include "domain/clusterfeed.h"
#include "domain/sampleencoder.h"
#include "mainwindow.h"
#include "rackmap/rackmapwidget.h"
#include "sim/clustersimulator.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTest>
#include <QTextStream>

#include <algorithm>
#include <functional>

namespace vigil::bench {

namespace {

// A live feed streaming the simulator's frames as the gateway encodes them (deltas after
// a keyframe), handed over as LiveCluster hands them: by changes to the reader that holds
// the previous hand-over, whole to any other.
class StreamingFeed : public ClusterFeed
{
public:
    StreamingFeed(ClusterState state, std::vector<std::vector<v1::Samples>> frames)
        : m_state(std::move(state))
        , m_frames(std::move(frames))
    { }
    // The network thread's part, outside any timing: the next frame applied.
    void nextFrame()
    {
        for (const v1::Samples &samples : m_frames[m_next++ % m_frames.size()])
            m_state.apply(samples);
        ++m_generation;
    }
    bool copyIfNewer(ClusterState &out, uint64_t &generation) const override
    {
        if (generation == m_generation)
            return false;
        m_state.copyTo(out, generation == m_handed);
        generation = m_handed = m_generation;
        return true;
    }
    const ClusterState &state() const { return m_state; }
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
    std::vector<std::vector<v1::Samples>> m_frames;
    size_t m_next = 0;
    uint64_t m_generation = 1;
    mutable uint64_t m_handed = 0;
};

// The median of `repetitions` runs of `work`, each after an untimed `prepare`.
double medianAfter(int repetitions, const std::function<void()> &prepare, const std::function<void()> &work)
{
    std::vector<double> seconds;
    for (int i = 0; i < repetitions; ++i) {
        prepare();
        QElapsedTimer timer;
        timer.start();
        work();
        seconds.push_back(double(timer.nsecsElapsed()) / 1e9);
    }
    std::nth_element(seconds.begin(), seconds.begin() + ptrdiff_t(seconds.size() / 2), seconds.end());
    return seconds[seconds.size() / 2];
}

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
    // A minute of the stream at 1 Hz, encoded as the gateway sends it.
    std::vector<std::vector<v1::Samples>> frames;
    for (int second = 1; second <= 60; ++second) {
        sim.advance(60000 + second * 1000, columns, events);
        frames.push_back(encoder.encode(sim.timeMs(), columns, false));
    }
    StreamingFeed feed(std::move(state), std::move(frames));

    // The GUI's share of a frame: the values that changed since its last copy, against
    // the whole state it used to copy, both from the same stream.
    ClusterState follower, whole;
    feed.nextFrame();
    feed.state().copyTo(follower, false);
    size_t deltaValues = 0, allValues = 0;
    const double delta = medianAfter(
        27, [&] { feed.nextFrame(); },
        [&] {
            feed.state().copyTo(follower, true);
            deltaValues = feed.state().lastCopiedValues();
        });
    const double full = medianAfter(
        27, [&] { feed.nextFrame(); },
        [&] {
            feed.state().copyTo(whole, false);
            allValues = feed.state().lastCopiedValues();
        });
    QTextStream(stdout) << QStringLiteral("state hand-over at 100k GPUs: %1 of %2 values per frame by changes")
                               .arg(deltaValues)
                               .arg(allValues)
                        << Qt::endl;
    report.add({ QStringLiteral("gui_state_handover_100k_ms"), delta * 1000.0, QStringLiteral("ms"), full * 1000.0,
                 delta > 0 ? full / delta : 0.0 });

    MainWindow window(feed);
    window.resize(1920, 1080);
    window.show();
    window.refresh();
    QApplication::processEvents();
    RackMapWidget *map = window.rackMap();

    const Qt::Key keys[]
        = { Qt::Key_1, Qt::Key_2, Qt::Key_3, Qt::Key_4, Qt::Key_5, Qt::Key_6, Qt::Key_7, Qt::Key_8, Qt::Key_9 };
    size_t next = 0;
    const double switching = medianAfter(
        27, [&] { feed.nextFrame(); },
        [&] {
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
