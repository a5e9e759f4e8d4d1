// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleettablemodel.h"

#include "debtmodels.h"

#include <QHash>
#include <QLocale>

namespace vigil {

FleetTableModel::FleetTableModel(QObject *parent)
    : KeyedTableModel(parent)
{ }

void FleetTableModel::setAnalysis(const IncidentAnalysis &analysis)
{
    const FleetReliability &fleet = analysis.fleet();
    m_failures = fleet.fleet.failures;
    std::vector<Row> rows;
    // The racks by name, once: looked up for each tally, they took 100 ms a refresh at 100k GPUs.
    QHash<QString, int> rackNamed;
    if (const Topology *t = analysis.topology().get())
        for (size_t r = 0; r < t->racks.size(); ++r)
            rackNamed.insert(t->racks[r].name, int(r));
    for (const FailureTally &tally : fleet.byRack)
        if (tally.failures > 0)
            rows.push_back({ Row::Kind::Rack, tally, rackNamed.value(tally.name, -1) });
    for (const FailureTally &tally : fleet.byPosition)
        if (tally.failures > 0)
            rows.push_back({ Row::Kind::Position, tally, -1 });
    for (const FailureTally &tally : fleet.byModel)
        if (tally.failures > 0)
            rows.push_back({ Row::Kind::Model, tally, -1 });
    for (const LemonPosition &p : fleet.lemonPositions)
        rows.push_back({ Row::Kind::LemonPosition, { p.name, p.failures, 0.0 }, -1, p.parts });
    for (const LemonPart &p : fleet.lemonParts)
        rows.push_back({ Row::Kind::LemonPart, { p.serial, p.failures, 0.0 }, -1, p.positions });
    replaceRows(m_rows, std::move(rows), [](const Row &r) { return std::make_pair(int(r.kind), r.tally.name); });
}

int FleetTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int FleetTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FleetTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || size_t(index.row()) >= m_rows.size())
        return {};
    const Row &r = m_rows[size_t(index.row())];
    if (role == DebtEntityRole)
        return r.rack >= 0 ? QVariant(entityKey({ EntityKind::Rack, uint32_t(r.rack) })) : QVariant();
    if (role == Qt::TextAlignmentRole && index.column() != WhereColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == DebtSortRole) {
        switch (index.column()) {
        case WhereColumn:
            return QStringLiteral("%1 %2").arg(int(r.kind)).arg(r.tally.name);
        case FailuresColumn:
            return qulonglong(r.tally.failures);
        case RateColumn:
            return r.tally.per1000GpuDays();
        case MtbfColumn:
            return r.tally.mtbfGpuHours();
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    const QLocale l;
    switch (index.column()) {
    case WhereColumn:
        switch (r.kind) {
        case Row::Kind::Rack:
            return tr("rack %1").arg(r.tally.name);
        case Row::Kind::Position:
            return tr("%1, all racks").arg(r.tally.name);
        case Row::Kind::Model:
            return tr("model %1").arg(r.tally.name);
        case Row::Kind::LemonPosition:
            return tr("lemon position %1 (%Ln different part(s) named)", "", int(r.others)).arg(r.tally.name);
        case Row::Kind::LemonPart:
            return tr("lemon part %1 (failed in %Ln slot(s))", "", int(r.others)).arg(r.tally.name);
        }
        return {};
    case FailuresColumn:
        return l.toString(qulonglong(r.tally.failures));
    case RateColumn: // a lemon is a count of its own, not a rate over GPU-days
        return r.tally.gpuDays > 0.0 ? l.toString(r.tally.per1000GpuDays(), 'f', 2) : QString();
    case MtbfColumn:
        return r.tally.gpuDays > 0.0 ? l.toString(r.tally.mtbfGpuHours(), 'f', 0) : QString();
    default:
        return {};
    }
}

QVariant FleetTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case WhereColumn:
        return tr("Where");
    case FailuresColumn:
        return tr("Failures");
    case RateColumn:
        return tr("Per 1,000 GPU-days");
    case MtbfColumn:
        return tr("A GPU's MTBF (h)");
    default:
        return {};
    }
}

} // namespace vigil
