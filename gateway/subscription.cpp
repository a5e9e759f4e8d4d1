// SPDX-License-Identifier: GPL-3.0-or-later
#include "gateway/subscription.h"

#include "gateway/grpcstatus.h"

#include "domain/codec.h"

#include <grpcpp/impl/codegen/proto_utils.h>

#include <QStringList>

#include <deque>

namespace vigil {

namespace {

grpc::ByteBuffer serialise(const v1::StreamMessage &message)
{
    grpc::ByteBuffer bytes;
    bool owns = false;
    (void)grpc::SerializationTraits<v1::StreamMessage>::Serialize(message, &bytes, &owns);
    return bytes;
}

constexpr size_t MaxRecentEvents = 20000;

// The values of `block` for the entities of `wanted` (sorted), as a sparse block.
v1::MetricBlock restrictBlock(const v1::MetricBlock &block, const std::vector<uint32_t> &wanted)
{
    v1::MetricBlock out;
    out.set_metric_id(block.metric_id());
    if (block.indices_size() == 0) {
        const uint64_t first = block.first_index(), end = first + uint64_t(block.values_size());
        for (auto it = std::lower_bound(wanted.begin(), wanted.end(), first); it != wanted.end() && *it < end; ++it) {
            out.add_indices(*it);
            out.add_values(block.values(int(*it - first)));
        }
        return out;
    }
    auto it = wanted.begin();
    for (int i = 0; i < block.indices_size() && it != wanted.end(); ++i) {
        it = std::lower_bound(it, wanted.end(), block.indices(i));
        if (it != wanted.end() && *it == block.indices(i)) {
            out.add_indices(block.indices(i));
            out.add_values(block.values(i));
        }
    }
    return out;
}

class StreamFilter
{
public:
    std::set<uint32_t> metrics; // empty = all
    bool events = true;
    // A wall screen's stream: the rollups in `rollups` instead of the GPU metrics, which
    // come only for the GPUs (and their MIG instances) it looks at.
    bool rolledUp = false;
    std::set<uint32_t> rollups;
    std::vector<EntityKind> kindOfMetric; // by metric id
    std::vector<uint32_t> detailGpus, detailInstances; // sorted

    bool passesAll() const { return metrics.empty() && events && !rolledUp; }
    bool wants(uint32_t metricId) const { return metrics.empty() || metrics.count(metricId) > 0; }
    bool wantsRollup(uint32_t rollupId) const { return rollups.count(rollupId) > 0; }
    const std::vector<uint32_t> *detailOf(uint32_t metricId) const
    {
        if (!rolledUp || metricId >= kindOfMetric.size())
            return nullptr;
        const EntityKind kind = kindOfMetric[metricId];
        return kind == EntityKind::Gpu ? &detailGpus : kind == EntityKind::GpuInstance ? &detailInstances : nullptr;
    }
    // A snapshot's column is worth reading: not a GPU metric a wall screen looks nowhere at.
    bool wantsColumn(uint32_t metricId) const
    {
        const std::vector<uint32_t> *detail = detailOf(metricId);
        return wants(metricId) && (!detail || !detail->empty());
    }

    // The blocks of `from` this subscriber takes (GPU metrics cut to its detail), then the rollups.
    void copySamples(const v1::Samples &from, const v1::Samples *rolled, v1::Samples &to) const
    {
        to.set_time_ms(from.time_ms());
        to.set_keyframe(from.keyframe());
        for (const v1::MetricBlock &b : from.blocks()) {
            if (!wants(b.metric_id()))
                continue;
            if (const std::vector<uint32_t> *detail = detailOf(b.metric_id())) {
                if (v1::MetricBlock cut = restrictBlock(b, *detail); cut.values_size() > 0)
                    *to.add_blocks() = std::move(cut);
            } else {
                *to.add_blocks() = b;
            }
        }
        if (rolledUp && rolled)
            for (const v1::MetricBlock &b : rolled->blocks())
                if (wantsRollup(b.metric_id()))
                    *to.add_blocks() = b;
    }

