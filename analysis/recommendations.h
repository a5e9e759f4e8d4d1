// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/attribution.h"
#include "analysis/costofgrit.h"
#include "analysis/nexttofail.h"
#include "domain/remedy.h"

#include <optional>

namespace vigil {

// What to do about one part (docs/hand-off.md): one definition for the incident's story, the open
// warnings, "next to fail", the report and the hand-off dialog.
struct PartRecommendation
{
    EntityRef part;
    Recommendation recommendation;
    uint64_t answersEventId = 0; // the latest warning it answers (a hand-off's target_event_id)
};

// For an incident: what its likeliest cause's warnings call for on that part; none when no
// cause was named or the warnings call for nothing.
std::optional<PartRecommendation> recommendForIncident(const Attribution &attribution);
// For an open warning (a risk): what its run calls for.
PartRecommendation recommendForRisk(const DebtItem &item);
// For a part on "next to fail": what its likeliest warning calls for.
PartRecommendation recommendForRisk(const AtRisk &risk);

} // namespace vigil
