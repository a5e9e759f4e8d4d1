// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/clustersimulator.h"

#include <algorithm>
#include <cmath>

namespace vigil {

namespace {

enum Column : size_t
{
    GpuTemp,
    MemoryTemp,
    GpuPower,
    GpuUtil,
    FbUsed,
    RackInlet,
    PduLoad,
    CoolantSupply,
    JobStep,
    JobLoss,
    JobTokensPerSecond,
    JobStepTime,
    ThrottleReasons,
    AllReduceWait,
    SmClock,
    TensorActive,
    ColumnCount
};

constexpr int64_t HourMs = 3600000;
constexpr int64_t MinuteMs = 60000;
constexpr float IdlePowerW = 72.0f;
constexpr float HostOverheadKw = 1.6f; // CPUs, NICs, fans and PSU losses of one node
constexpr float ThermalTimeConstantS = 25.0f;
constexpr float ThrottleTempC = 87.0f;
constexpr float InletWarningC = 32.0f;
constexpr float NominalSmClockMhz = 1980.0f; // under load, as long as nothing holds it down
constexpr float IdleSmClockMhz = 345.0f;
constexpr float TensorActiveTraining = 0.62f; // of a step's cycles, on a GPU that waits for nobody
// GPUs that turn slow without a word (a worn part, a cooling fault that stops short of throttling,
// a power limit set too low): one per this many GPU-days, each for 2–12 hours, 1.5–5 % slow.
constexpr double SlowGpusPerGpuDay = 1.0 / 2000.0;
constexpr int64_t FirstSlowGpuAfterMs = 20 * 60000; // the first one early, so that a demo shows one
constexpr double PduWarningShare = 0.90;
constexpr double PduRearmShare = 0.80;
constexpr int64_t PduWarningIntervalMs = 4 * 3600000; // one amber light per PDU per shift, not a flood
constexpr int64_t PduTripAfterMs = 5 * MinuteMs; // sustained overload before the breaker opens
constexpr double DayMs = 86400000.0;
// Correctable-ECC warnings per GPU-hour that precede nothing: the background
// that makes "a warning" a weak predictor on its own.
constexpr double NoiseWarningsPerGpuHour = 0.002;
// Share of failures where automation gives up and a person restarts the job
// (Llama 3 needed significant manual intervention 3 times in 419).
constexpr double ManualRestartShare = 3.0 / 419.0;
const char *const Operators[] = { "a.nakamura", "d.kowalski", "m.okafor", "j.alvarez", "s.lindqvist" };

float roundTo(float value, float quantum)
{
    return std::round(value / quantum) * quantum;
}

} // namespace

ClusterSimulator::ClusterSimulator(const SimulatorOptions &options)
    : m_options(options)
    , m_topology(buildTopology(options.shape, options.seed))
    , m_random(options.seed)
    , m_timeMs(options.startTimeMs)
    , m_clockMs(options.startTimeMs)
    , m_slowRandom(options.seed ^ 0x5d0e5c1a7f3b2291ULL)
    , m_declineRandom(options.seed ^ 0x3c6ef372fe94f82bULL)
{
    prefixNames(m_topology, options.namePrefix);
    const Topology &t = m_topology;
    if (options.checkpointIntervalSteps > 0)
        for (Job &job : m_topology.jobs)
            if (job.priority == PriorityClass::Training)
                job.checkpointIntervalSteps = options.checkpointIntervalSteps;
    if (options.scenario == Scenario::Decline) {
        m_story = DeclineStory::cast(t);
        for (uint32_t pdu : m_topology.racks[m_story.powerRack].pduIndices)
            m_topology.pdus[pdu].ratedKw = m_story.powerRackPduKw;
    }

    m_gpus.reserve(t.gpus.size());
    for (size_t i = 0; i < t.gpus.size(); ++i)
        m_gpus.push_back({ float(m_random.gaussian(0.052, 0.0035)), float(m_random.gaussian(1.0, 0.025)),
                           options.shape.coolantSupplyC + 10.0f, 500.0f });

    // Racks further along a row sit further from the CRAH and breathe warmer air.
    // Outside the decline story one rack per hall runs hot, as a rack with a worn
    // fan tray would.
    m_rackInletOffset.reserve(t.racks.size());
    for (const Rack &rack : t.racks)
        m_rackInletOffset.push_back(float(rack.positionInRow) * 0.25f + float(m_random.uniform(0.0, 1.0)));
    if (options.scenario != Scenario::Decline)
        for (size_t h = 0; h < t.halls.size(); ++h)
            m_rackInletOffset[(h * 7 + 5) % t.racks.size()] += 7.0f;
    m_rackPowerCapW.assign(t.racks.size(), 700.0f);
    m_rackInletWarned.assign(t.racks.size(), false);
    m_rackPowered.assign(t.racks.size(), true);
    m_pdus.resize(t.pdus.size());

    for (const Job &job : t.jobs) {
        TrainingJob::Dynamics d;
        double start = 0.0;
        switch (job.priority) {
        case PriorityClass::Training:
            d.baseStepTimeS = 4.2;
            start = 18000 + m_random.uniform(0, 2000);
            break;
        case PriorityClass::Evaluation:
            d.baseStepTimeS = 1.1;
            d.intensity = 0.72f;
            d.memoryMiB = 52300.0f;
            start = m_random.uniform(100, 900);
            break;
        default:
            d.baseStepTimeS = 0.5;
            d.intensity = 0.35f;
            d.memoryMiB = 9100.0f;
            break;
        }
        d.tokensPerStep = double(job.gpuIndices.size()) * 420.0 * d.baseStepTimeS;
        d.checkpointInterval = job.checkpointIntervalSteps;
        d.checkpointStallMs = options.checkpointStallMs;
        m_jobs.emplace_back(d, start);
    }
    m_jobSlowdown.assign(t.jobs.size(), 1.0);

    if (options.scenario != Scenario::Quiet) {
        const double gpus = double(std::max<size_t>(1, t.gpus.size()));
        m_nextBackgroundFailureMs = m_timeMs + int64_t(m_random.exponential(DayMs / (FailuresPerGpuDay * gpus)));
        m_nextNoiseWarningMs = m_timeMs + int64_t(m_random.exponential(HourMs / (NoiseWarningsPerGpuHour * gpus)));
    }
    if (options.scenario == Scenario::Decline)
        scheduleStory();

    m_slowShare.assign(t.gpus.size(), 0.0f);
    m_slowCompute.assign(t.gpus.size(), 0);
    m_gpuSlowdown.assign(t.gpus.size(), 1.0f);
    m_clockOffset.reserve(t.gpus.size());
    for (size_t i = 0; i < t.gpus.size(); ++i)
        m_clockOffset.push_back(float(m_slowRandom.gaussian(0.0, 0.003)));
    if (options.scenario != Scenario::Quiet && !options.eventsOnly)
        scheduleSlowGpu(m_timeMs + FirstSlowGpuAfterMs);
}

void ClusterSimulator::scheduleSlowGpu(int64_t timeMs)
{
    at(timeMs, [this](std::vector<Event> &) {
        const Topology &t = m_topology;
        // A GPU of a job large enough to have peers (the finder's MinPeers and more).
        for (int attempt = 0; attempt < 50 && !t.gpus.empty(); ++attempt) {
            const uint32_t g = uint32_t(m_slowRandom.uniform() * double(t.gpus.size())) % uint32_t(t.gpus.size());
            const int32_t job = t.jobOfGpu[g];
            if (job < 0 || t.jobs[size_t(job)].gpuIndices.size() < 16 || m_slowShare[g] > 0.0f)
                continue;
            SlowGpuEpisode e;
            e.gpu = g;
            e.fromMs = m_timeMs;
            e.toMs = m_timeMs + int64_t(m_slowRandom.uniform(2.0, 12.0) * double(HourMs));
            e.slowShare = m_slowRandom.uniform(0.015, 0.05);
            e.compute = m_slowRandom.uniform() < 0.5;
            e.jobId = t.jobs[size_t(job)].id;
            m_slowShare[g] = float(e.slowShare);
            m_slowCompute[g] = e.compute;
            at(e.toMs, [this, g](std::vector<Event> &) { m_slowShare[g] = 0.0f; });
            m_slowGpus.push_back(std::move(e));
            break;
        }
        const double gpus = double(std::max<size_t>(1, t.gpus.size()));
        scheduleSlowGpu(m_timeMs + int64_t(m_slowRandom.exponential(DayMs / (SlowGpusPerGpuDay * gpus))));
    });
}

void ClusterSimulator::at(int64_t timeMs, std::function<void(std::vector<Event> &)> run)
{
    m_pending.push({ timeMs, m_order++, std::move(run) });
}

QString simulatedOperatorName(const QString &name)
{
    return name.isEmpty() ? name : QStringLiteral("%1 (simulated)").arg(name);
}

uint64_t ClusterSimulator::record(std::vector<Event> &events, EventType type, Severity severity, EntityRef entity,
                                  QString message, int32_t code, double value, int64_t step, const QString &jobId,
                                  uint64_t target, const QString &operatorName)
{
    Event e;
    e.id = m_nextEventId++;
    e.timeMs = m_clockMs;
    e.type = type;
    e.severity = severity;
    e.entity = entity;
    e.jobId = jobId;
    e.code = code;
    e.value = value;
    e.step = step;
    e.message = std::move(message);
    e.operatorName = simulatedOperatorName(operatorName);
    e.targetEventId = target;
    events.push_back(std::move(e));
    return events.back().id;
}

bool ClusterSimulator::isNight() const
{
    const double hourOfDay = std::fmod(double(m_clockMs) / double(HourMs), 24.0);
    return hourOfDay < 6.0;
}

std::vector<FailureTruth> ClusterSimulator::takeTruth()
{
    std::vector<FailureTruth> out;
    out.swap(m_truth);
    return out;
}

int32_t ClusterSimulator::jobOnGpus(const std::vector<uint32_t> &gpus) const
{
    // The highest-priority job among the GPUs (training before evaluation before background).
    int32_t best = -1;
    for (uint32_t g : gpus) {
        const int32_t j = m_topology.jobOfGpu[g];
        if (j >= 0
            && (best < 0 || int(m_topology.jobs[size_t(j)].priority) < int(m_topology.jobs[size_t(best)].priority)))
            best = j;
    }
    return best;
}

std::vector<uint32_t> ClusterSimulator::gpusOf(EntityRef entity) const
{
    const Topology &t = m_topology;
    std::vector<uint32_t> out;
    switch (entity.kind) {
    case EntityKind::Gpu:
        out.push_back(entity.index);
        break;
    case EntityKind::Node:
        out = t.gpusOfNode[entity.index];
        break;
    case EntityKind::Rack:
        for (uint32_t node : t.nodesOfRack[entity.index])
            out.insert(out.end(), t.gpusOfNode[node].begin(), t.gpusOfNode[node].end());
        break;
    case EntityKind::Switch:
        for (uint32_t r = 0; r < t.racks.size(); ++r)
            if (t.racks[r].leafSwitchIndex == entity.index)
                for (uint32_t node : t.nodesOfRack[r])
                    out.insert(out.end(), t.gpusOfNode[node].begin(), t.gpusOfNode[node].end());
        break;
    case EntityKind::Job:
        out = t.jobs[entity.index].gpuIndices;
        break;
    default:
        break;
    }
    return out;
}

QString ClusterSimulator::xidLine(uint32_t gpu, int xid) const
{
    // The driver prints the bus id without its function number: "0000:18:00".
    const QString pci = m_topology.gpus[gpu].pciBusId.left(m_topology.gpus[gpu].pciBusId.lastIndexOf(u'.'));
    return QStringLiteral("NVRM: Xid (PCI:%1): %2, pid=%3, %4.")
        .arg(pci)
        .arg(xid)
        .arg(2000 + (gpu * 7919) % 60000)
        .arg(xidDescription(xid));
}

void ClusterSimulator::drawBackgroundUntil(int64_t untilMs)
{
    if (m_options.scenario == Scenario::Quiet || m_topology.gpus.empty())
        return;
    const double gpus = double(m_topology.gpus.size());
    while (m_nextBackgroundFailureMs <= untilMs) {
        scheduleBackgroundFailure(m_nextBackgroundFailureMs);
        m_nextBackgroundFailureMs
            += std::max<int64_t>(1, int64_t(m_random.exponential(DayMs / (FailuresPerGpuDay * gpus))));
    }
    while (m_nextNoiseWarningMs <= untilMs) {
        const uint32_t gpu = uint32_t(m_random.uniform() * gpus);
        const double count = 1.0 + std::floor(m_random.uniform(0, 6));
        at(m_nextNoiseWarningMs, [this, gpu, count](std::vector<Event> &events) {
            const int32_t job = m_topology.jobOfGpu[gpu];
            const uint64_t id = record(events, EventType::EccSingleBit, Severity::Warning, { EntityKind::Gpu, gpu },
                                       QStringLiteral("correctable ECC errors in HBM"), 0, count, 0,
                                       job >= 0 ? m_topology.jobs[size_t(job)].id : QString());
            scheduleOperatorReaction(id, { EntityKind::Gpu, gpu });
        });
        m_nextNoiseWarningMs
            += std::max<int64_t>(1, int64_t(m_random.exponential(HourMs / (NoiseWarningsPerGpuHour * gpus))));
    }
}

void ClusterSimulator::scheduleBackgroundFailure(int64_t timeMs)
{
    const Topology &t = m_topology;
    const auto &catalog = failureCatalog();
    double pick = m_random.uniform() * catalogInterruptions();
    size_t c = 0;
    while (c + 1 < catalog.size() && pick >= catalog[c].interruptions) {
        pick -= catalog[c].interruptions;
        ++c;
    }
    const FailureCause &cause = catalog[c];

    FailureSpec spec;
    spec.failureId = m_nextFailureId++;
    spec.cause = &cause;
    spec.component = cause.component;
    spec.category = cause.category;
    spec.hardwareEvent = cause.hardwareEvent;
    spec.jobEvent = cause.jobEvent;
    spec.autoRestart = !m_random.chance(ManualRestartShare);
    if (!cause.xidCodes.empty())
        spec.xid = cause.xidCodes[size_t(m_random.uniform() * double(cause.xidCodes.size()))];
    const uint32_t gpu = uint32_t(m_random.uniform() * double(t.gpus.size()));
    switch (cause.root) {
    case RootKind::Gpu:
        spec.root = { EntityKind::Gpu, gpu };
        spec.outageHours = cause.hardwareEvent == EventType::Unspecified ? 0.0 : m_random.uniform(1.0, 8.0);
        break;
    case RootKind::Node:
        spec.root = { EntityKind::Node, t.gpus[gpu].nodeIndex };
        spec.outageHours = m_random.uniform(0.5, 3.0);
        break;
    case RootKind::Switch:
        spec.root = { EntityKind::Switch, t.racks[t.rackOfGpu(gpu)].leafSwitchIndex };
        break;
    case RootKind::Job: {
        // Software fails where the work is: a job picked in proportion to its GPUs.
        const int32_t job = t.jobOfGpu[gpu] >= 0 ? t.jobOfGpu[gpu] : (t.jobs.empty() ? -1 : 0);
        spec.root = { EntityKind::Job, uint32_t(std::max(0, job)) };
        break;
    }
    }
    if (cause.root == RootKind::Job && t.jobs.empty())
        spec.root = { EntityKind::Gpu, gpu };

    // Precursors: a few warnings on the failing part, hours ahead.
    if (cause.precursor != EventType::Unspecified && m_random.chance(cause.precursorShare)) {
        const int count = 2 + int(m_random.uniform(0, 5));
        const double leadHours = m_random.uniform(1.0, 12.0);
        EntityRef on = spec.root;
        if (cause.precursor == EventType::IbLinkFlap && on.kind == EntityKind::Node)
            on = { EntityKind::Node, on.index };
        for (int i = 0; i < count; ++i) {
            const int64_t when
                = timeMs - int64_t(leadHours * HourMs * (1.0 - double(i) / count)) + int64_t(i) * MinuteMs;
            if (when <= m_timeMs)
                continue;
            const uint64_t failureId = spec.failureId;
            const EventType type = cause.precursor;
            const double value = double(1 + i * 3);
            at(when, [this, failureId, type, on, value](std::vector<Event> &events) {
                const int32_t job = jobOnGpus(gpusOf(on));
                const uint64_t id
                    = record(events, type, Severity::Warning, on, QStringLiteral("%1 rising").arg(int(type)), 0, value,
                             0, job >= 0 ? m_topology.jobs[size_t(job)].id : QString());
                m_precursorIds[failureId].push_back(id);
                scheduleOperatorReaction(id, on);
            });
        }
    }
    if (spec.xid == 79 && spec.root.kind == EntityKind::Gpu)
        scheduleTelemetryDecline(spec.failureId, spec.root, timeMs);
    at(timeMs, [this, spec](std::vector<Event> &events) {
        FailureSpec s = spec;
        s.job = s.root.kind == EntityKind::Job ? int32_t(s.root.index) : jobOnGpus(gpusOf(s.root));
        fail(s, events);
    });
}

void ClusterSimulator::scheduleTelemetryDecline(uint64_t failureId, EntityRef gpu, int64_t xidMs)
{
    // Seven in ten come apart first, over 15 minutes to 8 hours (the independent telemetry's
    // mix): readings missing now and then from the start, the exporter slow at half way for
    // one in two, the GPU dropping from its node's page in the last third. Each sign is said
    // again every ten minutes while it holds, as ScrapeWatch says it.
    if (!m_declineRandom.chance(0.7))
        return;
    const int64_t lead = int64_t(15.0 * MinuteMs * std::pow(32.0, m_declineRandom.uniform()));
    const bool slowExporter = m_declineRandom.chance(0.5);
    const EntityRef node { EntityKind::Node, m_topology.gpus[gpu.index].nodeIndex };
    struct Sign
    {
        EventType type;
        EntityRef on;
        int64_t fromMs;
        double value;
        QString message;
    };
    std::vector<Sign> signs { { EventType::ReadingsMissing, gpu, xidMs - lead, 3.0,
                                QStringLiteral("readings missing in 3 scrape(s) of the last 10 min, while its node's "
                                               "other GPUs had them") },
                              { EventType::GpuSilent, gpu, xidMs - lead / 3, 30.0,
                                QStringLiteral("no readings for 30 s while 7 other GPU(s) of its node answer") } };
    if (slowExporter)
        signs.push_back({ EventType::ScrapeSlow, node, xidMs - lead / 2, 2.4,
                          QStringLiteral("its exporter takes 2.4 s to answer (usually 0.18 s; the other exporters "
                                         "0.17 s)") });
    for (const Sign &sign : signs)
        for (int64_t when = sign.fromMs; when < xidMs; when += 10 * MinuteMs) {
            if (when <= m_timeMs)
                continue;
            at(when, [this, failureId, sign](std::vector<Event> &events) {
                const int32_t job = jobOnGpus(gpusOf(sign.on));
                m_precursorIds[failureId].push_back(record(events, sign.type, Severity::Warning, sign.on, sign.message,
                                                           0, sign.value, 0,
                                                           job >= 0 ? m_topology.jobs[size_t(job)].id : QString()));
            });
        }
}

void ClusterSimulator::scheduleOperatorReaction(uint64_t warningId, EntityRef entity)
{
    // About a third of amber warnings get acknowledged, by the day shift: a
    // warning that arrives at night waits for the morning. None is remediated
    // here: acknowledgement is not repair. (The draw is made either way, so that turning the
    // simulated people off changes nothing else in the run.)
    if (!m_random.chance(0.35))
        return;
    const double hourOfDay = std::fmod(double(m_clockMs) / double(HourMs), 24.0);
    double delayHours = m_random.uniform(0.2, 2.0);
    if (hourOfDay + delayHours < 8.0 || hourOfDay + delayHours > 20.0)
        delayHours = std::fmod(24.0 + 8.0 - hourOfDay, 24.0) + m_random.uniform(0.1, 1.5);
    const QString who = QString::fromLatin1(Operators[size_t(m_random.uniform() * 5.0)]);
    at(m_clockMs + int64_t(delayHours * HourMs), [this, warningId, entity, who](std::vector<Event> &events) {
        if (m_options.simulatedOperators)
            record(events, EventType::Acknowledge, Severity::Info, entity, QStringLiteral("acknowledged"), 0, 0.0, 0,
                   {}, warningId, who);
    });
}

void ClusterSimulator::fail(const FailureSpec &spec, std::vector<Event> &events)
{
    const Topology &t = m_topology;
    FailureTruth truth;
    truth.failureId = spec.failureId;
    truth.timeMs = m_clockMs;
    truth.component = spec.component;
    truth.category = spec.category;
    truth.rootEntity = spec.root;
    truth.scripted = !spec.story.isEmpty();
    truth.story = spec.story;
    truth.precursorEventIds = m_precursorIds[spec.failureId];
    m_precursorIds.erase(spec.failureId);

    const QString jobId = spec.job >= 0 ? t.jobs[size_t(spec.job)].id : QString();
    if (spec.hardwareEvent != EventType::Unspecified) {
        QString message;
        if (spec.hardwareEvent == EventType::Xid && spec.root.kind == EntityKind::Gpu)
            message = xidLine(spec.root.index, spec.xid);
        else
            message = QStringLiteral("%1 failed").arg(spec.component);
        truth.failureEventIds.push_back(
            record(events, spec.hardwareEvent, Severity::Critical, spec.root, message, spec.xid, 0.0, 0, jobId));
    }
    if (spec.outageHours > 0.0)
        for (uint32_t g : gpusOf(spec.root))
            m_gpus[g].deadUntilMs = std::max(m_gpus[g].deadUntilMs, m_clockMs + int64_t(spec.outageHours * HourMs));

    if (spec.job >= 0) {
        TrainingJob &job = m_jobs[size_t(spec.job)];
        if (!job.isDisrupted() && job.phase() != TrainingJob::Phase::Ended) {
            truth.jobId = jobId;
            truth.stepAtFailure = int64_t(job.step());
            truth.checkpointStep = job.lastCheckpointStep();
            const QString what = spec.jobEvent == EventType::JobOom ? QStringLiteral("CUDA out of memory")
                : spec.jobEvent == EventType::NcclTimeout
                ? QStringLiteral("NCCL watchdog: collective operation timed out")
                : QStringLiteral("training process exited abnormally");
            truth.failureEventIds.push_back(record(events, spec.jobEvent, Severity::Critical,
                                                   { EntityKind::Job, uint32_t(spec.job) },
                                                   QStringLiteral("%1 at step %2").arg(what).arg(truth.stepAtFailure),
                                                   0, 0.0, truth.stepAtFailure, jobId));
            job.fail();
            const uint32_t j = uint32_t(spec.job);
            if (m_jobFailedAtMs.size() < m_jobs.size()) {
                m_jobFailedAtMs.resize(m_jobs.size(), 0);
                m_jobStepSecondsAtFailure.resize(m_jobs.size(), 0.0);
            }
            m_jobFailedAtMs[j] = m_clockMs;
            m_jobStepSecondsAtFailure[j] = job.secondsSinceCheckpoint(); // the training time now thrown away
            if (spec.endsRun)
                m_lostGpuHours += double(m_topology.jobs[j].gpuIndices.size()) * job.secondsSinceCheckpoint() / 3600.0;
            if (spec.endsRun) {
                job.end();
                record(events, EventType::JobEnd, Severity::Critical, { EntityKind::Job, j },
                       QStringLiteral("run aborted at step %1: %2").arg(truth.stepAtFailure).arg(spec.story), 0, 0.0,
                       truth.stepAtFailure, jobId);
            } else if (spec.autoRestart) {
                // Detection (watchdog, health checks), then scheduling and loading the checkpoint.
                const int64_t detected = m_clockMs + int64_t(m_random.uniform(2.0, 8.0) * MinuteMs);
                const int64_t restarted = detected + int64_t(m_random.uniform(6.0, 15.0) * MinuteMs);
                at(detected, [this, j](std::vector<Event> &) { m_jobs[j].beginRestart(); });
                at(restarted, [this, j](std::vector<Event> &ev) { restartJob(j, false, {}, ev); });
            } else {
                // Automation gave up: somebody gets paged.
                const QString who = QString::fromLatin1(Operators[size_t(m_random.uniform() * 5.0)]);
                const int64_t restarted = m_clockMs + int64_t(m_random.uniform(30.0, 90.0) * MinuteMs);
                at(restarted, [this, j, who](std::vector<Event> &ev) { restartJob(j, true, who, ev); });
            }
        }
    }
    m_truth.push_back(std::move(truth));
}

void ClusterSimulator::restartJob(uint32_t j, bool manual, const QString &operatorName, std::vector<Event> &events)
{
    TrainingJob &job = m_jobs[j];
    if (!job.isDisrupted())
        return;
    const QString &jobId = m_topology.jobs[j].id;
    const int64_t checkpoint = job.lastCheckpointStep();
    const int64_t lost = job.restart();
    if (j < m_jobFailedAtMs.size())
        m_lostGpuHours += double(m_topology.jobs[j].gpuIndices.size())
            * (double(m_clockMs - m_jobFailedAtMs[j]) / 3600000.0 + m_jobStepSecondsAtFailure[j] / 3600.0);
    record(events, manual ? EventType::ManualRestart : EventType::JobRestart, Severity::Info, { EntityKind::Job, j },
           manual ? QStringLiteral("restarted by hand") : QStringLiteral("automated restart"), 0, 0.0, checkpoint,
           jobId, 0, operatorName);
    record(events, EventType::Rollback, Severity::Warning, { EntityKind::Job, j },
           QStringLiteral("resumed from checkpoint %1; %2 steps to train again").arg(checkpoint).arg(lost), 0,
           double(lost), checkpoint, jobId);
}

void ClusterSimulator::scheduleStory()
{
    m_hbmFailureId = m_nextFailureId++;
    m_ncclFailureId = m_nextFailureId++;
    for (const DeclineStory::Step &step : m_story.timeline())
        at(m_options.startTimeMs + int64_t(step.hour * HourMs),
           [this, step](std::vector<Event> &events) { playBeat(step, events); });
}

void ClusterSimulator::playBeat(const DeclineStory::Step &step, std::vector<Event> &events)
{
    using B = DeclineStory::Beat;
    const Topology &t = m_topology;
    const uint32_t gpu = m_story.eccGpu;
    const EntityRef eccGpu { EntityKind::Gpu, gpu };
    const EntityRef flakySwitch { EntityKind::Switch, m_story.flakySwitch };
    const QString trainingJob = t.jobs.empty() ? QString() : t.jobs.front().id;
    auto storyFailure = [&](uint64_t id, const QString &component, const QString &category, EntityRef root,
                            EventType hardware, int xid, EventType jobEvent, bool autoRestart, const QString &story) {
        FailureSpec spec;
        spec.failureId = id;
        spec.component = component;
        spec.category = category;
        spec.root = root;
        spec.hardwareEvent = hardware;
        spec.xid = xid;
        spec.jobEvent = jobEvent;
        spec.job = t.jobs.empty() ? -1 : 0;
        spec.autoRestart = autoRestart;
        spec.story = story;
        fail(spec, events);
    };
    switch (step.beat) {
    case B::EccWarnings:
        m_precursorIds[m_hbmFailureId].push_back(record(events, EventType::EccSingleBit, Severity::Warning, eccGpu,
                                                        QStringLiteral("correctable ECC errors in HBM"), 0, step.value,
                                                        0, trainingJob));
        break;
    case B::Xid92:
        m_lastXid92Id
            = record(events, EventType::Xid, Severity::Warning, eccGpu, xidLine(gpu, 92), 92, 0.0, 0, trainingJob);
        m_precursorIds[m_hbmFailureId].push_back(m_lastXid92Id);
        break;
    case B::Xid63:
        m_precursorIds[m_hbmFailureId].push_back(
            record(events, EventType::Xid, Severity::Warning, eccGpu, xidLine(gpu, 63), 63, 0.0, 0, trainingJob));
        break;
    case B::HbmFailure:
        storyFailure(m_hbmFailureId, QStringLiteral("GPU HBM3 Memory"), QStringLiteral("GPU"), eccGpu, EventType::Xid,
                     48, EventType::JobCrash, true,
                     QStringLiteral("HBM double-bit error after two days of rising ECC counts"));
        m_gpus[gpu].deadUntilMs = m_clockMs + 3 * HourMs;
        break;
    case B::CrcWarnings:
        m_precursorIds[m_ncclFailureId].push_back(
            record(events, EventType::NvlinkCrc, Severity::Warning, flakySwitch,
                   QStringLiteral("link CRC errors on %1").arg(t.switches[m_story.flakySwitch].name), 0, step.value, 0,
                   trainingJob));
        break;
    case B::NcclTimeout:
        m_ncclPrecursors = m_precursorIds[m_ncclFailureId];
        storyFailure(m_ncclFailureId, QStringLiteral("Network Switch/Cable"), QStringLiteral("Network"), flakySwitch,
                     EventType::IbLinkFlap, 0, EventType::NcclTimeout, true,
                     QStringLiteral("straggler behind a flaky leaf times out the all-reduce"));
        break;
    case B::RestartFailsAgain: {
        // The automated restart lands on the same link and dies in NCCL init; automation gives up.
        const uint64_t again = m_nextFailureId++;
        m_precursorIds[again] = m_ncclPrecursors;
        storyFailure(again, QStringLiteral("Network Switch/Cable"), QStringLiteral("Network"), flakySwitch,
                     EventType::IbLinkFlap, 0, EventType::NcclTimeout, false,
                     QStringLiteral("automated restart fails on the same link; automation gives up"));
        break;
    }
    case B::ManualRestart:
        m_switchWorkedAround = true;
        if (!t.jobs.empty())
            restartJob(0, true, step.operatorName, events);
        record(events, EventType::Note, Severity::Info, flakySwitch, step.text, 0, 0.0, 0, trainingJob, 0,
               step.operatorName);
        break;
    case B::Acknowledge: {
        if (!m_options.simulatedOperators)
            break;
        const bool thermal = step.value > 0.5;
        record(events, EventType::Acknowledge, Severity::Info,
               thermal ? EntityRef { EntityKind::Rack, m_story.hotRack } : eccGpu, step.text, 0, 0.0, 0, trainingJob,
               thermal ? m_lastHotRackThrottleId : m_lastXid92Id, step.operatorName);
        break;
    }
    case B::PowerCap:
        m_rackPowerCapW[m_story.hotRack] = float(step.value);
        record(events, EventType::ThresholdChange, Severity::Info, { EntityKind::Rack, m_story.hotRack }, step.text, 0,
               step.value, 0, trainingJob, 0, step.operatorName);
        break;
    case B::Drain:
        for (uint32_t g : t.gpusOfNode[t.gpus[gpu].nodeIndex])
            m_gpus[g].drained = true;
        record(events, EventType::Drain, Severity::Info, { EntityKind::Node, t.gpus[gpu].nodeIndex }, step.text, 0, 0.0,
               0, trainingJob, m_truth.empty() ? 0 : m_truth.back().failureEventIds.front(), step.operatorName);
        break;
    case B::Oom:
        storyFailure(m_nextFailureId++, QStringLiteral("Memory fragmentation"), QStringLiteral("Software"),
                     { EntityKind::Job, 0 }, EventType::Unspecified, 0, EventType::JobOom, true,
                     QStringLiteral("allocator fragmentation grows for a day until the job runs out of memory"));
        break;
    case B::ExtraServers:
        m_extraServers = true;
        record(events, EventType::Note, Severity::Info, { EntityKind::Rack, m_story.powerRack }, step.text, 0,
               m_story.extraServersKw, 0, {}, 0, step.operatorName);
        break;
    case B::HotPatch:
        m_hotPatched = true;
        record(events, EventType::HotPatch, Severity::Info, { EntityKind::Job, 0 }, step.text, 0, 0.0, 0, trainingJob,
               0, step.operatorName);
        break;
    }
}

void ClusterSimulator::advance(int64_t dtMs, MetricColumns &columns, std::vector<Event> &events)
{
    const int64_t until = m_timeMs + dtMs;
    // Failures are drawn two days ahead so their precursors can be played before them.
    drawBackgroundUntil(until + 48 * HourMs);
    while (!m_pending.empty() && m_pending.top().timeMs <= until) {
        Pending next = m_pending.top();
        m_pending.pop();
        m_clockMs = std::max(m_clockMs, next.timeMs);
        next.run(events);
    }
    m_timeMs = until;
    m_clockMs = until;

    const double dtS = double(dtMs) / 1000.0;
    for (size_t j = 0; j < m_jobs.size(); ++j) {
        const int64_t checkpoint = m_jobs[j].advance(m_timeMs, dtS, m_jobSlowdown[j]);
        if (checkpoint >= 0)
            record(events, EventType::CheckpointSaved, Severity::Info, { EntityKind::Job, uint32_t(j) },
                   QStringLiteral("checkpoint saved at step %1").arg(checkpoint), 0, 0.0, checkpoint,
                   m_topology.jobs[j].id);
    }
    if (!m_options.eventsOnly)
        stepPhysics(dtS, columns, events);
}

void ClusterSimulator::stepPhysics(double dtS, MetricColumns &columns, std::vector<Event> &events)
{
    const Topology &t = m_topology;
    sizeColumns(columns);
    stepAir(columns, events);

    // A training job's throughput is set by its slowest GPU and its slowest link.
    std::vector<double> slowestGpu(t.jobs.size(), 1.0);
    std::vector<double> slowestLink(t.jobs.size(), 1.0);
    if (m_options.scenario == Scenario::Decline && !t.jobs.empty())
        slowestLink[0] = m_story.switchSlowdown(hour(), m_switchWorkedAround);
    std::vector<double> rackPowerKw(t.racks.size(), 0.0);
    const float lag = 1.0f - std::exp(-float(dtS) / ThermalTimeConstantS);
    for (size_t g = 0; g < t.gpus.size(); ++g)
        stepGpu(g, dtS, lag, columns, events, slowestGpu, rackPowerKw);
    m_warm = true;
    writePace(columns, slowestGpu);
    for (size_t j = 0; j < t.jobs.size(); ++j) {
        m_jobSlowdown[j] = slowestGpu[j] * slowestLink[j] * (1.0 + std::abs(m_random.noise(0.0, 0.015)));
        if (m_jobs[j].isProducing())
            m_slowdownGpuHours
                += double(t.jobs[j].gpuIndices.size()) * dtS / 3600.0 * (1.0 - 1.0 / (slowestGpu[j] * slowestLink[j]));
    }
    stepPower(columns, rackPowerKw, events);
    writeJobColumns(columns);
}

void ClusterSimulator::sizeColumns(MetricColumns &columns) const
{
    const Topology &t = m_topology;
    columns.resize(ColumnCount);
    for (size_t c = GpuTemp; c <= FbUsed; ++c)
        columns[c].resize(t.gpus.size());
    columns[RackInlet].resize(t.racks.size());
    columns[PduLoad].resize(t.pdus.size());
    columns[CoolantSupply].resize(t.coolingLoops.size());
    for (size_t c = JobStep; c <= JobStepTime; ++c)
        columns[c].resize(t.jobs.size());
    columns[ThrottleReasons].resize(t.gpus.size());
    columns[AllReduceWait].resize(t.jobs.size());
    columns[SmClock].resize(t.gpus.size());
    columns[TensorActive].resize(t.gpus.size());
}

// Coolant and inlet air: a small diurnal swing (the chillers work harder in the afternoon) plus
// sensor noise; a rack's inlet warns once as it crosses the line.
void ClusterSimulator::stepAir(MetricColumns &columns, std::vector<Event> &events)
{
    const Topology &t = m_topology;
    const bool decline = m_options.scenario == Scenario::Decline;
    const double h = hour();
    const double dayPhase = std::fmod(double(m_timeMs), DayMs) / DayMs * 6.283185307179586;
    const float diurnal = float(0.6 * std::sin(dayPhase - 1.2));
    for (size_t l = 0; l < t.coolingLoops.size(); ++l)
        columns[CoolantSupply][l]
            = roundTo(t.coolingLoops[l].supplyTempC + diurnal + float(m_random.noise(0.0, 0.05)), 0.1f);
    for (size_t r = 0; r < t.racks.size(); ++r) {
        const float supply = columns[CoolantSupply][t.racks[r].coolingLoopIndex];
        const float extra = decline ? m_story.inletExtraC(uint32_t(r), h) : 0.0f;
        const float inlet
            = roundTo(supply + 2.0f + m_rackInletOffset[r] + extra + float(m_random.noise(0.0, 0.08)), 0.1f);
        columns[RackInlet][r] = inlet;
        if (!m_rackInletWarned[r] && inlet >= InletWarningC) {
            m_rackInletWarned[r] = true;
            record(events, EventType::CoolantTemperature, Severity::Warning, { EntityKind::Rack, uint32_t(r) },
                   QStringLiteral("inlet air at %1 °C").arg(double(inlet), 0, 'f', 1), 0, inlet);
        } else if (m_rackInletWarned[r] && inlet < InletWarningC - 1.0f) {
            m_rackInletWarned[r] = false;
        }
    }
}

// One GPU over `dtS`: its power from its job's work, its temperature towards where that power
// takes it, throttling, memory, and what slows it; its readings into `columns`.
void ClusterSimulator::stepGpu(size_t g, double dtS, float lag, MetricColumns &columns, std::vector<Event> &events,
                               std::vector<double> &slowestGpu, std::vector<double> &rackPowerKw)
{
    const Topology &t = m_topology;
    const bool decline = m_options.scenario == Scenario::Decline;
    const double h = hour();
    const float nan = std::nanf("");
    GpuState &gpu = m_gpus[g];
    const size_t rack = t.rackOfGpu(uint32_t(g));
    if (gpu.deadUntilMs > m_timeMs || !m_rackPowered[rack]) {
        for (size_t c = GpuTemp; c <= FbUsed; ++c)
            columns[c][g] = nan;
        columns[ThrottleReasons][g] = nan;
        columns[SmClock][g] = nan;
        m_gpuSlowdown[g] = 0.0f; // no reading
        return;
    }
    const int32_t jobIndex = gpu.drained ? -1 : t.jobOfGpu[g];
    float util = 0.0f;
    float intensity = 0.0f;
    float memoryTarget = 480.0f;
    if (jobIndex >= 0) {
        const TrainingJob &job = m_jobs[size_t(jobIndex)];
        util = utilisationOf(job.phase());
        intensity = job.dynamics().intensity;
        if (job.phase() != TrainingJob::Phase::Down && job.phase() != TrainingJob::Phase::Ended) {
            memoryTarget = job.dynamics().memoryMiB;
            if (decline && jobIndex == 0 && !m_hotPatched)
                memoryTarget += m_story.fragmentationMiB(h);
        }
        if (decline && jobIndex == 0 && m_hotPatched)
            intensity *= 1.07f;
    }
    util = std::clamp(util, 0.0f, 100.0f);
    const float maxPower = std::min(t.gpus[g].maxPowerW, m_rackPowerCapW[rack]);
    float power = (IdlePowerW + util / 100.0f * intensity * (t.gpus[g].maxPowerW - IdlePowerW - 35.0f)) * gpu.powerBias
        + float(m_random.noise(0.0, 9.0));
    power = std::min(power, maxPower);
    const float inlet = columns[RackInlet][rack];
    const float resistance
        = gpu.thermalResistance * (decline ? m_story.thermalResistanceFactor(uint32_t(rack), h) : 1.0f);
    const float target = inlet + power * resistance;
    // The first sample finds the hall already at its working temperature.
    gpu.temp = m_warm ? gpu.temp + (target - gpu.temp) * lag : target;
    // Hardware slowdown: above the threshold the board sheds clocks and power.
    const bool throttling = gpu.temp >= ThrottleTempC;
    if (throttling) {
        power *= 0.82f;
        if (!gpu.throttling && m_timeMs - gpu.lastThrottleEventMs > 30 * MinuteMs) {
            gpu.lastThrottleEventMs = m_timeMs;
            const uint64_t id
                = record(events, EventType::ThermalThrottle, Severity::Warning, { EntityKind::Gpu, uint32_t(g) },
                         QStringLiteral("thermal slowdown at %1 °C").arg(gpu.temp, 0, 'f', 0), 0, gpu.temp, 0,
                         jobIndex >= 0 ? t.jobs[size_t(jobIndex)].id : QString());
            if (decline && rack == m_story.hotRack)
                m_lastHotRackThrottleId = id;
        }
    }
    gpu.throttling = throttling;
    power = std::clamp(power, 55.0f, maxPower);
    gpu.fbUsed += (memoryTarget - gpu.fbUsed) * std::min(1.0f, float(dtS) / 5.0f);
    double slowdown = throttling ? 1.18 : 1.0;
    if (maxPower < t.gpus[g].maxPowerW)
        slowdown = std::max(slowdown, 1.0 + (1.0 - double(maxPower / t.gpus[g].maxPowerW)) * 0.6);
    // A GPU turned slow: held to a lower clock, or slower at the same one (a worn part).
    const double slowPart = m_slowShare[g] > 0.0f ? 1.0 / (1.0 - double(m_slowShare[g])) : 1.0;
    const double clockShare = 1.0 / (slowdown * (m_slowCompute[g] ? 1.0 : slowPart));
    slowdown *= slowPart;
    if (jobIndex >= 0)
        slowestGpu[size_t(jobIndex)] = std::max(slowestGpu[size_t(jobIndex)], slowdown);
    m_gpuSlowdown[g] = float(slowdown);
    columns[SmClock][g] = util < 5.0f
        ? IdleSmClockMhz
        : roundTo(NominalSmClockMhz * float(clockShare) * (1.0f + m_clockOffset[g]), 15.0f);

    columns[GpuTemp][g] = std::round(gpu.temp);
    columns[MemoryTemp][g] = std::round(gpu.temp + 5.0f + float(m_random.noise(0.0, 0.4)));
    columns[GpuPower][g] = roundTo(power, 0.1f);
    columns[GpuUtil][g] = std::round(util);
    columns[FbUsed][g] = std::round(gpu.fbUsed + float(m_random.noise(0.0, 30.0)) * float(jobIndex >= 0));
    uint32_t reasons = util < 5.0f ? metric::clocks::Idle : 0u;
    if (throttling)
        reasons |= metric::clocks::SwThermalSlowdown | metric::clocks::HwThermalSlowdown;
    if (maxPower < t.gpus[g].maxPowerW && power >= maxPower * 0.97f)
        reasons |= metric::clocks::SwPowerCap; // held at an operator's power cap
    columns[ThrottleReasons][g] = float(reasons);
    rackPowerKw[rack] += double(power) / 1000.0;
}

// The jobs' own readings: step, loss, throughput, step time and the all-reduce wait.
void ClusterSimulator::writeJobColumns(MetricColumns &columns)
{
    const Topology &t = m_topology;
    const float nan = std::nanf("");
    for (size_t j = 0; j < m_jobs.size(); ++j) {
        const TrainingJob &job = m_jobs[j];
        const bool hasLoss = t.jobs[j].priority != PriorityClass::Background;
        columns[JobStep][j] = float(std::floor(job.step()));
        columns[JobLoss][j] = hasLoss && job.phase() != TrainingJob::Phase::Ended
            ? float(1.55 + 9.0 * std::pow(job.step() + 200.0, -0.28) + m_random.noise(0.0, 0.012))
            : nan;
        columns[JobTokensPerSecond][j] = float(job.tokensPerSecond());
        columns[JobStepTime][j] = job.isProducing() ? float(job.stepTimeS()) : nan;
        // A synchronous step waits for its slowest GPU and link: on top of the
        // communication that overlap cannot hide, every slowdown is waiting.
        constexpr double ExposedCommunication = 0.06;
        columns[AllReduceWait][j] = job.isProducing() && t.jobs[j].gpuIndices.size() > 1
            ? float(100.0 * (1.0 - (1.0 - ExposedCommunication) / std::max(1.0, m_jobSlowdown[j])))
            : nan;
    }
}

// A GPU's utilisation while its job is in `phase`: busy training, half idle while a checkpoint is
// written, nearly idle while the job restarts.
float ClusterSimulator::utilisationOf(TrainingJob::Phase phase)
{
    switch (phase) {
    case TrainingJob::Phase::Running:
        return float(m_random.noise(96.0, 1.5));
    case TrainingJob::Phase::Checkpointing:
        return float(m_random.uniform(18.0, 40.0));
    case TrainingJob::Phase::Restarting:
        return float(m_random.uniform(0.0, 8.0));
    case TrainingJob::Phase::Down:
    case TrainingJob::Phase::Ended:
        break;
    }
    return 0.0f;
}

// The tensor pipes' activity: a GPU busy for its own step time, out of its job's (which waits for
// the slowest), scaled by what the job is doing. Smooth, as DCGM's averages over a sample are.
void ClusterSimulator::writePace(MetricColumns &columns, const std::vector<double> &slowestGpu)
{
    const Topology &t = m_topology;
    constexpr double Communication = 0.12; // of a healthy step, not hidden behind compute
    for (size_t g = 0; g < t.gpus.size(); ++g) {
        const int32_t job = m_gpus[g].drained ? -1 : t.jobOfGpu[g];
        if (m_gpuSlowdown[g] <= 0.0f) {
            columns[TensorActive][g] = std::nanf("");
            continue;
        }
        double activity = 0.0;
        if (job >= 0)
            switch (m_jobs[size_t(job)].phase()) {
            case TrainingJob::Phase::Running:
                activity = 1.0;
                break;
            case TrainingJob::Phase::Checkpointing:
                activity = 0.25;
                break;
            case TrainingJob::Phase::Restarting:
                activity = 0.02;
                break;
            case TrainingJob::Phase::Down:
            case TrainingJob::Phase::Ended:
                break;
            }
        const double busy = job >= 0
            ? double(m_gpuSlowdown[g]) * (1.0 + Communication) / (slowestGpu[size_t(job)] + Communication)
            : 0.0;
        columns[TensorActive][g]
            = roundTo(float(TensorActiveTraining * busy * activity), 0.001f); // DCGM gives six places
    }
}

void ClusterSimulator::stepPower(MetricColumns &columns, const std::vector<double> &rackPowerKw,
                                 std::vector<Event> &events)
{
    const Topology &t = m_topology;
    for (size_t r = 0; r < t.racks.size(); ++r) {
        const Rack &rack = t.racks[r];
        if (rack.pduIndices.empty())
            continue;
        size_t live = 0;
        for (uint32_t p : rack.pduIndices)
            live += !m_pdus[p].tripped;
        double loadKw = rackPowerKw[r];
        if (loadKw > 0.0)
            loadKw += HostOverheadKw * double(t.nodesOfRack[r].size());
        if (m_extraServers && r == m_story.powerRack)
            loadKw += m_story.extraServersKw;
        for (uint32_t p : rack.pduIndices) {
            PduState &pdu = m_pdus[p];
            if (pdu.tripped || live == 0) {
                columns[PduLoad][p] = 0.0f;
                continue;
            }
            // The rack's load shares over the PDUs still closed.
            const float kw = roundTo(float(loadKw / double(live) * m_random.noise(1.0, 0.01)), 0.01f);
            columns[PduLoad][p] = kw;
            const double share = double(kw) / double(t.pdus[p].ratedKw);
            if (!pdu.warned && share >= PduWarningShare && m_timeMs - pdu.lastWarningMs >= PduWarningIntervalMs) {
                pdu.warned = true;
                pdu.lastWarningMs = m_timeMs;
                pdu.warningIds.push_back(
                    record(events, EventType::PduOverThreshold, Severity::Warning, { EntityKind::Pdu, p },
                           QStringLiteral("%1 at %2 % of rating").arg(t.pdus[p].name).arg(share * 100.0, 0, 'f', 0), 0,
                           share * 100.0));
            } else if (pdu.warned && share < PduRearmShare) {
                pdu.warned = false;
            }
            if (share < 1.0) {
                pdu.overSinceMs = -1;
                continue;
            }
            if (pdu.overSinceMs < 0)
                pdu.overSinceMs = m_timeMs;
            // A breaker carries a modest overload for minutes and a gross one not at all.
            if (m_timeMs - pdu.overSinceMs < PduTripAfterMs && share < 1.25)
                continue;
            pdu.tripped = true;
            record(events, EventType::PduOverThreshold, Severity::Critical, { EntityKind::Pdu, p },
                   QStringLiteral("%1 breaker tripped at %2 % of rating")
                       .arg(t.pdus[p].name)
                       .arg(share * 100.0, 0, 'f', 0),
                   0, share * 100.0);
            --live;
            if (live > 0)
                continue;
            // The whole rack lost power: whatever ran on it is gone.
            FailureSpec spec;
            spec.failureId = m_nextFailureId++;
            spec.component = QStringLiteral("PDU trip");
            spec.category = QStringLiteral("Power");
            spec.root = { EntityKind::Pdu, rack.pduIndices.front() };
            spec.job = jobOnGpus(gpusOf({ EntityKind::Rack, uint32_t(r) }));
            spec.endsRun = m_options.scenario == Scenario::Decline;
            spec.autoRestart = !spec.endsRun;
            spec.outageHours = spec.endsRun ? 1e6 : 4.0;
            spec.story = spec.endsRun
                ? QStringLiteral("rack %1 lost power after days of ignored PDU warnings").arg(rack.name)
                : QString();
            for (uint32_t q : rack.pduIndices)
                m_precursorIds[spec.failureId].insert(m_precursorIds[spec.failureId].end(),
                                                      m_pdus[q].warningIds.begin(), m_pdus[q].warningIds.end());
            m_rackPowered[r] = false;
            fail(spec, events);
            if (!spec.endsRun)
                at(m_timeMs + 4 * HourMs, [this, r](std::vector<Event> &ev) {
                    // Facilities reset the breakers.
                    for (uint32_t q : m_topology.racks[r].pduIndices) {
                        m_pdus[q] = PduState {};
                        record(ev, EventType::Note, Severity::Info, { EntityKind::Pdu, q },
                               QStringLiteral("breaker reset"), 0, 0.0, 0, {}, 0, QStringLiteral("facilities"));
                    }
                    m_rackPowered[r] = true;
                });
        }
    }
}

} // namespace vigil
