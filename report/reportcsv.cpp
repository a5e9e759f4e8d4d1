// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/reportcsv.h"

#include "analysis/recommendations.h"
#include "domain/entitynames.h"

#include <QDateTime>
#include <QDir>
#include <QRegularExpression>
#include <QSaveFile>

namespace vigil {

namespace {

QString iso(int64_t ms)
{
    return ms ? QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODate) : QString();
}

QString num(double v, int decimals = 2)
{
    return QString::number(v, 'f', decimals);
}

class Table
{
public:
    explicit Table(QStringList header) { m_text = header.join(QLatin1Char(',')) + QLatin1String("\r\n"); }
    void row(const QStringList &fields)
    {
        QStringList quoted;
        for (const QString &f : fields)
            quoted << csvField(f);
        m_text += quoted.join(QLatin1Char(',')) + QLatin1String("\r\n");
    }
    QString save(const QDir &dir, const QString &name, QStringList *written) const
    {
        QSaveFile file(dir.filePath(name));
        if (!file.open(QIODevice::WriteOnly) || file.write(m_text.toUtf8()) < 0 || !file.commit())
            return QStringLiteral("%1: %2").arg(dir.filePath(name), file.errorString());
        if (written)
            *written << dir.filePath(name);
        return {};
    }

    const QString &text() const { return m_text; }

private:
    QString m_text;
};

QString hazardKindKey(const HazardKind &kind)
{
    const QString what
        = kind.type == EventType::Xid ? QStringLiteral("xid_%1").arg(kind.code) : eventTypeKey(kind.type);
    return QStringLiteral("%1 on %2").arg(what, entityKindKey(kind.entityKind));
}

Table backtestTable(const Backtest &b)
{
    Table table({ QStringLiteral("warning"), QStringLiteral("fitted_cases"), QStringLiteral("chance_of_failure"),
                  QStringLiteral("windows"), QStringLiteral("predicted_failures"), QStringLiteral("actual_failures"),
                  QStringLiteral("predicted_gpu_hours"), QStringLiteral("actual_gpu_hours") });
    auto row = [&](const QString &what, const Backtest::Row &r, bool total) {
        table.row({ what, total ? QString() : num(r.fittedCases, 1), num(r.probability, 4), num(r.windows, 1),
                    num(r.predictedFailures), num(r.actualFailures, 0), num(r.predictedGpuHours),
                    num(r.actualGpuHours) });
    };
    for (const Backtest::Row &r : b.rows)
        row(hazardKindKey(r.kind), r, false);
    row(QStringLiteral("all"), b.total, true);
    return table;
}

Table periodsTable(const MaintenanceReport &r)
{
    Table periods({ QStringLiteral("period"), QStringLiteral("from"), QStringLiteral("to"),
                    QStringLiteral("disruptions"), QStringLiteral("lost_gpu_hours"),
                    QStringLiteral("downtime_gpu_hours"), QStringLiteral("recompute_gpu_hours"),
                    QStringLiteral("slowdown_gpu_hours"), QStringLiteral("cost_usd"), QStringLiteral("ettr"),
                    QStringLiteral("mtbf_hours"), QStringLiteral("mttr_hours"), QStringLiteral("preventable_share"),
                    QStringLiteral("recorded") });
    for (size_t i = 0; i < r.trend.size(); ++i) {
        const PeriodFigures &p = r.trend[i];
        const size_t back = r.trend.size() - 1 - i;
        periods.row({ back == 0       ? QStringLiteral("current")
                          : back == 1 ? QStringLiteral("previous")
                                      : QStringLiteral("current-%1").arg(back),
                      iso(p.fromMs), iso(p.toMs), QString::number(p.disruptions), num(p.lostGpuHours),
                      num(p.downtimeGpuHours), num(p.recomputeGpuHours), num(p.slowdownGpuHours), num(p.money),
                      num(p.ettr, 4), num(p.mtbfHours), num(p.mttrHours), num(p.preventableShare(), 4),
                      p.recorded ? QStringLiteral("yes") : QStringLiteral("no") });
    }
    return periods;
}

Table lostByCauseTable(const MaintenanceReport &r)
{
    Table causes({ QStringLiteral("cause_class"), QStringLiteral("lost_gpu_hours") });
    for (const auto &[cause, hours] : r.lostByCause)
        causes.row({ causeClassName(cause), num(hours) });
    return causes;
}

Table lostByPlaceTable(const MaintenanceReport &r, const Topology &t)
{
    Table places({ QStringLiteral("kind"), QStringLiteral("name"), QStringLiteral("lost_gpu_hours") });
    for (const auto &[kind, list] :
         { std::pair(EntityKind::Rack, &r.lostByRack), std::pair(EntityKind::Pdu, &r.lostByPdu),
           std::pair(EntityKind::CoolingLoop, &r.lostByLoop) })
        for (const auto &[index, hours] : *list)
            places.row({ kind == EntityKind::Rack      ? QStringLiteral("rack")
                             : kind == EntityKind::Pdu ? QStringLiteral("pdu")
                                                       : QStringLiteral("cooling_loop"),
                         entityKeyName(t, { kind, index }), num(hours) });
    return places;
}

Table fleetFailuresTable(const MaintenanceReport &r)
{
    const FleetReliability &f = r.fleet;
    Table fleet({ QStringLiteral("dimension"), QStringLiteral("name"), QStringLiteral("failures"),
                  QStringLiteral("gpu_days"), QStringLiteral("failures_per_1000_gpu_days"),
                  QStringLiteral("mtbf_gpu_hours") });
    for (const auto &[dimension, list] :
         { std::pair(QStringLiteral("hall"), &f.byHall), std::pair(QStringLiteral("row"), &f.byRow),
           std::pair(QStringLiteral("rack"), &f.byRack), std::pair(QStringLiteral("position"), &f.byPosition),
           std::pair(QStringLiteral("model"), &f.byModel), std::pair(QStringLiteral("month"), &f.byMonth),
           std::pair(QStringLiteral("quarter"), &f.byQuarter), std::pair(QStringLiteral("year"), &f.byYear) })
        for (const FailureTally &tally : *list)
            fleet.row({ dimension, tally.name, QString::number(tally.failures), num(tally.gpuDays, 1),
                        num(tally.per1000GpuDays(), 4), num(tally.mtbfGpuHours(), 0) });
    return fleet;
}

Table fleetLemonsTable(const MaintenanceReport &r)
{
    const FleetReliability &f = r.fleet;
    Table fleetLemons({ QStringLiteral("kind"), QStringLiteral("name"), QStringLiteral("failures"),
                        QStringLiteral("parts_or_slots"), QStringLiteral("parts_not_named"),
                        QStringLiteral("last_slot") });
    for (const LemonPosition &p : f.lemonPositions)
        fleetLemons.row({ QStringLiteral("position"), p.name, QString::number(p.failures), QString::number(p.parts),
                          QString::number(p.unidentified), p.name });
    for (const LemonPart &p : f.lemonParts)
        fleetLemons.row({ QStringLiteral("part"), p.serial, QString::number(p.failures), QString::number(p.positions),
                          QStringLiteral("0"), p.lastPosition });
    return fleetLemons;
}

Table incidentsTable(const MaintenanceReport &r, const Topology &t)
{
    Table incidents({ QStringLiteral("failed_at"), QStringLiteral("job"), QStringLiteral("failure"),
                      QStringLiteral("cause"), QStringLiteral("cause_class"), QStringLiteral("warned_hours"),
                      QStringLiteral("acknowledged_by"), QStringLiteral("gpus"), QStringLiteral("downtime_gpu_hours"),
                      QStringLiteral("recompute_gpu_hours"), QStringLiteral("lost_gpu_hours"),
                      QStringLiteral("cost_usd"), QStringLiteral("preventable"), QStringLiteral("state"),
                      QStringLiteral("preventable_why"), QStringLiteral("warning_chance_of_failure") });
    for (const ReportIncident &i : r.incidents) {
        const CauseCandidate *top = i.attribution.top();
        QString acknowledgedBy;
        if (top)
            for (const WarningRun &run : top->evidence)
                if (!run.acknowledgedBy.isEmpty())
                    acknowledgedBy = run.acknowledgedBy;
        incidents.row(
            { iso(i.incident.failedMs), i.incident.jobId, eventTypeKey(i.incident.kind),
              top ? entityKeyName(t, top->entity) : QString(), causeClassName(i.cost.cause),
              num(double(i.cost.leadMs) / 3600000.0), acknowledgedBy, QString::number(i.incident.gpus),
              num(i.cost.downtimeGpuHours), num(i.cost.recomputeGpuHours), num(i.cost.lostGpuHours), num(i.cost.money),
              i.cost.preventable ? QStringLiteral("yes") : QStringLiteral("no"),
              i.incident.state == Incident::State::Open        ? QStringLiteral("open")
                  : i.incident.state == Incident::State::Ended ? QStringLiteral("aborted")
                                                               : QStringLiteral("recovered"),
              verdictKey(i.cost.verdict),
              i.cost.hazard.kind.type == EventType::Unspecified ? QString() : num(i.cost.hazard.probability, 4) });
    }
    return incidents;
}

Table slowdownsTable(const MaintenanceReport &r, const Topology &t)
{
    Table slow({ QStringLiteral("from"), QStringLiteral("to"), QStringLiteral("job"), QStringLiteral("gpus"),
                 QStringLiteral("healthy_step_seconds"), QStringLiteral("worst_step_seconds"), QStringLiteral("cause"),
                 QStringLiteral("by_hand"), QStringLiteral("lost_gpu_hours"), QStringLiteral("cost_usd") });
    for (const Slowdown &d : r.slowdowns)
        slow.row({ iso(d.fromMs), iso(d.toMs), d.jobId, QString::number(d.gpus), num(d.baselineSeconds, 3),
                   num(d.worstSeconds, 3), d.causeEntity ? entityKeyName(t, *d.causeEntity) : QString(),
                   d.causedByHand ? QStringLiteral("yes") : QStringLiteral("no"), num(d.lostGpuHours), num(d.money) });
    return slow;
}

Table stragglersTable(const MaintenanceReport &r, const Topology &t)
{
    Table slow({ QStringLiteral("from"), QStringLiteral("to"), QStringLiteral("entity"), QStringLiteral("job"),
                 QStringLiteral("job_gpus"), QStringLiteral("worst_deficit"), QStringLiteral("warnings"),
                 QStringLiteral("lost_gpu_hours"), QStringLiteral("cost_usd") });
    for (const StragglerEpisode &e : r.stragglers)
        slow.row({ iso(e.fromMs), iso(e.toMs), entityKeyName(t, e.entity), e.jobId, QString::number(e.jobGpus),
                   num(e.worstDeficit, 4), QString::number(e.warnings), num(e.lostGpuHours),
                   num(e.lostGpuHours * r.settings.pricePerGpuHour) });
    return slow;
}

// The list at the period's end, then the backtest of the same list over the period as one last row.
Table nextToFailTable(const MaintenanceReport &r, const Topology &t)
{
    Table list({ QStringLiteral("rank"), QStringLiteral("entity"), QStringLiteral("warning"), QStringLiteral("code"),
                 QStringLiteral("warning_since"), QStringLiteral("probability_72h"), QStringLiteral("low"),
                 QStringLiteral("high"), QStringLiteral("cases"), QStringLiteral("gpus_at_risk"),
                 QStringLiteral("remedy"), QStringLiteral("drain_first") });
    for (size_t i = 0; i < r.nextToFail.size(); ++i) {
        const AtRisk &a = r.nextToFail[i];
        const Recommendation next = recommendForRisk(a).recommendation;
        list.row({ QString::number(i + 1), entityKeyName(t, a.entity), eventTypeKey(a.warning), QString::number(a.code),
                   iso(a.warningSinceMs), num(a.hazard.probability, 4), num(a.hazard.low, 4), num(a.hazard.high, 4),
                   num(a.hazard.cases, 1), QString::number(a.gpusAtRisk), remedyKey(next.remedy),
                   next.drainFirst ? QStringLiteral("true") : QStringLiteral("false") });
    }
    return list;
}

Table nextToFailBacktestTable(const NextToFailBacktest &b)
{
    Table t({ QStringLiteral("from"), QStringLiteral("to"), QStringLiteral("every_hours"), QStringLiteral("top"),
              QStringLiteral("lists"), QStringLiteral("entries"), QStringLiteral("failed_within_72h"),
              QStringLiteral("precision"), QStringLiteral("failures"), QStringLiteral("foreseen"),
              QStringLiteral("recall"), QStringLiteral("median_lead_hours") });
    t.row({ iso(b.fromMs), iso(b.toMs), num(double(b.stepMs) / 3600000.0, 1), QString::number(b.limit),
            QString::number(b.lists), QString::number(b.listed), QString::number(b.hits), num(b.precision(), 4),
            QString::number(b.failures), QString::number(b.foreseen), num(b.recall(), 4),
            num(b.medianLeadHours(), 1) });
    return t;
}

Table interventionsTable(const MaintenanceReport &r)
{
    Table ledger({ QStringLiteral("time"), QStringLiteral("operator"), QStringLiteral("action"),
                   QStringLiteral("at_night"), QStringLiteral("hands_on_minutes"), QStringLiteral("answered_job"),
                   QStringLiteral("minutes_after_failure") });
    std::map<uint64_t, QString> jobOf;
    for (const ReportIncident &i : r.incidents)
        jobOf[i.incident.id] = i.incident.jobId;
    for (const Intervention &v : r.interventions)
        ledger.row({ iso(v.timeMs), v.who, eventTypeKey(v.action),
                     v.atNight ? QStringLiteral("yes") : QStringLiteral("no"), num(double(v.effortMs) / 60000.0, 0),
                     v.incidentId ? jobOf[v.incidentId] : QString(),
                     v.incidentId ? num(double(v.sinceFailureMs) / 60000.0, 0) : QString() });
    return ledger;
}

Table openWarningsTable(const MaintenanceReport &r, const Topology &t)
{
    Table debt({ QStringLiteral("entity"), QStringLiteral("warning"), QStringLiteral("first_seen"),
                 QStringLiteral("age_hours"), QStringLiteral("times"), QStringLiteral("acknowledged_by"),
                 QStringLiteral("gpus_at_risk"), QStringLiteral("expected_cost_usd_per_day"),
                 QStringLiteral("chance_of_failure"), QStringLiteral("chance_low"), QStringLiteral("chance_high"),
                 QStringLiteral("cases"), QStringLiteral("cost_of_failure_usd"), QStringLiteral("above_base_rate") });
    for (const DebtItem &d : r.debt)
        debt.row({ entityKeyName(t, d.warnings.entity),
                   d.warnings.type == EventType::Xid ? QStringLiteral("xid_%1").arg(d.warnings.code)
                                                     : eventTypeKey(d.warnings.type),
                   iso(d.warnings.firstMs), num(double(d.ageMs) / 3600000.0, 1), QString::number(d.warnings.count),
                   d.warnings.acknowledgedBy, QString::number(d.gpusAtRisk), num(d.countedCostPerDay()),
                   num(d.hazard.probability, 4), num(d.hazard.low, 4), num(d.hazard.high, 4), num(d.hazard.cases, 1),
                   num(d.costOfFailure), d.hazard.material ? QStringLiteral("true") : QStringLiteral("false") });
    return debt;
}

Table thresholdChangesTable(const MaintenanceReport &r, const Topology &t)
{
    Table thresholds({ QStringLiteral("time"), QStringLiteral("operator"), QStringLiteral("entity"),
                       QStringLiteral("message"), QStringLiteral("jobs"), QStringLiteral("tokens_per_s_before"),
                       QStringLiteral("tokens_per_s_after"), QStringLiteral("slowdown"),
                       QStringLiteral("throughput_gpu_hours") });
    for (size_t i = 0; i < r.grit.thresholdChanges.size(); ++i) {
        const Event &e = r.grit.thresholdChanges[i];
        const GritSummary::ThroughputCost cost
            = i < r.grit.thresholdCosts.size() ? r.grit.thresholdCosts[i] : GritSummary::ThroughputCost {};
        thresholds.row({ iso(e.timeMs), e.operatorName, entityKeyName(t, e.entity), e.message,
                         cost.jobs.join(QLatin1Char(' ')), cost.measured ? num(cost.tokensBefore, 1) : QString(),
                         cost.measured ? num(cost.tokensAfter, 1) : QString(),
                         cost.measured ? num(cost.slowdown(), 4) : QString(),
                         cost.measured ? num(cost.gpuHours) : QString() });
    }
    return thresholds;
}

Table lemonsTable(const MaintenanceReport &r, const Topology &t)
{
    Table lemons({ QStringLiteral("entity"), QStringLiteral("incidents_caused"), QStringLiteral("lost_gpu_hours") });
    for (const Lemon &l : r.lemons)
        lemons.row({ entityKeyName(t, l.entity), QString::number(l.failures), num(l.lostGpuHours) });
    return lemons;
}

Table fixFirstTable(const MaintenanceReport &r, const Topology &t)
{
    Table fix({ QStringLiteral("rank"), QStringLiteral("entity"), QStringLiteral("entities"), QStringLiteral("reason"),
                QStringLiteral("warning"), QStringLiteral("expected_saving_usd"), QStringLiteral("all_entities_usd") });
    for (size_t i = 0; i < r.fixFirst.size(); ++i) {
        const FixFirst &f = r.fixFirst[i];
        const QString reason = f.reason == FixFirst::Reason::Lemon ? QStringLiteral("keeps_failing")
            : f.reason == FixFirst::Reason::Slowing                ? QStringLiteral("slows_a_job")
                                                                   : QStringLiteral("open_warning");
        fix.row({ QString::number(i + 1), entityKeyName(t, f.entity), QString::number(f.entities), reason,
                  f.warning == EventType::Unspecified ? QString() : eventTypeKey(f.warning), num(f.expectedSaving),
                  num(f.expectedSavingAll) });
    }
    return fix;
}

} // namespace

