// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/alarm.h"
#include "domain/clusterstate.h"
#include "domain/event.h"
#include "domain/topology.h"

#include <QSqlDatabase>
#include <QString>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

class QSqlQuery;

namespace vigil {

// A stretch a recording holds no data for, and why (a stream gap, the recorder
// not running, a failing disk).
struct RecordedGap
{
    int64_t fromMs = 0;
    int64_t toMs = 0;
    QString reason;
};

// From startMs on, the source's clock read recorded time minus clockOffsetMs: the
// recorder began a new segment there because that clock went back (RecordingClock).
struct RecordedSegment
{
    int64_t startMs = 0;
    int64_t clockOffsetMs = 0;
    QString reason;
};

struct Bookmark
{
    int64_t id = 0; // its row in the recording; 0: known only as a shared note
    int64_t timeMs = 0;
    QString note;
    QString author;
    bool shared = false; // it reached the NOC's shared state (a note about timeMs through the gateway)
};

// Where frames exist: consecutive blocks of one tier closer than the join distance form one span.
struct RecordedSpan
{
    int64_t fromMs = 0;
    int64_t toMs = 0;
    bool downsampled = false; // retention kept only each window's extremes here
};

// Events per time bucket, split by severity, for the timeline's density strip.
struct EventDensity
{
    int64_t fromMs = 0;
    int64_t toMs = 0;
    std::vector<uint32_t> info, warning, critical; // one count per bucket
};

// Reads a recording, read-only; another process may be writing it at the same
// time (WAL). One reader per thread.
class RecordingReader
{
public:
    RecordingReader();
    ~RecordingReader();
    RecordingReader(const RecordingReader &) = delete;
    RecordingReader &operator=(const RecordingReader &) = delete;

    // An error names the file and the problem. A damaged file that still has a
    // readable part opens; stateAt() reports what it could not read.
    QString open(const QString &path);
    void close();
    bool isOpen() const { return !m_connection.isEmpty(); }
    const QString &path() const { return m_path; }

    // Re-reads the time range: a recording being written grows.
    QString refresh();
    int64_t startMs() const { return m_startMs; }
    int64_t endMs() const { return m_endMs; }
    bool isEmpty() const { return m_endMs == 0; }

    // The cluster as recorded at `timeMs`: the last frame at or before it (the
    // first frame for a time before the start). `out` is reset to the layout
    // recorded then. An error means part of the state could not be read; what
    // could be read is still in `out`.
    QString stateAt(int64_t timeMs, ClusterState &out);

    // Decodes the frames from `fromMs` to `toMs` in order and calls `visit` with
    // the state as of each of `marks` (sorted; the last frame at or before the
    // mark, as stateAt() would give). Only metrics `wanted` accepts are decoded;
    // the others stay without readings. `visit` returns false to stop.
    QString scan(int64_t fromMs, int64_t toMs, const std::vector<int64_t> &marks,
                 const std::function<bool(const MetricDescriptor &)> &wanted,
                 const std::function<bool(const ClusterState &)> &visit);

    // Events with fromMs <= time < toMs, oldest first, at most `limit` (the newest ones when more).
    // With `jobsOnly`, only events that name a job.
    std::vector<Event> events(int64_t fromMs, int64_t toMs, size_t limit = 1000000, bool jobsOnly = false);
    // Events of the given types over the whole recording, oldest first, at most `limit`.
    std::vector<Event> eventsOfTypes(const std::vector<EventType> &types, size_t limit);
    EventDensity eventDensity(int64_t fromMs, int64_t toMs, int buckets);
    std::vector<RecordedGap> gaps();
    // None in a recording whose source's clock never went back, or made before segments were kept.
    std::vector<RecordedSegment> segments();
    std::vector<Bookmark> bookmarks();
    // A value the recording keeps about itself (its `meta` table): empty when it has none.
    QString metaValue(const QString &key);
    // The gateway's alarms as they stood at `timeMs` (by id); none in a recording made
    // before alarms were recorded. A damaged row is skipped and counted.
    std::vector<Alarm> alarmsAt(int64_t timeMs);
    // Each recorded change of an alarm in (fromMs, toMs], oldest first; `alarm` empty: removed.
    struct AlarmChange
    {
        int64_t timeMs = 0;
        uint64_t alarmId = 0;
        std::optional<Alarm> alarm;
    };
    std::vector<AlarmChange> alarmChanges(int64_t fromMs, int64_t toMs);
    uint64_t damagedAlarmRows() const { return m_damagedAlarmRows; }
    std::vector<RecordedSpan> coverage(int64_t joinWithinMs);
    // The first frame after (direction > 0) or the last before (direction < 0) `timeMs`; 0 when none.
    int64_t adjacentFrame(int64_t timeMs, int direction);
    // Times of the frames in [fromMs, toMs], for stepping frame by frame.
    std::vector<int64_t> frameTimes(int64_t fromMs, int64_t toMs, size_t limit = 100000);

    const QString &lastError() const { return m_lastError; }

private:
    struct Layout
    {
        std::shared_ptr<const Topology> topology;
        std::vector<MetricDescriptor> metrics;
        std::map<uint32_t, double> resolutions;
    };
    const Layout *layout(int64_t id, QString &error);
    QString prepareScan(QSqlQuery &blocks, QSqlQuery &chunks, int64_t fromMs, int64_t toMs);
    QString fail(const QString &what);

    QString m_path;
    QString m_connection;
    QSqlDatabase m_db;
    uint64_t m_damagedAlarmRows = 0;
    int64_t m_startMs = 0;
    int64_t m_endMs = 0;
    std::map<int64_t, Layout> m_layouts;
    QString m_lastError;
};

} // namespace vigil
