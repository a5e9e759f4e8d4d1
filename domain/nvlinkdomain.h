// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "domain/topology.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

namespace vigil {

// NVLink domains (docs/hand-off.md#nvlink-domains-nvl72): a rack of GB200 or GB300 compute trays
// shares one NVLink fabric. It runs as NVL72 with all 18 trays healthy, and as NVL64 or better
// with 16; below that, a job sized for the domain cannot be placed on it.
//
// From the events as the gateway's journal takes them: a tray is unhealthy from a hardware
// failure on it (or on one of its GPUs) until a repair of it, and while it, or one of its GPUs,
// is drained. Each change of a degraded domain's healthy trays is an NvlinkDomainDegraded warning
// on the rack: value = healthy trays, code = trays; its message names the unhealthy ones.
class NvlinkDomainWatch
{
public:
    static constexpr uint32_t Nvl72Trays = 18;
    static constexpr uint32_t Nvl64Trays = 16;

    // Whether GPUs of this model form NVLink domains a rack wide (GB200, GB300 NVL72 systems).
    static bool isRackScaleModel(const QString &gpuModel);
    void setTopology(std::shared_ptr<const Topology> topology);
    // The racks that are NVLink domains.
    const std::vector<uint32_t> &domains() const { return m_domains; }
    void observe(const std::vector<Event> &events, std::vector<Event> &warnings);
    // Healthy trays of a domain now (its node count when nothing is wrong).
    uint32_t healthyTrays(uint32_t rack) const;

private:
    struct Tray
    {
        std::set<uint32_t> failedGpus; // since their last repair
        bool failed = false; // the tray itself, since its last repair
        std::set<quint64> drains; // the tray or its GPUs, drained
        bool healthy() const { return failedGpus.empty() && !failed && drains.empty(); }
    };
    // The trays an event is about (a GPU's, a node's, every tray of a rack), each with the GPU if any.
    std::vector<std::pair<uint32_t, std::optional<uint32_t>>> traysOf(EntityRef entity) const;
    void apply(const Event &e, uint32_t node, std::optional<uint32_t> gpu);
    Event warningFor(uint32_t rack, const Event &cause) const;

    std::shared_ptr<const Topology> m_topology;
    std::vector<uint32_t> m_domains;
    std::vector<bool> m_isDomain; // per rack
    std::map<uint32_t, Tray> m_trays; // per node of a domain
};

} // namespace vigil
