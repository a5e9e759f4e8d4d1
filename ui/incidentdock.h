// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/incidentanalysis.h"

#include <QDockWidget>

class QLabel;
class QTableView;

namespace vigil {

class IncidentTableModel;

// Incidents as they happen: when, which job, the cause, how long it had warned,
// what it cost, whether it was preventable; the selected one told as a story;
// the cost of grit for the whole period above them.
class IncidentDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit IncidentDock(QWidget *parent = nullptr);
    void showAnalysis(const IncidentAnalysis &analysis);
    IncidentTableModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QString totalsText() const;
    QString storyText() const;
    bool selectIncident(uint64_t id);

Q_SIGNALS:
    // The incident chosen, its failure time and its cause (if one was named).
    void incidentActivated(uint64_t incidentId, int64_t failedMs, int job, std::optional<vigil::EntityRef> cause);

private:
    void showStory();

    IncidentTableModel *m_model;
    QTableView *m_view;
    QLabel *m_totals;
    QLabel *m_story;
    const IncidentAnalysis *m_analysis = nullptr;
};

} // namespace vigil
