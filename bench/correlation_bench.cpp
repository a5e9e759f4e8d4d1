// SPDX-License-Identifier: GPL-3.0-or-later
// Correlation over 54 simulated days of a 16,384-GPU cluster (decline scenario,
// events only: the simulator's failures, precursors, background warnings,
// restarts, rollbacks and operators' actions).
//
// correlation_54d_16k_s: incidents grouped, lift learned and every incident's
//   causes ranked, from the event stream; median of 3. Baseline: the obvious
//   attribution — for each incident scan every warning, work out each one's
//   blast radius afresh, and blame the last warning before the failure that
//   reaches the job's GPUs.
// cost_of_grit_54d_16k_s: all that the Incidents dock shows (IncidentAnalysis: the
//   above plus every incident's cost, the totals and ledger, the maintenance debt and
//   the lemons); median of 3. Baseline: correlation_54d_16k_s, the part it builds on.
// attribution_precision / attribution_recall: top-1 against the simulator's
//   ground truth (tests/support/truthscore.h). Baseline: the same obvious rule.
#include "correlation_bench.h"

#include "analysis/incidentanalysis.h"
#include "domain/blastradius.h"
#include "independenthistory.h"
#include "sim/generator.h"
#include "truthscore.h"

#include <QTemporaryDir>
#include <QTextStream>

#include <chrono>
#include <cmath>
#include <unordered_map>

