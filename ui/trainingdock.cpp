// SPDX-License-Identifier: GPL-3.0-or-later
#include "trainingdock.h"

#include "chart/timeserieschart.h"
#include "eventdescription.h"

#include "whenfinished.h"
#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QTabWidget>
#include <QVBoxLayout>

#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

namespace vigil {

namespace {

constexpr size_t EventsKeptPerJob = 4000;
const QColor LossColour(0xff, 0x9e, 0x4a);
const QColor ThroughputColour(0x6c, 0xb6, 0xff);
const QColor StepTimeColour(0x9a, 0xd9, 0x6b);

// The colour and short name a marker gets; invalid for events that are not charted.
std::pair<QColor, QString> markerStyle(EventType type)
{
    switch (type) {
    case EventType::JobCrash:
    case EventType::JobOom:
    case EventType::NcclTimeout:
        return { QColor(0xe0, 0x2a, 0x2a), eventTypeName(type) };
    case EventType::JobRestart:
    case EventType::ManualRestart:
        return { QColor(0xff, 0x7b, 0x00), eventTypeName(type) };
    case EventType::Rollback:
        return { QColor(0xc0, 0x7b, 0xff), eventTypeName(type) };
    case EventType::CheckpointSaved:
        return { QColor(0x8a, 0x94, 0xa3), eventTypeName(type) };
    case EventType::JobStart:
    case EventType::JobEnd:
        return { QColor(0x58, 0xa6, 0xff), eventTypeName(type) };
    default:
        break;
    }
    if (isOperatorAction(type))
        return { QColor(0x58, 0xa6, 0xff), eventTypeName(type) };
    if (isHardwareWarning(type))
        return { QColor(0xf0, 0xb4, 0x00), eventTypeName(type) };
    return { QColor(), QString() };
}

} // namespace

TrainingDock::TrainingDock(QWidget *parent)
    : QDockWidget(parent)
    , m_jobBox(new QComboBox(this))
    , m_byStep(new QCheckBox(this))
    , m_loss(new TimeSeriesChart(this))
    , m_tokens(new TimeSeriesChart(this))
    , m_stepTime(new TimeSeriesChart(this))
    , m_allReduce(new TimeSeriesChart(this))
    , m_power(new TimeSeriesChart(this))
    , m_tabs(new QTabWidget(this))
    , m_rebuildTimer(new QTimer(this))
{
    setObjectName(QStringLiteral("trainingDock"));
    m_rebuildTimer->setSingleShot(true);
    connect(m_rebuildTimer, &QTimer::timeout, this, &TrainingDock::rebuild);
    auto *body = new QWidget(this);
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);
    auto *controls = new QHBoxLayout;
    controls->addWidget(m_jobBox, 1);
    controls->addWidget(m_byStep);
    auto *exportButton = new QPushButton(tr("Export…"), this);
    controls->addWidget(exportButton);
    layout->addLayout(controls);
    // The loss above; below, one at a time, what explains it: throughput, step
    // time, the all-reduce wait behind it and what the job draws meanwhile.
    layout->addWidget(m_loss, 1);
    m_tabs->addTab(m_tokens, QString());
    m_tabs->addTab(m_stepTime, QString());
    m_tabs->addTab(m_allReduce, QString());
    m_tabs->addTab(m_power, QString());
    m_tabs->setDocumentMode(true);
    layout->addWidget(m_tabs, 1);
    setWidget(body);
    m_loss->setTitle(tr("Loss"));
    m_tokens->setTitle(tr("Throughput"));
    m_tokens->setYUnit(tr("tokens/s"));
    m_stepTime->setTitle(tr("Step time"));
    m_stepTime->setYUnit(QStringLiteral("s"));
    m_allReduce->setTitle(tr("All-reduce wait"));
    m_allReduce->setYUnit(tr("% of step"));
    m_power->setTitle(tr("GPU power"));
    m_power->setYUnit(QStringLiteral("kW"));
    changeEvent(nullptr);

