// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "domain/topology.h"

#include <QByteArray>
#include <QString>

#include <memory>
#include <vector>

namespace vigil::test {

// A fleet's repairs from a world of its own (docs/repeat-offenders.md), on the independent
// telemetry's floor: GPUs fail (a fatal Xid), an operator repairs each within hours (a reset,
// a reboot of its node, or a swap of the part), and some repairs do not work: the fault comes
// back days later. Besides, what looks like a repeat and is not: the programs' own Xids (13, 31,
// 43) on any GPU, a GPU that fails anew of a fault of its own soon after a repair, another GPU
// of a rebooted node failing. The Xids are written as the nodes' kernel logs hold them; the
// repairs as the site's ticket log.
struct RepairHistory
{
    std::shared_ptr<const Topology> topology;
    QByteArray kernelLog; // every Xid, the nodes' lines merged in time order
    std::vector<Event> repairs; // Repair events, in time order
    // Each fatal Xid, and whether it is the same fault come back after a repair that did not work.
    struct Failure
    {
        uint32_t gpu = 0;
        int64_t timeMs = 0;
        bool recurrence = false;
        int64_t sinceRepairMs = -1; // a recurrence: since the repair that did not work
    };
    std::vector<Failure> failures;
};

struct RepairWorld
{
    uint64_t seed = 1;
    int days = 60;
    // Llama 3's hardware interruptions: 419 in 54 days on 16,384 GPUs, 78 % hardware
    // (../shared/reference/llama3_405b_table5_unexpected_interruptions.csv).
    double failuresPerGpuDay = 419.0 * 0.78 / (54.0 * 16384.0);
    double applicationXidsPerGpuDay = 1.0 / 20.0;
    // The chance a repair works, by kind; a fault that survives comes back after a mean of two days.
    double resetWorks = 0.6, rebootWorks = 0.7, swapWorks = 0.95;
};
RepairHistory independentRepairHistory(const RepairWorld &world);

// RepairWatch on the history (the Xids read from its kernel log, the repairs from its ticket
// log, in time order): each escalation is right when the failure it names is a fault come back.
// Beside it two rules without repairs: a GPU with two Xids of any code within the repair window
// (the baseline), and with two failures (fatal Xids, as isHardwareFailure counts them).
struct RepeatOffenderScore
{
    size_t escalations = 0, right = 0;
    size_t baselineEscalations = 0, baselineRight = 0;
    size_t twoFailuresEscalations = 0, twoFailuresRight = 0;
    size_t recurrencesInWindow = 0, caught = 0; // faults back within the window, and those escalated
    QString error;
    double precision() const { return escalations ? double(right) / double(escalations) : 0.0; }
    double baselinePrecision() const
    {
        return baselineEscalations ? double(baselineRight) / double(baselineEscalations) : 0.0;
    }
    double twoFailuresPrecision() const
    {
        return twoFailuresEscalations ? double(twoFailuresRight) / double(twoFailuresEscalations) : 0.0;
    }
    double recall() const { return recurrencesInWindow ? double(caught) / double(recurrencesInWindow) : 0.0; }
};
RepeatOffenderScore scoreRepeatOffenders(const RepairHistory &history);

} // namespace vigil::test