    // A copy of a journal entry with what this subscriber did not ask for removed.
    // The entry itself is always sent, so the subscriber's seq stays gap-free.
    v1::StreamMessage apply(const v1::StreamMessage &entry, const v1::Samples *rolled) const
    {
        v1::StreamMessage out;
        out.set_epoch(entry.epoch());
        out.set_seq(entry.seq());
        if (entry.has_samples()) {
            copySamples(entry.samples(), rolled, *out.mutable_samples());
        } else if (entry.has_events()) {
            if (events)
                *out.mutable_events() = entry.events();
            else
                out.mutable_events();
        } else if (entry.has_alarms()) {
            if (events) // alarms come with events
                *out.mutable_alarms() = entry.alarms();
            else
                out.mutable_alarms();
        }
        return out;
    }
};

// A wall screen's stream (level NODE or RACK): its rollups and the GPUs it looks at.
QString wallScreenFilter(const TelemetryJournal &journal, const v1::SubscribeRequest &request, StreamFilter &filter)
{
    constexpr int MaxDetailRacks = 4096;
    const Topology &topology = *journal.topology();
    if (request.detail_racks_size() > MaxDetailRacks)
        return QStringLiteral("%1 detail racks asked for; at most %2")
            .arg(request.detail_racks_size())
            .arg(MaxDetailRacks);
    std::set<uint32_t> racks;
    for (uint32_t rack : request.detail_racks()) {
        if (rack >= topology.racks.size())
            return QStringLiteral("detail rack %1 is not in the topology (%2 racks)")
                .arg(rack)
                .arg(topology.racks.size());
        racks.insert(rack);
    }
    filter.rolledUp = true;
    for (uint32_t rack : racks)
        for (uint32_t node : topology.nodesOfRack[rack])
            for (uint32_t gpu : topology.gpusOfNode[node]) {
                filter.detailGpus.push_back(gpu);
                if (gpu < topology.instancesOfGpu.size())
                    for (uint32_t instance : topology.instancesOfGpu[gpu])
                        filter.detailInstances.push_back(instance);
            }
    std::sort(filter.detailGpus.begin(), filter.detailGpus.end());
    std::sort(filter.detailInstances.begin(), filter.detailInstances.end());
    for (const MetricDescriptor &m : journal.metrics()) {
        if (m.id >= filter.kindOfMetric.size())
            filter.kindOfMetric.resize(m.id + 1, EntityKind::Unspecified);
        filter.kindOfMetric[m.id] = m.entityKind;
    }
    const EntityKind level = request.level() == v1::AGGREGATION_LEVEL_NODE ? EntityKind::Node : EntityKind::Rack;
    for (const MetricDescriptor &m : journal.rollupMetrics())
        if (m.entityKind == level)
            if (std::optional<uint32_t> source = journal.rollupSourceOf(m.id); source && filter.wants(*source))
                filter.rollups.insert(m.id);
    return {};
}

// A call refused before it streams anything.
class Refusal final : public grpc::ServerWriteReactor<grpc::ByteBuffer>
{
public:
    explicit Refusal(const grpc::Status &why) { Finish(why); }
    void OnDone() override { delete this; }
};

} // namespace

// One subscriber's stream. Everything it does happens under its mutex, from whichever thread
// wakes it: gRPC's (a write done), the appending thread (new entries) or the hub's ticker.
class Subscription final : public grpc::ServerWriteReactor<grpc::ByteBuffer>
{
public:
    Subscription(SubscriptionHub &hub, grpc::CallbackServerContext *context, std::string client, StreamFilter filter,
                 std::function<bool()> stillAllowed)
        : m_hub(hub)
        , m_context(context)
        , m_client(std::move(client))
        , m_filter(std::move(filter))
        , m_epoch(hub.m_journal.epoch())
        , m_stillAllowed(std::move(stillAllowed))
    { }

