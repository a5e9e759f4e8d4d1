// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/alarm.h"
#include "domain/jobreadings.h"
#include "domain/streamconsumer.h"

#include <chrono>

namespace vigil {

enum class ConnectionState
{
    Connecting, // never had data yet
    Live, // snapshot received, data flowing
    Reconnecting, // the stream broke; retrying with backoff
    Resumed, // reconnected and continued exactly where it left off
};

struct ConnectionStatus
{
    ConnectionState state = ConnectionState::Connecting;
    QString address;
    bool encrypted = false; // over TLS
    QString lastError;
    // The gateway turned the last attempt away for who asked (no token, or the wrong one),
    // as against being unreachable: retrying will not help until the caller changes.
    bool refusedByGateway = false;
    uint64_t epoch = 0;
    uint64_t lastSeq = 0;
    std::chrono::steady_clock::time_point lastMessageAt {}; // for the data age
    uint64_t messagesReceived = 0; // a counter; the reader derives frames/s
    uint64_t reconnects = 0;
    uint64_t eventsDropped = 0; // events nobody took before the pending queue filled up
    size_t gaps = 0;
};

// Where the dashboard's cluster comes from: the live stream or a recording
// being replayed. Views render a ClusterState and a flow of events; whether
// they are live is not their business. Read by the GUI at its own cadence,
// written by the feed's own thread; only values cross.
class ClusterFeed
{
public:
    virtual ~ClusterFeed() = default;

    // Copies the state into `out` when it changed since `generation`; returns whether it did.
    // When `out` is, untouched, what the previous call handed out (at `generation`), only
    // the values that changed since are copied: the GUI receives deltas, not the state.
    virtual bool copyIfNewer(ClusterState &out, uint64_t &generation) const = 0;
    // The events that arrived since the last call, oldest first.
    virtual std::vector<Event> takeEvents() = 0;
    virtual std::vector<StreamGap> gaps() const = 0;
    virtual ConnectionStatus status() const = 0;
    // Changes when the flow of time breaks (a replay jumped): views built up from
    // past frames and events start over; takeEvents() then begins with the history
    // that leads up to the new instant.
    virtual uint64_t continuity() const { return 0; }
    // takeEvents() together with the continuity they belong to, in one step, so a
    // jump between the two calls cannot mix histories.
    virtual std::vector<Event> takeEvents(uint64_t &continuity)
    {
        continuity = 0;
        return takeEvents();
    }
    // Copies the alarms (by id) into `out` when they changed since `generation`; a feed
    // without alarms (a recording of an older gateway) never has any.
    virtual bool copyAlarmsIfNewer(std::vector<Alarm> &out, uint64_t &generation) const
    {
        (void)out;
        (void)generation;
        return false;
    }
    // Every job reading that arrived since the last call, each at its own time, appended
    // to `out`; `startOver` when they begin with a history that replaces everything
    // handed out before (a fresh subscription). False from a feed that hands out none
    // (a replay: its views read the recording's frames).
    virtual bool takeJobReadings(std::vector<JobReading> &out, bool &startOver)
    {
        (void)out;
        startOver = false;
        return false;
    }
};

} // namespace vigil
