// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/incidents.h"

#include "domain/blastradius.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace vigil {

namespace {

bool isDisruption(const Event &e)
{
    return e.type == EventType::JobCrash || e.type == EventType::JobOom || e.type == EventType::NcclTimeout;
}

bool isRestart(const Event &e)
{
    return e.type == EventType::JobRestart || e.type == EventType::ManualRestart;
}

// Incidents are known by their disruption's event id; a drain that stops several jobs makes
// one incident each, the first under the drain's id and the others under ids of their own.
uint64_t drainIncidentId(uint64_t drainId, size_t job, bool first)
{
    constexpr uint64_t Base = uint64_t(2) << 62; // below the analysis' local ids (3 << 62), above any journal's
    return first ? drainId : Base | ((drainId & ((uint64_t(1) << 50) - 1)) << 12) | (uint64_t(job) & 0xfff);
}

} // namespace

QString CostSettings::validate() const
{
    if (!std::isfinite(pricePerGpuHour) || pricePerGpuHour < 0.0 || pricePerGpuHour > 10000.0)
        return QStringLiteral("a price per GPU-hour must be between 0 and 10,000 (got %1)").arg(pricePerGpuHour);
    if (leadTimeMs < 0 || leadTimeMs > 30LL * 86400000)
        return QStringLiteral("a lead time must be between 0 and 30 days (got %1 h)")
            .arg(double(leadTimeMs) / 3600000.0);
    return {};
}

double Incident::downtimeGpuHours(int64_t nowMs) const
{
    // A run given up loses its GPUs' time until they run a job again, besides the work since its checkpoint.
    const int64_t resumed = state == State::Ended ? releasedMs : resumedMs;
    const int64_t until = resumed ? std::max(failedMs, resumed) : std::max(failedMs, nowMs);
    return double(gpus) * double(until - failedMs) / 3600000.0;
}

void IncidentTracker::setTopology(std::shared_ptr<const Topology> topology)
{
    m_topology = std::move(topology);
    m_events.clear();
    m_failureIds.clear();
    m_pace.clear();
    m_incidents.clear();
    m_stale = false;
    m_skipped = m_duplicates = 0;
}

void IncidentTracker::notePace(int job, int64_t timeMs, double stepSeconds)
{
    // Incidents need no rebuild: the pace before a failure is told before the failure is.
    m_pace.record(job, timeMs, stepSeconds);
}

void IncidentTracker::setPace(JobPace pace)
{
    m_pace = std::move(pace);
    m_stale = true;
}

void IncidentTracker::addEvents(const std::vector<Event> &events)
{
    if (!m_topology)
        return;
    bool changed = false;
    for (const Event &e : events) {
        if (isHardwareWarning(e.type) && e.id && isHardwareFailure(e))
            m_failureIds.insert(e.id); // what a drain may name as the failure it repairs
        const bool relevant = isJobEvent(e.type) || isOperatorAction(e.type);
        if (!relevant)
            continue;
        if (isJobEvent(e.type) && e.type != EventType::CheckpointSaved) {
            const auto &jobs = m_topology->jobs;
            const bool known = std::any_of(jobs.begin(), jobs.end(), [&](const Job &j) { return j.id == e.jobId; });
            if (!known) {
                ++m_skipped; // a job this topology does not hold
                continue;
            }
        }
        // Nearly always appended in order; a late one is put where it belongs. Within
        // one instant the journal's ids keep the order things happened (a restart before its rollback).
        const auto at = std::upper_bound(m_events.begin(), m_events.end(), e, [](const Event &a, const Event &x) {
            return a.timeMs < x.timeMs || (a.timeMs == x.timeMs && a.id < x.id);
        });
        // One delivered twice sorts next to itself.
        if (e.id && at != m_events.begin() && (at - 1)->id == e.id && (at - 1)->timeMs == e.timeMs) {
            ++m_duplicates;
            continue;
        }
        m_events.insert(at, e);
        changed = true;
    }
    m_stale = m_stale || changed;
}

