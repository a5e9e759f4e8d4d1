// SPDX-License-Identifier: GPL-3.0-or-later
#include "independentrepairs.h"

#include "independenttelemetry.h"

#include "domain/repairwatch.h"

#include <QDateTime>

#include <algorithm>
#include <deque>
#include <map>
#include <random>
#include <set>

namespace vigil::test {

namespace {

constexpr int64_t HourMs = 3600000, DayMs = 24 * HourMs;

struct Pending
{
    uint32_t gpu = 0;
    bool recurrence = false;
    int64_t sinceRepairMs = -1;
};

struct XidLine
{
    int64_t timeMs;
    uint32_t gpu;
    int code;
};

QByteArray kernelLine(const Topology &t, const XidLine &x)
{
    const Gpu &g = t.gpus[x.gpu];
    const bool application = x.code == 13 || x.code == 31 || x.code == 43;
    return QDateTime::fromMSecsSinceEpoch(x.timeMs, Qt::UTC)
               .toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzz+00:00"))
               .toLatin1()
        + ' ' + t.nodes[g.nodeIndex].hostname.toLatin1() + " kernel: NVRM: Xid (PCI:" + g.pciBusId.mid(4, 10).toLatin1()
        + "): " + QByteArray::number(x.code)
        + (application ? QByteArrayLiteral(", pid=5150, name=python3, Ch 00000008")
                       : QByteArrayLiteral(", pid='<unknown>', name=<unknown>"))
        + '\n';
}

} // namespace

RepairHistory independentRepairHistory(const RepairWorld &world)
{
    IndependentTelemetry::Options floor;
    floor.seed = world.seed;
    floor.largeJobGpus = 8192;
    RepairHistory h;
    h.topology = IndependentTelemetry(floor).topology();
    const Topology &t = *h.topology;
    std::mt19937_64 random(world.seed * 0x9e3779b97f4a7c15ULL + 7);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    auto exponentialMs = [&](double meanDays) { return int64_t(-std::log(1.0 - unit(random)) * meanDays * DayMs); };
    const int64_t start = floor.startMs, end = floor.startMs + int64_t(world.days) * DayMs;
    static const std::vector<int> fatal { 79, 79, 79, 48, 48, 62, 64, 95, 119, 120, 140 };
    static const char *const operators[] = { "kim", "ana", "raj", "li", "sam" };

    std::multimap<int64_t, Pending> queue; // failures to come, by time
    std::vector<XidLine> lines;
    for (uint32_t g = 0; g < t.gpus.size(); ++g) {
        for (int64_t at = start + exponentialMs(1.0 / world.failuresPerGpuDay); at < end;
             at += exponentialMs(1.0 / world.failuresPerGpuDay))
            queue.emplace(at, Pending { g, false, -1 });
        for (int64_t at = start + exponentialMs(1.0 / world.applicationXidsPerGpuDay); at < end;
             at += exponentialMs(1.0 / world.applicationXidsPerGpuDay))
            lines.push_back({ at, g, std::array { 13, 31, 43 }[random() % 3] });
    }
    std::vector<int64_t> downUntil(t.gpus.size(), 0);
    while (!queue.empty()) {
        const auto [at, p] = *queue.begin();
        queue.erase(queue.begin());
        if (at >= end)
            break;
        if (at < downUntil[p.gpu])
            continue; // down already, waiting for its repair: it cannot fail again
        lines.push_back({ at, p.gpu, fatal[random() % fatal.size()] });
        h.failures.push_back({ p.gpu, at, p.recurrence, p.sinceRepairMs });
        // Repaired within hours: a reset, a reboot of its node, or a new part.
        const int64_t repairedAt = at + int64_t((1.0 + 7.0 * unit(random)) * HourMs);
        downUntil[p.gpu] = repairedAt;
        const double kind = unit(random);
        Event r;
        r.timeMs = repairedAt;
        r.type = EventType::Repair;
        r.severity = Severity::Info;
        r.operatorName = QString::fromLatin1(operators[random() % std::size(operators)]);
        double works = world.resetWorks;
        if (kind < 0.5) {
            r.code = int32_t(RepairKind::Reset);
            r.entity = { EntityKind::Gpu, p.gpu };
        } else if (kind < 0.8) {
            r.code = int32_t(RepairKind::Reboot);
            r.entity = { EntityKind::Node, t.gpus[p.gpu].nodeIndex };
            works = world.rebootWorks;
        } else {
            r.code = int32_t(RepairKind::Swap);
            r.entity = { EntityKind::Gpu, p.gpu };
            works = world.swapWorks;
        }
        h.repairs.push_back(r);
        if (unit(random) >= works) { // the fault is still there
            const int64_t back = repairedAt + std::max<int64_t>(HourMs, exponentialMs(2.0));
            queue.emplace(back, Pending { p.gpu, true, back - repairedAt });
        }
    }
    std::sort(lines.begin(), lines.end(), [](const XidLine &a, const XidLine &b) { return a.timeMs < b.timeMs; });
    for (const XidLine &x : lines)
        h.kernelLog += kernelLine(t, x);
    std::sort(h.repairs.begin(), h.repairs.end(), [](const Event &a, const Event &b) { return a.timeMs < b.timeMs; });
    return h;
}

RepeatOffenderScore scoreRepeatOffenders(const RepairHistory &history)
{
    RepeatOffenderScore s;
    std::vector<Event> events = xidEventsOfKernelLog(*history.topology, history.kernelLog, &s.error);
    events.insert(events.end(), history.repairs.begin(), history.repairs.end());
    std::stable_sort(events.begin(), events.end(), [](const Event &a, const Event &b) { return a.timeMs < b.timeMs; });
    std::map<std::pair<uint32_t, int64_t>, const RepairHistory::Failure *> truth;
    for (const RepairHistory::Failure &f : history.failures)
        truth[{ f.gpu, f.timeMs }] = &f;
    auto isRecurrence = [&](EntityRef gpu, int64_t timeMs) {
        const auto it = truth.find({ gpu.index, timeMs });
        return gpu.kind == EntityKind::Gpu && it != truth.end() && it->second->recurrence;
    };
    RepairWatch watch;
    watch.setTopology(history.topology);
    const int64_t window = watch.policy().repairWindowMs;
    std::map<uint32_t, std::deque<int64_t>> xidTimes, failureTimes; // the rules without repairs
    std::vector<Event> warnings;
    uint64_t id = 0;
    std::set<std::pair<uint32_t, int64_t>> escalated;
    for (Event &e : events) {
        e.id = ++id;
        warnings.clear();
        watch.observe({ e }, warnings);
        for (const Event &w : warnings)
            if (w.type == EventType::RepeatFailure) {
                ++s.escalations;
                s.right += isRecurrence(w.entity, w.timeMs) ? 1 : 0;
                escalated.insert({ w.entity.index, w.timeMs });
            }
        if (e.type != EventType::Xid)
            continue;
        const auto secondWithin = [&](std::deque<int64_t> &times) {
            while (!times.empty() && times.front() < e.timeMs - window)
                times.pop_front();
            times.push_back(e.timeMs);
            return times.size() >= 2;
        };
        const bool right = isRecurrence(e.entity, e.timeMs);
        if (secondWithin(xidTimes[e.entity.index])) {
            ++s.baselineEscalations;
            s.baselineRight += right ? 1 : 0;
        }
        if (isHardwareFailure(e) && secondWithin(failureTimes[e.entity.index])) {
            ++s.twoFailuresEscalations;
            s.twoFailuresRight += right ? 1 : 0;
        }
    }
    for (const RepairHistory::Failure &f : history.failures)
        if (f.recurrence && f.sinceRepairMs <= window) {
            ++s.recurrencesInWindow;
            s.caught += escalated.count({ f.gpu, f.timeMs });
        }
    return s;
}

} // namespace vigil::test
