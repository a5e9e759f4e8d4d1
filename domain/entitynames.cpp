// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/entitynames.h"

#include <array>

namespace vigil {

namespace {

struct TypeKey
{
    EventType type;
    const char *key;
};

constexpr std::array<TypeKey, 44> TypeKeys { {
    { EventType::Xid, "xid" },
    { EventType::EccSingleBit, "ecc_single_bit" },
    { EventType::EccDoubleBit, "ecc_double_bit" },
    { EventType::RowRemap, "row_remap" },
    { EventType::ThermalThrottle, "thermal_throttle" },
    { EventType::PowerThrottle, "power_throttle" },
    { EventType::NvlinkCrc, "nvlink_crc" },
    { EventType::IbLinkFlap, "ib_link_flap" },
    { EventType::PduOverThreshold, "pdu_over_threshold" },
    { EventType::CoolantTemperature, "coolant_temperature" },
    { EventType::PcieReplay, "pcie_replay" },
    { EventType::Straggler, "straggler" },
    { EventType::ScrapeSlow, "scrape_slow" },
    { EventType::ReadingsMissing, "readings_missing" },
    { EventType::SeriesVanished, "series_vanished" },
    { EventType::GpuSilent, "gpu_silent" },
    { EventType::RepeatFailure, "repeat_failure" },
    { EventType::PolicyThreshold, "policy_threshold" },
    { EventType::JobStart, "job_start" },
    { EventType::CheckpointSaved, "checkpoint_saved" },
    { EventType::JobCrash, "job_crash" },
    { EventType::JobOom, "job_oom" },
    { EventType::NcclTimeout, "nccl_timeout" },
    { EventType::JobRestart, "job_restart" },
    { EventType::Rollback, "rollback" },
    { EventType::JobEnd, "job_end" },
    { EventType::Acknowledge, "acknowledge" },
    { EventType::Shelve, "shelve" },
    { EventType::ManualRestart, "manual_restart" },
    { EventType::ThresholdChange, "threshold_change" },
    { EventType::Drain, "drain" },
    { EventType::HotPatch, "hot_patch" },
    { EventType::Note, "note" },
    { EventType::Assign, "assign" },
    { EventType::Escalate, "escalate" },
    { EventType::Unshelve, "unshelve" },
    { EventType::RemoveFromService, "remove_from_service" },
    { EventType::ReturnToService, "return_to_service" },
    { EventType::Undrain, "undrain" },
    { EventType::Repair, "repair" },
    { EventType::NvlinkDomainDegraded, "nvlink_domain_degraded" },
    { EventType::HandOff, "hand_off" },
    { EventType::HandOffAnswer, "hand_off_answer" },
} };

} // namespace

EntityNames::EntityNames(const Topology &topology)
{
    auto add = [this](const QString &name, EntityKind kind, size_t index) {
        if (!name.isEmpty())
            m_byName.insert(name.toLower(), { kind, uint32_t(index) });
    };
    for (size_t i = 0; i < topology.switches.size(); ++i)
        add(topology.switches[i].name, EntityKind::Switch, i);
    for (size_t i = 0; i < topology.coolingLoops.size(); ++i)
        add(topology.coolingLoops[i].name, EntityKind::CoolingLoop, i);
    for (size_t i = 0; i < topology.pdus.size(); ++i)
        add(topology.pdus[i].name, EntityKind::Pdu, i);
    for (size_t i = 0; i < topology.racks.size(); ++i)
        add(topology.racks[i].name, EntityKind::Rack, i);
    for (size_t i = 0; i < topology.jobs.size(); ++i)
        add(topology.jobs[i].id, EntityKind::Job, i);
    for (size_t i = 0; i < topology.nodes.size(); ++i)
        add(topology.nodes[i].hostname, EntityKind::Node, i);
    for (size_t i = 0; i < topology.gpus.size(); ++i) {
        const Gpu &g = topology.gpus[i];
        add(g.uuid, EntityKind::Gpu, i);
        if (g.nodeIndex < topology.nodes.size())
            add(QStringLiteral("%1:%2").arg(topology.nodes[g.nodeIndex].hostname).arg(g.localIndex), EntityKind::Gpu,
                i);
    }
    for (size_t i = 0; i < topology.gpuInstances.size(); ++i) // "host:gpu/gi1", as entityKeyName writes it
        add(entityKeyName(topology, { EntityKind::GpuInstance, uint32_t(i) }), EntityKind::GpuInstance, i);
    m_byName.insert(QStringLiteral("cluster"), { EntityKind::Cluster, 0 });
}

std::optional<EntityRef> EntityNames::find(const QString &name) const
{
    const auto it = m_byName.constFind(name.trimmed().toLower());
    if (it == m_byName.constEnd())
        return std::nullopt;
    return *it;
}

QString eventTypeKey(EventType type)
{
    for (const TypeKey &k : TypeKeys)
        if (k.type == type)
            return QLatin1String(k.key);
    return {};
}

std::optional<EventType> eventTypeFromKey(const QString &key)
{
    const QString k = key.trimmed().toLower();
    for (const TypeKey &t : TypeKeys)
        if (k == QLatin1String(t.key))
            return t.type;
    return std::nullopt;
}

QString severityKey(Severity severity)
{
    switch (severity) {
    case Severity::Info:
        return QStringLiteral("info");
    case Severity::Warning:
        return QStringLiteral("warning");
    case Severity::Critical:
        return QStringLiteral("critical");
    case Severity::Unspecified:
        break;
    }
    return {};
}

std::optional<Severity> severityFromKey(const QString &key)
{
    const QString k = key.trimmed().toLower();
    if (k == QLatin1String("info"))
        return Severity::Info;
    if (k == QLatin1String("warning") || k == QLatin1String("amber"))
        return Severity::Warning;
    if (k == QLatin1String("critical") || k == QLatin1String("red"))
        return Severity::Critical;
    return std::nullopt;
}

QString entityKeyName(const Topology &t, EntityRef e)
{
    const uint32_t i = e.index;
    switch (e.kind) {
    case EntityKind::Gpu:
        if (i < t.gpus.size() && t.gpus[i].nodeIndex < t.nodes.size())
            return QStringLiteral("%1:%2").arg(t.nodes[t.gpus[i].nodeIndex].hostname).arg(t.gpus[i].localIndex);
        break;
    case EntityKind::Node:
        if (i < t.nodes.size())
            return t.nodes[i].hostname;
        break;
    case EntityKind::Rack:
        if (i < t.racks.size())
            return t.racks[i].name;
        break;
    case EntityKind::Pdu:
        if (i < t.pdus.size())
            return t.pdus[i].name;
        break;
    case EntityKind::CoolingLoop:
        if (i < t.coolingLoops.size())
            return t.coolingLoops[i].name;
        break;
    case EntityKind::Switch:
        if (i < t.switches.size())
            return t.switches[i].name;
        break;
    case EntityKind::Job:
        if (i < t.jobs.size())
            return t.jobs[i].id;
        break;
    case EntityKind::Cluster:
        return QStringLiteral("cluster");
    case EntityKind::GpuInstance:
        if (i < t.gpuInstances.size() && t.gpuInstances[i].gpuIndex < t.gpus.size()) {
            const Gpu &gpu = t.gpus[t.gpuInstances[i].gpuIndex];
            if (gpu.nodeIndex < t.nodes.size())
                return QStringLiteral("%1:%2/gi%3")
                    .arg(t.nodes[gpu.nodeIndex].hostname)
                    .arg(gpu.localIndex)
                    .arg(t.gpuInstances[i].instanceId);
        }
        break;
    default:
        break;
    }
    return QStringLiteral("entity-%1 #%2").arg(int(e.kind)).arg(i);
}

QString entityKindKey(EntityKind kind)
{
    switch (kind) {
    case EntityKind::Gpu:
        return QStringLiteral("gpu");
    case EntityKind::Node:
        return QStringLiteral("node");
    case EntityKind::Rack:
        return QStringLiteral("rack");
    case EntityKind::Pdu:
        return QStringLiteral("pdu");
    case EntityKind::CoolingLoop:
        return QStringLiteral("cooling_loop");
    case EntityKind::Switch:
        return QStringLiteral("switch");
    case EntityKind::Job:
        return QStringLiteral("job");
    case EntityKind::Cluster:
        return QStringLiteral("cluster");
    case EntityKind::GpuInstance:
        return QStringLiteral("gpu_instance");
    case EntityKind::Unspecified:
        break;
    }
    return QStringLiteral("unspecified");
}

} // namespace vigil
