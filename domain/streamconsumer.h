// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/alarm.h"

#include "domain/clusterstate.h"
#include "domain/event.h"

#include <QString>

#include <map>
#include <memory>
#include <vector>

namespace vigil {

namespace v1 {
class StreamMessage;
}

// A stretch of the journal that this client will never see, shown on the
// timeline rather than hidden.
struct StreamGap
{
    enum class Reason
    {
        NotRetained,
        EpochChanged,
        MissingSequence
    };
    Reason reason = Reason::NotRetained;
    uint64_t epoch = 0; // the epoch the missing entries belonged to
    uint64_t fromSeq = 0;
    uint64_t toSeq = 0; // 0 when unknown
    int64_t fromTimeMs = 0;
    int64_t toTimeMs = 0;
};

// Where to resume after a disconnect.
struct ResumeToken
{
    uint64_t epoch = 0;
    uint64_t lastSeq = 0;
    bool valid() const { return epoch != 0; }
};

// Applies a subscription's messages to a ClusterState, checks the sequence
// numbers and records gaps. No sockets: fed message by message, so it is tested
// on its own and used unchanged by the network client.
class StreamConsumer
{
public:
    enum class Outcome
    {
        Applied, // state or bookkeeping updated
        Synced, // a snapshot or resume completed; the stream is live
        NeedsTopology, // the dictionary refers to a topology version this consumer does not hold
        ProtocolError, // the message was refused; see lastError()
    };

    // The topology that incoming dictionaries must match.
    void setTopology(std::shared_ptr<const Topology> topology);
    const std::shared_ptr<const Topology> &topology() const { return m_topology; }

    Outcome consume(const v1::StreamMessage &message, std::vector<Event> &eventsOut);

    const ClusterState &state() const { return m_state; }
    // The gateway's alarms as last told (by id), and a counter that moves when they change.
    const std::map<uint64_t, Alarm> &alarms() const { return m_alarms; }
    uint64_t alarmGeneration() const { return m_alarmGeneration; }
    // Valid only once a snapshot or resume completed (a stream cut mid-snapshot leaves nothing to resume).
    ResumeToken resumeToken() const { return m_synced ? ResumeToken { m_epoch, m_lastSeq } : ResumeToken {}; }
    // Forget the resume point: the next subscription starts with a fresh snapshot.
    void forgetResumePoint() { m_synced = false; }
    bool lastSyncResumed() const { return m_lastSyncResumed; }
    const std::vector<StreamGap> &gaps() const { return m_gaps; }
    const QString &lastError() const { return m_lastError; }
    uint64_t samplesApplied() const { return m_samplesApplied; }
    uint64_t valuesRejected() const { return m_valuesRejected; }

private:
    bool checkSequence(const v1::StreamMessage &message);

    std::shared_ptr<const Topology> m_topology;
    ClusterState m_state;
    uint64_t m_epoch = 0;
    uint64_t m_lastSeq = 0;
    int64_t m_timeBeforeSnapshotMs = 0; // where the data stopped before a fresh snapshot
    bool m_synced = false;
    bool m_inSnapshot = false;
    bool m_lastSyncResumed = false;
    std::vector<StreamGap> m_gaps;
    std::map<uint64_t, Alarm> m_alarms;
    uint64_t m_alarmGeneration = 0;
    QString m_lastError;
    uint64_t m_samplesApplied = 0;
    uint64_t m_valuesRejected = 0;
};

} // namespace vigil
