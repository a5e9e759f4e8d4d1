// SPDX-License-Identifier: GPL-3.0-or-later
#include "sources/topologyfile.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <map>
#include <set>

namespace vigil {

namespace {

// Walks the document, remembering where it is so errors can say so.
class Reader
{
public:
    QString error;

    QJsonArray array(const QJsonObject &o, const char *key, const QString &path, bool required = true)
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined() && !required)
            return {};
        if (!v.isArray())
            fail(QStringLiteral("%1.%2: expected an array").arg(path, QLatin1String(key)));
        return v.toArray();
    }
    QJsonObject object(const QJsonValue &v, const QString &path)
    {
        if (!v.isObject())
            fail(QStringLiteral("%1: expected an object").arg(path));
        return v.toObject();
    }
    QString string(const QJsonObject &o, const char *key, const QString &path, bool required = true)
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined() && !required)
            return {};
        if (!v.isString() || v.toString().trimmed().isEmpty())
            fail(QStringLiteral("%1.%2: expected a non-empty string").arg(path, QLatin1String(key)));
        return v.toString().trimmed();
    }
    double number(const QJsonObject &o, const char *key, const QString &path, double fallback, double min, double max)
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined())
            return fallback;
        if (!v.isDouble() || !(v.toDouble() >= min && v.toDouble() <= max)) {
            fail(QStringLiteral("%1.%2: expected a number from %3 to %4")
                     .arg(path, QLatin1String(key))
                     .arg(min)
                     .arg(max));
            return fallback; // in range, so callers may convert it before looking at the error
        }
        return v.toDouble();
    }
    void fail(const QString &message)
    {
        if (error.isEmpty())
            error = message;
    }
};

PriorityClass priorityFrom(const QString &name)
{
    if (name == QLatin1String("training"))
        return PriorityClass::Training;
    if (name == QLatin1String("evaluation"))
        return PriorityClass::Evaluation;
    if (name == QLatin1String("background"))
        return PriorityClass::Background;
    return PriorityClass::Unspecified;
}

QString priorityName(PriorityClass p)
{
    switch (p) {
    case PriorityClass::Training:
        return QStringLiteral("training");
    case PriorityClass::Evaluation:
        return QStringLiteral("evaluation");
    case PriorityClass::Background:
        return QStringLiteral("background");
    case PriorityClass::Unspecified:
        break;
    }
    return QStringLiteral("unspecified");
}

// Reads a topology file's JSON into a Topology, the first problem (with its JSON path) kept. `t`
// and `r` are the topology and the checking reader, as in the rest of this file.
class TopologyFileReader
{
public:
    explicit TopologyFileReader(TopologyFile &out)
        : m_out(out)
        , t(out.topology)
    { }

    void read(const QJsonObject &root)
    {
        t.version = uint64_t(r.number(root, "version", QStringLiteral("$"), 1, 1, 9e15));
        t.clusterName = r.string(root, "cluster", QStringLiteral("$"));
        readLoopsAndSpines(root);
        const QJsonArray halls = r.array(root, "halls", QStringLiteral("$"));
        for (qsizetype h = 0; h < halls.size() && r.error.isEmpty(); ++h) {
            const QString hallPath = QStringLiteral("$.halls[%1]").arg(h);
            const QJsonObject hall = r.object(halls[h], hallPath);
            t.halls.push_back({ r.string(hall, "name", hallPath) });
            const QJsonArray rows = r.array(hall, "rows", hallPath);
            for (qsizetype w = 0; w < rows.size() && r.error.isEmpty(); ++w)
                readRow(rows[w], QStringLiteral("%1.rows[%2]").arg(hallPath).arg(w), uint32_t(h));
        }
        readJobs(root);
        if (r.error.isEmpty() && t.gpus.empty())
            r.fail(QStringLiteral("the cluster has no GPUs"));
        if (r.error.isEmpty())
            r.error = t.index();
        m_out.error = r.error;
    }

private:
    void readLoopsAndSpines(const QJsonObject &root)
    {
        const QJsonArray loops = r.array(root, "cooling_loops", QStringLiteral("$"), false);
        for (qsizetype i = 0; i < loops.size(); ++i) {
            const QString path = QStringLiteral("$.cooling_loops[%1]").arg(i);
            const QJsonObject o = r.object(loops[i], path);
            const QString name = r.string(o, "name", path);
            m_loopIndex[name] = uint32_t(t.coolingLoops.size());
            t.coolingLoops.push_back({ name, float(r.number(o, "supply_temp_c", path, 24, -10, 80)) });
        }
        const QJsonArray spines = r.array(root, "spine_switches", QStringLiteral("$"), false);
        for (qsizetype i = 0; i < spines.size(); ++i) {
            const QString name = spines[i].toString().trimmed();
            if (name.isEmpty())
                r.fail(QStringLiteral("$.spine_switches[%1]: expected a name").arg(i));
            m_switchIndex[name] = uint32_t(t.switches.size());
            t.switches.push_back({ name, SwitchRole::Spine, {} });
        }
    }

