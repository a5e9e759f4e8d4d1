// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/event.h"
#include "state/clusterstate.h"

#include <QDockWidget>

class QTextBrowser;

namespace vigil {

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
    // `alarmLevels` (one per GPU, may be empty) marks the node's GPUs with warnings.
    // `recent` feeds the node's sparklines, `hour` the selected GPU's charts.
    void showGpu(const ClusterState &state, int gpu, const std::vector<Event> &recentEvents, const GpuHistory &recent,
                 const GpuHistory &hour, const std::vector<float> &alarmLevels);
    TimeSeriesChart *temperatureChart() const { return m_temperature; }
    TimeSeriesChart *powerChart() const { return m_power; }
    QString text() const; // the GPU and rack text, for tests and copying
    const SparklineTable *nodeTable() const { return m_node; }

Q_SIGNALS:
    void gpuActivated(int gpu); // a GPU of the node was clicked

protected:
    void changeEvent(QEvent *event) override;

private:
    void showHtml(QTextBrowser *view, QString &current, const QString &html, bool sameEntity);
    void showNode(const ClusterState &state, int gpu, const GpuHistory &history, const std::vector<float> &alarmLevels);
    void showGpuCharts(int gpu, const GpuHistory &hour, const std::vector<Event> &recentEvents);

    QTextBrowser *m_view;
    SparklineTable *m_node;
    QWidget *m_charts;
    TimeSeriesChart *m_temperature;
    TimeSeriesChart *m_power;
    QTextBrowser *m_rack;
    QString m_html;
    QString m_rackHtml;
    int m_gpu = -2;
    std::vector<uint32_t> m_nodeGpus;
};

} // namespace vigil
