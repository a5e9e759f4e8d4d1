// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/repairwatch.h"

#include "domain/blastradius.h"

namespace vigil {

namespace {

QString repairName(EventType type, int32_t kind)
{
    if (type == EventType::Undrain)
        return QStringLiteral("return from a drain");
    switch (RepairKind(kind)) {
    case RepairKind::Reset:
        return QStringLiteral("reset");
    case RepairKind::Reboot:
        return QStringLiteral("reboot");
    case RepairKind::Reseat:
        return QStringLiteral("reseat");
    case RepairKind::Swap:
        return QStringLiteral("swap");
    }
    return QStringLiteral("repair");
}

// A warning of `type` about the part `e` is about, at its time and for its job.
Event warningOn(const Event &e, EventType type)
{
    Event w;
    w.timeMs = e.timeMs;
    w.type = type;
    w.severity = Severity::Warning;
    w.entity = e.entity;
    w.jobId = e.jobId;
    return w;
}

} // namespace

void RepairWatch::setTopology(std::shared_ptr<const Topology> topology)
{
    m_topology = std::move(topology);
    m_lastRepair.clear();
    m_lastFailure.clear();
    m_xidTimes.clear();
}

void RepairWatch::observe(const std::vector<Event> &events, std::vector<Event> &warnings)
{
    if (!m_topology)
        return;
    for (const Event &e : events) {
        if (!affectsAnyGpu(*m_topology, e.entity))
            continue; // about a part this cluster does not hold
        if (e.type == EventType::Repair || e.type == EventType::Undrain)
            noteRepair(e);
        else if (isHardwareFailure(e))
            checkFailure(e, warnings);
        if (e.type == EventType::Xid)
            countXid(e, warnings);
    }
}

void RepairWatch::noteRepair(const Event &e)
{
    // A repair mends what failed: a node's reboot (or its return from a drain) is a repair of the
    // node and of those of its GPUs that failed within the window before it, not of a GPU that
    // had nothing wrong and fails later of a fault of its own.
    const RepairSeen seen { e.timeMs, e.id, e.type, e.code, e.operatorName };
    if (e.entity.kind == EntityKind::Gpu || e.entity.kind == EntityKind::Node)
        m_lastRepair[entityKey(e.entity)] = seen;
    if (e.entity.kind == EntityKind::Gpu)
        return;
    for (uint32_t g : gpusAffectedBy(*m_topology, e.entity)) {
        const quint64 key = entityKey({ EntityKind::Gpu, g });
        const auto failed = m_lastFailure.find(key);
        if (failed != m_lastFailure.end() && failed->second <= e.timeMs
            && e.timeMs - failed->second <= m_policy.repairWindowMs)
            m_lastRepair[key] = seen;
    }
}

std::optional<RepairWatch::RepairSeen> RepairWatch::repairCovering(EntityRef entity, int64_t timeMs) const
{
    const auto it = m_lastRepair.find(entityKey(entity));
    if (it == m_lastRepair.end() || timeMs < it->second.timeMs || timeMs - it->second.timeMs > m_policy.repairWindowMs)
        return std::nullopt;
    return it->second;
}

void RepairWatch::checkFailure(const Event &e, std::vector<Event> &warnings)
{
    if (e.entity.kind != EntityKind::Gpu && e.entity.kind != EntityKind::Node)
        return;
    m_lastFailure[entityKey(e.entity)] = e.timeMs;
    const std::optional<RepairSeen> repair = repairCovering(e.entity, e.timeMs);
    if (!repair)
        return;
    Event w = warningOn(e, EventType::RepeatFailure);
    w.code = e.type == EventType::Xid ? e.code : 0;
    w.value = double(e.timeMs - repair->timeMs) / 86400000.0;
    w.targetEventId = repair->eventId;
    const QString what = e.type == EventType::Xid ? QStringLiteral("Xid %1").arg(e.code) : QStringLiteral("a failure");
    const QString by = repair->who.isEmpty() ? QString() : QStringLiteral(" by %1").arg(repair->who);
    w.message = QStringLiteral("%1 %2 d after its %3%4: the repair did not work")
                    .arg(what)
                    .arg(w.value, 0, 'f', 1)
                    .arg(repairName(repair->type, repair->kind), by);
    if (repair->type == EventType::Repair && RepairKind(repair->kind) == RepairKind::Swap)
        w.message += QStringLiteral("; the part is new, so look at its slot (baseboard, riser, cables, power)");
    warnings.push_back(std::move(w));
    // Once said, the repair is spent: the next escalation needs another repair that fails.
    m_lastRepair.erase(entityKey(e.entity));
}

void RepairWatch::countXid(const Event &e, std::vector<Event> &warnings)
{
    const bool nvswitch = e.entity.kind == EntityKind::Switch;
    const XidPolicy::Rule *rule = m_policy.ruleFor(e.code, nvswitch);
    if (!rule)
        return;
    std::deque<int64_t> &times = m_xidTimes[{ entityKey(e.entity), e.code }];
    times.push_back(e.timeMs);
    while (!times.empty() && times.front() < e.timeMs - rule->windowMs)
        times.pop_front();
    if (times.size() >= size_t(rule->threshold)) {
        Event w = warningOn(e, EventType::PolicyThreshold);
        w.code = e.code;
        w.value = double(times.size());
        w.message = QStringLiteral("%1 %2 × %3 within %4 h: %5 (the site's policy)")
                        .arg(nvswitch ? QStringLiteral("SXid") : QStringLiteral("Xid"))
                        .arg(e.code)
                        .arg(times.size())
                        .arg(double(rule->windowMs) / 3600000.0, 0, 'f', 0)
                        .arg(rule->action);
        warnings.push_back(std::move(w));
        times.clear(); // counted afresh, as gpud does after it acts
    }
    // Parts whose codes all left their windows are forgotten, once a day.
    if (e.timeMs - m_sweptMs > 86400000LL) {
        m_sweptMs = e.timeMs;
        std::erase_if(m_xidTimes, [&](const auto &entry) {
            return entry.second.empty() || entry.second.back() < e.timeMs - 366 * 86400000LL;
        });
    }
}

} // namespace vigil
