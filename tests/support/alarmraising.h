// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"

#include <map>
#include <utility>

namespace vigil::test {

// Warnings raise an alarm as the alarm book does: one alarm per entity and kind of warning; a
// warning whose alarm went quiet (no warning of its kind on its entity for QuietMs) raises it
// anew, one on an alarm still active does not. For the scorers of the independent telemetry.
class AlarmRaising
{
public:
    static constexpr int64_t QuietMs = 30 * 60000;
    bool raises(EntityRef entity, int64_t timeMs, int kind = 0)
    {
        int64_t &last = m_lastWarningMs[{ entityKey(entity), kind }];
        const bool raised = last == 0 || timeMs - last >= QuietMs;
        last = timeMs;
        return raised;
    }

private:
    std::map<std::pair<quint64, int>, int64_t> m_lastWarningMs;
};

} // namespace vigil::test
