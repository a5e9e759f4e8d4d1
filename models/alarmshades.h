// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/alarm.h"
#include "domain/topology.h"

#include <vector>

namespace vigil {

// How the rack map draws the alarm book on a GPU: the shade of the most pressing
// alarm that reaches it (an alarm on a node, rack or PDU reaches all its GPUs).
// The same alarms as the alarm list, so the map and the list never disagree.
enum class AlarmShade
{
    Clear = 0, // no alarm standing, or only normal ones
    SetAside = 1, // shelved, suppressed by a drain, or out of service
    Acknowledged = 2, // active, someone owns it
    Unacknowledged = 3, // asking for an operator (low or medium)
    Urgent = 4, // asking for an operator, high or critical
};

AlarmShade alarmShade(const Alarm &alarm);
// One float per GPU (an AlarmShade), into `perGpu`.
void alarmShades(const std::vector<Alarm> &alarms, const Topology &topology, std::vector<float> &perGpu);

} // namespace vigil
