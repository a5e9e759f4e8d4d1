// SPDX-License-Identifier: GPL-3.0-or-later
#include "rackmappresenter.h"

#include "alarmshades.h"
#include "analysis/nexttofail.h"
#include "dashboardsession.h"
#include "eventdescription.h"
#include "legend/colorlegend.h"
#include "rackmap/rackmapwidget.h"

#include <QActionGroup>
#include <QDateTime>
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
    QMenu *spans = menu->addMenu(tr("&Count over"));
    spans->setObjectName(QStringLiteral("failureSpanMenu"));
    auto *group = new QActionGroup(spans);
    const int saved = QSettings().value(QStringLiteral("map/failureSpan"), int(FailureSpan::Month)).toInt();
    for (FailureSpan span :
         { FailureSpan::Day, FailureSpan::Week, FailureSpan::Month, FailureSpan::Whole, FailureSpan::Selection }) {
        QAction *action = group->addAction(failureSpanName(span));
        action->setCheckable(true);
        action->setData(int(span));
        action->setChecked(int(span) == saved && span != FailureSpan::Selection);
        connect(action, &QAction::triggered, this, [this, span] {
            // A selection is gone with the recording: the next start keeps the span last chosen otherwise.
            if (span != FailureSpan::Selection)
                QSettings().setValue(QStringLiteral("map/failureSpan"), int(span));
            else if (m_failureSpan != FailureSpan::Selection)
                m_spanBeforeSelection = m_failureSpan; // what clearing the selection goes back to
            setFailureSpan(span);
        });
        spans->addAction(action);
        if (span == FailureSpan::Selection) {
            action->setToolTip(tr("Shift+drag on the replay timeline to select a span"));
            action->setEnabled(false);
            m_selectionAction = action;
        }
    }
    spans->setToolTipsVisible(true);
    if (saved >= int(FailureSpan::Day) && saved <= int(FailureSpan::Whole))
        m_failureSpan = FailureSpan(saved);
    QAction *next = menu->addAction(tr("Next count span"));
    next->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    connect(next, &QAction::triggered, this, [group] {
        const auto actions = group->actions();
        for (qsizetype i = 0; i < actions.size(); ++i)
            if (actions[i]->isChecked()) {
                for (qsizetype k = 1; k <= actions.size(); ++k)
                    if (QAction *after = actions[(i + k) % actions.size()]; after->isEnabled()) {
                        after->trigger();
                        return;
                    }
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
    if (isSpanOverlay(m_overlay)) {
        const QString span = spanName();
        const bool racks = m_failureScaleForRacks;
        switch (m_overlay) {
        case Overlay::Failures:
            absolute.title = tr("Hardware failures, %1").arg(span);
            absolute.unit = racks ? tr("failures per rack") : tr("failures per GPU");
            break;
        case Overlay::LostGpuHours:
            absolute.title = tr("Lost GPU-hours at the rack of their cause, %1").arg(span);
            absolute.unit = racks ? tr("GPU-h per rack") : tr("GPU-h per GPU");
            break;
        case Overlay::ErrorCount:
            absolute.title = tr("Hardware errors, %1").arg(span);
            absolute.unit = racks ? tr("errors per rack") : tr("errors per GPU");
            break;
        case Overlay::AlarmsRaised:
            absolute.title = tr("Alarms raised, %1").arg(span);
            absolute.unit = racks ? tr("alarms per rack") : tr("alarms per GPU");
            break;
        case Overlay::IncidentCount:
            absolute.title = m_unplacedIncidents
                ? tr("Incidents at their cause, %1 (%Ln without a cause not drawn)", "", int(m_unplacedIncidents))
                      .arg(span)
                : tr("Incidents at their cause, %1").arg(span);
            absolute.unit = racks ? tr("incidents per rack") : tr("incidents per GPU");
            break;
        default:
            break;
        }
        absolute.max = m_failureTop;
    }
    return m_relative && supportsRelative(m_overlay) ? relativeSpec(absolute) : absolute;
}

QString RackMapPresenter::spanName() const
{
    if (m_failureSpan != FailureSpan::Selection || m_selectionToMs <= m_selectionFromMs)
        return failureSpanName(m_failureSpan == FailureSpan::Selection ? FailureSpan::Whole : m_failureSpan);
    const QLocale locale;
    const auto at = [&](int64_t ms) {
        return locale.toString(QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC), QLocale::ShortFormat);
    };
    return tr("%1 to %2 UTC").arg(at(m_selectionFromMs), at(m_selectionToMs));
}

std::pair<int64_t, int64_t> RackMapPresenter::countedSpan() const
{
    // Up to the cluster's time (live or replayed), or the timeline's selection as it was drawn.
    if (m_failureSpan == FailureSpan::Selection && m_selectionToMs > m_selectionFromMs)
        return { m_selectionFromMs, m_selectionToMs };
    const int64_t now = m_session.state().timeMs();
    const int64_t span = failureSpanMs(m_failureSpan);
    return { span ? now - span : std::numeric_limits<int64_t>::min(), now + 1 };
}

void RackMapPresenter::setSelectedSpan(int64_t fromMs, int64_t toMs)
{
    m_selectionFromMs = std::min(fromMs, toMs);
    m_selectionToMs = std::max(fromMs, toMs);
    const bool selected = m_selectionToMs > m_selectionFromMs;
    if (m_selectionAction)
        m_selectionAction->setEnabled(selected);
    if (selected && m_selectionAction) {
        m_selectionAction->trigger(); // a span drawn is the span counted
        return;
    }
    if (!selected && m_failureSpan == FailureSpan::Selection) {
        // Back to the span chosen before the selection, ticked in the menu as well.
        m_failureSpan = m_spanBeforeSelection;
        if (QActionGroup *group = m_selectionAction ? m_selectionAction->actionGroup() : nullptr)
            for (QAction *a : group->actions())
                if (a->data().toInt() == int(m_failureSpan))
                    a->setChecked(true);
    }
    updateLegend();
    apply();
}

void RackMapPresenter::apply()
{
    const ClusterState &state = m_session.state();
    computeOverlay(state, m_overlay, m_cellValues, &m_session.warnings(), &m_session.alarms());
    if (m_overlay == Overlay::FailureRisk && state.topology())
        failureRiskPerGpu(*state.topology(), m_session.analysis().debt(), m_cellValues);
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
    // From afar each rack shows its sum, so the scale tops out at the worst rack then, at the
    // worst GPU close up.
    const auto [from, to] = countedSpan();
    const IncidentAnalysis &a = m_session.analysis();
    switch (m_overlay) {
    case Overlay::Failures:
        failureCounts(topology, m_session.hardwareFailures(), from, to, m_cellValues);
        break;
    case Overlay::ErrorCount:
        hardwareErrorCounts(topology, a.attributor().warnings(), from, to, m_cellValues);
        break;
    case Overlay::AlarmsRaised:
        alarmRaiseCounts(topology, m_session.alarmRaises(), from, to, m_cellValues);
        break;
    case Overlay::IncidentCount:
        incidentCounts(topology, a.incidents(), a.costs(), from, to, m_cellValues, &m_unplacedIncidents);
        break;
    default: {
        // The same figures as the dock's and the report's totals for that span.
        const GritTotals totals
            = gritTotals(a.incidents(), a.costs(), a.slowdowns(), {}, topology, a.gritSettings(), from, to);
        lostGpuHoursByRack(topology, totals.lostByRack, m_cellValues);
        break;
    }
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
