// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventdescription.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>

namespace vigil {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(EventDescription)
};
} // namespace

QString eventTypeName(EventType type)
{
    switch (type) {
    case EventType::Xid:
        return Tr::tr("Xid");
    case EventType::EccSingleBit:
        return Tr::tr("Correctable ECC");
    case EventType::EccDoubleBit:
        return Tr::tr("Uncorrectable ECC");
    case EventType::RowRemap:
        return Tr::tr("Row remap");
    case EventType::ThermalThrottle:
        return Tr::tr("Thermal throttle");
    case EventType::PowerThrottle:
        return Tr::tr("Power throttle");
    case EventType::NvlinkCrc:
        return Tr::tr("Link CRC errors");
    case EventType::IbLinkFlap:
        return Tr::tr("IB link flap");
    case EventType::PcieReplay:
        return Tr::tr("PCIe replays");
    case EventType::PduOverThreshold:
        return Tr::tr("PDU overload");
    case EventType::CoolantTemperature:
        return Tr::tr("Inlet/coolant temperature");
    case EventType::JobStart:
        return Tr::tr("Job started");
    case EventType::CheckpointSaved:
        return Tr::tr("Checkpoint saved");
    case EventType::JobCrash:
        return Tr::tr("Job crashed");
    case EventType::JobOom:
        return Tr::tr("Out of memory");
    case EventType::NcclTimeout:
        return Tr::tr("NCCL timeout");
    case EventType::JobRestart:
        return Tr::tr("Automated restart");
    case EventType::Rollback:
        return Tr::tr("Rollback");
    case EventType::JobEnd:
        return Tr::tr("Job ended");
    case EventType::Acknowledge:
        return Tr::tr("Acknowledged");
    case EventType::Shelve:
        return Tr::tr("Shelved");
    case EventType::ManualRestart:
        return Tr::tr("Manual restart");
    case EventType::ThresholdChange:
        return Tr::tr("Threshold changed");
    case EventType::Drain:
        return Tr::tr("Drained");
    case EventType::HotPatch:
        return Tr::tr("Hot-patch");
    case EventType::Note:
        return Tr::tr("Note");
    case EventType::Assign:
        return Tr::tr("Assigned");
    case EventType::Escalate:
        return Tr::tr("Escalated");
    case EventType::Unshelve:
        return Tr::tr("Unshelved");
    case EventType::RemoveFromService:
        return Tr::tr("Removed from service");
    case EventType::ReturnToService:
        return Tr::tr("Returned to service");
    case EventType::Undrain:
        return Tr::tr("Back in service");
    case EventType::Unspecified:
        break;
    }
    return Tr::tr("Unknown event");
}

QString severityName(Severity severity)
{
    switch (severity) {
    case Severity::Info:
        return Tr::tr("info");
    case Severity::Warning:
        return Tr::tr("warning");
    case Severity::Critical:
        return Tr::tr("critical");
    case Severity::Unspecified:
        break;
    }
    return Tr::tr("unrated");
}

QString priorityClassName(PriorityClass priority)
{
    switch (priority) {
    case PriorityClass::Training:
        return Tr::tr("training");
    case PriorityClass::Evaluation:
        return Tr::tr("evaluation");
    case PriorityClass::Background:
        return Tr::tr("background");
    case PriorityClass::Unspecified:
        break;
    }
    return Tr::tr("unclassified");
}

QString entityName(const Topology *t, EntityRef e)
{
    const uint32_t i = e.index;
    if (t) {
        switch (e.kind) {
        case EntityKind::Gpu:
            if (i < t->gpus.size())
                return Tr::tr("GPU %1 of %2").arg(t->gpus[i].localIndex).arg(t->nodes[t->gpus[i].nodeIndex].hostname);
            break;
        case EntityKind::Node:
            if (i < t->nodes.size())
                return Tr::tr("node %1").arg(t->nodes[i].hostname);
            break;
        case EntityKind::Rack:
            if (i < t->racks.size())
                return Tr::tr("rack %1").arg(t->racks[i].name);
            break;
        case EntityKind::Pdu:
            if (i < t->pdus.size())
                return Tr::tr("PDU %1").arg(t->pdus[i].name);
            break;
        case EntityKind::CoolingLoop:
            if (i < t->coolingLoops.size())
                return Tr::tr("cooling loop %1").arg(t->coolingLoops[i].name);
            break;
        case EntityKind::Switch:
            if (i < t->switches.size())
                return Tr::tr("switch %1").arg(t->switches[i].name);
            break;
        case EntityKind::Job:
            if (i < t->jobs.size())
                return Tr::tr("job %1").arg(t->jobs[i].id);
            break;
        case EntityKind::Cluster:
            return Tr::tr("the cluster");
        case EntityKind::GpuInstance:
            if (i < t->gpuInstances.size() && t->gpuInstances[i].gpuIndex < t->gpus.size()) {
                const GpuInstance &g = t->gpuInstances[i];
                const Gpu &gpu = t->gpus[g.gpuIndex];
                return Tr::tr("MIG %1 (instance %2) of GPU %3 of %4")
                    .arg(g.profile)
                    .arg(g.instanceId)
                    .arg(gpu.localIndex)
                    .arg(t->nodes[gpu.nodeIndex].hostname);
            }
            break;
        case EntityKind::Unspecified:
            break;
        }
    }
    return Tr::tr("unknown entity %1").arg(i);
}

QString shortClock(int64_t ms, bool withYear)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC)
        .toString(withYear ? QStringLiteral("yyyy-MM-dd HH:mm") : QStringLiteral("MM-dd HH:mm"));
}

QString durationText(int64_t ms)
{
    const QLocale locale;
    const double minutes = double(ms) / 60000.0;
    if (minutes < 90.0)
        return Tr::tr("%1 min").arg(locale.toString(minutes, 'f', 0));
    if (minutes < 48 * 60.0)
        return Tr::tr("%1 h").arg(locale.toString(minutes / 60.0, 'f', 1));
    return Tr::tr("%1 d").arg(locale.toString(minutes / 1440.0, 'f', 1));
}

} // namespace vigil
