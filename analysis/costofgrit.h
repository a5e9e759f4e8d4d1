// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/attribution.h"
#include "analysis/hazardmodel.h"
#include "analysis/slowdowns.h"

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
    Degradation, // no failure: a job training slower than its healthy pace (Slowdown)
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
    // Why the loss was or was not preventable (docs/cost-model.md#preventable-loss).
    enum class Verdict
    {
        NoCause, // no precursor seen, and no fault with the failure
        NoWarning, // its cause failed with it, with no warning before
        NotMaterial, // its cause warned, but warnings of that kind are seldom followed by a failure
        TooLate, // it warned, but not the lead time before: no time to drain or swap
        Remediated, // drained (itself, its node or its rack) before the failure
        Preventable, // warned with a material kind, in time, and left
    } verdict
        = Verdict::NoCause;
    // The strongest of its cause's warnings, as the hazard model rates its kind.
    HazardEstimate hazard;
    bool preventable = false; // verdict == Preventable
    bool operator==(const IncidentCost &) const = default;
};

// `hazards` rates the cause's warnings: only a warning whose kind is material makes a loss preventable.
IncidentCost costOf(const Incident &incident, const Attribution &attribution, const Topology &topology,
                    const CostSettings &settings, int64_t nowMs, const std::vector<Event> &actions,
                    const HazardModel &hazards);

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
    int64_t effortMs = 0; // the hands-on time an action of its kind takes (GritSettings::effortMinutes)
    bool operator==(const Intervention &) const = default;
};

// Work done with hands on the cluster (a drain, a restart by hand, a hot-patch, a threshold
// changed, a node taken out or put back), as against the paperwork of alarms (acknowledge,
// shelve, note, assign, escalate): the grit a manager pays for is the first.
bool isHandsOn(EventType action);

// The interventions ledger of a period, counted once for every view.
struct InterventionCounts
{
    size_t handsOn = 0;
    size_t handsOnAtNight = 0;
    size_t paperwork = 0; // acknowledgements, shelves, notes, assignments, escalations
    size_t answering = 0; // actions of either kind that answered an incident
    double operatorHours = 0.0; // all of them, at the typical hands-on time per kind of action
    double nightShare() const { return handsOn ? double(handsOnAtNight) / double(handsOn) : 0.0; }
};
InterventionCounts countInterventions(const std::vector<Intervention> &ledger);

struct GritSettings
{
    int utcOffsetMinutes = 0; // the site's time zone, for what counts as night
    int nightStartHour = 22;
    int nightEndHour = 6;

    // The hands-on time an operator spends on one action of this kind, in minutes: nothing
    // in the event stream measures it, so the ledger prices each action at a typical figure
    // (docs/cost-model.md lists them; a site can set its own).
    std::map<EventType, double> effortMinutes = {
        { EventType::Acknowledge, 2.0 },
        { EventType::Shelve, 2.0 },
        { EventType::Note, 3.0 },
        { EventType::Drain, 15.0 },
        { EventType::ThresholdChange, 15.0 },
        { EventType::ManualRestart, 20.0 },
        { EventType::HotPatch, 60.0 },
        { EventType::Assign, 1.0 },
        { EventType::Escalate, 5.0 },
        { EventType::Unshelve, 1.0 },
        { EventType::RemoveFromService, 5.0 },
        { EventType::ReturnToService, 5.0 },
        { EventType::Undrain, 10.0 },
        { EventType::HandOff, 3.0 }, // the dialog; the work it hands on is the site's
    };

    // Empty when the settings make sense; otherwise why not.
    QString validate() const;
};

