// SPDX-License-Identifier: GPL-3.0-or-later
#include "recording/recordingreader.h"

#include "domain/codec.h"
#include "recording/columncodec.h"
#include "recording/recordingschema.h"

#include <QFileInfo>
#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <limits>

namespace vigil {

using namespace recording;

namespace {

std::string_view bytesOf(const QByteArray &a)
{
    return { a.constData(), size_t(a.size()) };
}

// The events of a query whose first column is the serialised vigil.v1.Event.
// Rows of (id, data). An event recorded without an id (an import before ids
// were given) is numbered by its row, so no two share an identity.
std::vector<Event> readEvents(QSqlQuery &q)
{
    std::vector<Event> events;
    v1::Event proto;
    while (q.next()) {
        const QByteArray data = q.value(1).toByteArray();
        if (!proto.ParseFromArray(data.constData(), int(data.size())))
            continue;
        events.push_back(wire::fromProto(proto));
        if (events.back().id == 0)
            events.back().id = LocalEventIdBase + uint64_t(q.value(0).toLongLong());
    }
    return events;
}

} // namespace

RecordingReader::RecordingReader() = default;

RecordingReader::~RecordingReader()
{
    close();
}

QString RecordingReader::fail(const QString &what)
{
    m_lastError = QStringLiteral("%1: %2").arg(QFileInfo(m_path).fileName(), what);
    return m_lastError;
}

QString RecordingReader::open(const QString &path)
{
    close();
    m_path = path;
    m_connection = uniqueConnectionName("reader");
    if (QString error = openForReading(path, m_connection, m_db); !error.isEmpty()) {
        close();
        m_lastError = error;
        return error;
    }
    if (QString error = refresh(); !error.isEmpty()) {
        close();
        return error;
    }
    return {};
}

void RecordingReader::close()
{
    m_layouts.clear();
    m_startMs = m_endMs = 0;
    closeConnection(m_db, m_connection);
}

QString RecordingReader::refresh()
{
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("SELECT min(start_ms), max(end_ms) FROM blocks")) || !q.next())
        return fail(QStringLiteral("cannot read the recorded time range (%1)").arg(q.lastError().text()));
    m_startMs = q.value(0).toLongLong();
    m_endMs = q.value(1).toLongLong();
    // Events recorded without frames (an imported history) still give the recording a range.
    if (q.exec(QStringLiteral("SELECT min(time_ms), max(time_ms) FROM events")) && q.next() && !q.value(0).isNull()) {
        const int64_t first = q.value(0).toLongLong(), last = q.value(1).toLongLong();
        m_startMs = m_endMs == 0 ? first : std::min(m_startMs, first);
        m_endMs = std::max(m_endMs, last);
    }
    return {};
}

const RecordingReader::Layout *RecordingReader::layout(int64_t id, QString &error)
{
    if (auto it = m_layouts.find(id); it != m_layouts.end())
        return &it->second;
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT topology, dictionary, resolutions FROM layouts WHERE id = ?"));
    q.addBindValue(qint64(id));
    if (!q.exec() || !q.next()) {
        error = QStringLiteral("layout %1 is missing (%2)").arg(id).arg(q.lastError().text());
        return nullptr;
    }
    v1::Topology topologyProto;
    v1::Dictionary dictionaryProto;
    const QByteArray t = q.value(0).toByteArray(), d = q.value(1).toByteArray();
    if (!topologyProto.ParseFromArray(t.constData(), int(t.size()))
        || !dictionaryProto.ParseFromArray(d.constData(), int(d.size()))) {
        error = QStringLiteral("layout %1 is damaged").arg(id);
        return nullptr;
    }
    auto topology = std::make_shared<Topology>(wire::fromProto(topologyProto));
    if (QString broken = topology->index(); !broken.isEmpty()) {
        error = QStringLiteral("layout %1 has an unusable topology: %2").arg(id).arg(broken);
        return nullptr;
    }
    Layout layout;
    layout.topology = std::move(topology);
    layout.metrics = wire::fromProto(dictionaryProto);
    for (const QString &pair : q.value(2).toString().split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const qsizetype eq = pair.indexOf(QLatin1Char('='));
        const double resolution = pair.mid(eq + 1).toDouble();
        if (eq > 0 && resolution > 0 && std::isfinite(resolution))
            layout.resolutions[pair.left(eq).toUInt()] = resolution;
    }
    for (const MetricDescriptor &m : layout.metrics)
        if (!layout.resolutions.count(m.id)) {
            error = QStringLiteral("layout %1 has no resolution for metric %2").arg(id).arg(m.name);
            return nullptr;
        }
    return &m_layouts.emplace(id, std::move(layout)).first->second;
}

