// SPDX-License-Identifier: GPL-3.0-or-later
#include "host/topologymerge.h"

#include <QStringList>

#include <algorithm>
#include <map>
#include <set>

namespace vigil {

std::optional<uint32_t> PodPlacement::place(EntityKind kind, uint32_t index, const Topology &pod) const
{
    const auto within = [&](size_t size, uint32_t offset) -> std::optional<uint32_t> {
        return index < size ? std::optional<uint32_t>(offset + index) : std::nullopt;
    };
    const auto mapped = [&](const std::vector<uint32_t> &map) -> std::optional<uint32_t> {
        return index < map.size() ? std::optional<uint32_t>(map[index]) : std::nullopt;
    };
    switch (kind) {
    case EntityKind::Gpu:
        return within(pod.gpus.size(), gpuOffset);
    case EntityKind::Node:
        return within(pod.nodes.size(), nodeOffset);
    case EntityKind::Rack:
        return within(pod.racks.size(), rackOffset);
    case EntityKind::Pdu:
        return within(pod.pdus.size(), pduOffset);
    case EntityKind::GpuInstance:
        return within(pod.gpuInstances.size(), instanceOffset);
    case EntityKind::CoolingLoop:
        return mapped(coolingLoops);
    case EntityKind::Switch:
        return mapped(switches);
    case EntityKind::Job:
        return mapped(jobs);
    case EntityKind::Cluster:
    case EntityKind::Unspecified:
        return index;
    }
    return std::nullopt;
}

namespace {

// Merges pods one at a time: shared places (halls, rows, loops, spine and leaf switches,
// jobs) by name, each pod's own parts (racks, PDUs, nodes, GPUs) claimed by it alone.
class PodMerger
{
public:
    explicit PodMerger(Topology &merged)
        : merged(merged)
    { }

    QString add(const QString &pod, const Topology &t, PodPlacement &p)
    {
        p.pod = pod;
        p.gpuOffset = uint32_t(merged.gpus.size());
        p.nodeOffset = uint32_t(merged.nodes.size());
        p.rackOffset = uint32_t(merged.racks.size());
        p.pduOffset = uint32_t(merged.pdus.size());
        p.instanceOffset = uint32_t(merged.gpuInstances.size());
        p.gpus = uint32_t(t.gpus.size());
        std::vector<uint32_t> rows;
        if (QString e = placeLayout(pod, t, p, rows); !e.isEmpty())
            return e;
        if (QString e = placeSwitches(pod, t, p); !e.isEmpty())
            return e;
        if (QString e = placeParts(pod, t, p, rows); !e.isEmpty())
            return e;
        placeJobs(t, p);
        return {};
    }

private:
    // Whose each pod-owned name is, to say which two pods conflict.
    static QString claim(std::map<QString, QString> &owners, const QString &name, const QString &pod,
                         const QString &what)
    {
        if (name.isEmpty())
            return {};
        const auto [it, fresh] = owners.emplace(name, pod);
        if (fresh)
            return {};
        return QStringLiteral("conflicting topologies: %1 %2 is in both %3 and %4").arg(what, name, it->second, pod);
    }

    // Halls, rows and cooling loops, shared by name; `rows` maps the pod's rows to the merged ones.
    QString placeLayout(const QString &pod, const Topology &t, PodPlacement &p, std::vector<uint32_t> &rows)
    {
        std::vector<uint32_t> halls;
        for (const Hall &h : t.halls) {
            const auto [it, fresh] = hallByName.emplace(h.name, uint32_t(merged.halls.size()));
            if (fresh)
                merged.halls.push_back(h);
            halls.push_back(it->second);
        }
        for (const Row &r : t.rows) {
            if (r.hallIndex >= halls.size())
                return QStringLiteral("%1: row %2 is in no hall").arg(pod, r.name);
            const uint32_t hall = halls[r.hallIndex];
            const auto [it, fresh] = rowByName.emplace(std::pair(hall, r.name), uint32_t(merged.rows.size()));
            if (fresh)
                merged.rows.push_back({ r.name, hall });
            rows.push_back(it->second);
        }
        for (const CoolingLoop &l : t.coolingLoops) {
            const auto [it, fresh] = loopByName.emplace(l.name, uint32_t(merged.coolingLoops.size()));
            if (fresh)
                merged.coolingLoops.push_back(l);
            p.coolingLoops.push_back(it->second);
        }
        return {};
    }

    QString placeSwitches(const QString &pod, const Topology &t, PodPlacement &p)
    {
        for (const Switch &s : t.switches) {
            // An NVSwitch sits in a node of its pod: its own, whatever its name.
            const bool shared = s.role != SwitchRole::NvSwitch;
            const auto [it, fresh] = shared ? switchByName.emplace(s.name, uint32_t(merged.switches.size()))
                                            : std::pair(switchByName.end(), true);
            const uint32_t index = fresh ? uint32_t(merged.switches.size()) : it->second;
            if (fresh) {
                Switch copy = s;
                copy.uplinkSwitchIndices.clear();
                if (copy.nodeIndex >= 0)
                    copy.nodeIndex += int32_t(p.nodeOffset);
                merged.switches.push_back(copy);
            }
            p.switches.push_back(index);
        }
        for (size_t i = 0; i < t.switches.size(); ++i)
            for (uint32_t up : t.switches[i].uplinkSwitchIndices) {
                if (up >= p.switches.size())
                    return QStringLiteral("%1: switch %2 has an uplink out of range").arg(pod, t.switches[i].name);
                std::vector<uint32_t> &uplinks = merged.switches[p.switches[i]].uplinkSwitchIndices;
                if (std::find(uplinks.begin(), uplinks.end(), p.switches[up]) == uplinks.end())
                    uplinks.push_back(p.switches[up]);
            }
        return {};
    }

