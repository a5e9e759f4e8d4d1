// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/alarmbook.h"

#include "sim/clustersimulator.h"

#include "vigil/v1/telemetry.pb.h"

#include <functional>

namespace vigil {

// As fast as possible: runs a scenario for `durationMs` of simulated time in
// `intervalMs` ticks and hands every encoded frame, event batch and ground-truth
// record to the sinks, with no clock and no network. What recordings and the
// generation benchmark are made from.
struct GenerationSinks
{
    std::function<void(std::vector<v1::Samples> &&)> samples;
    std::function<void(std::vector<Event> &&)> events;
    std::function<void(std::vector<FailureTruth> &&)> truth;
    // When set, an alarm book follows the run as a gateway would (each tick's readings,
    // then its events), and is handed over after every tick with the alarms it changed
    // and forgot: what a recording of a live gateway holds.
    std::function<void(int64_t timeMs, const AlarmBook &book, const std::vector<uint64_t> &changed,
                       const std::vector<uint64_t> &forgotten)>
        alarms;
};

struct GenerationSummary
{
    int64_t ticks = 0;
    uint64_t samples = 0;
    uint64_t frameBytes = 0;
    uint64_t events = 0;
    uint64_t failures = 0;
    double lostGpuHours = 0.0; // ClusterSimulator::lostGpuHours() at the end
    double slowdownGpuHours = 0.0; // ClusterSimulator::slowdownGpuHours() at the end
    std::vector<SlowGpuEpisode> slowGpus; // ClusterSimulator::slowGpus() at the end
};

GenerationSummary generate(const SimulatorOptions &options, int64_t durationMs, int64_t intervalMs,
                           int keyframeEveryTicks, const GenerationSinks &sinks);

} // namespace vigil
