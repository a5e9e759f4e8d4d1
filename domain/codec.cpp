// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/codec.h"

namespace vigil::wire {

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}
std::string ss(const QString &s)
{
    return s.toStdString();
}

template<typename Container> std::vector<uint32_t> toVector(const Container &c)
{
    return std::vector<uint32_t>(c.begin(), c.end());
}

} // namespace

v1::Topology toProto(const Topology &t)
{
    v1::Topology p;
    p.set_version(t.version);
    p.set_cluster_name(ss(t.clusterName));
    for (const Hall &h : t.halls)
        p.add_halls()->set_name(ss(h.name));
    for (const Row &r : t.rows) {
        auto *row = p.add_rows();
        row->set_name(ss(r.name));
        row->set_hall_index(r.hallIndex);
    }
    for (const Rack &r : t.racks) {
        auto *rack = p.add_racks();
        rack->set_name(ss(r.name));
        rack->set_row_index(r.rowIndex);
        rack->set_position_in_row(r.positionInRow);
        rack->mutable_pdu_indices()->Add(r.pduIndices.begin(), r.pduIndices.end());
        rack->set_cooling_loop_index(r.coolingLoopIndex);
        rack->set_leaf_switch_index(r.leafSwitchIndex);
        rack->set_placement(v1::RackPlacement(r.placement));
    }
    for (const Node &n : t.nodes) {
        auto *node = p.add_nodes();
        node->set_hostname(ss(n.hostname));
        node->set_rack_index(n.rackIndex);
        node->set_slot(n.slot);
    }
    for (const Gpu &g : t.gpus) {
        auto *gpu = p.add_gpus();
        gpu->set_uuid(ss(g.uuid));
        gpu->set_node_index(g.nodeIndex);
        gpu->set_local_index(g.localIndex);
        gpu->set_model(ss(g.model));
        gpu->set_max_power_w(g.maxPowerW);
        gpu->set_memory_total_mib(g.memoryTotalMiB);
        gpu->set_pci_bus_id(ss(g.pciBusId));
        gpu->set_serial(ss(g.serial));
        gpu->set_driver_version(ss(g.driverVersion));
    }
    for (const GpuInstance &g : t.gpuInstances) {
        auto *instance = p.add_gpu_instances();
        instance->set_gpu_index(g.gpuIndex);
        instance->set_instance_id(g.instanceId);
        instance->set_profile(ss(g.profile));
    }
    for (const Pdu &d : t.pdus) {
        auto *pdu = p.add_pdus();
        pdu->set_name(ss(d.name));
        pdu->set_rack_index(d.rackIndex);
        pdu->set_rated_kw(d.ratedKw);
    }
    for (const CoolingLoop &l : t.coolingLoops) {
        auto *loop = p.add_cooling_loops();
        loop->set_name(ss(l.name));
        loop->set_supply_temp_c(l.supplyTempC);
    }
    for (const Switch &s : t.switches) {
        auto *sw = p.add_switches();
        sw->set_name(ss(s.name));
        sw->set_role(v1::SwitchRole(int(s.role)));
        sw->mutable_uplink_switch_indices()->Add(s.uplinkSwitchIndices.begin(), s.uplinkSwitchIndices.end());
        if (s.nodeIndex >= 0)
            sw->set_node_index(uint32_t(s.nodeIndex));
        sw->set_pci_bus_id(ss(s.pciBusId));
    }
    for (const Job &j : t.jobs) {
        auto *job = p.add_jobs();
        job->set_id(ss(j.id));
        job->set_name(ss(j.name));
        job->set_priority(v1::PriorityClass(int(j.priority)));
        job->mutable_gpu_indices()->Add(j.gpuIndices.begin(), j.gpuIndices.end());
        job->mutable_layout()->set_data_parallel(j.layout.dataParallel);
        job->mutable_layout()->set_tensor_parallel(j.layout.tensorParallel);
        job->mutable_layout()->set_pipeline_parallel(j.layout.pipelineParallel);
        job->set_checkpoint_interval_steps(j.checkpointIntervalSteps);
    }
    return p;
}

