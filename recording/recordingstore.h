// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/alarm.h"

#include "domain/clusterstate.h"
#include "domain/event.h"
#include "domain/metric.h"
#include "domain/topology.h"

#include <QString>

#include <memory>
#include <vector>

namespace vigil {

namespace v1 {
class Samples;
}

// How long a recording keeps every frame. Older stretches are downsampled: each
// window keeps two frames, every entity's lowest and highest reading in it, so
// spikes and dips survive. Stretches around critical events are kept whole.
struct RecordingRetention
{
    int64_t fullRateMs = 24 * 3600 * 1000;
    int64_t windowMs = 60 * 1000;
    int64_t incidentBeforeMs = 60 * 60 * 1000; // the run-up to a critical event
    int64_t incidentAfterMs = 30 * 60 * 1000;
    size_t maxBlocksPerPass = 512; // one transaction's worth; retention continues on the next pass
};

struct RetentionReport
{
    uint64_t blocksRewritten = 0; // full-rate blocks replaced
    uint64_t framesBefore = 0;
    uint64_t framesAfter = 0;
    bool finished = true; // false: more is due; call again
};

// What a store holds so far, as the recorder's status shows it.
struct RecordingTotals
{
    uint64_t frames = 0;
    uint64_t samples = 0;
    uint64_t events = 0; // stored, not counting copies of events already there
    uint64_t bytes = 0; // compressed chunk bytes
    uint64_t framesLost = 0; // dropped by a failed commit
    int64_t firstMs = 0;
    int64_t lastMs = 0;
};

struct RecordingStoreOptions
{
    int compressionLevel = 3;
    int64_t maxFileBytes = 0; // 0: as large as the medium allows
};

// Where the flight recorder keeps what it is given, used from one thread (the
// recorder's). Frames, events, gaps and alarm changes collect until commit(), which
// stores them as one unit; a failed commit drops the frames and remembers them as a
// gap, and keeps the rest for the next attempt. A SQLite file (RecordingWriter) is
// the embedded store; a shared database implements the same calls.
class RecordingStore
{
public:
    virtual ~RecordingStore() = default;

    // Commits what is pending, then makes the layout current for the frames that follow.
    virtual QString setLayout(std::shared_ptr<const Topology> topology, const std::vector<MetricDescriptor> &metrics)
        = 0;
    // Applies samples to the frame being collected. A later time first closes that frame.
    virtual ApplyResult addSamples(const v1::Samples &samples) = 0;
    virtual void addEvents(const std::vector<Event> &events) = 0;
    // A stretch the recording will never hold (a stream gap, an outage), with the reason.
    virtual void addGap(int64_t fromMs, int64_t toMs, const QString &reason) = 0;
    // From `startMs` on, the source's clock reads recorded time minus `clockOffsetMs`
    // (a segment begun because that clock went back; see RecordingClock).
    virtual void addSegment(int64_t startMs, int64_t clockOffsetMs, const QString &reason) = 0;
    // Alarms as they stand from `timeMs` on, and alarms gone (forgotten) at `timeMs`.
    virtual void addAlarms(int64_t timeMs, const std::vector<Alarm> &changed, const std::vector<uint64_t> &removed) = 0;
    virtual QString commit() = 0;
    virtual size_t framesPending() const = 0;
    // Downsamples what is older than the policy's full-rate span before `nowMs`
    // (one bounded pass). Commits what is pending first.
    virtual QString applyRetention(const RecordingRetention &policy, int64_t nowMs, RetentionReport *report = nullptr)
        = 0;
    virtual RecordingTotals totals() const = 0;
    virtual void close() = 0;
};

// Opens the store at `location` for writing, creating it if need be. Today every
// location is a recording file (SQLite); the error names the location and the problem.
std::unique_ptr<RecordingStore> openRecordingStore(const QString &location, const RecordingStoreOptions &options,
                                                   QString *error);

} // namespace vigil