    void readRow(const QJsonValue &value, const QString &rowPath, uint32_t hall)
    {
        const QJsonObject row = r.object(value, rowPath);
        const uint32_t rowIndex = uint32_t(t.rows.size());
        t.rows.push_back({ r.string(row, "name", rowPath), hall });
        const QString loopName = r.string(row, "cooling_loop", rowPath, false);
        uint32_t loop = 0;
        if (!loopName.isEmpty()) {
            if (!m_loopIndex.count(loopName))
                r.fail(QStringLiteral("%1.cooling_loop: no cooling loop named '%2'").arg(rowPath, loopName));
            loop = m_loopIndex[loopName];
        } else {
            m_loopIndex[t.rows.back().name] = loop = uint32_t(t.coolingLoops.size());
            t.coolingLoops.push_back({ t.rows.back().name + QStringLiteral("-loop"), 24.0f });
        }
        const QJsonArray racks = r.array(row, "racks", rowPath);
        std::set<uint32_t> taken;
        std::vector<size_t> unplaced;
        for (qsizetype k = 0; k < racks.size() && r.error.isEmpty(); ++k)
            readRack(racks[k], QStringLiteral("%1.racks[%2]").arg(rowPath).arg(k), rowIndex, loop, taken, unplaced);
        // Racks the file does not place go after the placed ones, and the user is told.
        uint32_t next = taken.empty() ? 0 : *taken.rbegin() + 1;
        for (size_t k : unplaced) {
            t.racks[k].positionInRow = next++;
            t.racks[k].placement = Rack::Placement::Assumed;
            m_out.warnings << QStringLiteral("rack %1 has no position; placed at %2 in row %3")
                                  .arg(t.racks[k].name)
                                  .arg(t.racks[k].positionInRow)
                                  .arg(t.rows[rowIndex].name);
        }
    }

    void readRack(const QJsonValue &value, const QString &rackPath, uint32_t rowIndex, uint32_t loop,
                  std::set<uint32_t> &taken, std::vector<size_t> &unplaced)
    {
        const QJsonObject rackObject = r.object(value, rackPath);
        Rack rack;
        rack.name = r.string(rackObject, "name", rackPath);
        rack.rowIndex = rowIndex;
        rack.coolingLoopIndex = loop;
        if (rackObject.contains(QLatin1String("position"))) {
            rack.positionInRow = uint32_t(r.number(rackObject, "position", rackPath, 0, 0, 1000));
            if (!taken.insert(rack.positionInRow).second)
                r.fail(QStringLiteral("%1.position: %2 is taken by another rack of the row")
                           .arg(rackPath)
                           .arg(rack.positionInRow));
        } else {
            unplaced.push_back(t.racks.size());
        }
        const uint32_t rackIndex = uint32_t(t.racks.size());
        const QJsonArray pdus = r.array(rackObject, "pdus", rackPath, false);
        for (qsizetype p = 0; p < pdus.size(); ++p) {
            const QString pduPath = QStringLiteral("%1.pdus[%2]").arg(rackPath).arg(p);
            const QJsonObject pdu = r.object(pdus[p], pduPath);
            rack.pduIndices.push_back(uint32_t(t.pdus.size()));
            t.pdus.push_back(
                { r.string(pdu, "name", pduPath), rackIndex, float(r.number(pdu, "rated_kw", pduPath, 0, 0.1, 1000)) });
            if (!pdu.contains(QLatin1String("rated_kw")))
                r.fail(QStringLiteral("%1.rated_kw: a PDU needs its rating").arg(pduPath));
        }
        const QString leaf = r.string(rackObject, "leaf_switch", rackPath, false);
        if (!leaf.isEmpty()) {
            if (!m_switchIndex.count(leaf)) {
                Switch s { leaf, SwitchRole::Leaf, {} };
                for (uint32_t i = 0; i < t.switches.size(); ++i)
                    if (t.switches[i].role == SwitchRole::Spine)
                        s.uplinkSwitchIndices.push_back(i);
                m_switchIndex[leaf] = uint32_t(t.switches.size());
                t.switches.push_back(std::move(s));
            }
            rack.leafSwitchIndex = m_switchIndex[leaf];
        }
        const QJsonArray nodes = r.array(rackObject, "nodes", rackPath);
        for (qsizetype n = 0; n < nodes.size() && r.error.isEmpty(); ++n)
            readNode(nodes[n], QStringLiteral("%1.nodes[%2]").arg(rackPath).arg(n), rackIndex, n);
        t.racks.push_back(std::move(rack));
    }

