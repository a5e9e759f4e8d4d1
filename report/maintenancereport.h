// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/backtest.h"
#include "analysis/costofgrit.h"
#include "analysis/fleetreliability.h"
#include "analysis/nexttofail.h"
#include "analysis/stragglers.h"
#include "domain/alarmstatistics.h"

#include <QString>

#include <memory>
#include <vector>

namespace vigil {

class RecordingReader;

// The headline figures of one period.
struct PeriodFigures
{
    int64_t fromMs = 0, toMs = 0;
    size_t disruptions = 0;
    // Lost = downtime + recomputation (the incidents') + slowdown (jobs slower than their healthy pace).
    double lostGpuHours = 0.0, downtimeGpuHours = 0.0, recomputeGpuHours = 0.0, slowdownGpuHours = 0.0, money = 0.0;
    size_t slowdowns = 0;
    double ettr = 1.0;
    double mtbfHours = 0.0; // 0: no failure in the period
    double mttrHours = 0.0;
    double preventableGpuHours = 0.0;
    bool recorded = false; // the recording reaches into the period (else its zeros mean nothing)
    double recordedShare = 0.0; // of the period the recording covers
    double preventableShare() const { return lostGpuHours > 0.0 ? preventableGpuHours / lostGpuHours : 0.0; }
};

// An incident of the period with everything the report tells about it.
struct ReportIncident
{
    Incident incident;
    Attribution attribution;
    IncidentCost cost;
};

// What the operators' hands did in the period.
struct GritSummary
{
    InterventionCounts work; // the ledger's hands-on actions apart from its acknowledgements
    struct RepeatedRestarts
    {
        QString jobId;
        size_t incidents = 0;
        double lostGpuHours = 0.0;
    };
    std::vector<RepeatedRestarts> repeatedRestarts; // jobs that went down twice or more, most first
    std::vector<Event> thresholdChanges; // thresholds and power caps changed by hand
    // What each change cost in throughput: the jobs within its reach, their tokens/s in the
    // six hours before and after it (frames where a job was down left out), and what the
    // slowdown comes to in GPU-hours until the end of the period. Same order as thresholdChanges.
    struct ThroughputCost
    {
        QStringList jobs;
        double tokensBefore = 0.0, tokensAfter = 0.0; // per second, summed over the jobs
        double slowdown() const { return tokensBefore > 0.0 ? 1.0 - tokensAfter / tokensBefore : 0.0; }
        double gpuHours = 0.0; // slowdown × the jobs' GPUs × hours to the end of the period (0 when faster)
        bool measured = false; // false: no readings around it
    };
    std::vector<ThroughputCost> thresholdCosts;
};

// Open warnings of one age.
struct DebtBucket
{
    int64_t minAgeMs = 0, maxAgeMs = 0; // [min, max); max 0: no upper bound
    size_t warnings = 0;
    double costPerDay = 0.0;
};

// Something to fix, and what fixing it is expected to save over a period like this one.
struct FixFirst
{
    EntityRef entity;
    enum class Reason
    {
        OpenWarning, // warning now, nobody has dealt with it
        Lemon, // keeps failing
        Slowing, // what began with a slowdown still under way at the end of the period
    } reason
        = Reason::OpenWarning;
    EventType warning = EventType::Unspecified;
    // Money: an open warning's chance of failing within its horizon × what that failure would cost
    // (HazardEstimate, DebtItem::expectedSaving); a lemon's or a slowdown's cost over one period.
    double expectedSaving = 0.0;
    HazardEstimate hazard; // an open warning's kind, as the hazard model rates it
    double costPerDay = 0.0;
    int failures = 0;
    // Open warnings of one kind on entities of one kind, three or more, are one line (the
    // routine correctable ECC of many GPUs, not ten lines of it): how many, `entity` the
    // costliest of them, and the savings are per entity (each is its own piece of work: the
    // list ranks what one piece of work saves), and for them all.
    size_t entities = 1;
    double expectedSavingAll = 0.0;
};

// The maintenance-debt report of a period: what a manager reads on Monday
// (docs/report.md). Every figure comes from the same functions as the Incidents
// dock; the totals are the sums of the incident table.
struct MaintenanceReport
{
    static constexpr int TrendPeriods = 6;

    QString source; // the recording's file name
    CostSettings settings;
    PeriodFigures current, previous;
    std::vector<PeriodFigures> trend; // the last TrendPeriods periods, oldest first, this one last
    std::map<CauseClass, double> lostByCause;
    std::vector<std::pair<uint32_t, double>> lostByRack, lostByPdu, lostByLoop; // most first
    std::vector<ReportIncident> incidents; // of the period, most lost first
    // Jobs slower than their healthy pace in the period, most lost first; each counts (and
    // prices) only its hours in the period, so with the incidents they add up to the headline.
    std::vector<Slowdown> slowdowns;
    // GPUs and nodes slower than their job's peers, most lost first. Their GPU-hours are measured
    // against the peers, not the job's own pace, and are not in the headline: a job slower than its
    // pace by more than the slowdowns' tolerance is priced there already.
    std::vector<StragglerEpisode> stragglers;
    std::vector<Intervention> interventions; // the ledger of the period, oldest first
    GritSummary grit;
    std::vector<DebtItem> debt; // open at the end of the period, by expected cost a day
    std::vector<DebtBucket> debtByAge; // < 1 day, 1–3 days, 3–7 days, a week or more
    std::vector<Lemon> lemons;
    std::vector<FixFirst> fixFirst; // the ten with the largest expected saving
    // The ten likeliest to fail within the horizon after the period, and how the same list did
    // over the period: made every six hours from what was known then (docs/next-to-fail.md).
    std::vector<AtRisk> nextToFail;
    NextToFailBacktest nextToFailBacktest;
    // The hazard model behind the open warnings, fitted on the history before this period only
    // and tested on it: what it predicted of the period against what happened.
    Backtest backtest;
    FloodFigures flood; // alarms raised from the period's warnings
    // Every hardware failure of the period, where it happened, whether or not a job ran there.
    FleetReliability fleet;
    std::shared_ptr<const Topology> topology;

    // The period before is recorded in full, and so is this one: only then do the headline
    // figures say "better" or "worse" than before (a part of a week is no week to compare with).
    bool comparable() const { return previous.recordedShare >= 0.9 && current.recordedShare >= 0.9; }

    bool isEmpty() const
    {
        return current.disruptions == 0 && slowdowns.empty() && stragglers.empty() && interventions.empty()
            && debt.empty() && fleet.fleet.failures == 0;
    }
};

// The last `lengthMs` of a recording as a report period [from, to): it ends just after
// the last record and never begins before the first (a two-day recording asked for a
// week gives its two days). An empty recording: the `lengthMs` up to `nowMs`.
std::pair<int64_t, int64_t> recordingTail(const RecordingReader &recording, int64_t lengthMs, int64_t nowMs);

// Builds the report for [fromMs, toMs) of a recording; an error names the file and
// the problem. A period with nothing in it gives an empty report, not an error.
QString buildReport(RecordingReader &recording, int64_t fromMs, int64_t toMs, const CostSettings &settings,
                    const GritSettings &grit, MaintenanceReport &out);

} // namespace vigil
