// SPDX-License-Identifier: GPL-3.0-or-later
#include "detailsdock.h"

#include "alarmshades.h"
#include "chart/timeserieschart.h"
#include "entitydetails.h"
#include "eventdescription.h"
#include "gpudescription.h"
#include "gpuhistory.h"
#include "rackmap/colorscale.h"
#include "sparkline/sparklinetable.h"

#include <QEvent>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QLocale>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <QWidget>

#include <cmath>
#include <limits>

namespace vigil {

namespace {

// The warnings on an entity as chart markers: red when critical, amber otherwise.
std::vector<ChartMarker> warningMarkers(const std::vector<Event> &events)
{
    std::vector<ChartMarker> out;
    for (const Event &e : events)
        out.push_back({ double(e.timeMs),
                        e.severity == Severity::Critical ? QColor(0xe0, 0x2a, 0x2a) : QColor(0xf0, 0xb4, 0x00),
                        eventTypeName(e.type), QStringLiteral("%1 — %2").arg(eventTypeName(e.type), e.message), e.id });
    return out;
}

// One GPU reading from a history ring as a chart series.
std::shared_ptr<MinMaxPyramid> historySeries(const GpuHistory &history, uint32_t gpu, GpuHistory::Reading reading)
{
    auto out = std::make_shared<MinMaxPyramid>();
    const std::vector<int64_t> times = history.times();
    const std::vector<float> values = history.series(gpu, reading);
    for (size_t i = 0; i < values.size() && i < times.size(); ++i)
        out->append(double(times[i]), values[i]);
    return out;
}

// The range of every reading in `series`, widened around its middle to at least `minimumSpan`.
std::pair<float, float> paddedRange(const std::vector<std::vector<float>> &series, float minimumSpan)
{
    float lo = std::numeric_limits<float>::infinity();
    float hi = -lo;
    for (const auto &s : series)
        for (float v : s)
            if (!std::isnan(v)) {
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
    if (!(hi >= lo))
        return { 0.0f, 1.0f };
    if (hi - lo < minimumSpan) {
        const float mid = (hi + lo) / 2.0f;
        lo = mid - minimumSpan / 2.0f;
        hi = mid + minimumSpan / 2.0f;
    }
    return { lo, hi };
}

} // namespace

DetailsDock::DetailsDock(QWidget *parent)
    : QDockWidget(parent)
    , m_view(new QTextBrowser(this))
    , m_node(new SparklineTable(this))
    , m_charts(new QTabWidget(this))
    , m_temperature(new TimeSeriesChart(this))
    , m_power(new TimeSeriesChart(this))
    , m_usage(new TimeSeriesChart(this))
    , m_nodeChart(new TimeSeriesChart(this))
    , m_inletChart(new TimeSeriesChart(this))
    , m_pduChart(new TimeSeriesChart(this))
    , m_rack(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("detailsDock"));
    setWindowTitle(tr("Details"));
    m_view->setOpenLinks(false);
    m_rack->setOpenLinks(false);
    m_node->setColumns({ tr("Temperature"), tr("Power") });
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_view);
    splitter->addWidget(m_node);
    auto sideBySide = [this](std::initializer_list<TimeSeriesChart *> charts) {
        auto *page = new QWidget(m_charts);
        auto *layout = new QHBoxLayout(page);
        layout->setContentsMargins(0, 0, 0, 0);
        for (TimeSeriesChart *chart : charts)
            layout->addWidget(chart);
        return page;
    };
    m_charts->setDocumentMode(true);
    m_charts->addTab(sideBySide({ m_temperature, m_power, m_usage }), tr("GPU"));
    m_charts->addTab(m_nodeChart, tr("Node"));
    // The rack's place, power feeds and air live with its charts: at 1080 p the column
    // has no room for one more pane, and the GPU's readings come first.
    auto *rackPage = new QWidget(m_charts);
    auto *rackLayout = new QVBoxLayout(rackPage);
    rackLayout->setContentsMargins(0, 0, 0, 0);
    rackLayout->setSpacing(2);
    rackLayout->addWidget(sideBySide({ m_inletChart, m_pduChart }), 3);
    rackLayout->addWidget(m_rack, 2);
    m_charts->addTab(rackPage, tr("Rack"));
    m_temperature->setYUnit(QStringLiteral("°C"));
    m_power->setYUnit(QStringLiteral("W"));
    m_usage->setYUnit(QStringLiteral("%"));
    m_nodeChart->setYUnit(QStringLiteral("°C"));
    m_inletChart->setYUnit(QStringLiteral("°C"));
    m_pduChart->setYUnit(QStringLiteral("%"));
    m_charts->setMinimumHeight(150);
    splitter->addWidget(m_charts);
    // The GPU's readings keep room for their first lines (identity, then temperature,
    // power, clocks) whatever the screen; the charts take what is left.
    m_view->setMinimumHeight(QFontMetrics(m_view->font()).lineSpacing() * 9);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 0);
    splitter->setStretchFactor(2, 2);
    splitter->setChildrenCollapsible(false);
    setWidget(splitter);
    connect(m_node, &SparklineTable::rowActivated, this, [this](int row) {
        if (row >= 0 && size_t(row) < m_nodeGpus.size())
            Q_EMIT gpuActivated(int(m_nodeGpus[size_t(row)]));
    });
    showGpu({}, -1, {}, GpuHistory(1), GpuHistory(1), {});
}