// The cluster's account for a period.
struct GritTotals
{
    int64_t fromMs = 0, toMs = 0;
    size_t incidents = 0;
    // Lost = downtime + recomputation (the incidents') + slowdown (jobs slower than their healthy pace).
    double lostGpuHours = 0.0, downtimeGpuHours = 0.0, recomputeGpuHours = 0.0, slowdownGpuHours = 0.0, money = 0.0;
    size_t slowdowns = 0; // that began in the period
    double preventableGpuHours = 0.0;
    double preventableShare() const { return lostGpuHours > 0.0 ? preventableGpuHours / lostGpuHours : 0.0; }
    double mtbfHours = 0.0; // the period over its incidents (0: none)
    double mttrHours = 0.0; // failure to resumed training, over recovered incidents
    double ettr = 1.0; // productive GPU-time over allocated GPU-time of the training jobs
    std::map<CauseClass, double> lostByCause; // slowdowns under Degradation, whatever their cause
    std::map<uint32_t, double> lostByRack, lostByPdu, lostByLoop; // of the cause entity, slowdowns' too
    std::vector<Intervention> interventions;
};

// An open warning and what leaving it costs: the maintenance debt.
struct DebtItem
{
    WarningRun warnings; // the latest run on the entity
    int64_t ageMs = 0; // since its first warning
    uint32_t gpusAtRisk = 0; // GPUs of running jobs within its blast radius
    HazardEstimate hazard; // of its kind: the chance of a failure within the horizon, its interval and cases
    double costOfFailure = 0.0; // money a failure of it would cost: GPUs at risk × GPU-hours a GPU × the price
    // What dealing with it now is expected to save: the chance it fails within its horizon × that cost.
    double expectedSaving() const { return hazard.probability * costOfFailure; }
    // The chance of a failure a day (the hazard over the horizon, while the warning's window is
    // open; 0 once it has been quiet a whole horizon) × what that failure would cost.
    double expectedCostPerDay = 0.0;
    // What it adds to the debt a day: expectedCostPerDay when its chance stands above its
    // kind's base rate (HazardEstimate::material), else nothing, since every part of its kind
    // carries that chance, warned or not. Every view that shows a warning's cost shows this.
    double countedCostPerDay() const { return hazard.material ? expectedCostPerDay : 0.0; }
    bool operator==(const DebtItem &) const = default;
};

// The GPUs a failure of the entity would stop: every GPU of every job it reaches, since one
// failed GPU stops its whole synchronous job.
uint32_t gpusAtRisk(const Attributor &attributor, const Topology &topology, EntityRef entity);

// What the open warnings worth acting on (of a material kind: HazardEstimate::material) are
// expected to cost a day if left: the debt's headline, in every view; the sum of the items'
// countedCostPerDay. Warnings of kinds seldom followed by a failure are listed at no cost.
double expectedCostPerDayOfDebt(const std::vector<DebtItem> &debt);

// What a failure of an entity of this kind costs per GPU it stops, in GPU-hours: the mean over
// the incidents caused by entities of that kind (a GPU's fault costs a restart; a PDU's trip
// can end the run), else over those with any hardware cause, else over all; 0.5 h with none.
double lostGpuHoursPerGpuOfFailure(const std::vector<Incident> &incidents, const std::vector<IncidentCost> &costs,
                                   EntityKind kind);

// Warnings of the last `openForMs` on entities that neither failed nor were drained
// since, ranked by expected cost per day. The chance of a failure comes from the hazard
// model; the loss from the incidents so far (lostGpuHoursPerGpuOfFailure).
std::vector<DebtItem> maintenanceDebt(const Attributor &attributor, const HazardModel &hazards,
                                      const std::vector<IncidentCost> &costs, const std::vector<Incident> &incidents,
                                      const std::vector<Event> &actions, const Topology &topology,
                                      const CostSettings &settings, int64_t nowMs, int64_t openForMs = 7 * 86400000LL);

// Entities that keep coming back: named as the cause of two or more incidents.
struct Lemon
{
    EntityRef entity;
    int failures = 0;
    double lostGpuHours = 0.0;
    bool operator==(const Lemon &) const = default;
};
std::vector<Lemon> lemons(const std::vector<IncidentCost> &costs, int atLeast = 2);

// `costs` are the incidents' own, in the same order. A slowdown counts the hours of it that fall in the period.
GritTotals gritTotals(const std::vector<Incident> &incidents, const std::vector<IncidentCost> &costs,
                      const std::vector<Slowdown> &slowdowns, const std::vector<Event> &actions,
                      const Topology &topology, const GritSettings &settings, int64_t fromMs, int64_t toMs);

} // namespace vigil
