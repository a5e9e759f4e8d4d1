// SPDX-License-Identifier: GPL-3.0-or-later
#include "alarmweek.h"

#include "wire/sampleencoder.h"

namespace vigil {

namespace {

void keepChanged(AlarmRun &run)
{
    for (uint64_t id : run.book.takeChanged())
        if (const Alarm *a = run.book.find(id))
            run.everyAlarm[id] = *a;
}

} // namespace

void playThroughAlarms(const SimulatorOptions &options, double hours, AlarmRun &run, int64_t readingsEveryMs)
{
    ClusterSimulator sim(options);
    auto topology = std::make_shared<const Topology>(sim.topology());
    ClusterState state;
    state.reset(topology, standardMetrics());
    run.book.setTopology(topology, standardMetrics());
    SampleEncoder encoder(size_t(1) << 22);
    MetricColumns columns;
    std::vector<Event> events;
    sim.advance(0, columns, events);
    run.fromMs = sim.timeMs();
    const int64_t stepMs = 60000;
    const int64_t steps = int64_t(hours * 3600000.0) / stepMs;
    int64_t sinceReadings = readingsEveryMs;
    for (int64_t step = 0; step < steps; ++step) {
        run.book.applyEvents(events);
        run.events.insert(run.events.end(), events.begin(), events.end());
        events.clear();
        keepChanged(run);
        if (sinceReadings >= readingsEveryMs) {
            for (v1::Samples &s : encoder.encode(sim.timeMs(), columns, true))
                state.apply(s);
            run.book.applyReadings(state);
            keepChanged(run);
            sinceReadings = 0;
        }
        sim.advance(stepMs, columns, events);
        sinceReadings += stepMs;
    }
    run.book.applyEvents(events);
    run.events.insert(run.events.end(), events.begin(), events.end());
    run.toMs = sim.timeMs();
    run.book.advanceTo(run.toMs);
    keepChanged(run);
}

} // namespace vigil
