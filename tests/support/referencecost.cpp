// SPDX-License-Identifier: GPL-3.0-or-later
#include "referencecost.h"

#include "analysisfixture.h"
#include "domain/entitynames.h"

#include <QDateTime>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace vigil::test {

namespace {

bool isFailure(const Event &e)
{
    return e.type == EventType::JobCrash || e.type == EventType::JobOom || e.type == EventType::NcclTimeout
        || (e.type == EventType::JobEnd && e.severity == Severity::Critical);
}

// Each event once (an event with an id is known by its id and time), oldest first; at
// one instant, by id, then as delivered.
std::vector<Event> onceInOrder(const std::vector<Event> &events)
{
    std::set<std::pair<uint64_t, int64_t>> seen;
    std::vector<Event> once;
    for (const Event &e : events)
        if (e.id == 0 || seen.insert({ e.id, e.timeMs }).second)
            once.push_back(e);
    std::stable_sort(once.begin(), once.end(), [](const Event &a, const Event &b) {
        return a.timeMs != b.timeMs ? a.timeMs < b.timeMs : a.id < b.id;
    });
    return once;
}

bool sharesGpus(const Job &a, const Job &b)
{
    for (uint32_t g : a.gpuIndices)
        if (std::find(b.gpuIndices.begin(), b.gpuIndices.end(), g) != b.gpuIndices.end())
            return true;
    return false;
}

int64_t minuteOf(int64_t t)
{
    return t >= 0 ? t / 60000 : -((-t + 59999) / 60000);
}

// A job's minutes, each its last reading (a minute whose last reading is not training has none).
std::map<int64_t, double> minutesOf(const std::vector<std::pair<int64_t, double>> &readings)
{
    std::map<int64_t, double> minutes;
    for (const auto &[t, seconds] : readings) {
        if (std::isfinite(seconds) && seconds > 0.0 && seconds < 86400.0)
            minutes[minuteOf(t)] = seconds;
        else
            minutes.erase(minuteOf(t));
    }
    return minutes;
}

// The median of the job's minutes in the hour before `timeMs`.
double paceBefore(const std::map<int64_t, double> &minutes, int64_t timeMs)
{
    const int64_t last = minuteOf(timeMs);
    std::vector<double> hour;
    for (auto it = minutes.lower_bound(last - 60); it != minutes.end() && it->first < last; ++it)
        hour.push_back(it->second);
    if (hour.empty())
        return 0.0;
    std::sort(hour.begin(), hour.end());
    return hour[(hour.size() - 1) / 2];
}

using StepsAt = std::vector<std::pair<int64_t, int64_t>>; // (time, step)

// The step time that prices a failure's recomputation: the median of the hour before; else,
// since the job last started or resumed, the cadence of its last two checkpoints, else its
// pace since then.
double stepSecondsBefore(const std::vector<ReferenceIncident> &mine, const StepsAt &starts, const StepsAt &checkpoints,
                         const std::map<int64_t, double> &minutes, const Event &e)
{
    if (const double median = paceBefore(minutes, e.timeMs); median > 0.0)
        return median;
    int64_t sinceMs = std::numeric_limits<int64_t>::min(), sinceStep = 0;
    for (const ReferenceIncident &before : mine)
        if (before.resumedMs && before.resumedMs <= e.timeMs && before.resumedMs >= sinceMs) {
            sinceMs = before.resumedMs;
            sinceStep = before.checkpointStep;
        }
    for (const auto &[t, step] : starts)
        if (t <= e.timeMs && t >= sinceMs) {
            sinceMs = t;
            sinceStep = step;
        }
    StepsAt since;
    for (const auto &[t, step] : checkpoints)
        if (t <= e.timeMs && t >= sinceMs && step <= e.step)
            since.emplace_back(t, step);
    if (since.size() >= 2 && since.back().second > since[since.size() - 2].second
        && since.back().first > since[since.size() - 2].first)
        return double(since.back().first - since[since.size() - 2].first) / 1000.0
            / double(since.back().second - since[since.size() - 2].second);
    if (sinceMs != std::numeric_limits<int64_t>::min() && e.step > sinceStep && e.timeMs > sinceMs)
        return double(e.timeMs - sinceMs) / 1000.0 / double(e.step - sinceStep);
    return 0.0;
}

// The GPUs a drain of `entity` takes out of service: a GPU, a node's, a rack's.
std::vector<uint32_t> gpusUnder(const Topology &topology, EntityRef entity)
{
    std::vector<uint32_t> gpus;
    for (uint32_t g = 0; g < topology.gpus.size(); ++g) {
        const uint32_t node = topology.gpus[g].nodeIndex;
        if ((entity.kind == EntityKind::Gpu && entity.index == g)
            || (entity.kind == EntityKind::Node && entity.index == node)
            || (entity.kind == EntityKind::Rack && node < topology.nodes.size()
                && topology.nodes[node].rackIndex == entity.index))
            gpus.push_back(g);
    }
    return gpus;
}

} // namespace

