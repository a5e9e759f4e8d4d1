// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/costofgrit.h"
#include "analysis/fleetreliability.h"
#include "domain/clusterstate.h"

namespace vigil {

class RecordingReader;

// The hazard model a recording carries (an incident bundle's: RecordingMeta::hazardModel), to
// judge its incidents by: nullopt with `error` empty when it carries none; with an error naming
// the file when what it carries is not a model.
std::optional<HazardModel> hazardsCarriedBy(RecordingReader &recording, QString *error);

// Incidents, their causes and their cost, kept up to date from the event
// flow and the jobs' step times: what the Incidents dock and the cost-of-grit
// panel show, live or replayed. 54 days of a 16k-GPU cluster take about half a second to
// price, and a live 100k-GPU cluster seconds: the dashboard runs it on an AnalysisWorker.
class IncidentAnalysis
{
public:
    void setTopology(std::shared_ptr<const Topology> topology);
    // New settings are taken at the next update().
    void setSettings(const CostSettings &settings);
    void setGritSettings(const GritSettings &settings);
    const CostSettings &settings() const { return m_settings; }
    const GritSettings &gritSettings() const { return m_grit; }
    void addEvents(const std::vector<Event> &events);
    // Whether addEvents() keeps anything of `e` (a window kept for a rebuild needs no other).
    static bool takes(const Event &e);
    // One job's step time at `timeMs` (what noteState reads off a state, handed over alone).
    void notePace(int job, int64_t timeMs, double stepSeconds) { m_tracker.notePace(job, timeMs, stepSeconds); }
    // The jobs' pace all at once, read from a recording (readJobPace), in place of what was noted.
    void setPace(JobPace pace);
    // The hazard model to judge by in place of one learnt from the events given: an incident
    // bundle's, learnt from the whole recording it was cut from (nullopt: learn it here).
    void setCarriedHazards(std::optional<HazardModel> hazards);
    // Recomputes attributions and costs as of `nowMs`, when anything changed.
    void update(int64_t nowMs);
    // The instant the last update() priced the incidents as of (0 before any).
    int64_t pricedAtMs() const { return m_pricedAtMs; }

    const std::vector<Incident> &incidents() const { return m_tracker.incidents(); }
    const IncidentTracker &tracker() const { return m_tracker; }
    const Attributor &attributor() const { return m_attributor; }
    const std::vector<Event> &actions() const { return m_actions; }
    const std::vector<Attribution> &attributions() const { return m_attributions; }
    const std::vector<IncidentCost> &costs() const { return m_costs; }
    // Every hardware failure since the first event (isHardwareFailure), each once, as delivered.
    const std::vector<Event> &hardwareFailures() const { return m_failures; }
    // Those failures counted where they happened, job or no job.
    const FleetReliability &fleet() const { return m_fleet; }
    // Jobs training slower than their healthy pace, oldest first.
    const std::vector<Slowdown> &slowdowns() const { return m_slowdowns; }
    const GritTotals &totals() const { return m_totals; }
    const std::vector<DebtItem> &debt() const { return m_debt; }
    const std::vector<Lemon> &lemons() const { return m_lemons; }
    // What each kind of warning is worth, learnt from the history so far.
    const HazardModel &hazards() const { return m_hazards; }
    // A window [fromMs, toMs) widened to hold the whole of every incident it touches: from
    // its cause's first warning, its last checkpoint and the hour of pace before the failure,
    // to its restart (or, for a run given up, to when its GPUs worked again). A bundle of it
    // tells each of them as the whole recording does.
    std::pair<int64_t, int64_t> wholeIncidentsWindow(int64_t fromMs, int64_t toMs) const;
    // Bad input met so far: events about jobs or entities the topology does not know, and repeats.
    uint64_t eventsSkipped() const { return m_tracker.eventsSkipped() + m_attributor.warningsSkipped(); }
    uint64_t duplicatesIgnored() const { return m_tracker.duplicatesIgnored() + m_attributor.duplicatesIgnored(); }
    const std::shared_ptr<const Topology> &topology() const { return m_topology; }

private:
    std::shared_ptr<const Topology> m_topology;
    CostSettings m_settings;
    GritSettings m_grit;
    IncidentTracker m_tracker;
    Attributor m_attributor;
    std::vector<Event> m_actions;
    std::set<std::pair<uint64_t, int64_t>> m_actionsSeen; // (id, time)
    static constexpr uint64_t LocalIdBase = uint64_t(3) << 62; // past any gateway's and any recording's ids
    uint64_t m_nextLocalId = 0;
    std::vector<Attribution> m_attributions;
    std::vector<IncidentCost> m_costs;
    std::vector<Slowdown> m_slowdowns;
    uint64_t m_slowdownsPaceRevision = 0; // the pace they were found in
    std::vector<Event> m_failures; // hardware failures, each once
    std::set<std::pair<uint64_t, int64_t>> m_failuresSeen;
    FleetReliability m_fleet;
    GritTotals m_totals;
    std::vector<DebtItem> m_debt;
    std::vector<Lemon> m_lemons;
    HazardModel m_hazards;
    std::optional<HazardModel> m_carriedHazards;
    int64_t m_firstMs = 0;
    int64_t m_pricedAtMs = 0;
    bool m_dirty = false;
};

} // namespace vigil
