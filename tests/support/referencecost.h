// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "domain/topology.h"

#include <QString>

#include <map>
#include <random>
#include <vector>

namespace vigil::test {

// A job's step time as read: (time, seconds); NaN: not training.
using PaceReadings = std::map<int, std::vector<std::pair<int64_t, double>>>;

// One incident as DESIGN's "What cost of grit means" defines it, computed the
// plainest way there is: one job at a time, in time order, nothing shared with
// the fast implementation (IncidentTracker, JobPace, costOf) but the definitions.
struct ReferenceIncident
{
    QString jobId;
    int64_t failedMs = 0;
    enum class State
    {
        Open,
        Recovered,
        Ended,
    } state
        = State::Open;
    int64_t resumedMs = 0;
    int64_t releasedMs = 0;
    int64_t stepAtFailure = 0;
    int64_t checkpointStep = 0;
    double stepSeconds = 0.0;
    uint32_t gpus = 0;
    bool drained = false; // a drain of GPUs it ran on took it down
    double downtimeGpuHours = 0.0;
    double recomputeGpuHours = 0.0;
};

std::vector<ReferenceIncident> referenceIncidents(const Topology &topology, const std::vector<Event> &events,
                                                  const PaceReadings &pace, int64_t nowMs);

// What the ledger of [fromMs, toMs) counts: each action once, hands-on apart.
struct ReferenceLedger
{
    size_t handsOn = 0;
    size_t paperwork = 0;
};
ReferenceLedger referenceLedger(const std::vector<Event> &events, int64_t fromMs, int64_t toMs);

// A random cluster history with known shape: several jobs of different sizes (and
// sometimes a next run on a given-up job's GPUs), restarts with and without
// rollback, restarts by hand with the actions around them, a crash after a
// collective timeout, runs given up (and sometimes started again), a shared
// failure that stops several jobs at once, failures where no job runs, operators'
// paperwork, a reconnect that delivers events twice, and sometimes no event ids
// at all (an import). Its jobs' step times are read every minute.
struct RandomHistory
{
    std::shared_ptr<Topology> topology;
    std::vector<Event> events; // in delivery order
    PaceReadings pace;
    int64_t startMs = 0, endMs = 0;
};
RandomHistory randomHistory(uint64_t seed);

QString describeHistory(const Topology &topology, const std::vector<Event> &events);

} // namespace vigil::test
