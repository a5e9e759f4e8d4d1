// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chart/timeserieschart.h"
#include "domain/event.h"
#include "traininghistory.h"

#include <QDockWidget>
#include <QElapsedTimer>
#include <QTimer>

#include <map>
#include <tuple>

class QComboBox;
class QCheckBox;
class QTabWidget;

namespace vigil {

// Training health of one job at a glance: loss (against step or wall time),
// tokens/s and step time, with restarts, crashes, rollbacks, checkpoints,
// operators' actions and the hardware warnings of the job's GPUs as markers; the
// steps a rollback recomputes and the wall time it lost shaded. The time charts
// share their x range.
class TrainingDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit TrainingDock(QWidget *parent = nullptr);
    void setTopology(std::shared_ptr<const Topology> topology);
    void update(const ClusterState &state);
    // Live: the job readings that arrived (each at its own time), then the power from
    // the state; `startOver` drops what the charts held first.
    void update(const ClusterState &state, const std::vector<JobReading> &readings, bool startOver);
    // Replaces what the dock has seen (a replay jumped): a rebuilt history, or none.
    void resetHistory(TrainingHistory history = {});
    void addEvents(const std::vector<Event> &events);
    // Events older than any the dock holds (a replay's history before the jump's hand-over).
    void addEarlierEvents(const std::vector<Event> &events);
    void setJob(int job);
    int job() const { return m_job; }
    void setLossAgainstStep(bool byStep);
    // Shows the time charts (and the loss, when against time) over [fromMs, toMs]: an incident and its surroundings.
    // The markers of these events stand out on every chart (the incident being looked at).
    void highlightEvents(const std::vector<uint64_t> &eventIds);
    void focusOn(int64_t fromMs, int64_t toMs);
    TimeSeriesChart *lossChart() const { return m_loss; }
    TimeSeriesChart *throughputChart() const { return m_tokens; }
    TimeSeriesChart *stepTimeChart() const { return m_stepTime; }
    TimeSeriesChart *allReduceChart() const { return m_allReduce; }
    TimeSeriesChart *powerChart() const { return m_power; }
    const TrainingHistory &history() const { return m_history; }
    // Writes the loss chart as the path's ending says (.csv data, .svg drawing, else
    // PNG) in the thread pool; chartsExported follows, with the error if any.
    void exportLossChart(const QString &path);

Q_SIGNALS:
    void eventActivated(uint64_t eventId);
    void chartsExported(const QString &error);

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild();
    // Live readings come four times a second, and at 100k GPUs remaking and painting the charts
    // each time took a tenth of the GUI thread: now, or when a second has passed since the last.
    void rebuildSoon();
    void exportCharts();
    // The shown job's markers, made again from its events (another job, a language, earlier events).
    void showJobMarkers();

    TrainingHistory m_history;
    int64_t m_drawnAtMs = 0; // the state time of the last live update drawn
    std::shared_ptr<const Topology> m_topology;
    std::map<QString, std::vector<Event>> m_events; // by job id, capped
    // The shown job's markers, kept in step with its events as they come: making one formats a
    // time, and at 100k GPUs remaking a job's thousands on every frame held the window 80 ms.
    struct ShownMarkers
    {
        int job = -1; // the job they are of (-1: none made)
        std::vector<ChartMarker> byTime, byStep;
        uint64_t revision = 0; // changes with them
    };
    ShownMarkers m_shown;
    std::tuple<int, bool, uint64_t> m_markersGiven { -1, false, 0 }; // what the charts were last given
    QComboBox *m_jobBox;
    QCheckBox *m_byStep;
    TimeSeriesChart *m_loss;
    TimeSeriesChart *m_tokens;
    TimeSeriesChart *m_stepTime;
    TimeSeriesChart *m_allReduce;
    TimeSeriesChart *m_power;
    QTabWidget *m_tabs;
    int m_job = 0;
    // Live, the charts are drawn again at most once a second (rebuildSoon).
    QTimer *m_rebuildTimer;
    QElapsedTimer m_sinceRebuild;
};

} // namespace vigil
