// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "domain/topology.h"

#include <QDockWidget>

#include <memory>

class QComboBox;
class QTableView;

namespace vigil {

class EventFilterProxy;
class EventLogModel;

// The event log: what the cluster and its operators did, newest first, with a
// filter from "everything" to "warnings and actions".
class EventDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit EventDock(QWidget *parent = nullptr);

    void setTopology(std::shared_ptr<const Topology> topology);
    void append(const std::vector<Event> &events);
    EventLogModel *model() const { return m_model; }
    EventFilterProxy *filter() const { return m_filter; }
    // Selects and shows the event with this id (widening the filter if it hides it).
    // False when the log no longer holds it.
    // Selects the event and scrolls to it; `bringToFront`: raises the dock (over a tabbed neighbour) too.
    bool selectEvent(uint64_t id, bool bringToFront = true);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    EventLogModel *m_model;
    EventFilterProxy *m_filter;
    QComboBox *m_level;
    QTableView *m_view;
};

} // namespace vigil
