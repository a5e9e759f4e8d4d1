// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/attribution.h"
#include "sim/groundtruth.h"

#include <QStringList>

#include <unordered_map>

namespace vigil {

// How well attribution names the true root cause, scored against the
// simulator's ground truth. A failure "has a cause to find" when a hardware
// entity reported something (a fault with the failure, or warnings before it);
// otherwise (a software bug, planned maintenance) the right answer is "no
// precursor seen". Top-1: only the best-ranked candidate counts.
struct AttributionScore
{
    int truePositives = 0; // named the true root
    int falsePositives = 0; // named something else
    int falseNegatives = 0; // had a cause to find, named another or nothing
    int trueNegatives = 0; // nothing to find, nothing named
    QStringList mistakes;

    double precision() const;
    double recall() const;
};

AttributionScore scoreAttribution(const IncidentTracker &incidents, const Attributor &attributor,
                                  const std::vector<FailureTruth> &truth,
                                  const std::unordered_map<uint64_t, EventType> &typeOfEvent);

} // namespace vigil
