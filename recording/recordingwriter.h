// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/alarmbook.h"

#include "domain/clusterstate.h"
#include "domain/event.h"
#include "recording/columncodec.h"
#include "recording/recordingstore.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>

#include <memory>
#include <vector>

namespace vigil {

namespace v1 {
class Samples;
}

// Writes a recording on the calling thread: frames are collected as samples
// arrive and written, per metric, as compressed chunks when commit() is called.
// The Recorder runs one on its own thread (as its RecordingStore); import and bundle
// export use one directly.
class RecordingWriter final : public RecordingStore
{
public:
    explicit RecordingWriter(int compressionLevel = 3);
    ~RecordingWriter() override;
    RecordingWriter(const RecordingWriter &) = delete;
    RecordingWriter &operator=(const RecordingWriter &) = delete;

    QString open(const QString &path);
    void close() override;
    // Writing fails as on a full disk once the file would grow beyond this.
    QString setMaxFileBytes(int64_t bytes);

    // Commits what is pending, then makes the layout current for the frames that follow.
    QString setLayout(std::shared_ptr<const Topology> topology, const std::vector<MetricDescriptor> &metrics) override;
    // Applies samples to the frame being collected. A later time first closes that frame.
    // A time earlier than the last frame joins the last frame (counted in framesOutOfOrder()).
    ApplyResult addSamples(const v1::Samples &samples) override;
    // A whole frame as another recording holds it (values and when each entity
    // last reported), for copying between recordings. The layout must match.
    void addFrame(const ClusterState &state);
    void addEvents(const std::vector<Event> &events) override;
    void addGap(int64_t fromMs, int64_t toMs, const QString &reason) override;
    void addSegment(int64_t startMs, int64_t clockOffsetMs, const QString &reason) override;
    // Alarms as they stand from `timeMs` on, and alarms gone (forgotten) at `timeMs`.
    void addAlarms(int64_t timeMs, const std::vector<Alarm> &changed, const std::vector<uint64_t> &removed) override;
    // The same from an alarm book that follows the stream (a generated run): the alarms it changed and forgot.
    void addAlarmChanges(int64_t timeMs, const AlarmBook &book, const std::vector<uint64_t> &changed,
                         const std::vector<uint64_t> &forgotten);
    void addBookmark(int64_t timeMs, const QString &note, const QString &author);

    // One transaction: the frames collected since the last commit, events, gaps.
    // On failure (disk full, I/O error) the frames are dropped and remembered as a
    // gap; events, gaps and the layout stay pending for the next attempt.
    QString commit() override;

    // Downsamples what is older than the policy's full-rate span before `nowMs`
    // (one pass, one transaction). Commits what is pending first.
    QString applyRetention(const RecordingRetention &policy, int64_t nowMs, RetentionReport *report = nullptr) override;
    size_t framesPending() const override { return m_blockTimes.size() + (m_frameOpen ? 1 : 0); }
    RecordingTotals totals() const override;
    bool hasLayout() const { return m_state.topology() != nullptr; }

    uint64_t framesWritten() const { return m_framesWritten; }
    uint64_t samplesWritten() const { return m_samplesWritten; }
    uint64_t bytesWritten() const { return m_bytesWritten; }
    uint64_t eventsWritten() const { return m_eventsWritten; }
    uint64_t framesLost() const { return m_framesLost; }
    uint64_t framesOutOfOrder() const { return m_framesOutOfOrder; }
    int64_t firstFrameMs() const { return m_firstMs; }
    int64_t lastFrameMs() const { return m_lastFrameMs; }

private:
    void closeFrame();
    QString writeLayout();
    // commit()'s steps inside its transaction: an error's text, or empty.
    QString insertEvents(QSqlQuery &q, uint64_t *stored);
    QString insertMarks(QSqlQuery &q);
    QString insertBlock(int64_t layoutId, const std::vector<int64_t> &times, bool key, uint64_t samples, int tier,
                        const std::vector<std::pair<uint32_t, std::string>> &chunks);

    int m_level;
    QString m_path;
    QString m_connection;
    QSqlDatabase m_db;
    ClusterState m_state;
    std::vector<recording::ColumnEncoder> m_encoders;
    std::vector<double> m_resolutions;
    bool m_layoutPending = false;
    int64_t m_layoutId = 0;
    bool m_forceKey = true;
    int m_framesSinceKey = 0;
    bool m_blockIsKey = true;

    bool m_frameOpen = false;
    int64_t m_frameMs = 0;
    uint64_t m_frameSamples = 0;
    std::vector<int64_t> m_blockTimes;
    uint64_t m_blockSamples = 0;
    int64_t m_lastFrameMs = 0;
    int64_t m_previousSessionEndMs = 0;

    std::vector<Event> m_events;
    struct PendingGap
    {
        int64_t fromMs, toMs;
        QString reason;
    };
    std::vector<PendingGap> m_gaps;
    struct PendingSegment
    {
        int64_t startMs, clockOffsetMs;
        QString reason;
    };
    std::vector<PendingSegment> m_segments;
    struct PendingBookmark
    {
        int64_t timeMs;
        QString note, author;
    };
    std::vector<PendingBookmark> m_bookmarks;
    struct PendingAlarm
    {
        int64_t timeMs;
        uint64_t alarmId;
        std::string alarm; // a serialised vigil.v1.Alarm; empty: removed
    };
    std::vector<PendingAlarm> m_alarms;
    int64_t m_lostFromMs = 0; // frames dropped by a failed commit, from this time

    uint64_t m_framesWritten = 0;
    uint64_t m_samplesWritten = 0;
    uint64_t m_bytesWritten = 0;
    uint64_t m_eventsWritten = 0; // stored, not counting copies of events already there
    uint64_t m_nextLocalEventId = 0; // past every local id handed out, committed or not
    uint64_t m_framesLost = 0;
    uint64_t m_framesOutOfOrder = 0;
    int64_t m_firstMs = 0;
};

namespace recording {
// Adds a bookmark with a note to a recording (which another process may be writing).
QString addBookmark(const QString &path, int64_t timeMs, const QString &note, const QString &author);
} // namespace recording

} // namespace vigil
