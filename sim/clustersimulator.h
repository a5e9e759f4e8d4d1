// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "domain/metric.h"
#include "domain/topology.h"
#include "sim/failurecatalog.h"
#include "sim/groundtruth.h"
#include "sim/random.h"
#include "sim/scenario.h"
#include "sim/topologybuilder.h"
#include "sim/trainingjob.h"

#include <functional>
#include <map>
#include <queue>
#include <vector>

namespace vigil {

struct SimulatorOptions
{
    ClusterShape shape;
    uint64_t seed = 1;
    QString namePrefix; // a pod of a larger cluster: its entities named "PREFIX-…" (prefixNames)
    int64_t startTimeMs = 1793577600000; // Monday 2026-11-02 00:00 UTC: simulated time never reads the wall clock
    Scenario scenario = Scenario::Steady;
    bool eventsOnly = false; // skip per-GPU physics: failures, restarts and the story only (calibration runs)
    uint32_t checkpointIntervalSteps = 0; // the training job's; 0: 500
    int64_t checkpointStallMs = 20000; // how long a checkpoint stalls training (its synchronous part)
    // The scenario's people: the acknowledgements they make. Off, a person at the dashboard
    // is the only one acknowledging. Whatever the simulated people do is signed
    // "name (simulated)", so nobody mistakes it for a colleague.
    bool simulatedOperators = true;
};

// A GPU that turned slow without a word: the straggler finder's ground truth.
struct SlowGpuEpisode
{
    uint32_t gpu = 0;
    int64_t fromMs = 0, toMs = 0;
    double slowShare = 0.0; // the share of its peers' speed it lacks
    bool compute = false; // slower at the same clock (a worn part), else held to a lower clock
    QString jobId; // the job it slowed when it began
};

// How the simulator signs what its people do: "a.nakamura (simulated)".
QString simulatedOperatorName(const QString &name);

// Metric values indexed [metric id][entity index], ids as in standardMetrics().
using MetricColumns = std::vector<std::vector<float>>;

// A physically plausible cluster, deterministic by seed. Per tick: GPU power
// follows utilisation, temperature follows power and the rack's inlet air with a
// thermal lag, PDUs carry the sum of their racks, synchronous jobs step at the
// pace of their slowest GPU. Between ticks, a discrete-event schedule plays
// failures at the calibrated rates (failurecatalog.h) with their precursor
// warnings, automated restarts and rollbacks, operators' actions, and the
// scenario's story. Every failure's true cause is kept aside as FailureTruth.
class ClusterSimulator
{
public:
    explicit ClusterSimulator(const SimulatorOptions &options);

    const Topology &topology() const { return m_topology; }
    const std::vector<MetricDescriptor> &metrics() const { return standardMetrics(); }
    int64_t timeMs() const { return m_timeMs; }
    Scenario scenario() const { return m_options.scenario; }
    const DeclineStory &story() const { return m_story; }

    // Advances simulated time by dtMs, writes every metric's value into `columns`
    // (resized as needed; untouched with eventsOnly) and appends what happened to
    // `events`, in time order. Event ids are unique and increasing.
    void advance(int64_t dtMs, MetricColumns &columns, std::vector<Event> &events);

    // Numbers events derived from the stream (a straggler's warning) in this simulator's
    // sequence, so that ids stay unique and increasing.
    void numberEvents(std::vector<Event> &events)
    {
        for (Event &e : events)
            e.id = m_nextEventId++;
    }

    // Ground truth of the failures that happened so far and were not yet taken.
    std::vector<FailureTruth> takeTruth();
    // The GPU-hours failures have truly cost so far (failure to restart, plus the
    // steps trained again at the job's true step time) for the incidents that are
    // over (restarted or aborted): what the cost analysis is scored against.
    double lostGpuHours() const { return m_lostGpuHours; }
    // The truth of slow degradation: GPUs × the time training took beyond its pace without
    // the slowest GPU's throttling or cap and the slowest link (the noise of a step time aside).
    double slowdownGpuHours() const { return m_slowdownGpuHours; }
    uint64_t failureCount() const { return m_nextFailureId - 1; }
    // Every GPU that turned slow so far (ended or not), in order of their start.
    const std::vector<SlowGpuEpisode> &slowGpus() const { return m_slowGpus; }

private:
    struct GpuState
    {
        float thermalResistance; // °C per W above inlet
        float powerBias; // multiplicative, manufacturing spread
        float temp;
        float fbUsed;
        bool throttling = false;
        bool drained = false;
        int64_t deadUntilMs = 0; // no readings until then (failed, rebooting, unpowered)
        int64_t lastThrottleEventMs = INT64_MIN / 2;
    };
    struct PduState
    {
        bool tripped = false;
        bool warned = false; // over the warning threshold (re-armed below it)
        int64_t overSinceMs = -1; // above 100 % since
        int64_t lastWarningMs = INT64_MIN / 2;
        std::vector<uint64_t> warningIds;
    };
    struct FailureSpec
    {
        uint64_t failureId = 0;
        const FailureCause *cause = nullptr;
        QString component;
        QString category;
        EntityRef root;
        EventType hardwareEvent = EventType::Unspecified;
        int xid = 0;
        EventType jobEvent = EventType::JobCrash;
        int32_t job = -1; // the job it hits (-1: none)
        bool autoRestart = true;
        bool endsRun = false;
        double outageHours = 0.0; // the root's GPUs report nothing for this long
        QString story;
    };
    struct Pending
    {
        int64_t timeMs;
        uint64_t order;
        std::function<void(std::vector<Event> &)> run;
    };
    struct Later
    {
        bool operator()(const Pending &a, const Pending &b) const
        {
            return a.timeMs != b.timeMs ? a.timeMs > b.timeMs : a.order > b.order;
        }
    };