QString RecordingReader::stateAt(int64_t timeMs, ClusterState &out)
{
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    // The key block to start from: the last one at or before the time, else the first.
    q.prepare(QStringLiteral("SELECT id, start_ms FROM blocks WHERE key = 1 AND start_ms <= ?"
                             " ORDER BY start_ms DESC, id DESC LIMIT 1"));
    q.addBindValue(qint64(timeMs));
    if (!q.exec())
        return fail(QStringLiteral("cannot search the keyframe index (%1)").arg(q.lastError().text()));
    int64_t keyId = 0, keyStart = 0;
    if (q.next()) {
        keyId = q.value(0).toLongLong();
        keyStart = q.value(1).toLongLong();
    } else {
        if (!q.exec(QStringLiteral("SELECT id, start_ms FROM blocks WHERE key = 1 ORDER BY start_ms, id LIMIT 1"))
            || !q.next()) {
            // An imported history has a topology and events but no frames: the cluster without readings.
            if (!q.exec(QStringLiteral("SELECT id FROM layouts ORDER BY id DESC LIMIT 1")) || !q.next())
                return fail(QStringLiteral("holds no frames"));
            QString error;
            const Layout *l = layout(q.value(0).toLongLong(), error);
            if (!l)
                return fail(error);
            if (QString e = out.reset(l->topology, l->metrics); !e.isEmpty())
                return fail(e);
            out.setTimeMs(std::clamp(timeMs, m_startMs, m_endMs));
            return {};
        }
        keyId = q.value(0).toLongLong();
        keyStart = q.value(1).toLongLong();
    }

    struct Block
    {
        int64_t id;
        int64_t layoutId;
        std::vector<int64_t> times;
        size_t framesWanted;
    };
    std::vector<Block> blocks;
    // Blocks in time order (ids are not: retention rewrites old stretches later).
    q.prepare(
        QStringLiteral("SELECT id, layout_id, key, times FROM blocks WHERE start_ms > ? OR (start_ms = ? AND id >= ?)"
                       " ORDER BY start_ms, id LIMIT ?"));
    q.addBindValue(qint64(keyStart));
    q.addBindValue(qint64(keyStart));
    q.addBindValue(qint64(keyId));
    q.addBindValue(qint64(KeyEveryFrames + 1));
    if (!q.exec())
        return fail(QStringLiteral("cannot read the block index (%1)").arg(q.lastError().text()));
    QString error;
    while (q.next()) {
        Block b { q.value(0).toLongLong(), q.value(1).toLongLong(), {}, 0 };
        const bool key = q.value(2).toInt() == 1;
        if (!blocks.empty() && (key || b.layoutId != blocks.front().layoutId))
            break; // the next run starts: it is after the time, or it would have been chosen
        if (QString e = decodeTimes(bytesOf(q.value(3).toByteArray()), b.times, MaxFramesPerBlock); !e.isEmpty()) {
            error = QStringLiteral("block %1: %2").arg(b.id).arg(e);
            break;
        }
        b.framesWanted = size_t(std::upper_bound(b.times.begin(), b.times.end(), timeMs) - b.times.begin());
        if (blocks.empty() && b.framesWanted == 0)
            b.framesWanted = 1; // before the recording starts: show its first frame
        if (b.framesWanted == 0)
            break;
        blocks.push_back(std::move(b));
        if (blocks.back().framesWanted < blocks.back().times.size())
            break;
    }
    if (blocks.empty())
        return fail(error.isEmpty() ? QStringLiteral("holds no readable frames") : error);

    const Layout *l = layout(blocks.front().layoutId, error);
    if (!l)
        return fail(error);
    if (QString e = out.reset(l->topology, l->metrics); !e.isEmpty())
        return fail(e);
    std::map<uint32_t, ColumnDecoder> decoders;
    std::map<uint32_t, size_t> columnOf;
    for (size_t c = 0; c < out.columns().size(); ++c) {
        const MetricDescriptor &m = out.columns()[c].descriptor;
        decoders.emplace(m.id, ColumnDecoder(l->resolutions.at(m.id), out.columns()[c].values.size()));
        columnOf[m.id] = c;
    }

    q.prepare(QStringLiteral("SELECT metric_id, data FROM chunks WHERE block_id = ?"));
    std::string tokens;
    for (size_t b = 0; b < blocks.size(); ++b) {
        q.addBindValue(qint64(blocks[b].id));
        if (!q.exec()) {
            if (error.isEmpty())
                error = QStringLiteral("cannot read the chunks of block %1 (%2)")
                            .arg(blocks[b].id)
                            .arg(q.lastError().text());
            continue;
        }
        while (q.next()) {
            const uint32_t metricId = q.value(0).toUInt();
            auto decoder = decoders.find(metricId);
            if (decoder == decoders.end())
                continue;
            QString e = decompress(bytesOf(q.value(1).toByteArray()), tokens, MaxChunkBytes);
            if (e.isEmpty())
                e = decoder->second.decodeChunk(tokens, b == 0, blocks[b].times, blocks[b].framesWanted);
            if (!e.isEmpty() && error.isEmpty())
                error = QStringLiteral("block %1, metric %2: %3").arg(blocks[b].id).arg(metricId).arg(e);
        }
    }
    for (auto &[id, decoder] : decoders) {
        ColumnDecoder &d = decoder;
        out.restoreColumn(columnOf[id], std::move(d.values()), std::vector<int64_t>(d.lastReadingMs()));
    }
    const Block &last = blocks.back();
    out.setTimeMs(last.times[last.framesWanted - 1]);
    return error.isEmpty() ? QString() : fail(error);
}