std::vector<ReferenceIncident> referenceIncidents(const Topology &topology, const std::vector<Event> &events,
                                                  const PaceReadings &pace, int64_t nowMs)
{
    const std::vector<Event> ordered = onceInOrder(events);
    std::vector<ReferenceIncident> all;
    for (size_t j = 0; j < topology.jobs.size(); ++j) {
        const Job &job = topology.jobs[j];
        std::vector<ReferenceIncident> mine;
        enum
        {
            Idle,
            Down,
            Back
        } state
            = Idle;
        std::vector<std::pair<int64_t, int64_t>> checkpoints, starts; // (time, step)
        std::vector<size_t> givenUp;
        const auto readings = pace.find(int(j));
        const std::map<int64_t, double> minutes
            = readings == pace.end() ? std::map<int64_t, double>() : minutesOf(readings->second);
        // Running until told otherwise, unless the job's first start or end is a start.
        bool running = true;
        for (const Event &e : ordered)
            if (e.jobId == job.id && (e.type == EventType::JobStart || e.type == EventType::JobEnd)) {
                running = e.type == EventType::JobEnd;
                break;
            }
        bool drainedOnly = false; // down because of a drain, and nothing else has happened since
        bool byHand = false; // the last restart was by hand
        bool savedSinceBack = false; // a checkpoint since the restart
        for (const Event &e : ordered) {
            if (e.type == EventType::Drain) {
                // A drain of GPUs the job uses, while it runs, takes it down.
                const std::vector<uint32_t> under = gpusUnder(topology, e.entity);
                const bool hit = std::any_of(job.gpuIndices.begin(), job.gpuIndices.end(), [&](uint32_t g) {
                    return std::find(under.begin(), under.end(), g) != under.end();
                });
                // Unless it names a hardware failure or one of the job's own events: then it repairs
                // what failed, after the job was restarted without it.
                const bool repair
                    = e.targetEventId && std::any_of(ordered.begin(), ordered.end(), [&](const Event &x) {
                          return x.id == e.targetEventId
                              && ((isHardwareWarning(x.type) && isHardwareFailure(x)) || x.jobId == job.id);
                      });
                if (hit && running && state != Down && !repair) {
                    ReferenceIncident incident;
                    incident.jobId = job.id;
                    incident.failedMs = e.timeMs;
                    incident.gpus = uint32_t(job.gpuIndices.size());
                    incident.drained = true;
                    // Where it stood: the latest checkpoint, start or resumption, plus the time
                    // since at its pace (the median of the hour before), or the drain's own step.
                    int64_t baseMs = std::numeric_limits<int64_t>::min(), baseStep = 0;
                    bool checkpointed = false;
                    for (const auto &[t, step] : checkpoints)
                        if (t <= e.timeMs && t >= baseMs) {
                            baseMs = t;
                            baseStep = step;
                            incident.checkpointStep = step;
                            checkpointed = true;
                        }
                    for (const auto &[t, step] : starts)
                        if (t <= e.timeMs && t >= baseMs) {
                            baseMs = t;
                            baseStep = step;
                        }
                    for (const ReferenceIncident &before : mine)
                        if (before.resumedMs && before.resumedMs <= e.timeMs && before.resumedMs >= baseMs) {
                            baseMs = before.resumedMs;
                            baseStep = before.checkpointStep;
                        }
                    const double pace = paceBefore(minutes, e.timeMs);
                    incident.stepAtFailure = e.step > 0 ? e.step
                        : baseMs != std::numeric_limits<int64_t>::min() && pace > 0.0
                        ? baseStep + int64_t(double(e.timeMs - baseMs) / 1000.0 / pace)
                        : baseStep;
                    incident.checkpointStep = checkpointed ? std::min(incident.checkpointStep, incident.stepAtFailure)
                                                           : incident.stepAtFailure;
                    Event asFailure = e;
                    asFailure.step = incident.stepAtFailure;
                    incident.stepSeconds = stepSecondsBefore(mine, starts, checkpoints, minutes, asFailure);
                    mine.push_back(incident);
                    state = Down;
                    drainedOnly = true;
                }
                continue;
            }
            if (drainedOnly && e.jobId == job.id
                && (e.type == EventType::CheckpointSaved
                    || (e.type == EventType::JobEnd && e.severity != Severity::Critical))) {
                mine.pop_back(); // it ran on after all (the drain waited for it): no disruption
                state = Idle;
                drainedOnly = false;
            }
            if (e.jobId == job.id
                && (isFailure(e) || e.type == EventType::JobRestart || e.type == EventType::ManualRestart
                    || e.type == EventType::Rollback))
                drainedOnly = false; // a symptom, or its answer: the drain did take it down
            if (e.jobId == job.id
                && (e.type == EventType::JobStart || e.type == EventType::JobRestart
                    || e.type == EventType::ManualRestart))
                running = true;
            else if (e.jobId == job.id && e.type == EventType::JobEnd)
                running = false;
            if (e.type == EventType::JobStart) {
                if (e.jobId == job.id)
                    starts.emplace_back(e.timeMs, e.step);
                const auto starting = std::find_if(topology.jobs.begin(), topology.jobs.end(),
                                                   [&](const Job &other) { return other.id == e.jobId; });
                for (auto it = givenUp.begin(); it != givenUp.end();) {
                    if (starting != topology.jobs.end() && (e.jobId == job.id || sharesGpus(job, *starting))
                        && e.timeMs >= mine[*it].failedMs) {
                        mine[*it].releasedMs = e.timeMs;
                        it = givenUp.erase(it);
                    } else {
                        ++it;
                    }
                }
                continue;
            }
            if (e.jobId != job.id)
                continue;
            if (e.type == EventType::CheckpointSaved) {
                checkpoints.emplace_back(e.timeMs, e.step);
                savedSinceBack = true;
            } else if (isFailure(e)) {
                if (state == Down) { // a second symptom, or the run given up while down
                    if (e.type == EventType::JobEnd) {
                        mine.back().state = ReferenceIncident::State::Ended;
                        givenUp.push_back(mine.size() - 1);
                        state = Idle;
                    }
                    continue;
                }
                ReferenceIncident incident;
                incident.jobId = job.id;
                incident.failedMs = e.timeMs;
                incident.stepAtFailure = e.step;
                incident.checkpointStep = e.step;
                for (const auto &[t, step] : checkpoints)
                    if (t <= e.timeMs && step <= e.step)
                        incident.checkpointStep = step; // the latest such
                incident.gpus = uint32_t(job.gpuIndices.size());
                incident.stepSeconds = stepSecondsBefore(mine, starts, checkpoints, minutes, e);
                mine.push_back(incident);
                if (e.type == EventType::JobEnd) {
                    mine.back().state = ReferenceIncident::State::Ended;
                    givenUp.push_back(mine.size() - 1);
                    state = Idle;
                } else {
                    state = Down;
                }
            } else if (e.type == EventType::JobRestart || e.type == EventType::ManualRestart) {
                if (state == Down) {
                    ReferenceIncident &incident = mine.back();
                    incident.state = ReferenceIncident::State::Recovered;
                    incident.resumedMs = e.timeMs;
                    byHand = e.type == EventType::ManualRestart;
                    savedSinceBack = false;
                    incident.checkpointStep
                        = e.step > 0 ? std::min(incident.stepAtFailure, e.step) : incident.stepAtFailure;
                    state = Back;
                } else if (state == Back) {
                    // A restart by hand the scheduler requeues within the hour, before any rollback
                    // or checkpoint: the job resumes only now. Any other later restart does not
                    // stretch an incident already over.
                    ReferenceIncident &incident = mine.back();
                    const bool requeue = byHand && e.type == EventType::JobRestart
                        && e.timeMs - incident.resumedMs <= 3600000 && incident.checkpointStep == incident.stepAtFailure
                        && !savedSinceBack;
                    if (requeue) {
                        incident.resumedMs = e.timeMs;
                        if (e.step > 0)
                            incident.checkpointStep = std::min(incident.stepAtFailure, e.step);
                    } else {
                        state = Idle;
                    }
                }
            } else if (e.type == EventType::Rollback) {
                if (state == Down || state == Back)
                    mine.back().checkpointStep = std::min(mine.back().stepAtFailure, e.step);
                if (state == Back)
                    state = Idle; // a rollback before the restart waits for it
            }
        }
        // Still no pace: the pace the job's first incident with one showed.
        double known = 0.0;
        for (const ReferenceIncident &i : mine)
            if (known <= 0.0)
                known = i.stepSeconds;
        for (ReferenceIncident &i : mine)
            if (i.stepSeconds <= 0.0)
                i.stepSeconds = known;
        for (ReferenceIncident &i : mine) {
            int64_t until = nowMs;
            if (i.state == ReferenceIncident::State::Recovered)
                until = i.resumedMs;
            else if (i.state == ReferenceIncident::State::Ended && i.releasedMs)
                until = i.releasedMs;
            i.downtimeGpuHours = double(i.gpus) * double(std::max<int64_t>(0, until - i.failedMs)) / 3600000.0;
            i.recomputeGpuHours = double(i.gpus) * double(std::max<int64_t>(0, i.stepAtFailure - i.checkpointStep))
                * i.stepSeconds / 3600.0;
            all.push_back(i);
        }
    }
    return all;
}

