// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/alarmbook.h"

#include "domain/blastradius.h"
#include "domain/checkedtime.h"
#include "domain/entitynames.h"
#include "domain/nvlinkdomain.h"
#include "domain/remedy.h"

#include <QDateTime>

#include <algorithm>
#include <cmath>

namespace vigil {

bool isAlarmAction(EventType t)
{
    switch (t) {
    case EventType::Acknowledge:
    case EventType::Shelve:
    case EventType::Unshelve:
    case EventType::Assign:
    case EventType::Escalate:
    case EventType::RemoveFromService:
    case EventType::ReturnToService:
    case EventType::Note:
        return true;
    default:
        return false;
    }
}

namespace {

AlarmPriority raised(AlarmPriority p, int steps)
{
    return AlarmPriority(std::clamp(int(p) + steps, int(AlarmPriority::Low), int(AlarmPriority::Critical)));
}

QString clockText(int64_t ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss 'UTC'"));
}

} // namespace

QString ThresholdRule::validate() const
{
    if (metric.trimmed().isEmpty())
        return QStringLiteral("a threshold rule needs a metric");
    if (std::isnan(high) && std::isnan(low))
        return QStringLiteral("the rule on %1 has neither a high nor a low limit").arg(metric);
    if (std::isinf(high) || std::isinf(low))
        return QStringLiteral("the rule on %1 has an infinite limit").arg(metric);
    if (!std::isfinite(deadband) || deadband < 0.0)
        return QStringLiteral("the rule on %1 has a negative or infinite deadband").arg(metric);
    if (onDelayMs < 0 || offDelayMs < 0 || onDelayMs > 86400000 || offDelayMs > 86400000)
        return QStringLiteral("the rule on %1 has a delay outside 0 s to 1 day").arg(metric);
    if (!std::isnan(high) && !std::isnan(low) && low + deadband >= high - deadband)
        return QStringLiteral("the rule on %1 has its low limit above its high one").arg(metric);
    return {};
}

std::vector<ThresholdRule> AlarmBook::defaultRules()
{
    // Calibrated on an H100 fleet: the GPU slows itself down near 87 °C and its HBM
    // near 95 °C (its operating limit); ASHRAE A1 allows 32 °C of inlet air; a PDU breaker
    // trips past its rating. None of them stops a job yet, so none is above medium.
    return {
        { metric::GpuTemp, 85.0, qQNaN(), false, 3.0, 60000, 60000, AlarmPriority::Medium,
          QStringLiteral("GPU above 85 °C") },
        { metric::MemoryTemp, 95.0, qQNaN(), false, 3.0, 60000, 60000, AlarmPriority::Medium,
          QStringLiteral("HBM above 95 °C") },
        { metric::RackInletTemp, 32.0, qQNaN(), false, 1.0, 120000, 120000, AlarmPriority::Medium,
          QStringLiteral("inlet air above 32 °C") },
        { metric::PduLoad, 90.0, qQNaN(), true, 5.0, 30000, 120000, AlarmPriority::Medium,
          QStringLiteral("PDU above 90 % of its rating") },
    };
}

QString AlarmBook::setRules(std::vector<ThresholdRule> rules)
{
    for (const ThresholdRule &r : rules)
        if (QString why = r.validate(); !why.isEmpty())
            return why;
    m_rules = std::move(rules);
    m_pduLoadWatched.clear(); // known again from the new rules' readings
    m_ruleStates.assign(m_rules.size(), {});
    return {};
}

void AlarmBook::setTopology(std::shared_ptr<const Topology> topology, std::vector<MetricDescriptor> metrics)
{
    m_topology = std::move(topology);
    m_metrics = std::move(metrics);
    m_ruleStates.assign(m_rules.size(), {});
}

AlarmBook::Key AlarmBook::keyOf(const Alarm &a)
{
    return { int(a.entity.kind), a.entity.index, int(a.sourceType), a.code, a.metricId };
}

Alarm *AlarmBook::alarmFor(const Key &key, EntityRef entity, int64_t timeMs)
{
    if (auto it = m_byKey.find(key); it != m_byKey.end())
        return &m_alarms[it->second];
    if (m_alarms.size() >= m_maxAlarms) {
        noteBookFull(timeMs);
        return nullptr;
    }
    Alarm a;
    a.id = m_nextId++;
    a.entity = entity;
    a.sourceType = EventType(key.source);
    a.code = key.code;
    a.metricId = key.metricId;
    a.suppressed = isDrained(entity);
    m_byKey[key] = a.id;
    return &(m_alarms[a.id] = std::move(a));
}

void AlarmBook::noteBookFull(int64_t timeMs)
{
    // A flood beyond what any NOC can read (or a client making one up): what is past the
    // cap is not annunciated, and one alarm says so, with the count.
    ++m_refusedAlarms;
    const Key key { int(EntityKind::Cluster), 0, int(EventType::Unspecified), 0, BookFullMetricId };
    uint64_t id = 0;
    if (auto it = m_byKey.find(key); it != m_byKey.end()) {
        id = it->second;
    } else {
        Alarm full;
        full.id = id = m_nextId++;
        full.entity = { EntityKind::Cluster, 0 };
        full.metricId = BookFullMetricId;
        full.priority = AlarmPriority::High;
        m_byKey[key] = id;
        m_alarms[id] = std::move(full);
    }
    Alarm &a = m_alarms[id];
    a.value = double(m_refusedAlarms);
    a.lastSeenMs = std::max(a.lastSeenMs, timeMs);
    a.message = QStringLiteral("alarm flood: %1 new alarm(s) not annunciated, the book holds its maximum of %2")
                    .arg(m_refusedAlarms)
                    .arg(m_maxAlarms);
    activate(a, timeMs);
    touch(a, timeMs);
}

std::pair<uint32_t, QString> AlarmBook::gpusAtRisk(EntityRef entity) const
{
    // Every GPU of every job the entity reaches: one failed GPU stops its whole synchronous job.
    if (!m_topology)
        return {};
    std::set<int> jobs;
    for (uint32_t g : gpusAffectedBy(*m_topology, entity))
        if (g < m_topology->jobOfGpu.size() && m_topology->jobOfGpu[g] >= 0)
            jobs.insert(m_topology->jobOfGpu[g]);
    uint32_t gpus = 0;
    size_t largest = 0;
    QString job;
    for (int j : jobs) {
        const size_t n = m_topology->jobs[size_t(j)].gpuIndices.size();
        gpus += uint32_t(n);
        if (n > largest) {
            largest = n;
            job = m_topology->jobs[size_t(j)].id;
        }
    }
    return { gpus, job };
}

AlarmPriority AlarmBook::basePriority(const Event &warning)
{
    // High is kept for what stops a job now; medium for what will, or needs hands soon;
    // the rest is low: worth a look on the round, not worth waking anyone.
    if (isHardwareFailure(warning))
        return AlarmPriority::High;
    switch (warning.type) {
    case EventType::RepeatFailure: // the repair did not work: it needs a person, not another reset
        return AlarmPriority::High;
    case EventType::NvlinkDomainDegraded: // below NVL64, a job sized for the domain no longer fits
        return warning.value < double(NvlinkDomainWatch::Nvl64Trays) ? AlarmPriority::High : AlarmPriority::Medium;
    case EventType::PolicyThreshold:
    case EventType::RowRemap: // rows pending remap: the GPU needs a reset to heal
    case EventType::PduOverThreshold:
    case EventType::CoolantTemperature:
    // A GPU whose telemetry comes apart is the likeliest to fall off the bus next (docs/precursors.md);
    // a slow exporter or a reading missing now and then is only worth a look.
    case EventType::SeriesVanished:
    case EventType::GpuSilent:
        return AlarmPriority::Medium;
    default:
        return AlarmPriority::Low;
    }
}

AlarmPriority AlarmBook::priorityOf(AlarmPriority base, bool stopsJob, uint32_t gpusAtRisk, bool escalated)
{
    // The kind sets the priority. Only a fault that stops a job moves with its blast
    // radius: one step down with nothing running behind it, one up when it stops a
    // large job. An escalation raises any alarm once.
    int steps = 0;
    if (stopsJob)
        steps = gpusAtRisk == 0 ? -1 : (gpusAtRisk >= LargeBlastRadiusGpus ? 1 : 0);
    if (escalated)
        ++steps;
    return raised(base, steps);
}

void AlarmBook::setPriority(Alarm &a, AlarmPriority base, bool stopsJob)
{
    const auto [gpus, job] = gpusAtRisk(a.entity);
    a.gpusAtRisk = gpus;
    a.jobId = job;
    a.priority = priorityOf(base, stopsJob, gpus, a.escalated);
}

EntityRef AlarmBook::nodeOf(EntityRef e) const
{
    if (m_topology && e.kind == EntityKind::Gpu && e.index < m_topology->gpus.size())
        return { EntityKind::Node, m_topology->gpus[e.index].nodeIndex };
    return e;
}

EntityRef AlarmBook::rackOf(EntityRef e) const
{
    if (!m_topology)
        return e;
    const Topology &t = *m_topology;
    if (e.kind == EntityKind::Gpu && e.index < t.gpus.size())
        return { EntityKind::Rack, t.rackOfGpu(e.index) };
    if (e.kind == EntityKind::Node && e.index < t.nodes.size())
        return { EntityKind::Rack, t.nodes[e.index].rackIndex };
    return e;
}

void AlarmBook::touch(Alarm &a, int64_t timeMs)
{
    a.changedMs = std::max(a.changedMs, timeMs);
    m_changed.insert(a.id);
}

void AlarmBook::activate(Alarm &a, int64_t timeMs)
{
    if (a.active)
        return;
    a.active = true;
    a.acknowledged = false; // a new activation asks for a new acknowledgement
    a.acknowledgedBy.clear();
    a.acknowledgedMs = 0;
    a.raisedMs = timeMs;
    ++a.activations;
    if (m_keepActivations && !a.shelved && !a.suppressed && !a.outOfService)
        m_activations.push_back({ a.id, timeMs, a.priority }); // annunciated: it counts towards the operator's load
    touch(a, timeMs);
}

void AlarmBook::deactivate(Alarm &a, int64_t timeMs)
{
    if (!a.active)
        return;
    a.active = false;
    touch(a, timeMs);
}

bool AlarmBook::isDrained(EntityRef e) const
{
    if (m_drained.empty())
        return false;
    auto drained = [this](EntityKind k, uint32_t i) { return m_drained.count({ int(k), i }) > 0; };
    if (drained(e.kind, e.index))
        return true;
    if (!m_topology)
        return false;
    const Topology &t = *m_topology;
    if (e.kind == EntityKind::Gpu && e.index < t.gpus.size()) {
        const uint32_t node = t.gpus[e.index].nodeIndex;
        return drained(EntityKind::Node, node)
            || (node < t.nodes.size() && drained(EntityKind::Rack, t.nodes[node].rackIndex));
    }
    if (e.kind == EntityKind::Node && e.index < t.nodes.size())
        return drained(EntityKind::Rack, t.nodes[e.index].rackIndex);
    return false;
}

void AlarmBook::updateSuppression(int64_t timeMs)
{
    for (auto &[id, a] : m_alarms) {
        const bool suppressed = isDrained(a.entity);
        if (suppressed != a.suppressed) {
            a.suppressed = suppressed;
            if (!suppressed)
                a.acknowledged = !a.active; // annunciated again as its condition stands
            touch(a, timeMs);
        }
    }
}

void AlarmBook::applyEvents(const std::vector<Event> &events)
{
    for (const Event &e : events) {
        advanceTo(e.timeMs);
        if (isHardwareWarning(e.type)) {
            applyWarning(e);
        } else if (e.type == EventType::Drain || e.type == EventType::Undrain) {
            const std::pair<int, uint32_t> key { int(e.entity.kind), e.entity.index };
            if (e.type == EventType::Drain)
                m_drained.insert(key);
            else
                m_drained.erase(key);
            updateSuppression(e.timeMs);
        } else if (isAlarmAction(e.type) || (e.type == EventType::HandOff && e.alarmId != 0)) {
            applyAction(e); // a hand-off of an alarm's part: the alarm says who handed it off
        }
    }
}

void AlarmBook::applyWarning(const Event &e)
{
    if (!m_topology || !affectsAnyGpu(*m_topology, e.entity))
        return; // about an entity this cluster does not hold
    const bool stopsJob = isHardwareFailure(e);
    if (e.type == EventType::EccSingleBit && !stopsJob) {
        applyCorrectableErrors(e);
        return;
    }
    // A PDU's own overload warning is the condition its load threshold already watches, with
    // on-delay and deadband: one alarm for one condition. Without readings of its load, or
    // without such a rule, the warning raises its own; a breaker trip always does.
    if (e.type == EventType::PduOverThreshold && !stopsJob && e.entity.kind == EntityKind::Pdu
        && e.entity.index < m_pduLoadWatched.size() && m_pduLoadWatched[e.entity.index])
        return;
    // Throttling is a GPU protecting itself, often for minutes at a time: what needs a
    // person is the node (its fans, its heat sinks), which is what an operator drains and
    // services, so a node's throttling GPUs are one alarm on the node.
    const bool throttling = e.type == EventType::ThermalThrottle || e.type == EventType::PowerThrottle;
    const EntityRef entity = throttling && !stopsJob ? nodeOf(e.entity) : e.entity;
    Alarm *found = alarmFor({ int(entity.kind), entity.index, int(e.type), e.type == EventType::Xid ? e.code : 0, 0 },
                            entity, e.timeMs);
    if (!found)
        return; // the book is full: counted on its flood alarm
    Alarm &a = *found;
    // A condition that lasts (throttling, a straggler, a GPU gone quiet) is held through its
    // repeats; a fault that stops a job is an occurrence of its own each time it comes.
    const int64_t gap = e.timeMs - a.lastSeenMs;
    if (stopsJob)
        m_repeatMs.erase(a.id);
    else if (a.lastSeenMs > 0 && gap > 0 && gap <= MaxWarningHoldMs / MissedRepeats)
        m_repeatMs[a.id] = gap;
    a.lastSeenMs = std::max(a.lastSeenMs, e.timeMs);
    a.value = e.value;
    a.message = e.message;
    if (!a.active)
        setPriority(a, basePriority(e), stopsJob);
    else if (stopsJob) // a repeat that stops a job raises a running alarm; nothing lowers one
        a.priority = std::max(a.priority, priorityOf(basePriority(e), true, a.gpusAtRisk, a.escalated));
    activate(a, e.timeMs);
    touch(a, e.timeMs);
}

void AlarmBook::applyCorrectableErrors(const Event &e)
{
    if (e.entity.kind != EntityKind::Gpu)
        return; // HBM error counts are a GPU's
    // A warning carries how many errors it reports; at least one, and no absurd number.
    const double count = std::isfinite(e.value) && e.value >= 1.0 ? std::min(e.value, 1e9) : 1.0;
    const int64_t at = std::max(e.timeMs, m_nowMs);
    m_eccByGpu[e.entity.index].push_back({ at, count });
    m_eccFleet.push_back({ at, count });
    m_eccFleetSum += count;
    updateEccRate(e.entity.index, at);
}

void AlarmBook::updateEccRate(uint32_t gpu, int64_t nowMs)
{
    const int64_t since = saturatingAdd(nowMs, -EccRateWindowMs);
    double errors = 0.0;
    if (auto it = m_eccByGpu.find(gpu); it != m_eccByGpu.end()) {
        auto &counts = it->second;
        counts.erase(counts.begin(),
                     std::find_if(counts.begin(), counts.end(), [&](const ErrorCount &c) { return c.timeMs > since; }));
        for (const ErrorCount &c : counts)
            errors += c.count;
        if (counts.empty())
            m_eccByGpu.erase(it);
    }
    // Its peers' average: the rest of the fleet, so that one GPU's burst does not raise the bar it is judged by.
    const size_t gpus = m_topology ? m_topology->gpus.size() : 0;
    const double peers = gpus > 1 ? std::max(0.0, m_eccFleetSum - errors) / double(gpus - 1) : 0.0;
    const bool inAlarm = errors >= EccRateFloor && errors >= EccPeerFactor * peers;
    const Key key { int(EntityKind::Gpu), gpu, int(EventType::EccSingleBit), 0, 0 };
    Alarm *found = inAlarm ? alarmFor(key, { EntityKind::Gpu, gpu }, nowMs) : nullptr;
    if (found) {
        Alarm &a = *found;
        a.value = errors;
        a.lastSeenMs = std::max(a.lastSeenMs, nowMs);
        a.message = QStringLiteral("%1 correctable ECC errors in 24 h; its peers average %2")
                        .arg(errors, 0, 'f', 0)
                        .arg(peers, 0, 'g', 2);
        if (!a.active)
            setPriority(a, AlarmPriority::Low, false);
        activate(a, nowMs);
        touch(a, nowMs);
    } else if (auto it = m_byKey.find(key); !inAlarm && it != m_byKey.end()) {
        deactivate(m_alarms[it->second], nowMs);
    }
}

void AlarmBook::expireEccErrors(int64_t nowMs)
{
    const int64_t since = saturatingAdd(nowMs, -EccRateWindowMs);
    const size_t before = m_eccFleetStart;
    while (m_eccFleetStart < m_eccFleet.size() && m_eccFleet[m_eccFleetStart].timeMs <= since)
        m_eccFleetSum -= m_eccFleet[m_eccFleetStart++].count;
    if (m_eccFleetStart == before)
        return;
    if (m_eccFleetStart == m_eccFleet.size())
        m_eccFleetSum = 0.0; // no rounding left behind
    if (m_eccFleetStart > m_eccFleet.size() / 2) {
        m_eccFleet.erase(m_eccFleet.begin(), m_eccFleet.begin() + ptrdiff_t(m_eccFleetStart));
        m_eccFleetStart = 0;
    }
    // Errors have left the window: each GPU that has any is judged again.
    std::vector<uint32_t> gpus;
    gpus.reserve(m_eccByGpu.size());
    for (const auto &[gpu, counts] : m_eccByGpu)
        gpus.push_back(gpu);
    std::sort(gpus.begin(), gpus.end()); // the same order every run
    for (uint32_t gpu : gpus)
        updateEccRate(gpu, nowMs);
}

void AlarmBook::applyAction(const Event &e)
{
    const QString who = e.operatorName.isEmpty() ? QStringLiteral("?") : e.operatorName;
    if (e.alarmId == 0) {
        // An acknowledgement of a warning rather than of an alarm (an older client, another
        // system): it acknowledges the alarms of that entity that ask for it.
        if (e.type != EventType::Acknowledge)
            return;
        for (auto &[id, a] : m_alarms)
            if (a.entity == e.entity && !a.acknowledged && !a.shelved && !a.outOfService) {
                a.acknowledged = true;
                a.acknowledgedBy = who;
                a.acknowledgedMs = e.timeMs;
                if (!e.message.isEmpty())
                    a.lastComment = QStringLiteral("%1: %2").arg(who, e.message);
                touch(a, e.timeMs);
            }
        return;
    }
    if (check(e).first != AlarmRefusal::None)
        return; // not applicable any more (a replayed journal, a race lost): the state stays consistent
    Alarm &a = m_alarms[e.alarmId];
    applyOperatorAction(a, e);
    touch(a, e.timeMs);
}

namespace {

// Back in the operator's view: an alarm still active asks for a new acknowledgement.
void askAgainIfActive(Alarm &a)
{
    a.acknowledged = !a.active;
    if (a.active) {
        a.acknowledgedBy.clear();
        a.acknowledgedMs = 0;
    }
}

} // namespace

void AlarmBook::applyOperatorAction(Alarm &a, const Event &e)
{
    const QString who = e.operatorName.isEmpty() ? QStringLiteral("?") : e.operatorName;
    if (!e.message.isEmpty() && e.type != EventType::Assign)
        a.lastComment = QStringLiteral("%1: %2").arg(who, e.message);
    switch (e.type) {
    case EventType::Acknowledge:
        a.acknowledged = true;
        a.acknowledgedBy = who;
        a.acknowledgedMs = e.timeMs;
        break;
    case EventType::Shelve:
        a.shelved = true;
        a.shelvedBy = who;
        a.shelvedUntilMs = saturatingAdd(e.timeMs, secondsToMs(e.value));
        break;
    case EventType::Unshelve:
        a.shelved = false;
        a.shelvedUntilMs = 0;
        a.shelvedBy.clear();
        askAgainIfActive(a); // back from the shelf: asking again if still in alarm, normal if not
        break;
    case EventType::Assign:
        a.owner = e.message;
        break;
    case EventType::Escalate:
        a.escalated = true;
        a.priority = raised(std::max(a.priority, AlarmPriority::Medium), 1);
        break;
    case EventType::RemoveFromService:
        a.outOfService = true;
        break;
    case EventType::ReturnToService:
        a.outOfService = false;
        askAgainIfActive(a);
        break;
    case EventType::HandOff:
        a.lastComment = e.message.isEmpty()
            ? QStringLiteral("%1: handed off (%2)").arg(who, remedyKey(Remedy(e.code)))
            : QStringLiteral("%1: handed off (%2): %3").arg(who, remedyKey(Remedy(e.code)), e.message);
        break;
    default: // a note
        break;
    }
    a.changedMs = std::max(a.changedMs, e.timeMs);
}

void AlarmBook::settleOperatorState(Alarm &a, const Alarm &settled)
{
    // An operator's acknowledgement there covers the activations here raised before it (by
    // the clock of the gateway it was taken on: gateways' clocks and scrapes differ by up to
    // SettleSkewMs); a newer one asks anew. One here that the settled state does not hold
    // was refused there.
    if (!settled.acknowledgedBy.isEmpty() && saturatingAdd(settled.acknowledgedMs, SettleSkewMs) >= a.raisedMs) {
        a.acknowledged = true;
        a.acknowledgedBy = settled.acknowledgedBy;
        a.acknowledgedMs = settled.acknowledgedMs;
    } else if (!a.acknowledgedBy.isEmpty()
               && (a.acknowledgedBy != settled.acknowledgedBy || a.acknowledgedMs != settled.acknowledgedMs)) {
        a.acknowledged = false;
        a.acknowledgedBy.clear();
        a.acknowledgedMs = 0;
    }
    a.shelved = settled.shelved;
    a.shelvedBy = settled.shelvedBy;
    a.shelvedUntilMs = settled.shelvedUntilMs;
    a.owner = settled.owner;
    if (settled.escalated && !a.escalated)
        a.priority = raised(std::max(a.priority, AlarmPriority::Medium), 1);
    a.escalated = settled.escalated;
    a.outOfService = settled.outOfService;
    a.lastComment = settled.lastComment;
    a.changedMs = std::max(a.changedMs, settled.changedMs);
}

void AlarmBook::settle(uint64_t id, const Alarm &settled)
{
    const auto it = m_alarms.find(id);
    if (it == m_alarms.end())
        return;
    settleOperatorState(it->second, settled);
    m_changed.insert(id);
}

std::pair<AlarmRefusal, QString> AlarmBook::check(const Event &e) const
{
    if (!isOperatorAction(e.type))
        return { AlarmRefusal::InvalidArgument, QStringLiteral("%1 is not an operator action").arg(int(e.type)) };
    if (e.alarmId == 0) {
        if (isAlarmAction(e.type) && e.type != EventType::Acknowledge && e.type != EventType::Note)
            return { AlarmRefusal::InvalidArgument, QStringLiteral("%1 needs an alarm").arg(eventTypeKey(e.type)) };
        return { AlarmRefusal::None, {} };
    }
    const Alarm *a = find(e.alarmId);
    if (!a)
        return {
            AlarmRefusal::NotFound,
            QStringLiteral("alarm %1 does not exist (any more: normal alarms are forgotten after a day)").arg(e.alarmId)
        };
    return checkAgainst(*a, e);
}

std::pair<AlarmRefusal, QString> AlarmBook::checkAgainst(const Alarm &alarm, const Event &e)
{
    const Alarm *a = &alarm;
    const QString id = QString::number(e.alarmId);
    switch (e.type) {
    case EventType::Acknowledge:
        if (a->outOfService)
            return { AlarmRefusal::FailedPrecondition, QStringLiteral("alarm %1 is out of service").arg(id) };
        if (a->shelved)
            return { AlarmRefusal::FailedPrecondition, QStringLiteral("alarm %1 is shelved").arg(id) };
        if (a->acknowledged)
            return { AlarmRefusal::FailedPrecondition,
                     !a->active || a->acknowledgedBy.isEmpty()
                         ? QStringLiteral("alarm %1 has nothing to acknowledge: it is back to normal").arg(id)
                         : QStringLiteral("alarm %1 was acknowledged already, by %2 at %3")
                               .arg(id, a->acknowledgedBy, clockText(a->acknowledgedMs)) };
        return { AlarmRefusal::None, {} };
    case EventType::Shelve: {
        if (!std::isfinite(e.value))
            return { AlarmRefusal::InvalidArgument, QStringLiteral("a shelve needs a duration") };
        const double ms = e.value * 1000.0;
        if (ms < double(MinShelveMs) || ms > double(MaxShelveMs))
            return { AlarmRefusal::OutOfRange,
                     QStringLiteral("a shelve lasts from 1 minute to 7 days (asked for %1 s)").arg(e.value) };
        if (a->outOfService)
            return { AlarmRefusal::FailedPrecondition, QStringLiteral("alarm %1 is out of service").arg(id) };
        return { AlarmRefusal::None, {} };
    }
    case EventType::Unshelve:
        if (!a->shelved)
            return { AlarmRefusal::FailedPrecondition, QStringLiteral("alarm %1 is not shelved").arg(id) };
        return { AlarmRefusal::None, {} };
    case EventType::Assign:
        if (e.message.size() > 64)
            return { AlarmRefusal::InvalidArgument, QStringLiteral("an owner's name is at most 64 characters") };
        if (e.message == a->owner)
            return { AlarmRefusal::FailedPrecondition,
                     a->owner.isEmpty() ? QStringLiteral("alarm %1 has no owner to take away").arg(id)
                                        : QStringLiteral("alarm %1 is %2's already").arg(id, a->owner) };
        return { AlarmRefusal::None, {} };
    case EventType::Escalate:
        if (a->escalated)
            return { AlarmRefusal::FailedPrecondition, QStringLiteral("alarm %1 was escalated already").arg(id) };
        return { AlarmRefusal::None, {} };
    case EventType::RemoveFromService:
        if (a->outOfService)
            return { AlarmRefusal::FailedPrecondition, QStringLiteral("alarm %1 is out of service already").arg(id) };
        return { AlarmRefusal::None, {} };
    case EventType::ReturnToService:
        if (!a->outOfService)
            return { AlarmRefusal::FailedPrecondition, QStringLiteral("alarm %1 is in service").arg(id) };
        return { AlarmRefusal::None, {} };
    case EventType::Note:
        if (e.message.trimmed().isEmpty())
            return { AlarmRefusal::InvalidArgument, QStringLiteral("a note needs some text") };
        return { AlarmRefusal::None, {} };
    case EventType::HandOff: // the alarm's part handed to the site: the alarm says so
        return { AlarmRefusal::None, {} };
    default:
        return { AlarmRefusal::InvalidArgument,
                 QStringLiteral("%1 is not an action on an alarm").arg(eventTypeKey(e.type)) };
    }
}

bool AlarmBook::groupsByRack(EntityKind kind) const
{
    // A hot rack heats all its GPUs at once: one alarm on the rack, not one per GPU. A
    // topology without racks keeps one alarm per entity.
    return m_topology && !m_topology->racks.empty() && (kind == EntityKind::Gpu || kind == EntityKind::Node);
}

void AlarmBook::prepareRuleState(RuleState &rs, EntityKind kind, uint32_t metricId, size_t n)
{
    // Dense per entity and group, so that a frame of 100k readings costs no lookups.
    const bool byRack = groupsByRack(kind);
    rs.pendingSince.assign(n, 0);
    rs.clearingSince.assign(n, 0);
    rs.inAlarm.assign(n, 0);
    rs.groupOf.resize(n);
    for (size_t i = 0; i < n; ++i)
        rs.groupOf[i] = byRack ? rackOf({ kind, uint32_t(i) }).index : uint32_t(i);
    const size_t groups = byRack ? m_topology->racks.size() : n;
    for (uint32_t &g : rs.groupOf)
        if (g >= groups)
            g = 0; // a GPU of no rack (a broken topology): counted with the first
    rs.groupMembers.assign(groups, 0);
    rs.groupWorst.assign(groups, qQNaN());
    rs.groupAlarm.assign(groups, 0);
    rs.rejoin = false;
    const EntityKind groupKind = byRack ? EntityKind::Rack : kind;
    for (auto &[id, a] : m_alarms) {
        if (!a.isThreshold() || !a.active || a.metricId != metricId)
            continue;
        if (a.entity.kind == groupKind && a.entity.index < groups) {
            rs.groupAlarm[a.entity.index] = id; // restored: its entities past the limit rejoin it
            rs.rejoin = true;
        } else {
            deactivate(a, m_nowMs); // kept by an older gateway, one per GPU: the rack's alarm takes over
        }
    }
}

void AlarmBook::applyReadings(const ClusterState &state)
{
    const int64_t now = state.timeMs();
    advanceTo(now);
    if (!m_topology)
        return;
    for (size_t r = 0; r < m_rules.size(); ++r) {
        const ThresholdRule &rule = m_rules[r];
        const MetricColumn *column = state.column(rule.metric);
        if (!column)
            continue;
        const EntityKind kind = column->descriptor.entityKind;
        const uint32_t metricId = column->descriptor.id;
        RuleState &rs = m_ruleStates[r];
        const size_t n = column->values.size();
        if (rs.inAlarm.size() != n || m_ruleStatesStale)
            prepareRuleState(rs, kind, metricId, n);
        const bool highRule = !std::isnan(rule.high);
        if (rule.relativeToRating && kind == EntityKind::Pdu && highRule) {
            m_pduLoadWatched.resize(n, 0);
            for (size_t i = 0; i < n; ++i)
                m_pduLoadWatched[i] |= !std::isnan(column->values[i]) ? 1 : 0;
        }
        std::vector<uint32_t> joinedOrLeft;
        std::fill(rs.groupWorst.begin(), rs.groupWorst.end(), qQNaN());
        for (size_t i = 0; i < n; ++i) {
            double v = column->values[i];
            if (std::isnan(v))
                continue; // no reading: neither raise nor clear
            if (rule.relativeToRating) {
                if (kind != EntityKind::Pdu || i >= m_topology->pdus.size() || m_topology->pdus[i].ratedKw <= 0.0f)
                    continue;
                v = 100.0 * v / double(m_topology->pdus[i].ratedKw);
            }
            const uint32_t g = rs.groupOf[i];
            const bool beyond = (highRule && v > rule.high) || (!std::isnan(rule.low) && v < rule.low);
            if (!rs.inAlarm[i]) {
                if (!beyond) {
                    rs.pendingSince[i] = 0;
                    continue;
                }
                if (rs.pendingSince[i] == 0)
                    rs.pendingSince[i] = now;
                const bool rejoin = rs.rejoin && rs.groupAlarm[g] != 0;
                if (!rejoin && now - rs.pendingSince[i] < rule.onDelayMs)
                    continue;
                rs.pendingSince[i] = 0;
                rs.clearingSince[i] = 0;
                rs.inAlarm[i] = 1;
                ++rs.groupMembers[g];
                joinedOrLeft.push_back(g);
            } else {
                const bool back = (!highRule || v < rule.high - rule.deadband)
                    && (std::isnan(rule.low) || v > rule.low + rule.deadband);
                if (!back) {
                    rs.clearingSince[i] = 0;
                } else {
                    if (rs.clearingSince[i] == 0)
                        rs.clearingSince[i] = now;
                    if (now - rs.clearingSince[i] >= rule.offDelayMs) {
                        rs.clearingSince[i] = 0;
                        rs.inAlarm[i] = 0;
                        --rs.groupMembers[g];
                        joinedOrLeft.push_back(g);
                        continue;
                    }
                }
            }
            double &worst = rs.groupWorst[g];
            if (std::isnan(worst) || (highRule ? v > worst : v < worst))
                worst = v;
        }
        if (rs.rejoin) {
            // Restored alarms that no entity rejoined: their condition is gone.
            for (size_t g = 0; g < rs.groupAlarm.size(); ++g)
                if (rs.groupAlarm[g] != 0 && rs.groupMembers[g] == 0)
                    joinedOrLeft.push_back(uint32_t(g));
            rs.rejoin = false;
        }
        std::sort(joinedOrLeft.begin(), joinedOrLeft.end());
        joinedOrLeft.erase(std::unique(joinedOrLeft.begin(), joinedOrLeft.end()), joinedOrLeft.end());
        const bool byRack = groupsByRack(kind);
        for (uint32_t g : joinedOrLeft) {
            const uint32_t members = rs.groupMembers[g];
            if (members == 0) {
                if (rs.groupAlarm[g] != 0)
                    deactivate(m_alarms[rs.groupAlarm[g]], now);
                rs.groupAlarm[g] = 0;
                continue;
            }
            const EntityRef entity { byRack ? EntityKind::Rack : kind, g };
            Alarm *found = alarmFor({ int(entity.kind), g, int(EventType::Unspecified), 0, metricId }, entity, now);
            if (!found)
                continue; // the book is full: counted on its flood alarm
            Alarm &a = *found;
            const QString unit = kind == EntityKind::Gpu
                ? (members == 1 ? QStringLiteral("GPU") : QStringLiteral("GPUs"))
                : (members == 1 ? QStringLiteral("node") : QStringLiteral("nodes"));
            a.message = !byRack ? rule.description
                                : QStringLiteral("%1: %2 %3 of the rack").arg(rule.description).arg(members).arg(unit);
            if (!a.active)
                setPriority(a, rule.priority, false);
            activate(a, now);
            touch(a, now);
            rs.groupAlarm[g] = a.id;
        }
        for (size_t g = 0; g < rs.groupAlarm.size(); ++g)
            if (rs.groupAlarm[g] != 0 && !std::isnan(rs.groupWorst[g])) {
                Alarm &a = m_alarms[rs.groupAlarm[g]];
                a.value = rs.groupWorst[g]; // the worst reading among its entities in alarm
                a.lastSeenMs = now;
            }
    }
    m_ruleStatesStale = false;
}

int64_t AlarmBook::warningHoldMs(const Alarm &a) const
{
    const auto repeat = m_repeatMs.find(a.id);
    if (repeat == m_repeatMs.end())
        return WarningClearMs;
    return std::clamp(MissedRepeats * repeat->second, WarningClearMs, MaxWarningHoldMs);
}

void AlarmBook::advanceTo(int64_t nowMs)
{
    if (nowMs <= m_nowMs)
        return;
    m_nowMs = nowMs;
    expireEccErrors(nowMs);
    std::vector<uint64_t> forget;
    for (auto &[id, a] : m_alarms) {
        // A quiet warning clears, and a shelf expires, in the order they came due. An ECC
        // rate alarm clears by its rate; one whose counts were not kept (restored after a
        // restart) once a whole window has passed without errors.
        int64_t clearsAt = INT64_MAX;
        if (a.active && a.metricId == BookFullMetricId && a.entity.kind == EntityKind::Cluster)
            clearsAt = saturatingAdd(a.lastSeenMs, WarningClearMs); // the flood is over when nothing more is refused
        else if (a.active && !a.isThreshold())
            clearsAt = a.sourceType != EventType::EccSingleBit ? saturatingAdd(a.lastSeenMs, warningHoldMs(a))
                : m_eccByGpu.count(a.entity.index)             ? INT64_MAX
                                                               : saturatingAdd(a.lastSeenMs, EccRateWindowMs);
        // Quiet for longer than its hold: a warning that comes exactly on time keeps it.
        if (clearsAt < nowMs && (!a.shelved || clearsAt <= a.shelvedUntilMs))
            deactivate(a, clearsAt);
        if (a.shelved && a.shelvedUntilMs <= nowMs) {
            // Back from the shelf as its condition stands: asking again if still in alarm.
            a.shelved = false;
            a.shelvedBy.clear();
            a.shelvedUntilMs = 0;
            a.acknowledged = !a.active;
            touch(a, nowMs);
        }
        if (clearsAt < nowMs)
            deactivate(a, clearsAt);
        if (!a.active && a.acknowledged && !a.shelved && !a.outOfService && a.owner.isEmpty()
            && nowMs - a.changedMs >= ForgetAfterMs)
            forget.push_back(id);
    }
    for (uint64_t id : forget) {
        m_byKey.erase(keyOf(m_alarms[id]));
        m_alarms.erase(id);
        m_changed.erase(id);
        m_repeatMs.erase(id);
        m_forgotten.push_back(id);
    }
}

const Alarm *AlarmBook::find(uint64_t id) const
{
    const auto it = m_alarms.find(id);
    return it == m_alarms.end() ? nullptr : &it->second;
}

const Alarm *AlarmBook::findByKey(const QString &keyText) const
{
    const QStringList parts = keyText.split(QLatin1Char(':'));
    if (parts.size() != 5)
        return nullptr;
    bool ok[5] = {};
    const Key key { parts[0].toInt(&ok[0]), parts[1].toUInt(&ok[1]), parts[2].toInt(&ok[2]), parts[3].toInt(&ok[3]),
                    parts[4].toUInt(&ok[4]) };
    if (!std::all_of(std::begin(ok), std::end(ok), [](bool b) { return b; }))
        return nullptr;
    const auto it = m_byKey.find(key);
    return it == m_byKey.end() ? nullptr : find(it->second);
}

QString alarmKeyText(const Alarm &a)
{
    return QStringLiteral("%1:%2:%3:%4:%5")
        .arg(int(a.entity.kind))
        .arg(a.entity.index)
        .arg(int(a.sourceType))
        .arg(a.code)
        .arg(a.metricId);
}

std::vector<Alarm> AlarmBook::alarms() const
{
    std::vector<Alarm> out;
    out.reserve(m_alarms.size());
    for (const auto &[id, a] : m_alarms)
        out.push_back(a);
    return out;
}

std::vector<uint64_t> AlarmBook::takeChanged()
{
    std::vector<uint64_t> out(m_changed.begin(), m_changed.end());
    m_changed.clear();
    return out;
}

std::vector<uint64_t> AlarmBook::takeForgotten()
{
    return std::exchange(m_forgotten, {});
}

void AlarmBook::restore(std::vector<Alarm> alarms)
{
    for (Alarm &a : alarms) {
        if (a.id == 0)
            continue;
        m_nextId = std::max(m_nextId, a.id + 1);
        m_byKey[keyOf(a)] = a.id;
        m_nowMs = std::max(m_nowMs, a.changedMs);
        m_alarms[a.id] = std::move(a);
    }
    m_ruleStatesStale = true; // active threshold alarms among them: their rules must know
}

QString alarmStateKey(AlarmState state)
{
    switch (state) {
    case AlarmState::Normal:
        return QStringLiteral("normal");
    case AlarmState::Unacknowledged:
        return QStringLiteral("unacknowledged");
    case AlarmState::Acknowledged:
        return QStringLiteral("acknowledged");
    case AlarmState::ReturnedUnacknowledged:
        return QStringLiteral("returned_unacknowledged");
    case AlarmState::Shelved:
        return QStringLiteral("shelved");
    case AlarmState::SuppressedByDesign:
        return QStringLiteral("suppressed_by_design");
    case AlarmState::OutOfService:
        return QStringLiteral("out_of_service");
    }
    return QStringLiteral("unknown");
}

QString alarmPriorityKey(AlarmPriority priority)
{
    switch (priority) {
    case AlarmPriority::Low:
        return QStringLiteral("low");
    case AlarmPriority::Medium:
        return QStringLiteral("medium");
    case AlarmPriority::High:
        return QStringLiteral("high");
    case AlarmPriority::Critical:
        return QStringLiteral("critical");
    }
    return QStringLiteral("unknown");
}

} // namespace vigil
