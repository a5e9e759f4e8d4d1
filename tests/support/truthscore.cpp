// SPDX-License-Identifier: GPL-3.0-or-later
#include "truthscore.h"

namespace vigil {

double AttributionScore::precision() const
{
    const int named = truePositives + falsePositives;
    return named ? double(truePositives) / double(named) : 1.0;
}

double AttributionScore::recall() const
{
    const int findable = truePositives + falseNegatives;
    return findable ? double(truePositives) / double(findable) : 1.0;
}

AttributionScore scoreAttribution(const IncidentTracker &incidents, const Attributor &attributor,
                                  const std::vector<FailureTruth> &truth,
                                  const std::unordered_map<uint64_t, EventType> &typeOfEvent)
{
    AttributionScore score;
    for (const FailureTruth &t : truth) {
        const Incident *incident = nullptr;
        bool hardwareSpoke = !t.precursorEventIds.empty();
        for (uint64_t id : t.failureEventIds) {
            if (const Incident *i = incidents.find(id))
                incident = i;
            const auto type = typeOfEvent.find(id);
            hardwareSpoke = hardwareSpoke || (type != typeOfEvent.end() && isHardwareWarning(type->second));
        }
        if (!incident)
            continue; // it hit no job
        const bool findable = hardwareSpoke && t.rootEntity.kind != EntityKind::Job;
        const Attribution a = attributor.attribute(*incident);
        const CauseCandidate *top = a.top();
        const bool right = findable && top && top->entity == t.rootEntity;
        if (right) {
            ++score.truePositives;
            continue;
        }
        if (top)
            ++score.falsePositives;
        if (findable)
            ++score.falseNegatives;
        if (!top && !findable) {
            ++score.trueNegatives;
            continue;
        }
        score.mistakes << QStringLiteral("failure %1, %2 (%3) on %4 #%5 with %6 warnings before it: named %7")
                              .arg(t.failureId)
                              .arg(t.component, t.category)
                              .arg(int(t.rootEntity.kind))
                              .arg(t.rootEntity.index)
                              .arg(t.precursorEventIds.size())
                              .arg(top ? QStringLiteral("%1 #%2 (score %3)")
                                             .arg(int(top->entity.kind))
                                             .arg(top->entity.index)
                                             .arg(top->score, 0, 'f', 1)
                                       : QStringLiteral("nothing"));
    }
    return score;
}

} // namespace vigil
