// SPDX-License-Identifier: GPL-3.0-or-later
#include "debtmodels.h"

#include "eventdescription.h"
#include "remedytext.h"

#include <QBrush>
#include <QColor>
#include <QLocale>

#include <numeric>
#include <tuple>

namespace vigil {

namespace {

QString money(double value)
{
    return QStringLiteral("$%1").arg(QLocale().toString(value, 'f', 0));
}

QString percentText(double share)
{
    return QStringLiteral("%1 %").arg(QLocale().toString(share * 100.0, 'f', 0));
}

QVariant rightAligned()
{
    return int(Qt::AlignRight | Qt::AlignVCenter);
}

} // namespace

DebtTableModel::DebtTableModel(QObject *parent)
    : KeyedTableModel(parent)
{ }

void DebtTableModel::setAnalysis(const IncidentAnalysis &analysis)
{
    if (!sameTopology(m_topology, analysis.topology())) { // another cluster: the rows mean other things
        beginResetModel();
        m_rows.clear();
        m_topology = analysis.topology();
        endResetModel();
    }
    const std::vector<DebtItem> &debt = analysis.debt(); // the costliest first (maintenanceDebt)
    m_openWarnings = debt.size();
    m_totalPerDay = expectedCostPerDayOfDebt(debt);
    const auto listed = std::min(debt.size(), ListedRows);
    replaceRows(m_rows, std::vector<DebtItem>(debt.begin(), debt.begin() + std::ptrdiff_t(listed)),
                [](const DebtItem &d) {
                    return std::tuple(entityKey(d.warnings.entity), int(d.warnings.type), d.warnings.code);
                });
}

int DebtTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int DebtTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DebtTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || size_t(index.row()) >= m_rows.size())
        return {};
    const DebtItem &d = m_rows[size_t(index.row())];
    const WarningRun &w = d.warnings;
    if (role == DebtEntityRole)
        return entityKey(w.entity);
    if (role == DebtSortRole) {
        switch (index.column()) {
        case AgeColumn:
            return qlonglong(d.ageMs);
        case CountColumn:
            return w.count;
        case GpusColumn:
            return d.gpusAtRisk;
        case CostPerDayColumn:
            return d.countedCostPerDay();
        default:
            role = Qt::DisplayRole;
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() >= CountColumn && index.column() != AcknowledgedColumn)
        return rightAligned();
    if (role == Qt::ForegroundRole && index.column() == AcknowledgedColumn && w.acknowledgedBy.isEmpty())
        return QBrush(QColor(0xff, 0xb3, 0x00)); // an amber light nobody owns
    if (role == Qt::ToolTipRole && index.column() == CostPerDayColumn && !d.hazard.material)
        return tr("A failure within 72 h is %1 likely (%2 to %3), no likelier than for any part of its kind: the "
                  "warning adds nothing to the debt.")
            .arg(percentText(d.hazard.probability), percentText(d.hazard.low), percentText(d.hazard.high));
    if (role == Qt::ToolTipRole && index.column() == RecommendedColumn) {
        const PartRecommendation r = recommendForRisk(d);
        return recommendationWithReason(r.recommendation, m_topology.get(), r.part);
    }
    if (role == Qt::ToolTipRole)
        return tr("%1 on %2 since %3 (%4 ago), last at %5. If it fails, it takes %n GPU(s) of running jobs with it.",
                  "", int(d.gpusAtRisk))
            .arg(data(index.siblingAtColumn(WarningColumn)).toString(), entityName(m_topology.get(), w.entity),
                 shortClock(w.firstMs), durationText(d.ageMs), shortClock(w.lastMs));
    if (role != Qt::DisplayRole)
        return {};
    const QLocale locale;
    switch (index.column()) {
    case EntityColumn:
        return entityName(m_topology.get(), w.entity);
    case WarningColumn:
        return w.type == EventType::Xid ? tr("Xid %1").arg(w.code) : eventTypeName(w.type);
    case AgeColumn:
        return durationText(d.ageMs);
    case CountColumn:
        return locale.toString(w.count);
    case AcknowledgedColumn:
        return w.acknowledgedBy.isEmpty() ? tr("nobody") : w.acknowledgedBy;
    case GpusColumn:
        return locale.toString(d.gpusAtRisk);
    case CostPerDayColumn:
        return d.hazard.material ? money(d.countedCostPerDay()) : tr("base rate");
    case RecommendedColumn: {
        return recommendationShortText(recommendForRisk(d).recommendation);
    }
    default:
        return {};
    }
}

std::optional<PartRecommendation> DebtTableModel::recommendationAt(int row) const
{
    if (row < 0 || size_t(row) >= m_rows.size())
        return std::nullopt;
    return recommendForRisk(m_rows[size_t(row)]);
}