    // The snapshot (or the resume point). Called once, before the hub knows the stream: the
    // snapshot of a large cluster takes a while, and nothing waits for it but this stream.
    void prepare(const v1::SubscribeRequest &request, const v1::Gap &gap, bool fresh, uint64_t resumeFrom)
    {
        std::lock_guard lock(m_mutex);
        if (fresh) {
            queueSnapshot(request, gap);
        } else {
            m_cursor = resumeFrom;
            m_resumePending = true;
            m_resumeSyncAt = m_hub.m_journal.range().head;
        }
    }

    // The first write; what the journal gained since the snapshot follows it.
    void start()
    {
        std::lock_guard lock(m_mutex);
        pumpLocked();
    }

    void wake()
    {
        bool cutOff = false;
        {
            std::lock_guard lock(m_mutex);
            if (m_stillAllowed && !m_revoked) {
                const auto now = std::chrono::steady_clock::now();
                if (now - m_allowedCheckedAt >= std::chrono::seconds(1)) {
                    m_allowedCheckedAt = now;
                    m_revoked = !m_stillAllowed();
                }
            }
            if (m_revoked) { // its token was revoked: the stream ends, after the write in flight
                if (!m_writing)
                    finishLocked(revokedStatus());
                return;
            }
            if (m_writing && !m_cancelling && !m_snapshotSizes.empty()
                && std::chrono::steady_clock::now() - m_lastWrite > m_hub.m_settings.stalledCutOff) {
                // Holds its snapshot and takes none of it: let go of it now, not once the journal
                // has moved past it. A resume gets a fresh one.
                cutOff = m_cancelling = true;
            } else if (m_writing && !m_cancelling && m_hub.m_journal.range().oldest > m_cursor + 1) {
                // Fell out of the retained window with a write still in flight: a slow reader
                // gets RESOURCE_EXHAUSTED once that write lands; one that never reads is cut off.
                const auto now = std::chrono::steady_clock::now();
                if (!m_behindSince)
                    m_behindSince = now;
                else if (now - *m_behindSince > m_hub.m_settings.stalledCutOff)
                    cutOff = m_cancelling = true;
            }
            pumpLocked();
        }
        // Outside the lock: gRPC may run OnCancel inline.
        if (cutOff)
            m_context->TryCancel();
    }

    void OnWriteDone(bool ok) override
    {
        std::lock_guard lock(m_mutex);
        m_writing = false;
        m_lastWrite = std::chrono::steady_clock::now();
        if (!ok || m_cancelling) {
            finishLocked(grpc::Status::CANCELLED);
            return;
        }
        if (m_revoked) {
            finishLocked(revokedStatus());
            return;
        }
        pumpLocked();
    }

    void OnCancel() override
    {
        std::lock_guard lock(m_mutex);
        m_cancelling = true;
        if (!m_writing)
            finishLocked(grpc::Status::CANCELLED);
        // else: the write in flight fails, and OnWriteDone finishes.
    }

    void OnDone() override
    {
        m_hub.leave(this);
        delete this;
    }

    const std::string &client() const { return m_client; }

private:
    void stamp(v1::StreamMessage &m, uint64_t seq, bool snapshot) const
    {
        m.set_epoch(m_epoch);
        m.set_seq(seq);
        m.set_snapshot(snapshot);
    }

    void queueLocked(const v1::StreamMessage &m) { m_pending.push_back(serialise(m)); }

    // A snapshot's message: counted against the hub's budget until it is written.
    void queueSnapshotLocked(const v1::StreamMessage &m)
    {
        queueLocked(m);
        const size_t bytes = m_pending.back().Length();
        m_snapshotSizes.push_back(bytes);
        m_hub.m_snapshotBytes += bytes;
    }