const std::vector<Incident> &IncidentTracker::incidents() const
{
    if (m_stale)
        rebuild();
    return m_incidents;
}

double IncidentTracker::stepSecondsAt(int job, const Event &failure) const
{
    // 1. The metrics: the median step time of the hour before.
    if (const double median = m_pace.medianSeconds(job, failure.timeMs - PaceWindowMs, failure.timeMs); median > 0.0)
        return median;
    // Without them, only what happened since the job last started or resumed (an outage is no training):
    const QString &id = m_topology->jobs[size_t(job)].id;
    int64_t sinceMs = std::numeric_limits<int64_t>::min(), sinceStep = 0;
    for (const Incident &i : m_incidents)
        if (i.jobId == id && i.resumedMs && i.resumedMs <= failure.timeMs && i.resumedMs >= sinceMs) {
            sinceMs = i.resumedMs;
            sinceStep = i.checkpointStep;
        }
    // Looking back from the failure, never past it: its latest start.
    const auto upTo = std::make_reverse_iterator(std::upper_bound(
        m_events.begin(), m_events.end(), failure.timeMs, [](int64_t t, const Event &e) { return t < e.timeMs; }));
    for (auto it = upTo; it != m_events.rend() && it->timeMs >= sinceMs; ++it)
        if (it->type == EventType::JobStart && it->jobId == id) {
            sinceMs = it->timeMs;
            sinceStep = it->step;
            break;
        }
    // 2. the cadence of its last two checkpoints since;
    const Event *later = nullptr;
    for (auto it = upTo; it != m_events.rend(); ++it) {
        if (it->type != EventType::CheckpointSaved || it->jobId != id || it->step > failure.step)
            continue;
        if (it->timeMs < sinceMs)
            break;
        if (later) {
            if (later->step > it->step && later->timeMs > it->timeMs)
                return double(later->timeMs - it->timeMs) / 1000.0 / double(later->step - it->step);
            break;
        }
        later = &*it;
    }
    // 3. its pace since it started or resumed.
    if (sinceMs != std::numeric_limits<int64_t>::min() && failure.step > sinceStep && failure.timeMs > sinceMs)
        return double(failure.timeMs - sinceMs) / 1000.0 / double(failure.step - sinceStep);
    return 0.0; // 4. (fillUnknownPace) the pace its other incidents showed
}

// A new incident of a job's failure: its job, GPUs and pace, and the checkpoint it goes back to.
Incident IncidentTracker::newIncident(const Event &e) const
{
    Incident incident;
    incident.id = e.id;
    incident.jobId = e.jobId;
    for (size_t j = 0; j < m_topology->jobs.size(); ++j)
        if (m_topology->jobs[j].id == e.jobId)
            incident.job = int(j);
    incident.kind = e.type;
    incident.failedMs = e.timeMs;
    incident.stepAtFailure = e.step;
    // Until a rollback says otherwise: the job's last checkpoint before the failure (for an
    // aborted run, the work after it is what was thrown away).
    incident.checkpointStep = e.step;
    for (auto it = m_events.rbegin(); it != m_events.rend(); ++it)
        if (it->timeMs <= e.timeMs && it->type == EventType::CheckpointSaved && it->jobId == e.jobId
            && it->step <= e.step) {
            incident.checkpointStep = it->step;
            incident.checkpointMs = it->timeMs;
            break;
        }
    incident.gpus = uint32_t(m_topology->jobs[size_t(incident.job)].gpuIndices.size());
    incident.stepSeconds = stepSecondsAt(incident.job, e);
    return incident;
}

