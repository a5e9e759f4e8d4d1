// SPDX-License-Identifier: GPL-3.0-or-later
#include "independenthistory.h"

#include "analysis/incidentanalysis.h"
#include "domain/blastradius.h"
#include "domain/entitynames.h"
#include "recording/eventimport.h"
#include "recording/recordingreader.h"
#include "sim/topologybuilder.h"

#include <QDateTime>
#include <QDir>
#include <QFile>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>

namespace vigil::test {

namespace {

struct Line
{
    int64_t timeMs = 0;
    QString entity, kind;
    int code = 0;
    QString message, severity, job;
    int64_t step = 0;
    QString who;
};

} // namespace

IndependentHistory independentHistory(uint64_t seed)
{
    std::mt19937_64 random(seed * 7919 + 17);
    auto uniform = [&](double a, double b) { return std::uniform_real_distribution<double>(a, b)(random); };
    auto chance = [&](double p) { return uniform(0.0, 1.0) < p; };
    auto pick = [&](size_t n) { return size_t(uniform(0.0, double(n) - 1e-9)); };
    constexpr int64_t Minute = 60000, Hour = 60 * Minute, Day = 24 * Hour;

    IndependentHistory h;
    ClusterShape shape;
    shape.gpus = 1024;
    auto topology = std::make_shared<Topology>(buildTopology(shape, seed));
    const Job shapeOfJob = topology->jobs.front();
    topology->jobs.clear();
    const uint32_t sizes[] = { 256, 128, 128, 64, 32, 16 };
    uint32_t next = 0;
    for (size_t j = 0; j < std::size(sizes); ++j) {
        Job job = shapeOfJob;
        job.id = QStringLiteral("run-%1").arg(QChar(u'a' + int(j)));
        job.gpuIndices.clear();
        for (uint32_t g = next; g < next + sizes[j]; ++g)
            job.gpuIndices.push_back(g);
        next += sizes[j] + 16;
        topology->jobs.push_back(job);
    }
    topology->index();
    h.topology = topology;
    const Topology &t = *topology;
    h.startMs = 1790812800000; // 2026-10-01 00:00 UTC
    h.endMs = h.startMs + 30 * Day;

    std::vector<Line> lines;
    auto name = [&](EntityRef e) { return entityKeyName(t, e); };
    auto warn = [&](int64_t at, EntityRef e, const char *kind, int code = 0, const char *severity = "warning") {
        lines.push_back({ at, name(e), QLatin1String(kind), code, QStringLiteral("seen"), QLatin1String(severity) });
    };
    auto poisson = [&](double perDay, auto &&emitAt) {
        for (int64_t at = h.startMs;;) {
            at += int64_t(-std::log(1.0 - uniform(0.0, 0.999999)) / perDay * double(Day));
            if (at >= h.endMs)
                break;
            emitAt(at);
        }
    };
    auto nodeOf = [&](uint32_t gpu) { return EntityRef { EntityKind::Node, t.gpus[gpu].nodeIndex }; };
    auto rackOf = [&](uint32_t gpu) { return t.rackOfGpu(gpu); };

    // Background: everywhere, all month.
    for (uint32_t g = 0; g < t.gpus.size(); ++g) {
        poisson(0.3, [&](int64_t at) { warn(at, { EntityKind::Gpu, g }, "ecc_single_bit"); });
        poisson(0.2, [&](int64_t at) { warn(at, { EntityKind::Gpu, g }, "thermal_throttle"); });
    }
    for (uint32_t n = 0; n < t.nodes.size(); ++n)
        poisson(0.5, [&](int64_t at) { warn(at, { EntityKind::Node, n }, "ib_link_flap"); });
    for (uint32_t s = 0; s < t.switches.size(); ++s)
        poisson(0.3, [&](int64_t at) { warn(at, { EntityKind::Switch, s }, "nvlink_crc"); });
    for (uint32_t p = 0; p < t.pdus.size(); ++p)
        poisson(0.1, [&](int64_t at) { warn(at, { EntityKind::Pdu, p }, "pdu_over_threshold"); });
    for (uint32_t r = 0; r < t.racks.size(); ++r)
        if (chance(0.25)) // a warm rack: its inlet warns every half hour, all month
            for (int64_t at = h.startMs + int64_t(uniform(0.0, 30.0) * double(Minute)); at < h.endMs; at += 30 * Minute)
                warn(at, { EntityKind::Rack, r }, "coolant_temperature");

    // Maintenance on nodes no job uses: drains that stop nothing.
    for (uint32_t n = 0; n < t.nodes.size(); ++n) {
        const bool used
            = std::any_of(t.gpusOfNode[n].begin(), t.gpusOfNode[n].end(), [&](uint32_t g) { return g < next; });
        if (!used && chance(0.3))
            lines.push_back({ h.startMs + int64_t(uniform(1.0, 29.0) * double(Day)), name({ EntityKind::Node, n }),
                              QStringLiteral("drain"), 0, QStringLiteral("maintenance"), QStringLiteral("info"),
                              QString(), 0, QStringLiteral("tomas") });
    }

    // The jobs: a start, checkpoints every half hour, and their failures.
    struct Running
    {
        double stepSeconds = 3.0;
        int64_t sinceMs = 0, sinceStep = 0, checkpoint = 0;
        int64_t downUntil = 0;
        bool ended = false;
    };
    std::vector<Running> runs(t.jobs.size());
    for (size_t j = 0; j < t.jobs.size(); ++j) {
        runs[j].stepSeconds = uniform(1.5, 5.0);
        runs[j].sinceMs = h.startMs;
        lines.push_back({ h.startMs, name({ EntityKind::Job, uint32_t(j) }), QStringLiteral("job_start"), 0,
                          QStringLiteral("started"), QStringLiteral("info"), t.jobs[j].id });
    }
    auto stepAt = [&](const Running &r, int64_t at) {
        return r.sinceStep + int64_t(double(at - r.sinceMs) / 1000.0 / r.stepSeconds);
    };
    std::vector<uint32_t> lemons;
    for (int i = 0; i < 3; ++i)
        lemons.push_back(t.jobs[pick(3)].gpuIndices[pick(64)]);
    static const char *Operators[] = { "mira", "jonas", "keiko", "tomas" };

    // The failure of job j at `at` (already known to be up), with its cause.
    // `drained`: an operator drained that node (of the job's) at `at`, which took the job down.
    auto fail = [&](size_t j, int64_t at, std::optional<EntityRef> cause, const QString &story,
                    std::optional<EntityRef> drained = std::nullopt) {
        Running &r = runs[j];
        const Job &job = t.jobs[j];
        const EntityRef jobRef { EntityKind::Job, uint32_t(j) };
        // Checkpoints up to the failure.
        for (int64_t c = r.sinceMs + 30 * Minute; c < at; c += 30 * Minute)
            if (c > r.downUntil) {
                r.checkpoint = stepAt(r, c);
                lines.push_back({ c, name(jobRef), QStringLiteral("checkpoint_saved"), 0, QStringLiteral("saved"),
                                  QStringLiteral("info"), job.id, r.checkpoint });
            }
        const int64_t step = stepAt(r, at);
        const char *kind = chance(0.6) ? "job_crash" : (chance(0.5) ? "nccl_timeout" : "job_oom");
        if (drained) // names no job: operators drain nodes
            lines.push_back({ at, name(*drained), QStringLiteral("drain"), 0, QStringLiteral("draining (flapping)"),
                              QStringLiteral("info"), QString(), 0, QLatin1String(Operators[pick(4)]) });
        else
            lines.push_back(
                { at, name(jobRef), QLatin1String(kind), 0, story, QStringLiteral("critical"), job.id, step });
        h.failures.push_back({ job.id, at, cause, story });
        const int64_t checkpointBefore = r.checkpoint;
        const double response = drained ? 0.6 : uniform(0.0, 1.0); // then restarted by hand
        int64_t back = at;
        if (response < 0.55) {
            back = at + int64_t(uniform(5.0, 20.0) * double(Minute));
            lines.push_back({ back, name(jobRef), QStringLiteral("job_restart"), 0, QStringLiteral("restarted"),
                              QStringLiteral("info"), job.id, r.checkpoint });
            lines.push_back({ back, name(jobRef), QStringLiteral("rollback"), 0, QStringLiteral("rolled back"),
                              QStringLiteral("warning"), job.id, r.checkpoint });
            r.sinceStep = r.checkpoint;
        } else if (response < 0.8) {
            const QString who = QLatin1String(Operators[pick(4)]);
            back = at + int64_t(uniform(20.0, 90.0) * double(Minute));
            lines.push_back({ at + 5 * Minute, name(jobRef), QStringLiteral("note"), 0, QStringLiteral("looking"),
                              QStringLiteral("info"), job.id, 0, who });
            if (cause && cause->kind == EntityKind::Gpu && !drained)
                lines.push_back({ at + 10 * Minute, name(nodeOf(cause->index)), QStringLiteral("drain"), 0,
                                  QStringLiteral("drained"), QStringLiteral("info"), job.id, 0, who });
            lines.push_back({ back, name(jobRef), QStringLiteral("manual_restart"), 0, QStringLiteral("restarted"),
                              QStringLiteral("info"), job.id, r.checkpoint, who });
            lines.push_back({ back, name(jobRef), QStringLiteral("rollback"), 0, QStringLiteral("rolled back"),
                              QStringLiteral("warning"), job.id, r.checkpoint });
            r.sinceStep = r.checkpoint;
        } else if (response < 0.95) {
            back = at + int64_t(uniform(3.0, 10.0) * double(Minute));
            lines.push_back({ back, name(jobRef), QStringLiteral("job_restart"), 0, QStringLiteral("resumed"),
                              QStringLiteral("info"), job.id, step });
            r.sinceStep = step;
        } else {
            lines.push_back({ at + 2 * Minute, name(jobRef), QStringLiteral("job_end"), 0, QStringLiteral("given up"),
                              QStringLiteral("critical"), job.id, step });
            back = at + int64_t(uniform(2.0, 6.0) * double(Hour));
            lines.push_back({ back, name(jobRef), QStringLiteral("job_start"), 0, QStringLiteral("started again"),
                              QStringLiteral("info"), job.id, 0 });
            r.sinceStep = r.checkpoint = 0;
        }
        // Trained again: back to the checkpoint (a rollback), or nothing (resumed). A run given up
        // loses the same, by the definition (docs/cost-model.md): the work since its last checkpoint.
        const int64_t redone = response < 0.8 || response >= 0.95 ? step - checkpointBefore : 0;
        h.failures.back().lostGpuHours = double(job.gpuIndices.size())
            * (double(back - at) / double(Hour) + double(redone) * r.stepSeconds / 3600.0);
        r.sinceMs = back;
        r.downUntil = back;
    };

    // About five failures a day, a job's share by its size.
    for (int64_t at = h.startMs + 6 * Hour; at < h.endMs - 6 * Hour;
         at += int64_t(-std::log(1.0 - uniform(0.0, 0.999)) / 5.0 * double(Day))) {
        size_t j = 0;
        for (double share = uniform(0.0, 624.0); j + 1 < t.jobs.size() && share >= double(sizes[j]); ++j)
            share -= double(sizes[j]);
        if (runs[j].downUntil + 10 * Minute > at)
            continue; // still down, or only just back
        const Job &job = t.jobs[j];
        const double kind = uniform(0.0, 1.0);
        if (kind < 0.33) { // a fault as the job went down, warned before half the time
            uint32_t gpu = job.gpuIndices[pick(job.gpuIndices.size())];
            for (uint32_t lemon : lemons)
                if (std::find(job.gpuIndices.begin(), job.gpuIndices.end(), lemon) != job.gpuIndices.end()
                    && chance(0.3))
                    gpu = lemon;
            if (chance(0.5)) {
                const int64_t lead = int64_t(std::exp(uniform(std::log(10.0), std::log(1440.0))) * double(Minute));
                const int n = 3 + int(uniform(0.0, 15.0));
                for (int k = 0; k < n; ++k)
                    warn(at - lead + int64_t(double(lead - 2 * Minute) * double(k) / double(n)),
                         { EntityKind::Gpu, gpu }, chance(0.7) ? "ecc_single_bit" : "xid", 63);
            }
            const bool dbe = chance(0.3);
            warn(at - int64_t(uniform(0.0, 60.0) * 1000.0), { EntityKind::Gpu, gpu }, dbe ? "ecc_double_bit" : "xid",
                 dbe ? 0 : (chance(0.5) ? 79 : 48), "critical");
            fail(j, at, EntityRef { EntityKind::Gpu, gpu }, QStringLiteral("GPU fault"));
        } else if (kind < 0.58) { // only a burst of warnings before it, on what then failed
            const double where = uniform(0.0, 1.0);
            const uint32_t gpu = job.gpuIndices[pick(job.gpuIndices.size())];
            EntityRef culprit { EntityKind::Gpu, gpu };
            const char *what = "ecc_single_bit";
            int64_t lead = int64_t(std::exp(uniform(std::log(30.0), std::log(1440.0))) * double(Minute));
            if (where >= 0.5 && where < 0.8) {
                culprit = nodeOf(gpu);
                what = "ib_link_flap";
                lead = int64_t(uniform(5.0, 120.0) * double(Minute));
            } else if (where >= 0.8) {
                culprit = { EntityKind::Switch, t.racks[rackOf(gpu)].leafSwitchIndex };
                what = "nvlink_crc";
                lead = int64_t(uniform(10.0, 360.0) * double(Minute));
            }
            const int n = 8 + int(uniform(0.0, 25.0));
            for (int k = 0; k < n; ++k)
                warn(at - lead + int64_t(double(lead - Minute) * double(k) / double(n)), culprit, what);
            fail(j, at, culprit, QStringLiteral("warned then failed"));
        } else if (kind < 0.66) { // a PDU trips or a leaf goes down: every job in the rack stops
            const uint32_t gpu = job.gpuIndices[pick(job.gpuIndices.size())];
            const uint32_t rack = rackOf(gpu);
            const bool pdu = chance(0.6) && !t.racks[rack].pduIndices.empty();
            const EntityRef culprit = pdu ? EntityRef { EntityKind::Pdu, t.racks[rack].pduIndices.front() }
                                          : EntityRef { EntityKind::Switch, t.racks[rack].leafSwitchIndex };
            warn(at - 20000, culprit, pdu ? "pdu_over_threshold" : "ib_link_flap", 0, "critical");
            for (size_t other = 0; other < t.jobs.size(); ++other) {
                const auto &gpus = t.jobs[other].gpuIndices;
                const bool inRack
                    = std::any_of(gpus.begin(), gpus.end(), [&](uint32_t g) { return rackOf(g) == rack; });
                if (inRack && runs[other].downUntil + 10 * Minute <= at)
                    fail(other, at, culprit, pdu ? QStringLiteral("PDU trip") : QStringLiteral("leaf down"));
            }
        } else if (kind < 0.72) { // warnings on one of its nodes, and an operator drains it: the job goes down
            const uint32_t gpu = job.gpuIndices[pick(job.gpuIndices.size())];
            const bool link = chance(0.5);
            const EntityRef culprit = link ? nodeOf(gpu) : EntityRef { EntityKind::Gpu, gpu };
            const int64_t lead = int64_t(uniform(10.0, 180.0) * double(Minute));
            const int n = 6 + int(uniform(0.0, 20.0));
            for (int k = 0; k < n; ++k)
                warn(at - lead + int64_t(double(lead - Minute) * double(k) / double(n)), culprit,
                     link ? "ib_link_flap" : "ecc_single_bit");
            fail(j, at, culprit, QStringLiteral("drained"), nodeOf(gpu));
        } else { // software: nothing to find (sometimes the application's own Xid)
            if (chance(0.3))
                warn(at - 5000, { EntityKind::Gpu, job.gpuIndices[pick(job.gpuIndices.size())] }, "xid",
                     chance(0.5) ? 13 : 43);
            fail(j, at, std::nullopt, QStringLiteral("software"));
        }
    }

    std::stable_sort(lines.begin(), lines.end(), [](const Line &a, const Line &b) { return a.timeMs < b.timeMs; });
    QByteArray csv = "time,entity,kind,code,message,severity,job,step,operator\n";
    for (const Line &l : lines)
        csv += QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,%9\n")
                   .arg(QDateTime::fromMSecsSinceEpoch(l.timeMs, Qt::UTC).toString(Qt::ISODateWithMs), l.entity, l.kind)
                   .arg(l.code)
                   .arg(l.message, l.severity, l.job)
                   .arg(l.step)
                   .arg(l.who)
                   .toUtf8();
    h.csv = csv;
    return h;
}

double IndependentScore::Tally::precision() const
{
    const int named = truePositives + falsePositives;
    return named ? double(truePositives) / double(named) : 1.0;
}

double IndependentScore::Tally::recall() const
{
    const int findable = truePositives + falseNegatives;
    return findable ? double(truePositives) / double(findable) : 1.0;
}

namespace {

// A named cause's last six runs of evidence, oldest first: the event type, the count, and the hours
// from its first and last warning to the failure. A mistake says why it was made.
QString evidenceSummary(const CauseCandidate *cause, int64_t failedMs)
{
    QString runs;
    if (!cause)
        return runs;
    const size_t from = cause->evidence.size() > 6 ? cause->evidence.size() - 6 : 0;
    for (size_t k = from; k < cause->evidence.size(); ++k) {
        const WarningRun &r = cause->evidence[k];
        runs += QStringLiteral(" [type %1 x%2 %3h..%4h]")
                    .arg(int(r.type))
                    .arg(r.count)
                    .arg(double(failedMs - r.firstMs) / 3.6e6, 0, 'f', 1)
                    .arg(double(failedMs - r.lastMs) / 3.6e6, 0, 'f', 1);
    }
    return runs;
}

void tally(IndependentScore::Tally &t, const std::optional<EntityRef> &truth, const std::optional<EntityRef> &named)
{
    if (truth && named && *named == *truth)
        ++t.truePositives;
    else {
        t.falsePositives += named.has_value();
        t.falseNegatives += truth.has_value();
        t.trueNegatives += !named && !truth;
        t.wrongEntity += named && truth;
    }
}

} // namespace

IndependentScore scoreIndependentFamily(const QString &folder, uint64_t firstSeed, uint64_t lastSeed)
{
    IndependentScore score;
    for (uint64_t seed = firstSeed; seed <= lastSeed; ++seed) {
        const IndependentHistory h = independentHistory(seed);
        const QString csv = QDir(folder).filePath(QStringLiteral("independent-%1.csv").arg(seed));
        const QString recording = QDir(folder).filePath(QStringLiteral("independent-%1.vigil").arg(seed));
        QFile::remove(recording);
        QFile f(csv);
        if (!f.open(QIODevice::WriteOnly) || f.write(h.csv) != h.csv.size()) {
            score.error = QStringLiteral("%1: cannot write").arg(csv);
            return score;
        }
        f.close();
        const ImportReport imported = importEventHistory(csv, recording, h.topology);
        if (!imported.error.isEmpty() || imported.refused > 0) {
            score.error = imported.error.isEmpty() ? imported.problems.front() : imported.error;
            return score;
        }
        RecordingReader reader;
        if (QString error = reader.open(recording); !error.isEmpty()) {
            score.error = error;
            return score;
        }
        const std::vector<Event> events = reader.events(h.startMs - 86400000LL, h.endMs + 86400000LL, 10000000);
        IncidentAnalysis analysis;
        analysis.setTopology(h.topology);
        analysis.addEvents(events);
        analysis.update(h.endMs);
        score.incidents += analysis.incidents().size();
        std::vector<const Event *> warnings;
        for (const Event &e : events)
            if (isHardwareWarning(e.type))
                warnings.push_back(&e);
        for (const IndependentHistory::Failure &truth : h.failures) {
            const auto &incidents = analysis.incidents();
            const auto it = std::find_if(incidents.begin(), incidents.end(), [&](const Incident &i) {
                return i.jobId == truth.jobId && i.failedMs == truth.failedMs;
            });
            if (it == incidents.end()) {
                score.error
                    = QStringLiteral("seed %1: no incident of %2 at %3").arg(seed).arg(truth.jobId).arg(truth.failedMs);
                return score;
            }
            ++score.failures;
            score.lostGpuHours += analysis.costs()[size_t(it - incidents.begin())].lostGpuHours;
            score.trueLostGpuHours += truth.lostGpuHours;
            const CauseCandidate *top = analysis.attributions()[size_t(it - incidents.begin())].top();
            const std::optional<EntityRef> named = top ? std::optional<EntityRef>(top->entity) : std::nullopt;
            tally(score.analysis, truth.cause, named);
            if (!(truth.cause && named && *named == *truth.cause) && (named || truth.cause))
                score.mistakes << QStringLiteral("seed %1, %2 at %3 (%4, truly %5): named %6 (score %7)")
                                      .arg(seed)
                                      .arg(truth.jobId)
                                      .arg(truth.failedMs)
                                      .arg(truth.story,
                                           truth.cause ? entityKeyName(*h.topology, *truth.cause)
                                                       : QStringLiteral("nothing"))
                                      .arg(named ? entityKeyName(*h.topology, *named) : QStringLiteral("nothing"))
                                      .arg(top ? top->score : 0.0, 0, 'f', 1)
                        + evidenceSummary(top, truth.failedMs);
            // The obvious rule: the last warning before the failure on anything that reaches the job.
            const auto &jobGpus = h.topology->jobs[size_t(it->job)].gpuIndices;
            std::optional<EntityRef> last;
            for (auto w = warnings.rbegin(); w != warnings.rend(); ++w) {
                if ((*w)->timeMs > truth.failedMs + 60000)
                    continue;
                if ((*w)->timeMs < truth.failedMs - 72 * 3600000LL)
                    break;
                const std::vector<uint32_t> reach = gpusAffectedBy(*h.topology, (*w)->entity);
                if (std::any_of(reach.begin(), reach.end(), [&](uint32_t g) {
                        return std::find(jobGpus.begin(), jobGpus.end(), g) != jobGpus.end();
                    })) {
                    last = (*w)->entity;
                    break;
                }
            }
            tally(score.lastWarning, truth.cause, last);
        }
    }
    return score;
}

} // namespace vigil::test