    // Messages of at most `maxSnapshotMessageBytes` (and 1,000 items) out of `count` items,
    // each added to a message by `add(message, i)`, which says how many bytes it added.
    template<class Add> void queueInParts(uint64_t seq, size_t count, Add add)
    {
        const size_t limit = m_hub.m_settings.maxSnapshotMessageBytes;
        v1::StreamMessage m;
        size_t items = 0, bytes = 0;
        for (size_t i = 0; i < count; ++i) {
            if (items == 0)
                stamp(m, seq, true);
            bytes += add(m, i);
            ++items;
            if (items >= 1000 || bytes >= limit) {
                queueSnapshotLocked(m);
                m.Clear();
                items = bytes = 0;
            }
        }
        if (items > 0)
            queueSnapshotLocked(m);
    }

    // The snapshot's messages are written in order, first: as each leaves, it leaves the budget.
    void tookSnapshotMessageLocked()
    {
        if (m_snapshotSizes.empty())
            return;
        m_hub.m_snapshotBytes -= m_snapshotSizes.front();
        m_snapshotSizes.pop_front();
    }

    void releaseSnapshotLocked()
    {
        while (!m_snapshotSizes.empty())
            tookSnapshotMessageLocked();
    }

    void queueSnapshot(const v1::SubscribeRequest &request, v1::Gap gap)
    {
        TelemetryJournal &journal = m_hub.m_journal;
        std::function<bool(uint32_t)> wantedRollups;
        if (m_filter.rolledUp)
            wantedRollups = [&](uint32_t id) { return m_filter.wantsRollup(id); };
        const TelemetryJournal::Snapshot snap = journal.snapshot(
            m_hub.m_settings.maxValuesPerMessage, [&](uint32_t id) { return m_filter.wantsColumn(id); },
            request.include_recent_events() && m_filter.events ? MaxRecentEvents : 0, wantedRollups);
        v1::StreamMessage dictionary;
        stamp(dictionary, snap.seq, true);
        if (m_filter.rolledUp) {
            // The metrics this stream can carry: a GPU metric only when it looks at some GPUs.
            std::vector<MetricDescriptor> metrics;
            for (const MetricDescriptor &m : journal.metrics())
                if (!m_filter.detailOf(m.id) || !m_filter.detailOf(m.id)->empty())
                    metrics.push_back(m);
            for (const MetricDescriptor &m : journal.rollupMetrics())
                if (m_filter.wantsRollup(m.id))
                    metrics.push_back(m);
            *dictionary.mutable_dictionary() = wire::toProto(journal.topology()->version, metrics);
        } else {
            *dictionary.mutable_dictionary() = wire::toProto(journal.topology()->version, journal.metrics());
        }
        queueSnapshotLocked(dictionary);
        for (const v1::Samples &keyframe : snap.keyframes) {
            v1::StreamMessage m;
            stamp(m, snap.seq, true);
            if (m_filter.rolledUp)
                m_filter.copySamples(keyframe, nullptr, *m.mutable_samples());
            else
                *m.mutable_samples() = keyframe;
            queueSnapshotLocked(m);
        }
        for (const v1::Samples &keyframe : snap.rollupKeyframes) {
            v1::StreamMessage m;
            stamp(m, snap.seq, true);
            *m.mutable_samples() = keyframe;
            queueSnapshotLocked(m);
        }
        // Recent events and every alarm, in messages bounded by size: a source may write long
        // messages into its events, and a snapshot must still fit a client's receive limit.
        queueInParts(snap.seq, snap.recentEvents.size(), [&](v1::StreamMessage &m, size_t i) {
            *m.mutable_events()->add_events() = snap.recentEvents[i];
            return snap.recentEvents[i].ByteSizeLong();
        });
        if (snap.followerState && m_filter.events) { // every alarm, as of the snapshot
            const v1::AlarmUpdate &all = snap.followerState->alarms();
            if (all.alarms_size() == 0) {
                v1::StreamMessage m;
                stamp(m, snap.seq, true);
                m.mutable_alarms()->set_full(true); // none: the client's alarms are replaced by none
                queueSnapshotLocked(m);
            }
            queueInParts(snap.seq, size_t(all.alarms_size()), [&](v1::StreamMessage &m, size_t i) {
                if (i == 0) // the first message replaces what the client held; the rest add
                    m.mutable_alarms()->set_full(true);
                *m.mutable_alarms()->add_alarms() = all.alarms(int(i));
                return all.alarms(int(i)).ByteSizeLong();
            });
        }
        if (gap.reason() != v1::Gap::REASON_UNSPECIFIED) {
            if (gap.reason() == v1::Gap::REASON_NOT_RETAINED)
                gap.set_to_seq(snap.seq);
            gap.set_to_time_ms(snap.timeMs);
            v1::StreamMessage m;
            stamp(m, snap.seq, true);
            *m.mutable_gap() = gap;
            queueSnapshotLocked(m);
        }
        v1::StreamMessage sync;
        stamp(sync, snap.seq, true);
        sync.mutable_sync()->set_resumed(false);
        queueSnapshotLocked(sync);
        m_cursor = snap.seq;
    }

