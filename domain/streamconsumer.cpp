// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/streamconsumer.h"

#include "domain/codec.h"
#include "vigil/v1/gateway.pb.h"

namespace vigil {

void StreamConsumer::setTopology(std::shared_ptr<const Topology> topology)
{
    m_topology = std::move(topology);
}

bool StreamConsumer::checkSequence(const v1::StreamMessage &m)
{
    if (m.epoch() != m_epoch) {
        m_lastError
            = QStringLiteral("journal entry from epoch %1 while following epoch %2").arg(m.epoch()).arg(m_epoch);
        return false;
    }
    if (m.seq() <= m_lastSeq) {
        m_lastError = QStringLiteral("duplicate or out-of-order seq %1 after %2").arg(m.seq()).arg(m_lastSeq);
        return false;
    }
    if (m.seq() != m_lastSeq + 1)
        m_gaps.push_back({ StreamGap::Reason::MissingSequence, m_epoch, m_lastSeq + 1, m.seq() - 1, m_state.timeMs(),
                           m.has_samples() ? m.samples().time_ms() : 0 });
    m_lastSeq = m.seq();
    return true;
}

StreamConsumer::Outcome StreamConsumer::consume(const v1::StreamMessage &m, std::vector<Event> &eventsOut)
{
    switch (m.body_case()) {
    case v1::StreamMessage::kDictionary: {
        if (!m_topology || m_topology->version != m.dictionary().topology_version())
            return Outcome::NeedsTopology;
        m_timeBeforeSnapshotMs = m_state.timeMs();
        const QString error = m_state.reset(m_topology, wire::fromProto(m.dictionary()));
        if (!error.isEmpty()) {
            m_lastError = error;
            return Outcome::ProtocolError;
        }
        m_inSnapshot = true;
        m_synced = false;
        m_epoch = m.epoch();
        m_lastSeq = m.seq();
        return Outcome::Applied;
    }
    case v1::StreamMessage::kSamples: {
        if (m.snapshot()) {
            if (!m_inSnapshot || m.epoch() != m_epoch) {
                m_lastError = QStringLiteral("snapshot samples without a dictionary");
                return Outcome::ProtocolError;
            }
        } else if (!m_inSnapshot && !m_synced) {
            m_lastError = QStringLiteral("samples before the snapshot");
            return Outcome::ProtocolError;
        } else if (!checkSequence(m)) {
            return Outcome::ProtocolError;
        }
        const ApplyResult result = m_state.apply(m.samples());
        m_samplesApplied += result.samplesApplied;
        m_valuesRejected += result.valuesRejected + result.blocksRejected;
        if (!result.firstError.isEmpty())
            m_lastError = result.firstError;
        return Outcome::Applied;
    }
    case v1::StreamMessage::kEvents:
        if (m.snapshot()) {
            // Recent history sent with a fresh snapshot: not journal entries, no seq of their own.
            if (!m_inSnapshot || m.epoch() != m_epoch) {
                m_lastError = QStringLiteral("snapshot events without a dictionary");
                return Outcome::ProtocolError;
            }
        } else if ((!m_inSnapshot && !m_synced) || !checkSequence(m)) {
            return Outcome::ProtocolError;
        }
        for (const v1::Event &e : m.events().events())
            eventsOut.push_back(wire::fromProto(e));
        return Outcome::Applied;
    case v1::StreamMessage::kAlarms: {
        if (m.snapshot()) {
            if (!m_inSnapshot || m.epoch() != m_epoch) {
                m_lastError = QStringLiteral("snapshot alarms without a dictionary");
                return Outcome::ProtocolError;
            }
        } else if ((!m_inSnapshot && !m_synced) || !checkSequence(m)) {
            return Outcome::ProtocolError;
        }
        const v1::AlarmUpdate &update = m.alarms();
        if (update.full())
            m_alarms.clear();
        for (const v1::Alarm &a : update.alarms())
            m_alarms[a.id()] = wire::fromProto(a);
        for (uint64_t id : update.removed())
            m_alarms.erase(id);
        if (update.full() || update.alarms_size() > 0 || update.removed_size() > 0)
            ++m_alarmGeneration;
        return Outcome::Applied;
    }
    case v1::StreamMessage::kSync:
        if (m.sync().resumed()) {
            if (!m_synced || m.epoch() != m_epoch || m.seq() != m_lastSeq) {
                m_lastError = QStringLiteral("resume acknowledged at seq %1, but this client is at %2")
                                  .arg(m.seq())
                                  .arg(m_lastSeq);
                return Outcome::ProtocolError;
            }
        } else if (!m_inSnapshot) {
            m_lastError = QStringLiteral("end of snapshot without a snapshot");
            return Outcome::ProtocolError;
        }
        m_inSnapshot = false;
        m_synced = true;
        m_lastSyncResumed = m.sync().resumed();
        m_lastSeq = m.seq();
        return Outcome::Synced;
    case v1::StreamMessage::kHeartbeat:
        // A heartbeat names the head the gateway sent up to: a higher one means
        // entries went missing without the transport noticing.
        if (m_synced && m.epoch() == m_epoch && m.seq() > m_lastSeq) {
            m_gaps.push_back(
                { StreamGap::Reason::MissingSequence, m_epoch, m_lastSeq + 1, m.seq(), m_state.timeMs(), 0 });
            m_lastSeq = m.seq();
        }
        return Outcome::Applied;
    case v1::StreamMessage::kGap: {
        const v1::Gap &g = m.gap();
        m_gaps.push_back({ g.reason() == v1::Gap::REASON_EPOCH_CHANGED ? StreamGap::Reason::EpochChanged
                                                                       : StreamGap::Reason::NotRetained,
                           g.previous_epoch(), g.from_seq(), g.to_seq(),
                           g.from_time_ms() ? g.from_time_ms() : m_timeBeforeSnapshotMs, g.to_time_ms() });
        return Outcome::Applied;
    }
    case v1::StreamMessage::BODY_NOT_SET:
        break;
    }
    m_lastError = QStringLiteral("message without a body (seq %1)").arg(m.seq());
    return Outcome::ProtocolError;
}

} // namespace vigil
