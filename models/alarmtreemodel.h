// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/incidentanalysis.h"
#include "domain/alarm.h"

#include <QAbstractItemModel>
#include <QHash>

#include <map>
#include <optional>

namespace vigil {

// Alarms under the incident they belong to, or, of no incident, under their cause and place.
struct AlarmGroup
{
    uint64_t incidentId = 0; // 0: the alarms of no incident
    QString key; // "incident:ID", or "cause:CONDITION@ROW": what the group is, whatever its title says
    QString title;
    std::vector<Alarm> alarms;
};

// An alarm belongs to an incident that is open, or failed within the last day, when
// its entity is among the incident's candidate causes. The others are grouped by cause
// and place: one condition (Xid 79, correctable ECC, a threshold) in one row of racks,
// the largest group first, so that hundreds of alarms read as the few things that are
// wrong. Normal alarms are left out unless `withNormal`.
std::vector<AlarmGroup> groupAlarms(const std::vector<Alarm> &alarms, const IncidentAnalysis *analysis, int64_t nowMs,
                                    bool withNormal, const Topology *topology = nullptr);

// Which alarms were raised since the last look, as the flood figures count them.
class AlarmActivationWatch
{
public:
    // Whether `alarm` is new since the last look: seen for the first time, or raised again.
    // Notes it, once it has been raised.
    bool isNew(const Alarm &alarm);
    void clear() { m_raisedSeen.clear(); }

private:
    std::map<uint64_t, int64_t> m_raisedSeen; // alarm -> the activation last seen
};

// Whether an alarm's activation reaches an operator: not shelved, suppressed or out of service.
bool annunciates(const Alarm &alarm);

// Each activation under the group that `groups` (groupAlarms) shows its alarm in: alarms joining
// one group within ten minutes are one thing to look at (FloodFigures::faced). An alarm in no
// group (a normal one, left out) keeps 0 and counts alone.
void placeInGroups(std::vector<AlarmActivation> &arriving, const std::vector<AlarmGroup> &groups);

// "5 min", "2 h", "1.5 d", "90" (minutes): how long to shelve; nullopt when it is not a duration.
std::optional<int64_t> parseShelveDuration(const QString &text);

QString alarmStateName(AlarmState state);
QString alarmPriorityName(AlarmPriority priority);
// What an alarm is about, in words: "Xid 79", "Correctable ECC", or a threshold's description.
QString alarmConditionName(const Alarm &alarm);
// The alarm as an operator names it: its condition on its entity ("Xid 79 on GPU 5 of a01r01n1").
QString alarmTitle(const Alarm &alarm, const Topology *topology);

// The alarm list as a two-level tree: groups, then their alarms (priority, state,
// entity, what, age, job at risk, owner, latest comment).
class AlarmTreeModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Column
    {
        PriorityColumn,
        StateColumn,
        EntityColumn,
        WhatColumn,
        AgeColumn,
        JobColumn,
        OwnerColumn,
        CommentColumn,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole + 1,
        AlarmIdRole, // 0 on a group row
        EntityKeyRole, // (kind << 32) | index
    };

    explicit AlarmTreeModel(QObject *parent = nullptr);
    // Groups by key and alarms by id: one that comes is a row inserted, one that goes a row removed,
    // the rest updated in place. Only another cluster's alarms reset the model.
    void setGroups(std::vector<AlarmGroup> groups, int64_t nowMs, std::shared_ptr<const Topology> topology);
    const Alarm *alarmAt(const QModelIndex &index) const;
    QModelIndex indexOf(uint64_t alarmId) const;
    // The group a group row shows (nullptr on an alarm's row), and a group's row by its key.
    const AlarmGroup *groupAt(const QModelIndex &index) const;
    QModelIndex indexOfGroup(const QString &key) const;
    size_t alarmCount() const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant alarmData(const Alarm &a, int column, int role) const;
    void appendGroup(AlarmGroup group, int order);
    void removeGroupsNotIn(const std::map<QString, size_t> &freshAt);
    void replaceAlarms(size_t row, std::vector<Alarm> fresh);
    size_t groupRowOf(quintptr groupId) const; // m_groups.size() when no group has it

    // An alarm's index carries its group's id, not its row: the rows above may go.
    std::vector<AlarmGroup> m_groups;
    std::vector<quintptr> m_groupIds; // per row
    std::vector<int> m_groupOrder; // per row: its place in the order given (the proxy sorts by it)
    QHash<quintptr, size_t> m_rowOfGroupId;
    quintptr m_nextGroupId = 1;
    int64_t m_nowMs = 0;
    std::shared_ptr<const Topology> m_topology;
};

} // namespace vigil
