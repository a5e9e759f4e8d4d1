// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/attribution.h"

#include "domain/blastradius.h"
#include "domain/codec.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace vigil {

namespace {

// What makes warnings on one entity one run: their type, and for an Xid its code and for a
// straggler its cause, since those call for different work.
// Warnings of one kind: by type, and by code for the kinds whose code says what went wrong.
int runKind(EventType type, int32_t code)
{
    const bool coded = type == EventType::Xid || type == EventType::Straggler;
    return int(type) * 1000 + (coded ? code : 0);
}

int runKind(const Event &e)
{
    return runKind(e.type, e.code);
}

int runKind(const WarningRun &r)
{
    return runKind(r.type, r.code);
}

} // namespace

void Attributor::setTopology(std::shared_ptr<const Topology> topology)
{
    m_topology = std::move(topology);
    m_warnings.clear();
    m_rates.reset();
    m_acknowledgedBy.clear();
    m_affected.clear();
    m_liftCounts.clear();
    m_drainedAt.clear();
    m_skipped = m_duplicates = 0;
}

const std::vector<uint32_t> &Attributor::affected(EntityRef entity) const
{
    const quint64 key = entityKey(entity);
    auto it = m_affected.find(key);
    if (it == m_affected.end())
        it = m_affected.insert(key, gpusAffectedBy(*m_topology, entity));
    return *it;
}

void Attributor::addEvents(const std::vector<Event> &events)
{
    if (!m_topology)
        return;
    for (const Event &e : events) {
        if (e.type == EventType::Acknowledge && e.targetEventId) {
            m_acknowledgedBy[e.targetEventId] = e.operatorName;
            continue;
        }
        if (e.type == EventType::Drain) {
            auto &times = m_drainedAt[entityKey(e.entity)];
            times.insert(std::upper_bound(times.begin(), times.end(), e.timeMs), e.timeMs);
            continue;
        }
        if (!isHardwareWarning(e.type))
            continue;
        if (affected(e.entity).empty()) {
            ++m_skipped; // about an entity this topology does not hold
            continue;
        }
        const auto at = std::upper_bound(m_warnings.begin(), m_warnings.end(), e, [](const Event &a, const Event &x) {
            return a.timeMs < x.timeMs || (a.timeMs == x.timeMs && a.id < x.id);
        });
        if (at != m_warnings.begin() && (at - 1)->id == e.id && e.id && (at - 1)->timeMs == e.timeMs) {
            ++m_duplicates; // delivered twice
            continue;
        }
        m_warnings.insert(at, e);
        m_rates.reset();
    }
}

void Attributor::indexRates() const
{
    if (m_rates)
        return;
    auto rates = std::make_shared<RateIndex>();
    for (const Event &w : m_warnings) {
        if (w.severity == Severity::Critical)
            continue;
        rates->timesOf[{ entityKey(w.entity), int(w.type) }].push_back(w.timeMs); // in time order
        rates->countOfKind[{ int(w.entity.kind), int(w.type) }] += 1.0;
    }
    m_rates = std::move(rates);
}

double Attributor::surprise(const WarningRun &run, int64_t untilMs) const
{
    if (!m_topology || m_warnings.empty())
        return 0.0;
    indexRates();
    const double hour = 3600000.0;
    const int64_t historyFrom = m_warnings.front().timeMs, historyTo = m_warnings.back().timeMs;
    const double historyHours = std::max(24.0, double(historyTo - historyFrom) / hour);
    const size_t peers = wire::entityCount(*m_topology, run.entity.kind);
    double rate = 0.0; // warnings an hour
    const RateIndex &rates = *m_rates;
    if (auto it = rates.countOfKind.find({ int(run.entity.kind), int(run.type) }); it != rates.countOfKind.end())
        rate = it->second / double(std::max<size_t>(1, peers)) / historyHours;
    if (run.firstMs - historyFrom >= OwnPastMinMs) {
        double past = 0.0;
        if (auto it = rates.timesOf.find({ entityKey(run.entity), int(run.type) }); it != rates.timesOf.end())
            past = double(std::lower_bound(it->second.begin(), it->second.end(), run.firstMs) - it->second.begin());
        rate = std::max(rate, past / (double(run.firstMs - historyFrom) / hour));
    }
    const double spanHours = std::max(5.0 / 60.0, double(untilMs - run.firstMs) / hour);
    const double expected = rate * spanHours;
    return std::log2((double(run.count) + 1.0) / (expected + 1.0));
}

// When each entity's warnings were last dealt with before an incident: the entity, its node or
// its rack drained, or the entity failed on its own. Warnings from before then were another
// story: alone, they name no cause of this failure.
class Attributor::ClosedWarnings
{
public:
    ClosedWarnings(const Attributor &attributor, int64_t failedMs)
        : m_attributor(attributor)
        , m_failedMs(failedMs)
    { }

