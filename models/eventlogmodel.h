// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "domain/topology.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

#include <deque>
#include <memory>

namespace vigil {

// What happened, newest first: warnings, job events and operators' actions as
// they arrive, capped so a long night does not grow without bound.
class EventLogModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        TimeColumn,
        SeverityColumn,
        TypeColumn,
        EntityColumn,
        JobColumn,
        MessageColumn,
        OperatorColumn,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole + 1,
        SeverityRole,
        TypeRole,
        EventIdRole
    };

    explicit EventLogModel(QObject *parent = nullptr, size_t capacity = 5000);

    void setTopology(std::shared_ptr<const Topology> topology);
    // Adds events (in time order); the newest ends up at row 0.
    void append(const std::vector<Event> &events);
    void clear();
    const Event &eventAt(int row) const { return m_events[size_t(row)]; }
    // The newest events about one entity (or the job it names), newest first.
    std::vector<Event> recentFor(EntityRef entity, size_t max) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    // The message column: the event's text, and the instant a shared bookmark marks.
    static QString messageText(const Event &e);
    std::shared_ptr<const Topology> m_topology;
    std::deque<Event> m_events; // front = newest
    size_t m_capacity;
};

// Which events the log shows.
class EventFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    enum class Level
    {
        Everything,
        WithoutRoutine, // everything but checkpoints and acknowledgements
        WarningsAndActions, // warnings, critical events and operators' actions
    };
    explicit EventFilterProxy(QObject *parent = nullptr);
    void setLevel(Level level);
    Level level() const { return m_level; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    Level m_level = Level::WithoutRoutine;
};

} // namespace vigil
