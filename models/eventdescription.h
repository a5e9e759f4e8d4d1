// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "domain/topology.h"

#include <QString>

namespace vigil {

// Translated names for what the wire carries as numbers.
QString eventTypeName(EventType type);
QString severityName(Severity severity);
QString priorityClassName(PriorityClass priority);
// "GPU 5 of gpu-node-01", "rack A01-R05", "job llm-405b-pretrain", …
QString entityName(const Topology *topology, EntityRef entity);
// "12-02 03:40" (or "2026-12-02 03:40"): a cluster time (UTC) in a table.
QString shortClock(int64_t ms, bool withYear = false);
// "45 min", "3.2 h", "2.5 d": an age or a span, in the unit that reads best.
QString durationText(int64_t ms);

} // namespace vigil
