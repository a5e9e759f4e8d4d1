// SPDX-License-Identifier: GPL-3.0-or-later
#include "incidentanalysis.h"

namespace vigil {

void IncidentAnalysis::setTopology(std::shared_ptr<const Topology> topology)
{
    m_topology = std::move(topology);
    m_tracker.setTopology(m_topology);
    m_attributor.setTopology(m_topology);
    m_actions.clear();
    m_attributions.clear();
    m_costs.clear();
    m_totals = {};
    m_debt.clear();
    m_lemons.clear();
    m_firstMs = 0;
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

void IncidentAnalysis::addEvents(const std::vector<Event> &events)
{
    if (events.empty() || !m_topology)
        return;
    m_tracker.addEvents(events);
    m_attributor.addEvents(events);
    for (const Event &e : events) {
        if (isOperatorAction(e.type))
            m_actions.push_back(e);
        if (m_firstMs == 0 || e.timeMs < m_firstMs)
            m_firstMs = e.timeMs;
    }
    m_dirty = true;
}

void IncidentAnalysis::noteState(const ClusterState &state)
{
    const MetricColumn *stepTime = state.column(metric::JobStepTime);
    if (!stepTime)
        return;
    for (size_t j = 0; j < stepTime->values.size(); ++j)
        m_tracker.noteStepTime(int(j), double(stepTime->values[j]));
}

void IncidentAnalysis::update(int64_t nowMs)
{
    if (!m_topology || (!m_dirty && m_costs.size() == m_tracker.incidents().size() && m_totals.toMs == nowMs))
        return;
    m_dirty = false;
    const std::vector<Incident> &incidents = m_tracker.incidents();
    m_attributor.learn(incidents);
    m_attributions.clear();
    m_costs.clear();
    for (const Incident &i : incidents) {
        m_attributions.push_back(m_attributor.attribute(i));
        m_costs.push_back(costOf(i, m_attributions.back(), *m_topology, m_settings, nowMs, m_actions));
    }
    m_totals = gritTotals(incidents, m_costs, m_actions, *m_topology, m_grit, m_firstMs ? m_firstMs : nowMs,
                          std::max(nowMs, m_firstMs));
    m_debt = maintenanceDebt(m_attributor, m_costs, incidents, m_actions, *m_topology, m_settings, nowMs);
    m_lemons = vigil::lemons(m_costs);
}

} // namespace vigil