    int64_t since(EntityRef e)
    {
        const quint64 key = entityKey(e);
        if (auto found = m_closedAt.find(key); found != m_closedAt.end())
            return found->second;
        int64_t latest = std::numeric_limits<int64_t>::min();
        auto drained = [&](EntityRef place) {
            if (auto d = m_attributor.m_drainedAt.find(entityKey(place)); d != m_attributor.m_drainedAt.end()) {
                const auto before = std::lower_bound(d->second.begin(), d->second.end(), m_failedMs - CoincidentMs);
                if (before != d->second.begin())
                    latest = std::max(latest, *(before - 1));
            }
        };
        drained(e);
        if (e.kind == EntityKind::Gpu && e.index < m_attributor.m_topology->gpus.size()) {
            const uint32_t node = m_attributor.m_topology->gpus[e.index].nodeIndex;
            drained({ EntityKind::Node, node });
            drained({ EntityKind::Rack, m_attributor.m_topology->nodes[node].rackIndex });
        } else if (e.kind == EntityKind::Node && e.index < m_attributor.m_topology->nodes.size()) {
            drained({ EntityKind::Rack, m_attributor.m_topology->nodes[e.index].rackIndex });
        }
        m_closedAt[key] = latest;
        return latest;
    }

    void failedAt(EntityRef e, int64_t timeMs)
    {
        int64_t &at = m_closedAt.try_emplace(entityKey(e), since(e)).first->second;
        at = std::max(at, timeMs);
    }

private:
    const Attributor &m_attributor;
    const int64_t m_failedMs;
    std::map<quint64, int64_t> m_closedAt;
};

// Each candidate's score: a fault as the job went down by nearness and reach, and what it
// warned of before by lift; warnings alone by how unusual they were.
void Attributor::score(CauseCandidate &c, const Incident &incident, ClosedWarnings &closed) const
{
    std::sort(c.evidence.begin(), c.evidence.end(),
              [](const WarningRun &a, const WarningRun &b) { return a.firstMs < b.firstMs; });
    c.firstSeenMs = c.evidence.front().firstMs;
    // Lead time: from the first warning that came before the failure (not the fault at the failure).
    c.leadMs = 0;
    for (const WarningRun &r : c.evidence)
        if (incident.failedMs - r.firstMs > CoincidentMs) {
            c.leadMs = incident.failedMs - r.firstMs;
            break;
        }
    double score = 0.0;
    if (c.failedWithIt) {
        // A fault as the job went down: nearer in time and narrower in reach (a GPU before
        // the switch above it) is the likelier culprit.
        int64_t nearest = LookBackMs;
        for (const WarningRun &r : c.evidence)
            if (r.worst == Severity::Critical)
                nearest = std::min<int64_t>(nearest, std::llabs(r.lastMs - incident.failedMs));
        const double reach = double(affected(c.entity).size());
        score = 100.0 + 50.0 / (1.0 + double(nearest) / 60000.0) + 50.0 / std::log2(2.0 + reach);
    }
    for (const WarningRun &r : c.evidence) {
        if (r.type == EventType::Xid && isApplicationXid(r.code))
            continue; // the application's own faults point at no hardware
        const double hoursBefore = std::max(0.0, double(incident.failedMs - r.lastMs) / 3600000.0);
        if (c.failedWithIt)
            score += lift(r.type) * std::log2(1.0 + double(r.count)) / (1.0 + hoursBefore / 12.0);
    }
    c.score = c.failedWithIt ? score : 10.0 * precursorSurprise(c, incident.failedMs, closed.since(c.entity));
}

double Attributor::precursorSurprise(const CauseCandidate &c, int64_t failedMs, int64_t closedSinceMs) const
{
    // Warnings alone name a cause by how unusual they were for this entity and its peers (a burst,
    // a first time), a day's distance halving it. A slow burst (eight correctable errors three hours
    // apart) is as many runs as warnings, none unusual alone: so each run is also judged with the
    // later runs of its kind that follow it without a pause of SlowBurstGapMs. (Not with all of
    // them: an old burst and one stray warning near the failure would look like a fresh burst.)
    double most = 0.0;
    for (size_t i = 0; i < c.evidence.size(); ++i) {
        const WarningRun &first = c.evidence[i];
        if (first.worst == Severity::Critical || first.lastMs < closedSinceMs
            || (first.type == EventType::Xid && isApplicationXid(first.code)))
            continue;
        WarningRun burst = first;
        int joined = 0;
        for (size_t j = i + 1; j < c.evidence.size(); ++j) {
            const WarningRun &later = c.evidence[j];
            if (runKind(later) != runKind(first) || later.worst == Severity::Critical)
                continue;
            if (later.firstMs - burst.lastMs > SlowBurstGapMs)
                break;
            burst.count += later.count;
            burst.lastMs = std::max(burst.lastMs, later.lastMs);
            ++joined;
        }
        if (burst.count < PrecursorMinCount)
            continue;
        const double hoursBefore = std::max(0.0, double(failedMs - burst.lastMs) / 3600000.0);
        const double penalty = joined > 0 ? SlowBurstPenalty : 0.0;
        most = std::max(most, (surprise(burst, failedMs) - penalty) / (1.0 + hoursBefore / 24.0));
    }
    return most;
}

