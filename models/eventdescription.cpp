// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventdescription.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>

namespace vigil {

namespace {
struct EventDescriptionTr
{
    Q_DECLARE_TR_FUNCTIONS(EventDescription)
};
} // namespace

QString eventTypeName(EventType type)
{
    switch (type) {
    case EventType::Xid:
        return EventDescriptionTr::tr("Xid");
    case EventType::EccSingleBit:
        return EventDescriptionTr::tr("Correctable ECC");
    case EventType::EccDoubleBit:
        return EventDescriptionTr::tr("Uncorrectable ECC");
    case EventType::RowRemap:
        return EventDescriptionTr::tr("Row remap");
    case EventType::ThermalThrottle:
        return EventDescriptionTr::tr("Thermal throttle");
    case EventType::PowerThrottle:
        return EventDescriptionTr::tr("Power throttle");
    case EventType::NvlinkCrc:
        return EventDescriptionTr::tr("Link CRC errors");
    case EventType::IbLinkFlap:
        return EventDescriptionTr::tr("IB link flap");
    case EventType::PcieReplay:
        return EventDescriptionTr::tr("PCIe replays");
    case EventType::Straggler:
        return EventDescriptionTr::tr("Slower than its peers");
    case EventType::ScrapeSlow:
        return EventDescriptionTr::tr("Exporter slow to answer");
    case EventType::ReadingsMissing:
        return EventDescriptionTr::tr("Readings missing");
    case EventType::SeriesVanished:
        return EventDescriptionTr::tr("Series vanished");
    case EventType::GpuSilent:
        return EventDescriptionTr::tr("GPU silent, node answering");
    case EventType::RepeatFailure:
        return EventDescriptionTr::tr("Failed again after repair");
    case EventType::PolicyThreshold:
        return EventDescriptionTr::tr("Xid policy threshold");
    case EventType::NvlinkDomainDegraded:
        return EventDescriptionTr::tr("NVLink domain degraded");
    case EventType::PduOverThreshold:
        return EventDescriptionTr::tr("PDU overload");
    case EventType::CoolantTemperature:
        return EventDescriptionTr::tr("Inlet/coolant temperature");
    case EventType::JobStart:
        return EventDescriptionTr::tr("Job started");
    case EventType::CheckpointSaved:
        return EventDescriptionTr::tr("Checkpoint saved");
    case EventType::JobCrash:
        return EventDescriptionTr::tr("Job crashed");
    case EventType::JobOom:
        return EventDescriptionTr::tr("Out of memory");
    case EventType::NcclTimeout:
        return EventDescriptionTr::tr("NCCL timeout");
    case EventType::JobRestart:
        return EventDescriptionTr::tr("Automated restart");
    case EventType::Rollback:
        return EventDescriptionTr::tr("Rollback");
    case EventType::JobEnd:
        return EventDescriptionTr::tr("Job ended");
    case EventType::Acknowledge:
        return EventDescriptionTr::tr("Acknowledged");
    case EventType::Shelve:
        return EventDescriptionTr::tr("Shelved");
    case EventType::ManualRestart:
        return EventDescriptionTr::tr("Manual restart");
    case EventType::ThresholdChange:
        return EventDescriptionTr::tr("Threshold changed");
    case EventType::Drain:
        return EventDescriptionTr::tr("Drained");
    case EventType::HotPatch:
        return EventDescriptionTr::tr("Hot-patch");
    case EventType::Note:
        return EventDescriptionTr::tr("Note");
    case EventType::Assign:
        return EventDescriptionTr::tr("Assigned");
    case EventType::Escalate:
        return EventDescriptionTr::tr("Escalated");
    case EventType::Unshelve:
        return EventDescriptionTr::tr("Unshelved");
    case EventType::RemoveFromService:
        return EventDescriptionTr::tr("Removed from service");
    case EventType::ReturnToService:
        return EventDescriptionTr::tr("Returned to service");
    case EventType::Undrain:
        return EventDescriptionTr::tr("Back in service");
    case EventType::Repair:
        return EventDescriptionTr::tr("Repaired");
    case EventType::HandOff:
        return EventDescriptionTr::tr("Handed off");
    case EventType::HandOffAnswer:
        return EventDescriptionTr::tr("Hand-off answered");
    case EventType::Unspecified:
        break;
    }
    return EventDescriptionTr::tr("Unknown event");
}

QString severityName(Severity severity)
{
    switch (severity) {
    case Severity::Info:
        return EventDescriptionTr::tr("info");
    case Severity::Warning:
        return EventDescriptionTr::tr("warning");
    case Severity::Critical:
        return EventDescriptionTr::tr("critical");
    case Severity::Unspecified:
        break;
    }
    return EventDescriptionTr::tr("unrated");
}

QString priorityClassName(PriorityClass priority)
{
    switch (priority) {
    case PriorityClass::Training:
        return EventDescriptionTr::tr("training");
    case PriorityClass::Evaluation:
        return EventDescriptionTr::tr("evaluation");
    case PriorityClass::Background:
        return EventDescriptionTr::tr("background");
    case PriorityClass::Unspecified:
        break;
    }
    return EventDescriptionTr::tr("unclassified");
}

QString entityName(const Topology *t, EntityRef e)
{
    const uint32_t i = e.index;
    if (t) {
        switch (e.kind) {
        case EntityKind::Gpu:
            if (i < t->gpus.size())
                return EventDescriptionTr::tr("GPU %1 of %2")
                    .arg(t->gpus[i].localIndex)
                    .arg(t->nodes[t->gpus[i].nodeIndex].hostname);
            break;
        case EntityKind::Node:
            if (i < t->nodes.size())
                return EventDescriptionTr::tr("node %1").arg(t->nodes[i].hostname);
            break;
        case EntityKind::Rack:
            if (i < t->racks.size())
                return EventDescriptionTr::tr("rack %1").arg(t->racks[i].name);
            break;
        case EntityKind::Pdu:
            if (i < t->pdus.size())
                return EventDescriptionTr::tr("PDU %1").arg(t->pdus[i].name);
            break;
        case EntityKind::CoolingLoop:
            if (i < t->coolingLoops.size())
                return EventDescriptionTr::tr("cooling loop %1").arg(t->coolingLoops[i].name);
            break;
        case EntityKind::Switch:
            if (i < t->switches.size())
                return EventDescriptionTr::tr("switch %1").arg(t->switches[i].name);
            break;
        case EntityKind::Job:
            if (i < t->jobs.size())
                return EventDescriptionTr::tr("job %1").arg(t->jobs[i].id);
            break;
        case EntityKind::Cluster:
            return EventDescriptionTr::tr("the cluster");
        case EntityKind::GpuInstance:
            if (i < t->gpuInstances.size() && t->gpuInstances[i].gpuIndex < t->gpus.size()) {
                const GpuInstance &g = t->gpuInstances[i];
                const Gpu &gpu = t->gpus[g.gpuIndex];
                return EventDescriptionTr::tr("MIG %1 (instance %2) of GPU %3 of %4")
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
    return EventDescriptionTr::tr("unknown entity %1").arg(i);
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
        return EventDescriptionTr::tr("%1 min").arg(locale.toString(minutes, 'f', 0));
    if (minutes < 48 * 60.0)
        return EventDescriptionTr::tr("%1 h").arg(locale.toString(minutes / 60.0, 'f', 1));
    return EventDescriptionTr::tr("%1 d").arg(locale.toString(minutes / 1440.0, 'f', 1));
}

} // namespace vigil
