// SPDX-License-Identifier: GPL-3.0-or-later
#include "gateway/telemetryjournal.h"

#include "domain/checkedtime.h"
#include "domain/codec.h"
#include "domain/sampleencoder.h"

#include <QDateTime>

#include <grpcpp/impl/codegen/proto_utils.h>
#include <grpcpp/support/proto_buffer_writer.h>

#include <algorithm>
#include <span>

namespace vigil {

TelemetryJournal::TelemetryJournal(uint64_t epoch, std::shared_ptr<const Topology> topology,
                                   std::vector<MetricDescriptor> metrics, RetentionPolicy retention)
    : m_epoch(epoch)
    , m_topology(std::move(topology))
    , m_metrics(std::move(metrics))
    , m_retention(retention)
{
    m_head.reset(m_topology, m_metrics);
    m_rollups.reset(m_topology, m_metrics);
    m_rollupMetrics = m_rollups.metrics();
    m_jobHistory.setMetrics(m_metrics);
    m_stragglers.setTopology(m_topology);
    m_repairs.setTopology(m_topology);
    m_domains.setTopology(m_topology);
}

uint64_t TelemetryJournal::appendLocked(v1::StreamMessage &&message, std::optional<v1::Samples> rollups)
{
    message.set_epoch(m_epoch);
    message.set_seq(++m_headSeq);
    grpc::ByteBuffer wire;
    bool ownsBuffer = false;
    (void)grpc::SerializationTraits<v1::StreamMessage>::Serialize(message, &wire, &ownsBuffer);
    // Held twice: as a message (for snapshots and filtered subscribers) and as its bytes.
    size_t bytes = 2 * wire.Length();
    std::shared_ptr<const v1::Samples> rolled;
    if (rollups) {
        bytes += rollups->SpaceUsedLong();
        rolled = std::make_shared<const v1::Samples>(std::move(*rollups));
    }
    m_entries.push_back({ std::chrono::steady_clock::now(), bytes,
                          std::make_shared<const v1::StreamMessage>(std::move(message)), std::move(wire),
                          std::move(rolled) });
    m_bytes += bytes;
    return m_headSeq;
}

uint64_t TelemetryJournal::appendFollowedLocked(v1::StreamMessage &&message, std::optional<v1::Samples> rollups)
{
    uint64_t seq = appendLocked(std::move(message), std::move(rollups));
    if (m_follower)
        if (std::optional<v1::StreamMessage> derived = m_follower->follow(*m_entries.back().message, m_head))
            appendLocked(std::move(*derived));
    return seq;
}

void TelemetryJournal::evictLocked()
{
    const auto cutoff = std::chrono::steady_clock::now() - m_retention.window;
    // Keep the newest entry whatever its size, so a resume at the head always works.
    while (m_entries.size() > 1 && (m_entries.front().appendedAt < cutoff || m_bytes > m_retention.maxBytes)) {
        m_bytes -= m_entries.front().bytes;
        m_entries.pop_front();
    }
}

void TelemetryJournal::holdTimesTo(std::function<int64_t()> clock, int64_t maxAheadMs,
                                   std::function<void(const QString &)> log)
{
    m_clock = std::move(clock);
    m_maxAheadMs = std::max<int64_t>(0, maxAheadMs);
    m_log = std::move(log);
}

int64_t TelemetryJournal::latestAllowedMs() const
{
    if (!m_clock)
        return INT64_MAX;
    const int64_t now = m_clock();
    return now > 0 ? saturatingAdd(now, m_maxAheadMs) : INT64_MAX; // no clock yet: nothing to hold times to
}

void TelemetryJournal::noteRefusedAhead(uint64_t count, int64_t timeMs)
{
    if (count == 0)
        return;
    m_refusedAhead += count;
    if (const uint64_t refused = m_refusalsToSay.add(count); refused && m_log)
        m_log(QStringLiteral("refused %1 reading(s) or event(s) dated ahead of the gateway's clock by more than %2 s "
                             "(the latest at %3): a source's clock is wrong")
                  .arg(refused)
                  .arg(m_maxAheadMs / 1000)
                  .arg(QDateTime::fromMSecsSinceEpoch(timeMs, Qt::UTC).toString(Qt::ISODate)));
}

uint64_t TelemetryJournal::appendSamples(std::vector<v1::Samples> &&samples)
{
    const int64_t latest = latestAllowedMs();
    uint64_t refused = 0;
    int64_t refusedAt = 0;
    for (const v1::Samples &s : samples)
        if (s.time_ms() > latest) {
            ++refused;
            refusedAt = s.time_ms();
        }
    if (refused) {
        std::erase_if(samples, [latest](const v1::Samples &s) { return s.time_ms() > latest; });
        noteRefusedAhead(refused, refusedAt);
    }
    {
        std::lock_guard lock(m_mutex);
        for (v1::Samples &s : samples) {
            m_head.apply(s);
            m_jobHistory.add(s);
            std::optional<v1::Samples> rollups = m_rollups.follow(s, m_head);
            v1::StreamMessage message;
            *message.mutable_samples() = std::move(s);
            appendFollowedLocked(std::move(message), std::move(rollups));
            if (m_deriveWarnings) {
                m_derived.clear();
                m_stragglers.observe(m_head, m_derived);
                if (!m_derived.empty())
                    appendEventsLocked(m_derived, nullptr);
            }
        }
        evictLocked();
    }
    m_appended.notify_all();
    if (m_appendedCallback)
        m_appendedCallback();
    return range().head;
}

std::vector<JobReading> TelemetryJournal::jobHistory(int64_t sinceMs, size_t max, uint64_t *headSeq) const
{
    std::lock_guard lock(m_mutex);
    if (headSeq)
        *headSeq = m_headSeq;
    return m_jobHistory.since(sinceMs, max);
}

uint64_t TelemetryJournal::appendEventsLocked(std::vector<Event> &events, std::vector<uint64_t> *assignedIds)
{
    v1::StreamMessage message;
    for (Event &e : events) {
        e.id = m_nextEventId++;
        if (assignedIds)
            assignedIds->push_back(e.id);
        *message.mutable_events()->add_events() = wire::toProto(e);
    }
    if (events.empty())
        return 0;
    const uint64_t seq = appendFollowedLocked(std::move(message));
    if (m_deriveWarnings) {
        // What these events call for goes right after them (its own warnings call for nothing more).
        std::vector<Event> repeated;
        m_repairs.observe(events, repeated);
        m_domains.observe(events, repeated);
        if (!repeated.empty())
            return appendEventsLocked(repeated, nullptr);
    }
    return seq;
}

uint64_t TelemetryJournal::appendEvents(std::vector<Event> events, std::vector<uint64_t> *assignedIds)
{
    if (events.empty())
        return 0;
    const int64_t latest = latestAllowedMs();
    uint64_t seq = 0;
    uint64_t refused = 0;
    int64_t refusedAt = 0;
    {
        std::lock_guard lock(m_mutex);
        std::vector<Event> taken;
        taken.reserve(events.size());
        for (Event &e : events) {
            if (e.timeMs > latest) {
                ++refused;
                refusedAt = e.timeMs;
            } else {
                taken.push_back(std::move(e));
            }
        }
        std::vector<uint64_t> ids;
        seq = appendEventsLocked(taken, assignedIds ? &ids : nullptr);
        if (assignedIds) {
            // A refused event has no id, in its place among the rest.
            size_t next = 0;
            for (const Event &e : events)
                assignedIds->push_back(e.timeMs > latest ? 0 : ids[next++]);
        }
        evictLocked();
    }
    noteRefusedAhead(refused, refusedAt);
    if (seq == 0)
        return 0;
    m_appended.notify_all();
    if (m_appendedCallback)
        m_appendedCallback();
    return seq;
}

QString TelemetryJournal::validate(const v1::MetricBlock &block) const
{
    std::lock_guard lock(m_mutex);
    return m_head.validate(block);
}

int64_t TelemetryJournal::headTimeMs() const
{
    std::lock_guard lock(m_mutex);
    return m_head.timeMs();
}

TelemetryJournal::Snapshot TelemetryJournal::snapshot(size_t maxValuesPerMessage,
                                                      const std::function<bool(uint32_t)> &wanted,
                                                      size_t maxRecentEvents,
                                                      const std::function<bool(uint32_t)> &wantedRollups) const
{
    std::lock_guard lock(m_mutex);
    Snapshot s;
    s.seq = m_headSeq;
    s.timeMs = m_head.timeMs();
    // The head state's columns are in dictionary order and the gateway numbers
    // metric ids by that order, so position == id.
    std::vector<std::span<const float>> columns;
    for (const MetricColumn &c : m_head.columns())
        columns.emplace_back(c.values);
    s.keyframes = SampleEncoder::keyframe(s.timeMs, columns, maxValuesPerMessage, wanted);
    if (wantedRollups)
        s.rollupKeyframes = m_rollups.keyframes(s.timeMs, maxValuesPerMessage, wantedRollups);
    if (maxRecentEvents > 0) {
        for (auto it = m_entries.rbegin(); it != m_entries.rend() && s.recentEvents.size() < maxRecentEvents; ++it)
            if (it->message->has_events())
                for (int i = it->message->events().events_size() - 1; i >= 0 && s.recentEvents.size() < maxRecentEvents;
                     --i)
                    s.recentEvents.push_back(it->message->events().events(i));
        std::reverse(s.recentEvents.begin(), s.recentEvents.end());
    }
    if (m_follower)
        s.followerState = m_follower->snapshotEntry();
    return s;
}

std::vector<v1::Event> TelemetryJournal::retainedEvents(const std::function<bool(const v1::Event &)> &keep,
                                                        size_t max) const
{
    std::vector<v1::Event> kept;
    std::lock_guard lock(m_mutex);
    for (const auto &entry : m_entries) {
        if (!entry.message->has_events())
            continue;
        for (const v1::Event &e : entry.message->events().events()) {
            if (kept.size() >= max)
                return kept;
            if (keep(e))
                kept.push_back(e);
        }
    }
    return kept;
}

TelemetryJournal::Range TelemetryJournal::range() const
{
    std::lock_guard lock(m_mutex);
    if (m_entries.empty())
        return { m_headSeq + 1, m_headSeq };
    return { m_entries.front().message->seq(), m_headSeq };
}

template<class Take>
TelemetryJournal::ReadStatus TelemetryJournal::readLocked(uint64_t afterSeq, size_t count, Take take) const
{
    if (m_closed)
        return ReadStatus::Closed;
    if (m_headSeq <= afterSeq)
        return ReadStatus::Ok;
    const uint64_t oldest = m_entries.front().message->seq();
    if (afterSeq + 1 < oldest)
        return ReadStatus::NotRetained;
    for (uint64_t seq = afterSeq + 1; seq <= m_headSeq && count > 0; ++seq, --count)
        take(m_entries[size_t(seq - oldest)]);
    return ReadStatus::Ok;
}

TelemetryJournal::ReadStatus TelemetryJournal::readAfter(uint64_t afterSeq, std::vector<JournalMessage> &out,
                                                         size_t maxEntries, std::chrono::milliseconds wait) const
{
    std::unique_lock lock(m_mutex);
    if (!m_closed && m_headSeq <= afterSeq)
        m_appended.wait_for(lock, wait, [&] { return m_closed || m_headSeq > afterSeq; });
    return readLocked(afterSeq, maxEntries > out.size() ? maxEntries - out.size() : 0,
                      [&](const Entry &entry) { out.push_back(entry.message); });
}

TelemetryJournal::ReadStatus TelemetryJournal::readWireAfter(uint64_t afterSeq, std::vector<WireEntry> &out,
                                                             size_t maxEntries) const
{
    std::lock_guard lock(m_mutex);
    return readLocked(afterSeq, maxEntries > out.size() ? maxEntries - out.size() : 0, [&](const Entry &entry) {
        out.push_back({ entry.message, entry.wire, entry.rollups });
    });
}

void TelemetryJournal::close()
{
    {
        std::lock_guard lock(m_mutex);
        m_closed = true;
    }
    m_appended.notify_all();
    if (m_appendedCallback)
        m_appendedCallback();
}

} // namespace vigil
