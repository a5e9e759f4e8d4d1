// SPDX-License-Identifier: GPL-3.0-or-later
#include "alarmweek.h"

namespace vigil {

void playThroughAlarms(const SimulatorOptions &options, double hours, AlarmRun &run)
{
    GenerationSinks sinks;
    sinks.events
        = [&](std::vector<Event> &&events) { run.events.insert(run.events.end(), events.begin(), events.end()); };
    sinks.alarms = [&](int64_t timeMs, const AlarmBook &book, const std::vector<uint64_t> &changed,
                       const std::vector<uint64_t> &) {
        if (run.fromMs == 0)
            run.fromMs = timeMs;
        run.toMs = timeMs;
        for (uint64_t id : changed)
            if (const Alarm *a = book.find(id))
                run.everyAlarm[id] = *a;
        if (book.activations().size() != run.activations.size())
            run.activations = book.activations();
        if (!changed.empty() || run.alarms.size() != book.size())
            run.alarms = book.alarms();
    };
    generate(options, int64_t(hours * 3600000.0), 60000, 10, sinks);
}

} // namespace vigil
