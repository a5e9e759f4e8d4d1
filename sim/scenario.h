// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "domain/topology.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace vigil {

// What the simulated cluster lives through (docs/scenarios.md).
enum class Scenario
{
    Steady, // healthy, with background failures at the calibrated rates
    Decline, // a week of silent degradation, duct tape and ignored amber lights, ending in a PDU trip
    Quiet, // no failures at all (benchmarks)
};

std::optional<Scenario> scenarioFromName(const QString &name);
QString scenarioName(Scenario scenario);
QStringList scenarioNames();

// The decline story: which entities play which part, and its timeline. Times are
// hours after the scenario's start (which is a Monday, 00:00 UTC, so hour % 24
// below 6 is night).
struct DeclineStory
{
    static constexpr double LengthHours = 168.0;

    uint32_t hotRack = 0; // fans wear: inlet creeps up, GPUs throttle
    uint32_t eccGpu = 0; // correctable ECC errors climb until an HBM failure
    uint32_t flakySwitch = 0; // a leaf whose link CRC errors slow the all-reduce
    uint32_t powerRack = 0; // a legacy rack on 30 kW PDUs that ends up tripping them
    float powerRackPduKw = 31.0f;
    float extraServersKw = 6.4f; // racked on the power rack's spare sockets late in the story

    // Picks the cast among racks fully allocated to the training job (job 0).
    static DeclineStory cast(const Topology &topology);

    // Continuous degradations, as functions of the hour.
    float inletExtraC(uint32_t rack, double hour) const;
    float thermalResistanceFactor(uint32_t rack, double hour) const;
    // Multiplier on the training job's step time from the flaky leaf (before and after it is worked around).
    double switchSlowdown(double hour, bool workedAround) const;
    // Framebuffer growth of the training job's GPUs: a leak in the node agent's
    // registration cache, so restarts of the job do not clear it; the hot-patch does.
    float fragmentationMiB(double hour) const;

    // Discrete beats of the story, in time order.
    enum class Beat
    {
        EccWarnings, // correctable ECC errors on eccGpu (value = count)
        Xid92, // excessive SBE rate on eccGpu
        Xid63, // row remap on eccGpu
        HbmFailure, // Xid 48 on eccGpu: the job crashes
        CrcWarnings, // NVLink/IB CRC errors on flakySwitch
        NcclTimeout, // the straggler times the job out
        RestartFailsAgain, // automated restart hits the same flaky link
        Acknowledge, // an operator acknowledges (entity in `target`)
        PowerCap, // an operator lowers the hot rack's power cap (value = W)
        ManualRestart, // an operator restarts the job by hand, working around the leaf
        Drain, // an operator drains eccGpu's node
        Oom, // fragmentation runs the job out of memory
        HotPatch, // an operator hot-patches the allocator (more throughput, more power)
        ExtraServers, // facilities rack two servers on the power rack's spare sockets
    };
    struct Step
    {
        double hour;
        Beat beat;
        double value = 0.0;
        QString operatorName;
        QString text;
    };
    std::vector<Step> timeline() const;
};

} // namespace vigil
