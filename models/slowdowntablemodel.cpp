// SPDX-License-Identifier: GPL-3.0-or-later
#include "slowdowntablemodel.h"

#include "debtmodels.h"
#include "eventdescription.h"

#include <QLocale>

namespace vigil {

SlowdownTableModel::SlowdownTableModel(QObject *parent)
    : KeyedTableModel(parent)
{ }

void SlowdownTableModel::setAnalysis(const IncidentAnalysis &analysis)
{
    if (!sameTopology(m_topology, analysis.topology())) {
        beginResetModel();
        m_rows.clear();
        m_topology = analysis.topology();
        endResetModel();
    }
    replaceRows(m_rows, analysis.slowdowns(), [](const Slowdown &s) { return s.id; });
}

int SlowdownTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int SlowdownTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SlowdownTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || size_t(index.row()) >= m_rows.size())
        return {};
    const Slowdown &s = m_rows[size_t(index.row())];
    const double hours = double(s.toMs - s.fromMs) / 3600000.0;
    if (role == DebtEntityRole)
        return s.causeEntity ? QVariant(entityKey(*s.causeEntity)) : QVariant();
    if (role == BeganRole)
        return qlonglong(s.fromMs);
    if (role == Qt::TextAlignmentRole && index.column() != JobColumn && index.column() != CauseColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole)
        return tr("%1 trained up to %2 % slower than its healthy pace (the median of the faster half of its hours "
                  "over the week before) for %3 h: %4 GPU-hours of its steps beyond that pace (docs/cost-model.md).")
            .arg(s.jobId, QLocale().toString(s.slowdownShare() * 100.0, 'f', 0), QLocale().toString(hours, 'f', 0),
                 QLocale().toString(s.lostGpuHours, 'f', 0));
    if (role == DebtSortRole) {
        switch (index.column()) {
        case BeganColumn:
            return qlonglong(s.fromMs);
        case HoursColumn:
            return hours;
        case PaceColumn:
            return s.slowdownShare();
        case LostColumn:
        case CostColumn:
            return s.lostGpuHours;
        default:
            break; // text columns sort by their text
        }
    }
    if (role != Qt::DisplayRole && role != DebtSortRole)
        return {};
    const QLocale l;
    switch (index.column()) {
    case BeganColumn:
        return shortClock(s.fromMs);
    case HoursColumn:
        return l.toString(hours, 'f', 0);
    case JobColumn:
        return s.jobId;
    case PaceColumn:
        return tr("%1 → %2 s (+%3 %)")
            .arg(l.toString(s.baselineSeconds, 'f', 2), l.toString(s.worstSeconds, 'f', 2),
                 l.toString(s.slowdownShare() * 100.0, 'f', 0));
    case CauseColumn:
        if (!s.causeEntity)
            return tr("no warning began with it");
        return s.causedByHand ? tr("%1 (changed by hand)").arg(entityName(m_topology.get(), *s.causeEntity))
                              : entityName(m_topology.get(), *s.causeEntity);
    case LostColumn:
        return l.toString(s.lostGpuHours, 'f', 0);
    case CostColumn:
        return QStringLiteral("$%1").arg(l.toString(s.money, 'f', 0));
    default:
        return {};
    }
}

QVariant SlowdownTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case BeganColumn:
        return tr("Began");
    case HoursColumn:
        return tr("Hours");
    case JobColumn:
        return tr("Job");
    case PaceColumn:
        return tr("Step time (healthy → worst)");
    case CauseColumn:
        return tr("Began with");
    case LostColumn:
        return tr("Lost GPU-h");
    case CostColumn:
        return tr("Cost");
    default:
        return {};
    }
}

} // namespace vigil
