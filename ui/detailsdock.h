// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/clusterstate.h"
#include "domain/event.h"

#include <QDockWidget>

#include <functional>

class QTabWidget;
class QTextBrowser;

namespace vigil {

class ColumnHistory;
class GpuHistory;
class SparklineTable;
class TimeSeriesChart;

// The selection at three levels: the GPU in full (place, job, every reading,
// recent events), its node's GPUs side by side with sparklines of their last
// minutes, and its rack (PDUs, cooling, nodes, jobs).
class DetailsDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit DetailsDock(QWidget *parent = nullptr);
    // `alarmShades` (an AlarmShade per GPU, may be empty) marks the node's GPUs that an active alarm reaches.
    // `recent` feeds the node's sparklines, `hour` the selected GPU's charts.
    void showGpu(const ClusterState &state, int gpu, const std::vector<Event> &recentEvents, const GpuHistory &recent,
                 const GpuHistory &hour, const std::vector<float> &alarmShades);
    // The node's and the rack's last hour: every GPU of the node, the rack's inlet air
    // and PDU load, with the warnings on them (from `eventsFor`) marked.
    void showNodeAndRackCharts(const ClusterState &state, int gpu, const GpuHistory &hour, const ColumnHistory &inlet,
                               const ColumnHistory &pduLoad,
                               const std::function<std::vector<Event>(EntityRef)> &eventsFor);
    TimeSeriesChart *nodeChart() const { return m_nodeChart; }
    TimeSeriesChart *inletChart() const { return m_inletChart; }
    TimeSeriesChart *pduChart() const { return m_pduChart; }
    TimeSeriesChart *temperatureChart() const { return m_temperature; }
    TimeSeriesChart *powerChart() const { return m_power; }
    TimeSeriesChart *usageChart() const { return m_usage; }
    QString text() const; // the GPU and rack text, for tests and copying
    const SparklineTable *nodeTable() const { return m_node; }

Q_SIGNALS:
    void gpuActivated(int gpu); // a GPU of the node was clicked

protected:
    void changeEvent(QEvent *event) override;

private:
    void showHtml(QTextBrowser *view, QString &current, const QString &html, bool sameEntity);
    void showNode(const ClusterState &state, int gpu, const GpuHistory &history, const std::vector<float> &alarmShades);
    void showGpuCharts(int gpu, const GpuHistory &hour, const std::vector<Event> &recentEvents);

    QTextBrowser *m_view;
    SparklineTable *m_node;
    QTabWidget *m_charts;
    TimeSeriesChart *m_temperature;
    TimeSeriesChart *m_power;
    TimeSeriesChart *m_usage; // utilisation and memory used
    TimeSeriesChart *m_nodeChart;
    TimeSeriesChart *m_inletChart;
    TimeSeriesChart *m_pduChart;
    QTextBrowser *m_rack;
    QString m_html;
    QString m_rackHtml;
    int m_gpu = -2;
    std::vector<uint32_t> m_nodeGpus;
};

} // namespace vigil
