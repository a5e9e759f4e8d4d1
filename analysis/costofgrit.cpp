// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/costofgrit.h"

#include <QDateTime>

#include <algorithm>
#include <cmath>
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
    case CauseClass::Degradation:
        return QStringLiteral("Degradation");
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
    else if (e.kind == EntityKind::Pdu && e.index < t.pdus.size() && t.pdus[e.index].rackIndex < t.racks.size())
        p.rack = t.pdus[e.index].rackIndex; // a PDU stands in its rack
    else if (e.kind == EntityKind::Switch)
        for (size_t r = 0; r < t.racks.size() && !p.rack; ++r)
            if (t.racks[r].leafSwitchIndex == e.index)
                p.rack = uint32_t(r); // a leaf stands at the top of its rack
    if (e.kind == EntityKind::Pdu) {
        p.pdus = { e.index }; // the feed itself, not its neighbour, nor the rack's cooling
    } else if (e.kind == EntityKind::CoolingLoop) {
        p.loop = e.index;
    } else if (p.rack && e.kind != EntityKind::Switch) { // a switch has its rack, not the rack's feeds
        p.pdus = t.racks[*p.rack].pduIndices;
        p.loop = t.racks[*p.rack].coolingLoopIndex;
    }
    return p;
}

} // namespace

IncidentCost costOf(const Incident &incident, const Attribution &attribution, const Topology &topology,
                    const CostSettings &settings, int64_t nowMs, const std::vector<Event> &actions,
                    const HazardModel &hazards)
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
    // The strongest of the warnings it gave before the failure, as the model rates its kind.
    for (const WarningRun &r : top->evidence) {
        // Not the fault it went down with: that is the failure, not a warning of it.
        if (r.firstMs >= incident.failedMs
            || (r.worst == Severity::Critical && r.firstMs >= incident.failedMs - Attributor::CoincidentMs))
            continue;
        const HazardEstimate rated = hazards.estimate(r);
        if (c.hazard.kind.type == EventType::Unspecified || rated.probability > c.hazard.probability)
            c.hazard = rated;
    }
    using Verdict = IncidentCost::Verdict;
    c.verdict = c.leadMs <= 0            ? Verdict::NoWarning
        : !c.hazard.material             ? Verdict::NotMaterial
        : c.leadMs < settings.leadTimeMs ? Verdict::TooLate
        : c.remediated                   ? Verdict::Remediated
                                         : Verdict::Preventable;
    c.preventable = c.verdict == Verdict::Preventable;
    return c;
}

double expectedCostPerDayOfDebt(const std::vector<DebtItem> &debt)
{
    double total = 0.0;
    for (const DebtItem &d : debt)
        total += d.countedCostPerDay();
    return total;
}

uint32_t gpusAtRisk(const Attributor &attributor, const Topology &topology, EntityRef entity)
{
    std::set<int> jobsReached;
    for (uint32_t g : attributor.gpusReachedBy(entity))
        if (g < topology.jobOfGpu.size() && topology.jobOfGpu[g] >= 0)
            jobsReached.insert(topology.jobOfGpu[g]);
    uint32_t gpus = 0;
    for (int j : jobsReached)
        gpus += uint32_t(topology.jobs[size_t(j)].gpuIndices.size());
    return gpus;
}

double lostGpuHoursPerGpuOfFailure(const std::vector<Incident> &incidents, const std::vector<IncidentCost> &costs,
                                   EntityKind kind)
{
    double sums[3] = { 0.0, 0.0, 0.0 }; // of its kind, of any hardware cause, of all
    size_t counts[3] = { 0, 0, 0 };
    for (size_t i = 0; i < incidents.size() && i < costs.size(); ++i) {
        if (!incidents[i].gpus)
            continue;
        const double perGpu = costs[i].lostGpuHours / double(incidents[i].gpus);
        const bool tiers[3]
            = { costs[i].causeEntity && costs[i].causeEntity->kind == kind, costs[i].causeEntity.has_value(), true };
        for (int t = 0; t < 3; ++t)
            if (tiers[t]) {
                sums[t] += perGpu;
                ++counts[t];
            }
    }
    for (int t = 0; t < 3; ++t)
        if (counts[t])
            return sums[t] / double(counts[t]);
    return 0.5;
}

