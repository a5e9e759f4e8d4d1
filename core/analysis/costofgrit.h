// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "attribution.h"

#include <QString>

#include <map>

namespace vigil {

// Where the blame for a loss goes, by what kind of thing failed.
enum class CauseClass
{
    Gpu,
    Host, // a node (its CPU, memory, disk, power supply)
    Network, // a switch or link
    Power, // a PDU
    Cooling, // a cooling loop or a rack's air
    Unattributed, // no precursor seen and no fault with the failure (software, unknown)
};
QString causeClassName(CauseClass cause);

// One incident's price. docs/cost-model.md.
struct IncidentCost
{
    uint64_t incidentId = 0;
    double downtimeGpuHours = 0.0;
    double recomputeGpuHours = 0.0;
    double lostGpuHours = 0.0;
    double money = 0.0;
    CauseClass cause = CauseClass::Unattributed;
    std::optional<EntityRef> causeEntity;
    int64_t leadMs = 0; // how long the cause had been warning
    bool acknowledged = false; // somebody acknowledged one of its warnings
    bool remediated = false; // the cause was drained (or its job moved) before the failure
    bool preventable = false; // warned for longer than the lead time and not remediated
};

IncidentCost costOf(const Incident &incident, const Attribution &attribution, const Topology &topology,
                    const CostSettings &settings, int64_t nowMs, const std::vector<Event> &actions);

// A manual action, as the interventions ledger lists it.
struct Intervention
{
    uint64_t eventId = 0;
    EventType action = EventType::Unspecified;
    QString who;
    int64_t timeMs = 0;
    bool atNight = false; // 22:00–06:00 at the site
    uint64_t incidentId = 0; // the incident it answered (0: none)
    int64_t sinceFailureMs = 0; // for an answer: how long after the failure it came
};

struct GritSettings
{
    int utcOffsetMinutes = 0; // the site's time zone, for what counts as night
    int nightStartHour = 22;
    int nightEndHour = 6;
};

// The cluster's account for a period.
struct GritTotals
{
    int64_t fromMs = 0, toMs = 0;
    size_t incidents = 0;
    double lostGpuHours = 0.0, downtimeGpuHours = 0.0, recomputeGpuHours = 0.0, money = 0.0;
    double preventableGpuHours = 0.0;
    double preventableShare() const { return lostGpuHours > 0.0 ? preventableGpuHours / lostGpuHours : 0.0; }
    double mtbfHours = 0.0; // the period over its incidents (0: none)
    double mttrHours = 0.0; // failure to resumed training, over recovered incidents
    double ettr = 1.0; // productive GPU-time over allocated GPU-time of the training jobs
    std::map<CauseClass, double> lostByCause;
    std::map<uint32_t, double> lostByRack, lostByPdu, lostByLoop; // of the cause entity
    std::vector<Intervention> interventions;
};

GritTotals gritTotals(const std::vector<Incident> &incidents, const std::vector<IncidentCost> &costs,
                      const std::vector<Event> &actions, const Topology &topology, const GritSettings &settings,
                      int64_t fromMs, int64_t toMs);

} // namespace vigil
