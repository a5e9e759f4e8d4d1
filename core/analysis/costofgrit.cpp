// SPDX-License-Identifier: GPL-3.0-or-later
#include "costofgrit.h"

#include <QDateTime>

#include <algorithm>
#include <set>

namespace vigil {

QString causeClassName(CauseClass cause)
{
    switch (cause) {
    case CauseClass::Gpu:
        return QStringLiteral("GPU");
    case CauseClass::Host:
        return QStringLiteral("Host");
    case CauseClass::Network:
        return QStringLiteral("Network");
    case CauseClass::Power:
        return QStringLiteral("Power");
    case CauseClass::Cooling:
        return QStringLiteral("Cooling");
    case CauseClass::Unattributed:
        break;
    }
    return QStringLiteral("Unattributed");
}

namespace {

CauseClass classOf(EntityKind kind)
{
    switch (kind) {
    case EntityKind::Gpu:
        return CauseClass::Gpu;
    case EntityKind::Node:
        return CauseClass::Host;
    case EntityKind::Switch:
        return CauseClass::Network;
    case EntityKind::Pdu:
        return CauseClass::Power;
    case EntityKind::Rack:
    case EntityKind::CoolingLoop:
        return CauseClass::Cooling;
    default:
        return CauseClass::Unattributed;
    }
}

// The node, rack, PDU and loop of an entity's place, where it has one.
struct Place
{
    std::optional<uint32_t> node, rack;
    std::vector<uint32_t> pdus;
    std::optional<uint32_t> loop;
};

Place placeOf(const Topology &t, EntityRef e)
{
    Place p;
    if (e.kind == EntityKind::Gpu && e.index < t.gpus.size())
        p.node = t.gpus[e.index].nodeIndex;
    else if (e.kind == EntityKind::Node && e.index < t.nodes.size())
        p.node = e.index;
    if (p.node)
        p.rack = t.nodes[*p.node].rackIndex;
    else if (e.kind == EntityKind::Rack && e.index < t.racks.size())
        p.rack = e.index;
    if (p.rack) {
        p.pdus = t.racks[*p.rack].pduIndices;
        p.loop = t.racks[*p.rack].coolingLoopIndex;
    } else if (e.kind == EntityKind::Pdu) {
        p.pdus = { e.index };
    } else if (e.kind == EntityKind::CoolingLoop) {
        p.loop = e.index;
    }
    return p;
}

} // namespace

IncidentCost costOf(const Incident &incident, const Attribution &attribution, const Topology &topology,
                    const CostSettings &settings, int64_t nowMs, const std::vector<Event> &actions)
{
    IncidentCost c;
    c.incidentId = incident.id;
    c.downtimeGpuHours = incident.downtimeGpuHours(nowMs);
    c.recomputeGpuHours = incident.recomputeGpuHours();
    c.lostGpuHours = c.downtimeGpuHours + c.recomputeGpuHours;
    c.money = c.lostGpuHours * settings.pricePerGpuHour;
    const CauseCandidate *top = attribution.top();
    if (!top)
        return c;
    c.causeEntity = top->entity;
    c.cause = classOf(top->entity.kind);
    c.leadMs = top->leadMs;
    for (const WarningRun &r : top->evidence)
        c.acknowledged = c.acknowledged || !r.acknowledgedBy.isEmpty();
    // Remediated: drained between its first warning and the failure (on it, or on the node that holds it).
    const Place cause = placeOf(topology, top->entity);
    for (const Event &a : actions) {
        if (a.type != EventType::Drain || a.timeMs < top->firstSeenMs || a.timeMs > incident.failedMs)
            continue;
        const bool onIt = a.entity == top->entity
            || (a.entity.kind == EntityKind::Node && cause.node && a.entity.index == *cause.node)
            || (a.entity.kind == EntityKind::Rack && cause.rack && a.entity.index == *cause.rack);
        c.remediated = c.remediated || onIt;
    }
    c.preventable = c.leadMs >= settings.leadTimeMs && !c.remediated;
    return c;
}

GritTotals gritTotals(const std::vector<Incident> &incidents, const std::vector<IncidentCost> &costs,
                      const std::vector<Event> &actions, const Topology &topology, const GritSettings &settings,
                      int64_t fromMs, int64_t toMs)
{
    GritTotals g;
    g.fromMs = fromMs;
    g.toMs = toMs;
    std::map<uint64_t, const IncidentCost *> costOfIncident;
    for (const IncidentCost &c : costs)
        costOfIncident[c.incidentId] = &c;
    double repairHours = 0.0;
    size_t repaired = 0;
    std::map<int, double> lostWallHoursByJob; // GPU-hours lost / GPUs = wall time lost
    for (const Incident &i : incidents) {
        if (i.failedMs < fromMs || i.failedMs >= toMs)
            continue;
        ++g.incidents;
        const auto found = costOfIncident.find(i.id);
        if (found == costOfIncident.end())
            continue;
        const IncidentCost &c = *found->second;
        g.lostGpuHours += c.lostGpuHours;
        g.downtimeGpuHours += c.downtimeGpuHours;
        g.recomputeGpuHours += c.recomputeGpuHours;
        g.money += c.money;
        if (c.preventable)
            g.preventableGpuHours += c.lostGpuHours;
        g.lostByCause[c.cause] += c.lostGpuHours;
        if (c.causeEntity) {
            const Place p = placeOf(topology, *c.causeEntity);
            if (p.rack)
                g.lostByRack[*p.rack] += c.lostGpuHours;
            for (uint32_t pdu : p.pdus)
                g.lostByPdu[pdu] += c.lostGpuHours / double(p.pdus.size()); // fed from both: shared
            if (p.loop)
                g.lostByLoop[*p.loop] += c.lostGpuHours;
        }
        if (i.resumedMs) {
            repairHours += double(i.resumedMs - i.failedMs) / 3600000.0;
            ++repaired;
        }
        if (i.gpus)
            lostWallHoursByJob[i.job] += c.lostGpuHours / double(i.gpus);
    }
    const double spanHours = double(std::max<int64_t>(0, toMs - fromMs)) / 3600000.0;
    g.mtbfHours = g.incidents ? spanHours / double(g.incidents) : 0.0;
    g.mttrHours = repaired ? repairHours / double(repaired) : 0.0;
    // ETTR over the training jobs, weighted by their GPUs: what was not lost of the time they held.
    double held = 0.0, productive = 0.0;
    for (size_t j = 0; j < topology.jobs.size(); ++j) {
        if (topology.jobs[j].priority != PriorityClass::Training || spanHours <= 0.0)
            continue;
        const double gpus = double(topology.jobs[j].gpuIndices.size());
        const double lost = std::min(spanHours, lostWallHoursByJob[int(j)]);
        held += gpus * spanHours;
        productive += gpus * (spanHours - lost);
    }
    g.ettr = held > 0.0 ? productive / held : 1.0;

    // Every manual action of the period, and the incident it answered.
    for (const Event &a : actions) {
        if (!isOperatorAction(a.type) || a.timeMs < fromMs || a.timeMs >= toMs)
            continue;
        Intervention v;
        v.eventId = a.id;
        v.action = a.type;
        v.who = a.operatorName;
        v.timeMs = a.timeMs;
        const int hour
            = QDateTime::fromMSecsSinceEpoch(a.timeMs, Qt::OffsetFromUTC, settings.utcOffsetMinutes * 60).time().hour();
        v.atNight = settings.nightStartHour > settings.nightEndHour
            ? (hour >= settings.nightStartHour || hour < settings.nightEndHour)
            : (hour >= settings.nightStartHour && hour < settings.nightEndHour);
        for (const Incident &i : incidents)
            if (std::find(i.actionIds.begin(), i.actionIds.end(), a.id) != i.actionIds.end()) {
                v.incidentId = i.id;
                v.sinceFailureMs = a.timeMs - i.failedMs;
            }
        g.interventions.push_back(v);
    }
    return g;
}

} // namespace vigil
