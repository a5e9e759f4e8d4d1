// SPDX-License-Identifier: GPL-3.0-or-later
#include "earlyflags.h"

#include "alarmraising.h"

#include "sources/scrapewatch.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <map>

namespace vigil::test {

namespace {

// The rules without peers.
class FixedScrapeRules
{
public:
    FixedScrapeRules(const Topology &topology, size_t metrics)
        : m_topology(topology)
        , m_metrics(metrics)
        , m_slow(topology.nodes.size())
        , m_gpus(topology.gpus.size())
    { }

    void scraped(uint32_t node, int64_t timeMs, double latencyMs, const std::vector<GpuReading> *readings,
                 std::vector<Event> &flags)
    {
        std::deque<int64_t> &slow = m_slow[node];
        if (latencyMs > EarlyFlagScore::FixedSlowMs)
            slow.push_back(timeMs);
        while (!slow.empty() && slow.front() <= timeMs - 5 * 60000)
            slow.pop_front();
        if (slow.size() >= 3)
            flags.push_back(flag(EventType::ScrapeSlow, { EntityKind::Node, node }, timeMs));
        if (!readings)
            return;
        std::map<uint32_t, std::vector<uint8_t>> present;
        for (const GpuReading &r : *readings)
            if (r.gpu < m_gpus.size() && r.metricId < m_metrics && !std::isnan(r.value)) {
                std::vector<uint8_t> &fields = present[r.gpu];
                fields.resize(m_metrics, 0);
                fields[r.metricId] = 1;
            }
        for (uint32_t gpu : m_topology.gpusOfNode[node])
            judge(gpu, timeMs, present.count(gpu) ? &present[gpu] : nullptr, flags);
    }

private:
    struct GpuRule
    {
        std::vector<uint8_t> seen;
        std::deque<int64_t> missing;
        int absent = 0;
    };
    void judge(uint32_t gpu, int64_t timeMs, const std::vector<uint8_t> *fields, std::vector<Event> &flags)
    {
        GpuRule &r = m_gpus[gpu];
        r.seen.resize(m_metrics, 0);
        const bool known = std::any_of(r.seen.begin(), r.seen.end(), [](uint8_t n) { return n >= 3; });
        if (!fields) {
            if (known && ++r.absent >= 2)
                flags.push_back(flag(EventType::GpuSilent, { EntityKind::Gpu, gpu }, timeMs));
            return;
        }
        r.absent = 0;
        bool lacking = false;
        for (size_t m = 0; m < m_metrics; ++m) {
            if ((*fields)[m])
                r.seen[m] = uint8_t(std::min(3, r.seen[m] + 1));
            else if (r.seen[m] >= 3)
                lacking = true;
        }
        if (lacking)
            r.missing.push_back(timeMs);
        while (!r.missing.empty() && r.missing.front() <= timeMs - 10 * 60000)
            r.missing.pop_front();
        if (r.missing.size() >= 3)
            flags.push_back(flag(EventType::ReadingsMissing, { EntityKind::Gpu, gpu }, timeMs));
    }
    static Event flag(EventType type, EntityRef entity, int64_t timeMs)
    {
        Event e;
        e.type = type;
        e.entity = entity;
        e.timeMs = timeMs;
        return e;
    }

