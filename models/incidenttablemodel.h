// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/incidentanalysis.h"
#include "analysis/recommendations.h"

#include "keyedtablemodel.h"

#include <optional>

namespace vigil {

// One step of an incident's story: when (0: no instant, e.g. the cost), what, and
// the entity it happened on (a link to it on the map), when it has one.
struct StoryStep
{
    int64_t timeMs = 0;
    QString text;
    std::optional<EntityRef> entity;
};

// The incident told step by step: what warned and whether anyone acknowledged it,
// what failed, what automation or people did, what it cost.
std::vector<StoryStep> incidentStorySteps(const Incident &incident, const Attribution &attribution,
                                          const IncidentCost &cost, const Topology *topology);
// The same as one paragraph (a tooltip, the report's table).
// Why an incident was or was not preventable, in a sentence (empty when no cause was seen).
QString preventableVerdictText(const IncidentCost &cost);
QString incidentStory(const Incident &incident, const Attribution &attribution, const IncidentCost &cost,
                      const Topology *topology);
// The same as lines of rich text, each step's time a link "time:<ms>" and its entity
// a link "entity:<kind>:<index>" (see storyLink()).
QString incidentStoryHtml(const std::vector<StoryStep> &steps);
struct StoryLink
{
    std::optional<int64_t> timeMs;
    std::optional<EntityRef> entity;
};
StoryLink storyLink(const QString &href);

// Incidents (views sort them newest first): when, which job, the cause, how long it had warned,
// lost GPU-hours, money, preventable.
class IncidentTableModel : public KeyedTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        TimeColumn,
        JobColumn,
        CauseColumn,
        LeadColumn,
        LostColumn,
        CostColumn,
        PreventableColumn,
        StateColumn,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole + 1,
        IncidentIdRole,
        StoryHtmlRole, // the story a step a line, with links (incidentStoryHtml)
    };

    explicit IncidentTableModel(QObject *parent = nullptr);
    // Shows the analysis as it stands (rows are reset only when incidents come or go).
    void setAnalysis(const IncidentAnalysis &analysis);
    int rowOf(uint64_t incidentId) const;
    uint64_t incidentIdAt(int row) const;
    // What to do about the cause of a row's incident (for a hand-off); nullopt when nothing is named.
    std::optional<PartRecommendation> recommendationAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        Incident incident;
        Attribution attribution;
        IncidentCost cost;
        bool operator==(const Row &) const = default;
    };
    std::vector<Row> m_rows; // in the order they came; views sort
    std::shared_ptr<const Topology> m_topology;
};

} // namespace vigil