// A restart or a rollback of a job that is down: the incident recovers, and where training
// resumes is settled.
void IncidentTracker::onRestartOrRollback(const Event &e, std::map<QString, size_t> &openByJob) const
{
    auto open = openByJob.find(e.jobId);
    if (open == openByJob.end())
        return; // a planned restart, or a consequence already counted
    Incident &incident = m_incidents[open->second];
    if (isRestart(e) && incident.state == Incident::State::Recovered) {
        // A restart by hand that the scheduler then requeues (within the hour, no rollback
        // yet, no checkpoint saved in between): the job resumed only now, and the rollback
        // that follows is this incident's.
        constexpr int64_t RequeueWithinMs = 3600000;
        const bool requeued = incident.restartedByHand && e.type == EventType::JobRestart
            && e.timeMs - incident.resumedMs <= RequeueWithinMs && incident.checkpointStep == incident.stepAtFailure
            && !std::any_of(m_events.begin(), m_events.end(), [&](const Event &c) {
                                  return c.type == EventType::CheckpointSaved && c.jobId == e.jobId
                                      && c.timeMs > incident.resumedMs && c.timeMs <= e.timeMs;
                              });
        if (!requeued) {
            // Back at work already: a later restart (planned, or another reason's) does not
            // stretch this incident. Its rollback, had one come, would have come with it.
            openByJob.erase(open);
            return;
        }
        incident.eventIds.push_back(e.id);
        incident.resumedMs = e.timeMs;
        if (e.step > 0)
            incident.checkpointStep = std::min(incident.stepAtFailure, e.step);
        return;
    }
    incident.eventIds.push_back(e.id);
    if (isRestart(e)) {
        if (e.type == EventType::ManualRestart)
            incident.actionIds.push_back(e.id); // somebody had to do it
        incident.resumedMs = e.timeMs;
        incident.restartedByHand = e.type == EventType::ManualRestart;
        incident.state = Incident::State::Recovered;
        // Training resumes where it stopped unless the restart (or a rollback) names an earlier step.
        incident.checkpointStep = e.step > 0 ? std::min(incident.stepAtFailure, e.step) : incident.stepAtFailure;
    } else {
        incident.checkpointStep = std::min(incident.stepAtFailure, e.step);
        // A rollback after the restart closes the incident; one told before it (a trainer that
        // says where it will resume, then the scheduler restarts it) waits for the restart.
        if (incident.state == Incident::State::Recovered)
            openByJob.erase(open);
    }
}

// Drains the job outlived are no incidents: they go, and the order of the rest stays.
void IncidentTracker::dropOutlivedDrains(std::vector<bool> &dropped) const
{
    if (dropped.empty())
        return;
    dropped.resize(m_incidents.size());
    size_t kept = 0;
    for (size_t i = 0; i < m_incidents.size(); ++i)
        if (!dropped[i]) {
            if (kept != i) // never moved onto itself: that empties it
                m_incidents[kept] = std::move(m_incidents[i]);
            ++kept;
        }
    m_incidents.resize(kept);
}