    connect(m_jobBox, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_job = index;
        for (TimeSeriesChart *chart : { m_loss, m_tokens, m_stepTime, m_allReduce, m_power })
            chart->resetView();
        rebuild();
    });
    connect(m_byStep, &QCheckBox::toggled, this, [this](bool byStep) {
        QSettings().setValue(QStringLiteral("training/lossAgainstStep"), byStep);
        setLossAgainstStep(byStep);
    });
    if (QSettings().value(QStringLiteral("training/lossAgainstStep"), false).toBool())
        setLossAgainstStep(true);
    connect(exportButton, &QPushButton::clicked, this, &TrainingDock::exportCharts);
    // The time charts look at the same stretch of time.
    const std::vector<TimeSeriesChart *> timed { m_loss, m_tokens, m_stepTime, m_allReduce, m_power };
    for (TimeSeriesChart *source : timed) {
        connect(source, &TimeSeriesChart::xRangeChanged, this, [this, source, timed](double x0, double x1) {
            if (source == m_loss && m_byStep->isChecked())
                return;
            for (TimeSeriesChart *other : timed)
                if (other != source && !(other == m_loss && m_byStep->isChecked())
                    && (other->xMin() != x0 || other->xMax() != x1))
                    source->isFollowing() ? other->resetView() : other->setXRange(x0, x1);
        });
        connect(source, &TimeSeriesChart::markerClicked, this, &TrainingDock::eventActivated);
    }
}

void TrainingDock::changeEvent(QEvent *event)
{
    if (!event || event->type() == QEvent::LanguageChange) {
        m_shown.job = -1; // the markers' names are in the language
        setWindowTitle(tr("Training"));
        m_tabs->setTabText(0, tr("Throughput"));
        m_tabs->setTabText(1, tr("Step time"));
        m_tabs->setTabText(2, tr("All-reduce wait"));
        m_tabs->setTabText(3, tr("GPU power"));
        m_byStep->setText(tr("Loss against step"));
        m_byStep->setToolTip(tr("Show loss against the training step: a rollback then shows the abandoned branch "
                                "dimmed and the steps trained again shaded"));
    }
    if (event)
        QDockWidget::changeEvent(event);
}

void TrainingDock::setTopology(std::shared_ptr<const Topology> topology)
{
    m_topology = std::move(topology);
    m_events.clear();
    m_shown.job = -1;
    const QSignalBlocker block(m_jobBox);
    m_jobBox->clear();
    if (m_topology)
        for (const Job &j : m_topology->jobs)
            m_jobBox->addItem(tr("%1 (%2, %3 GPUs)").arg(j.id, priorityClassName(j.priority)).arg(j.gpuIndices.size()));
    m_job = 0;
    m_jobBox->setCurrentIndex(0);
}

void TrainingDock::setJob(int job)
{
    if (job >= 0 && job < m_jobBox->count())
        m_jobBox->setCurrentIndex(job);
}

void TrainingDock::highlightEvents(const std::vector<uint64_t> &eventIds)
{
    for (TimeSeriesChart *chart : { m_loss, m_tokens, m_stepTime, m_allReduce, m_power })
        chart->setHighlightedEvents(eventIds);
}

void TrainingDock::focusOn(int64_t fromMs, int64_t toMs)
{
    if (toMs <= fromMs)
        return;
    for (TimeSeriesChart *chart : { m_tokens, m_stepTime, m_allReduce, m_power })
        chart->setXRange(double(fromMs), double(toMs));
    if (!m_byStep->isChecked())
        m_loss->setXRange(double(fromMs), double(toMs));
}

void TrainingDock::setLossAgainstStep(bool byStep)
{
    if (m_byStep->isChecked() != byStep)
        m_byStep->setChecked(byStep);
    m_loss->setTimeAxis(!byStep);
    m_loss->resetView();
    rebuild();
}

void TrainingDock::update(const ClusterState &state)
{
    m_history.record(state);
    rebuild();
}

void TrainingDock::update(const ClusterState &state, const std::vector<JobReading> &readings, bool startOver)
{
    if (readings.empty() && !startOver && state.timeMs() == m_drawnAtMs)
        return; // nothing new: no redraw
    m_drawnAtMs = state.timeMs();
    if (startOver)
        m_history = TrainingHistory();
    m_history.recordReadings(state, readings);
    rebuildSoon();
}

void TrainingDock::rebuildSoon()
{
    if (m_rebuildTimer->isActive())
        return;
    const qint64 since = m_sinceRebuild.isValid() ? m_sinceRebuild.elapsed() : 1000;
    if (since >= 1000)
        rebuild();
    else
        m_rebuildTimer->start(int(1000 - since));
}

void TrainingDock::resetHistory(TrainingHistory history)
{
    m_history = std::move(history);
    rebuild();
}

