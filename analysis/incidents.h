// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/jobpace.h"
#include "domain/event.h"
#include "domain/topology.h"

#include <QString>

#include <map>
#include <memory>
#include <set>
#include <vector>

namespace vigil {

// What lost time costs, and when a warning counts as having been visible in time.
struct CostSettings
{
    double pricePerGpuHour = 2.50; // USD
    int64_t leadTimeMs = 3600000; // a warning visible this long before a failure made it preventable

    // Empty when the settings make sense; otherwise why not.
    QString validate() const;
};

// A disruption of a training job with its consequences: the failure (crash,
// OOM, collective timeout, an aborted run), the restart and rollback that
// answered it, and the operators' actions in between. docs/cost-model.md.
struct Incident
{
    enum class State
    {
        Open, // the job has not resumed
        Recovered, // restarted (automatically or by hand) from a checkpoint
        Ended, // the run was aborted
    };
    uint64_t id = 0; // the disruption event's id
    QString jobId;
    int job = -1; // index into the topology's jobs
    EventType kind = EventType::Unspecified; // JobCrash, JobOom, NcclTimeout, JobEnd, Drain (of GPUs it ran on)
    EntityRef drained; // for a Drain: what the operator drained
    State state = State::Open;
    int64_t failedMs = 0;
    int64_t resumedMs = 0; // the restart; 0 while open
    int64_t releasedMs = 0; // a run given up: when its GPUs next ran a job (0: not yet)
    int64_t stepAtFailure = 0;
    int64_t checkpointStep = 0; // the step training resumed from
    int64_t checkpointMs = 0; // when the job's last checkpoint before the failure was saved (0: none seen)
    double stepSeconds = 0.0; // the job's step time before the failure (its median over the hour before)
    uint32_t gpus = 0; // allocated to the job
    bool restartedByHand = false;
    std::vector<uint64_t> eventIds; // the disruption, restart, rollback, end
    std::vector<uint64_t> actionIds; // operators' actions while it was open

    double stepsRecomputed() const { return double(std::max<int64_t>(0, stepAtFailure - checkpointStep)); }
    // GPUs × (failure → resumed); an open incident accrues until `nowMs`, and so does a run given
    // up until its GPUs run a job again.
    double downtimeGpuHours(int64_t nowMs) const;
    // GPUs × steps trained again × step time.
    double recomputeGpuHours() const { return double(gpus) * stepsRecomputed() * stepSeconds / 3600.0; }
    double lostGpuHours(int64_t nowMs) const { return downtimeGpuHours(nowMs) + recomputeGpuHours(); }
    bool operator==(const Incident &) const = default;
};

// Groups a job's disruption events with their consequences into incidents, from
// an event stream live or from a recording. Events may arrive twice, late or out
// of order; events about jobs or entities the topology does not know are counted
// and skipped.
class IncidentTracker
{
public:
    void setTopology(std::shared_ptr<const Topology> topology);
    void addEvents(const std::vector<Event> &events);
    // The jobs' step times (from their metrics): the pace steps trained again are priced at.
    void notePace(int job, int64_t timeMs, double stepSeconds);
    // All at once (read from a recording), in place of what was noted.
    void setPace(JobPace pace);
    const JobPace &pace() const { return m_pace; }
    // The window before a failure whose median step time prices its recomputation.
    static constexpr int64_t PaceWindowMs = 3600000;

    // Rebuilt on demand after new events (a late event can change an incident already made).
    const std::vector<Incident> &incidents() const;
    const Incident *find(uint64_t id) const;
    uint64_t eventsSkipped() const { return m_skipped; }
    uint64_t duplicatesIgnored() const { return m_duplicates; }

private:
    void rebuild() const;
    void fillUnknownPace() const;
    Incident newIncident(const Event &e) const;
    void onRestartOrRollback(const Event &e, std::map<QString, size_t> &openByJob) const;
    void dropOutlivedDrains(std::vector<bool> &dropped) const;
    void releaseGivenUp(const Event &start, std::vector<size_t> &givenUp) const;
    void openDrainIncidents(const Event &drain, std::map<QString, size_t> &openByJob,
                            const std::map<QString, bool> &running) const;
    double stepSecondsAt(int job, const Event &failure) const;

    std::shared_ptr<const Topology> m_topology;
    EventSeries m_events; // job events and operators' actions, time order
    std::set<uint64_t> m_failureIds; // hardware failures (isHardwareFailure), by id
    JobPace m_pace; // from the metrics
    mutable std::vector<Incident> m_incidents;
    mutable bool m_stale = false;
    uint64_t m_skipped = 0;
    uint64_t m_duplicates = 0;
};

} // namespace vigil
