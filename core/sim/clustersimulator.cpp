// SPDX-License-Identifier: GPL-3.0-or-later
#include "clustersimulator.h"

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
    ColumnCount
};

constexpr float IdlePowerW = 72.0f;
constexpr float HostOverheadKw = 1.6f; // CPUs, NICs, fans and PSU losses of one node
constexpr float ThermalTimeConstantS = 25.0f;
constexpr float ThrottleTempC = 87.0f;
constexpr double DayMs = 86400000.0;
// Correctable-ECC warnings per GPU-hour: a background rate that makes a
// 2,048-GPU hall show a handful per hour, as real fleets do.
constexpr double EccSingleBitPerGpuHour = 0.002;

float roundTo(float value, float quantum)
{
    return std::round(value / quantum) * quantum;
}

} // namespace

ClusterSimulator::ClusterSimulator(const SimulatorOptions &options)
    : m_topology(buildTopology(options.shape, options.seed))
    , m_random(options.seed)
    , m_timeMs(options.startTimeMs)
{
    m_gpus.reserve(m_topology.gpus.size());
    for (size_t i = 0; i < m_topology.gpus.size(); ++i)
        m_gpus.push_back({ float(m_random.gaussian(0.052, 0.0035)), float(m_random.gaussian(1.0, 0.025)),
                           options.shape.coolantSupplyC + 10.0f, 500.0f });

    // Racks further along a row sit further from the CRAH and breathe warmer air;
    // one rack per hall runs hot, as a worn fan tray would make it.
    m_rackInletOffset.reserve(m_topology.racks.size());
    for (const Rack &rack : m_topology.racks)
        m_rackInletOffset.push_back(float(rack.positionInRow) * 0.25f + float(m_random.uniform(0.0, 1.0)));
    for (size_t h = 0; h < m_topology.halls.size(); ++h) {
        const size_t hot = (h * 7 + 5) % m_topology.racks.size();
        m_rackInletOffset[hot] += 7.0f;
    }

    m_jobs.resize(m_topology.jobs.size());
    for (size_t j = 0; j < m_topology.jobs.size(); ++j) {
        const Job &job = m_topology.jobs[j];
        JobProgress &p = m_jobs[j];
        switch (job.priority) {
        case PriorityClass::Training:
            p.baseStepTimeS = 4.2;
            p.intensity = 1.0f;
            p.step = 18000 + double(m_random.uniform(0, 2000));
            break;
        case PriorityClass::Evaluation:
            p.baseStepTimeS = 1.1;
            p.intensity = 0.72f;
            p.step = double(m_random.uniform(100, 900));
            break;
        default:
            p.baseStepTimeS = 0.5;
            p.intensity = 0.35f;
            break;
        }
        p.stepTimeS = p.baseStepTimeS;
        p.tokensPerStep = double(job.gpuIndices.size()) * 420.0 * p.baseStepTimeS;
        p.lastCheckpointStep = int64_t(p.step);
    }
}

void ClusterSimulator::emit(std::vector<Event> &events, EventType type, Severity severity, EntityRef entity,
                            QString message, int32_t code, double value, int64_t step, const QString &jobId)
{
    Event e;
    e.id = m_nextEventId++;
    e.timeMs = m_timeMs;
    e.type = type;
    e.severity = severity;
    e.entity = entity;
    e.jobId = jobId;
    e.code = code;
    e.value = value;
    e.step = step;
    e.message = std::move(message);
    events.push_back(std::move(e));
}

