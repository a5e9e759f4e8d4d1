// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/incidents.h"
#include "domain/xidcatalog.h"

#include <QHash>

#include <map>

namespace vigil {

// Warnings of one kind on one entity, a flapping run collapsed into one
// interval with a count.
struct WarningRun
{
    EntityRef entity;
    EventType type = EventType::Unspecified;
    int32_t code = 0; // the Xid, for Xid runs
    Severity worst = Severity::Unspecified;
    int64_t firstMs = 0;
    int64_t lastMs = 0;
    uint32_t count = 0;
    std::vector<uint64_t> eventIds;
    QString acknowledgedBy; // empty: nobody acknowledged any of them
    QString message; // the latest warning's words: an Xid 74's registers name the failing link
    bool operator==(const WarningRun &) const = default;
};

// One candidate cause of an incident and the evidence for it.
struct CauseCandidate
{
    EntityRef entity;
    std::vector<WarningRun> evidence; // the runs on this entity, oldest first
    bool failedWithIt = false; // the entity reported a critical fault as the job went down
    int64_t firstSeenMs = 0;
    int64_t leadMs = 0; // how long before the failure the first warning came
    double score = 0.0;
    bool operator==(const CauseCandidate &) const = default;
};

struct Attribution
{
    uint64_t incidentId = 0;
    std::vector<CauseCandidate> ranked; // best first; empty: no cause seen
    bool precursorSeen() const { return !ranked.empty() && ranked.front().leadMs > 0; }
    const CauseCandidate *top() const { return ranked.empty() ? nullptr : &ranked.front(); }
    bool operator==(const Attribution &) const = default;
};

// Ranks the hardware warnings that came before an incident, on the entities
// within the blast radius of the job it hit, as its candidate causes: the
// entity that reported a fault as the job went down first, with the warnings
// that led up to it; otherwise warnings whose kind has, in this history, been
// followed by failures more often than warnings in general (the lift). Xids that
// are usually the application (13, 31, 43) are not blamed without other evidence.
class Attributor
{
public:
    static constexpr int64_t LookBackMs = 72 * 3600000LL;
    static constexpr int64_t FlapJoinMs = 30 * 60000LL; // warnings closer than this are one run
    static constexpr int64_t CoincidentMs = 5 * 60000LL; // a fault this close to the failure went down with it
    // Warnings alone (no fault with the failure) name a cause when a run of them is this
    // surprising (log2 of how many more came than the entity's past and its peers would have
    // sent in that time): eight times more. A chronic warner (a warm rack, a noisy link) is
    // not surprised by itself, whatever its count.
    static constexpr double PrecursorSurprise = 3.0;
    static constexpr uint32_t PrecursorMinCount = 3;
    // Runs of one kind on one entity closer than this are one slow burst for the warnings-alone
    // judgement: a GPU logging a correctable error every hour or three is degrading. A slow burst
    // is one of many spans tried, so it must be a little more surprising (by this much, in log2)
    // than a run: on the independent family's histories it lifted recall from 0.94 to 0.97 and
    // left precision at 0.95-0.96 (with no penalty: 0.98 and 0.95).
    static constexpr int64_t SlowBurstGapMs = 4 * 3600000LL;
    static constexpr double SlowBurstPenalty = 0.5;
    static constexpr int64_t OwnPastMinMs = 86400000; // an entity's past says something after a day

    void setTopology(std::shared_ptr<const Topology> topology);
    // Hardware warnings, acknowledgements and drains; other events are ignored.
    void addEvents(const std::vector<Event> &events);
    Attribution attribute(const Incident &incident) const;
    // How much more often warnings of this kind came before a failure on the same
    // entity than warnings in general (1: no different), learned from the history given.
    double lift(EventType type) const;
    void learn(const std::vector<Incident> &incidents);

    static bool isApplicationXid(int32_t code) { return xidIsApplicationError(code); }

    // The warning runs (not the critical faults; with `faults`, only those) between two times, per
    // entity and kind, oldest first.
    std::vector<WarningRun> runs(int64_t fromMs, int64_t toMs, bool faults = false) const;
    // How unusual a run is for its entity: log2((count + 1) / (expected + 1)), expected from the
    // entity's own rate of that warning before the run (when it has a day of past) or its
    // peers' (entities of its kind, over the whole history), whichever is higher, over the time
    // from the run's first warning to `untilMs`.
    double surprise(const WarningRun &run, int64_t untilMs) const;
    const std::vector<uint32_t> &gpusReachedBy(EntityRef entity) const { return affected(entity); }
    // Warnings refused: about entities the topology does not hold; delivered twice.
    uint64_t warningsSkipped() const { return m_skipped; }
    // Every hardware warning and fault taken, each once, in time order.
    const EventSeries &warnings() const { return m_warnings; }
    uint64_t duplicatesIgnored() const { return m_duplicates; }

private:
    const std::vector<uint32_t> &affected(EntityRef entity) const;
    class ClosedWarnings;
    void score(CauseCandidate &c, const Incident &incident, ClosedWarnings &closed) const;
    // The most unusual of the candidate's warnings-alone evidence (surprise(), distance-weighted): 0
    // when it holds no run of PrecursorMinCount warnings since they were last dealt with.
    double precursorSurprise(const CauseCandidate &c, int64_t failedMs, int64_t closedSinceMs) const;
    // A drain's incident: names what warned inside what the operator drained, else that entity.
    void nameWhatWasDrained(const Incident &incident, std::map<quint64, CauseCandidate> &byEntity) const;

    std::shared_ptr<const Topology> m_topology;
    EventSeries m_warnings; // time order
    std::map<uint64_t, QString> m_acknowledgedBy; // warning id -> operator
    std::map<quint64, std::vector<int64_t>> m_drainedAt; // entity -> when it was drained
    mutable QHash<quint64, std::vector<uint32_t>> m_affected; // by entity key
    uint64_t m_skipped = 0, m_duplicates = 0;
    std::map<EventType, std::pair<double, double>> m_liftCounts; // type -> (runs before a failure, all runs)
    // For surprise(): each entity's warning times by kind, and the count of each kind of warning per kind of entity.
    void indexRates() const;
    // Built whole when asked for after new warnings, and shared by copies (a published analysis).
    struct RateIndex
    {
        std::map<std::pair<quint64, int>, std::vector<int64_t>> timesOf;
        std::map<std::pair<int, int>, double> countOfKind;
    };
    mutable std::shared_ptr<const RateIndex> m_rates; // null: not built since the last warning
};

} // namespace vigil
