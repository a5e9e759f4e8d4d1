// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/clusterstate.h"
#include "domain/event.h"
#include "domain/jobreadings.h"
#include "domain/metric.h"
#include "domain/nvlinkdomain.h"
#include "domain/repairwatch.h"
#include "domain/rollups.h"
#include "domain/stragglerfinder.h"
#include "domain/telemetrysource.h"
#include "domain/topology.h"

#include "gateway/throttledtally.h"
#include "vigil/v1/gateway.pb.h"

#include <grpcpp/support/byte_buffer.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>

namespace vigil {

struct RetentionPolicy
{
    std::chrono::seconds window { 600 };
    size_t maxBytes = size_t(512) << 20; // whichever bound is reached first
};

using JournalMessage = std::shared_ptr<const v1::StreamMessage>;

// Keeps state derived from the journal as it grows (the gateway's alarms). Called
// with the journal locked, so what it derives is journalled right after what it
// was derived from, and a snapshot holds both as of the same entry.
class JournalFollower
{
public:
    virtual ~JournalFollower() = default;
    // `appended` has just entered the journal (with `head` the state after it); an
    // entry returned is journalled next.
    virtual std::optional<v1::StreamMessage> follow(const v1::StreamMessage &appended, const ClusterState &head) = 0;
    // What a new subscriber is given besides the cluster state.
    virtual std::optional<v1::StreamMessage> snapshotEntry() const = 0;
};

// The gateway's journal: every Samples and Events message of one epoch, numbered
// gap-free, with the retained window kept for resuming clients, and the cluster
// state at the journal's head for new subscribers' snapshots.
// Thread-safe: one producer thread (or several) appends, one thread per
// subscriber reads.
class TelemetryJournal final : public TelemetrySink
{
public:
    TelemetryJournal(uint64_t epoch, std::shared_ptr<const Topology> topology, std::vector<MetricDescriptor> metrics,
                     RetentionPolicy retention = {});

    uint64_t epoch() const { return m_epoch; }
    const std::shared_ptr<const Topology> &topology() const override { return m_topology; }
    const std::vector<MetricDescriptor> &metrics() const override { return m_metrics; }
    // The node and rack rollups of the GPU metrics, for wall screens (ids after metrics()').
    const std::vector<MetricDescriptor> &rollupMetrics() const { return m_rollupMetrics; }
    // The GPU metric a rollup comes from.
    std::optional<uint32_t> rollupSourceOf(uint32_t rollupId) const { return m_rollups.sourceOf(rollupId); }

    // Holds every input's time to the gateway's own clock, whichever source it comes from (a
    // bridge's exporter or log, an upstream pod, Publish): nothing dated more than `maxAheadMs`
    // ahead of `clock` enters. One future-dated line would otherwise move the alarm
    // clock days on, clearing every warning and expiring every shelf. Refusals are counted and
    // said through `log`, at most once every ten seconds. Set before the sources start.
    void holdTimesTo(std::function<int64_t()> clock, int64_t maxAheadMs, std::function<void(const QString &)> log);
    uint64_t refusedAhead() const { return m_refusedAhead.load(); }

    // Appends metric samples (already validated against the dictionary). Returns the last seq used.
    uint64_t appendSamples(std::vector<v1::Samples> &&samples) override;
    // Appends events, assigning each an id unique in this epoch. Returns the seq used (0 when empty).
    uint64_t appendEvents(std::vector<Event> events, std::vector<uint64_t> *assignedIds) override;
    uint64_t appendEvents(std::vector<Event> events) { return appendEvents(std::move(events), nullptr); }

    // Validates metric blocks against the topology and dictionary; see ClusterState::validate.
    QString validate(const v1::MetricBlock &block) const;
    int64_t headTimeMs() const;

    struct Snapshot
    {
        uint64_t seq = 0; // the journal entry the snapshot reflects
        int64_t timeMs = 0;
        std::vector<v1::Samples> keyframes;
        std::vector<v1::Event> recentEvents; // events of the retained window, oldest first
        std::optional<v1::StreamMessage> followerState; // e.g. every alarm
        std::vector<v1::Samples> rollupKeyframes; // the rollups `wantedRollups` accepts, as of `seq`
    };
    // The full state at the head, restricted to the metric ids `wanted` accepts.
    Snapshot snapshot(size_t maxValuesPerMessage, const std::function<bool(uint32_t)> &wanted,
                      size_t maxRecentEvents = 0, const std::function<bool(uint32_t)> &wantedRollups = {}) const;

    // The retained events `keep` accepts, oldest first, at most `max`.
    std::vector<v1::Event> retainedEvents(const std::function<bool(const v1::Event &)> &keep, size_t max) const;

