// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/incidentanalysis.h"
#include "analysis/recommendations.h"
#include "keyedtablemodel.h"

namespace vigil {

// Roles shared by the maintenance-debt tables.
enum DebtRole
{
    DebtSortRole = Qt::UserRole + 1, // a number to sort by
    DebtEntityRole, // the entity the row is about, as entityKey()
    DebtIncidentRole, // the incident an intervention answered (0: none)
};

inline EntityRef entityFromKey(qulonglong key)
{
    return { EntityKind(key >> 32), uint32_t(key & 0xffffffffu) };
}

// Open warnings nobody has dealt with, ranked by what leaving them costs a day:
// the entity, what it warns of, since when, how often, who acknowledged it, the
// GPUs of running jobs within its reach.
class DebtTableModel : public KeyedTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        EntityColumn,
        WarningColumn,
        RecommendedColumn, // what to do about it (recommendForRisk)
        AgeColumn,
        CountColumn,
        AcknowledgedColumn,
        GpusColumn,
        CostPerDayColumn,
        ColumnCount
    };
    // The rows listed: the costliest open warnings. A 100k-GPU hall holds tens of thousands, and
    // copying them all into the table every second was work on the GUI thread that grew with
    // the history; nobody reads past the first screens. The count and the total are the whole list's.
    static constexpr size_t ListedRows = 1000;

    explicit DebtTableModel(QObject *parent = nullptr);
    void setAnalysis(const IncidentAnalysis &analysis);
    // The expected cost a day of all of it, listed or not.
    double totalPerDay() const { return m_totalPerDay; }
    // Every open warning, listed or not.
    size_t openWarnings() const { return m_openWarnings; }
    // What to do about the warning of a row (for a hand-off); nullopt off the rows.
    std::optional<PartRecommendation> recommendationAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<DebtItem> m_rows;
    std::shared_ptr<const Topology> m_topology;
    double m_totalPerDay = 0.0;
    size_t m_openWarnings = 0;
};

// Entities named as the cause of incident after incident.
class LemonTableModel : public KeyedTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        EntityColumn,
        FailuresColumn,
        LostColumn,
        ColumnCount
    };
    explicit LemonTableModel(QObject *parent = nullptr);
    void setAnalysis(const IncidentAnalysis &analysis);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<Lemon> m_rows;
    std::shared_ptr<const Topology> m_topology;
};

// The interventions ledger: every manual action, newest first, with who, when,
// whether at night, its typical hands-on time and the incident it answered.
class InterventionTableModel : public KeyedTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        TimeColumn,
        OperatorColumn,
        ActionColumn,
        NightColumn,
        EffortColumn,
        AnsweredColumn,
        ColumnCount
    };
    explicit InterventionTableModel(QObject *parent = nullptr);
    void setAnalysis(const IncidentAnalysis &analysis);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        Intervention action;
        QString job; // of the incident answered
        bool operator==(const Row &) const = default;
    };
    std::vector<Row> m_rows;
};

} // namespace vigil