void DetailsDock::showHtml(QTextBrowser *view, QString &current, const QString &html, bool sameEntity)
{
    if (html == current)
        return;
    // Live values change under the reader's eyes: keep their scroll position.
    const int scroll = view->verticalScrollBar()->value();
    current = html;
    view->setHtml(html);
    if (sameEntity)
        view->verticalScrollBar()->setValue(scroll);
}

void DetailsDock::showGpu(const ClusterState &state, int gpu, const std::vector<Event> &recentEvents,
                          const GpuHistory &history, const GpuHistory &hour, const std::vector<float> &alarmShades)
{
    const Topology *t = state.topology().get();
    const bool valid = t && gpu >= 0 && size_t(gpu) < t->gpus.size();
    const bool sameGpu = gpu == m_gpu;
    showHtml(m_view, m_html, gpuDetailsHtml(state, valid ? uint32_t(gpu) : UINT32_MAX, recentEvents), sameGpu);
    showHtml(m_rack, m_rackHtml, valid ? rackDetailsHtml(state, t->rackOfGpu(uint32_t(gpu))) : QString(), sameGpu);
    m_node->setVisible(valid);
    m_charts->setVisible(valid);
    m_rack->setVisible(valid);
    m_gpu = gpu;
    if (valid) {
        showNode(state, gpu, history, alarmShades);
        showGpuCharts(gpu, hour, recentEvents);
    }
}

void DetailsDock::showNode(const ClusterState &state, int gpu, const GpuHistory &history,
                           const std::vector<float> &alarmShades)
{
    const Topology &t = *state.topology();
    const uint32_t node = t.gpus[size_t(gpu)].nodeIndex;
    m_nodeGpus = t.gpusOfNode[node];
    const MetricColumn *temp = state.column(metric::GpuTemp);
    const MetricColumn *power = state.column(metric::GpuPower);
    // One vertical range for the whole node, so its GPUs compare at a glance, wide
    // enough that sensor noise does not look like a trend.
    std::vector<std::vector<float>> temps, powers;
    for (uint32_t g : m_nodeGpus) {
        temps.push_back(history.series(g, GpuHistory::Reading::Temperature));
        powers.push_back(history.series(g, GpuHistory::Reading::Power));
    }
    const auto [tempMin, tempMax] = paddedRange(temps, 10.0f);
    const auto [powerMin, powerMax] = paddedRange(powers, 100.0f);
    std::vector<SparklineRow> rows;
    for (size_t i = 0; i < m_nodeGpus.size(); ++i) {
        const uint32_t g = m_nodeGpus[i];
        SparklineRow row;
        row.label = tr("GPU %1").arg(t.gpus[g].localIndex);
        row.highlighted = int(g) == gpu;
        row.warning = g < alarmShades.size() && alarmShades[g] >= float(AlarmShade::Acknowledged);
        row.cells.push_back(
            { formatReading(state.value(temp, g), QStringLiteral("°C"), 0), std::move(temps[i]), tempMin, tempMax });
        row.cells.push_back(
            { formatReading(state.value(power, g), QStringLiteral("W"), 0), std::move(powers[i]), powerMin, powerMax });
        rows.push_back(std::move(row));
    }
    m_node->setRows(std::move(rows));
    const double spanMinutes = double(history.newestMs() - history.oldestMs()) / 60000.0;
    const QString span = spanMinutes < 120.0 ? tr("last %1 min").arg(QLocale().toString(spanMinutes, 'f', 0))
                                             : tr("last %1 h").arg(QLocale().toString(spanMinutes / 60.0, 'f', 0));
    m_node->setCaption(tr("Node %1, slot %2 — %3").arg(t.nodes[node].hostname).arg(t.nodes[node].slot).arg(span));
}