Attribution Attributor::attribute(const Incident &incident) const
{
    Attribution result;
    result.incidentId = incident.id;
    if (!m_topology || incident.job < 0 || size_t(incident.job) >= m_topology->jobs.size())
        return result;
    std::vector<uint8_t> inJob(m_topology->gpus.size(), 0);
    for (uint32_t g : m_topology->jobs[size_t(incident.job)].gpuIndices)
        inJob[g] = 1;
    auto withinRadius = [&](EntityRef e) {
        for (uint32_t g : affected(e))
            if (inJob[g])
                return true;
        return false;
    };

    // The warnings of the look-back, on what can reach the job, as runs per entity and kind.
    const int64_t from = incident.failedMs - LookBackMs, to = incident.failedMs + CoincidentMs;
    const auto begin = std::lower_bound(m_warnings.begin(), m_warnings.end(), from,
                                        [](const Event &e, int64_t t) { return e.timeMs < t; });
    std::map<std::pair<quint64, int>, std::vector<WarningRun>> runs;
    // Warnings dealt with before this failure were another story (ClosedWarnings). (An entity
    // that fails with the job keeps them as its evidence: "it had been drained in time".)
    ClosedWarnings closed(*this, incident.failedMs);
    for (auto it = begin; it != m_warnings.end() && it->timeMs <= to; ++it)
        if (it->severity == Severity::Critical && it->timeMs < incident.failedMs - CoincidentMs
            && !(it->type == EventType::Xid && isApplicationXid(it->code))) {
            closed.failedAt(it->entity, it->timeMs); // it failed on its own before: its warnings before that are paid
        }
    for (auto it = begin; it != m_warnings.end() && it->timeMs <= to; ++it) {
        if (!withinRadius(it->entity))
            continue;
        auto &list = runs[{ entityKey(it->entity), runKind(*it) }];
        if (list.empty() || it->timeMs - list.back().lastMs > FlapJoinMs) {
            WarningRun run;
            run.entity = it->entity;
            run.type = it->type;
            run.code = it->code;
            run.firstMs = it->timeMs;
            list.push_back(run);
        }
        WarningRun &run = list.back();
        run.lastMs = it->timeMs;
        run.message = it->message;
        ++run.count;
        run.worst = std::max(run.worst, it->severity);
        run.eventIds.push_back(it->id);
        if (auto ack = m_acknowledgedBy.find(it->id); ack != m_acknowledgedBy.end() && run.acknowledgedBy.isEmpty())
            run.acknowledgedBy = ack->second.isEmpty() ? QStringLiteral("?") : ack->second;
    }

    // Candidates per entity: what it reported, and whether it failed with the job.
    std::map<quint64, CauseCandidate> byEntity;
    for (auto &[key, list] : runs)
        for (WarningRun &run : list) {
            CauseCandidate &c = byEntity[key.first];
            c.entity = run.entity;
            const bool coincident
                = std::llabs(run.lastMs - incident.failedMs) <= CoincidentMs && run.worst == Severity::Critical;
            const bool application = run.type == EventType::Xid && isApplicationXid(run.code);
            if (coincident && !application)
                c.failedWithIt = true;
            c.evidence.push_back(std::move(run));
        }
    for (auto &[key, c] : byEntity)
        score(c, incident, closed);
    if (incident.kind == EventType::Drain)
        nameWhatWasDrained(incident, byEntity);
    for (auto &[key, c] : byEntity)
        if (c.failedWithIt || c.score >= 10.0 * PrecursorSurprise) // below: background, "no precursor seen"
            result.ranked.push_back(std::move(c));
    std::sort(result.ranked.begin(), result.ranked.end(),
              [](const CauseCandidate &a, const CauseCandidate &b) { return a.score > b.score; });
    return result;
}