void IncidentTracker::rebuild() const
{
    m_stale = false;
    // Rebuilt from the ordered events: a late event can change an incident already made.
    m_incidents.clear();
    std::map<QString, size_t> openByJob; // the job's incident awaiting its restart
    std::vector<size_t> givenUp; // runs given up whose GPUs have not run a job since
    // Whether each job is at work, for drains: a job whose first word is its start has not begun
    // before it; one first heard of otherwise (a stream joined mid-run) is taken to be running.
    std::map<QString, bool> running;
    for (const Event &e : m_events)
        if (e.type == EventType::JobStart || e.type == EventType::JobEnd)
            running.emplace(e.jobId, e.type != EventType::JobStart);
    std::vector<bool> dropped; // drains the job outlived (it saved a checkpoint or finished before any restart)
    for (const Event &e : m_events) {
        if (e.type == EventType::CheckpointSaved || (e.type == EventType::JobEnd && e.severity != Severity::Critical)) {
            // A drain lets the job run on (a scheduler's DRAIN waits for it): it was no disruption.
            if (auto open = openByJob.find(e.jobId); open != openByJob.end()
                && m_incidents[open->second].kind == EventType::Drain
                && m_incidents[open->second].state == Incident::State::Open
                && m_incidents[open->second].eventIds.size() == 1) {
                dropped.resize(m_incidents.size());
                dropped[open->second] = true;
                openByJob.erase(open);
            }
        }
        if (e.type == EventType::JobStart || isRestart(e))
            running[e.jobId] = true;
        else if (e.type == EventType::JobEnd)
            running[e.jobId] = false;
        if (e.type == EventType::Drain)
            openDrainIncidents(e, openByJob, running);
        if (e.type == EventType::JobStart && !givenUp.empty()) {
            releaseGivenUp(e, givenUp);
            continue;
        }
        if (isDisruption(e) || (e.type == EventType::JobEnd && e.severity == Severity::Critical)) {
            auto open = openByJob.find(e.jobId);
            if (open != openByJob.end() && m_incidents[open->second].state == Incident::State::Recovered) {
                openByJob.erase(open); // restarted without a rollback: this is a new failure
                open = openByJob.end(); // (not erase's result: that is the next job's incident)
            }
            if (open != openByJob.end()) {
                // Already down: a second symptom (the crash after the NCCL timeout), or the run given up.
                Incident &incident = m_incidents[open->second];
                incident.eventIds.push_back(e.id);
                if (e.type == EventType::JobEnd) {
                    incident.state = Incident::State::Ended;
                    givenUp.push_back(open->second);
                    openByJob.erase(open);
                }
                continue;
            }
            Incident incident = newIncident(e);
            incident.eventIds.push_back(e.id);
            if (e.type == EventType::JobEnd) {
                incident.state = Incident::State::Ended;
                givenUp.push_back(m_incidents.size());
            }
            m_incidents.push_back(std::move(incident));
            if (e.type != EventType::JobEnd)
                openByJob[e.jobId] = m_incidents.size() - 1;
            continue;
        }
        if (isRestart(e) || e.type == EventType::Rollback) {
            onRestartOrRollback(e, openByJob);
            continue;
        }
        if (isOperatorsWork(e.type)) {
            // An action while a job is down answers that job's incident (or every open one, when it names no job).
            for (const auto &[job, index] : openByJob)
                if (e.jobId.isEmpty() || e.jobId == job)
                    m_incidents[index].actionIds.push_back(e.id);
        }
    }
    dropOutlivedDrains(dropped);
    fillUnknownPace();
}

