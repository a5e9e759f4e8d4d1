// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "domain/topology.h"
#include "domain/xidpolicy.h"

#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace vigil {

// Repeat offenders (docs/repeat-offenders.md), from the events as the gateway's journal takes
// them:
// - a GPU or node that fails again within the policy's repair window after a repair (a reset,
//   a reboot, a reseat, a swap, or a drain it came back from) is a RepeatFailure: the repair
//   did not work, and another reset will not either. A node's repair mends the node and those
//   of its GPUs that had failed before it;
// - an Xid or SXid seen on one part as often as the policy's rule for its code allows, within
//   the rule's window, is a PolicyThreshold with the rule's action.
// A failure is what the fleet's record counts (isHardwareFailure): the program's own Xids are none.
class RepairWatch
{
public:
    void setTopology(std::shared_ptr<const Topology> topology);
    void setPolicy(XidPolicy policy) { m_policy = std::move(policy); }
    const XidPolicy &policy() const { return m_policy; }
    // Events in the journal's order, with their ids; the warnings they call for go to `warnings`.
    void observe(const std::vector<Event> &events, std::vector<Event> &warnings);

private:
    struct RepairSeen
    {
        int64_t timeMs = 0;
        uint64_t eventId = 0;
        EventType type = EventType::Unspecified;
        int32_t kind = 0; // RepairKind, for a Repair
        QString who;
    };
    void noteRepair(const Event &e);
    void checkFailure(const Event &e, std::vector<Event> &warnings);
    void countXid(const Event &e, std::vector<Event> &warnings);
    std::optional<RepairSeen> repairCovering(EntityRef entity, int64_t timeMs) const;

    std::shared_ptr<const Topology> m_topology;
    XidPolicy m_policy = XidPolicy::defaults();
    std::map<quint64, RepairSeen> m_lastRepair; // per GPU and node
    std::map<quint64, int64_t> m_lastFailure; // per GPU and node: what a node's repair mends
    std::map<std::pair<quint64, int32_t>, std::deque<int64_t>> m_xidTimes; // per part and code
    int64_t m_sweptMs = 0;
};

} // namespace vigil
