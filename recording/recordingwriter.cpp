// SPDX-License-Identifier: GPL-3.0-or-later
#include "recording/recordingwriter.h"

#include "domain/codec.h"
#include "recording/recordingschema.h"

#include <QDateTime>
#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>

namespace vigil {

using namespace recording;

namespace {

QByteArray blob(const std::string &bytes)
{
    return QByteArray(bytes.data(), qsizetype(bytes.size()));
}

} // namespace

RecordingWriter::RecordingWriter(int compressionLevel)
    : m_level(compressionLevel)
{ }

RecordingWriter::~RecordingWriter()
{
    close();
}

QString RecordingWriter::open(const QString &path)
{
    close();
    m_path = path;
    m_connection = uniqueConnectionName("writer");
    if (QString error = openForWriting(path, m_connection, m_db); !error.isEmpty()) {
        close();
        return error;
    }
    QSqlQuery q(m_db);
    if (q.exec(QStringLiteral("SELECT max(end_ms) FROM blocks")) && q.next())
        m_previousSessionEndMs = q.value(0).toLongLong();
    m_forceKey = true;
    return {};
}

QString RecordingWriter::setMaxFileBytes(int64_t bytes)
{
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("PRAGMA page_size")) || !q.next())
        return QStringLiteral("%1: cannot read the page size (%2)").arg(m_path, q.lastError().text());
    const int64_t pages = std::max<int64_t>(1, bytes / std::max<int64_t>(512, q.value(0).toLongLong()));
    if (!q.exec(QStringLiteral("PRAGMA max_page_count = %1").arg(pages)))
        return QStringLiteral("%1: cannot limit the size (%2)").arg(m_path, q.lastError().text());
    return {};
}

void RecordingWriter::close()
{
    closeConnection(m_db, m_connection);
}

RecordingTotals RecordingWriter::totals() const
{
    return {
        m_framesWritten, m_samplesWritten, m_eventsWritten, m_bytesWritten, m_framesLost, m_firstMs, m_lastFrameMs
    };
}

std::unique_ptr<RecordingStore> openRecordingStore(const QString &location, const RecordingStoreOptions &options,
                                                   QString *error)
{
    auto writer = std::make_unique<RecordingWriter>(options.compressionLevel);
    QString problem = writer->open(location);
    if (problem.isEmpty() && options.maxFileBytes > 0)
        problem = writer->setMaxFileBytes(options.maxFileBytes);
    if (!problem.isEmpty()) {
        if (error)
            *error = problem;
        return nullptr;
    }
    return writer;
}

QString RecordingWriter::setLayout(std::shared_ptr<const Topology> topology,
                                   const std::vector<MetricDescriptor> &metrics)
{
    QString error = commit();
    ClusterState fresh;
    if (QString refused = fresh.reset(std::move(topology), metrics); !refused.isEmpty())
        return refused;
    m_state = std::move(fresh);
    m_encoders.clear();
    m_resolutions.clear();
    for (const MetricColumn &column : m_state.columns()) {
        m_resolutions.push_back(resolutionFor(column.descriptor));
        m_encoders.emplace_back(m_resolutions.back());
    }
    m_layoutPending = true;
    m_forceKey = true;
    return error;
}

ApplyResult RecordingWriter::addSamples(const v1::Samples &samples)
{
    if (!m_state.topology()) {
        ApplyResult refused;
        refused.blocksRejected = size_t(samples.blocks_size());
        refused.firstError = QStringLiteral("samples before any topology");
        return refused;
    }
    int64_t time = samples.time_ms();
    if (m_frameOpen && time > m_frameMs)
        closeFrame();
    if (time < m_lastFrameMs) {
        ++m_framesOutOfOrder;
        time = m_lastFrameMs;
    }
    if (!m_frameOpen) {
        m_frameOpen = true;
        m_frameMs = time;
        m_frameSamples = 0;
    }
    ApplyResult result;
    if (time == samples.time_ms()) {
        result = m_state.apply(samples);
    } else {
        v1::Samples moved = samples;
        moved.set_time_ms(time);
        result = m_state.apply(moved);
    }
    m_frameSamples += result.samplesApplied;
    return result;
}