    struct Range
    {
        uint64_t oldest = 1; // oldest retained seq (head + 1 when nothing is retained)
        uint64_t head = 0; // newest seq, 0 before the first append
    };
    Range range() const;

    // The jobs' readings held for dashboards that subscribe late (far longer than the
    // retained window: they are small), oldest first, and the seq they reach.
    std::vector<JobReading> jobHistory(int64_t sinceMs, size_t max, uint64_t *headSeq) const;

    enum class ReadStatus
    {
        Ok,
        NotRetained,
        Closed
    };
    // Copies up to maxEntries entries after `afterSeq` into `out`; when there are
    // none, waits up to `wait` for one. NotRetained when afterSeq + 1 has already
    // been evicted.
    ReadStatus readAfter(uint64_t afterSeq, std::vector<JournalMessage> &out, size_t maxEntries,
                         std::chrono::milliseconds wait) const;

    // An entry with its bytes as they go on the wire, serialised once when it was appended;
    // copies share them. A Samples entry that moved a rollup carries the rollups' changes too
    // (same seq), for the subscribers that take rollups.
    struct WireEntry
    {
        JournalMessage message;
        grpc::ByteBuffer wire;
        std::shared_ptr<const v1::Samples> rollups;
    };
    // Like readAfter, without waiting.
    ReadStatus readWireAfter(uint64_t afterSeq, std::vector<WireEntry> &out, size_t maxEntries) const;

    // Called after every append and at close, on the appending thread, with the journal
    // unlocked. Set before serving.
    void setAppendedCallback(std::function<void()> callback) { m_appendedCallback = std::move(callback); }

    // Wakes every reader; reads return Closed from now on.
    void close();

    // Set before anything is appended; not owned.
    void setFollower(JournalFollower *follower) { m_follower = follower; }

    // Whether the journal derives warnings of its own, each journalled right after what showed
    // it: a straggler, comparing each job's GPUs with their peers as readings arrive
    // (StragglerFinder); a part that failed again after a repair, or an Xid past the site's
    // policy (RepairWatch). On by default; off where the input already carries those warnings (a
    // replay of a recording, an aggregator over pods that derive their own). Set before
    // anything is appended.
    void deriveWarnings(bool on) { m_deriveWarnings = on; }
    // The site's Xid policy (docs/repeat-offenders.md); the defaults until set.
    void setXidPolicy(XidPolicy policy) { m_repairs.setPolicy(std::move(policy)); }

private:
    // The latest time an input may carry now (INT64_MAX when no clock is set).
    int64_t latestAllowedMs() const;
    void noteRefusedAhead(uint64_t count, int64_t timeMs);
    std::function<int64_t()> m_clock;
    int64_t m_maxAheadMs = 0;
    std::function<void(const QString &)> m_log;
    std::atomic<uint64_t> m_refusedAhead { 0 };
    ThrottledTally m_refusalsToSay { std::chrono::seconds(10) };

    uint64_t appendLocked(v1::StreamMessage &&message, std::optional<v1::Samples> rollups = {});
    // Appends, then lets the follower add what it derived.
    uint64_t appendFollowedLocked(v1::StreamMessage &&message, std::optional<v1::Samples> rollups = {});
    // Numbers events (each gets the next id, into `assignedIds`) and appends them as one entry.
    uint64_t appendEventsLocked(std::vector<Event> &events, std::vector<uint64_t> *assignedIds);
    void evictLocked();
    // The retained entries after `afterSeq`, at most `count`, handed to `take` in order.
    template<class Take> ReadStatus readLocked(uint64_t afterSeq, size_t count, Take take) const;

    struct Entry
    {
        std::chrono::steady_clock::time_point appendedAt;
        size_t bytes;
        JournalMessage message;
        grpc::ByteBuffer wire;
        std::shared_ptr<const v1::Samples> rollups;
    };

    const uint64_t m_epoch;
    const std::shared_ptr<const Topology> m_topology;
    const std::vector<MetricDescriptor> m_metrics;
    const RetentionPolicy m_retention;

    mutable std::mutex m_mutex;
    mutable std::condition_variable m_appended;
    std::deque<Entry> m_entries;
    uint64_t m_headSeq = 0;
    size_t m_bytes = 0;
    uint64_t m_nextEventId = 1;
    bool m_closed = false;
    ClusterState m_head;
    Rollups m_rollups; // of m_head
    std::vector<MetricDescriptor> m_rollupMetrics;
    JobReadingHistory m_jobHistory;
    JournalFollower *m_follower = nullptr;
    bool m_deriveWarnings = true;
    StragglerFinder m_stragglers; // of m_head
    RepairWatch m_repairs; // of the events journalled
    NvlinkDomainWatch m_domains; // of the events journalled
    std::vector<Event> m_derived; // scratch: the warnings the latest samples raised
    std::function<void()> m_appendedCallback;
};

} // namespace vigil