void DetailsDock::showGpuCharts(int gpu, const GpuHistory &hour, const std::vector<Event> &recentEvents)
{
    // The selected GPU's recent past with its warnings marked where they happened.
    auto seriesOf = [&](GpuHistory::Reading reading) { return historySeries(hour, uint32_t(gpu), reading); };
    const std::vector<ChartMarker> markers = warningMarkers(recentEvents);
    const double spanMinutes = double(hour.newestMs() - hour.oldestMs()) / 60000.0;
    const QString span = spanMinutes <= 90.0 ? tr("last %1 min").arg(QLocale().toString(spanMinutes, 'f', 0))
                                             : tr("last %1 h").arg(QLocale().toString(spanMinutes / 60.0, 'f', 0));
    m_temperature->setTitle(tr("Temperature, %1").arg(span));
    m_power->setTitle(tr("Power, %1").arg(span));
    m_temperature->setSeries(
        { { tr("GPU"), QColor(0xff, 0x9e, 0x4a), seriesOf(GpuHistory::Reading::Temperature) },
          { tr("HBM"), QColor(0xd5, 0x5e, 0x00), seriesOf(GpuHistory::Reading::HbmTemperature) } });
    m_power->setSeries({ { QString(), QColor(0x6c, 0xb6, 0xff), seriesOf(GpuHistory::Reading::Power) } });
    m_usage->setTitle(tr("Utilisation and memory, %1").arg(span));
    m_usage->setSeries({ { tr("utilisation"), QColor(0x00, 0x9e, 0x73), seriesOf(GpuHistory::Reading::Utilisation) },
                         { tr("memory"), QColor(0xcc, 0x79, 0xa7), seriesOf(GpuHistory::Reading::MemoryUsed) } });
    for (TimeSeriesChart *chart : { m_temperature, m_power, m_usage })
        chart->setMarkers(markers);
}

void DetailsDock::showNodeAndRackCharts(const ClusterState &state, int gpu, const GpuHistory &hour,
                                        const ColumnHistory &inlet, const ColumnHistory &pduLoad,
                                        const std::function<std::vector<Event>(EntityRef)> &eventsFor)
{
    const Topology *t = state.topology().get();
    if (!t || gpu < 0 || size_t(gpu) >= t->gpus.size())
        return;
    // The node: each GPU's temperature, in the categorical (Okabe–Ito) palette so lines stay apart.
    const uint32_t node = t->gpus[size_t(gpu)].nodeIndex;
    std::vector<ChartSeries> nodeSeries;
    std::vector<Event> nodeEvents = eventsFor({ EntityKind::Node, node });
    for (uint32_t g : t->gpusOfNode[node]) {
        nodeSeries.push_back({ tr("GPU %1").arg(t->gpus[g].localIndex),
                               QColor::fromRgb(ColorScale::category(int(t->gpus[g].localIndex))),
                               historySeries(hour, g, GpuHistory::Reading::Temperature), int(g) == gpu ? 2.0 : 1.0 });
        for (Event &e : eventsFor({ EntityKind::Gpu, g }))
            nodeEvents.push_back(std::move(e));
    }
    m_nodeChart->setTitle(tr("Node %1").arg(t->nodes[node].hostname));
    m_nodeChart->setSeries(std::move(nodeSeries));
    m_nodeChart->setMarkers(warningMarkers(nodeEvents));

    // The rack: its inlet air, and each PDU's load against its rating.
    const uint32_t rack = t->rackOfGpu(uint32_t(gpu));
    auto fromHistory = [](const std::vector<std::pair<int64_t, float>> &points, float scale) {
        auto series = std::make_shared<MinMaxPyramid>();
        for (const auto &[time, value] : points)
            series->append(double(time), value * scale);
        return series;
    };
    std::vector<Event> rackEvents = eventsFor({ EntityKind::Rack, rack });
    std::vector<ChartSeries> pduSeries;
    for (size_t k = 0; k < t->racks[rack].pduIndices.size(); ++k) {
        const uint32_t pdu = t->racks[rack].pduIndices[k];
        const float rated = t->pdus[pdu].ratedKw;
        pduSeries.push_back({ t->pdus[pdu].name, QColor::fromRgb(ColorScale::category(int(k))),
                              fromHistory(pduLoad.series(pdu), rated > 0.0f ? 100.0f / rated : 0.0f) });
        for (Event &e : eventsFor({ EntityKind::Pdu, pdu }))
            rackEvents.push_back(std::move(e));
    }
    m_inletChart->setTitle(tr("Inlet air, rack %1").arg(t->racks[rack].name));
    m_inletChart->setSeries({ { QString(), QColor(0xff, 0x9e, 0x4a), fromHistory(inlet.series(rack), 1.0f) } });
    const std::vector<ChartMarker> rackMarkers = warningMarkers(rackEvents);
    m_inletChart->setMarkers(rackMarkers);
    m_pduChart->setTitle(tr("PDU load of rating"));
    m_pduChart->setSeries(std::move(pduSeries));
    m_pduChart->setMarkers(rackMarkers);
}

QString DetailsDock::text() const
{
    return m_view->toPlainText() + u'\n' + m_rack->toPlainText();
}

void DetailsDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        setWindowTitle(tr("Details"));
        m_node->setColumns({ tr("Temperature"), tr("Power") });
    }
    QDockWidget::changeEvent(event);
}

} // namespace vigil