void Attributor::nameWhatWasDrained(const Incident &incident, std::map<quint64, CauseCandidate> &byEntity) const
{
    // An operator drained it for a reason: what warned inside what was drained (a GPU of the
    // drained node, the node itself) is the cause, however little it said; with nothing warned
    // there, the drained entity itself.
    const std::vector<uint32_t> &drained = affected(incident.drained);
    if (drained.empty())
        return;
    auto inside = [&](EntityRef e) {
        const std::vector<uint32_t> &reach = affected(e);
        return !reach.empty() && std::all_of(reach.begin(), reach.end(), [&](uint32_t g) {
            return std::find(drained.begin(), drained.end(), g) != drained.end();
        });
    };
    bool named = false;
    for (auto &[key, c] : byEntity) {
        if (c.failedWithIt || !inside(c.entity) || c.leadMs <= 0)
            continue;
        uint32_t warnings = 0;
        for (const WarningRun &r : c.evidence)
            if (!(r.type == EventType::Xid && isApplicationXid(r.code)))
                warnings += r.count;
        if (warnings == 0)
            continue;
        // Above any warning alone elsewhere, below a fault with the failure; more warnings first.
        c.score = std::max(c.score, 90.0 + std::min(9.0, std::log2(1.0 + double(warnings))));
        named = true;
    }
    if (!named) {
        CauseCandidate &c = byEntity[entityKey(incident.drained)];
        c.entity = incident.drained;
        c.firstSeenMs = incident.failedMs;
        c.score = std::max(c.score, 90.0);
    }
}

std::vector<WarningRun> Attributor::runs(int64_t fromMs, int64_t toMs, bool faults) const
{
    std::map<std::pair<quint64, int>, WarningRun *> open;
    std::vector<std::unique_ptr<WarningRun>> all;
    const auto begin = std::lower_bound(m_warnings.begin(), m_warnings.end(), fromMs,
                                        [](const Event &e, int64_t t) { return e.timeMs < t; });
    for (auto it = begin; it != m_warnings.end() && it->timeMs <= toMs; ++it) {
        if ((it->severity == Severity::Critical) != faults)
            continue;
        const auto key = std::make_pair(entityKey(it->entity), runKind(*it));
        WarningRun *run = open.count(key) ? open[key] : nullptr;
        if (!run || it->timeMs - run->lastMs > FlapJoinMs) {
            all.push_back(std::make_unique<WarningRun>());
            run = all.back().get();
            run->entity = it->entity;
            run->type = it->type;
            run->code = it->code;
            run->firstMs = it->timeMs;
            open[key] = run;
        }
        run->lastMs = it->timeMs;
        run->message = it->message;
        ++run->count;
        run->worst = std::max(run->worst, it->severity);
        run->eventIds.push_back(it->id);
        if (auto ack = m_acknowledgedBy.find(it->id); ack != m_acknowledgedBy.end() && run->acknowledgedBy.isEmpty())
            run->acknowledgedBy = ack->second.isEmpty() ? QStringLiteral("?") : ack->second;
    }
    std::vector<WarningRun> result;
    for (auto &run : all)
        result.push_back(std::move(*run));
    return result;
}

double Attributor::lift(EventType type) const
{
    // Laplace-smoothed: with no history every kind counts the same.
    double before = 0.0, all = 0.0;
    for (const auto &[t, counts] : m_liftCounts) {
        before += counts.first;
        all += counts.second;
    }
    const auto it = m_liftCounts.find(type);
    const double typeRate = it == m_liftCounts.end() ? 0.5 : (it->second.first + 1.0) / (it->second.second + 2.0);
    const double overall = (before + 1.0) / (all + 2.0);
    return std::clamp(typeRate / overall, 0.1, 10.0);
}

void Attributor::learn(const std::vector<Incident> &incidents)
{
    // Per warning kind: how many runs on an entity were followed, within the
    // look-back, by a fault of that same entity as a job went down.
    m_liftCounts.clear();
    std::map<quint64, std::vector<int64_t>> failedAt; // entity -> times it failed with a job
    for (const Incident &i : incidents) {
        const auto begin = std::lower_bound(m_warnings.begin(), m_warnings.end(), i.failedMs - CoincidentMs,
                                            [](const Event &e, int64_t t) { return e.timeMs < t; });
        for (auto it = begin; it != m_warnings.end() && it->timeMs <= i.failedMs + CoincidentMs; ++it)
            if (it->severity == Severity::Critical)
                failedAt[entityKey(it->entity)].push_back(i.failedMs);
    }
    std::map<std::pair<quint64, int>, int64_t> lastRunEnd;
    for (const Event &w : m_warnings) {
        if (w.severity == Severity::Critical)
            continue; // the faults themselves are not precursors
        const auto key = std::make_pair(entityKey(w.entity), int(w.type));
        auto last = lastRunEnd.find(key);
        const bool newRun = last == lastRunEnd.end() || w.timeMs - last->second > FlapJoinMs;
        lastRunEnd[key] = w.timeMs;
        if (!newRun)
            continue;
        auto &counts = m_liftCounts[w.type];
        counts.second += 1.0;
        if (auto f = failedAt.find(key.first); f != failedAt.end())
            for (int64_t t : f->second)
                if (t > w.timeMs && t - w.timeMs <= LookBackMs) {
                    counts.first += 1.0;
                    break;
                }
    }
}

} // namespace vigil