QString verdictKey(IncidentCost::Verdict verdict)
{
    switch (verdict) {
    case IncidentCost::Verdict::NoCause:
        return QStringLiteral("no_cause");
    case IncidentCost::Verdict::NoWarning:
        return QStringLiteral("no_warning_before");
    case IncidentCost::Verdict::NotMaterial:
        return QStringLiteral("warning_not_material");
    case IncidentCost::Verdict::TooLate:
        return QStringLiteral("warned_too_late");
    case IncidentCost::Verdict::Remediated:
        return QStringLiteral("remediated");
    case IncidentCost::Verdict::Preventable:
        break;
    }
    return QStringLiteral("preventable");
}

QByteArray backtestCsv(const Backtest &backtest)
{
    return backtestTable(backtest).text().toUtf8();
}

QString csvField(const QString &text)
{
    // A cell a spreadsheet would run as a formula (=, +, -, @, a tab or a carriage
    // return first: a host name, a note or a ticket text from anyone) is made text
    // with a leading apostrophe. Plain numbers, negative ones included, stay numbers.
    static const QRegularExpression number(QStringLiteral("^[-+]?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?$"));
    const bool formula
        = !text.isEmpty() && QStringLiteral("=+-@\t\r").contains(text.front()) && !number.match(text).hasMatch();
    const QString cell = formula ? QLatin1Char('\'') + text : text;
    if (!formula && !cell.contains(QLatin1Char(',')) && !cell.contains(QLatin1Char('"'))
        && !cell.contains(QLatin1Char('\n')) && !cell.contains(QLatin1Char('\r')))
        return cell;
    return QLatin1Char('"') + QString(cell).replace(QLatin1String("\""), QLatin1String("\"\"")) + QLatin1Char('"');
}

