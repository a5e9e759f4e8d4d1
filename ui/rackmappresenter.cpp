// SPDX-License-Identifier: GPL-3.0-or-later
#include "rackmappresenter.h"

#include "alarmshades.h"
#include "dashboardsession.h"
#include "eventdescription.h"
#include "legend/colorlegend.h"
#include "rackmap/rackmapwidget.h"

#include <QActionGroup>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QSettings>

#include <limits>

namespace vigil {

namespace {

ColorScale scaleFor(const OverlaySpec &spec)
{
    switch (spec.ramp) {
    case OverlaySpec::Ramp::Status: {
        std::vector<QRgb> colours;
        for (const OverlayCategory &c : spec.categories)
            colours.push_back(c.colour);
        return ColorScale::states(std::move(colours));
    }
    case OverlaySpec::Ramp::Heat:
        return ColorScale(ColorScale::Palette::Inferno);
    case OverlaySpec::Ramp::Categorical:
        return ColorScale(ColorScale::Palette::Categorical);
    case OverlaySpec::Ramp::Diverging:
        return ColorScale(ColorScale::Palette::Diverging);
    case OverlaySpec::Ramp::Magnitude:
        break;
    }
    return ColorScale(ColorScale::Palette::Viridis);
}

} // namespace

RackMapPresenter::RackMapPresenter(const DashboardSession &session, RackMapWidget *map, ColorLegend *legend,
                                   QLabel *coverage, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_map(map)
    , m_legend(legend)
    , m_coverage(coverage)
{
    // From afar a rack shows its sum, close up a GPU its own count: the failures' scale follows the zoom.
    connect(m_map, &RackMapWidget::viewChanged, this, [this] {
        if (isSpanOverlay(m_overlay) && m_map->showsRackAggregates() != m_failureScaleForRacks)
            apply();
    });
}

void RackMapPresenter::setOverlay(Overlay overlay)
{
    m_overlay = overlay;
    updateLegend();
    apply();
}

void RackMapPresenter::setRelativeToPeers(bool relative)
{
    m_relative = relative;
    updateLegend();
    apply();
}

void RackMapPresenter::setFailureSpan(FailureSpan span)
{
    m_failureSpan = span;
    updateLegend();
    apply();
}

void RackMapPresenter::addFailureSpanMenu(QMenu *menu)
{
    QMenu *spans = menu->addMenu(tr("&Failures over"));
    spans->setObjectName(QStringLiteral("failureSpanMenu"));
    auto *group = new QActionGroup(spans);
    const int saved = QSettings().value(QStringLiteral("map/failureSpan"), int(FailureSpan::Month)).toInt();
    for (FailureSpan span : { FailureSpan::Day, FailureSpan::Week, FailureSpan::Month, FailureSpan::Whole }) {
        QAction *action = group->addAction(failureSpanName(span));
        action->setCheckable(true);
        action->setData(int(span));
        action->setChecked(int(span) == saved);
        connect(action, &QAction::triggered, this, [this, span] {
            QSettings().setValue(QStringLiteral("map/failureSpan"), int(span));
            setFailureSpan(span);
        });
        spans->addAction(action);
    }
    if (saved >= int(FailureSpan::Day) && saved <= int(FailureSpan::Whole))
        m_failureSpan = FailureSpan(saved);
    QAction *next = menu->addAction(tr("Next failure span"));
    next->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    connect(next, &QAction::triggered, this, [this, group] {
        const auto actions = group->actions();
        for (qsizetype i = 0; i < actions.size(); ++i)
            if (actions[i]->isChecked()) {
                actions[(i + 1) % actions.size()]->trigger();
                return;
            }
    });
}

void RackMapPresenter::topologyChanged()
{
    countPlacement();
    updateLegend();
}

void RackMapPresenter::updateLegend()
{
    const OverlaySpec spec = currentSpec();
    if (spec.ramp == OverlaySpec::Ramp::Status) {
        std::vector<std::pair<QString, QRgb>> states;
        for (const OverlayCategory &c : spec.categories)
            states.emplace_back(c.label, c.colour);
        states.emplace_back(tr("no reading"), ColorScale::noDataColor());
        m_legend->setCategories(spec.title, states);
        return;
    }
    if (spec.ramp != OverlaySpec::Ramp::Categorical) {
        m_legend->setScale(spec.title, spec.unit, scaleFor(spec), spec.min, spec.max);
        return;
    }
    std::vector<std::pair<QString, QRgb>> jobs;
    if (const Topology *t = m_session.state().topology().get())
        for (size_t j = 0; j < t->jobs.size(); ++j)
            jobs.emplace_back(tr("%1 (%2)").arg(t->jobs[j].id, priorityClassName(t->jobs[j].priority)),
                              ColorScale::category(int(j)));
    jobs.emplace_back(tr("idle"), ColorScale::noCategoryColor());
    m_legend->setCategories(spec.title, jobs);
}

OverlaySpec RackMapPresenter::currentSpec() const
{
    OverlaySpec absolute = overlaySpec(m_overlay);
    if (m_overlay == Overlay::Failures) {
        absolute.title = tr("Hardware failures, %1").arg(failureSpanName(m_failureSpan));
        absolute.max = m_failureTop;
        absolute.unit = m_failureScaleForRacks ? tr("failures per rack") : tr("failures per GPU");
    } else if (m_overlay == Overlay::LostGpuHours) {
        absolute.title = tr("Lost GPU-hours at the rack of their cause, %1").arg(failureSpanName(m_failureSpan));
        absolute.max = m_failureTop;
        absolute.unit = m_failureScaleForRacks ? tr("GPU-h per rack") : tr("GPU-h per GPU");
    }
    return m_relative && supportsRelative(m_overlay) ? relativeSpec(absolute) : absolute;
}

void RackMapPresenter::apply()
{
    const ClusterState &state = m_session.state();
    computeOverlay(state, m_overlay, m_cellValues, &m_session.warnings(), &m_session.alarms());
    if (isSpanOverlay(m_overlay) && state.topology())
        applySpan(*state.topology());
    const OverlaySpec spec = currentSpec();
    if (spec.ramp == OverlaySpec::Ramp::Diverging && state.topology())
        relativeToRackPeers(*state.topology(), m_cellValues);
    m_map->setRackAggregate(isSpanOverlay(m_overlay)                          ? RackMapWidget::RackAggregate::Sum
                                : spec.ramp == OverlaySpec::Ramp::Categorical ? RackMapWidget::RackAggregate::Commonest
                                : spec.ramp == OverlaySpec::Ramp::Diverging
                                ? RackMapWidget::RackAggregate::LargestMagnitude
                                : RackMapWidget::RackAggregate::Max);
    m_map->setCellValues(m_cellValues, scaleFor(spec), spec.min, spec.max, spec.validMin, spec.validMax);
    updateCellMarks();
}

void RackMapPresenter::applySpan(const Topology &topology)
{
    // Counted over the span up to the cluster's time (live or replayed); from afar each rack
    // shows its sum, so the scale tops out at the worst rack then, at the worst GPU close up.
    const int64_t now = m_session.state().timeMs();
    const int64_t span = failureSpanMs(m_failureSpan);
    const int64_t from = span ? now - span : std::numeric_limits<int64_t>::min();
    if (m_overlay == Overlay::Failures) {
        failureCounts(topology, m_session.hardwareFailures(), from, now + 1, m_cellValues);
    } else {
        // The same figures as the dock's and the report's totals for that span.
        const IncidentAnalysis &a = m_session.analysis();
        const GritTotals totals
            = gritTotals(a.incidents(), a.costs(), a.slowdowns(), {}, topology, a.gritSettings(), from, now + 1);
        lostGpuHoursByRack(topology, totals.lostByRack, m_cellValues);
    }
    float top = 1.0f;
    m_failureScaleForRacks = m_map->showsRackAggregates();
    if (m_failureScaleForRacks) {
        for (size_t r = 0; r < topology.racks.size() && r < topology.nodesOfRack.size(); ++r) {
            float sum = 0.0f;
            for (uint32_t node : topology.nodesOfRack[r])
                for (uint32_t g : topology.gpusOfNode[node])
                    sum += g < m_cellValues.size() ? m_cellValues[g] : 0.0f;
            top = std::max(top, sum);
        }
    } else {
        for (float v : m_cellValues)
            top = std::max(top, v);
    }
    m_failureTop = top;
    updateLegend();
}

void RackMapPresenter::updateCellMarks()
{
    // Stale GPUs are hatched on every overlay; alarm badges belong to the alarm overlay.
    if (m_overlay == Overlay::DataAge)
        m_scratch = m_cellValues; // already computed for the overlay itself
    else
        gpuDataAge(m_session.state(), m_scratch);
    m_cellMarks.assign(m_scratch.size(), RackMapWidget::NoMark);
    size_t stale = 0;
    for (size_t g = 0; g < m_scratch.size(); ++g)
        if (!(m_scratch[g] <= StaleAfterSeconds)) { // never heard from (NaN) or silent too long
            // A count over history does not depend on the GPU's readings now: not hatched there.
            if (!isSpanOverlay(m_overlay))
                m_cellMarks[g] |= RackMapWidget::StaleMark;
            ++stale;
        }
    m_staleGpus = stale;
    updateCoverage();
    if (m_overlay == Overlay::Alarms) {
        // Badges for what asks for an operator; acknowledged and set-aside alarms are told by their shade.
        for (size_t g = 0; g < m_cellValues.size() && g < m_cellMarks.size(); ++g)
            if (m_cellValues[g] >= float(AlarmShade::Urgent))
                m_cellMarks[g] |= RackMapWidget::CriticalMark;
            else if (m_cellValues[g] >= float(AlarmShade::Unacknowledged))
                m_cellMarks[g] |= RackMapWidget::WarningMark;
    }
    m_map->setCellMarks(m_cellMarks);
}

void RackMapPresenter::countPlacement()
{
    // Placement changes only with the topology: counted once, not every frame.
    m_unplacedGpus = 0;
    m_assumedRacks = 0;
    const Topology *t = m_session.state().topology().get();
    if (!t)
        return;
    for (size_t r = 0; r < t->racks.size(); ++r) {
        if (t->racks[r].placement == Rack::Placement::Assumed)
            ++m_assumedRacks;
        else if (t->racks[r].placement == Rack::Placement::Unplaced)
            for (uint32_t node : t->nodesOfRack[r])
                m_unplacedGpus += t->gpusOfNode[node].size();
    }
}

void RackMapPresenter::updateCoverage()
{
    // What the map cannot vouch for, counted where the operator always looks.
    const size_t unplaced = m_unplacedGpus;
    const size_t assumed = m_assumedRacks;
    QStringList parts;
    if (m_staleGpus)
        parts << tr("Silent GPUs: %1").arg(QLocale().toString(qulonglong(m_staleGpus)));
    if (unplaced)
        parts << tr("Unplaced GPUs: %1").arg(QLocale().toString(qulonglong(unplaced)));
    if (assumed)
        parts << tr("Racks placed automatically: %1").arg(QLocale().toString(qulonglong(assumed)));
    m_coverage->setText(parts.join(QStringLiteral(" · ")));
    m_coverage->setStyleSheet(QStringLiteral("color:#f0b400; padding:0 8px"));
    m_coverage->setVisible(!parts.isEmpty());
}

} // namespace vigil