// The two queries a scan walks in step: the blocks from the last keyframe at or before
// `fromMs` up to `toMs`, in time order, and their chunks in the same order.
QString RecordingReader::prepareScan(QSqlQuery &blocks, QSqlQuery &chunks, int64_t fromMs, int64_t toMs)
{
    blocks.setForwardOnly(true);
    chunks.setForwardOnly(true);
    blocks.prepare(QStringLiteral("SELECT id, start_ms FROM blocks WHERE key = 1 AND start_ms <= ?"
                                  " ORDER BY start_ms DESC, id DESC LIMIT 1"));
    blocks.addBindValue(qint64(fromMs));
    if (!blocks.exec())
        return fail(QStringLiteral("cannot search the keyframe index (%1)").arg(blocks.lastError().text()));
    const bool haveKey = blocks.next();
    const int64_t keyId = haveKey ? blocks.value(0).toLongLong() : 0;
    const int64_t keyStart = haveKey ? blocks.value(1).toLongLong() : std::numeric_limits<int64_t>::min();
    // Blocks in time order, and their chunks in the same order to walk in step.
    const QString range = QStringLiteral("(b.start_ms > ? OR (b.start_ms = ? AND b.id >= ?)) AND b.start_ms <= ?");
    blocks.prepare(QStringLiteral("SELECT b.id, b.layout_id, b.key, b.times, b.start_ms FROM blocks b WHERE %1"
                                  " ORDER BY b.start_ms, b.id")
                       .arg(range));
    chunks.prepare(QStringLiteral("SELECT c.block_id, c.metric_id, c.data, b.start_ms FROM blocks b JOIN chunks c"
                                  " ON c.block_id = b.id WHERE %1 ORDER BY b.start_ms, b.id")
                       .arg(range));
    for (QSqlQuery *query : { &blocks, &chunks }) {
        query->addBindValue(qint64(keyStart));
        query->addBindValue(qint64(keyStart));
        query->addBindValue(qint64(keyId));
        query->addBindValue(qint64(toMs));
    }
    if (!blocks.exec() || !chunks.exec())
        return fail(QStringLiteral("cannot read the blocks (%1)").arg(blocks.lastError().text()));
    return {};
}