Topology fromProto(const v1::Topology &p)
{
    Topology t;
    t.version = p.version();
    t.clusterName = qs(p.cluster_name());
    for (const auto &h : p.halls())
        t.halls.push_back({ qs(h.name()) });
    for (const auto &r : p.rows())
        t.rows.push_back({ qs(r.name()), r.hall_index() });
    for (const auto &r : p.racks()) {
        t.racks.push_back({ qs(r.name()), r.row_index(), r.position_in_row(), toVector(r.pdu_indices()),
                            r.cooling_loop_index(), r.leaf_switch_index() });
        // A placement this build does not know (a newer gateway) is at least not "known".
        const int placement = int(r.placement());
        t.racks.back().placement = placement >= 0 && placement <= int(Rack::Placement::Unplaced)
            ? Rack::Placement(placement)
            : Rack::Placement::Assumed;
    }
    for (const auto &n : p.nodes())
        t.nodes.push_back({ qs(n.hostname()), n.rack_index(), n.slot() });
    for (const auto &g : p.gpus())
        t.gpus.push_back({ qs(g.uuid()), g.node_index(), g.local_index(), qs(g.model()), g.max_power_w(),
                           g.memory_total_mib(), qs(g.pci_bus_id()), qs(g.serial()), qs(g.driver_version()) });
    for (const auto &g : p.gpu_instances())
        t.gpuInstances.push_back({ g.gpu_index(), g.instance_id(), qs(g.profile()) });
    for (const auto &d : p.pdus())
        t.pdus.push_back({ qs(d.name()), d.rack_index(), d.rated_kw() });
    for (const auto &l : p.cooling_loops())
        t.coolingLoops.push_back({ qs(l.name()), l.supply_temp_c() });
    for (const auto &s : p.switches()) {
        const int role = s.role();
        t.switches.push_back(
            { qs(s.name()), role >= 0 && role <= int(SwitchRole::NvSwitch) ? SwitchRole(role) : SwitchRole::Unspecified,
              toVector(s.uplink_switch_indices()),
              s.has_node_index() && s.node_index() <= uint32_t(INT32_MAX) ? int32_t(s.node_index()) : -1,
              qs(s.pci_bus_id()) });
    }
    for (const auto &j : p.jobs()) {
        const int priority = j.priority();
        t.jobs.push_back({ qs(j.id()),
                           qs(j.name()),
                           priority >= 0 && priority <= 3 ? PriorityClass(priority) : PriorityClass::Unspecified,
                           toVector(j.gpu_indices()),
                           { j.layout().data_parallel(), j.layout().tensor_parallel(), j.layout().pipeline_parallel() },
                           j.checkpoint_interval_steps() });
    }
    return t;
}

v1::EntityRef toProto(EntityRef ref)
{
    v1::EntityRef p;
    p.set_kind(v1::EntityKind(int(ref.kind)));
    p.set_index(ref.index);
    return p;
}

EntityRef fromProto(const v1::EntityRef &p)
{
    const int kind = p.kind();
    return { kind >= 0 && kind <= int(EntityKind::GpuInstance) ? EntityKind(kind) : EntityKind::Unspecified,
             p.index() };
}

v1::Event toProto(const Event &e)
{
    v1::Event p;
    p.set_id(e.id);
    p.set_time_ms(e.timeMs);
    p.set_type(v1::EventType(int(e.type)));
    p.set_severity(v1::Severity(int(e.severity)));
    *p.mutable_entity() = toProto(e.entity);
    p.set_job_id(ss(e.jobId));
    p.set_code(e.code);
    p.set_value(e.value);
    p.set_step(e.step);
    p.set_message(ss(e.message));
    p.set_operator_name(ss(e.operatorName));
    p.set_target_event_id(e.targetEventId);
    p.set_alarm_id(e.alarmId);
    p.set_part_serial(ss(e.partSerial));
    p.set_about_ms(e.aboutMs);
    return p;
}

Event fromProto(const v1::Event &p)
{
    Event e;
    e.id = p.id();
    e.timeMs = p.time_ms();
    e.type = isKnownEventType(p.type()) ? EventType(p.type()) : EventType::Unspecified;
    const int severity = p.severity();
    e.severity = severity >= 0 && severity <= 3 ? Severity(severity) : Severity::Unspecified;
    e.entity = fromProto(p.entity());
    e.jobId = qs(p.job_id());
    e.code = p.code();
    e.value = p.value();
    e.step = p.step();
    e.message = qs(p.message());
    e.operatorName = qs(p.operator_name());
    e.targetEventId = p.target_event_id();
    e.alarmId = p.alarm_id();
    e.partSerial = qs(p.part_serial());
    e.aboutMs = p.about_ms();
    return e;
}

