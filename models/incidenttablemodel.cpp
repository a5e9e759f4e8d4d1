// SPDX-License-Identifier: GPL-3.0-or-later
#include "incidenttablemodel.h"
#include "domain/threadaffinity.h"

#include "analysis/recommendations.h"
#include "eventdescription.h"
#include "remedytext.h"

#include <QBrush>
#include <QColor>
#include <QDateTime>
#include <QLocale>

#include <algorithm>

namespace vigil {

namespace {

QString hours(double h)
{
    return QLocale().toString(h, 'f', h < 10 ? 1 : 0);
}

} // namespace

std::vector<StoryStep> incidentStorySteps(const Incident &incident, const Attribution &attribution,
                                          const IncidentCost &cost, const Topology *topology)
{
    std::vector<StoryStep> steps;
    const QLocale locale;
    if (const CauseCandidate *top = attribution.top()) {
        // Runs of one kind of warning on one entity, told once: how many times, from when, and
        // whether anybody acknowledged any of them (a story of eleven "1 time" runs reads as noise).
        std::vector<WarningRun> told;
        for (const WarningRun &run : top->evidence) {
            const bool early = incident.failedMs - run.firstMs > Attributor::CoincidentMs;
            auto same = std::find_if(told.begin(), told.end(), [&](const WarningRun &t) {
                return early && t.type == run.type && t.code == run.code && t.entity == run.entity
                    && incident.failedMs - t.firstMs > Attributor::CoincidentMs;
            });
            if (same == told.end()) {
                told.push_back(run);
                continue;
            }
            same->count += run.count;
            same->lastMs = std::max(same->lastMs, run.lastMs);
            if (same->acknowledgedBy.isEmpty())
                same->acknowledgedBy = run.acknowledgedBy;
        }
        for (const WarningRun &run : told) {
            const QString what
                = run.type == EventType::Xid ? IncidentTableModel::tr("Xid %1").arg(run.code) : eventTypeName(run.type);
            if (incident.failedMs - run.firstMs > Attributor::CoincidentMs)
                steps.push_back({ run.firstMs,
                                  IncidentTableModel::tr("%1 on %2 from %3 (%n time(s)), %4", "", int(run.count))
                                      .arg(what, entityName(topology, run.entity), shortClock(run.firstMs),
                                           run.acknowledgedBy.isEmpty()
                                               ? IncidentTableModel::tr("unacknowledged")
                                               : IncidentTableModel::tr("acknowledged by %1").arg(run.acknowledgedBy)),
                                  run.entity });
            else
                steps.push_back({ run.lastMs,
                                  IncidentTableModel::tr("%1 on %2 at %3")
                                      .arg(what, entityName(topology, run.entity), shortClock(run.lastMs)),
                                  run.entity });
        }
    } else {
        steps.push_back({ 0, IncidentTableModel::tr("no precursor seen"), std::nullopt });
    }
    const std::optional<EntityRef> job = incident.job >= 0
        ? std::optional<EntityRef>(EntityRef { EntityKind::Job, uint32_t(incident.job) })
        : std::nullopt;
    steps.push_back(
        { incident.failedMs,
          IncidentTableModel::tr("job %1: %2 at step %3")
              .arg(incident.jobId, eventTypeName(incident.kind), locale.toString(qlonglong(incident.stepAtFailure))),
          job });
    switch (incident.state) {
    case Incident::State::Recovered:
        steps.push_back({ incident.resumedMs,
                          (incident.restartedByHand ? IncidentTableModel::tr("restarted by hand after %1 min")
                                                    : IncidentTableModel::tr("restarted automatically after %1 min"))
                              .arg(locale.toString(double(incident.resumedMs - incident.failedMs) / 60000.0, 'f', 0)),
                          job });
        steps.push_back({ incident.resumedMs,
                          IncidentTableModel::tr("rolled back %1 steps to checkpoint %2")
                              .arg(locale.toString(incident.stepsRecomputed(), 'f', 0),
                                   locale.toString(qlonglong(incident.checkpointStep))),
                          job });
        break;
    case Incident::State::Open:
        steps.push_back({ 0, IncidentTableModel::tr("still down"), std::nullopt });
        break;
    case Incident::State::Ended:
        steps.push_back({ 0, IncidentTableModel::tr("the run was aborted"), std::nullopt });
        break;
    }
    const double perGpu = incident.gpus ? cost.lostGpuHours / double(incident.gpus) : 0.0;
    QString price = IncidentTableModel::tr("%1 GPUs × %2 h = %3 GPU-h, %4")
                        .arg(locale.toString(qulonglong(incident.gpus)), locale.toString(perGpu, 'f', 2),
                             locale.toString(cost.lostGpuHours, 'f', 0),
                             QStringLiteral("$%1").arg(locale.toString(cost.money, 'f', 0)));
    steps.push_back({ 0, price, std::nullopt });
    if (const QString why = preventableVerdictText(cost); !why.isEmpty())
        steps.push_back({ 0, why, std::nullopt });
    if (const std::optional<PartRecommendation> next = recommendForIncident(attribution))
        steps.push_back({ 0,
                          IncidentTableModel::tr("recommended: %1 (%2)")
                              .arg(recommendationText(next->recommendation, topology, next->part),
                                   recommendationReason(next->recommendation)),
                          next->part });
    return steps;
}

QString preventableVerdictText(const IncidentCost &cost)
{
    const QLocale locale;
    const QString lead = hours(double(cost.leadMs) / 3600000.0);
    const QString chance = locale.toString(cost.hazard.probability * 100.0, 'f', cost.hazard.probability < 0.1 ? 1 : 0);
    const QString cases = locale.toString(cost.hazard.cases, 'f', 0);
    switch (cost.verdict) {
    case IncidentCost::Verdict::Preventable:
        return IncidentTableModel::tr("preventable: it warned %1 h before, and %2 % of such warnings are followed by a "
                                      "failure within 72 h (%3 cases)")
            .arg(lead, chance, cases);
    case IncidentCost::Verdict::NotMaterial:
        return IncidentTableModel::tr("not preventable: it warned %1 h before, but only %2 % of such warnings are "
                                      "followed by a failure within 72 h (%3 cases)")
            .arg(lead, chance, cases);
    case IncidentCost::Verdict::TooLate:
        return IncidentTableModel::tr("not preventable: it warned only %1 h before, too late to drain or swap it")
            .arg(lead);
    case IncidentCost::Verdict::Remediated:
        return IncidentTableModel::tr("it had been drained in time");
    case IncidentCost::Verdict::NoWarning:
        return IncidentTableModel::tr("not preventable: it failed with no warning before");
    case IncidentCost::Verdict::NoCause:
        break; // "no precursor seen" says it
    }
    return {};
}

QString incidentStory(const Incident &incident, const Attribution &attribution, const IncidentCost &cost,
                      const Topology *topology)
{
    QStringList parts;
    for (const StoryStep &step : incidentStorySteps(incident, attribution, cost, topology))
        parts << step.text;
    return parts.join(QStringLiteral("; ")) + QLatin1Char('.');
}

QString incidentStoryHtml(const std::vector<StoryStep> &steps)
{
    // A line a step: its time (a link that moves the clock there), what happened, and
    // a link to the entity it happened on.
    QStringList lines;
    for (const StoryStep &step : steps) {
        const QString when = step.timeMs > 0
            ? QStringLiteral("<a href=\"time:%1\">%2</a>").arg(step.timeMs).arg(shortClock(step.timeMs).toHtmlEscaped())
            : QStringLiteral("&nbsp;");
        QString what = step.text.toHtmlEscaped();
        if (step.entity)
            what += QStringLiteral(" <a href=\"entity:%1:%2\">%3</a>")
                        .arg(int(step.entity->kind))
                        .arg(step.entity->index)
                        .arg(IncidentTableModel::tr("show").toHtmlEscaped());
        lines << QStringLiteral("<tr><td style=\"padding-right:8px; white-space:nowrap\">%1</td><td>%2</td></tr>")
                     .arg(when, what);
    }
    return QStringLiteral("<table cellspacing=\"0\" cellpadding=\"1\">%1</table>").arg(lines.join(QString()));
}

StoryLink storyLink(const QString &href)
{
    StoryLink link;
    const QStringList parts = href.split(QLatin1Char(':'));
    bool ok = false, okIndex = false;
    if (parts.size() == 2 && parts[0] == QLatin1String("time")) {
        const qlonglong ms = parts[1].toLongLong(&ok);
        if (ok && ms > 0)
            link.timeMs = ms;
    } else if (parts.size() == 3 && parts[0] == QLatin1String("entity")) {
        const int kind = parts[1].toInt(&ok);
        const uint index = parts[2].toUInt(&okIndex);
        if (ok && okIndex && kind > int(EntityKind::Unspecified) && kind <= int(EntityKind::Job))
            link.entity = EntityRef { EntityKind(kind), uint32_t(index) };
    }
    return link;
}

IncidentTableModel::IncidentTableModel(QObject *parent)
    : KeyedTableModel(parent)
{ }

void IncidentTableModel::setAnalysis(const IncidentAnalysis &analysis)
{
    checkThreadOf(this, Q_FUNC_INFO);
    if (analysis.topology() != m_topology) { // another cluster: the ids mean other incidents
        beginResetModel();
        m_rows.clear();
        m_topology = analysis.topology();
        endResetModel();
    }
    // By key: a new incident is a row inserted, the others keep their place and the view its
    // selection and current row (the proxy sorts them newest first).
    const auto &incidents = analysis.incidents();
    std::vector<Row> fresh;
    fresh.reserve(incidents.size());
    for (size_t i = 0; i < incidents.size() && i < analysis.costs().size(); ++i)
        fresh.push_back({ incidents[i], analysis.attributions()[i], analysis.costs()[i] });
    replaceRows(m_rows, std::move(fresh), [](const Row &r) { return r.incident.id; });
}

int IncidentTableModel::rowOf(uint64_t incidentId) const
{
    for (size_t r = 0; r < m_rows.size(); ++r)
        if (m_rows[r].incident.id == incidentId)
            return int(r);
    return -1;
}

uint64_t IncidentTableModel::incidentIdAt(int row) const
{
    return row >= 0 && size_t(row) < m_rows.size() ? m_rows[size_t(row)].incident.id : 0;
}

std::optional<PartRecommendation> IncidentTableModel::recommendationAt(int row) const
{
    if (row < 0 || size_t(row) >= m_rows.size())
        return std::nullopt;
    return recommendForIncident(m_rows[size_t(row)].attribution);
}

int IncidentTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int IncidentTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant IncidentTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || size_t(index.row()) >= m_rows.size())
        return {};
    const Row &r = m_rows[size_t(index.row())];
    const CauseCandidate *top = r.attribution.top();
    if (role == IncidentIdRole)
        return QVariant::fromValue(qulonglong(r.incident.id));
    if (role == StoryHtmlRole)
        return incidentStoryHtml(incidentStorySteps(r.incident, r.attribution, r.cost, m_topology.get()));
    if (role == SortRole) {
        switch (index.column()) {
        case TimeColumn:
            return qlonglong(r.incident.failedMs);
        case LeadColumn:
            return qlonglong(r.cost.leadMs);
        case LostColumn:
            return r.cost.lostGpuHours;
        case CostColumn:
            return r.cost.money;
        case PreventableColumn:
            return r.cost.preventable ? 1 : 0;
        default:
            break;
        }
        role = Qt::DisplayRole;
    }
    if (role == Qt::ToolTipRole)
        return incidentStory(r.incident, r.attribution, r.cost, m_topology.get());
    if (role == Qt::ForegroundRole && index.column() == PreventableColumn && r.cost.preventable)
        return QBrush(QColor(0xff, 0x4d, 0x4d));
    if (role == Qt::TextAlignmentRole && (index.column() == LostColumn || index.column() == CostColumn))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    const QLocale locale;
    switch (index.column()) {
    case TimeColumn:
        return shortClock(r.incident.failedMs);
    case JobColumn:
        return r.incident.jobId;
    case CauseColumn:
        return top ? tr("%1 (%2)").arg(entityName(m_topology.get(), top->entity), causeClassName(r.cost.cause))
                   : tr("no precursor seen");
    case LeadColumn:
        return r.cost.leadMs > 0 ? tr("%1 h").arg(hours(double(r.cost.leadMs) / 3600000.0)) : tr("—");
    case LostColumn:
        return locale.toString(r.cost.lostGpuHours, 'f', 0);
    case CostColumn:
        return QStringLiteral("$%1").arg(locale.toString(r.cost.money, 'f', 0));
    case PreventableColumn:
        return r.cost.preventable ? tr("yes") : tr("no");
    case StateColumn:
        return r.incident.state == Incident::State::Open ? tr("open")
            : r.incident.state == Incident::State::Ended ? tr("aborted")
                                                         : tr("recovered");
    default:
        return {};
    }
}

QVariant IncidentTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn:
        return tr("Time (UTC)");
    case JobColumn:
        return tr("Job");
    case CauseColumn:
        return tr("Cause");
    case LeadColumn:
        return tr("Warned");
    case LostColumn:
        return tr("Lost GPU-h");
    case CostColumn:
        return tr("Cost");
    case PreventableColumn:
        return tr("Preventable");
    case StateColumn:
        return tr("State");
    default:
        return {};
    }
}

} // namespace vigil
