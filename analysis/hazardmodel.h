// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/attribution.h"

#include <QByteArray>

#include <algorithm>
#include <compare>
#include <map>
#include <vector>

namespace vigil {

// A kind of warning as the hazard model tells them apart: what was seen (an Xid by its
// code), and on what kind of entity.
struct HazardKind
{
    EventType type = EventType::Unspecified;
    int32_t code = 0; // the Xid, for Xid warnings; 0 otherwise
    EntityKind entityKind = EntityKind::Unspecified;
    auto operator<=>(const HazardKind &) const = default;
    static HazardKind of(const WarningRun &run);
};

// What the history says a warning of one kind is worth: the chance that its entity fails
// within the horizon after it, shrunk toward a documented prior where the history is thin.
struct HazardEstimate
{
    HazardKind kind;
    // Warning windows watched, and of them those followed by a failure of the same entity within
    // the horizon. A window still open counts whole once it failed, and by the part of the
    // horizon already watched while it has not (a window half watched is half a case).
    double cases = 0.0;
    size_t failures = 0;
    double prior = 0.0; // the documented prior's mean (docs/cost-model.md)
    double probability = 0.0; // the posterior mean
    double low = 0.0, high = 0.0; // its 90 % interval
    bool applicationFault = false; // the program's own Xid: no hardware risk, whatever the history
    // Worth acting on: likely enough (MaterialProbability) and surely above the base rate of its
    // entity kind (the interval's lower end above it).
    bool material = false;
    bool operator==(const HazardEstimate &) const = default;
};

// A failure of an entity, for the model: the cause of an incident, or a hardware failure of
// its own (a fatal Xid, a double-bit error), job or no job.
struct EntityFailure
{
    EntityRef entity;
    int64_t timeMs = 0;
    double lostGpuHours = 0.0; // what the incidents it caused lost (0: it stopped no job)
};

// The failures of entities in an analysis's history, each once: the causes its incidents were
// attributed to (with what each lost, from `lostGpuHours` in the incidents' order, when given)
// and the hardware failures it saw; a fault and the incident it caused, minutes apart, are one.
std::vector<EntityFailure> entityFailures(const Attributor &attributor, const std::vector<Incident> &incidents,
                                          const std::vector<Attribution> &attributions,
                                          const std::vector<double> &lostGpuHours = {});

// The one model behind every forward-looking figure: the open warnings' expected cost, the
// savings of "Fix first", the preventable verdict and the backtest (docs/cost-model.md).
//
// Warnings are cut into windows of one horizon per entity and kind (windowsOf: a warning
// kept up for ten days is four cases, not one); a window is a failure when its entity failed
// within it. Per kind: a Beta posterior, with a prior of PriorStrength cases at the
// documented mean.
class HazardModel
{
public:
    static constexpr int64_t HorizonMs = Attributor::LookBackMs; // 72 hours
    static constexpr double PriorStrength = 20.0; // pseudo-cases
    static constexpr double MaterialProbability = 0.05;

    // Fits on the runs and failures (each once: entityFailures) that fall in [fromMs, toMs); `entities` counts the
    // entities of each kind, for the base rate of failures that nothing warned of.
    void fit(const std::vector<WarningRun> &runs, const std::vector<EntityFailure> &failures,
             const std::map<EntityKind, size_t> &entities, int64_t fromMs, int64_t toMs);

    HazardEstimate estimate(const HazardKind &kind) const;
    HazardEstimate estimate(const WarningRun &run) const { return estimate(HazardKind::of(run)); }
    // What the fit stood on: its windows, a window watched in part counting by the part.
    double fittedCases() const { return m_pooledCases; }
    // Every kind seen in the fit, by kind.
    const std::map<HazardKind, HazardEstimate> &estimates() const { return m_estimates; }
    // The chance that an entity of this kind fails within a horizon with no warning before it.
    double baseRate(EntityKind kind) const;
    // The share of all warning windows followed by a failure: the model that knows no kinds,
    // the backtest's baseline.
    double pooledRate() const { return m_pooledCases ? double(m_pooledFailures) / double(m_pooledCases) : 0.0; }

    // The model as it was learnt, to travel with an excerpt of its history (an incident
    // bundle judges its incidents by the whole recording's model, not by its own hour).
    QByteArray toJson() const;
    // Empty `error` and the model, or why the text is not one.
    static HazardModel fromJson(const QByteArray &json, QString *error);

    // The documented prior mean for a kind (docs/cost-model.md has the table and its sources).
    static double priorProbability(const HazardKind &kind);
    static bool isApplicationFault(const HazardKind &kind);

    // The horizon after a warning, per entity and kind of warning: the first warning opens one;
    // a warning kept up opens the next as one ends, tiling from the first (a warning kept up for
    // ten days is four windows in a row); a warning that comes inside a window opens none of its
    // own; the first warning after the last window ended opens a new one. Windows of one entity
    // and kind never overlap, so a failure counts once for each kind that warned of it.
    struct Window
    {
        EntityRef entity;
        HazardKind kind;
        int64_t startMs = 0;
        int64_t endMs() const { return startMs + HorizonMs; }
    };
    static std::vector<Window> windowsOf(const std::vector<WarningRun> &runs);
    // How much of a window `toMs` has watched (1 once its entity failed in it).
    static double watchedShare(const Window &window, int64_t toMs, bool failed)
    {
        return failed ? 1.0 : std::clamp(double(toMs - window.startMs) / double(HorizonMs), 0.0, 1.0);
    }

private:
    // The posterior of a kind from its cases and failures, with its interval.
    HazardEstimate rated(const HazardKind &kind, double cases, size_t failures) const;

    std::map<HazardKind, HazardEstimate> m_estimates;
    std::map<EntityKind, double> m_baseRate;
    double m_pooledCases = 0.0;
    size_t m_pooledFailures = 0;
    int64_t m_fromMs = 0, m_toMs = 0;
};

// Fits the model on an analysis's own history in [fromMs, toMs): the attributor's warning runs;
// as failures, the causes its incidents were attributed to and the hardware failures it saw.
HazardModel fitHazards(const Attributor &attributor, const std::vector<Incident> &incidents,
                       const std::vector<Attribution> &attributions, const Topology &topology, int64_t fromMs,
                       int64_t toMs);

// The Beta(a, b) distribution's quantile (0 < p < 1), for the model's intervals.
double betaQuantile(double a, double b, double p);

} // namespace vigil