ReferenceLedger referenceLedger(const std::vector<Event> &events, int64_t fromMs, int64_t toMs)
{
    static const std::set<EventType> byHand
        = { EventType::Drain,           EventType::Undrain,           EventType::ManualRestart,  EventType::HotPatch,
            EventType::ThresholdChange, EventType::RemoveFromService, EventType::ReturnToService };
    ReferenceLedger ledger;
    for (const Event &e : onceInOrder(events))
        if (isOperatorAction(e.type) && e.timeMs >= fromMs && e.timeMs < toMs)
            ++(byHand.count(e.type) ? ledger.handsOn : ledger.paperwork);
    return ledger;
}

RandomHistory randomHistory(uint64_t seed)
{
    std::mt19937_64 random(seed);
    auto uniform = [&](double a, double b) { return std::uniform_real_distribution<double>(a, b)(random); };
    auto chance = [&](double p) { return uniform(0.0, 1.0) < p; };
    constexpr int64_t Minute = 60000, Hour = 3600000;

    RandomHistory h;
    auto topology = std::make_shared<Topology>(*labTopology(512));
    topology->jobs.resize(std::min<size_t>(topology->jobs.size(), 1));
    const Job templateJob = topology->jobs.front();
    topology->jobs.clear();
    // Jobs of different sizes on disjoint GPUs, some GPUs left idle.
    const int jobs = 2 + int(uniform(0.0, 4.0));
    uint32_t next = 0;
    for (int j = 0; j < jobs && next < 480; ++j) {
        Job job = templateJob;
        job.id = QStringLiteral("job-%1").arg(j);
        const uint32_t size = std::min<uint32_t>(uint32_t(8 << int(uniform(0.0, 5.0))), 480 - next);
        job.gpuIndices.clear();
        for (uint32_t g = next; g < next + size; ++g)
            job.gpuIndices.push_back(g);
        next += size + uint32_t(uniform(0.0, 16.0));
        topology->jobs.push_back(job);
    }
    const bool nextRun = chance(0.3); // a job that runs on job-0's GPUs once it is given up
    if (nextRun) {
        Job job = topology->jobs.front();
        job.id = QStringLiteral("next-run");
        job.gpuIndices.resize(std::max<size_t>(1, job.gpuIndices.size() / 2));
        topology->jobs.push_back(job);
    }
    topology->index();
    h.topology = topology;

    h.startMs = 1793577600000 + int64_t(uniform(0.0, 24.0)) * Hour; // a day in November 2026
    h.endMs = h.startMs + int64_t(uniform(24.0, 96.0) * double(Hour));
    const int64_t sharedFailureMs = chance(0.5) ? h.startMs + int64_t(uniform(0.2, 0.9) * double(h.endMs - h.startMs))
                                                : 0; // a PDU trip or a leaf down: every job running stops
    uint64_t nextId = 1;
    auto emit = [&](int64_t t, EventType type, EntityRef entity, Severity severity, const QString &jobId, int64_t step,
                    const QString &who = {}) {
        h.events.push_back(makeEvent(nextId++, t, type, entity, severity, jobId, step, 0, who));
    };
    if (sharedFailureMs)
        emit(sharedFailureMs - 2000, EventType::PduOverThreshold, { EntityKind::Pdu, 0 }, Severity::Critical, {}, 0);

    static const QString Operators[] = { QStringLiteral("ana"), QStringLiteral("kim"), QStringLiteral("lee") };
    const size_t runners = nextRun ? topology->jobs.size() - 1 : topology->jobs.size();
    for (size_t j = 0; j < runners; ++j) {
        const Job &job = topology->jobs[j];
        const EntityRef jobRef { EntityKind::Job, uint32_t(j) };
        const EntityRef gpuRef { EntityKind::Gpu, job.gpuIndices.front() };
        const double stepSeconds = uniform(1.0, 6.0);
        const int64_t checkpointEvery = int64_t(uniform(20.0, 120.0)) * Minute;
        auto &pace = h.pace[int(j)];
        int64_t t = h.startMs + int64_t(uniform(0.0, 2.0) * double(Hour));
        int64_t step = 0, checkpoint = 0;
        emit(t, EventType::JobStart, jobRef, Severity::Info, job.id, 0);
        bool sharedHit = false;
        while (t < h.endMs) {
            // Training until the next failure.
            int64_t failAt = t + int64_t(-std::log(1.0 - uniform(0.0, 0.999)) * 6.0 * double(Hour));
            failAt = std::max(failAt, t + 5 * Minute);
            const bool shared = !sharedHit && sharedFailureMs > t && sharedFailureMs < failAt;
            if (shared)
                failAt = sharedFailureMs;
            const int64_t runEnd = std::min(failAt, h.endMs);
            const int64_t runStep = step;
            for (int64_t m = t; m < runEnd; m += Minute) {
                pace.emplace_back(m, stepSeconds * (1.0 + uniform(-0.02, 0.02)));
                const int64_t stepNow = runStep + int64_t(double(m - t) / 1000.0 / stepSeconds);
                if (m > t && (m - t) % checkpointEvery == 0) {
                    checkpoint = stepNow;
                    emit(m, EventType::CheckpointSaved, jobRef, Severity::Info, job.id, checkpoint);
                }
            }
            if (failAt >= h.endMs)
                break;
            sharedHit = sharedHit || shared;
            step = runStep + int64_t(double(failAt - t) / 1000.0 / stepSeconds);
            pace.emplace_back(failAt, std::nan(""));
            const double kind = uniform(0.0, 1.0);
            const EventType failure = kind < 0.12 ? EventType::Drain // its node taken away (sometimes shared)
                : kind < 0.5                      ? EventType::JobCrash
                : kind < 0.7                      ? EventType::JobOom
                                                  : EventType::NcclTimeout;
            if (failure == EventType::Drain)
                emit(failAt, failure, { EntityKind::Node, topology->gpus[job.gpuIndices.back()].nodeIndex },
                     Severity::Info, {}, 0, Operators[size_t(uniform(0.0, 2.99))]);
            else
                emit(failAt, failure, jobRef, Severity::Critical, job.id, step);
            if (chance(0.1)) // a drain the scheduler holds until the job is done: it trains on elsewhere
                emit(t + (failAt - t) / 2, EventType::Drain,
                     { EntityKind::Node, topology->gpus[job.gpuIndices.front()].nodeIndex }, Severity::Info, {}, 0,
                     Operators[0]);
            if (failure == EventType::NcclTimeout && chance(0.5)) // the crash that follows a timeout
                emit(failAt + int64_t(uniform(1.0, 3.0) * double(Minute)), EventType::JobCrash, jobRef,
                     Severity::Critical, job.id, step);
            const uint64_t failureId = nextId - 1;
            const int64_t back = failAt + int64_t(uniform(4.0, 40.0) * double(Minute));
            if (back + 5 * Minute < h.endMs && chance(0.15)) { // the repair, once the job runs on without the node
                emit(back + 5 * Minute, EventType::Drain,
                     { EntityKind::Node, topology->gpus[job.gpuIndices.back()].nodeIndex }, Severity::Info, {}, 0,
                     Operators[1]);
                h.events.back().targetEventId = failureId;
            }
            const double response = uniform(0.0, 1.0);
            if (back >= h.endMs) {
                break; // still down at the end
            } else if (response < 0.35) { // automation: restart, roll back to the checkpoint
                if (chance(0.2)) { // the trainer says it rolls back before the scheduler restarts it
                    emit(back - 1000, EventType::Rollback, jobRef, Severity::Warning, job.id, checkpoint);
                    emit(back, EventType::JobRestart, jobRef, Severity::Info, job.id, checkpoint);
                } else {
                    emit(back, EventType::JobRestart, jobRef, Severity::Info, job.id, checkpoint);
                    emit(back, EventType::Rollback, jobRef, Severity::Warning, job.id, checkpoint);
                }
                step = checkpoint;
            } else if (response < 0.55) { // restarted where it stopped, no rollback
                emit(back, EventType::JobRestart, jobRef, Severity::Info, job.id, chance(0.5) ? 0 : step);
            } else if (response < 0.8) { // paged: somebody looks, notes, drains, restarts by hand
                const QString who = Operators[size_t(uniform(0.0, 2.99))];
                emit(failAt + 2 * Minute, EventType::Note, gpuRef, Severity::Info, job.id, 0, who);
                if (chance(0.5))
                    emit(failAt + 3 * Minute, EventType::Drain, { EntityKind::Node, 0 }, Severity::Info, job.id, 0,
                         who);
                const bool rollback = chance(0.5);
                emit(back, EventType::ManualRestart, jobRef, Severity::Info, job.id, rollback ? checkpoint : 0, who);
                if (rollback) {
                    emit(back, EventType::Rollback, jobRef, Severity::Warning, job.id, checkpoint);
                    step = checkpoint;
                } else if (chance(0.4)) { // the scheduler requeues it, and it rolls back to its checkpoint
                    const int64_t requeue = back + int64_t(uniform(1.0, 20.0) * double(Minute));
                    emit(requeue, EventType::JobRestart, jobRef, Severity::Info, job.id, 0);
                    emit(requeue + 30000, EventType::Rollback, jobRef, Severity::Warning, job.id, checkpoint);
                    step = checkpoint;
                }
            } else { // given up
                emit(failAt + int64_t(uniform(1.0, 10.0) * double(Minute)), EventType::JobEnd, jobRef,
                     Severity::Critical, job.id, step);
                const int64_t again = failAt + int64_t(uniform(1.0, 12.0) * double(Hour));
                if (j == 0 && nextRun && again < h.endMs) {
                    emit(again, EventType::JobStart, { EntityKind::Job, uint32_t(topology->jobs.size() - 1) },
                         Severity::Info, QStringLiteral("next-run"), 0);
                    break;
                }
                if (again >= h.endMs || chance(0.5))
                    break;
                emit(again, EventType::JobStart, jobRef, Severity::Info, job.id, 0); // a new run from scratch
                t = again;
                step = checkpoint = 0;
                continue;
            }
            t = back;
        }
    }
    // Hardware failing where no job runs, and operators' paperwork.
    const uint32_t idleGpu = 500;
    for (int i = 0; i < 3; ++i) {
        const int64_t at = h.startMs + int64_t(uniform(0.0, 1.0) * double(h.endMs - h.startMs));
        emit(at, EventType::Xid, { EntityKind::Gpu, idleGpu }, Severity::Critical, {}, 0);
        emit(at + Minute, EventType::Acknowledge, { EntityKind::Gpu, idleGpu }, Severity::Info, {}, 0,
             Operators[size_t(i % 3)]);
    }
    std::stable_sort(h.events.begin(), h.events.end(),
                     [](const Event &a, const Event &b) { return a.timeMs < b.timeMs; });
    if (chance(0.25)) // imported from a system that numbers nothing
        for (Event &e : h.events)
            e.id = 0;
    else if (chance(0.3)) // a reconnect delivers a tenth of them again
        for (size_t i = 0, n = h.events.size(); i < n; ++i)
            if (chance(0.1))
                h.events.push_back(h.events[i]);
    return h;
}

QString describeHistory(const Topology &topology, const std::vector<Event> &events)
{
    QString text;
    for (const Event &e : events)
        text += QStringLiteral("  #%1 %2 %3 %4 job=%5 step=%6 %7\n")
                    .arg(e.id)
                    .arg(QDateTime::fromMSecsSinceEpoch(e.timeMs, Qt::UTC).toString(Qt::ISODate))
                    .arg(eventTypeKey(e.type), entityKeyName(topology, e.entity), e.jobId)
                    .arg(e.step)
                    .arg(e.severity == Severity::Critical ? QStringLiteral("critical") : QString());
    return text;
}

} // namespace vigil::test