namespace vigil::bench {

namespace {

// The last warning before the failure that reaches the job: what a person scrolling back through the log finds first.
std::optional<EntityRef> lastWarningBefore(const Topology &t, const std::vector<Event> &warnings, const Incident &i)
{
    std::optional<EntityRef> blamed;
    int64_t latest = 0;
    const auto &jobGpus = t.jobs[size_t(i.job)].gpuIndices;
    for (const Event &w : warnings) {
        if (w.timeMs > i.failedMs + 60000 || w.timeMs < i.failedMs - 72 * 3600000LL || w.timeMs < latest)
            continue;
        for (uint32_t g : gpusAffectedBy(t, w.entity))
            if (std::binary_search(jobGpus.begin(), jobGpus.end(), g)) {
                blamed = w.entity;
                latest = w.timeMs;
                break;
            }
    }
    return blamed;
}

} // namespace

void runCorrelationBenchmark(BenchReport &report)
{
    SimulatorOptions options;
    options.shape.gpus = 16384;
    options.scenario = Scenario::Decline;
    options.eventsOnly = true;
    ClusterSimulator probe(options);
    auto topology = std::make_shared<const Topology>(probe.topology());
    std::vector<std::vector<Event>> batches;
    std::vector<FailureTruth> truth;
    std::unordered_map<uint64_t, EventType> typeOf;
    GenerationSinks sinks;
    sinks.events = [&](std::vector<Event> &&events) {
        for (const Event &e : events)
            typeOf[e.id] = e.type;
        if (!events.empty())
            batches.push_back(std::move(events));
    };
    sinks.truth = [&](std::vector<FailureTruth> &&t) { truth.insert(truth.end(), t.begin(), t.end()); };
    const GenerationSummary generated = generate(options, 54 * 86400000LL, 60000, 10, sinks);

    IncidentTracker tracker;
    Attributor attributor;
    size_t attributed = 0;
    const double seconds = medianSeconds(3, [&] {
        tracker.setTopology(topology);
        attributor.setTopology(topology);
        for (const std::vector<Event> &batch : batches) {
            tracker.addEvents(batch);
            attributor.addEvents(batch);
        }
        attributor.learn(tracker.incidents());
        attributed = 0;
        for (const Incident &i : tracker.incidents())
            attributed += attributor.attribute(i).top() != nullptr;
    });
    const AttributionScore score = scoreAttribution(tracker, attributor, truth, typeOf);

    // Everything the Incidents dock shows, from the same events: incidents, causes, each one's
    // cost, the cluster totals and ledger, the maintenance debt and the lemons.
    const int64_t endMs = batches.empty() ? 0 : batches.back().back().timeMs;
    size_t debtItems = 0;
    const double wholeSeconds = medianSeconds(3, [&] {
        IncidentAnalysis analysis;
        analysis.setTopology(topology);
        for (const std::vector<Event> &batch : batches)
            analysis.addEvents(batch);
        analysis.update(endMs);
        debtItems = analysis.debt().size();
    });

    // The obvious rule, timed and scored the same way.
    std::vector<Event> warnings;
    for (const auto &batch : batches)
        for (const Event &e : batch)
            if (isHardwareWarning(e.type))
                warnings.push_back(e);
    int naiveRight = 0, naiveNamed = 0, findable = score.truePositives + score.falseNegatives;
    const auto start = std::chrono::steady_clock::now();
    std::unordered_map<uint64_t, EntityRef> naiveBlame;
    for (const Incident &i : tracker.incidents())
        if (auto e = lastWarningBefore(*topology, warnings, i))
            naiveBlame[i.id] = *e;
    const double naiveSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    for (const FailureTruth &t : truth)
        for (uint64_t id : t.failureEventIds)
            if (auto it = naiveBlame.find(id); it != naiveBlame.end()) {
                ++naiveNamed;
                naiveRight += it->second == t.rootEntity;
            }
    const double naivePrecision = naiveNamed ? double(naiveRight) / naiveNamed : 0.0;
    const double naiveRecall = findable ? double(naiveRight) / findable : 0.0;

    QTextStream(stdout) << QStringLiteral("correlation: %1 events, %2 incidents, %3 with a cause named; "
                                          "tp %4 fp %5 fn %6 tn %7")
                               .arg(typeOf.size())
                               .arg(tracker.incidents().size())
                               .arg(attributed)
                               .arg(score.truePositives)
                               .arg(score.falsePositives)
                               .arg(score.falseNegatives)
                               .arg(score.trueNegatives)
                        << Qt::endl;
    // Lost GPU-hours against the simulator's own account; the baseline counts downtime only
    // (what a restart log shows), not the steps trained again.
    double estimated = 0.0, downtimeOnly = 0.0;
    for (const Incident &i : tracker.incidents())
        if (i.state != Incident::State::Open) {
            estimated += i.lostGpuHours(0);
            downtimeOnly += i.downtimeGpuHours(0);
        }
    const double errorPct = 100.0 * std::fabs(estimated - generated.lostGpuHours) / generated.lostGpuHours;
    const double downtimeErrorPct = 100.0 * std::fabs(downtimeOnly - generated.lostGpuHours) / generated.lostGpuHours;
    QTextStream(stdout) << QStringLiteral("lost GPU-hours: %1 estimated, %2 true")
                               .arg(estimated, 0, 'f', 0)
                               .arg(generated.lostGpuHours, 0, 'f', 0)
                        << Qt::endl;
    report.add({ QStringLiteral("lost_gpu_hours_error_pct"), errorPct, QStringLiteral("%"), downtimeErrorPct,
                 errorPct > 0 ? downtimeErrorPct / errorPct : 0.0 });
    report.add({ QStringLiteral("correlation_54d_16k_s"), seconds, QStringLiteral("s"), naiveSeconds,
                 naiveSeconds / seconds });
    QTextStream(stdout) << QStringLiteral("the whole analysis (costs, totals, ledger, %1 open warnings, lemons): %2 s")
                               .arg(debtItems)
                               .arg(wholeSeconds, 0, 'f', 3)
                        << Qt::endl;
    report.add({ QStringLiteral("cost_of_grit_54d_16k_s"), wholeSeconds, QStringLiteral("s"), seconds,
                 seconds / wholeSeconds });
    report.add({ QStringLiteral("attribution_precision"), score.precision(), QString(), naivePrecision,
                 naivePrecision > 0 ? score.precision() / naivePrecision : 0.0 });
    report.add({ QStringLiteral("attribution_recall"), score.recall(), QString(), naiveRecall,
                 naiveRecall > 0 ? score.recall() / naiveRecall : 0.0 });
}

void runIndependentAttributionBenchmark(BenchReport &report)
{
    QTemporaryDir dir;
    const test::IndependentScore s = test::scoreIndependentFamily(dir.path(), 1, 5);
    if (!s.error.isEmpty()) {
        QTextStream(stderr) << "independent family: " << s.error << Qt::endl;
        return;
    }
    const auto &a = s.analysis, &b = s.lastWarning;
    QTextStream(stdout) << QStringLiteral("independent family: %1 failures (%6 right, %7 wrong entity, %8 named with "
                                          "nothing to find, %9 missed, %10 rightly nothing); precision %2, recall %3; "
                                          "the last warning: %4, %5")
                               .arg(s.failures)
                               .arg(a.precision(), 0, 'f', 3)
                               .arg(a.recall(), 0, 'f', 3)
                               .arg(b.precision(), 0, 'f', 3)
                               .arg(b.recall(), 0, 'f', 3)
                               .arg(a.truePositives)
                               .arg(a.wrongEntity)
                               .arg(a.falsePositives - a.wrongEntity)
                               .arg(a.falseNegatives - a.wrongEntity)
                               .arg(a.trueNegatives)
                        << Qt::endl;
    QTextStream(stdout) << QStringLiteral(
                               "independent family: %1 incidents for %2 failures; %3 GPU-hours lost, %4 true "
                               "(%5 %)")
                               .arg(s.incidents)
                               .arg(s.failures)
                               .arg(s.lostGpuHours, 0, 'f', 0)
                               .arg(s.trueLostGpuHours, 0, 'f', 0)
                               .arg(100.0 * (s.lostGpuHours - s.trueLostGpuHours) / s.trueLostGpuHours, 0, 'f', 2)
                        << Qt::endl;
    report.add({ QStringLiteral("attribution_precision_independent"), a.precision(), QString(), b.precision(),
                 b.precision() > 0 ? a.precision() / b.precision() : 0.0 });
    report.add({ QStringLiteral("attribution_recall_independent"), a.recall(), QString(), b.recall(),
                 b.recall() > 0 ? a.recall() / b.recall() : 0.0 });
}

} // namespace vigil::bench