    void readNode(const QJsonValue &value, const QString &nodePath, uint32_t rackIndex, qsizetype n)
    {
        const QJsonObject node = r.object(value, nodePath);
        const QString hostname = r.string(node, "hostname", nodePath);
        if (!m_hostnames.insert(hostname).second)
            r.fail(QStringLiteral("%1.hostname: '%2' appears twice").arg(nodePath, hostname));
        const uint32_t nodeIndex = uint32_t(t.nodes.size());
        t.nodes.push_back({ hostname, rackIndex, uint32_t(r.number(node, "slot", nodePath, double(n), 0, 100)) });
        const QJsonArray gpus = r.array(node, "gpus", nodePath);
        for (qsizetype g = 0; g < gpus.size() && r.error.isEmpty(); ++g) {
            const QString gpuPath = QStringLiteral("%1.gpus[%2]").arg(nodePath).arg(g);
            const QJsonObject gpu = r.object(gpus[g], gpuPath);
            const QString uuid = r.string(gpu, "uuid", gpuPath);
            if (!m_uuids.insert(uuid).second)
                r.fail(QStringLiteral("%1.uuid: '%2' appears twice").arg(gpuPath, uuid));
            t.gpus.push_back({ uuid, nodeIndex, uint32_t(r.number(gpu, "index", gpuPath, double(g), 0, 63)),
                               gpu.value(QLatin1String("model")).toString(QStringLiteral("unknown")),
                               float(r.number(gpu, "max_power_w", gpuPath, 700, 1, 5000)),
                               float(r.number(gpu, "memory_total_mib", gpuPath, 81559, 1, 1e7)),
                               gpu.value(QLatin1String("pci_bus_id")).toString().toLower(),
                               gpu.value(QLatin1String("serial")).toString(),
                               gpu.value(QLatin1String("driver_version")).toString() });
        }
        // NVSwitches in the node (HGX boards), by the PCI address their SXid lines name.
        const QJsonArray nvswitches = node.value(QLatin1String("nvswitches")).toArray();
        for (qsizetype k = 0; k < nvswitches.size() && r.error.isEmpty(); ++k) {
            const QString switchPath = QStringLiteral("%1.nvswitches[%2]").arg(nodePath).arg(k);
            const QJsonObject nvswitch = r.object(nvswitches[k], switchPath);
            const QString pci = r.string(nvswitch, "pci_bus_id", switchPath).toLower();
            t.switches.push_back(
                { nvswitch.value(QLatin1String("name")).toString(QStringLiteral("%1-nvswitch%2").arg(hostname).arg(k)),
                  SwitchRole::NvSwitch,
                  {},
                  int32_t(nodeIndex),
                  pci });
        }
    }