QString writeReportCsv(const MaintenanceReport &r, const QString &directory, QStringList *written)
{
    QDir dir(directory);
    if (!dir.mkpath(QStringLiteral(".")))
        return QStringLiteral("%1: cannot create the folder").arg(directory);
    const Topology empty;
    const Topology &t = r.topology ? *r.topology : empty;
    std::vector<std::pair<QString, Table>> tables;
    tables.emplace_back(QStringLiteral("periods.csv"), periodsTable(r));
    tables.emplace_back(QStringLiteral("lost_by_cause.csv"), lostByCauseTable(r));
    tables.emplace_back(QStringLiteral("lost_by_place.csv"), lostByPlaceTable(r, t));
    tables.emplace_back(QStringLiteral("fleet_failures.csv"), fleetFailuresTable(r));
    tables.emplace_back(QStringLiteral("fleet_lemons.csv"), fleetLemonsTable(r));
    tables.emplace_back(QStringLiteral("incidents.csv"), incidentsTable(r, t));
    tables.emplace_back(QStringLiteral("slowdowns.csv"), slowdownsTable(r, t));
    tables.emplace_back(QStringLiteral("stragglers.csv"), stragglersTable(r, t));
    tables.emplace_back(QStringLiteral("interventions.csv"), interventionsTable(r));
    tables.emplace_back(QStringLiteral("open_warnings.csv"), openWarningsTable(r, t));
    tables.emplace_back(QStringLiteral("threshold_changes.csv"), thresholdChangesTable(r, t));
    tables.emplace_back(QStringLiteral("lemons.csv"), lemonsTable(r, t));
    tables.emplace_back(QStringLiteral("fix_first.csv"), fixFirstTable(r, t));
    tables.emplace_back(QStringLiteral("backtest.csv"), backtestTable(r.backtest));
    tables.emplace_back(QStringLiteral("next_to_fail.csv"), nextToFailTable(r, t));
    tables.emplace_back(QStringLiteral("next_to_fail_backtest.csv"), nextToFailBacktestTable(r.nextToFailBacktest));

    for (const auto &[name, table] : tables)
        if (QString error = table.save(dir, name, written); !error.isEmpty())
            return error;
    return {};
}

} // namespace vigil