    // Fills the queue from the journal when it is empty, and starts the next write.
    void pumpLocked()
    {
        if (m_writing || m_finished || m_cancelling)
            return;
        if (m_pending.empty())
            readJournalLocked();
        if (m_finished)
            return;
        if (m_pending.empty() && std::chrono::steady_clock::now() - m_lastWrite >= m_hub.m_settings.heartbeatInterval) {
            v1::StreamMessage heartbeat;
            stamp(heartbeat, m_cursor, false);
            heartbeat.mutable_heartbeat()->set_server_time_ms(std::chrono::duration_cast<std::chrono::milliseconds>(
                                                                  std::chrono::system_clock::now().time_since_epoch())
                                                                  .count());
            queueLocked(heartbeat);
        }
        if (m_pending.empty())
            return;
        m_inFlight = std::move(m_pending.front());
        m_pending.pop_front();
        tookSnapshotMessageLocked();
        m_writing = true;
        StartWrite(&m_inFlight);
    }

    void readJournalLocked()
    {
        m_batch.clear();
        switch (m_hub.m_journal.readWireAfter(m_cursor, m_batch, m_hub.m_settings.maxEntriesPerRead)) {
        case TelemetryJournal::ReadStatus::Closed:
            finishLocked(grpcStatus(grpc::StatusCode::UNAVAILABLE, QStringLiteral("gateway is shutting down")));
            return;
        case TelemetryJournal::ReadStatus::NotRetained:
            // The slow-consumer policy: a subscriber that falls out of the retained window is
            // cut off; its resume then yields a snapshot and a reported gap.
            finishLocked(
                grpcStatus(grpc::StatusCode::RESOURCE_EXHAUSTED,
                           QStringLiteral("subscriber fell behind the retained window at seq %1").arg(m_cursor + 1)));
            return;
        case TelemetryJournal::ReadStatus::Ok:
            break;
        }
        if (!m_batch.empty())
            m_behindSince.reset();
        for (TelemetryJournal::WireEntry &entry : m_batch) {
            if (m_filter.passesAll())
                m_pending.push_back(std::move(entry.wire));
            else
                queueLocked(m_filter.apply(*entry.message, entry.rollups.get()));
            m_cursor = entry.message->seq();
            // A resume ends with Sync{resumed} once the replay has reached the head it started from.
            if (m_resumePending && m_cursor >= m_resumeSyncAt)
                confirmResumeLocked();
        }
        if (m_batch.empty() && m_resumePending && m_cursor >= m_resumeSyncAt)
            confirmResumeLocked();
        m_batch.clear();
    }

    void confirmResumeLocked()
    {
        m_resumePending = false;
        v1::StreamMessage sync;
        stamp(sync, m_cursor, false);
        sync.mutable_sync()->set_resumed(true);
        queueLocked(sync);
    }

    void finishLocked(const grpc::Status &why)
    {
        if (m_finished)
            return;
        m_finished = true;
        m_pending.clear();
        releaseSnapshotLocked();
        Finish(why);
    }

