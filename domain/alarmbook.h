// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/alarm.h"
#include "domain/clusterstate.h"
#include "domain/topology.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <unordered_map>

namespace vigil {

// A metric past a limit, as an alarm: on for `onDelayMs` above `high` (or below
// `low`) before it is raised, so a single spike does not annunciate; cleared only
// once back beyond the limit by `deadband` for `offDelayMs`, so a reading hovering
// at the limit does not chatter.
struct ThresholdRule
{
    QString metric; // the metric's name, e.g. DCGM_FI_DEV_GPU_TEMP; its entity kind is the metric's
    double high = qQNaN(); // alarm above this
    double low = qQNaN(); // alarm below this
    bool relativeToRating = false; // PDU load: the limits are % of the PDU's rating
    double deadband = 0.0;
    int64_t onDelayMs = 0;
    int64_t offDelayMs = 0;
    AlarmPriority priority = AlarmPriority::Medium;
    QString description; // "GPU above 85 °C"

    QString validate() const;
};

// Why an action on an alarm cannot be taken.
enum class AlarmRefusal
{
    None,
    NotFound, // no such alarm (or it was forgotten)
    FailedPrecondition, // not in a state the action applies to, e.g. acknowledged already
    InvalidArgument,
    OutOfRange, // e.g. a shelve of a negative or absurd duration
};

// Whether an operator's action is about an alarm (acknowledge, shelve, note, …).
bool isAlarmAction(EventType t);

// Every alarm of a cluster, kept by applying the event stream (hardware warnings
// raise alarms; drains suppress them; operators' actions acknowledge, shelve,
// assign, escalate, take out of service) and its readings (threshold rules). The
// same code runs in the gateway, which is the one source of truth every dashboard
// mirrors, and over recordings. Not thread-safe: its owner serialises access.
//
// Rationalised as ISA-18.2 and EEMUA 191 ask (docs/alarms.md): an alarm only for
// what needs an operator; priority above medium only for faults that stop a job;
// correctable ECC errors by their rate against the fleet's, not one by one; and a
// rack's GPUs throttling or past a threshold together as one alarm on the rack.
class AlarmBook
{
public:
    // A warning's alarm clears once its warnings stop: after WarningClearMs without one or,
    // for a condition its source repeats while it lasts (a straggler, judged every window;
    // any warning of a feed that comes a frame every 15 minutes), once it has missed
    // MissedRepeats of them, whichever is longer, and never later than MaxWarningHoldMs.
    // Warnings further apart than MaxWarningHoldMs / MissedRepeats are separate occurrences,
    // and so is each fault that stops a job.
    static constexpr int64_t WarningClearMs = 30 * 60000LL;
    static constexpr int MissedRepeats = 3;
    static constexpr int64_t MaxWarningHoldMs = 6 * 3600000LL;
    // How long this warning's alarm stays active without a further warning.
    int64_t warningHoldMs(const Alarm &alarm) const;
    // Correctable ECC errors: a GPU is in alarm with at least EccRateFloor errors in the
    // last EccRateWindowMs and EccPeerFactor times the fleet's average per GPU.
    static constexpr int64_t EccRateWindowMs = 24 * 3600000LL;
    static constexpr double EccRateFloor = 10.0;
    static constexpr double EccPeerFactor = 10.0;
    // A fault that stops a job reaching this many GPUs of running jobs is critical.
    static constexpr uint32_t LargeBlastRadiusGpus = 512;
    // At most this many alarms are held; past it, new ones are counted on one "alarm flood"
    // alarm on the cluster (metric id BookFullMetricId) rather than annunciated.
    static constexpr size_t DefaultMaxAlarms = 100000;
    static constexpr uint32_t BookFullMetricId = UINT32_MAX;
    void setMaxAlarms(size_t max) { m_maxAlarms = std::max<size_t>(1, max); }
    uint64_t refusedAlarms() const { return m_refusedAlarms; }
    static constexpr int64_t ForgetAfterMs = 24 * 3600000LL; // a normal alarm is forgotten after this long
    static constexpr int64_t MinShelveMs = 60000;
    static constexpr int64_t MaxShelveMs = 7 * 86400000LL;

    void setTopology(std::shared_ptr<const Topology> topology, std::vector<MetricDescriptor> metrics);
    // Replaces the threshold rules; empty when they all make sense, otherwise why not (none are taken).
    QString setRules(std::vector<ThresholdRule> rules);
    static std::vector<ThresholdRule> defaultRules();
    const std::vector<ThresholdRule> &rules() const { return m_rules; }

    // Warnings, drains and actions, in journal order.
    void applyEvents(const std::vector<Event> &events);
    // The readings at `state.timeMs()`, against the threshold rules.
    void applyReadings(const ClusterState &state);
    // Time passes: shelves expire, quiet warnings clear, old normal alarms are forgotten.
    void advanceTo(int64_t nowMs);

    // Whether an operator's action (an Event of an operator-action type naming an
    // alarm) may be taken now, and if not why: what the gateway answers before it
    // journals the action.
    std::pair<AlarmRefusal, QString> check(const Event &action) const;

    // The same rules for one alarm as it stands, wherever it is held (the NOC's shared
    // state checks an action against the alarm as it settled there).
    static std::pair<AlarmRefusal, QString> checkAgainst(const Alarm &alarm, const Event &action);
    // Takes an action that checkAgainst allows.
    static void applyOperatorAction(Alarm &alarm, const Event &action);
    // The operators' part of an alarm's state (acknowledgement, shelf, owner, escalation,
    // service, the latest comment) as `settled` holds it. An acknowledgement speaks only
    // for the activations `settled` had seen: one raised here since asks anew.
    static void settleOperatorState(Alarm &alarm, const Alarm &settled);
    static constexpr int64_t SettleSkewMs = 60000;
    // Settles an alarm of this book so (the NOC's shared state decided it).
    void settle(uint64_t id, const Alarm &settled);