namespace {

// The events the dock marks: a job's, of a kind that has a marker.
bool marked(const Event &e)
{
    return !e.jobId.isEmpty() && markerStyle(e.type).first.isValid();
}

// A job's list keeps its newest EventsKeptPerJob, trimmed once a quarter more has come: erased
// from the front for each event that arrived, it moved thousands of events for every one (5 %
// of the GUI thread's time at 100k GPUs). The events to drop from the front; 0 while under.
size_t excessOf(const std::vector<Event> &list)
{
    return list.size() > EventsKeptPerJob + EventsKeptPerJob / 4 ? list.size() - EventsKeptPerJob : 0;
}

void cap(std::vector<Event> &list)
{
    list.erase(list.begin(), list.begin() + long(excessOf(list)));
}

// Only what the job itself reports has a step.
bool hasStepMarker(const Event &e)
{
    return e.step > 0 && !isHardwareWarning(e.type);
}

// An event's marker against time, and (when it has a step) against step: one made, placed twice.
void appendMarkers(const Event &e, std::vector<ChartMarker> &byTime, std::vector<ChartMarker> &byStep)
{
    const auto [colour, name] = markerStyle(e.type);
    QString tip = QStringLiteral("%1 %2 — %3").arg(shortClock(e.timeMs), name, e.message);
    if (!e.operatorName.isEmpty())
        tip += QStringLiteral(" (%1)").arg(e.operatorName);
    // Checkpoints and hardware warnings are the background; failures, restarts,
    // rollbacks and people's actions are what the chart is about.
    const bool minor = isHardwareWarning(e.type) || e.type == EventType::CheckpointSaved;
    byTime.push_back({ double(e.timeMs), colour, name, tip, e.id, minor });
    if (hasStepMarker(e)) {
        byStep.push_back(byTime.back());
        byStep.back().x = double(e.step);
    }
}

} // namespace

void TrainingDock::addEarlierEvents(const std::vector<Event> &events)
{
    std::map<QString, std::vector<Event>> earlier;
    for (const Event &e : events) {
        if (!marked(e))
            continue;
        const auto held = m_events.find(e.jobId);
        if (held == m_events.end() || held->second.empty() || e.timeMs < held->second.front().timeMs)
            earlier[e.jobId].push_back(e);
    }
    for (auto &[job, older] : earlier) {
        std::vector<Event> &list = m_events[job];
        list.insert(list.begin(), older.begin(), older.end());
        cap(list);
    }
    m_shown.job = -1;
    rebuild();
}

void TrainingDock::addEvents(const std::vector<Event> &events)
{
    const QString shownJob = m_topology && m_job >= 0 && size_t(m_job) < m_topology->jobs.size()
        ? m_topology->jobs[size_t(m_job)].id
        : QString();
    for (const Event &e : events) {
        if (!marked(e))
            continue;
        std::vector<Event> &list = m_events[e.jobId];
        list.push_back(e);
        if (e.jobId != shownJob || m_shown.job != m_job) {
            cap(list);
            continue;
        }
        // The shown job's markers follow its events: the ones dropped, then the new one.
        if (const size_t dropped = excessOf(list)) {
            const auto steps = std::count_if(list.begin(), list.begin() + long(dropped), hasStepMarker);
            m_shown.byTime.erase(m_shown.byTime.begin(), m_shown.byTime.begin() + long(dropped));
            m_shown.byStep.erase(m_shown.byStep.begin(), m_shown.byStep.begin() + steps);
            cap(list);
        }
        appendMarkers(e, m_shown.byTime, m_shown.byStep);
        ++m_shown.revision;
    }
}

void TrainingDock::showJobMarkers()
{
    m_shown = ShownMarkers { m_job, {}, {}, m_shown.revision + 1 };
    if (!m_topology || m_job < 0 || size_t(m_job) >= m_topology->jobs.size())
        return;
    const auto it = m_events.find(m_topology->jobs[size_t(m_job)].id);
    if (it == m_events.end())
        return;
    for (const Event &e : it->second)
        appendMarkers(e, m_shown.byTime, m_shown.byStep);
}

