// SPDX-License-Identifier: GPL-3.0-or-later
#include "alarmtreemodel.h"
#include "domain/threadaffinity.h"

#include "debtmodels.h"
#include "domain/blastradius.h"
#include "eventdescription.h"
#include "keyedtablemodel.h"

#include <QBrush>
#include <QColor>
#include <QCoreApplication>
#include <QFont>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_map>

namespace vigil {

namespace {

struct AlarmTreeModelTr
{
    Q_DECLARE_TR_FUNCTIONS(AlarmTreeModel)
};

constexpr quintptr GroupRow = 0; // internalId of a group row; an alarm's is its group's id (from 1)

QColor priorityColour(AlarmPriority p)
{
    switch (p) {
    case AlarmPriority::Critical:
        return QColor(0xff, 0x4d, 0x4d);
    case AlarmPriority::High:
        return QColor(0xff, 0x8c, 0x1a);
    case AlarmPriority::Medium:
        return QColor(0xff, 0xc4, 0x00);
    case AlarmPriority::Low:
        break;
    }
    return QColor(0x8a, 0xb4, 0xf8);
}

} // namespace

QString alarmStateName(AlarmState state)
{
    switch (state) {
    case AlarmState::Normal:
        return AlarmTreeModelTr::tr("normal");
    case AlarmState::Unacknowledged:
        return AlarmTreeModelTr::tr("UNACKNOWLEDGED");
    case AlarmState::Acknowledged:
        return AlarmTreeModelTr::tr("acknowledged");
    case AlarmState::ReturnedUnacknowledged:
        return AlarmTreeModelTr::tr("returned, unacknowledged");
    case AlarmState::Shelved:
        return AlarmTreeModelTr::tr("shelved");
    case AlarmState::SuppressedByDesign:
        return AlarmTreeModelTr::tr("suppressed (drained)");
    case AlarmState::OutOfService:
        return AlarmTreeModelTr::tr("out of service");
    }
    return {};
}

namespace {

// The gateway's default threshold rules and its grouping, as it words them (alarmbook.cpp), in
// the reader's language. A site's own rule descriptions are shown as the site wrote them.
QString translatedThresholdMessage(const QString &message)
{
    static const char *const Defaults[] = {
        QT_TRANSLATE_NOOP("AlarmTreeModel", "GPU above 85 °C"),
        QT_TRANSLATE_NOOP("AlarmTreeModel", "HBM above 95 °C"),
        QT_TRANSLATE_NOOP("AlarmTreeModel", "inlet air above 32 °C"),
        QT_TRANSLATE_NOOP("AlarmTreeModel", "PDU above 90 % of its rating"),
    };
    static const QRegularExpression grouped(QStringLiteral("^(.*): (\\d+) (GPU|GPUs|node|nodes) of the rack$"));
    QString description = message;
    int members = -1;
    bool gpus = true;
    if (const QRegularExpressionMatch m = grouped.match(message); m.hasMatch()) {
        description = m.captured(1);
        members = m.captured(2).toInt();
        gpus = m.captured(3).startsWith(QLatin1String("GPU"));
    }
    for (const char *known : Defaults)
        if (description == QString::fromUtf8(known))
            description = AlarmTreeModelTr::tr(known);
    if (members < 0)
        return description;
    return gpus ? AlarmTreeModelTr::tr("%1: %n GPU(s) of the rack", "", members).arg(description)
                : AlarmTreeModelTr::tr("%1: %n node(s) of the rack", "", members).arg(description);
}

} // namespace

QString alarmConditionName(const Alarm &a)
{
    if (a.isThreshold())
        return translatedThresholdMessage(a.message);
    return a.sourceType == EventType::Xid ? AlarmTreeModelTr::tr("Xid %1").arg(a.code) : eventTypeName(a.sourceType);
}

QString alarmTitle(const Alarm &a, const Topology *topology)
{
    return AlarmTreeModelTr::tr("%1 on %2").arg(alarmConditionName(a), entityName(topology, a.entity));
}

QString alarmPriorityName(AlarmPriority priority)
{
    switch (priority) {
    case AlarmPriority::Critical:
        return AlarmTreeModelTr::tr("critical");
    case AlarmPriority::High:
        return AlarmTreeModelTr::tr("high");
    case AlarmPriority::Medium:
        return AlarmTreeModelTr::tr("medium");
    case AlarmPriority::Low:
        return AlarmTreeModelTr::tr("low");
    }
    return {};
}

bool AlarmActivationWatch::isNew(const Alarm &alarm)
{
    const auto seen = m_raisedSeen.find(alarm.id);
    const bool fresh = seen == m_raisedSeen.end() || seen->second != alarm.raisedMs;
    if (fresh && alarm.raisedMs > 0)
        m_raisedSeen[alarm.id] = alarm.raisedMs;
    return fresh;
}

bool annunciates(const Alarm &alarm)
{
    return alarm.state() != AlarmState::Shelved && !alarm.suppressed && !alarm.outOfService;
}

void placeInGroups(std::vector<AlarmActivation> &arriving, const std::vector<AlarmGroup> &groups)
{
    if (arriving.empty())
        return;
    // Each arriving alarm is counted under the group the operator sees it in: alarms joining one
    // group within ten minutes ask one look, not one each (FloodFigures::faced).
    std::unordered_map<uint64_t, uint64_t> groupOf;
    for (const AlarmActivation &a : arriving)
        groupOf.emplace(a.alarmId, 0);
    for (const AlarmGroup &g : groups) {
        const uint64_t key = std::max<uint64_t>(1, qHash(g.key));
        for (const Alarm &a : g.alarms)
            if (const auto it = groupOf.find(a.id); it != groupOf.end())
                it->second = key;
    }
    for (AlarmActivation &a : arriving)
        a.groupKey = groupOf[a.alarmId];
}

std::optional<int64_t> parseShelveDuration(const QString &text)
{
    static const QRegularExpression form(QStringLiteral("^\\s*([0-9]+(?:[.,][0-9]+)?)\\s*(min|m|h|d)?\\s*$"),
                                         QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = form.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    const double amount = QString(m.captured(1)).replace(QLatin1Char(','), QLatin1Char('.')).toDouble();
    const QString unit = m.captured(2).toLower();
    const double minutes = unit == QLatin1String("h") ? amount * 60.0
        : unit == QLatin1String("d")                  ? amount * 1440.0
                                                      : amount;
    if (!std::isfinite(minutes))
        return std::nullopt;
    return int64_t(std::llround(minutes * 60000.0));
}

namespace {

// The row of racks an alarm's entity is in (its first GPU's); nullopt where it has none.
std::optional<uint32_t> rowOfEntity(const Topology &topology, EntityRef entity)
{
    const std::optional<uint32_t> gpu = firstGpuAffectedBy(topology, entity);
    if (!gpu || *gpu >= topology.gpus.size())
        return std::nullopt;
    const uint32_t rack = topology.rackOfGpu(*gpu);
    return rack < topology.racks.size() ? std::optional(topology.racks[rack].rowIndex) : std::nullopt;
}

} // namespace

std::vector<AlarmGroup> groupAlarms(const std::vector<Alarm> &alarms, const IncidentAnalysis *analysis, int64_t nowMs,
                                    bool withNormal, const Topology *topology)
{
    std::vector<AlarmGroup> groups;
    std::map<uint64_t, size_t> groupOfIncident;
    // The incidents still worth grouping under: open, or failed within the last day.
    std::vector<std::pair<size_t, std::vector<EntityRef>>> recent;
    if (analysis)
        for (size_t i = 0; i < analysis->incidents().size() && i < analysis->attributions().size(); ++i) {
            const Incident &incident = analysis->incidents()[i];
            if (incident.failedMs > nowMs
                || (incident.state != Incident::State::Open && nowMs - incident.failedMs > 86400000))
                continue;
            std::vector<EntityRef> causes;
            for (const CauseCandidate &c : analysis->attributions()[i].ranked)
                causes.push_back(c.entity);
            recent.emplace_back(i, std::move(causes));
        }
    std::vector<AlarmGroup> loose;
    std::vector<QString> looseCondition; // of each loose group
    std::map<std::pair<QString, int64_t>, size_t> looseGroupOf; // (condition, row: -1 for none)
    for (const Alarm &a : alarms) {
        if (!withNormal && a.state() == AlarmState::Normal)
            continue;
        std::optional<size_t> home;
        for (auto it = recent.rbegin(); it != recent.rend() && !home; ++it) // the newest incident first
            if (std::find(it->second.begin(), it->second.end(), a.entity) != it->second.end())
                home = it->first;
        if (!home) {
            const QString condition = alarmConditionName(a);
            const std::optional<uint32_t> row = topology ? rowOfEntity(*topology, a.entity) : std::nullopt;
            auto [at, fresh] = looseGroupOf.emplace(std::pair(condition, row ? int64_t(*row) : -1), loose.size());
            if (fresh) {
                AlarmGroup g;
                g.key = QStringLiteral("cause:%1@%2").arg(condition).arg(row ? int64_t(*row) : -1);
                g.title = row && *row < topology->rows.size()
                    ? AlarmTreeModelTr::tr("%1 in row %2").arg(condition, topology->rows[*row].name)
                    : condition;
                loose.push_back(std::move(g));
                looseCondition.push_back(condition);
            }
            loose[at->second].alarms.push_back(a);
            continue;
        }
        const Incident &incident = analysis->incidents()[*home];
        auto [at, fresh] = groupOfIncident.emplace(incident.id, groups.size());
        if (fresh) {
            AlarmGroup g;
            g.incidentId = incident.id;
            g.key = QStringLiteral("incident:%1").arg(incident.id);
            g.title = AlarmTreeModelTr::tr("Incident: %1, %2 at %3")
                          .arg(incident.jobId, eventTypeName(incident.kind), shortClock(incident.failedMs));
            groups.push_back(std::move(g));
        }
        groups[at->second].alarms.push_back(a);
    }
    // A row holds a group where the condition gathers (three or more there); a condition met
    // here and there is one group of its own, scattered: a few groups to read, whatever the
    // size of the hall.
    constexpr size_t Gathered = 3;
    if (topology) {
        std::vector<AlarmGroup> placed;
        std::map<QString, size_t> scatteredOf;
        for (size_t k = 0; k < loose.size(); ++k) {
            if (loose[k].alarms.size() >= Gathered) {
                placed.push_back(std::move(loose[k]));
                continue;
            }
            auto [at, fresh] = scatteredOf.emplace(looseCondition[k], placed.size());
            if (fresh) {
                AlarmGroup g;
                g.key = QStringLiteral("cause:%1@scattered").arg(looseCondition[k]);
                g.title = AlarmTreeModelTr::tr("%1, scattered").arg(looseCondition[k]);
                placed.push_back(std::move(g));
            }
            std::vector<Alarm> &into = placed[at->second].alarms;
            into.insert(into.end(), loose[k].alarms.begin(), loose[k].alarms.end());
        }
        loose = std::move(placed);
    }
    // The largest first; ties by what they are, so the order holds from one refresh to the next.
    std::stable_sort(loose.begin(), loose.end(), [](const AlarmGroup &a, const AlarmGroup &b) {
        return a.alarms.size() != b.alarms.size() ? a.alarms.size() > b.alarms.size() : a.key < b.key;
    });
    groups.insert(groups.end(), std::make_move_iterator(loose.begin()), std::make_move_iterator(loose.end()));
    return groups;
}

AlarmTreeModel::AlarmTreeModel(QObject *parent)
    : QAbstractItemModel(parent)
{ }

void AlarmTreeModel::setGroups(std::vector<AlarmGroup> groups, int64_t nowMs, std::shared_ptr<const Topology> topology)
{
    checkThreadOf(this, Q_FUNC_INFO);
    m_nowMs = nowMs;
    std::map<QString, size_t> freshAt;
    bool distinct = true;
    for (size_t g = 0; distinct && g < groups.size(); ++g) {
        distinct = freshAt.emplace(groups[g].key, g).second;
        std::set<uint64_t> ids;
        for (size_t i = 0; distinct && i < groups[g].alarms.size(); ++i)
            distinct = ids.insert(groups[g].alarms[i].id).second;
    }
    if (topology != m_topology || !distinct) { // another cluster (or keys that name two rows): start over
        beginResetModel();
        m_topology = std::move(topology);
        m_groups.clear();
        m_groupIds.clear();
        m_groupOrder.clear();
        m_rowOfGroupId.clear();
        for (size_t g = 0; g < groups.size(); ++g)
            appendGroup(std::move(groups[g]), int(g));
        endResetModel();
        return;
    }
    removeGroupsNotIn(freshAt);
    std::vector<bool> kept(groups.size(), false);
    for (size_t r = 0; r < m_groups.size(); ++r) {
        const size_t at = freshAt.at(m_groups[r].key);
        kept[at] = true;
        m_groupOrder[r] = int(at);
        m_groups[r].incidentId = groups[at].incidentId;
        m_groups[r].title = std::move(groups[at].title);
        replaceAlarms(r, std::move(groups[at].alarms));
    }
    if (!m_groups.empty())
        Q_EMIT dataChanged(index(0, 0), index(int(m_groups.size()) - 1, ColumnCount - 1));
    const auto added = int(std::count(kept.begin(), kept.end(), false));
    if (added == 0)
        return;
    const int first = int(m_groups.size());
    beginInsertRows({}, first, first + added - 1);
    for (size_t g = 0; g < groups.size(); ++g)
        if (!kept[g])
            appendGroup(std::move(groups[g]), int(g));
    endInsertRows();
}

void AlarmTreeModel::appendGroup(AlarmGroup group, int order)
{
    m_groups.push_back(std::move(group));
    m_groupIds.push_back(m_nextGroupId++);
    m_groupOrder.push_back(order);
    m_rowOfGroupId.insert(m_groupIds.back(), m_groups.size() - 1);
}

void AlarmTreeModel::removeGroupsNotIn(const std::map<QString, size_t> &freshAt)
{
    // In contiguous blocks, from the bottom up; the rows below a block move up.
    for (int r = int(m_groups.size()) - 1; r >= 0;) {
        if (freshAt.count(m_groups[size_t(r)].key)) {
            --r;
            continue;
        }
        int first = r;
        while (first > 0 && !freshAt.count(m_groups[size_t(first - 1)].key))
            --first;
        beginRemoveRows({}, first, r);
        m_groups.erase(m_groups.begin() + first, m_groups.begin() + r + 1);
        m_groupIds.erase(m_groupIds.begin() + first, m_groupIds.begin() + r + 1);
        m_groupOrder.erase(m_groupOrder.begin() + first, m_groupOrder.begin() + r + 1);
        m_rowOfGroupId.clear();
        for (size_t g = 0; g < m_groupIds.size(); ++g)
            m_rowOfGroupId.insert(m_groupIds[g], g);
        endRemoveRows();
        r = first - 1;
    }
}

void AlarmTreeModel::replaceAlarms(size_t row, std::vector<Alarm> fresh)
{
    // By id, as a table's rows are: the view keeps what is expanded and selected. (setGroups has
    // already refused ids given twice.)
    struct Steps
    {
        AlarmTreeModel *model;
        QModelIndex parent;
        void removing(int first, int last) { model->beginRemoveRows(parent, first, last); }
        void removed() { model->endRemoveRows(); }
        void changed(int first, int last)
        {
            Q_EMIT model->dataChanged(model->index(first, 0, parent), model->index(last, ColumnCount - 1, parent));
        }
        void inserting(int first, int last) { model->beginInsertRows(parent, first, last); }
        void inserted() { model->endInsertRows(); }
    };
    replaceKeyedRows(
        m_groups[row].alarms, fresh, [](const Alarm &a) { return a.id; }, Steps { this, index(int(row), 0) });
}

size_t AlarmTreeModel::groupRowOf(quintptr groupId) const
{
    return m_rowOfGroupId.value(groupId, m_groups.size());
}

const Alarm *AlarmTreeModel::alarmAt(const QModelIndex &index) const
{
    if (!index.isValid() || index.internalId() == GroupRow)
        return nullptr;
    const size_t g = groupRowOf(index.internalId());
    if (g >= m_groups.size() || size_t(index.row()) >= m_groups[g].alarms.size())
        return nullptr;
    return &m_groups[g].alarms[size_t(index.row())];
}

QModelIndex AlarmTreeModel::indexOf(uint64_t alarmId) const
{
    for (size_t g = 0; g < m_groups.size(); ++g)
        for (size_t i = 0; i < m_groups[g].alarms.size(); ++i)
            if (m_groups[g].alarms[i].id == alarmId)
                return createIndex(int(i), 0, m_groupIds[g]);
    return {};
}

const AlarmGroup *AlarmTreeModel::groupAt(const QModelIndex &index) const
{
    if (!index.isValid() || index.internalId() != GroupRow || size_t(index.row()) >= m_groups.size())
        return nullptr;
    return &m_groups[size_t(index.row())];
}

QModelIndex AlarmTreeModel::indexOfGroup(const QString &key) const
{
    for (size_t g = 0; g < m_groups.size(); ++g)
        if (m_groups[g].key == key)
            return createIndex(int(g), 0, GroupRow);
    return {};
}

size_t AlarmTreeModel::alarmCount() const
{
    size_t n = 0;
    for (const AlarmGroup &g : m_groups)
        n += g.alarms.size();
    return n;
}

QModelIndex AlarmTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (!parent.isValid())
        return size_t(row) < m_groups.size() ? createIndex(row, column, GroupRow) : QModelIndex();
    if (parent.internalId() != GroupRow || size_t(parent.row()) >= m_groups.size()
        || size_t(row) >= m_groups[size_t(parent.row())].alarms.size())
        return {};
    return createIndex(row, column, m_groupIds[size_t(parent.row())]);
}

QModelIndex AlarmTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == GroupRow)
        return {};
    const size_t g = groupRowOf(child.internalId());
    return g < m_groups.size() ? createIndex(int(g), 0, GroupRow) : QModelIndex();
}

int AlarmTreeModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_groups.size());
    if (parent.internalId() == GroupRow && parent.column() == 0 && size_t(parent.row()) < m_groups.size())
        return int(m_groups[size_t(parent.row())].alarms.size());
    return 0;
}

int AlarmTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant AlarmTreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    if (const Alarm *a = alarmAt(index))
        return alarmData(*a, index.column(), role);
    if (index.internalId() != GroupRow || size_t(index.row()) >= m_groups.size())
        return {};
    const AlarmGroup &g = m_groups[size_t(index.row())];
    if (role == AlarmIdRole)
        return qulonglong(0);
    if (role == SortRole)
        return -double(m_groupOrder[size_t(index.row())]); // incidents, then the largest causes
    if (role == Qt::FontRole) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::DisplayRole && index.column() == 0)
        return AlarmTreeModelTr::tr("%1 (%n alarm(s))", "", int(g.alarms.size())).arg(g.title);
    return {};
}

QVariant AlarmTreeModel::alarmData(const Alarm &a, int column, int role) const
{
    const AlarmState state = a.state();
    switch (role) {
    case AlarmIdRole:
        return qulonglong(a.id);
    case EntityKeyRole:
        return entityKey(a.entity);
    case SortRole:
        switch (column) {
        case PriorityColumn: // then the newest first
            return double(int(a.priority)) * 1e13 + double(a.raisedMs) / 1000.0;
        case StateColumn:
            return a.needsAcknowledging() ? 2 : (a.active ? 1 : 0);
        case AgeColumn:
            return double(m_nowMs - a.raisedMs);
        default:
            return alarmData(a, column, Qt::DisplayRole);
        }
    case Qt::ForegroundRole:
        if (column == PriorityColumn)
            return QBrush(priorityColour(a.priority));
        if (column == StateColumn && a.needsAcknowledging())
            return QBrush(priorityColour(a.priority));
        if (!a.active || state == AlarmState::Shelved || state == AlarmState::OutOfService
            || state == AlarmState::SuppressedByDesign)
            return QBrush(QColor(0x80, 0x86, 0x8f)); // not asking for anyone
        return {};
    case Qt::FontRole:
        if (a.needsAcknowledging()) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::ToolTipRole: {
        QStringList lines;
        lines << AlarmTreeModelTr::tr("%1: %2").arg(alarmTitle(a, m_topology.get()), a.message);
        lines << AlarmTreeModelTr::tr("Raised %1 (%n time(s) in all)", "", int(a.activations))
                     .arg(shortClock(a.raisedMs));
        if (!a.acknowledgedBy.isEmpty())
            lines
                << AlarmTreeModelTr::tr("Acknowledged by %1 at %2").arg(a.acknowledgedBy, shortClock(a.acknowledgedMs));
        if (a.shelved)
            lines << AlarmTreeModelTr::tr("Shelved by %1 until %2").arg(a.shelvedBy, shortClock(a.shelvedUntilMs));
        if (a.gpusAtRisk)
            lines << AlarmTreeModelTr::tr("%n GPU(s) of running jobs at risk", "", int(a.gpusAtRisk));
        if (a.escalated)
            lines << AlarmTreeModelTr::tr("Escalated");
        if (!a.lastComment.isEmpty())
            lines << a.lastComment;
        return lines.join(QLatin1Char('\n'));
    }
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (column) {
    case PriorityColumn:
        return a.escalated ? AlarmTreeModelTr::tr("%1 ↑").arg(alarmPriorityName(a.priority))
                           : alarmPriorityName(a.priority);
    case StateColumn:
        return state == AlarmState::Shelved
            ? AlarmTreeModelTr::tr("shelved until %1").arg(shortClock(a.shelvedUntilMs).section(QLatin1Char(' '), 1))
            : alarmStateName(state);
    case EntityColumn:
        return entityName(m_topology.get(), a.entity);
    case WhatColumn:
        return alarmConditionName(a);
    case AgeColumn:
        return durationText(std::max<int64_t>(0, m_nowMs - a.raisedMs));
    case JobColumn:
        return a.gpusAtRisk ? AlarmTreeModelTr::tr("%1 (%2 GPUs)").arg(a.jobId, QLocale().toString(a.gpusAtRisk))
                            : QString();
    case OwnerColumn:
        return a.owner;
    case CommentColumn:
        return a.lastComment;
    default:
        return {};
    }
}

QVariant AlarmTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case PriorityColumn:
        return AlarmTreeModelTr::tr("Priority");
    case StateColumn:
        return AlarmTreeModelTr::tr("State");
    case EntityColumn:
        return AlarmTreeModelTr::tr("Entity");
    case WhatColumn:
        return AlarmTreeModelTr::tr("Alarm");
    case AgeColumn:
        return AlarmTreeModelTr::tr("Age");
    case JobColumn:
        return AlarmTreeModelTr::tr("Job at risk");
    case OwnerColumn:
        return AlarmTreeModelTr::tr("Owner");
    case CommentColumn:
        return AlarmTreeModelTr::tr("Latest comment");
    default:
        return {};
    }
}

} // namespace vigil
