// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/recommendations.h"

namespace vigil {

std::optional<PartRecommendation> recommendForIncident(const Attribution &attribution)
{
    const CauseCandidate *top = attribution.top();
    if (!top)
        return std::nullopt;
    std::vector<WarningSign> signs;
    PartRecommendation r;
    r.part = top->entity;
    for (const WarningRun &run : top->evidence) {
        signs.push_back({ run.type, run.code, run.entity.kind, run.message });
        if (!run.eventIds.empty())
            r.answersEventId = std::max(r.answersEventId, run.eventIds.back());
    }
    r.recommendation = recommendRemedy(signs);
    if (r.recommendation.remedy == Remedy::None)
        return std::nullopt;
    return r;
}

PartRecommendation recommendForRisk(const DebtItem &item)
{
    const WarningRun &run = item.warnings;
    PartRecommendation r;
    r.part = run.entity;
    r.recommendation = recommendRemedy(WarningSign { run.type, run.code, run.entity.kind, run.message });
    r.answersEventId = run.eventIds.empty() ? 0 : run.eventIds.back();
    return r;
}

PartRecommendation recommendForRisk(const AtRisk &risk)
{
    PartRecommendation r;
    r.part = risk.entity;
    r.recommendation = recommendRemedy(WarningSign { risk.warning, risk.code, risk.entity.kind, risk.message });
    return r;
}

} // namespace vigil
