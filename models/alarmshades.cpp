// SPDX-License-Identifier: GPL-3.0-or-later
#include "alarmshades.h"

#include "domain/blastradius.h"

#include <algorithm>

namespace vigil {

AlarmShade alarmShade(const Alarm &alarm)
{
    switch (alarm.state()) {
    case AlarmState::Normal:
        return AlarmShade::Clear;
    case AlarmState::Shelved:
    case AlarmState::SuppressedByDesign:
    case AlarmState::OutOfService:
        return AlarmShade::SetAside;
    case AlarmState::Acknowledged:
        return AlarmShade::Acknowledged;
    case AlarmState::Unacknowledged:
    case AlarmState::ReturnedUnacknowledged:
        return alarm.priority >= AlarmPriority::High ? AlarmShade::Urgent : AlarmShade::Unacknowledged;
    }
    return AlarmShade::Clear;
}

void alarmShades(const std::vector<Alarm> &alarms, const Topology &topology, std::vector<float> &perGpu)
{
    perGpu.assign(topology.gpus.size(), float(AlarmShade::Clear));
    for (const Alarm &a : alarms) {
        const AlarmShade shade = alarmShade(a);
        if (shade == AlarmShade::Clear)
            continue;
        for (uint32_t g : gpusAffectedBy(topology, a.entity))
            if (g < perGpu.size())
                perGpu[g] = std::max(perGpu[g], float(shade));
    }
}

} // namespace vigil