void RecordingWriter::closeFrame()
{
    if (!m_frameOpen)
        return;
    m_frameOpen = false;
    if (m_blockTimes.empty()) {
        m_blockIsKey = m_forceKey || m_framesSinceKey >= KeyEveryFrames;
        if (m_blockIsKey)
            m_framesSinceKey = 0;
        m_forceKey = false;
        for (recording::ColumnEncoder &encoder : m_encoders)
            encoder.beginChunk(m_blockIsKey);
    }
    const auto &columns = m_state.columns();
    for (size_t c = 0; c < columns.size(); ++c)
        m_encoders[c].appendFrame(m_frameMs, columns[c].values, columns[c].lastReadingMs);
    m_blockTimes.push_back(m_frameMs);
    m_blockSamples += m_frameSamples;
    ++m_framesSinceKey;
    m_lastFrameMs = m_frameMs;
}

void RecordingWriter::addFrame(const ClusterState &state)
{
    if (!m_state.topology() || state.columns().size() != m_state.columns().size())
        return;
    if (m_frameOpen)
        closeFrame();
    const int64_t time = std::max(state.timeMs(), m_lastFrameMs);
    uint64_t arrived = 0;
    for (size_t c = 0; c < state.columns().size(); ++c) {
        const MetricColumn &column = state.columns()[c];
        m_state.restoreColumn(c, column.values, column.lastReadingMs);
        for (int64_t heard : column.lastReadingMs)
            arrived += heard == time;
    }
    m_state.setTimeMs(time);
    m_frameOpen = true;
    m_frameMs = time;
    m_frameSamples = arrived;
    closeFrame();
}

void RecordingWriter::addEvents(const std::vector<Event> &events)
{
    m_events.insert(m_events.end(), events.begin(), events.end());
}

void RecordingWriter::addGap(int64_t fromMs, int64_t toMs, const QString &reason)
{
    m_gaps.push_back({ fromMs, std::max(fromMs, toMs), reason });
}

void RecordingWriter::addSegment(int64_t startMs, int64_t clockOffsetMs, const QString &reason)
{
    m_segments.push_back({ startMs, clockOffsetMs, reason });
}

void RecordingWriter::addAlarms(int64_t timeMs, const std::vector<Alarm> &changed, const std::vector<uint64_t> &removed)
{
    for (const Alarm &a : changed)
        m_alarms.push_back({ timeMs, a.id, wire::toProto(a).SerializeAsString() });
    for (uint64_t id : removed)
        m_alarms.push_back({ timeMs, id, {} });
}

void RecordingWriter::addAlarmChanges(int64_t timeMs, const AlarmBook &book, const std::vector<uint64_t> &changed,
                                      const std::vector<uint64_t> &forgotten)
{
    std::vector<Alarm> alarms;
    for (uint64_t id : changed)
        if (const Alarm *a = book.find(id))
            alarms.push_back(*a);
    addAlarms(timeMs, alarms, forgotten);
}

void RecordingWriter::addBookmark(int64_t timeMs, const QString &note, const QString &author)
{
    m_bookmarks.push_back({ timeMs, note, author });
}

QString RecordingWriter::writeLayout()
{
    QStringList resolutions;
    for (size_t c = 0; c < m_state.columns().size(); ++c)
        resolutions
            << QStringLiteral("%1=%2").arg(m_state.columns()[c].descriptor.id).arg(m_resolutions[c], 0, 'g', 17);
    std::vector<MetricDescriptor> metrics;
    for (const MetricColumn &column : m_state.columns())
        metrics.push_back(column.descriptor);
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO layouts (time_ms, topology, dictionary, resolutions) VALUES (?, ?, ?, ?)"));
    q.addBindValue(qint64(m_blockTimes.empty() ? m_lastFrameMs : m_blockTimes.front()));
    q.addBindValue(blob(wire::toProto(*m_state.topology()).SerializeAsString()));
    q.addBindValue(blob(wire::toProto(m_state.topology()->version, metrics).SerializeAsString()));
    q.addBindValue(resolutions.join(QLatin1Char(' ')));
    if (!q.exec())
        return q.lastError().text();
    m_layoutId = q.lastInsertId().toLongLong();
    return {};
}

