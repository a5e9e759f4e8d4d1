// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/alarmbook.h"
#include "sim/generator.h"

#include <map>

namespace vigil {

// A scenario played through the alarm book as the gateway follows it (generate()'s
// alarm book: each minute's readings, then its events). What the
// alarm-rationalisation tests and benchmarks judge.
struct AlarmRun
{
    std::vector<AlarmActivation> activations; // every annunciation, oldest first
    std::vector<Alarm> alarms; // the book at the end
    std::map<uint64_t, Alarm> everyAlarm; // each alarm of the run as last seen, forgotten ones too
    std::vector<Event> events; // every event of the run, in order
    int64_t fromMs = 0;
    int64_t toMs = 0;
};

void playThroughAlarms(const SimulatorOptions &options, double hours, AlarmRun &run);

} // namespace vigil
