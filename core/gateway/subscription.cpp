// SPDX-License-Identifier: GPL-3.0-or-later
#include "subscription.h"

#include "wire/codec.h"

#include <grpcpp/impl/codegen/proto_utils.h>

#include <QStringList>

#include <deque>

namespace vigil {

namespace {

grpc::Status status(grpc::StatusCode code, const QString &message)
{
    return grpc::Status(code, message.toStdString());
}

grpc::ByteBuffer serialise(const v1::StreamMessage &message)
{
    grpc::ByteBuffer bytes;
    bool owns = false;
    (void)grpc::SerializationTraits<v1::StreamMessage>::Serialize(message, &bytes, &owns);
    return bytes;
}

// The alarm snapshot in messages of at most this many alarms (~200 bytes each): with the
// book's cap of 100,000 alarms no message comes near a client's receive limit.
constexpr int AlarmsPerMessage = 5000;
constexpr size_t MaxRecentEvents = 20000;

class StreamFilter
{
public:
    std::set<uint32_t> metrics; // empty = all
    bool events = true;

    bool passesAll() const { return metrics.empty() && events; }
    bool wants(uint32_t metricId) const { return metrics.empty() || metrics.count(metricId) > 0; }

    // A copy of a journal entry with what this subscriber did not ask for removed.
    // The entry itself is always sent, so the subscriber's seq stays gap-free.
    v1::StreamMessage apply(const v1::StreamMessage &entry) const
    {
        v1::StreamMessage out;
        out.set_epoch(entry.epoch());
        out.set_seq(entry.seq());
        if (entry.has_samples()) {
            v1::Samples *samples = out.mutable_samples();
            samples->set_time_ms(entry.samples().time_ms());
            samples->set_keyframe(entry.samples().keyframe());
            for (const v1::MetricBlock &b : entry.samples().blocks())
                if (wants(b.metric_id()))
                    *samples->add_blocks() = b;
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
    Subscription(SubscriptionHub &hub, grpc::CallbackServerContext *context, std::string client, StreamFilter filter)
        : m_hub(hub)
        , m_context(context)
        , m_client(std::move(client))
        , m_filter(std::move(filter))
        , m_epoch(hub.m_journal.epoch())
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
            if (m_writing && !m_cancelling && m_hub.m_journal.range().oldest > m_cursor + 1) {
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

    void queueSnapshot(const v1::SubscribeRequest &request, v1::Gap gap)
    {
        TelemetryJournal &journal = m_hub.m_journal;
        const TelemetryJournal::Snapshot snap = journal.snapshot(
            m_hub.m_settings.maxValuesPerMessage, [&](uint32_t id) { return m_filter.wants(id); },
            request.include_recent_events() && m_filter.events ? MaxRecentEvents : 0);
        v1::StreamMessage dictionary;
        stamp(dictionary, snap.seq, true);
        *dictionary.mutable_dictionary() = wire::toProto(journal.topology()->version, journal.metrics());
        queueLocked(dictionary);
        for (const v1::Samples &keyframe : snap.keyframes) {
            v1::StreamMessage m;
            stamp(m, snap.seq, true);
            *m.mutable_samples() = keyframe;
            queueLocked(m);
        }
        for (size_t first = 0; first < snap.recentEvents.size(); first += 1000) {
            v1::StreamMessage m;
            stamp(m, snap.seq, true);
            for (size_t i = first; i < std::min(snap.recentEvents.size(), first + 1000); ++i)
                *m.mutable_events()->add_events() = snap.recentEvents[i];
            queueLocked(m);
        }
        if (snap.followerState && m_filter.events) { // every alarm, as of the snapshot, in bounded messages
            const v1::AlarmUpdate &all = snap.followerState->alarms();
            for (int first = 0; first == 0 || first < all.alarms_size(); first += AlarmsPerMessage) {
                v1::StreamMessage m;
                stamp(m, snap.seq, true);
                v1::AlarmUpdate *part = m.mutable_alarms();
                part->set_full(first == 0); // the first replaces what the client held; the rest add
                for (int i = first; i < std::min(all.alarms_size(), first + AlarmsPerMessage); ++i)
                    *part->add_alarms() = all.alarms(i);
                queueLocked(m);
            }
        }
        if (gap.reason() != v1::Gap::REASON_UNSPECIFIED) {
            if (gap.reason() == v1::Gap::REASON_NOT_RETAINED)
                gap.set_to_seq(snap.seq);
            gap.set_to_time_ms(snap.timeMs);
            v1::StreamMessage m;
            stamp(m, snap.seq, true);
            *m.mutable_gap() = gap;
            queueLocked(m);
        }
        v1::StreamMessage sync;
        stamp(sync, snap.seq, true);
        sync.mutable_sync()->set_resumed(false);
        queueLocked(sync);
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
        m_writing = true;
        StartWrite(&m_inFlight);
    }

    void readJournalLocked()
    {
        m_batch.clear();
        switch (m_hub.m_journal.readWireAfter(m_cursor, m_batch, m_hub.m_settings.maxEntriesPerRead)) {
        case TelemetryJournal::ReadStatus::Closed:
            finishLocked(status(grpc::StatusCode::UNAVAILABLE, QStringLiteral("gateway is shutting down")));
            return;
        case TelemetryJournal::ReadStatus::NotRetained:
            // The slow-consumer policy: a subscriber that falls out of the retained window is
            // cut off; its resume then yields a snapshot and a reported gap.
            finishLocked(
                status(grpc::StatusCode::RESOURCE_EXHAUSTED,
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
                queueLocked(m_filter.apply(*entry.message));
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
        Finish(why);
    }

    SubscriptionHub &m_hub;
    grpc::CallbackServerContext *const m_context;
    const std::string m_client;
    const StreamFilter m_filter;
    const uint64_t m_epoch;

    std::mutex m_mutex;
    std::deque<grpc::ByteBuffer> m_pending;
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
                                                                       const std::optional<OperatorIdentity> &who)
{
    v1::SubscribeRequest request;
    grpc::ByteBuffer copy(*requestBytes);
    if (!grpc::SerializationTraits<v1::SubscribeRequest>::Deserialize(&copy, &request).ok())
        return new Refusal(status(grpc::StatusCode::INVALID_ARGUMENT, QStringLiteral("malformed SubscribeRequest")));
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
            return new Refusal(
                status(grpc::StatusCode::INVALID_ARGUMENT,
                       QStringLiteral("unknown metric '%1' (this gateway serves: %2)").arg(wanted, known.join(u", "))));
        }
        filter.metrics.insert(it->id);
    }
    if (request.level() != v1::AGGREGATION_LEVEL_UNSPECIFIED && request.level() != v1::AGGREGATION_LEVEL_GPU)
        return new Refusal(status(grpc::StatusCode::INVALID_ARGUMENT,
                                  QStringLiteral("aggregation level %1 is not served by this gateway; ask for GPU")
                                      .arg(int(request.level()))));

    const uint64_t epoch = m_journal.epoch();
    uint64_t resumeFrom = 0;
    v1::Gap gap;
    bool fresh = true;
    if (request.has_resume() && request.resume().epoch() != 0) {
        const auto range = m_journal.range();
        const uint64_t last = request.resume().last_seq();
        if (request.resume().epoch() == epoch) {
            if (last > range.head)
                return new Refusal(status(
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
        else if (m_perClient[client] >= m_settings.maxStreamsPerClient)
            refusal = QStringLiteral("%1 already holds %2 streams, the most one client may")
                          .arg(QString::fromStdString(client))
                          .arg(m_settings.maxStreamsPerClient);
        if (!refusal.isEmpty()) {
            if (m_perClient[client] == 0)
                m_perClient.erase(client);
            return new Refusal(status(grpc::StatusCode::RESOURCE_EXHAUSTED, refusal));
        }
        ++m_perClient[client];
        ++m_starting;
    }
    auto *subscription = new Subscription(*this, context, client, std::move(filter));
    subscription->prepare(request, gap, fresh, resumeFrom);
    std::lock_guard lock(m_mutex);
    --m_starting;
    m_subscriptions.insert(subscription);
    subscription->start(); // a stopping gateway's journal is closed: the stream ends UNAVAILABLE
    return subscription;
}

} // namespace vigil