    SubscriptionHub &m_hub;
    grpc::CallbackServerContext *const m_context;
    const std::string m_client;
    const StreamFilter m_filter;
    const uint64_t m_epoch;

    std::mutex m_mutex;
    std::deque<grpc::ByteBuffer> m_pending;
    std::deque<size_t> m_snapshotSizes; // the snapshot's messages still queued, first to last
    std::vector<TelemetryJournal::WireEntry> m_batch;
    grpc::ByteBuffer m_inFlight;
    bool m_writing = false;
    bool m_finished = false;
    bool m_cancelling = false;
    uint64_t m_cursor = 0;
    bool m_resumePending = false;
    uint64_t m_resumeSyncAt = 0;
    std::chrono::steady_clock::time_point m_lastWrite = std::chrono::steady_clock::now();
    std::optional<std::chrono::steady_clock::time_point> m_behindSince;
    std::function<bool()> m_stillAllowed;
    std::chrono::steady_clock::time_point m_allowedCheckedAt = std::chrono::steady_clock::now();
    bool m_revoked = false;

    static grpc::Status revokedStatus()
    {
        return grpcStatus(grpc::StatusCode::UNAUTHENTICATED,
                          QStringLiteral("the token this stream was opened with is no longer valid"));
    }
};

SubscriptionHub::SubscriptionHub(TelemetryJournal &journal, StreamSettings settings)
    : m_journal(journal)
    , m_settings(settings)
{
    m_journal.setAppendedCallback([this] { wakeAll(); });
    // Often enough that an idle stream's heartbeat is late by at most a quarter of its interval.
    m_ticker.start(std::max(std::chrono::milliseconds(20),
                            std::chrono::duration_cast<std::chrono::milliseconds>(m_settings.heartbeatInterval / 4)),
                   [this] { wakeAll(); });
}

SubscriptionHub::~SubscriptionHub()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_ticker.stop();
    m_journal.setAppendedCallback({});
}

grpc::ServerWriteReactor<grpc::ByteBuffer> *SubscriptionHub::refuse(const grpc::Status &why)
{
    return new Refusal(why);
}

int SubscriptionHub::active() const
{
    std::lock_guard lock(m_mutex);
    return int(m_subscriptions.size());
}

void SubscriptionHub::wakeAll()
{
    std::lock_guard lock(m_mutex);
    for (Subscription *s : m_subscriptions)
        s->wake();
}

void SubscriptionHub::leave(Subscription *subscription)
{
    std::lock_guard lock(m_mutex);
    if (m_subscriptions.erase(subscription) > 0)
        if (auto it = m_perClient.find(subscription->client()); it != m_perClient.end() && --it->second == 0)
            m_perClient.erase(it);
}