void ClusterSimulator::stepJobs(double dtS, std::vector<Event> &events)
{
    for (size_t j = 0; j < m_jobs.size(); ++j) {
        const Job &job = m_topology.jobs[j];
        JobProgress &p = m_jobs[j];
        // A synchronous step waits for its slowest member: a throttling GPU slows them all.
        bool anyThrottling = false;
        for (uint32_t g : job.gpuIndices)
            anyThrottling |= m_gpus[g].throttling;
        p.stepTimeS = p.baseStepTimeS * (1.0 + std::abs(m_random.gaussian(0.0, 0.015)) + (anyThrottling ? 0.18 : 0.0));
        if (m_timeMs < p.checkpointUntilMs)
            continue;
        p.step += dtS / p.stepTimeS;
        if (job.checkpointIntervalSteps > 0
            && int64_t(p.step) / job.checkpointIntervalSteps > p.lastCheckpointStep / job.checkpointIntervalSteps) {
            p.lastCheckpointStep = int64_t(p.step) / job.checkpointIntervalSteps * job.checkpointIntervalSteps;
            p.checkpointUntilMs = m_timeMs + 20000; // the synchronous part of an async checkpoint
            emit(events, EventType::CheckpointSaved, Severity::Info, { EntityKind::Job, uint32_t(j) },
                 QStringLiteral("checkpoint saved at step %1").arg(p.lastCheckpointStep), 0, 0.0, p.lastCheckpointStep,
                 job.id);
        }
    }
}