std::vector<DebtItem> maintenanceDebt(const Attributor &attributor, const HazardModel &hazards,
                                      const std::vector<IncidentCost> &costs, const std::vector<Incident> &incidents,
                                      const std::vector<Event> &actions, const Topology &topology,
                                      const CostSettings &settings, int64_t nowMs, int64_t openForMs)
{
    // When each entity last failed (as an incident's cause) or was drained: a run before that is closed.
    using EntityKey = std::pair<int, uint32_t>;
    std::map<EntityKey, int64_t> closedAt;
    const auto close = [&closedAt, nowMs](EntityRef e, int64_t t) {
        // Only what had happened by now: a replay at an instant knows the failures after it, and
        // a GPU warning then, that fails an hour later, was open then (its debt, the list of next to fail).
        if (t > nowMs)
            return;
        int64_t &at = closedAt[{ int(e.kind), e.index }];
        at = std::max(at, t);
    };
    std::map<uint64_t, int64_t> failedAt;
    for (const Incident &i : incidents)
        failedAt[i.id] = i.failedMs;
    for (const IncidentCost &c : costs)
        if (c.causeEntity)
            if (auto it = failedAt.find(c.incidentId); it != failedAt.end())
                close(*c.causeEntity, it->second);
    // A drain closes what is under it too: the node's GPUs, the rack's nodes and GPUs.
    for (const Event &a : actions) {
        if (a.type != EventType::Drain)
            continue;
        close(a.entity, a.timeMs);
        std::vector<uint32_t> nodes;
        if (a.entity.kind == EntityKind::Node && a.entity.index < topology.nodes.size())
            nodes.push_back(a.entity.index);
        else if (a.entity.kind == EntityKind::Rack && a.entity.index < topology.nodesOfRack.size())
            nodes = topology.nodesOfRack[a.entity.index];
        for (uint32_t n : nodes) {
            close({ EntityKind::Node, n }, a.timeMs);
            if (n < topology.gpusOfNode.size())
                for (uint32_t g : topology.gpusOfNode[n])
                    close({ EntityKind::Gpu, g }, a.timeMs);
        }
    }
    // And so does its own failure (a fault of its own, whether or not a job was there to stop).
    for (const WarningRun &fault : attributor.runs(nowMs - openForMs, nowMs, true))
        if (fault.type != EventType::Xid || !Attributor::isApplicationXid(fault.code))
            close(fault.entity, fault.lastMs);

    // A warning carries its hazard while its window is open: until a horizon after the last
    // window its warnings opened (HazardModel::windowsOf).
    std::vector<WarningRun> open = attributor.runs(nowMs - openForMs, nowMs);
    std::map<std::pair<quint64, HazardKind>, int64_t> lastWindowEnd;
    for (const HazardModel::Window &w : HazardModel::windowsOf(open)) {
        int64_t &end = lastWindowEnd[{ entityKey(w.entity), w.kind }];
        end = std::max(end, w.endMs());
    }
    std::map<EntityKey, DebtItem> latest; // per entity, its latest run
    std::map<EntityKind, double> lostPerGpuOfKind;
    for (WarningRun &run : open) {
        // Paid already (the entity failed since) or dealt with (drained since)?
        if (auto it = closedAt.find({ int(run.entity.kind), run.entity.index });
            it != closedAt.end() && it->second >= run.firstMs)
            continue;
        DebtItem item;
        item.ageMs = nowMs - run.firstMs;
        // Its blast radius: every GPU of every job it reaches, since one failed GPU stops its whole job.
        item.gpusAtRisk = gpusAtRisk(attributor, topology, run.entity);
        item.hazard = hazards.estimate(run);
        auto perGpu = lostPerGpuOfKind.find(run.entity.kind); // the same for every run on a kind of entity
        if (perGpu == lostPerGpuOfKind.end())
            perGpu = lostPerGpuOfKind
                         .emplace(run.entity.kind, lostGpuHoursPerGpuOfFailure(incidents, costs, run.entity.kind))
                         .first;
        item.costOfFailure = double(item.gpusAtRisk) * perGpu->second * settings.pricePerGpuHour;
        const bool watching = nowMs < lastWindowEnd[{ entityKey(run.entity), HazardKind::of(run) }];
        const double perDay = watching ? item.hazard.probability * 86400000.0 / double(HazardModel::HorizonMs) : 0.0;
        item.expectedCostPerDay = perDay * item.costOfFailure;
        item.warnings = std::move(run);
        const auto key = std::make_pair(int(item.warnings.entity.kind), item.warnings.entity.index);
        auto it = latest.find(key);
        if (it == latest.end() || it->second.expectedCostPerDay <= item.expectedCostPerDay)
            latest[key] = std::move(item);
    }
    std::vector<DebtItem> debt;
    for (auto &[key, item] : latest)
        debt.push_back(std::move(item));
    std::sort(debt.begin(), debt.end(), [](const DebtItem &a, const DebtItem &b) {
        return a.expectedCostPerDay != b.expectedCostPerDay ? a.expectedCostPerDay > b.expectedCostPerDay
                                                            : a.ageMs > b.ageMs;
    });
    return debt;
}

bool isHandsOn(EventType action)
{
    switch (action) {
    case EventType::ManualRestart:
    case EventType::ThresholdChange:
    case EventType::Drain:
    case EventType::Undrain:
    case EventType::HotPatch:
    case EventType::RemoveFromService:
    case EventType::ReturnToService:
        return true;
    default:
        return false;
    }
}

InterventionCounts countInterventions(const std::vector<Intervention> &ledger)
{
    InterventionCounts n;
    for (const Intervention &v : ledger) {
        if (isHandsOn(v.action)) {
            ++n.handsOn;
            n.handsOnAtNight += v.atNight;
        } else {
            ++n.paperwork;
        }
        n.answering += v.incidentId != 0;
        n.operatorHours += double(v.effortMs) / 3600000.0;
    }
    return n;
}