grpc::ServerWriteReactor<grpc::ByteBuffer> *SubscriptionHub::subscribe(grpc::CallbackServerContext *context,
                                                                       const grpc::ByteBuffer *requestBytes,
                                                                       const std::optional<OperatorIdentity> &who,
                                                                       std::function<bool()> stillAllowed)
{
    v1::SubscribeRequest request;
    grpc::ByteBuffer copy(*requestBytes);
    if (!grpc::SerializationTraits<v1::SubscribeRequest>::Deserialize(&copy, &request).ok())
        return new Refusal(
            grpcStatus(grpc::StatusCode::INVALID_ARGUMENT, QStringLiteral("malformed SubscribeRequest")));
    StreamFilter filter;
    filter.events = request.include_events();
    for (const std::string &name : request.metrics()) {
        const QString wanted = QString::fromStdString(name);
        auto it = std::find_if(m_journal.metrics().begin(), m_journal.metrics().end(),
                               [&](const MetricDescriptor &m) { return m.name == wanted; });
        if (it == m_journal.metrics().end()) {
            QStringList known;
            for (const MetricDescriptor &m : m_journal.metrics())
                known << m.name;
            return new Refusal(grpcStatus(
                grpc::StatusCode::INVALID_ARGUMENT,
                QStringLiteral("unknown metric '%1' (this gateway serves: %2)").arg(wanted, known.join(u", "))));
        }
        filter.metrics.insert(it->id);
    }
    switch (request.level()) {
    case v1::AGGREGATION_LEVEL_UNSPECIFIED:
    case v1::AGGREGATION_LEVEL_GPU:
        break;
    case v1::AGGREGATION_LEVEL_NODE:
    case v1::AGGREGATION_LEVEL_RACK:
        if (QString why = wallScreenFilter(m_journal, request, filter); !why.isEmpty())
            return new Refusal(grpcStatus(grpc::StatusCode::INVALID_ARGUMENT, why));
        break;
    default:
        return new Refusal(
            grpcStatus(grpc::StatusCode::INVALID_ARGUMENT,
                       QStringLiteral("unknown aggregation level %1 (GPU, NODE or RACK)").arg(int(request.level()))));
    }

    const uint64_t epoch = m_journal.epoch();
    uint64_t resumeFrom = 0;
    v1::Gap gap;
    bool fresh = true;
    if (request.has_resume() && request.resume().epoch() != 0) {
        const auto range = m_journal.range();
        const uint64_t last = request.resume().last_seq();
        if (request.resume().epoch() == epoch) {
            if (last > range.head)
                return new Refusal(grpcStatus(
                    grpc::StatusCode::OUT_OF_RANGE,
                    QStringLiteral("resume point %1 is ahead of the journal's head %2").arg(last).arg(range.head)));
            if (last >= range.oldest - 1) {
                fresh = false;
                resumeFrom = last;
            } else {
                gap.set_reason(v1::Gap::REASON_NOT_RETAINED);
                gap.set_from_seq(last + 1);
            }
        } else {
            gap.set_reason(v1::Gap::REASON_EPOCH_CHANGED);
            gap.set_from_seq(last < UINT64_MAX ? last + 1 : last);
        }
        gap.set_previous_epoch(request.resume().epoch());
    }

    // A client is the person or agent its token names, else the host it calls from.
    std::string client;
    if (who) {
        client = "token:" + who->name.toStdString();
    } else {
        client = context->peer();
        client = client.substr(0, client.rfind(':'));
    }
    {
        // The stream's place is held while its snapshot is made, so the caps count it.
        std::lock_guard lock(m_mutex);
        QString refusal;
        if (m_stopping)
            refusal = QStringLiteral("gateway is shutting down");
        else if (m_subscriptions.size() + m_starting >= m_settings.maxStreams)
            refusal = QStringLiteral("this gateway serves at most %1 streams").arg(m_settings.maxStreams);
        else if (fresh && m_snapshotBytes.load() >= m_settings.maxSnapshotBytes)
            refusal = QStringLiteral("dashboards are taking %1 MB of snapshots at once, the most this gateway "
                                     "holds; retry in a few seconds")
                          .arg(m_snapshotBytes.load() >> 20);
        else if (m_perClient[client] >= m_settings.maxStreamsPerClient)
            refusal = QStringLiteral("%1 already holds %2 streams, the most one client may")
                          .arg(QString::fromStdString(client))
                          .arg(m_settings.maxStreamsPerClient);
        if (!refusal.isEmpty()) {
            if (m_perClient[client] == 0)
                m_perClient.erase(client);
            return new Refusal(grpcStatus(grpc::StatusCode::RESOURCE_EXHAUSTED, refusal));
        }
        ++m_perClient[client];
        ++m_starting;
    }
    auto *subscription = new Subscription(*this, context, client, std::move(filter), std::move(stillAllowed));
    subscription->prepare(request, gap, fresh, resumeFrom);
    std::lock_guard lock(m_mutex);
    --m_starting;
    m_subscriptions.insert(subscription);
    subscription->start(); // a stopping gateway's journal is closed: the stream ends UNAVAILABLE
    return subscription;
}

} // namespace vigil
