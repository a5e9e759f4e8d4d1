// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/incidentanalysis.h"

#include <QAbstractTableModel>

namespace vigil {

// The incident told as a story a manager can read: what warned, whether anyone
// acknowledged it, what failed, what automation or people did, what it cost.
QString incidentStory(const Incident &incident, const Attribution &attribution, const IncidentCost &cost,
                      const Topology *topology);

// Incidents, newest first: when, which job, the cause, how long it had warned,
// lost GPU-hours, money, preventable.
class IncidentTableModel : public QAbstractTableModel
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
    };

    explicit IncidentTableModel(QObject *parent = nullptr);
    // Shows the analysis as it stands (rows are reset only when incidents come or go).
    void setAnalysis(const IncidentAnalysis &analysis);
    int rowOf(uint64_t incidentId) const;
    uint64_t incidentIdAt(int row) const;

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
    };
    std::vector<Row> m_rows; // newest first
    std::shared_ptr<const Topology> m_topology;
};

} // namespace vigil
