// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/fleetreliability.h"

#include "domain/entitynames.h"

#include <QDate>
#include <QDateTime>

#include <algorithm>
#include <map>
#include <set>

namespace vigil {

namespace {

constexpr double DayMs = 86400000.0;

QDate dateOf(int64_t ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).date();
}

int64_t msOf(QDate d)
{
    return QDateTime(d, QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
}

std::vector<FailureTally> mostFirst(std::vector<FailureTally> tallies)
{
    std::stable_sort(tallies.begin(), tallies.end(),
                     [](const FailureTally &a, const FailureTally &b) { return a.failures > b.failures; });
    return tallies;
}

// Calendar periods over [from, to): each starts on a boundary `months` long
// (1: months, 3: quarters, 12: years), clipped to the span.
std::vector<FailureTally> calendarPeriods(int64_t fromMs, int64_t toMs, int months, size_t gpus,
                                          const std::vector<int64_t> &failureTimes)
{
    std::vector<FailureTally> out;
    const QDate first = dateOf(fromMs);
    QDate start(first.year(), (first.month() - 1) / months * months + 1, 1);
    while (msOf(start) < toMs && out.size() < 100000) {
        const QDate next = start.addMonths(months);
        const int64_t a = std::max(fromMs, msOf(start)), b = std::min(toMs, msOf(next));
        FailureTally t;
        t.name = months == 12 ? QString::number(start.year())
            : months == 3     ? QStringLiteral("%1-Q%2").arg(start.year()).arg((start.month() - 1) / 3 + 1)
                              : start.toString(QStringLiteral("yyyy-MM"));
        t.gpuDays = double(gpus) * double(b - a) / DayMs;
        t.failures = uint64_t(std::lower_bound(failureTimes.begin(), failureTimes.end(), b)
                              - std::lower_bound(failureTimes.begin(), failureTimes.end(), a));
        out.push_back(t);
        start = next;
    }
    return out;
}

} // namespace

FleetReliability fleetReliability(const Topology &t, const std::vector<Event> &events, int64_t fromMs, int64_t toMs)
{
    FleetReliability r;
    r.fromMs = fromMs;
    r.toMs = toMs;
    if (toMs <= fromMs)
        return r;
    const double days = double(toMs - fromMs) / DayMs;

    // GPUs in service per group, for the rates.
    std::vector<double> hallGpus(t.halls.size()), rowGpus(t.rows.size()), rackGpus(t.racks.size());
    std::map<uint32_t, double> slotGpus;
    std::map<QString, double> modelGpus;
    for (const Gpu &g : t.gpus) {
        const Node &n = t.nodes[g.nodeIndex];
        const Rack &rack = t.racks[n.rackIndex];
        rackGpus[n.rackIndex] += 1;
        rowGpus[rack.rowIndex] += 1;
        hallGpus[t.rows[rack.rowIndex].hallIndex] += 1;
        slotGpus[n.slot] += 1;
        modelGpus[g.model.isEmpty() ? QStringLiteral("unknown model") : g.model] += 1;
    }
    std::vector<uint64_t> hallFailures(t.halls.size()), rowFailures(t.rows.size()), rackFailures(t.racks.size());
    std::map<uint32_t, uint64_t> slotFailures;
    std::map<QString, uint64_t> modelFailures;
    std::vector<int64_t> times;
    struct Slot
    {
        uint64_t failures = 0, unidentified = 0;
        std::set<QString> parts;
    };
    std::map<uint32_t, Slot> slots; // by GPU
    struct Part
    {
        uint64_t failures = 0;
        std::set<uint32_t> slots;
        uint32_t last = 0;
        int64_t lastMs = 0;
    };
    std::map<QString, Part> parts;
    for (const Event &e : events) {
        if (e.timeMs < fromMs || e.timeMs >= toMs || !isHardwareFailure(e))
            continue;
        uint32_t node = 0;
        QString model;
        if (e.entity.kind == EntityKind::Gpu && e.entity.index < t.gpus.size()) {
            const Gpu &gpu = t.gpus[e.entity.index];
            node = gpu.nodeIndex;
            model = gpu.model;
            const QString part = !e.partSerial.isEmpty() ? e.partSerial : !gpu.serial.isEmpty() ? gpu.serial : gpu.uuid;
            Slot &slot = slots[e.entity.index];
            ++slot.failures;
            if (part.isEmpty()) {
                ++slot.unidentified;
            } else {
                slot.parts.insert(part);
                Part &p = parts[part];
                ++p.failures;
                p.slots.insert(e.entity.index);
                if (e.timeMs >= p.lastMs) {
                    p.lastMs = e.timeMs;
                    p.last = e.entity.index;
                }
            }
        } else if (e.entity.kind == EntityKind::Node && e.entity.index < t.nodes.size()) {
            node = e.entity.index;
            if (!t.gpusOfNode.empty() && !t.gpusOfNode[node].empty())
                model = t.gpus[t.gpusOfNode[node].front()].model;
        } else {
            continue; // not a part with a place in a rack
        }
        const Node &n = t.nodes[node];
        const Rack &rack = t.racks[n.rackIndex];
        ++rackFailures[n.rackIndex];
        ++rowFailures[rack.rowIndex];
        ++hallFailures[t.rows[rack.rowIndex].hallIndex];
        ++slotFailures[n.slot];
        ++modelFailures[model.isEmpty() ? QStringLiteral("unknown model") : model];
        times.push_back(e.timeMs);
    }
    std::sort(times.begin(), times.end());

    r.fleet = { QStringLiteral("fleet"), times.size(), double(t.gpus.size()) * days };
    for (size_t h = 0; h < t.halls.size(); ++h)
        r.byHall.push_back({ t.halls[h].name, hallFailures[h], hallGpus[h] * days });
    for (size_t w = 0; w < t.rows.size(); ++w)
        r.byRow.push_back({ t.rows[w].name, rowFailures[w], rowGpus[w] * days });
    for (size_t k = 0; k < t.racks.size(); ++k)
        r.byRack.push_back({ t.racks[k].name, rackFailures[k], rackGpus[k] * days });
    for (const auto &[slot, gpus] : slotGpus)
        r.byPosition.push_back({ QStringLiteral("slot %1").arg(slot), slotFailures[slot], gpus * days });
    for (const auto &[model, gpus] : modelGpus)
        r.byModel.push_back({ model, modelFailures[model], gpus * days });
    for (const auto &[gpu, slot] : slots)
        if (slot.failures >= 2 && (slot.parts.size() >= 2 || slot.unidentified > 0))
            r.lemonPositions.push_back({ gpu, entityKeyName(t, { EntityKind::Gpu, gpu }), slot.failures,
                                         slot.parts.size(), size_t(slot.unidentified) });
    for (const auto &[serial, part] : parts)
        if (part.failures >= 2)
            r.lemonParts.push_back(
                { serial, part.failures, part.slots.size(), entityKeyName(t, { EntityKind::Gpu, part.last }) });
    std::stable_sort(r.lemonPositions.begin(), r.lemonPositions.end(),
                     [](const LemonPosition &a, const LemonPosition &b) { return a.failures > b.failures; });
    std::stable_sort(r.lemonParts.begin(), r.lemonParts.end(),
                     [](const LemonPart &a, const LemonPart &b) { return a.failures > b.failures; });
    r.byHall = mostFirst(std::move(r.byHall));
    r.byRow = mostFirst(std::move(r.byRow));
    r.byRack = mostFirst(std::move(r.byRack));
    r.byModel = mostFirst(std::move(r.byModel));
    // Calendar periods for spans a calendar can hold (not a report that reaches to the ends of int64).
    constexpr uint64_t Centuries = uint64_t(200 * 366) * uint64_t(DayMs);
    if (uint64_t(toMs) - uint64_t(fromMs) <= Centuries && dateOf(fromMs).isValid() && dateOf(toMs).isValid()) {
        r.byMonth = calendarPeriods(fromMs, toMs, 1, t.gpus.size(), times);
        r.byQuarter = calendarPeriods(fromMs, toMs, 3, t.gpus.size(), times);
        r.byYear = calendarPeriods(fromMs, toMs, 12, t.gpus.size(), times);
    }
    return r;
}

} // namespace vigil
