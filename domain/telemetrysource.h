// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "domain/metric.h"
#include "domain/topology.h"

#include <memory>
#include <vector>

namespace vigil {

namespace v1 {
class Samples;
}

// Where a source's readings and events go: the gateway's journal, or anything
// that takes them the same way. Sources know this and nothing of the gateway.
// Thread-safe: a source appends from its own thread.
class TelemetrySink
{
public:
    virtual ~TelemetrySink() = default;
    virtual const std::shared_ptr<const Topology> &topology() const = 0;
    virtual const std::vector<MetricDescriptor> &metrics() const = 0;
    // Metric samples already checked against the dictionary. Returns the last seq used.
    virtual uint64_t appendSamples(std::vector<v1::Samples> &&samples) = 0;
    // Events, each given an id of the sink's. Returns the seq used (0 when empty).
    virtual uint64_t appendEvents(std::vector<Event> events, std::vector<uint64_t> *assignedIds) = 0;
};

// Something that feeds a sink on its own thread until stopped: a bridge from a
// real system (dcgm-exporter, a kernel log, a training log), and later an
// upstream gateway or a time-series database.
class TelemetrySource
{
public:
    virtual ~TelemetrySource() = default;
    virtual void start() = 0;
    virtual void stop() = 0;
};

} // namespace vigil