    // The pod's own racks, PDUs, nodes, GPUs and MIG instances, after those of the pods before.
    QString placeParts(const QString &pod, const Topology &t, const PodPlacement &p, const std::vector<uint32_t> &rows)
    {
        for (const Rack &r : t.racks) {
            if (QString e = claim(rackOwner, r.name, pod, QStringLiteral("rack")); !e.isEmpty())
                return e;
            if (r.rowIndex >= rows.size() || r.coolingLoopIndex >= std::max<size_t>(p.coolingLoops.size(), 1)
                || (!p.switches.empty() && r.leafSwitchIndex >= p.switches.size()))
                return QStringLiteral("%1: rack %2 refers to a row, loop or switch it does not have").arg(pod, r.name);
            Rack copy = r;
            copy.rowIndex = rows[r.rowIndex];
            copy.coolingLoopIndex = p.coolingLoops.empty() ? 0 : p.coolingLoops[r.coolingLoopIndex];
            copy.leafSwitchIndex = p.switches.empty() ? 0 : p.switches[r.leafSwitchIndex];
            for (uint32_t &pdu : copy.pduIndices)
                pdu += p.pduOffset;
            merged.racks.push_back(std::move(copy));
        }
        for (Pdu pdu : t.pdus) {
            if (QString e = claim(pduOwner, pdu.name, pod, QStringLiteral("PDU")); !e.isEmpty())
                return e;
            pdu.rackIndex += p.rackOffset;
            merged.pdus.push_back(std::move(pdu));
        }
        for (Node n : t.nodes) {
            if (QString e = claim(nodeOwner, n.hostname, pod, QStringLiteral("node")); !e.isEmpty())
                return e;
            n.rackIndex += p.rackOffset;
            merged.nodes.push_back(std::move(n));
        }
        for (Gpu g : t.gpus) {
            if (QString e = claim(gpuOwner, g.uuid, pod, QStringLiteral("GPU")); !e.isEmpty())
                return e;
            g.nodeIndex += p.nodeOffset;
            merged.gpus.push_back(std::move(g));
        }
        for (GpuInstance i : t.gpuInstances) {
            i.gpuIndex += p.gpuOffset;
            merged.gpuInstances.push_back(std::move(i));
        }
        return {};
    }

    void placeJobs(const Topology &t, PodPlacement &p)
    {
        for (const Job &j : t.jobs) {
            const auto [it, fresh] = jobById.emplace(j.id, uint32_t(merged.jobs.size()));
            if (fresh) {
                Job copy = j;
                copy.gpuIndices.clear();
                merged.jobs.push_back(std::move(copy));
            }
            for (uint32_t g : j.gpuIndices)
                merged.jobs[it->second].gpuIndices.push_back(g + p.gpuOffset);
            p.jobs.push_back(it->second);
        }
    }

    Topology &merged;
    std::map<QString, uint32_t> hallByName, loopByName, switchByName, jobById;
    std::map<std::pair<uint32_t, QString>, uint32_t> rowByName;
    std::map<QString, QString> rackOwner, nodeOwner, pduOwner, gpuOwner;
};

} // namespace

QString mergePodTopologies(const std::vector<std::pair<QString, std::shared_ptr<const Topology>>> &pods,
                           Topology &merged, std::vector<PodPlacement> &placements)
{
    merged = {};
    placements.clear();
    PodMerger merger(merged);
    QStringList names;
    for (const auto &[pod, topology] : pods) {
        if (!topology)
            return QStringLiteral("%1 has no topology").arg(pod);
        names << (topology->clusterName.isEmpty() ? pod : topology->clusterName);
        PodPlacement p;
        if (QString e = merger.add(pod, *topology, p); !e.isEmpty())
            return e;
        placements.push_back(std::move(p));
    }
    merged.version = 1;
    merged.clusterName = names.join(QStringLiteral(" + "));
    if (QString e = merged.index(); !e.isEmpty())
        return QStringLiteral("the pods' topologies do not make one cluster: %1").arg(e);
    return {};
}

std::vector<MetricDescriptor> mergeMetricDictionaries(const std::vector<std::vector<MetricDescriptor>> &dictionaries)
{
    std::vector<MetricDescriptor> merged;
    std::set<QString> names;
    for (const std::vector<MetricDescriptor> &dictionary : dictionaries)
        for (MetricDescriptor d : dictionary)
            if (names.insert(d.name).second) {
                d.id = uint32_t(merged.size());
                merged.push_back(std::move(d));
            }
    return merged;
}

} // namespace vigil