    void readJobs(const QJsonObject &root)
    {
        std::map<QString, uint32_t> gpuByUuid;
        std::map<QString, uint32_t> gpuByHostIndex;
        for (uint32_t g = 0; g < t.gpus.size(); ++g) {
            gpuByUuid[t.gpus[g].uuid] = g;
            gpuByHostIndex[QStringLiteral("%1:%2").arg(t.nodes[t.gpus[g].nodeIndex].hostname).arg(t.gpus[g].localIndex)]
                = g;
        }
        const QJsonArray jobs = r.array(root, "jobs", QStringLiteral("$"), false);
        for (qsizetype j = 0; j < jobs.size() && r.error.isEmpty(); ++j) {
            const QString path = QStringLiteral("$.jobs[%1]").arg(j);
            const QJsonObject o = r.object(jobs[j], path);
            Job job;
            job.id = r.string(o, "id", path);
            job.name = o.value(QLatin1String("name")).toString(job.id);
            job.priority = priorityFrom(o.value(QLatin1String("priority")).toString());
            job.checkpointIntervalSteps = uint32_t(r.number(o, "checkpoint_interval_steps", path, 0, 0, 1e9));
            const QJsonObject layout = o.value(QLatin1String("layout")).toObject();
            const QString layoutPath = path + QStringLiteral(".layout");
            job.layout = { uint32_t(r.number(layout, "data", layoutPath, 1, 1, 1e6)),
                           uint32_t(r.number(layout, "tensor", layoutPath, 1, 1, 1e6)),
                           uint32_t(r.number(layout, "pipeline", layoutPath, 1, 1, 1e6)) };
            const QJsonArray gpus = r.array(o, "gpus", path);
            for (qsizetype g = 0; g < gpus.size(); ++g) {
                const QString ref = gpus[g].toString();
                const auto byUuid = gpuByUuid.find(ref);
                const auto byHost = gpuByHostIndex.find(ref);
                if (byUuid != gpuByUuid.end())
                    job.gpuIndices.push_back(byUuid->second);
                else if (byHost != gpuByHostIndex.end())
                    job.gpuIndices.push_back(byHost->second);
                else
                    r.fail(QStringLiteral("%1.gpus[%2]: no GPU '%3' (give a UUID or hostname:index)")
                               .arg(path)
                               .arg(g)
                               .arg(ref));
            }
            t.jobs.push_back(std::move(job));
        }
    }

    TopologyFile &m_out;
    Topology &t;
    Reader r;
    std::map<QString, uint32_t> m_loopIndex;
    std::map<QString, uint32_t> m_switchIndex;
    std::set<QString> m_uuids;
    std::set<QString> m_hostnames;
};

} // namespace

TopologyFile TopologyFile::read(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        TopologyFile out;
        out.error = QStringLiteral("cannot read %1: %2").arg(path, file.errorString());
        return out;
    }
    return parse(file.readAll());
}

TopologyFile TopologyFile::parse(const QByteArray &json)
{
    TopologyFile out;
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        out.error = QStringLiteral("not JSON at byte %1: %2").arg(parseError.offset).arg(parseError.errorString());
        return out;
    }
    if (!doc.isObject()) {
        out.error = QStringLiteral("the document must be a JSON object");
        return out;
    }
    TopologyFileReader(out).read(doc.object());
    return out;
}

