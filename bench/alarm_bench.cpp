// SPDX-License-Identifier: GPL-3.0-or-later
// The gateway keeps every alarm by following its journal: each frame of readings
// goes through the threshold rules, each batch of events through the alarm book.
//
// alarm_follow_16k_frame_us: the threshold rules over one frame of a 16,384-GPU
//   cluster (the decline scenario's readings after three simulated days, with its
//   hot rack in alarm) plus that frame's events; median of 200 frames.
//   Baseline: applying the same frame to the cluster state, the work the gateway
//   does for every frame anyway.
#include "alarm_bench.h"

#include "domain/alarmbook.h"
#include "domain/sampleencoder.h"
#include "sim/clustersimulator.h"

#include <QTextStream>

#include <algorithm>
#include <chrono>

namespace vigil::bench {

void runAlarmBenchmark(BenchReport &report)
{
    SimulatorOptions options;
    options.shape.gpus = 16384;
    options.scenario = Scenario::Decline;
    ClusterSimulator sim(options);
    auto topology = std::make_shared<const Topology>(sim.topology());
    MetricColumns columns;
    std::vector<Event> events;
    sim.advance(0, columns, events);
    // Three simulated days, a frame a minute: the hot rack is in alarm by then.
    ClusterState state;
    state.reset(topology, standardMetrics());
    AlarmBook book;
    book.setTopology(topology, standardMetrics());
    SampleEncoder encoder(size_t(1) << 20);
    for (int minute = 0; minute < 3 * 24 * 60; ++minute) {
        events.clear();
        sim.advance(60000, columns, events);
        if (minute % 60 == 0 || minute > 3 * 24 * 60 - 10)
            for (v1::Samples &s : encoder.encode(sim.timeMs(), columns, true))
                state.apply(s);
        book.applyEvents(events);
    }
    book.applyReadings(state);

    std::vector<double> follow, apply;
    for (int frame = 0; frame < 200; ++frame) {
        events.clear();
        sim.advance(1000, columns, events);
        std::vector<v1::Samples> samples = encoder.encode(sim.timeMs(), columns, false);
        auto t0 = std::chrono::steady_clock::now();
        for (v1::Samples &s : samples)
            state.apply(s);
        auto t1 = std::chrono::steady_clock::now();
        book.applyReadings(state);
        book.applyEvents(events);
        book.takeChanged();
        auto t2 = std::chrono::steady_clock::now();
        apply.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
        follow.push_back(std::chrono::duration<double, std::micro>(t2 - t1).count());
    }
    const auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    size_t active = 0;
    for (const Alarm &a : book.alarms())
        active += a.active;
    QTextStream(stdout) << QStringLiteral("alarms: %1 held, %2 active after three days").arg(book.size()).arg(active)
                        << Qt::endl;
    const double followUs = median(follow), applyUs = median(apply);
    report.add({ QStringLiteral("alarm_follow_16k_frame_us"), followUs, QStringLiteral("us"), applyUs,
                 followUs > 0 ? applyUs / followUs : 0.0 });
}

} // namespace vigil::bench