void IncidentTracker::openDrainIncidents(const Event &drain, std::map<QString, size_t> &openByJob,
                                         const std::map<QString, bool> &running) const
{
    // Draining what a running job trains on takes it down: a disruption like a crash, whose
    // restart and rollback follow. A job already down is answered by the drain, not hit again.
    const EntityKind kind = drain.entity.kind;
    if (kind != EntityKind::Gpu && kind != EntityKind::Node && kind != EntityKind::Rack)
        return; // only compute is drained
    // A drain that names a hardware failure is the repair of it: the job was restarted without
    // what failed (the topology keeps the allocation it started with).
    if (drain.targetEventId && m_failureIds.count(drain.targetEventId))
        return;
    const std::vector<uint32_t> drained = gpusAffectedBy(*m_topology, drain.entity);
    bool first = true;
    for (size_t j = 0; j < m_topology->jobs.size(); ++j) {
        const Job &job = m_topology->jobs[j];
        const bool uses = std::any_of(job.gpuIndices.begin(), job.gpuIndices.end(), [&](uint32_t g) {
            return std::find(drained.begin(), drained.end(), g) != drained.end();
        });
        const auto state = running.find(job.id);
        if (!uses || (state != running.end() && !state->second))
            continue;
        // So is one that names an event of the job's own (its failure): it answers it.
        if (drain.targetEventId && std::any_of(m_events.begin(), m_events.end(), [&](const Event &e) {
                return e.id == drain.targetEventId && e.jobId == job.id;
            }))
            continue;
        if (auto open = openByJob.find(job.id); open != openByJob.end()) {
            if (m_incidents[open->second].state != Incident::State::Recovered)
                continue;
            openByJob.erase(open); // back at work (restarted without a rollback): hit again
        }
        Incident incident;
        incident.id = drainIncidentId(drain.id, j, first);
        first = false;
        incident.jobId = job.id;
        incident.job = int(j);
        incident.kind = EventType::Drain;
        incident.drained = drain.entity;
        incident.failedMs = drain.timeMs;
        incident.gpus = uint32_t(job.gpuIndices.size());
        // Where training stood: the drain's step when told, else the step it last stood at for
        // certain (its latest checkpoint, start or resumption) advanced at its pace since.
        int64_t baseMs = std::numeric_limits<int64_t>::min(), baseStep = 0;
        for (const Event &e : m_events) {
            if (&e == &drain)
                break; // what came before it
            if (e.jobId == job.id && (e.type == EventType::CheckpointSaved || e.type == EventType::JobStart)
                && e.timeMs >= baseMs) {
                baseMs = e.timeMs;
                baseStep = e.step;
                if (e.type == EventType::CheckpointSaved) {
                    incident.checkpointStep = e.step;
                    incident.checkpointMs = e.timeMs;
                }
            }
        }
        for (const Incident &before : m_incidents)
            if (before.jobId == job.id && before.resumedMs && before.resumedMs <= drain.timeMs
                && before.resumedMs >= baseMs) {
                baseMs = before.resumedMs;
                baseStep = before.checkpointStep;
            }
        incident.stepAtFailure = drain.step > 0 ? drain.step : baseStep;
        if (drain.step <= 0 && baseMs != std::numeric_limits<int64_t>::min()) {
            // Its pace as every incident's is found (stepSecondsAt): the readings, else the cadence
            // of its checkpoints. A history imported without readings once left a drained job
            // standing at its checkpoint, and its rollback trained nothing again.
            Event atBase = drain;
            atBase.jobId = job.id;
            atBase.step = baseStep;
            if (const double pace = stepSecondsAt(int(j), atBase); pace > 0.0)
                incident.stepAtFailure = baseStep + int64_t(double(drain.timeMs - baseMs) / 1000.0 / pace);
        }
        incident.checkpointStep = std::min(incident.checkpointStep, incident.stepAtFailure);
        if (incident.checkpointMs == 0)
            incident.checkpointStep = incident.stepAtFailure;
        Event asFailure = drain;
        asFailure.jobId = job.id;
        asFailure.step = incident.stepAtFailure;
        incident.stepSeconds = stepSecondsAt(int(j), asFailure);
        incident.eventIds.push_back(drain.id);
        m_incidents.push_back(std::move(incident));
        openByJob[job.id] = m_incidents.size() - 1;
    }
}

void IncidentTracker::releaseGivenUp(const Event &start, std::vector<size_t> &givenUp) const
{
    // The GPUs of a run given up are back at work when its job, or a job on any of its GPUs, starts.
    const Job *starting = nullptr;
    for (const Job &j : m_topology->jobs)
        if (j.id == start.jobId)
            starting = &j;
    for (auto it = givenUp.begin(); it != givenUp.end();) {
        Incident &incident = m_incidents[*it];
        bool shared = incident.jobId == start.jobId;
        if (!shared && starting && incident.job >= 0) {
            const auto &held = m_topology->jobs[size_t(incident.job)].gpuIndices;
            for (uint32_t g : starting->gpuIndices)
                if (std::find(held.begin(), held.end(), g) != held.end()) {
                    shared = true;
                    break;
                }
        }
        if (shared && start.timeMs >= incident.failedMs) {
            incident.releasedMs = start.timeMs;
            it = givenUp.erase(it);
        } else {
            ++it;
        }
    }
}

void IncidentTracker::fillUnknownPace() const
{
    // An incident before anything showed the job's pace takes the pace its later ones showed.
    std::map<QString, double> pace;
    for (const Incident &i : m_incidents)
        if (i.stepSeconds > 0.0 && !pace.count(i.jobId))
            pace[i.jobId] = i.stepSeconds;
    for (Incident &i : m_incidents)
        if (i.stepSeconds <= 0.0)
            if (auto it = pace.find(i.jobId); it != pace.end())
                i.stepSeconds = it->second;
}

const Incident *IncidentTracker::find(uint64_t id) const
{
    for (const Incident &i : incidents())
        if (i.id == id)
            return &i;
    return nullptr;
}

} // namespace vigil