QString RecordingReader::scan(int64_t fromMs, int64_t toMs, const std::vector<int64_t> &marks,
                              const std::function<bool(const MetricDescriptor &)> &wanted,
                              const std::function<bool(const ClusterState &)> &visit)
{
    QSqlQuery blocks(m_db), chunks(m_db);
    if (QString error = prepareScan(blocks, chunks, fromMs, toMs); !error.isEmpty())
        return error;

    ClusterState state;
    std::map<uint32_t, ColumnDecoder> decoders;
    std::map<uint32_t, size_t> columnOf;
    int64_t layoutId = -1;
    bool started = false; // a key block has been decoded: the state means something
    bool haveFrame = false;
    bool haveChunk = chunks.next();
    size_t nextMark = std::lower_bound(marks.begin(), marks.end(), fromMs) - marks.begin();
    QString error;
    std::string tokens;

    // Whether the chunk row under the cursor belongs to a block before (start, id) — or to it, with `orAt`.
    auto chunkBefore = [&chunks](int64_t id, int64_t start, bool orAt) {
        const int64_t chunkStart = chunks.value(3).toLongLong(), chunkId = chunks.value(0).toLongLong();
        return chunkStart < start || (chunkStart == start && (chunkId < id || (orAt && chunkId == id)));
    };
    auto deliver = [&]() {
        for (auto &[id, decoder] : decoders)
            state.restoreColumn(columnOf[id], decoder.values(), decoder.lastReadingMs());
        return visit(state);
    };

    while (blocks.next()) {
        const int64_t id = blocks.value(0).toLongLong();
        const int64_t blockLayout = blocks.value(1).toLongLong();
        const bool key = blocks.value(2).toInt() == 1;
        const int64_t start = blocks.value(4).toLongLong();
        std::vector<int64_t> times;
        if (QString e = decodeTimes(bytesOf(blocks.value(3).toByteArray()), times, MaxFramesPerBlock); !e.isEmpty()) {
            error = QStringLiteral("block %1: %2").arg(id).arg(e);
            break;
        }
        if (blockLayout != layoutId) {
            if (!key) {
                started = false; // cannot start mid-run: wait for the next key block
                layoutId = -1;
                while (haveChunk && chunkBefore(id, start, true))
                    haveChunk = chunks.next();
                continue;
            }
            const Layout *l = layout(blockLayout, error);
            if (!l)
                break;
            layoutId = blockLayout;
            state.reset(l->topology, l->metrics);
            decoders.clear();
            columnOf.clear();
            for (size_t c = 0; c < state.columns().size(); ++c) {
                const MetricDescriptor &m = state.columns()[c].descriptor;
                if (wanted && !wanted(m))
                    continue;
                decoders.emplace(m.id, ColumnDecoder(l->resolutions.at(m.id), state.columns()[c].values.size()));
                columnOf[m.id] = c;
            }
        }
        started = started || key;
        while (haveChunk && chunkBefore(id, start, false))
            haveChunk = chunks.next();
        for (; haveChunk && chunks.value(0).toLongLong() == id; haveChunk = chunks.next()) {
            auto d = decoders.find(chunks.value(1).toUInt());
            if (d == decoders.end())
                continue;
            if (QString e = decompress(bytesOf(chunks.value(2).toByteArray()), tokens, MaxChunkBytes); !e.isEmpty()) {
                if (error.isEmpty())
                    error = QStringLiteral("block %1, metric %2: %3").arg(id).arg(d->first).arg(e);
                continue;
            }
            d->second.begin(std::move(tokens), key, times);
            tokens = std::string();
        }
        if (!started)
            continue;
        for (size_t f = 0; f < times.size() && times[f] <= toMs; ++f) {
            for (; nextMark < marks.size() && marks[nextMark] < times[f]; ++nextMark)
                if (haveFrame && !deliver())
                    return error.isEmpty() ? QString() : fail(error);
            for (auto &[metricId, decoder] : decoders)
                if (QString e = decoder.advanceTo(f + 1); !e.isEmpty() && error.isEmpty())
                    error = QStringLiteral("block %1, metric %2: %3").arg(id).arg(metricId).arg(e);
            state.setTimeMs(times[f]);
            haveFrame = true;
        }
        if (!times.empty() && times.back() > toMs)
            break; // the rest lies beyond the range: the state stays as of toMs
        for (auto &[metricId, decoder] : decoders)
            decoder.advanceTo(times.size()); // carry the run into the next block
    }
    for (; haveFrame && nextMark < marks.size() && marks[nextMark] <= toMs; ++nextMark)
        if (!deliver())
            break;
    return error.isEmpty() ? QString() : fail(error);
}

std::vector<Event> RecordingReader::events(int64_t fromMs, int64_t toMs, size_t limit, bool jobsOnly)
{
    std::vector<Event> events;
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    // The newest `limit` in the window, returned oldest first.
    q.prepare(
        QStringLiteral("SELECT id, data FROM (SELECT id, time_ms, data FROM events WHERE time_ms >= ? AND time_ms < ?%1"
                       " ORDER BY time_ms DESC, id DESC LIMIT ?) ORDER BY time_ms, id")
            .arg(jobsOnly ? QStringLiteral(" AND job_id <> ''") : QString()));
    q.addBindValue(qint64(fromMs));
    q.addBindValue(qint64(toMs));
    q.addBindValue(qint64(std::min<size_t>(limit, size_t(INT64_MAX))));
    if (!q.exec()) {
        fail(QStringLiteral("cannot read events (%1)").arg(q.lastError().text()));
        return events;
    }
    return readEvents(q);
}