void TrainingDock::rebuild()
{
    m_sinceRebuild.start();
    m_rebuildTimer->stop();
    const TrainingHistory::Job *job = m_history.job(size_t(std::max(m_job, 0)));
    if (!job || !m_topology || size_t(m_job) >= m_topology->jobs.size())
        return;
    const size_t gpus = m_topology->jobs[size_t(m_job)].gpuIndices.size();
    const bool byStep = m_byStep->isChecked();
    std::vector<ChartSeries> loss;
    std::vector<ChartSpan> lossSpans;
    std::vector<ChartSpan> timeSpans;
    for (const TrainingHistory::Rollback &r : job->rollbacks) {
        const int64_t end = r.recoveredAtMs ? r.recoveredAtMs : r.timeMs;
        const double hours = double(end - r.lastProgressMs) / 3.6e6;
        timeSpans.push_back({ double(r.lastProgressMs), double(end), QColor(0xe0, 0x2a, 0x2a, 80),
                              tr("lost %1 h × %2 GPUs").arg(QLocale().toString(hours, 'f', 1)).arg(gpus) });
        lossSpans.push_back({ r.toStep, r.fromStep, QColor(0xc0, 0x7b, 0xff, 80),
                              tr("%1 steps trained again").arg(QLocale().toString(qlonglong(r.stepsRecomputed()))) });
    }
    if (byStep) {
        for (size_t b = 0; b < job->lossByStep.size(); ++b)
            loss.push_back({ b == 0 ? tr("loss") : QString(), LossColour, job->lossByStep[b] });
        for (size_t a = 0; a < job->abandonedByStep.size(); ++a)
            loss.push_back(
                { a == 0 ? tr("abandoned") : QString(), QColor(0xb0, 0xb8, 0xc4), job->abandonedByStep[a], 1.0, true });
        m_loss->setSpans(lossSpans);
    } else {
        for (size_t s = 0; s < job->lossByTime.size(); ++s)
            loss.push_back({ s == 0 ? tr("loss") : QString(), LossColour, job->lossByTime[s] });
        m_loss->setSpans(timeSpans);
    }
    m_loss->setSeries(std::move(loss));
    // Markers are handed over only when they changed: a job keeps thousands.
    if (m_shown.job != m_job)
        showJobMarkers();
    const bool newMarkers = m_markersGiven != std::make_tuple(m_job, byStep, m_shown.revision);
    m_markersGiven = { m_job, byStep, m_shown.revision };
    if (newMarkers)
        m_loss->setMarkers(byStep ? m_shown.byStep : m_shown.byTime);
    auto timed = [](const std::vector<TrainingHistory::Series> &segments, const QString &name, const QColor &colour) {
        std::vector<ChartSeries> out;
        for (size_t s = 0; s < segments.size(); ++s)
            out.push_back({ s == 0 ? name : QString(), colour, segments[s] });
        return out;
    };
    m_tokens->setSeries(timed(job->tokensByTime, tr("tokens/s"), ThroughputColour));
    m_tokens->setSpans(timeSpans);
    m_stepTime->setSeries(timed(job->stepTimeByTime, tr("step time"), StepTimeColour));
    m_stepTime->setSpans(timeSpans);
    m_allReduce->setSeries(timed(job->allReduceWaitByTime, tr("waiting"), QColor(0xcc, 0x79, 0xa7)));
    m_allReduce->setSpans(timeSpans);
    m_power->setSeries(timed(job->powerByTime, tr("power"), QColor(0xf0, 0xe4, 0x42)));
    m_power->setSpans(timeSpans);
    if (newMarkers)
        for (TimeSeriesChart *chart : { m_tokens, m_stepTime, m_allReduce, m_power })
            chart->setMarkers(m_shown.byTime);
}

void TrainingDock::exportCharts()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export the loss chart"), QString(),
                                                      tr("PNG image (*.png);;SVG drawing (*.svg);;CSV data (*.csv)"));
    if (!path.isEmpty())
        exportLossChart(path);
}

void TrainingDock::exportLossChart(const QString &path)
{
    // Drawn here, where the chart lives; encoded and written in the thread pool.
    std::variant<QImage, QByteArray> content;
    if (path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive))
        content = m_loss->toCsv();
    else if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive))
        content = m_loss->toSvg();
    else
        content = m_loss->toImage();
    whenFinished(QtConcurrent::run([path, content] { return writeChartExport(path, content); }), this,
                 [this](const QString &error) {
                     Q_EMIT chartsExported(error);
                     if (!error.isEmpty())
                         QMessageBox::warning(this, tr("Export failed"), error);
                 });
}

} // namespace vigil
