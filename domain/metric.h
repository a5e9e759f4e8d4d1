// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <cstdint>
#include <vector>

namespace vigil {

enum class EntityKind
{
    Unspecified,
    Gpu,
    Node,
    Rack,
    Pdu,
    CoolingLoop,
    Switch,
    Job,
    Cluster,
    GpuInstance // a MIG GPU instance, under its GPU
};

// What a metric is: its stable name (DCGM's field name where DCGM has one), its
// unit and the kind of entity it describes. The id is the number a stream uses
// for it; it is only meaningful together with the stream's dictionary.
struct MetricDescriptor
{
    uint32_t id = 0;
    QString name;
    QString unit;
    EntityKind entityKind = EntityKind::Unspecified;
    QString help;
};

// Names of the metrics Vigil itself understands.
namespace metric {
inline const QString GpuTemp = QStringLiteral("DCGM_FI_DEV_GPU_TEMP");
inline const QString MemoryTemp = QStringLiteral("DCGM_FI_DEV_MEMORY_TEMP");
inline const QString GpuPower = QStringLiteral("DCGM_FI_DEV_POWER_USAGE");
inline const QString GpuUtil = QStringLiteral("DCGM_FI_DEV_GPU_UTIL");
inline const QString FbUsed = QStringLiteral("DCGM_FI_DEV_FB_USED");
inline const QString RackInletTemp = QStringLiteral("VIGIL_RACK_INLET_TEMP");
inline const QString PduLoad = QStringLiteral("VIGIL_PDU_LOAD");
inline const QString CoolantSupplyTemp = QStringLiteral("VIGIL_COOLANT_SUPPLY_TEMP");
inline const QString JobStep = QStringLiteral("VIGIL_JOB_STEP");
inline const QString JobLoss = QStringLiteral("VIGIL_JOB_LOSS");
inline const QString JobTokensPerSecond = QStringLiteral("VIGIL_JOB_TOKENS_PER_S");
inline const QString JobStepTime = QStringLiteral("VIGIL_JOB_STEP_TIME");
// Share of a job's step time its GPUs spend waiting in collectives (all-reduce):
// the exposed communication plus the wait for the slowest GPU or link.
inline const QString JobAllReduceWait = QStringLiteral("VIGIL_JOB_ALLREDUCE_WAIT");
// The streaming multiprocessors' clock, and the share of cycles the tensor pipes are busy
// (DCGM's profiling field): what the straggler finder compares a job's GPUs on.
inline const QString SmClock = QStringLiteral("DCGM_FI_DEV_SM_CLOCK");
inline const QString TensorActive = QStringLiteral("DCGM_FI_PROF_PIPE_TENSOR_ACTIVE");
// The PCIe link the GPU trained to, and the best it can: a link trained down (x8 for x16,
// Gen4 for Gen5) halves what the GPU moves to its NIC and host, and its job waits for it.
// dcgm-exporter serves them when a site adds them to its counters file.
inline const QString PcieLinkGen = QStringLiteral("DCGM_FI_DEV_PCIE_LINK_GEN");
inline const QString PcieLinkWidth = QStringLiteral("DCGM_FI_DEV_PCIE_LINK_WIDTH");
// How many of a GPU's NVLinks carry traffic (dcgm-exporter 4.10 reports the rates per link):
// a link at a tenth of the GPU's busiest or less carries none. A link that went quiet (down,
// or retrained away) leaves the GPU's collectives on fewer links, and its job waits for it.
// On the stream where an exporter reports rates per link; no reading while the GPU's links idle.
inline const QString NvlinkActiveLinks = QStringLiteral("VIGIL_NVLINK_ACTIVE_LINKS");
MetricDescriptor nvlinkActiveLinksMetric(uint32_t id);
// A rank's compute time per step as its training log's timers give it (Megatron-LM's
// forward and backward compute, across ranks), on the GPU the rank runs on: on the stream
// only where a training log is read.
inline const QString RankComputeTime = QStringLiteral("VIGIL_RANK_COMPUTE_MS");
MetricDescriptor rankComputeTimeMetric(uint32_t id);
// Why the GPU's clocks are held down: NVML's clocks-event (throttle) reasons bitmask.
inline const QString ClocksEventReasons = QStringLiteral("DCGM_FI_DEV_CLOCKS_EVENT_REASONS");
namespace clocks {
constexpr uint32_t Idle = 0x1;
constexpr uint32_t SwPowerCap = 0x4;
constexpr uint32_t HwSlowdown = 0x8;
constexpr uint32_t SwThermalSlowdown = 0x20;
constexpr uint32_t HwThermalSlowdown = 0x40;
constexpr uint32_t HwPowerBrakeSlowdown = 0x80;
constexpr uint32_t Thermal = HwSlowdown | SwThermalSlowdown | HwThermalSlowdown;
constexpr uint32_t Power = SwPowerCap | HwPowerBrakeSlowdown;
} // namespace clocks
} // namespace metric

// The metrics the built-in simulator produces, in id order.
const std::vector<MetricDescriptor> &standardMetrics();

} // namespace vigil