    void at(int64_t timeMs, std::function<void(std::vector<Event> &)> run);
    uint64_t record(std::vector<Event> &events, EventType type, Severity severity, EntityRef entity, QString message,
                    int32_t code = 0, double value = 0.0, int64_t step = 0, const QString &jobId = {},
                    uint64_t target = 0, const QString &operatorName = {});

    void drawBackgroundUntil(int64_t untilMs);
    void scheduleBackgroundFailure(int64_t timeMs);
    void scheduleOperatorReaction(uint64_t warningId, EntityRef entity);
    // A GPU about to fall off the bus (Xid 79) often comes apart in its telemetry first
    // (docs/precursors.md): the signs the gateway's ScrapeWatch would give, in the hours before.
    void scheduleTelemetryDecline(uint64_t failureId, EntityRef gpu, int64_t xidMs);
    void fail(const FailureSpec &spec, std::vector<Event> &events);
    void restartJob(uint32_t job, bool manual, const QString &operatorName, std::vector<Event> &events);
    void scheduleStory();
    void playBeat(const DeclineStory::Step &step, std::vector<Event> &events);

    int32_t jobOnGpus(const std::vector<uint32_t> &gpus) const;
    std::vector<uint32_t> gpusOf(EntityRef entity) const;
    QString xidLine(uint32_t gpu, int xid) const;
    double hour() const { return double(m_clockMs - m_options.startTimeMs) / 3600000.0; }
    bool isNight() const;

    void stepPhysics(double dtS, MetricColumns &columns, std::vector<Event> &events);
    // stepPhysics' steps, in its order (the random draws follow it: a seed gives one history).
    void sizeColumns(MetricColumns &columns) const;
    void stepAir(MetricColumns &columns, std::vector<Event> &events);
    void stepGpu(size_t g, double dtS, float lag, MetricColumns &columns, std::vector<Event> &events,
                 std::vector<double> &slowestGpu, std::vector<double> &rackPowerKw);
    void writeJobColumns(MetricColumns &columns);
    void stepPower(MetricColumns &columns, const std::vector<double> &rackPowerKw, std::vector<Event> &events);
    void scheduleSlowGpu(int64_t timeMs);
    float utilisationOf(TrainingJob::Phase phase);
    void writePace(MetricColumns &columns, const std::vector<double> &slowestGpu);

    SimulatorOptions m_options;
    Topology m_topology;
    Random m_random;
    DeclineStory m_story;
    int64_t m_timeMs;
    int64_t m_clockMs; // time of what is being played right now (an event's exact time)
    uint64_t m_nextEventId = 1;
    uint64_t m_nextFailureId = 1;
    uint64_t m_order = 0;
    std::priority_queue<Pending, std::vector<Pending>, Later> m_pending;
    int64_t m_nextBackgroundFailureMs = 0;
    int64_t m_nextNoiseWarningMs = 0;
    bool m_warm = false;

    std::vector<GpuState> m_gpus;
    std::vector<float> m_rackInletOffset;
    std::vector<float> m_rackPowerCapW;
    std::vector<bool> m_rackInletWarned;
    std::vector<bool> m_rackPowered;
    std::vector<PduState> m_pdus;
    std::vector<TrainingJob> m_jobs;
    std::vector<int64_t> m_jobFailedAtMs; // per job, when its current disruption began
    std::vector<double> m_jobStepSecondsAtFailure;
    double m_lostGpuHours = 0.0;
    double m_slowdownGpuHours = 0.0;
    std::vector<double> m_jobSlowdown;
    std::map<uint64_t, std::vector<uint64_t>> m_precursorIds; // failure id -> warning event ids
    std::vector<FailureTruth> m_truth;

    // Slow GPUs, drawn from their own stream so that the rest of the story stays as it was.
    Random m_slowRandom;
    Random m_declineRandom; // its own stream: telemetry coming apart leaves every other draw as it was
    std::vector<SlowGpuEpisode> m_slowGpus;
    std::vector<float> m_slowShare; // per GPU, now (0: not slow)
    std::vector<uint8_t> m_slowCompute;
    std::vector<float> m_clockOffset; // per GPU, its own small difference from its peers
    std::vector<float> m_gpuSlowdown; // per GPU, this tick: its step time over a healthy one's

    // Decline story state.
    bool m_switchWorkedAround = false;
    bool m_hotPatched = false;
    bool m_extraServers = false;
    uint64_t m_lastXid92Id = 0;
    uint64_t m_lastHotRackThrottleId = 0;
    uint64_t m_hbmFailureId = 0;
    uint64_t m_ncclFailureId = 0;
    std::vector<uint64_t> m_ncclPrecursors;
};

} // namespace vigil