QString RecordingWriter::insertBlock(int64_t layoutId, const std::vector<int64_t> &times, bool key, uint64_t samples,
                                     int tier, const std::vector<std::pair<uint32_t, std::string>> &chunks)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("INSERT INTO blocks (layout_id, start_ms, end_ms, frames, key, samples, times, tier)"
                             " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"));
    q.addBindValue(qint64(layoutId));
    q.addBindValue(qint64(times.front()));
    q.addBindValue(qint64(times.back()));
    q.addBindValue(qint64(times.size()));
    q.addBindValue(key ? 1 : 0);
    q.addBindValue(qint64(samples));
    q.addBindValue(blob(encodeTimes(times)));
    q.addBindValue(tier);
    if (!q.exec())
        return q.lastError().text();
    const qint64 blockId = q.lastInsertId().toLongLong();
    q.prepare(QStringLiteral("INSERT INTO chunks (block_id, metric_id, data) VALUES (?, ?, ?)"));
    for (const auto &[metricId, data] : chunks) {
        q.addBindValue(blockId);
        q.addBindValue(qint64(metricId));
        q.addBindValue(blob(data));
        if (!q.exec())
            return q.lastError().text();
    }
    return {};
}

// The events of the pending block, inside commit()'s transaction; `stored` counts those new to the file.
QString RecordingWriter::insertEvents(QSqlQuery &q, uint64_t *stored)
{
    if (!m_events.empty()) {
        // Events without an id get the next local one, past every row and every local id given before.
        uint64_t nextLocalId = 0;
        if (std::any_of(m_events.begin(), m_events.end(), [](const Event &e) { return e.id == 0; })) {
            q.prepare(QStringLiteral("SELECT max(coalesce((SELECT max(id) FROM events), 0),"
                                     " coalesce((SELECT max(source_id) - ? FROM events WHERE source_id >= ?), 0))"));
            q.addBindValue(qint64(LocalEventIdBase));
            q.addBindValue(qint64(LocalEventIdBase));
            if (!q.exec() || !q.next())
                return q.lastError().text();
            nextLocalId = std::max(m_nextLocalEventId, LocalEventIdBase + uint64_t(q.value(0).toLongLong()) + 1);
        }
        q.prepare(QStringLiteral("INSERT OR IGNORE INTO events (time_ms, type, severity, entity_kind, entity_index,"
                                 " job_id, source_id, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"));
        for (Event &e : m_events) {
            if (e.id == 0)
                e.id = nextLocalId++;
            q.addBindValue(qint64(e.timeMs));
            q.addBindValue(int(e.type));
            q.addBindValue(int(e.severity));
            q.addBindValue(int(e.entity.kind));
            q.addBindValue(qint64(e.entity.index));
            q.addBindValue(e.jobId);
            q.addBindValue(qint64(e.id));
            q.addBindValue(blob(wire::toProto(e).SerializeAsString()));
            if (!q.exec())
                return q.lastError().text();
            *stored += q.numRowsAffected() > 0 ? 1 : 0; // a copy already there is not counted again
        }
        m_nextLocalEventId = std::max(m_nextLocalEventId, nextLocalId);
    }
    return {};
}

// The gaps, segments, bookmarks and alarm updates of the pending block, inside commit()'s transaction.
QString RecordingWriter::insertMarks(QSqlQuery &q)
{
    if (!m_gaps.empty()) {
        q.prepare(QStringLiteral("INSERT INTO gaps (from_ms, to_ms, reason) VALUES (?, ?, ?)"));
        for (const PendingGap &g : m_gaps) {
            q.addBindValue(qint64(g.fromMs));
            q.addBindValue(qint64(g.toMs));
            q.addBindValue(g.reason);
            if (!q.exec())
                return q.lastError().text();
        }
    }
    if (!m_segments.empty()) {
        q.prepare(QStringLiteral("INSERT INTO segments (start_ms, clock_offset_ms, reason) VALUES (?, ?, ?)"));
        for (const PendingSegment &g : m_segments) {
            q.addBindValue(qint64(g.startMs));
            q.addBindValue(qint64(g.clockOffsetMs));
            q.addBindValue(g.reason);
            if (!q.exec())
                return q.lastError().text();
        }
    }
    if (!m_bookmarks.empty()) {
        q.prepare(QStringLiteral("INSERT INTO bookmarks (time_ms, note, author, created_ms) VALUES (?, ?, ?, ?)"));
        for (const PendingBookmark &b : m_bookmarks) {
            q.addBindValue(qint64(b.timeMs));
            q.addBindValue(b.note);
            q.addBindValue(b.author);
            q.addBindValue(QDateTime::currentMSecsSinceEpoch());
            if (!q.exec())
                return q.lastError().text();
        }
    }
    if (!m_alarms.empty()) {
        q.prepare(QStringLiteral("INSERT INTO alarm_updates (time_ms, alarm_id, alarm) VALUES (?, ?, ?)"));
        for (const PendingAlarm &a : m_alarms) {
            q.addBindValue(qint64(a.timeMs));
            q.addBindValue(qint64(a.alarmId));
            q.addBindValue(a.alarm.empty() ? QVariant(QMetaType::fromType<QByteArray>()) : QVariant(blob(a.alarm)));
            if (!q.exec())
                return q.lastError().text();
        }
    }
    return {};
}

