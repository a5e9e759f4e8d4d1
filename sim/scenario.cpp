// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/scenario.h"

#include <QStringList>

#include <algorithm>
#include <cmath>

namespace vigil {

namespace {

// 0 before a, 1 after b, smooth in between.
double ramp(double x, double a, double b)
{
    if (x <= a)
        return 0.0;
    if (x >= b)
        return 1.0;
    const double t = (x - a) / (b - a);
    return t * t * (3.0 - 2.0 * t);
}

} // namespace

std::optional<Scenario> scenarioFromName(const QString &name)
{
    if (name == QLatin1String("steady"))
        return Scenario::Steady;
    if (name == QLatin1String("decline"))
        return Scenario::Decline;
    if (name == QLatin1String("quiet"))
        return Scenario::Quiet;
    return std::nullopt;
}

QString scenarioName(Scenario scenario)
{
    switch (scenario) {
    case Scenario::Steady:
        return QStringLiteral("steady");
    case Scenario::Decline:
        return QStringLiteral("decline");
    case Scenario::Quiet:
        return QStringLiteral("quiet");
    }
    return {};
}

QStringList scenarioNames()
{
    return { QStringLiteral("steady"), QStringLiteral("decline"), QStringLiteral("quiet") };
}

DeclineStory DeclineStory::cast(const Topology &t)
{
    DeclineStory story;
    std::vector<uint32_t> trainingRacks;
    for (uint32_t r = 0; r < t.racks.size(); ++r) {
        bool all = !t.nodesOfRack[r].empty();
        for (uint32_t node : t.nodesOfRack[r])
            for (uint32_t gpu : node < t.gpusOfNode.size() ? t.gpusOfNode[node] : std::vector<uint32_t> {})
                all = all && gpu < t.jobOfGpu.size() && t.jobOfGpu[gpu] == 0;
        if (all && t.nodesOfRack[r].size() >= 4)
            trainingRacks.push_back(r);
    }
    if (trainingRacks.empty())
        trainingRacks.push_back(0);
    const size_t n = trainingRacks.size();
    auto pick = [&](size_t sixth) { return trainingRacks[std::min(n - 1, n * sixth / 6)]; };
    story.hotRack = pick(1);
    const uint32_t eccRack = pick(2);
    story.flakySwitch = t.racks[pick(3)].leafSwitchIndex;
    story.powerRack = pick(4);
    const auto &nodes = t.nodesOfRack[eccRack];
    const uint32_t node = nodes[std::min<size_t>(3, nodes.size() - 1)];
    story.eccGpu = t.gpusOfNode[node][std::min<size_t>(5, t.gpusOfNode[node].size() - 1)];
    return story;
}

float DeclineStory::inletExtraC(uint32_t rack, double hour) const
{
    return rack == hotRack ? float(10.0 * ramp(hour, 6.0, 60.0)) : 0.0f;
}

float DeclineStory::thermalResistanceFactor(uint32_t rack, double hour) const
{
    return rack == hotRack ? float(1.0 + 0.45 * ramp(hour, 6.0, 60.0)) : 1.0f;
}

double DeclineStory::switchSlowdown(double hour, bool workedAround) const
{
    const double full = 0.09 * ramp(hour, 80.0, 98.0);
    return 1.0 + (workedAround ? full * 0.4 : full);
}

float DeclineStory::fragmentationMiB(double hour) const
{
    return hour < 100.0 ? 0.0f : float(4300.0 * std::min(1.0, (hour - 100.0) / 21.5));
}

std::vector<DeclineStory::Step> DeclineStory::timeline() const
{
    using B = Beat;
    std::vector<Step> s {
        // HBM on eccGpu: correctable errors climb for two days, amber warnings are acknowledged and left.
        { 20.0, B::EccWarnings, 2 },
        { 29.5, B::EccWarnings, 3 },
        { 36.0, B::EccWarnings, 5 },
        { 41.0, B::EccWarnings, 8 },
        { 45.0, B::Xid92 },
        { 46.3, B::Acknowledge, 0, QStringLiteral("a.nakamura"), QStringLiteral("HBM SBE rate high; watching it") },
        { 49.0, B::EccWarnings, 13 },
        { 53.0, B::EccWarnings, 21 },
        { 57.0, B::EccWarnings, 34 },
        { 58.0, B::Xid92 },
        { 60.2, B::Xid63 },
        { 63.0, B::EccWarnings, 55 },
        { 66.0, B::HbmFailure },
        { 69.4, B::Drain, 0, QStringLiteral("a.nakamura"), QStringLiteral("node drained for HBM replacement") },
        // The hot rack: throttling is answered at 03:05 by lowering its power cap, which costs throughput.
        { 74.9, B::Acknowledge, 1, QStringLiteral("d.kowalski"), QStringLiteral("thermal throttling on hot rack") },
        { 75.08, B::PowerCap, 560, QStringLiteral("d.kowalski"),
          QStringLiteral("power cap lowered to 560 W until the fan tray is replaced") },
        // The flaky leaf: CRC errors, a straggler, an NCCL timeout at 02:42, a 03:33 manual restart.
        { 81.0, B::CrcWarnings, 40 },
        { 86.0, B::CrcWarnings, 90 },
        { 90.5, B::CrcWarnings, 150 },
        { 94.0, B::CrcWarnings, 260 },
        { 97.0, B::CrcWarnings, 410 },
        { 98.7, B::NcclTimeout },
        { 99.05, B::RestartFailsAgain },
        { 99.55, B::ManualRestart, 0, QStringLiteral("m.okafor"),
          QStringLiteral("restarted by hand with the flaky leaf's links pinned down") },
        // Fragmentation: an OOM at 02:00, then a night-time hot-patch that also raises power.
        { 122.0, B::Oom },
        { 122.8, B::HotPatch, 0, QStringLiteral("j.alvarez"),
          QStringLiteral("allocator hot-patch: expandable segments, micro-batch 2 -> 3") },
        // The end: the power rack's PDUs have warned since the hot-patch; nobody looked.
        { 146.0, B::ExtraServers, 0, QStringLiteral("s.lindqvist"),
          QStringLiteral("two data-prep servers racked on the spare PDU sockets; facilities ticket pending") },
    };
    return s;
}

} // namespace vigil