    const Topology &m_topology;
    const size_t m_metrics;
    std::vector<std::deque<int64_t>> m_slow; // per node
    std::vector<GpuRule> m_gpus;
};

// The failures whose Xid the world's kernel log gives in [fromMs, toMs), read as the kernel log
// source reads them and matched to a GPU by node and PCI address.
std::vector<size_t> failuresRead(const IndependentTelemetry &world, int64_t fromMs, int64_t toMs, QString *error)
{
    std::vector<size_t> read;
    for (const Event &x : xidEventsOfKernelLog(*world.topology(), world.kernelLog(fromMs, toMs), error)) {
        bool matched = false;
        for (size_t i = 0; i < world.failures().size(); ++i) {
            const IndependentTelemetry::FailingGpu &f = world.failures()[i];
            if (f.gpu == x.entity.index && f.xid == x.code && std::abs(f.xidMs - x.timeMs) < 1000) {
                read.push_back(i);
                matched = true;
            }
        }
        if (!matched && error->isEmpty())
            *error = QStringLiteral("the kernel log's Xid %1 on GPU %2 is no failure of the world's")
                         .arg(x.code)
                         .arg(x.entity.index);
    }
    return read;
}

double leadMinutes(const IndependentTelemetry &world, const IndependentTelemetry::FailingGpu &f,
                   const std::vector<EarlyFlagScore::Flag> &flags)
{
    const uint32_t node = world.topology()->gpus[f.gpu].nodeIndex;
    for (const EarlyFlagScore::Flag &flag : flags) // in time order
        if (flag.timeMs < f.xidMs && flag.timeMs >= f.xidMs - EarlyFlagScore::HorizonMs
            && ((flag.entity.kind == EntityKind::Gpu && flag.entity.index == f.gpu)
                || (flag.entity.kind == EntityKind::Node && flag.entity.index == node)))
            return double(f.xidMs - flag.timeMs) / 60000.0;
    return -1.0;
}

} // namespace

size_t EarlyFlagScore::falseAlarms(const std::vector<Flag> &flags) const
{
    return size_t(std::count_if(flags.begin(), flags.end(), [](const Flag &f) { return !f.borneOut; }));
}

double EarlyFlagScore::share(const std::vector<double> &leadMinutes)
{
    if (leadMinutes.empty())
        return 0.0;
    return double(std::count_if(leadMinutes.begin(), leadMinutes.end(), [](double m) { return m >= 0.0; }))
        / double(leadMinutes.size());
}

EarlyFlagScore scoreEarlyFlags(const IndependentTelemetry &world, int64_t durationMs, int64_t scrapeEveryMs)
{
    EarlyFlagScore score;
    score.days = double(durationMs) / 86400000.0;
    const std::shared_ptr<const Topology> topology = world.topology();
    IndependentScraper scraper(world);
    auto latencies = std::make_shared<ScrapeLatencies>();
    std::vector<std::unique_ptr<ScrapeWatch>> watches; // one per exporter
    for (size_t n = 0; n < topology->nodes.size(); ++n)
        watches.push_back(std::make_unique<ScrapeWatch>(topology, scraper.metrics(), latencies));
    FixedScrapeRules fixed(*topology, scraper.metrics().size());
    AlarmRaising watchRaising, fixedRaising;
    std::vector<Event> warnings, fixedWarnings;
    const int64_t endMs = world.startMs() + durationMs;
    for (int64_t t = world.startMs(); t < endMs; t += scrapeEveryMs) {
        for (uint32_t n = 0; n < topology->nodes.size(); ++n) {
            const std::vector<GpuReading> *readings = scraper.scrapeNode(n, t);
            const double latencyMs = readings ? world.scrapeLatencyMs(n, t) : EarlyFlagScore::TimeoutMs;
            warnings.clear();
            fixedWarnings.clear();
            if (readings)
                watches[n]->answered(t, latencyMs, *readings, warnings);
            else
                watches[n]->unanswered(t, latencyMs, warnings);
            fixed.scraped(n, t, latencyMs, readings, fixedWarnings);
            for (const Event &w : warnings)
                if (watchRaising.raises(w.entity, w.timeMs, int(w.type)))
                    score.watch.push_back({ w.timeMs, w.entity, w.type,
                                            world.failsWithin(w.entity, w.timeMs, EarlyFlagScore::HorizonMs),
                                            w.message });
            for (const Event &w : fixedWarnings)
                if (fixedRaising.raises(w.entity, w.timeMs, int(w.type)))
                    score.fixedThreshold.push_back({ w.timeMs,
                                                     w.entity,
                                                     w.type,
                                                     world.failsWithin(w.entity, w.timeMs, EarlyFlagScore::HorizonMs),
                                                     {} });
        }
        if (!scraper.error().isEmpty() && score.error.isEmpty())
            score.error = scraper.error();
    }
    score.failures = failuresRead(world, world.startMs(), endMs, &score.error);
    for (size_t i : score.failures) {
        score.watchLeadMinutes.push_back(leadMinutes(world, world.failures()[i], score.watch));
        score.fixedLeadMinutes.push_back(leadMinutes(world, world.failures()[i], score.fixedThreshold));
    }
    return score;
}

} // namespace vigil::test
