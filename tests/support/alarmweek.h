// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "alarms/alarmbook.h"
#include "sim/clustersimulator.h"

#include <map>

namespace vigil {

// A scenario played through the alarm book as the gateway follows it: the
// events of every minute, and the readings against the threshold rules every
// `readingsEveryMs`. What the alarm-rationalisation tests and benchmarks judge.
struct AlarmRun
{
    AlarmBook book;
    std::vector<Event> events; // every event of the run, in order
    std::map<uint64_t, Alarm> everyAlarm; // each alarm of the run as last seen, forgotten ones too
    int64_t fromMs = 0;
    int64_t toMs = 0;
};

void playThroughAlarms(const SimulatorOptions &options, double hours, AlarmRun &run,
                       int64_t readingsEveryMs = 60000);

} // namespace vigil