std::vector<Event> RecordingReader::eventsOfTypes(const std::vector<EventType> &types, size_t limit)
{
    std::vector<Event> events;
    QStringList numbers;
    for (EventType t : types)
        numbers << QString::number(int(t));
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    if (numbers.isEmpty()
        || !q.exec(QStringLiteral("SELECT id, data FROM events WHERE type IN (%1) ORDER BY time_ms, id LIMIT %2")
                       .arg(numbers.join(QLatin1Char(',')))
                       .arg(qint64(std::min<size_t>(limit, 1u << 30)))))
        return events;
    return readEvents(q);
}

EventDensity RecordingReader::eventDensity(int64_t fromMs, int64_t toMs, int buckets)
{
    EventDensity d;
    d.fromMs = fromMs;
    d.toMs = toMs;
    buckets = std::max(buckets, 1);
    d.info.assign(size_t(buckets), 0);
    d.warning.assign(size_t(buckets), 0);
    d.critical.assign(size_t(buckets), 0);
    if (toMs <= fromMs)
        return d;
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT (time_ms - ?) * ? / ?, severity, count(*) FROM events"
                             " WHERE time_ms >= ? AND time_ms < ? GROUP BY 1, 2"));
    q.addBindValue(qint64(fromMs));
    q.addBindValue(qint64(buckets));
    q.addBindValue(qint64(toMs - fromMs));
    q.addBindValue(qint64(fromMs));
    q.addBindValue(qint64(toMs));
    if (!q.exec())
        return d;
    while (q.next()) {
        const int64_t bucket = std::clamp<int64_t>(q.value(0).toLongLong(), 0, buckets - 1);
        const auto severity = Severity(q.value(1).toInt());
        auto &counts = severity == Severity::Critical ? d.critical : severity == Severity::Warning ? d.warning : d.info;
        counts[size_t(bucket)] += q.value(2).toUInt();
    }
    return d;
}

std::vector<RecordedGap> RecordingReader::gaps()
{
    std::vector<RecordedGap> gaps;
    QSqlQuery q(m_db);
    if (q.exec(QStringLiteral("SELECT from_ms, to_ms, reason FROM gaps ORDER BY from_ms")))
        while (q.next())
            gaps.push_back({ q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toString() });
    return gaps;
}

std::vector<RecordedSegment> RecordingReader::segments()
{
    std::vector<RecordedSegment> segments;
    QSqlQuery q(m_db);
    if (q.exec(QStringLiteral("SELECT start_ms, clock_offset_ms, reason FROM segments ORDER BY start_ms, id")))
        while (q.next())
            segments.push_back({ q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toString() });
    return segments;
}

QString RecordingReader::metaValue(const QString &key)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT value FROM meta WHERE key = ?"));
    q.addBindValue(key);
    return q.exec() && q.next() ? q.value(0).toString() : QString();
}

std::vector<Bookmark> RecordingReader::bookmarks()
{
    std::vector<Bookmark> bookmarks;
    QSqlQuery q(m_db);
    if (q.exec(QStringLiteral("SELECT id, time_ms, note, author FROM bookmarks ORDER BY time_ms, id")))
        while (q.next())
            bookmarks.push_back(
                { q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toString(), q.value(3).toString() });
    // Bookmarks shared through the gateway came in as notes about an instant (any operator's,
    // this one's included, whose bookmark row is then the same mark: it is kept once).
    if (q.exec(QStringLiteral("SELECT id, data FROM events WHERE type = %1").arg(int(EventType::Note)))) {
        for (const Event &note : readEvents(q)) {
            if (note.aboutMs <= 0)
                continue;
            auto same = std::find_if(bookmarks.begin(), bookmarks.end(), [&](const Bookmark &b) {
                return b.timeMs == note.aboutMs && b.note == note.message && b.author == note.operatorName;
            });
            if (same != bookmarks.end())
                same->shared = true;
            else
                bookmarks.push_back({ 0, note.aboutMs, note.message, note.operatorName, true });
        }
        std::stable_sort(bookmarks.begin(), bookmarks.end(),
                         [](const Bookmark &a, const Bookmark &b) { return a.timeMs < b.timeMs; });
    }
    return bookmarks;
}

