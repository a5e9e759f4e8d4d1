// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/generator.h"

#include "domain/nvlinkdomain.h"
#include "domain/repairwatch.h"
#include "domain/sampleencoder.h"
#include "domain/stragglerfinder.h"

namespace vigil {

GenerationSummary generate(const SimulatorOptions &options, int64_t durationMs, int64_t intervalMs,
                           int keyframeEveryTicks, const GenerationSinks &sinks)
{
    ClusterSimulator sim(options);
    SampleEncoder encoder;
    MetricColumns columns;
    std::vector<Event> events;
    GenerationSummary summary;
    // What a gateway would hold: the state its straggler finder and alarm book read.
    ClusterState state;
    AlarmBook book;
    StragglerFinder stragglers;
    RepairWatch repairs;
    NvlinkDomainWatch domains;
    std::vector<Event> derived;
    auto topology = std::make_shared<const Topology>(sim.topology());
    state.reset(topology, sim.metrics());
    stragglers.setTopology(topology);
    repairs.setTopology(topology);
    domains.setTopology(topology);
    if (sinks.alarms)
        book.setTopology(topology, sim.metrics());
    const int64_t ticks = durationMs / std::max<int64_t>(1, intervalMs);
    for (int64_t tick = 0; tick <= ticks; ++tick) {
        sim.advance(tick == 0 ? 0 : intervalMs, columns, events);
        std::vector<v1::Samples> frames
            = encoder.encode(sim.timeMs(), columns, tick % std::max(1, keyframeEveryTicks) == 0);
        for (const v1::Samples &frame : frames) {
            summary.frameBytes += frame.ByteSizeLong();
            for (const v1::MetricBlock &block : frame.blocks())
                summary.samples += uint64_t(block.values_size());
        }
        if (!options.eventsOnly) {
            for (const v1::Samples &frame : frames)
                state.apply(frame);
            // The warnings a gateway derives from the readings, as its journal would hold them.
            derived.clear();
            stragglers.observe(state, derived);
            sim.numberEvents(derived);
            events.insert(events.end(), derived.begin(), derived.end());
        }
        derived.clear();
        repairs.observe(events, derived); // a part that failed again after a repair, an Xid past the policy
        domains.observe(events, derived); // an NVL72 rack with trays out
        sim.numberEvents(derived);
        events.insert(events.end(), derived.begin(), derived.end());
        summary.events += events.size();
        if (sinks.alarms) {
            book.applyReadings(state);
            book.applyEvents(events);
            const std::vector<uint64_t> changed = book.takeChanged();
            const std::vector<uint64_t> forgotten = book.takeForgotten();
            sinks.alarms(sim.timeMs(), book, changed, forgotten);
        }
        if (sinks.samples)
            sinks.samples(std::move(frames));
        if (sinks.events)
            sinks.events(std::move(events));
        events = {};
        std::vector<FailureTruth> truth = sim.takeTruth();
        summary.failures += truth.size();
        if (sinks.truth)
            sinks.truth(std::move(truth));
        ++summary.ticks;
    }
    summary.lostGpuHours = sim.lostGpuHours();
    summary.slowdownGpuHours = sim.slowdownGpuHours();
    summary.slowGpus = sim.slowGpus();
    return summary;
}

} // namespace vigil