QByteArray TopologyFile::write(const Topology &t)
{
    QJsonArray loops;
    for (const CoolingLoop &l : t.coolingLoops)
        loops.append(
            QJsonObject { { QStringLiteral("name"), l.name }, { QStringLiteral("supply_temp_c"), l.supplyTempC } });
    QJsonArray spines;
    for (const Switch &s : t.switches)
        if (s.role == SwitchRole::Spine)
            spines.append(s.name);
    QJsonArray halls;
    for (uint32_t h = 0; h < t.halls.size(); ++h) {
        QJsonArray rows;
        for (uint32_t w = 0; w < t.rows.size(); ++w) {
            if (t.rows[w].hallIndex != h)
                continue;
            QJsonArray racks;
            QString loop;
            for (uint32_t r = 0; r < t.racks.size(); ++r) {
                const Rack &rack = t.racks[r];
                if (rack.rowIndex != w)
                    continue;
                loop = t.coolingLoops.empty() ? QString() : t.coolingLoops[rack.coolingLoopIndex].name;
                QJsonArray pdus;
                for (uint32_t p : rack.pduIndices)
                    pdus.append(QJsonObject { { QStringLiteral("name"), t.pdus[p].name },
                                              { QStringLiteral("rated_kw"), t.pdus[p].ratedKw } });
                QJsonArray nodes;
                for (uint32_t n : t.nodesOfRack[r]) {
                    QJsonArray gpus;
                    for (uint32_t g : t.gpusOfNode[n]) {
                        const Gpu &gpu = t.gpus[g];
                        QJsonObject entry { { QStringLiteral("uuid"), gpu.uuid },
                                            { QStringLiteral("index"), int(gpu.localIndex) },
                                            { QStringLiteral("pci_bus_id"), gpu.pciBusId },
                                            { QStringLiteral("model"), gpu.model },
                                            { QStringLiteral("max_power_w"), gpu.maxPowerW },
                                            { QStringLiteral("memory_total_mib"), gpu.memoryTotalMiB } };
                        if (!gpu.serial.isEmpty())
                            entry.insert(QStringLiteral("serial"), gpu.serial);
                        if (!gpu.driverVersion.isEmpty())
                            entry.insert(QStringLiteral("driver_version"), gpu.driverVersion);
                        gpus.append(entry);
                    }
                    QJsonObject nodeObject { { QStringLiteral("hostname"), t.nodes[n].hostname },
                                             { QStringLiteral("slot"), int(t.nodes[n].slot) },
                                             { QStringLiteral("gpus"), gpus } };
                    QJsonArray nvswitches;
                    for (const Switch &s : t.switches)
                        if (s.role == SwitchRole::NvSwitch && s.nodeIndex == int32_t(n))
                            nvswitches.append(QJsonObject { { QStringLiteral("name"), s.name },
                                                            { QStringLiteral("pci_bus_id"), s.pciBusId } });
                    if (!nvswitches.isEmpty())
                        nodeObject.insert(QStringLiteral("nvswitches"), nvswitches);
                    nodes.append(nodeObject);
                }
                QJsonObject rackObject { { QStringLiteral("name"), rack.name },
                                         { QStringLiteral("pdus"), pdus },
                                         { QStringLiteral("nodes"), nodes } };
                if (rack.placement == Rack::Placement::Known) // an assumed place is not written as known
                    rackObject.insert(QStringLiteral("position"), int(rack.positionInRow));
                if (!t.switches.empty())
                    rackObject.insert(QStringLiteral("leaf_switch"), t.switches[rack.leafSwitchIndex].name);
                racks.append(rackObject);
            }
            QJsonObject row { { QStringLiteral("name"), t.rows[w].name }, { QStringLiteral("racks"), racks } };
            if (!loop.isEmpty())
                row.insert(QStringLiteral("cooling_loop"), loop);
            rows.append(row);
        }
        halls.append(QJsonObject { { QStringLiteral("name"), t.halls[h].name }, { QStringLiteral("rows"), rows } });
    }
    QJsonArray jobs;
    for (const Job &job : t.jobs) {
        QJsonArray gpus;
        for (uint32_t g : job.gpuIndices)
            gpus.append(t.gpus[g].uuid);
        jobs.append(
            QJsonObject { { QStringLiteral("id"), job.id },
                          { QStringLiteral("name"), job.name },
                          { QStringLiteral("priority"), priorityName(job.priority) },
                          { QStringLiteral("checkpoint_interval_steps"), qint64(job.checkpointIntervalSteps) },
                          { QStringLiteral("layout"),
                            QJsonObject { { QStringLiteral("data"), qint64(job.layout.dataParallel) },
                                          { QStringLiteral("tensor"), qint64(job.layout.tensorParallel) },
                                          { QStringLiteral("pipeline"), qint64(job.layout.pipelineParallel) } } },
                          { QStringLiteral("gpus"), gpus } });
    }
    const QJsonObject root { { QStringLiteral("version"), qint64(t.version) },
                             { QStringLiteral("cluster"), t.clusterName },
                             { QStringLiteral("cooling_loops"), loops },
                             { QStringLiteral("spine_switches"), spines },
                             { QStringLiteral("halls"), halls },
                             { QStringLiteral("jobs"), jobs } };
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace vigil