v1::Alarm toProto(const Alarm &a)
{
    v1::Alarm p;
    p.set_id(a.id);
    *p.mutable_entity() = toProto(a.entity);
    p.set_source_type(v1::EventType(int(a.sourceType)));
    p.set_code(a.code);
    p.set_metric_id(a.metricId);
    p.set_state(v1::AlarmState(int(a.state())));
    p.set_priority(v1::AlarmPriority(int(a.priority)));
    p.set_active(a.active);
    p.set_raised_ms(a.raisedMs);
    p.set_changed_ms(a.changedMs);
    p.set_last_seen_ms(a.lastSeenMs);
    p.set_activations(a.activations);
    p.set_owner(ss(a.owner));
    p.set_acknowledged_by(ss(a.acknowledgedBy));
    p.set_acknowledged_ms(a.acknowledgedMs);
    p.set_shelved_until_ms(a.shelvedUntilMs);
    p.set_shelved_by(ss(a.shelvedBy));
    p.set_gpus_at_risk(a.gpusAtRisk);
    p.set_job_id(ss(a.jobId));
    p.set_last_comment(ss(a.lastComment));
    p.set_escalated(a.escalated);
    p.set_value(a.value);
    p.set_message(ss(a.message));
    p.set_acknowledged(a.acknowledged);
    p.set_shelved(a.shelved);
    p.set_suppressed(a.suppressed);
    p.set_out_of_service(a.outOfService);
    return p;
}

Alarm fromProto(const v1::Alarm &p)
{
    Alarm a;
    a.id = p.id();
    a.entity = fromProto(p.entity());
    a.sourceType = isKnownEventType(p.source_type()) ? EventType(p.source_type()) : EventType::Unspecified;
    a.code = p.code();
    a.metricId = p.metric_id();
    a.active = p.active();
    a.acknowledged = p.acknowledged();
    a.shelved = p.shelved();
    a.suppressed = p.suppressed();
    a.outOfService = p.out_of_service();
    const int priority = p.priority();
    a.priority = priority >= 1 && priority <= 4 ? AlarmPriority(priority) : AlarmPriority::Low;
    a.raisedMs = p.raised_ms();
    a.changedMs = p.changed_ms();
    a.lastSeenMs = p.last_seen_ms();
    a.activations = p.activations();
    a.owner = qs(p.owner());
    a.acknowledgedBy = qs(p.acknowledged_by());
    a.acknowledgedMs = p.acknowledged_ms();
    a.shelvedUntilMs = p.shelved_until_ms();
    a.shelvedBy = qs(p.shelved_by());
    a.gpusAtRisk = p.gpus_at_risk();
    a.jobId = qs(p.job_id());
    a.lastComment = qs(p.last_comment());
    a.escalated = p.escalated();
    a.value = p.value();
    a.message = qs(p.message());
    return a;
}

v1::Dictionary toProto(uint64_t topologyVersion, const std::vector<MetricDescriptor> &metrics)
{
    v1::Dictionary p;
    p.set_topology_version(topologyVersion);
    for (const MetricDescriptor &m : metrics) {
        auto *d = p.add_metrics();
        d->set_id(m.id);
        d->set_name(ss(m.name));
        d->set_unit(ss(m.unit));
        d->set_entity_kind(v1::EntityKind(int(m.entityKind)));
        d->set_help(ss(m.help));
    }
    return p;
}

std::vector<MetricDescriptor> fromProto(const v1::Dictionary &p)
{
    std::vector<MetricDescriptor> metrics;
    metrics.reserve(p.metrics_size());
    for (const auto &d : p.metrics()) {
        const int kind = d.entity_kind();
        metrics.push_back(
            { d.id(), qs(d.name()), qs(d.unit()),
              kind >= 0 && kind <= int(EntityKind::GpuInstance) ? EntityKind(kind) : EntityKind::Unspecified,
              qs(d.help()) });
    }
    return metrics;
}

size_t entityCount(const Topology &t, EntityKind kind)
{
    switch (kind) {
    case EntityKind::Gpu:
        return t.gpus.size();
    case EntityKind::Node:
        return t.nodes.size();
    case EntityKind::Rack:
        return t.racks.size();
    case EntityKind::Pdu:
        return t.pdus.size();
    case EntityKind::CoolingLoop:
        return t.coolingLoops.size();
    case EntityKind::Switch:
        return t.switches.size();
    case EntityKind::Job:
        return t.jobs.size();
    case EntityKind::Cluster:
        return 1;
    case EntityKind::GpuInstance:
        return t.gpuInstances.size();
    case EntityKind::Unspecified:
        break;
    }
    return 0;
}

} // namespace vigil::wire
