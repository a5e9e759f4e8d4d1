// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/maintenancereport.h"

#include "domain/checkedtime.h"

#include "analysis/incidentanalysis.h"
#include "domain/alarmbook.h"
#include "domain/blastradius.h"
#include "recording/recordingreader.h"

#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <set>

namespace vigil {

namespace {

PeriodFigures figuresOf(const GritTotals &g)
{
    PeriodFigures p;
    p.fromMs = g.fromMs;
    p.toMs = g.toMs;
    p.disruptions = g.incidents;
    p.lostGpuHours = g.lostGpuHours;
    p.downtimeGpuHours = g.downtimeGpuHours;
    p.recomputeGpuHours = g.recomputeGpuHours;
    p.slowdownGpuHours = g.slowdownGpuHours;
    p.slowdowns = g.slowdowns;
    p.money = g.money;
    p.ettr = g.ettr;
    p.mtbfHours = g.incidents ? g.mtbfHours : 0.0;
    p.mttrHours = g.mttrHours;
    p.preventableGpuHours = g.preventableGpuHours;
    return p;
}

std::vector<std::pair<uint32_t, double>> mostFirst(const std::map<uint32_t, double> &byPlace)
{
    std::vector<std::pair<uint32_t, double>> out(byPlace.begin(), byPlace.end());
    std::sort(out.begin(), out.end(), [](const auto &a, const auto &b) { return a.second > b.second; });
    return out;
}

constexpr int64_t Day = 86400000;

// The incidents of the period, the costliest first; and how often each job was disrupted.
std::map<QString, GritSummary::RepeatedRestarts> addIncidents(MaintenanceReport &out, const IncidentAnalysis &analysis,
                                                              int64_t fromMs, int64_t toMs)
{
    const std::vector<Incident> &incidents = analysis.incidents();
    const std::vector<Attribution> &attributions = analysis.attributions();
    const std::vector<IncidentCost> &costs = analysis.costs();
    std::map<QString, GritSummary::RepeatedRestarts> byJob;
    for (size_t i = 0; i < incidents.size(); ++i) {
        if (incidents[i].failedMs < fromMs || incidents[i].failedMs >= toMs)
            continue;
        out.incidents.push_back({ incidents[i], attributions[i], costs[i] });
        auto &job = byJob[incidents[i].jobId];
        job.jobId = incidents[i].jobId;
        ++job.incidents;
        job.lostGpuHours += costs[i].lostGpuHours;
    }
    std::stable_sort(out.incidents.begin(), out.incidents.end(), [](const ReportIncident &a, const ReportIncident &b) {
        return a.cost.lostGpuHours > b.cost.lostGpuHours;
    });

    return byJob;
}

// The slowdowns of the period, each with only its hours in it.
void addSlowdowns(MaintenanceReport &out, const std::vector<Slowdown> &slowdowns, int64_t fromMs, int64_t toMs)
{
    for (Slowdown s : slowdowns) {
        std::erase_if(s.hourly, [&](const auto &hour) { return hour.first < fromMs || hour.first >= toMs; });
        if (s.hourly.empty())
            continue;
        s.lostGpuHours = s.lostBetween(fromMs, toMs);
        s.money = s.lostGpuHours * out.settings.pricePerGpuHour;
        out.slowdowns.push_back(std::move(s));
    }
    std::stable_sort(out.slowdowns.begin(), out.slowdowns.end(),
                     [](const Slowdown &a, const Slowdown &b) { return a.lostGpuHours > b.lostGpuHours; });
}

// What a threshold changed by hand cost in throughput: the jobs it reached, their recorded
// tokens/s six hours either side of the change.
GritSummary::ThroughputCost thresholdCost(RecordingReader &recording, const Topology &topology, const Event &change,
                                          int64_t toMs)
{
    GritSummary::ThroughputCost cost;
    std::set<int> jobs;
    for (uint32_t gpu : gpusAffectedBy(topology, change.entity))
        if (gpu < topology.jobOfGpu.size() && topology.jobOfGpu[gpu] >= 0)
            jobs.insert(topology.jobOfGpu[gpu]);
    double jobGpus = 0.0;
    for (int j : jobs) {
        cost.jobs << topology.jobs[size_t(j)].id;
        jobGpus += double(topology.jobs[size_t(j)].gpuIndices.size());
    }
    constexpr int64_t Window = 6 * 3600000LL, Step = 300000;
    std::vector<int64_t> marks;
    for (int64_t t = change.timeMs - Window; t < change.timeMs + Window; t += Step)
        marks.push_back(t);
    double sum[2] = { 0, 0 };
    int frames[2] = { 0, 0 };
    recording.scan(
        change.timeMs - Window, change.timeMs + Window, marks,
        [](const MetricDescriptor &m) { return m.name == metric::JobTokensPerSecond; },
        [&](const ClusterState &s) {
            const MetricColumn *tokens = s.column(metric::JobTokensPerSecond);
            if (!tokens)
                return true;
            double total = 0.0;
            for (int j : jobs) {
                const float v = size_t(j) < tokens->values.size() ? tokens->values[size_t(j)] : NAN;
                if (!(v > 0.0f))
                    return true; // a job down or silent: not a measure of its pace
                total += double(v);
            }
            const int side = s.timeMs() >= change.timeMs ? 1 : 0;
            sum[side] += total;
            ++frames[side];
            return true;
        });
    if (!jobs.empty() && frames[0] > 0 && frames[1] > 0) {
        cost.measured = true;
        cost.tokensBefore = sum[0] / frames[0];
        cost.tokensAfter = sum[1] / frames[1];
        cost.gpuHours = std::max(0.0, cost.slowdown()) * jobGpus * double(toMs - change.timeMs) / 3600000.0;
    }
    return cost;
}

// Grit: what people did by hand, the jobs restarted again and again, and what the
// thresholds changed by hand cost.
void addGrit(MaintenanceReport &out, RecordingReader &recording, const std::vector<Event> &actions,
             const std::map<QString, GritSummary::RepeatedRestarts> &byJob, int64_t fromMs, int64_t toMs)
{
    GritSummary &g = out.grit;
    g.work = countInterventions(out.interventions);
    for (const auto &[id, job] : byJob)
        if (job.incidents >= 2)
            g.repeatedRestarts.push_back(job);
    std::sort(g.repeatedRestarts.begin(), g.repeatedRestarts.end(),
              [](const auto &a, const auto &b) { return a.incidents > b.incidents; });
    for (const Event &a : actions)
        if (a.type == EventType::ThresholdChange && a.timeMs >= fromMs && a.timeMs < toMs)
            g.thresholdChanges.push_back(a);

    for (const Event &change : g.thresholdChanges)
        g.thresholdCosts.push_back(thresholdCost(recording, *out.topology, change, toMs));
}

// Debt: the warnings left open at the end of the period (every incident failed before it).
void addDebt(MaintenanceReport &out, const IncidentAnalysis &analysis)
{
    out.debt = analysis.debt();
    out.debtByAge = { { 0, Day }, { Day, 3 * Day }, { 3 * Day, 7 * Day }, { 7 * Day, 0 } };
    for (const DebtItem &d : out.debt)
        for (DebtBucket &b : out.debtByAge)
            if (d.ageMs >= b.minAgeMs && (b.maxAgeMs == 0 || d.ageMs < b.maxAgeMs)) {
                ++b.warnings;
                b.costPerDay += d.countedCostPerDay(); // as the headline counts it
            }
    out.lemons = analysis.lemons();
}

// Fix first: what dealing with each open warning is expected to save (the chance it fails
// within its horizon × what that failure costs: a failure happens once, so never more than
// that, however long the period).
void addFixFirstOfDebt(MaintenanceReport &out)
{
    std::map<std::pair<int, int>, std::vector<const DebtItem *>> byKind; // (entity kind, warning) -> items
    for (const DebtItem &d : out.debt)
        if (d.expectedCostPerDay > 0.0 && d.hazard.material) // a kind seldom followed by a failure is no work to do
            byKind[{ int(d.warnings.entity.kind), int(d.warnings.type) }].push_back(&d);
    for (const auto &[kind, items] : byKind) {
        const bool trivia = items.size() >= 3; // many of one kind: one item of work
        for (const DebtItem *d : items) {
            if (trivia && d != items.front()) {
                FixFirst &group = out.fixFirst.back();
                group.expectedSavingAll += d->expectedSaving();
                ++group.entities;
                continue;
            }
            out.fixFirst.push_back({ d->warnings.entity, FixFirst::Reason::OpenWarning, d->warnings.type,
                                     d->expectedSaving(), d->hazard, d->expectedCostPerDay, 0 });
            out.fixFirst.back().expectedSavingAll = out.fixFirst.back().expectedSaving;
        }
        if (trivia) { // per entity: their mean (the debt is ranked, so the first is the costliest)
            FixFirst &group = out.fixFirst.back();
            group.expectedSaving = group.expectedSavingAll / double(group.entities);
            group.costPerDay = 0.0;
            for (const DebtItem *d : items)
                group.costPerDay += d->expectedCostPerDay / double(items.size());
        }
    }
}

// A slowdown still under way at the end of the period, at its pace of the last day, if what
// began with it is left.
void addFixFirstOfSlowdowns(MaintenanceReport &out, const std::vector<Slowdown> &slowdowns, int64_t toMs,
                            double periodDays)
{
    for (const Slowdown &slow : slowdowns) {
        if (!slow.causeEntity || slow.toMs < toMs - 2 * SlowdownFinder::HourMs || slow.hourly.empty())
            continue;
        double lastDay = 0.0;
        int hours = 0;
        for (const auto &[hourMs, lost] : slow.hourly)
            if (hourMs >= slow.toMs - 24 * SlowdownFinder::HourMs) {
                lastDay += lost;
                ++hours;
            }
        const double perDay = lastDay / double(std::max(1, hours)) * 24.0 * out.settings.pricePerGpuHour;
        const EventType what = slow.causedByHand ? EventType::ThresholdChange
            : slow.evidence.empty()              ? EventType::Unspecified
                                                 : slow.evidence.front().type;
        out.fixFirst.push_back(
            { *slow.causeEntity, FixFirst::Reason::Slowing, what, perDay * periodDays, {}, perDay, 0 });
        out.fixFirst.back().expectedSavingAll = out.fixFirst.back().expectedSaving;
    }
}

// What each lemon has cost per period of the trend.
void addFixFirstOfLemons(MaintenanceReport &out, const IncidentAnalysis &analysis, int64_t trendFromMs)
{
    const std::vector<Incident> &incidents = analysis.incidents();
    const std::vector<IncidentCost> &costs = analysis.costs();
    const double trendPeriods = double(MaintenanceReport::TrendPeriods);
    for (const Lemon &l : out.lemons) {
        double trendLoss = 0.0;
        int trendFailures = 0;
        for (size_t i = 0; i < incidents.size(); ++i)
            if (incidents[i].failedMs >= trendFromMs && costs[i].causeEntity == l.entity) {
                trendLoss += costs[i].money;
                ++trendFailures;
            }
        if (trendFailures > 0) {
            out.fixFirst.push_back({ l.entity,
                                     FixFirst::Reason::Lemon,
                                     EventType::Unspecified,
                                     trendLoss / trendPeriods,
                                     {},
                                     0.0,
                                     l.failures });
            out.fixFirst.back().expectedSavingAll = out.fixFirst.back().expectedSaving;
        }
    }
}

// The alarm load the period's warnings made (threshold alarms need the readings; not counted here).
FloodFigures alarmLoad(const MaintenanceReport &out, const std::vector<Event> &events, int64_t fromMs, int64_t toMs)
{
    AlarmBook book;
    book.setTopology(out.topology, standardMetrics());
    book.setRules({});
    std::vector<Event> period;
    for (const Event &e : events)
        if (e.timeMs >= fromMs - Day && e.timeMs < toMs)
            period.push_back(e);
    book.applyEvents(period);
    book.advanceTo(toMs);
    return floodFigures(book.activations(), book.alarms(), fromMs, toMs, 1);
}

} // namespace

std::pair<int64_t, int64_t> recordingTail(const RecordingReader &recording, int64_t lengthMs, int64_t nowMs)
{
    if (recording.isEmpty())
        return { saturatingAdd(nowMs, -lengthMs), nowMs };
    const int64_t to = saturatingAdd(recording.endMs(), 1);
    return { std::max(saturatingAdd(to, -lengthMs), recording.startMs()), to };
}

QString buildReport(RecordingReader &recording, int64_t fromMs, int64_t toMs, const CostSettings &settings,
                    const GritSettings &grit, MaintenanceReport &out)
{
    out = {};
    out.source = QFileInfo(recording.path()).fileName();
    out.settings = settings;
    if (QString why = settings.validate(); !why.isEmpty())
        return why;
    if (QString why = grit.validate(); !why.isEmpty())
        return why;
    if (toMs <= fromMs)
        return QStringLiteral("the period ends before it begins");
    const int64_t length = toMs - fromMs;
    const int64_t trendFromMs = fromMs - (MaintenanceReport::TrendPeriods - 1) * length;
    for (int p = 0; p < MaintenanceReport::TrendPeriods; ++p) {
        PeriodFigures empty;
        empty.fromMs = trendFromMs + p * length;
        empty.toMs = empty.fromMs + length;
        out.trend.push_back(empty);
    }
    out.current = out.trend.back();
    out.previous = out.trend[out.trend.size() - 2];
    if (recording.isEmpty())
        return {}; // nothing recorded: an empty report, which says so

    // The cluster as the recording knows it, and every event the report can draw on:
    // the trend's periods and, before them, the look-back of the first one's causes.
    ClusterState state;
    if (QString error = recording.stateAt(std::clamp(toMs - 1, recording.startMs(), recording.endMs()), state);
        !error.isEmpty() && !state.topology())
        return error;
    out.topology = state.topology();
    if (!out.topology)
        return QStringLiteral("%1: no topology recorded").arg(out.source);
    std::vector<Event> events = recording.events(trendFromMs - Attributor::LookBackMs, toMs, 20000000);
    if (!recording.lastError().isEmpty())
        return recording.lastError();

    out.fleet = fleetReliability(*out.topology, events, fromMs, toMs);

    // The incidents, their causes and costs: the same analysis as the Incidents dock's, on the same inputs.
    IncidentAnalysis analysis;
    analysis.setTopology(out.topology);
    analysis.setSettings(settings);
    analysis.setGritSettings(grit);
    JobPace pace;
    if (QString error = readJobPace(recording, trendFromMs - Attributor::LookBackMs, toMs, pace); !error.isEmpty())
        return error;
    analysis.setPace(std::move(pace));
    // An incident bundle is judged by the hazards of the whole recording it was cut from.
    QString carriedError;
    std::optional<HazardModel> carried = hazardsCarriedBy(recording, &carriedError);
    if (!carriedError.isEmpty())
        return carriedError;
    analysis.setCarriedHazards(std::move(carried));
    analysis.addEvents(events);
    analysis.update(toMs);
    const std::vector<Incident> &incidents = analysis.incidents();
    const std::vector<Attribution> &attributions = analysis.attributions();
    const std::vector<IncidentCost> &costs = analysis.costs();
    const std::vector<Event> &actions = analysis.actions();
    // The forecast put to the test: fitted on what came before the period, tested on the period.
    out.backtest = backtestHazards(analysis.attributor(), incidents, attributions, costs, *out.topology,
                                   std::max(recording.startMs(), trendFromMs - Attributor::LookBackMs), fromMs, toMs);

    for (PeriodFigures &p : out.trend) {
        p = figuresOf(
            gritTotals(incidents, costs, analysis.slowdowns(), actions, *out.topology, grit, p.fromMs, p.toMs));
        // Recorded: the recording holds a real part of it (an hour, or all of a shorter period), not
        // the millisecond by which a period ending at the first record overlaps it.
        const int64_t overlap
            = std::min(p.toMs, saturatingAdd(recording.endMs(), 1)) - std::max(p.fromMs, recording.startMs());
        p.recorded = overlap >= std::min<int64_t>(p.toMs - p.fromMs, 3600000);
        p.recordedShare = p.toMs > p.fromMs ? std::clamp(double(overlap) / double(p.toMs - p.fromMs), 0.0, 1.0) : 0.0;
    }
    out.current = out.trend.back();
    out.previous = out.trend[out.trend.size() - 2];
    const GritTotals now
        = gritTotals(incidents, costs, analysis.slowdowns(), actions, *out.topology, grit, fromMs, toMs);
    out.lostByCause = now.lostByCause;
    out.lostByRack = mostFirst(now.lostByRack);
    out.lostByPdu = mostFirst(now.lostByPdu);
    out.lostByLoop = mostFirst(now.lostByLoop);
    out.interventions = now.interventions;

    const std::map<QString, GritSummary::RepeatedRestarts> byJob = addIncidents(out, analysis, fromMs, toMs);
    addSlowdowns(out, analysis.slowdowns(), fromMs, toMs);
    out.stragglers = stragglerEpisodes(events, *out.topology, fromMs, toMs);
    addGrit(out, recording, actions, byJob, fromMs, toMs);
    addDebt(out, analysis);
    out.nextToFail = nextToFail(analysis.debt());
    out.nextToFailBacktest
        = backtestNextToFail(analysis.attributor(), incidents, attributions, costs, actions, *out.topology, settings,
                             std::max(recording.startMs(), trendFromMs - Attributor::LookBackMs), fromMs, toMs);
    addFixFirstOfDebt(out);
    addFixFirstOfSlowdowns(out, analysis.slowdowns(), toMs, double(length) / double(Day));
    addFixFirstOfLemons(out, analysis, trendFromMs);
    std::sort(out.fixFirst.begin(), out.fixFirst.end(),
              [](const FixFirst &a, const FixFirst &b) { return a.expectedSaving > b.expectedSaving; });
    if (out.fixFirst.size() > 10)
        out.fixFirst.resize(10);
    out.flood = alarmLoad(out, events, fromMs, toMs);
    return {};
}

} // namespace vigil
