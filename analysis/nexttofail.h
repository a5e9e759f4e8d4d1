// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/costofgrit.h"

#include <vector>

namespace vigil {

// "Next to fail" (docs/next-to-fail.md): the GPUs, nodes and other parts with open warnings,
// by the hazard model's chance that each fails within the horizon, likeliest first. One
// definition for the overlay, the report and the backtest.
struct AtRisk
{
    EntityRef entity;
    HazardEstimate hazard; // of its likeliest open warning's kind: chance, interval, cases
    EventType warning = EventType::Unspecified;
    int32_t code = 0; // the Xid, for an Xid warning; a straggler's cause
    QString message; // its latest words (an Xid 74's registers name the link)
    int64_t warningSinceMs = 0; // the first warning of its latest open run (the debt keeps one a part)
    uint32_t gpusAtRisk = 0; // GPUs of running jobs its failure would stop
};

// The open warnings (maintenanceDebt), one entry per entity, likeliest first (then the dearer
// failure first), at most `limit`. Warnings of the program's own faults put nothing at risk.
std::vector<AtRisk> nextToFail(const std::vector<DebtItem> &debt, size_t limit = 10);

// Per GPU, in %: the largest chance of a failure within the horizon among the open warnings on
// the GPU and on what it depends on (its node, its rack, the rack's PDU…); 0 with none.
void failureRiskPerGpu(const Topology &topology, const std::vector<DebtItem> &debt, std::vector<float> &perGpu);

// The list put to the test over a past period: at each step, the model fitted on the history
// before it only, the open warnings as they stood, and the top of the list; then what failed.
struct NextToFailBacktest
{
    int64_t fromMs = 0, toMs = 0, stepMs = 0;
    size_t limit = 0;
    size_t lists = 0; // lists made in the period
    size_t listed = 0; // entries over all the lists (an entity on three lists is three)
    size_t hits = 0; // entries whose entity failed within the horizon after its list (up to the period's end)
    size_t failures = 0; // failures of the period (entityFailures)
    size_t foreseen = 0; // of them, on a list made in the horizon before they failed
    std::vector<double> leadHours; // per failure foreseen: from the first list that named it
    double precision() const { return listed ? double(hits) / double(listed) : 0.0; }
    double recall() const { return failures ? double(foreseen) / double(failures) : 0.0; }
    double medianLeadHours() const;
};
NextToFailBacktest backtestNextToFail(const Attributor &attributor, const std::vector<Incident> &incidents,
                                      const std::vector<Attribution> &attributions,
                                      const std::vector<IncidentCost> &costs, const std::vector<Event> &actions,
                                      const Topology &topology, const CostSettings &settings, int64_t historyFromMs,
                                      int64_t fromMs, int64_t toMs, size_t limit = 10, int64_t stepMs = 6 * 3600000LL);

} // namespace vigil