namespace {

std::optional<Alarm> decodeAlarm(const QByteArray &bytes)
{
    v1::Alarm proto;
    if (bytes.isEmpty() || !proto.ParseFromArray(bytes.constData(), int(bytes.size())) || proto.id() == 0)
        return std::nullopt;
    return wire::fromProto(proto);
}

} // namespace

std::vector<Alarm> RecordingReader::alarmsAt(int64_t timeMs)
{
    // Each alarm's latest row at or before the instant; a removal hides it.
    std::vector<Alarm> alarms;
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(
        QStringLiteral("SELECT u.alarm_id, u.alarm FROM alarm_updates u JOIN"
                       " (SELECT alarm_id, max(id) AS last FROM alarm_updates WHERE time_ms <= ? GROUP BY alarm_id)"
                       " l ON u.id = l.last ORDER BY u.alarm_id"));
    q.addBindValue(qint64(timeMs));
    if (!q.exec())
        return alarms; // recorded before alarms were: none
    while (q.next()) {
        if (q.value(1).isNull())
            continue;
        if (std::optional<Alarm> a = decodeAlarm(q.value(1).toByteArray());
            a && a->id == uint64_t(q.value(0).toLongLong()))
            alarms.push_back(std::move(*a));
        else
            ++m_damagedAlarmRows;
    }
    return alarms;
}

std::vector<RecordingReader::AlarmChange> RecordingReader::alarmChanges(int64_t fromMs, int64_t toMs)
{
    std::vector<AlarmChange> changes;
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT time_ms, alarm_id, alarm FROM alarm_updates WHERE time_ms > ? AND time_ms <= ?"
                             " ORDER BY id"));
    q.addBindValue(qint64(fromMs));
    q.addBindValue(qint64(toMs));
    if (!q.exec())
        return changes;
    while (q.next()) {
        AlarmChange c { q.value(0).toLongLong(), uint64_t(q.value(1).toLongLong()), std::nullopt };
        if (!q.value(2).isNull()) {
            c.alarm = decodeAlarm(q.value(2).toByteArray());
            if (!c.alarm || c.alarm->id != c.alarmId) {
                ++m_damagedAlarmRows;
                continue;
            }
        }
        changes.push_back(std::move(c));
    }
    return changes;
}

std::vector<RecordedSpan> RecordingReader::coverage(int64_t joinWithinMs)
{
    std::vector<RecordedSpan> spans;
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT start_ms, end_ms, tier FROM blocks ORDER BY start_ms")))
        return spans;
    while (q.next()) {
        const int64_t from = q.value(0).toLongLong(), to = q.value(1).toLongLong();
        const bool downsampled = q.value(2).toInt() != 0;
        if (!spans.empty() && from - spans.back().toMs <= joinWithinMs && spans.back().downsampled == downsampled)
            spans.back().toMs = std::max(spans.back().toMs, to);
        else
            spans.push_back({ from, to, downsampled });
    }
    return spans;
}

int64_t RecordingReader::adjacentFrame(int64_t timeMs, int direction)
{
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(direction > 0
                  ? QStringLiteral("SELECT times FROM blocks WHERE end_ms > ? ORDER BY start_ms, id LIMIT 2")
                  : QStringLiteral("SELECT times FROM blocks WHERE start_ms < ? ORDER BY start_ms DESC, id DESC"
                                   " LIMIT 2"));
    q.addBindValue(qint64(timeMs));
    if (!q.exec())
        return 0;
    std::vector<int64_t> times;
    int64_t best = 0;
    while (q.next()) {
        if (!decodeTimes(bytesOf(q.value(0).toByteArray()), times, MaxFramesPerBlock).isEmpty())
            continue;
        for (int64_t t : times)
            if (direction > 0 ? (t > timeMs && (best == 0 || t < best)) : (t < timeMs && t > best))
                best = t;
    }
    return best;
}

std::vector<int64_t> RecordingReader::frameTimes(int64_t fromMs, int64_t toMs, size_t limit)
{
    std::vector<int64_t> times, block;
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT times FROM blocks WHERE end_ms >= ? AND start_ms <= ? ORDER BY start_ms, id"));
    q.addBindValue(qint64(fromMs));
    q.addBindValue(qint64(toMs));
    if (!q.exec())
        return times;
    while (q.next() && times.size() < limit) {
        if (!decodeTimes(bytesOf(q.value(0).toByteArray()), block, MaxFramesPerBlock).isEmpty())
            continue;
        for (int64_t t : block)
            if (t >= fromMs && t <= toMs && times.size() < limit)
                times.push_back(t);
    }
    return times;
}

} // namespace vigil