QString GritSettings::validate() const
{
    if (utcOffsetMinutes < -14 * 60 || utcOffsetMinutes > 14 * 60)
        return QStringLiteral("a site's UTC offset must be between -14:00 and +14:00 (got %1 min)")
            .arg(utcOffsetMinutes);
    if (nightStartHour < 0 || nightStartHour > 23 || nightEndHour < 0 || nightEndHour > 23)
        return QStringLiteral("night hours must be between 0 and 23 (got %1 to %2)")
            .arg(nightStartHour)
            .arg(nightEndHour);
    for (const auto &[type, minutes] : effortMinutes)
        if (!std::isfinite(minutes) || minutes < 0.0 || minutes > 24 * 60.0)
            return QStringLiteral("an action's effort must be between 0 and 1,440 minutes (got %1)").arg(minutes);
    return {};
}

std::vector<Lemon> lemons(const std::vector<IncidentCost> &costs, int atLeast)
{
    std::map<std::pair<int, uint32_t>, Lemon> byEntity;
    for (const IncidentCost &c : costs) {
        if (!c.causeEntity)
            continue;
        Lemon &l = byEntity[{ int(c.causeEntity->kind), c.causeEntity->index }];
        l.entity = *c.causeEntity;
        ++l.failures;
        l.lostGpuHours += c.lostGpuHours;
    }
    std::vector<Lemon> result;
    for (auto &[key, l] : byEntity)
        if (l.failures >= atLeast)
            result.push_back(l);
    std::sort(result.begin(), result.end(),
              [](const Lemon &a, const Lemon &b) { return a.lostGpuHours > b.lostGpuHours; });
    return result;
}

GritTotals gritTotals(const std::vector<Incident> &incidents, const std::vector<IncidentCost> &costs,
                      const std::vector<Slowdown> &slowdowns, const std::vector<Event> &actions,
                      const Topology &topology, const GritSettings &settings, int64_t fromMs, int64_t toMs)
{
    GritTotals g;
    g.fromMs = fromMs;
    g.toMs = toMs;
    double repairHours = 0.0;
    size_t repaired = 0;
    std::map<int, double> lostWallHoursByJob; // GPU-hours lost / GPUs = wall time lost
    // Each incident with its own cost, side by side: never looked up by id, which an imported
    // history may not give.
    for (size_t k = 0; k < incidents.size() && k < costs.size(); ++k) {
        const Incident &i = incidents[k];
        if (i.failedMs < fromMs || i.failedMs >= toMs)
            continue;
        ++g.incidents;
        const IncidentCost &c = costs[k];
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
        if (i.gpus) // the steps trained again, in the period the failure fell in
            lostWallHoursByJob[i.job] += c.recomputeGpuHours / double(i.gpus);
    }
    // A job's time down, wherever its failure fell: one down all week lost the whole week, even
    // when it failed the week before (its incident is counted there, its downtime here too).
    for (const Incident &i : incidents) {
        if (!i.gpus || i.job < 0)
            continue;
        const int64_t back = i.state == Incident::State::Recovered ? i.resumedMs
            : i.state == Incident::State::Ended && i.releasedMs    ? i.releasedMs
                                                                   : toMs;
        const int64_t overlap = std::min(back, toMs) - std::max(i.failedMs, fromMs);
        if (overlap > 0)
            lostWallHoursByJob[i.job] += double(overlap) / 3600000.0;
    }
    for (const Slowdown &s : slowdowns) {
        const double lost = s.lostBetween(fromMs, toMs);
        g.slowdowns += s.fromMs >= fromMs && s.fromMs < toMs;
        if (lost <= 0.0)
            continue;
        g.slowdownGpuHours += lost;
        g.lostGpuHours += lost;
        g.money += s.lostGpuHours > 0.0 ? s.money * lost / s.lostGpuHours : 0.0;
        g.lostByCause[CauseClass::Degradation] += lost;
        if (s.causeEntity) {
            const Place p = placeOf(topology, *s.causeEntity);
            if (p.rack)
                g.lostByRack[*p.rack] += lost;
            for (uint32_t pdu : p.pdus)
                g.lostByPdu[pdu] += lost / double(p.pdus.size());
            if (p.loop)
                g.lostByLoop[*p.loop] += lost;
        }
        if (s.gpus)
            lostWallHoursByJob[s.job] += lost / double(s.gpus);
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
    std::map<uint64_t, const Incident *> answered; // action id -> incident
    for (const Incident &i : incidents)
        for (uint64_t id : i.actionIds)
            answered[id] = &i;
    for (const Event &a : actions) {
        if (!isOperatorsWork(a.type) || a.timeMs < fromMs || a.timeMs >= toMs)
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
        if (auto it = answered.find(a.id); it != answered.end()) {
            v.incidentId = it->second->id;
            v.sinceFailureMs = a.timeMs - it->second->failedMs;
        }
        if (auto it = settings.effortMinutes.find(a.type); it != settings.effortMinutes.end())
            v.effortMs = int64_t(it->second * 60000.0);
        g.interventions.push_back(v);
    }
    return g;
}

} // namespace vigil
