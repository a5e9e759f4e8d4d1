// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/incidentanalysis.h"

#include "recording/bundle.h"
#include "recording/recordingreader.h"

#include <QFileInfo>

#include <algorithm>
#include <utility>

namespace vigil {

std::optional<HazardModel> hazardsCarriedBy(RecordingReader &recording, QString *error)
{
    error->clear();
    const QString carried = recording.metaValue(RecordingMeta::hazardModel());
    if (carried.isEmpty())
        return std::nullopt;
    QString problem;
    HazardModel hazards = HazardModel::fromJson(carried.toUtf8(), &problem);
    if (!problem.isEmpty()) {
        *error = QStringLiteral("%1: %2").arg(QFileInfo(recording.path()).fileName(), problem);
        return std::nullopt;
    }
    return hazards;
}

void IncidentAnalysis::setTopology(std::shared_ptr<const Topology> topology)
{
    m_topology = std::move(topology);
    m_tracker.setTopology(m_topology);
    m_attributor.setTopology(m_topology);
    m_actions.clear();
    m_actionsSeen.clear();
    m_failures.clear();
    m_failuresSeen.clear();
    m_fleet = {};
    m_nextLocalId = 0;
    m_attributions.clear();
    m_costs.clear();
    m_slowdowns.clear();
    m_totals = {};
    m_debt.clear();
    m_lemons.clear();
    m_firstMs = 0;
    m_pricedAtMs = 0;
    m_dirty = true;
}

void IncidentAnalysis::setCarriedHazards(std::optional<HazardModel> hazards)
{
    m_carriedHazards = std::move(hazards);
    m_dirty = true;
}

void IncidentAnalysis::setSettings(const CostSettings &settings)
{
    m_settings = settings;
    m_dirty = true;
}

void IncidentAnalysis::setGritSettings(const GritSettings &settings)
{
    m_grit = settings;
    m_dirty = true;
}

bool IncidentAnalysis::takes(const Event &e)
{
    // Failures are hardware warnings too, and acknowledgements and drains operators' actions.
    return isHardwareWarning(e.type) || isJobEvent(e.type) || isOperatorAction(e.type);
}

void IncidentAnalysis::addEvents(const std::vector<Event> &delivered)
{
    if (delivered.empty() || !m_topology)
        return;
    // An event without an id (imported from a system that numbers nothing) gets one of its own
    // here, so that every incident, action and acknowledgement is known apart.
    std::vector<Event> events = delivered;
    for (Event &e : events)
        if (e.id == 0)
            e.id = LocalIdBase + m_nextLocalId++;
    m_tracker.addEvents(events);
    m_attributor.addEvents(events);
    for (const Event &e : events) {
        // A reconnect's snapshot repeats actions already taken: each is one entry of the ledger.
        if (isOperatorAction(e.type) && m_actionsSeen.insert({ e.id, e.timeMs }).second)
            m_actions.push_back(e);
        if (isHardwareFailure(e) && m_failuresSeen.insert({ e.id, e.timeMs }).second)
            m_failures.push_back(e);
        if (m_firstMs == 0 || e.timeMs < m_firstMs)
            m_firstMs = e.timeMs;
    }
    m_dirty = true;
}

void IncidentAnalysis::setPace(JobPace pace)
{
    m_tracker.setPace(std::move(pace));
    m_dirty = true;
}

void IncidentAnalysis::update(int64_t nowMs)
{
    if (!m_topology || (!m_dirty && m_costs.size() == m_tracker.incidents().size() && m_totals.toMs == nowMs))
        return;
    const bool changed = std::exchange(m_dirty, false);
    m_pricedAtMs = nowMs;
    const std::vector<Incident> &incidents = m_tracker.incidents();
    m_attributor.learn(incidents);
    m_attributions.clear();
    m_costs.clear();
    for (const Incident &i : incidents)
        m_attributions.push_back(m_attributor.attribute(i));
    // The hazards are learnt from the whole history so far, then rate every warning.
    m_hazards = m_carriedHazards ? *m_carriedHazards
                                 : fitHazards(m_attributor, incidents, m_attributions, *m_topology,
                                              m_firstMs ? m_firstMs : nowMs, std::max(nowMs, m_firstMs) + 1);
    for (size_t k = 0; k < incidents.size(); ++k)
        m_costs.push_back(
            costOf(incidents[k], m_attributions[k], *m_topology, m_settings, nowMs, m_actions, m_hazards));
    // Slowdowns hang on the pace, the warnings and the price, not on the clock: found again only
    // when one of those moved (live, once a minute of pace; replayed, once).
    if (changed || m_tracker.pace().revision() != m_slowdownsPaceRevision) {
        m_slowdowns
            = SlowdownFinder::find(m_tracker.pace(), *m_topology, m_attributor, m_actions, m_settings.pricePerGpuHour);
        m_slowdownsPaceRevision = m_tracker.pace().revision();
    }
    m_totals = gritTotals(incidents, m_costs, m_slowdowns, m_actions, *m_topology, m_grit,
                          m_firstMs ? m_firstMs : nowMs, std::max(nowMs, m_firstMs));
    m_fleet = fleetReliability(*m_topology, m_failures, m_firstMs ? m_firstMs : nowMs, std::max(nowMs, m_firstMs) + 1);
    m_debt = maintenanceDebt(m_attributor, m_hazards, m_costs, incidents, m_actions, *m_topology, m_settings, nowMs);
    m_lemons = vigil::lemons(m_costs);
}

std::pair<int64_t, int64_t> IncidentAnalysis::wholeIncidentsWindow(int64_t fromMs, int64_t toMs) const
{
    int64_t from = fromMs, to = toMs;
    const std::vector<Incident> &incidents = m_tracker.incidents();
    for (size_t i = 0; i < incidents.size(); ++i) {
        const Incident &incident = incidents[i];
        const int64_t back = incident.state == Incident::State::Ended ? incident.releasedMs : incident.resumedMs;
        const bool touches = incident.failedMs < toMs && (back == 0 || back >= fromMs);
        if (!touches)
            continue;
        from = std::min(from, incident.failedMs - IncidentTracker::PaceWindowMs);
        if (incident.checkpointMs)
            from = std::min(from, incident.checkpointMs);
        if (i < m_attributions.size() && m_attributions[i].incidentId == incident.id)
            if (const CauseCandidate *cause = m_attributions[i].top())
                from = std::min(from, cause->firstSeenMs);
        if (back)
            to = std::max(to, back + 1);
    }
    return { from, to };
}

} // namespace vigil
