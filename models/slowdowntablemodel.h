// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/incidentanalysis.h"
#include "keyedtablemodel.h"

namespace vigil {

// Jobs that trained slower than their own healthy pace: when it began, for how
// long, the healthy and the worst step time, what began warning with it, and the
// GPU-hours and money it cost. Sorts by DebtSortRole; DebtEntityRole is the cause.
class SlowdownTableModel : public KeyedTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        BeganColumn,
        HoursColumn,
        JobColumn,
        PaceColumn,
        CauseColumn,
        LostColumn,
        CostColumn,
        ColumnCount
    };
    // The slowdown's start, for the replay clock.
    static constexpr int BeganRole = Qt::UserRole + 10;

    explicit SlowdownTableModel(QObject *parent = nullptr);
    void setAnalysis(const IncidentAnalysis &analysis);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<Slowdown> m_rows;
    std::shared_ptr<const Topology> m_topology;
};

} // namespace vigil
