// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventlogmodel.h"
#include "domain/threadaffinity.h"

#include "eventdescription.h"
#include "remedytext.h"

#include <QBrush>
#include <QColor>
#include <QDateTime>

namespace vigil {

EventLogModel::EventLogModel(QObject *parent, size_t capacity)
    : QAbstractTableModel(parent)
    , m_capacity(std::max<size_t>(1, capacity))
{ }

void EventLogModel::setTopology(std::shared_ptr<const Topology> topology)
{
    checkThreadOf(this, Q_FUNC_INFO);
    m_topology = std::move(topology);
    if (!m_events.empty())
        Q_EMIT dataChanged(index(0, EntityColumn), index(rowCount() - 1, EntityColumn));
}

void EventLogModel::clear()
{
    checkThreadOf(this, Q_FUNC_INFO);
    beginResetModel();
    m_events.clear();
    endResetModel();
}

void EventLogModel::append(const std::vector<Event> &events)
{
    checkThreadOf(this, Q_FUNC_INFO);
    if (events.empty())
        return;
    const size_t incoming = std::min(events.size(), m_capacity);
    const size_t overflow = m_events.size() + incoming > m_capacity ? m_events.size() + incoming - m_capacity : 0;
    if (overflow > 0) {
        beginRemoveRows({}, int(m_events.size() - overflow), int(m_events.size() - 1));
        m_events.erase(m_events.end() - long(overflow), m_events.end());
        endRemoveRows();
    }
    beginInsertRows({}, 0, int(incoming) - 1);
    for (auto it = events.end() - long(incoming); it != events.end(); ++it)
        m_events.push_front(*it);
    endInsertRows();
}

std::vector<Event> EventLogModel::recentFor(EntityRef entity, size_t max) const
{
    std::vector<Event> out;
    for (const Event &e : m_events) {
        if (out.size() >= max)
            break;
        if (e.entity == entity)
            out.push_back(e);
    }
    return out;
}

int EventLogModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_events.size());
}

int EventLogModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EventLogModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Event &e = m_events[size_t(index.row())];
    switch (role) {
    case SeverityRole:
        return int(e.severity);
    case TypeRole:
        return int(e.type);
    case EventIdRole:
        return qulonglong(e.id);
    case SortRole:
        switch (index.column()) {
        case TimeColumn:
            return qlonglong(e.timeMs);
        case SeverityColumn:
            return int(e.severity);
        default:
            return data(index, Qt::DisplayRole);
        }
    case Qt::ForegroundRole:
        // Colour repeats what the severity column says in words; it never says it alone.
        if (index.column() == SeverityColumn && e.severity == Severity::Critical)
            return QBrush(QColor(0xf8, 0x51, 0x49));
        if (index.column() == SeverityColumn && e.severity == Severity::Warning)
            return QBrush(QColor(0xd2, 0x99, 0x22));
        return {};
    case Qt::ToolTipRole:
        return messageText(e);
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (index.column()) {
    case TimeColumn:
        return QDateTime::fromMSecsSinceEpoch(e.timeMs, Qt::UTC).toString(QStringLiteral("MM-dd HH:mm:ss"));
    case SeverityColumn:
        return severityName(e.severity);
    case TypeColumn:
        return e.type == EventType::Xid                  ? tr("Xid %1").arg(e.code)
            : e.type == EventType::Note && e.aboutMs > 0 ? tr("Bookmark")
                                                         : eventTypeName(e.type);
    case EntityColumn:
        return entityName(m_topology.get(), e.entity);
    case JobColumn:
        return e.jobId;
    case MessageColumn:
        return messageText(e);
    case OperatorColumn:
        return e.operatorName;
    }
    return {};
}

QString EventLogModel::messageText(const Event &e)
{
    // A shared bookmark is written now about another instant: the log says which.
    if (e.type == EventType::Note && e.aboutMs > 0)
        return tr("%1 (marks %2 UTC)")
            .arg(e.message,
                 QDateTime::fromMSecsSinceEpoch(e.aboutMs, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
    // An NVLink error names its link and, in its registers, the kind of fault: said in words.
    if (e.type == EventType::Xid && e.code == 74)
        if (const QString link = nvlinkDiagnosisText(e.message); !link.isEmpty())
            return QStringLiteral("%1 — %2").arg(link, e.message);
    return e.message;
}

QVariant EventLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn:
        return tr("Time (UTC)");
    case SeverityColumn:
        return tr("Severity");
    case TypeColumn:
        return tr("Event");
    case EntityColumn:
        return tr("Where");
    case JobColumn:
        return tr("Job");
    case MessageColumn:
        return tr("Details");
    case OperatorColumn:
        return tr("Operator");
    }
    return {};
}

EventFilterProxy::EventFilterProxy(QObject *parent)
    : QSortFilterProxyModel(parent)
{ }

void EventFilterProxy::setLevel(Level level)
{
    if (level == m_level)
        return;
    m_level = level;
    invalidateFilter(); // Qt 6.4 has no begin/endFilterChange yet
}

bool EventFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    const auto type = EventType(index.data(EventLogModel::TypeRole).toInt());
    const auto severity = Severity(index.data(EventLogModel::SeverityRole).toInt());
    switch (m_level) {
    case Level::Everything:
        return true;
    case Level::WithoutRoutine:
        return type != EventType::CheckpointSaved && type != EventType::Acknowledge;
    case Level::WarningsAndActions:
        return severity >= Severity::Warning || (isOperatorAction(type) && type != EventType::Acknowledge);
    }
    return true;
}

} // namespace vigil
