// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/incidentanalysis.h"
#include "keyedtablemodel.h"

namespace vigil {

// Where hardware failed, job or no job: each rack, each position in the rack
// and each GPU model with its failures, its rate per 1,000 GPU-days and one
// GPU's MTBF, then the lemon positions and lemon parts, over the history at
// hand (IncidentAnalysis::fleet). Sorts by
// DebtSortRole; DebtEntityRole is the rack, for a rack's row.
class FleetTableModel : public KeyedTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        WhereColumn,
        FailuresColumn,
        RateColumn,
        MtbfColumn,
        ColumnCount
    };
    explicit FleetTableModel(QObject *parent = nullptr);
    void setAnalysis(const IncidentAnalysis &analysis);
    // Every failure counted (the fleet's).
    uint64_t failures() const { return m_failures; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        enum class Kind
        {
            Rack,
            Position,
            Model,
            LemonPosition, // a slot that keeps killing its GPUs
            LemonPart, // a part that keeps failing wherever it goes
        } kind
            = Kind::Rack;
        FailureTally tally;
        int rack = -1;
        size_t others = 0; // a lemon position's parts, a lemon part's slots
        bool operator==(const Row &) const = default;
    };
    std::vector<Row> m_rows;
    uint64_t m_failures = 0;
};

} // namespace vigil