QString RecordingWriter::commit()
{
    if (m_connection.isEmpty())
        return QStringLiteral("no recording is open");
    closeFrame();
    const bool haveFrames = !m_blockTimes.empty();
    if (!haveFrames && m_events.empty() && m_gaps.empty() && m_segments.empty() && m_bookmarks.empty()
        && m_alarms.empty() && !m_layoutPending)
        return {};

    std::vector<std::string> chunks;
    uint64_t chunkBytes = 0;
    // (insertBlock takes them by metric id)
    if (haveFrames) {
        chunks.reserve(m_encoders.size());
        for (recording::ColumnEncoder &encoder : m_encoders) {
            chunks.push_back(compress(encoder.finishChunk(), m_level));
            chunkBytes += chunks.back().size();
        }
    }
    if (haveFrames && m_previousSessionEndMs > 0 && m_blockTimes.front() > m_previousSessionEndMs) {
        m_gaps.push_back({ m_previousSessionEndMs, m_blockTimes.front(), QStringLiteral("not recording") });
        m_previousSessionEndMs = 0;
    }
    if (haveFrames && m_lostFromMs > 0)
        m_gaps.push_back({ m_lostFromMs, m_blockTimes.front(), QStringLiteral("not written (disk)") });

    auto fail = [this, haveFrames](const QString &what) {
        const QString error = QStringLiteral("%1: %2").arg(m_path, what);
        m_db.rollback();
        if (haveFrames) {
            if (m_lostFromMs == 0)
                m_lostFromMs = m_blockTimes.front();
            m_framesLost += m_blockTimes.size();
            m_blockTimes.clear();
            m_blockSamples = 0;
            m_forceKey = true; // the next block cannot lean on frames that were never written
        }
        if (!m_gaps.empty() && m_gaps.back().reason == QLatin1String("not written (disk)"))
            m_gaps.pop_back(); // re-added, with its new end, by the next successful commit
        return error;
    };

    if (!m_db.transaction())
        return fail(m_db.lastError().text());
    if (m_layoutPending) {
        if (QString e = writeLayout(); !e.isEmpty())
            return fail(e);
    }
    QSqlQuery q(m_db);
    if (haveFrames) {
        std::vector<std::pair<uint32_t, std::string>> byMetric;
        for (size_t c = 0; c < chunks.size(); ++c)
            byMetric.emplace_back(m_state.columns()[c].descriptor.id, std::move(chunks[c]));
        if (QString e = insertBlock(m_layoutId, m_blockTimes, m_blockIsKey, m_blockSamples, 0, byMetric); !e.isEmpty())
            return fail(e);
    }
    uint64_t eventsStored = 0;
    if (QString e = insertEvents(q, &eventsStored); !e.isEmpty())
        return fail(e);
    if (QString e = insertMarks(q); !e.isEmpty())
        return fail(e);
    if (!m_db.commit())
        return fail(m_db.lastError().text());

    m_layoutPending = false;
    if (haveFrames) {
        if (m_firstMs == 0)
            m_firstMs = m_blockTimes.front();
        m_framesWritten += m_blockTimes.size();
        m_samplesWritten += m_blockSamples;
        m_bytesWritten += chunkBytes;
        m_lostFromMs = 0;
    }
    m_eventsWritten += eventsStored;
    m_blockTimes.clear();
    m_blockSamples = 0;
    m_events.clear();
    m_gaps.clear();
    m_segments.clear();
    m_bookmarks.clear();
    m_alarms.clear();
    return {};
}

QString recording::addBookmark(const QString &path, int64_t timeMs, const QString &note, const QString &author)
{
    if (note.size() > 10000)
        return QStringLiteral("a bookmark's note is limited to 10,000 characters");
    RecordingWriter writer;
    if (QString error = writer.open(path); !error.isEmpty())
        return error;
    writer.addBookmark(timeMs, note, author);
    return writer.commit();
}

} // namespace vigil