QVariant DebtTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole && section == CostPerDayColumn)
        return tr("The chance a day that a warning of this kind is followed by a failure (learned from this "
                  "history) × the GPUs of running jobs within its reach × what a failure has cost per GPU × the "
                  "price per GPU-hour.");
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case EntityColumn:
        return tr("Entity");
    case WarningColumn:
        return tr("Warning");
    case AgeColumn:
        return tr("Open for");
    case CountColumn:
        return tr("Times");
    case AcknowledgedColumn:
        return tr("Acknowledged by");
    case GpusColumn:
        return tr("GPUs at risk");
    case CostPerDayColumn:
        return tr("Expected cost / day");
    case RecommendedColumn:
        return tr("Recommended");
    default:
        return {};
    }
}

LemonTableModel::LemonTableModel(QObject *parent)
    : KeyedTableModel(parent)
{ }

void LemonTableModel::setAnalysis(const IncidentAnalysis &analysis)
{
    if (!sameTopology(m_topology, analysis.topology())) {
        beginResetModel();
        m_rows.clear();
        m_topology = analysis.topology();
        endResetModel();
    }
    replaceRows(m_rows, analysis.lemons(), [](const Lemon &l) { return entityKey(l.entity); });
}

int LemonTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int LemonTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LemonTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || size_t(index.row()) >= m_rows.size())
        return {};
    const Lemon &l = m_rows[size_t(index.row())];
    if (role == DebtEntityRole)
        return entityKey(l.entity);
    if (role == DebtSortRole && index.column() != EntityColumn)
        return index.column() == FailuresColumn ? QVariant(l.failures) : QVariant(l.lostGpuHours);
    if (role == Qt::TextAlignmentRole && index.column() != EntityColumn)
        return rightAligned();
    if (role != Qt::DisplayRole && role != DebtSortRole)
        return {};
    switch (index.column()) {
    case EntityColumn:
        return entityName(m_topology.get(), l.entity);
    case FailuresColumn:
        return QLocale().toString(l.failures);
    case LostColumn:
        return QLocale().toString(l.lostGpuHours, 'f', 0);
    default:
        return {};
    }
}

QVariant LemonTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case EntityColumn:
        return tr("Entity");
    case FailuresColumn:
        return tr("Incidents caused");
    case LostColumn:
        return tr("Lost GPU-h");
    default:
        return {};
    }
}

InterventionTableModel::InterventionTableModel(QObject *parent)
    : KeyedTableModel(parent)
{ }

void InterventionTableModel::setAnalysis(const IncidentAnalysis &analysis)
{
    std::map<uint64_t, QString> jobOf;
    for (const Incident &i : analysis.incidents())
        jobOf[i.id] = i.jobId;
    const auto &actions = analysis.totals().interventions;
    std::vector<Row> fresh;
    fresh.reserve(actions.size());
    for (auto it = actions.rbegin(); it != actions.rend(); ++it) // newest first
        fresh.push_back({ *it, it->incidentId ? jobOf[it->incidentId] : QString() });
    replaceRows(m_rows, std::move(fresh), [](const Row &r) { return std::pair(r.action.eventId, r.action.timeMs); });
}

int InterventionTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int InterventionTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant InterventionTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || size_t(index.row()) >= m_rows.size())
        return {};
    const Row &r = m_rows[size_t(index.row())];
    const Intervention &v = r.action;
    if (role == DebtIncidentRole)
        return qulonglong(v.incidentId);
    if (role == DebtSortRole) {
        switch (index.column()) {
        case TimeColumn:
            return qlonglong(v.timeMs);
        case NightColumn:
            return v.atNight ? 1 : 0;
        case EffortColumn:
            return qlonglong(v.effortMs);
        case AnsweredColumn:
            return qlonglong(v.incidentId ? v.sinceFailureMs : -1);
        default:
            role = Qt::DisplayRole;
        }
    }
    if (role == Qt::ForegroundRole && index.column() == NightColumn && v.atNight)
        return QBrush(QColor(0x9d, 0x8c, 0xff));
    if (role == Qt::TextAlignmentRole && index.column() == EffortColumn)
        return rightAligned();
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case TimeColumn:
        return shortClock(v.timeMs);
    case OperatorColumn:
        return v.who.isEmpty() ? tr("(automation)") : v.who;
    case ActionColumn:
        return eventTypeName(v.action);
    case NightColumn:
        return v.atNight ? tr("night") : QString();
    case EffortColumn:
        return durationText(v.effortMs);
    case AnsweredColumn:
        return v.incidentId ? tr("%1, %2 after the failure").arg(r.job, durationText(v.sinceFailureMs)) : QString();
    default:
        return {};
    }
}

QVariant InterventionTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole && section == EffortColumn)
        return tr("Nothing in the event stream measures hands-on time: each action is counted at the typical "
                  "time an action of its kind takes (docs/cost-model.md).");
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn:
        return tr("Time (UTC)");
    case OperatorColumn:
        return tr("Who");
    case ActionColumn:
        return tr("Action");
    case NightColumn:
        return tr("Night");
    case EffortColumn:
        return tr("Hands-on");
    case AnsweredColumn:
        return tr("Answered");
    default:
        return {};
    }
}

} // namespace vigil