void ClusterSimulator::advance(int64_t dtMs, MetricColumns &columns, std::vector<Event> &events)
{
    const Topology &t = m_topology;
    m_timeMs += dtMs;
    const double dtS = double(dtMs) / 1000.0;
    columns.resize(ColumnCount);
    columns[GpuTemp].resize(t.gpus.size());
    columns[MemoryTemp].resize(t.gpus.size());
    columns[GpuPower].resize(t.gpus.size());
    columns[GpuUtil].resize(t.gpus.size());
    columns[FbUsed].resize(t.gpus.size());
    columns[RackInlet].resize(t.racks.size());
    columns[PduLoad].resize(t.pdus.size());
    columns[CoolantSupply].resize(t.coolingLoops.size());
    for (size_t c = JobStep; c < ColumnCount; ++c)
        columns[c].resize(t.jobs.size());

    stepJobs(dtS, events);

    // Coolant and inlet air: a small diurnal swing (the building's chillers work
    // harder in the afternoon) plus sensor noise.
    const double dayPhase = std::fmod(double(m_timeMs), DayMs) / DayMs * 6.283185307179586;
    const float diurnal = float(0.6 * std::sin(dayPhase - 1.2));
    for (size_t l = 0; l < t.coolingLoops.size(); ++l)
        columns[CoolantSupply][l]
            = roundTo(t.coolingLoops[l].supplyTempC + diurnal + float(m_random.gaussian(0.0, 0.05)), 0.1f);
    for (size_t r = 0; r < t.racks.size(); ++r) {
        const float supply = columns[CoolantSupply][t.racks[r].coolingLoopIndex];
        columns[RackInlet][r]
            = roundTo(supply + 2.0f + m_rackInletOffset[r] + float(m_random.gaussian(0.0, 0.08)), 0.1f);
    }

    std::vector<double> rackPowerKw(t.racks.size(), 0.0);
    const float lag = 1.0f - std::exp(-float(dtS) / ThermalTimeConstantS);
    const double eccChance = EccSingleBitPerGpuHour * dtS / 3600.0;
    for (size_t g = 0; g < t.gpus.size(); ++g) {
        GpuPhysics &gpu = m_gpus[g];
        const int32_t jobIndex = t.jobOfGpu[g];
        float util = 0.0f;
        float intensity = 0.0f;
        float memoryTarget = 480.0f;
        if (jobIndex >= 0) {
            const JobProgress &job = m_jobs[size_t(jobIndex)];
            const bool checkpointing = m_timeMs < job.checkpointUntilMs;
            util = checkpointing ? float(m_random.uniform(18.0, 40.0)) : float(m_random.gaussian(96.0, 1.5));
            intensity = job.intensity;
            memoryTarget = t.jobs[size_t(jobIndex)].priority == PriorityClass::Training ? 76200.0f
                : t.jobs[size_t(jobIndex)].priority == PriorityClass::Evaluation        ? 52300.0f
                                                                                        : 9100.0f;
        }
        util = std::clamp(util, 0.0f, 100.0f);
        const float maxPower = t.gpus[g].maxPowerW;
        float power = (IdlePowerW + util / 100.0f * intensity * (maxPower - IdlePowerW - 35.0f)) * gpu.powerBias
            + float(m_random.gaussian(0.0, 9.0));
        const size_t rack = t.rackOfGpu(g);
        const float inlet = columns[RackInlet][rack];
        const float target = inlet + power * gpu.thermalResistance;
        // The first sample finds the hall already at its working temperature.
        gpu.temp = m_warm ? gpu.temp + (target - gpu.temp) * lag : target;
        // Hardware slowdown: above the threshold the board sheds clocks and power.
        const bool throttling = gpu.temp >= ThrottleTempC;
        if (throttling) {
            power *= 0.82f;
            if (!gpu.throttling)
                emit(events, EventType::ThermalThrottle, Severity::Warning, { EntityKind::Gpu, uint32_t(g) },
                     QStringLiteral("thermal slowdown at %1 °C").arg(gpu.temp, 0, 'f', 0), 0, gpu.temp, 0,
                     jobIndex >= 0 ? t.jobs[size_t(jobIndex)].id : QString());
        }
        gpu.throttling = throttling;
        power = std::clamp(power, 55.0f, maxPower);
        gpu.fbUsed += (memoryTarget - gpu.fbUsed) * std::min(1.0f, float(dtS) / 5.0f);

        columns[GpuTemp][g] = std::round(gpu.temp);
        columns[MemoryTemp][g] = std::round(gpu.temp + 5.0f + float(m_random.gaussian(0.0, 0.4)));
        columns[GpuPower][g] = roundTo(power, 0.1f);
        columns[GpuUtil][g] = std::round(util);
        columns[FbUsed][g] = std::round(gpu.fbUsed + float(m_random.gaussian(0.0, 30.0)) * (jobIndex >= 0));
        rackPowerKw[rack] += double(power) / 1000.0;

        if (m_random.chance(eccChance))
            emit(events, EventType::EccSingleBit, Severity::Warning, { EntityKind::Gpu, uint32_t(g) },
                 QStringLiteral("correctable ECC errors in HBM"), 0, 1.0 + std::floor(m_random.uniform(0, 12)), 0,
                 jobIndex >= 0 ? t.jobs[size_t(jobIndex)].id : QString());
    }

    m_warm = true;
    for (size_t r = 0; r < t.racks.size(); ++r) {
        const Rack &rack = t.racks[r];
        if (rack.pduIndices.empty())
            continue;
        rackPowerKw[r] += HostOverheadKw * double(r < t.nodesOfRack.size() ? t.nodesOfRack[r].size() : 0);
        const double perPdu = rackPowerKw[r] / double(rack.pduIndices.size());
        for (uint32_t pdu : rack.pduIndices)
            columns[PduLoad][pdu] = roundTo(float(perPdu * m_random.gaussian(1.0, 0.01)), 0.01f);
    }

    for (size_t j = 0; j < m_jobs.size(); ++j) {
        const JobProgress &p = m_jobs[j];
        const bool training = t.jobs[j].priority != PriorityClass::Background;
        columns[JobStep][j] = float(std::floor(p.step));
        columns[JobLoss][j] = training
            ? float(1.55 + 9.0 * std::pow(p.step + 200.0, -0.28) + m_random.gaussian(0.0, 0.012))
            : std::nanf("");
        const bool paused = m_timeMs < p.checkpointUntilMs;
        columns[JobTokensPerSecond][j] = paused ? 0.0f : float(p.tokensPerStep / p.stepTimeS);
        columns[JobStepTime][j] = float(p.stepTimeS);
    }
}

} // namespace vigil