    const Alarm *find(uint64_t id) const;
    // The alarm of this condition (alarmKeyText's form), if the book holds it: how an
    // action taken on another gateway, which numbers its alarms its own way, finds its alarm here.
    const Alarm *findByKey(const QString &keyText) const;
    std::vector<Alarm> alarms() const; // by id
    size_t size() const { return m_alarms.size(); }
    int64_t nowMs() const { return m_nowMs; }

    // Alarms changed (or forgotten) since the last call.
    std::vector<uint64_t> takeChanged();
    std::vector<uint64_t> takeForgotten();
    // Every activation so far, oldest first (the flood figures are made of them).
    const std::vector<AlarmActivation> &activations() const { return m_activations; }
    // Whether activations are kept (they are by default). A book that runs for months and
    // makes no flood figures of its own (the gateway's: dashboards count what reaches them)
    // keeps none, so it does not grow with every activation.
    void keepActivations(bool keep)
    {
        m_keepActivations = keep;
        if (!keep)
            m_activations = {};
    }

    // Restores alarms saved earlier (the gateway's alarm journal); ids continue after the largest.
    void restore(std::vector<Alarm> alarms);

    // The priority a warning's alarm starts from, by its kind (before its blast radius moves it).
    static AlarmPriority basePriority(const Event &warning);

private:
    struct Key
    {
        int kind;
        uint32_t index;
        int source;
        int32_t code;
        uint32_t metricId;
        auto operator<=>(const Key &) const = default;
    };
    static Key keyOf(const Alarm &a);
    Alarm *alarmFor(const Key &key, EntityRef entity, int64_t timeMs); // null: the book is full
    void noteBookFull(int64_t timeMs);
    void activate(Alarm &a, int64_t timeMs);
    void deactivate(Alarm &a, int64_t timeMs);
    void touch(Alarm &a, int64_t timeMs);
    void applyAction(const Event &action);
    static AlarmPriority priorityOf(AlarmPriority base, bool stopsJob, uint32_t gpusAtRisk, bool escalated);
    void setPriority(Alarm &a, AlarmPriority base, bool stopsJob);
    bool isDrained(EntityRef entity) const;
    void updateSuppression(int64_t timeMs);
    std::pair<uint32_t, QString> gpusAtRisk(EntityRef entity) const;
    EntityRef nodeOf(EntityRef entity) const; // a GPU's node; any other entity itself
    EntityRef rackOf(EntityRef entity) const; // the entity itself when it is not in a rack
    void applyWarning(const Event &warning);
    void applyCorrectableErrors(const Event &warning);
    void updateEccRate(uint32_t gpu, int64_t nowMs);
    void expireEccErrors(int64_t nowMs);

    std::shared_ptr<const Topology> m_topology;
    std::vector<MetricDescriptor> m_metrics;
    std::vector<ThresholdRule> m_rules = defaultRules();
    std::map<uint64_t, Alarm> m_alarms;
    std::map<Key, uint64_t> m_byKey;
    std::set<std::pair<int, uint32_t>> m_drained;
    // PDUs whose load a rule against their rating watches and that have sent readings: their
    // own overload warnings are the same condition, and raise no second alarm.
    std::vector<uint8_t> m_pduLoadWatched;
    // Correctable ECC errors of the last EccRateWindowMs: per GPU, and the fleet's.
    struct ErrorCount
    {
        int64_t timeMs;
        double count;
    };
    std::unordered_map<uint32_t, std::vector<ErrorCount>> m_eccByGpu;
    std::vector<ErrorCount> m_eccFleet;
    size_t m_eccFleetStart = 0; // entries before it have left the window
    double m_eccFleetSum = 0.0;
    // Per threshold rule and entity: since when it has been past its limit (on-delay) or back
    // (off-delay), 0 when not, and whether it is in alarm. Per group (the entity itself, or
    // its rack): how many of its entities are in alarm, the hottest reading among them, and
    // the group's active alarm, 0 when none.
    struct RuleState
    {
        std::vector<int64_t> pendingSince, clearingSince;
        std::vector<uint8_t> inAlarm;
        std::vector<uint32_t> groupOf;
        std::vector<uint32_t> groupMembers;
        std::vector<double> groupWorst;
        std::vector<uint64_t> groupAlarm;
        bool rejoin = false; // restored alarms: entities past the limit rejoin them at once
    };
    bool groupsByRack(EntityKind kind) const;
    void prepareRuleState(RuleState &rs, EntityKind kind, uint32_t metricId, size_t n);
    std::vector<RuleState> m_ruleStates = std::vector<RuleState>(m_rules.size());
    bool m_ruleStatesStale = false;
    std::set<uint64_t> m_changed;
    std::unordered_map<uint64_t, int64_t> m_repeatMs; // per warning's alarm: the latest gap between its warnings
    std::vector<uint64_t> m_forgotten;
    std::vector<AlarmActivation> m_activations;
    bool m_keepActivations = true;
    uint64_t m_nextId = 1;
    size_t m_maxAlarms = DefaultMaxAlarms;
    uint64_t m_refusedAlarms = 0;
    int64_t m_nowMs = 0;
};

// An alarm's condition in words every gateway of a cluster agrees on, whatever id it
// gave the alarm: "1:17:9:0:0" (the wire's entity kind, index, the warning's event type, Xid, metric id).
QString alarmKeyText(const Alarm &a);

// Stable English keys (files, command lines, logs): "unacknowledged", "critical", …
QString alarmStateKey(AlarmState state);
QString alarmPriorityKey(AlarmPriority priority);

} // namespace vigil
