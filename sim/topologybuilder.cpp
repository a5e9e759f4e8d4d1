// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/topologybuilder.h"

#include "sim/random.h"

#include <algorithm>

namespace vigil {

namespace {

QString hallLetter(uint32_t hall)
{
    return hall < 26 ? QString(QChar(u'A' + hall)) : QStringLiteral("H%1").arg(hall + 1);
}

// PCI bus numbers of the eight GPUs of an HGX H100 board.
int hgxPciBus(uint32_t localIndex)
{
    static const int bus[8] = { 0x18, 0x2a, 0x3a, 0x5d, 0x9a, 0xab, 0xba, 0xdb };
    return bus[localIndex % 8];
}

QString uuidFor(Random &random)
{
    const uint64_t a = random.next();
    const uint64_t b = random.next();
    return QStringLiteral("GPU-%1-%2-%3-%4-%5")
        .arg(uint32_t(a >> 32), 8, 16, QLatin1Char('0'))
        .arg(uint32_t(a >> 16) & 0xffff, 4, 16, QLatin1Char('0'))
        .arg(uint32_t(a) & 0xffff, 4, 16, QLatin1Char('0'))
        .arg(uint32_t(b >> 48) & 0xffff, 4, 16, QLatin1Char('0'))
        .arg(b & 0xffffffffffffULL, 12, 16, QLatin1Char('0'));
}

void addJob(Topology &t, const QString &id, const QString &name, PriorityClass priority, uint32_t firstGpu,
            uint32_t count, ParallelismLayout layout, uint32_t checkpointInterval)
{
    Job job { id, name, priority, {}, layout, checkpointInterval };
    job.gpuIndices.reserve(count);
    for (uint32_t g = firstGpu; g < firstGpu + count && g < t.gpus.size(); ++g)
        job.gpuIndices.push_back(g);
    if (!job.gpuIndices.empty())
        t.jobs.push_back(std::move(job));
}

} // namespace

Topology buildTopology(const ClusterShape &shape, uint64_t seed)
{
    Random random(seed ^ 0x746f706f6c6f6779ULL);
    Topology t;
    t.version = 1;
    t.clusterName = QStringLiteral("sim-%1").arg(shape.gpus);

    const uint32_t nodeCount = (shape.gpus + shape.gpusPerNode - 1) / shape.gpusPerNode;
    const uint32_t rackCount = (nodeCount + shape.nodesPerRack - 1) / shape.nodesPerRack;
    // Small clusters get short rows so the floor plan stays wide rather than tall.
    const uint32_t racksPerRow = rackCount <= 32 ? 8 : 16;
    const uint32_t rowsPerHall = 12;
    const uint32_t rowCount = (rackCount + racksPerRow - 1) / racksPerRow;
    const uint32_t hallCount = (rowCount + rowsPerHall - 1) / rowsPerHall;

    for (uint32_t h = 0; h < hallCount; ++h)
        t.halls.push_back({ QStringLiteral("Hall %1").arg(hallLetter(h)) });
    for (uint32_t r = 0; r < rowCount; ++r) {
        const uint32_t hall = r / rowsPerHall;
        t.rows.push_back(
            { QStringLiteral("%1%2").arg(hallLetter(hall)).arg(r % rowsPerHall + 1, 2, 10, QLatin1Char('0')), hall });
        t.coolingLoops.push_back({ t.rows.back().name + QStringLiteral("-CDU"), shape.coolantSupplyC });
    }

    const uint32_t spineCount = std::max<uint32_t>(2, (rackCount + 15) / 16);
    for (uint32_t s = 0; s < spineCount; ++s)
        t.switches.push_back({ QStringLiteral("spine-%1").arg(s + 1, 2, 10, QLatin1Char('0')), SwitchRole::Spine, {} });

    for (uint32_t r = 0; r < rackCount; ++r) {
        const uint32_t row = r / racksPerRow;
        Rack rack;
        rack.name = QStringLiteral("%1-R%2").arg(t.rows[row].name).arg(r % racksPerRow + 1, 2, 10, QLatin1Char('0'));
        rack.rowIndex = row;
        rack.positionInRow = r % racksPerRow;
        rack.coolingLoopIndex = row;
        for (uint32_t p = 0; p < shape.pdusPerRack; ++p) {
            rack.pduIndices.push_back(uint32_t(t.pdus.size()));
            t.pdus.push_back({ rack.name + QStringLiteral("-PDU-%1").arg(QChar(u'A' + p)), r, shape.pduRatedKw });
        }
        rack.leafSwitchIndex = uint32_t(t.switches.size());
        Switch leaf { rack.name + QStringLiteral("-leaf"), SwitchRole::Leaf, {} };
        for (uint32_t s = 0; s < spineCount; ++s)
            leaf.uplinkSwitchIndices.push_back(s);
        t.switches.push_back(std::move(leaf));
        t.racks.push_back(std::move(rack));
    }

    for (uint32_t n = 0; n < nodeCount; ++n) {
        const uint32_t rackIndex = n / shape.nodesPerRack;
        const Rack &rack = t.racks[rackIndex];
        const QString hostname = QStringLiteral("%1r%2n%3")
                                     .arg(t.rows[rack.rowIndex].name.toLower())
                                     .arg(rack.positionInRow + 1, 2, 10, QLatin1Char('0'))
                                     .arg(n % shape.nodesPerRack);
        t.nodes.push_back({ hostname, rackIndex, n % shape.nodesPerRack });
        for (uint32_t g = 0; g < shape.gpusPerNode && t.gpus.size() < shape.gpus; ++g)
            t.gpus.push_back({ uuidFor(random), n, g, QStringLiteral("H100-SXM5-80GB"), 700.0f, 81559.0f,
                               QStringLiteral("0000:%1:00.0").arg(hgxPciBus(g), 2, 16, QLatin1Char('0')) });
    }

    // One synchronous pre-training run on ~3/4 of the machine (whole nodes), then
    // smaller work after it, leaving a little idle capacity as spares.
    const uint32_t gpus = uint32_t(t.gpus.size());
    const uint32_t perNode = shape.gpusPerNode;
    const uint32_t trainingGpus = std::max(perNode, (gpus * 3 / 4) / perNode * perNode);
    const uint32_t tp = std::min<uint32_t>(8, trainingGpus);
    const uint32_t pp = trainingGpus >= 1024 ? 16 : trainingGpus >= 128 ? 4 : 1;
    addJob(t, QStringLiteral("llm-405b-pretrain"), QStringLiteral("405B pre-training"), PriorityClass::Training, 0,
           trainingGpus, { std::max<uint32_t>(1, trainingGpus / (tp * pp)), tp, pp }, 500);
    uint32_t next = trainingGpus;
    const uint32_t spare = gpus - std::min(gpus, next);
    const uint32_t fineTune = spare / 3 / perNode * perNode;
    const uint32_t eval = spare / 6 / perNode * perNode;
    const uint32_t sanitise = spare / 8 / perNode * perNode;
    addJob(t, QStringLiteral("ft-code-70b"), QStringLiteral("Code fine-tune 70B"), PriorityClass::Evaluation, next,
           fineTune, { std::max<uint32_t>(1, fineTune / 8), 8, 1 }, 200);
    next += fineTune;
    addJob(t, QStringLiteral("eval-harness"), QStringLiteral("Evaluation harness"), PriorityClass::Evaluation, next,
           eval, { std::max<uint32_t>(1, eval / 8), 8, 1 }, 0);
    next += eval;
    addJob(t, QStringLiteral("data-sanitise"), QStringLiteral("Corpus sanitisation"), PriorityClass::Background, next,
           sanitise, { std::max<uint32_t>(1, sanitise), 1, 1 }, 0);
    t.index();
    return t;
}

void prefixNames(Topology &t, const QString &prefix)
{
    if (prefix.isEmpty())
        return;
    const auto named = [&](QString &name) { name = prefix + u'-' + name; };
    for (Hall &h : t.halls)
        named(h.name);
    for (Row &r : t.rows)
        named(r.name);
    for (Rack &r : t.racks)
        named(r.name);
    for (Node &n : t.nodes)
        named(n.hostname);
    for (Pdu &p : t.pdus)
        named(p.name);
    for (CoolingLoop &l : t.coolingLoops)
        named(l.name);
    for (Switch &s : t.switches)
        named(s.name);
    for (Job &j : t.jobs) {
        named(j.id);
        named(j.name);
    }
    named(t.clusterName);
}

} // namespace vigil
