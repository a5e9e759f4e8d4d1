// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/incidentanalysis.h"
#include "analysis/recommendations.h"

#include <QDockWidget>

class QAbstractItemModel;
class QLabel;
class QTabWidget;
class QTableView;
class QToolButton;

namespace vigil {

class DebtTableModel;
class IncidentTableModel;
class InterventionTableModel;
class LemonTableModel;
class SlowdownTableModel;
class FleetTableModel;

// The cost of grit in one place. Above, the totals for the period; below, tabs:
// the incidents as they happen (when, which job, the cause, how long it had
// warned, what it cost, whether it was preventable) with the selected one told
// as a story; the open warnings ranked by what leaving them costs a day; the
// lemons; the interventions ledger; the jobs that trained slower than their healthy
// pace; where hardware failed, job or no job. Bad input met on the way is counted at the foot.
class IncidentDock : public QDockWidget
{
    Q_OBJECT
public:
    enum Tab
    {
        IncidentsTab,
        DebtTab,
        LemonsTab,
        InterventionsTab,
        SlowdownsTab,
        FleetTab,
    };

    explicit IncidentDock(QWidget *parent = nullptr);
    // Held until the next: a newer analysis replaces it, never frees it under the dock.
    void showAnalysis(std::shared_ptr<const IncidentAnalysis> analysis);
    IncidentTableModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QTableView *tableOf(Tab tab) const;
    void showTab(Tab tab);
    QString totalsText() const;
    QString storyText() const;
    QLabel *storyLabel() const { return m_story; }
    QString inputText() const;
    bool selectIncident(uint64_t id);
    // What the selected incident's cause or open warning calls for (the tab shown decides); nullopt: nothing.
    std::optional<PartRecommendation> selectedRecommendation() const;
    // Asks for a hand-off of the selection's recommendation (the "Hand off…" button, Ctrl+Shift+H).
    void requestHandOff();
    // Replayed incidents are history: the button is greyed and says why (the shortcut still says so).
    void setLive(bool live);

Q_SIGNALS:
    // The incident chosen, its failure time and its cause (if one was named).
    void incidentActivated(uint64_t incidentId, int64_t failedMs, int job, std::optional<vigil::EntityRef> cause);
    // An open warning's or a lemon's entity chosen, or one in an incident's story.
    void entityActivated(vigil::EntityRef entity);
    // A step of an incident's story chosen: the clock to its instant.
    void timeRequested(int64_t timeMs);
    // The price or the lead time asked to be changed.
    void settingsRequested();
    // A hand-off of this recommendation asked for (docs/hand-off.md).
    void handOffRequested(const vigil::PartRecommendation &recommended);

private:
    QTableView *addTable(QAbstractItemModel *model, int sortColumn, Qt::SortOrder order, int stretchColumn,
                         const QString &title);
    void showStory();
    void updateTabTitles();
    void updateHandOff();

    IncidentTableModel *m_model;
    DebtTableModel *m_debt;
    LemonTableModel *m_lemons;
    InterventionTableModel *m_interventions;
    SlowdownTableModel *m_slowdowns;
    FleetTableModel *m_fleet;
    QTabWidget *m_tabs;
    QTableView *m_view = nullptr;
    QLabel *m_totals;
    QLabel *m_story;
    bool m_pickedByPress = false; // the current row changed under a mouse press: its click picks nothing more
    QLabel *m_input;
    QToolButton *m_handOff;
    bool m_live = true;
    std::shared_ptr<const IncidentAnalysis> m_analysis;
};

} // namespace vigil
