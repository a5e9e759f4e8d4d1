// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/nvlinkdomain.h"

#include "domain/blastradius.h"

#include <QStringList>

namespace vigil {

bool NvlinkDomainWatch::isRackScaleModel(const QString &gpuModel)
{
    return gpuModel.contains(QLatin1String("GB200"), Qt::CaseInsensitive)
        || gpuModel.contains(QLatin1String("GB300"), Qt::CaseInsensitive);
}

void NvlinkDomainWatch::setTopology(std::shared_ptr<const Topology> topology)
{
    m_topology = std::move(topology);
    m_domains.clear();
    m_trays.clear();
    m_isDomain.assign(m_topology ? m_topology->racks.size() : 0, false);
    if (!m_topology)
        return;
    const Topology &t = *m_topology;
    for (uint32_t rack = 0; rack < t.racks.size(); ++rack) {
        bool all = !t.nodesOfRack[rack].empty();
        for (uint32_t node : t.nodesOfRack[rack])
            for (uint32_t g : t.gpusOfNode[node])
                all = all && isRackScaleModel(t.gpus[g].model);
        if (!all)
            continue;
        m_isDomain[rack] = true;
        m_domains.push_back(rack);
    }
}

uint32_t NvlinkDomainWatch::healthyTrays(uint32_t rack) const
{
    if (!m_topology || rack >= m_isDomain.size() || !m_isDomain[rack])
        return 0;
    uint32_t healthy = 0;
    for (uint32_t node : m_topology->nodesOfRack[rack]) {
        const auto it = m_trays.find(node);
        healthy += it == m_trays.end() || it->second.healthy();
    }
    return healthy;
}

std::vector<std::pair<uint32_t, std::optional<uint32_t>>> NvlinkDomainWatch::traysOf(EntityRef entity) const
{
    const Topology &t = *m_topology;
    std::vector<std::pair<uint32_t, std::optional<uint32_t>>> trays;
    if (entity.kind == EntityKind::Gpu && entity.index < t.gpus.size())
        trays.push_back({ t.gpus[entity.index].nodeIndex, entity.index });
    else if (entity.kind == EntityKind::Node && entity.index < t.nodes.size())
        trays.push_back({ entity.index, std::nullopt });
    else if (entity.kind == EntityKind::Rack && entity.index < t.racks.size())
        for (uint32_t node : t.nodesOfRack[entity.index])
            trays.push_back({ node, std::nullopt });
    std::erase_if(trays, [&](const auto &tray) { return !m_isDomain[t.nodes[tray.first].rackIndex]; });
    return trays;
}

void NvlinkDomainWatch::apply(const Event &e, uint32_t node, std::optional<uint32_t> gpu)
{
    Tray &tray = m_trays[node];
    const quint64 drained = entityKey(gpu ? EntityRef { EntityKind::Gpu, *gpu } : EntityRef { EntityKind::Node, node });
    switch (e.type) {
    case EventType::Drain:
        tray.drains.insert(drained);
        return;
    case EventType::Undrain:
        tray.drains.erase(drained);
        [[fallthrough]]; // back from a drain is a repair too, as RepairWatch counts it
    case EventType::Repair:
        if (gpu) {
            tray.failedGpus.erase(*gpu);
        } else { // a tray's reboot or swap mends the tray and its GPUs
            tray.failed = false;
            tray.failedGpus.clear();
        }
        return;
    default:
        if (isHardwareFailure(e)) {
            if (gpu)
                tray.failedGpus.insert(*gpu);
            else
                tray.failed = true;
        }
        return;
    }
}

void NvlinkDomainWatch::observe(const std::vector<Event> &events, std::vector<Event> &warnings)
{
    if (!m_topology || m_domains.empty())
        return;
    for (const Event &e : events) {
        // Only failures, drains and repairs move a tray (the journal hands every event here).
        const bool movesTray = e.type == EventType::Drain || e.type == EventType::Undrain || e.type == EventType::Repair
            || isHardwareFailure(e);
        if (!movesTray)
            continue;
        const auto trays = traysOf(e.entity);
        if (trays.empty())
            continue;
        std::set<uint32_t> racks;
        std::map<uint32_t, uint32_t> before;
        for (const auto &[node, gpu] : trays) {
            const uint32_t rack = m_topology->nodes[node].rackIndex;
            if (racks.insert(rack).second)
                before[rack] = healthyTrays(rack);
            apply(e, node, gpu);
        }
        for (uint32_t rack : racks) {
            const uint32_t now = healthyTrays(rack);
            if (now != before[rack] && now < m_topology->nodesOfRack[rack].size())
                warnings.push_back(warningFor(rack, e));
        }
    }
}

Event NvlinkDomainWatch::warningFor(uint32_t rack, const Event &cause) const
{
    const Topology &t = *m_topology;
    const uint32_t trays = uint32_t(t.nodesOfRack[rack].size());
    const uint32_t healthy = healthyTrays(rack);
    QStringList unhealthy;
    for (uint32_t node : t.nodesOfRack[rack]) {
        const auto it = m_trays.find(node);
        if (it == m_trays.end() || it->second.healthy())
            continue;
        const Tray &tray = it->second;
        unhealthy << QStringLiteral("%1 %2").arg(t.nodes[node].hostname,
                                                 !tray.drains.empty() && tray.failedGpus.empty() && !tray.failed
                                                     ? QStringLiteral("drained")
                                                     : QStringLiteral("failed"));
    }
    const QString grade = healthy >= Nvl72Trays ? QStringLiteral("NVL72")
        : healthy >= Nvl64Trays                 ? QStringLiteral("NVL64 or better, not NVL72")
                                                : QStringLiteral("below NVL64");
    Event w;
    w.timeMs = cause.timeMs;
    w.type = EventType::NvlinkDomainDegraded;
    // Never critical: a degraded domain is no failure of the rack (isHardwareFailure).
    w.severity = Severity::Warning;
    w.entity = { EntityKind::Rack, rack };
    w.code = int32_t(trays);
    w.value = double(healthy);
    w.targetEventId = cause.id;
    w.message = QStringLiteral("NVLink domain %1: %2 of %3 trays healthy: %4 (%5)")
                    .arg(t.racks[rack].name)
                    .arg(healthy)
                    .arg(trays)
                    .arg(grade, unhealthy.join(QStringLiteral(", ")));
    return w;
}

} // namespace vigil
