// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "sim/topologybuilder.h"

#include <memory>

namespace vigil::test {

// An event as the analysis tests hand-build them.
inline Event makeEvent(uint64_t id, int64_t time, EventType type, EntityRef entity, Severity severity = Severity::Info,
                       const QString &job = {}, int64_t step = 0, int32_t code = 0, const QString &who = {})
{
    Event e;
    e.id = id;
    e.timeMs = time;
    e.type = type;
    e.severity = severity;
    e.entity = entity;
    e.jobId = job;
    e.step = step;
    e.code = code;
    e.operatorName = who;
    return e;
}

// A small simulated cluster's topology, indexed.
inline std::shared_ptr<const Topology> labTopology(uint32_t gpus)
{
    ClusterShape shape;
    shape.gpus = gpus;
    auto t = std::make_shared<Topology>(buildTopology(shape, 1));
    t->index();
    return t;
}

} // namespace vigil::test
