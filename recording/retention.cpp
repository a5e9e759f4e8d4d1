// SPDX-License-Identifier: GPL-3.0-or-later
// Retention: full rate for the recent span, min/max windows for what is older,
// incident windows kept whole. Part of RecordingWriter.
#include "recording/recordingreader.h"
#include "recording/recordingschema.h"
#include "recording/recordingwriter.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>

#include <cmath>
#include <limits>

namespace vigil {

using namespace recording;

namespace {

struct StoredBlock
{
    int64_t id;
    int64_t layoutId;
    int64_t startMs;
    int64_t endMs;
    bool key;
    int tier;
    int64_t frames;
};

// Every entity's lowest and highest reading within one window, per column.
struct WindowExtremes
{
    int64_t firstMs = 0;
    int64_t lastMs = 0;
    std::vector<std::vector<float>> low, high;
    std::vector<std::vector<int64_t>> heard;

    void start(const ClusterState &state)
    {
        firstMs = lastMs = state.timeMs();
        low.clear();
        high.clear();
        heard.clear();
        for (const MetricColumn &c : state.columns()) {
            low.push_back(c.values);
            high.push_back(c.values);
            heard.push_back(c.lastReadingMs);
        }
    }
    void add(const ClusterState &state)
    {
        lastMs = state.timeMs();
        for (size_t c = 0; c < state.columns().size(); ++c) {
            const MetricColumn &column = state.columns()[c];
            for (size_t e = 0; e < column.values.size(); ++e) {
                const float v = column.values[e];
                if (std::isnan(v))
                    continue;
                if (std::isnan(low[c][e]) || v < low[c][e])
                    low[c][e] = v;
                if (std::isnan(high[c][e]) || v > high[c][e])
                    high[c][e] = v;
                heard[c][e] = std::max(heard[c][e], column.lastReadingMs[e]);
            }
        }
    }
};

} // namespace

QString RecordingWriter::applyRetention(const RecordingRetention &policy, int64_t nowMs, RetentionReport *report)
{
    RetentionReport r;
    if (report)
        *report = r;
    if (QString e = commit(); !e.isEmpty())
        return e;
    if (policy.windowMs <= 0 || policy.fullRateMs < 0)
        return QStringLiteral("a retention window must be positive");
    const int64_t cutoff = nowMs - policy.fullRateMs;

    // Around every critical event the recording stays whole.
    std::vector<std::pair<int64_t, int64_t>> kept;
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT time_ms FROM events WHERE severity = ? AND time_ms < ? ORDER BY time_ms"));
    q.addBindValue(int(Severity::Critical));
    q.addBindValue(qint64(cutoff + policy.incidentBeforeMs));
    if (!q.exec())
        return q.lastError().text();
    while (q.next()) {
        const int64_t t = q.value(0).toLongLong();
        if (!kept.empty() && t - policy.incidentBeforeMs <= kept.back().second)
            kept.back().second = t + policy.incidentAfterMs;
        else
            kept.emplace_back(t - policy.incidentBeforeMs, t + policy.incidentAfterMs);
    }
    auto inIncident = [&kept](const StoredBlock &b) {
        const auto it = std::lower_bound(kept.begin(), kept.end(), std::make_pair(b.startMs, int64_t(0)),
                                         [](const auto &w, const auto &v) { return w.second < v.first; });
        return it != kept.end() && it->first <= b.endMs;
    };

    // The blocks up to the cutoff in time order, and the one after them.
    std::vector<StoredBlock> blocks;
    q.prepare(QStringLiteral("SELECT id, layout_id, start_ms, end_ms, key, tier, frames FROM blocks"
                             " WHERE start_ms <= ? ORDER BY start_ms, id"));
    q.addBindValue(qint64(cutoff));
    if (!q.exec())
        return q.lastError().text();
    while (q.next())
        blocks.push_back({ q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toLongLong(),
                           q.value(3).toLongLong(), q.value(4).toInt() == 1, q.value(5).toInt(),
                           q.value(6).toLongLong() });
    bool followerIsKey = true; // nothing after: nothing leans on the run
    if (!blocks.empty()) {
        q.prepare(QStringLiteral("SELECT key FROM blocks WHERE start_ms > ? OR (start_ms = ? AND id > ?)"
                                 " ORDER BY start_ms, id LIMIT 1"));
        q.addBindValue(qint64(blocks.back().startMs));
        q.addBindValue(qint64(blocks.back().startMs));
        q.addBindValue(qint64(blocks.back().id));
        if (q.exec() && q.next())
            followerIsKey = q.value(0).toInt() == 1;
    }
    auto candidate = [&](const StoredBlock &b) { return b.tier == 0 && b.endMs < cutoff && !inIncident(b); };
    auto nextIsKey = [&](size_t i) { return i + 1 < blocks.size() ? blocks[i + 1].key : followerIsKey; };

    // The first run of candidates that can be rewritten: same layout, and ending
    // right before a key block, so that no kept block leans on a rewritten one.
    size_t first = 0, end = 0;
    for (size_t i = 0; i < blocks.size();) {
        if (!candidate(blocks[i])) {
            ++i;
            continue;
        }
        size_t j = i;
        while (j < blocks.size() && candidate(blocks[j]) && blocks[j].layoutId == blocks[i].layoutId
               && j - i < policy.maxBlocksPerPass)
            ++j;
        size_t cut = j;
        while (cut > i && !nextIsKey(cut - 1))
            --cut;
        if (cut > i) {
            first = i;
            end = cut;
            break;
        }
        i = j;
    }
    if (end == first) {
        if (report)
            *report = r;
        return {};
    }
    r.finished = false;
    r.blocksRewritten = end - first;
    QStringList ids;
    for (size_t i = first; i < end; ++i) {
        ids << QString::number(blocks[i].id);
        r.framesBefore += uint64_t(blocks[i].frames);
    }

    // Decode the run and gather each window's extremes.
    RecordingReader reader;
    if (QString e = reader.open(m_path); !e.isEmpty())
        return e;
    const int64_t runStart = blocks[first].startMs, runEnd = blocks[end - 1].endMs;
    const std::vector<int64_t> marks = reader.frameTimes(runStart, runEnd, std::numeric_limits<size_t>::max());
    struct Output
    {
        std::vector<int64_t> times;
        std::vector<std::pair<uint32_t, std::string>> chunks;
        uint64_t samples = 0;
        bool key = false;
    };
    std::vector<Output> output;
    std::vector<ColumnEncoder> encoders;
    std::vector<uint32_t> metricIds;
    Output current;
    WindowExtremes window;
    bool haveWindow = false;
    int64_t windowIndex = std::numeric_limits<int64_t>::min();
    auto flushBlock = [&] {
        if (current.times.empty())
            return;
        for (size_t c = 0; c < encoders.size(); ++c)
            current.chunks.emplace_back(metricIds[c], compress(encoders[c].finishChunk(), m_level));
        output.push_back(std::move(current));
        current = Output();
    };
    auto appendFrame = [&](int64_t timeMs, const std::vector<std::vector<float>> &values) {
        if (current.times.empty()) {
            current.key = output.empty();
            for (ColumnEncoder &encoder : encoders)
                encoder.beginChunk(current.key);
        }
        for (size_t c = 0; c < encoders.size(); ++c) {
            encoders[c].appendFrame(timeMs, values[c], window.heard[c]);
            current.samples += values[c].size();
        }
        current.times.push_back(timeMs);
        if (current.times.size() >= size_t(KeyEveryFrames))
            flushBlock();
    };
    auto closeWindow = [&] {
        if (!haveWindow)
            return;
        appendFrame(window.firstMs, window.low);
        if (window.lastMs > window.firstMs)
            appendFrame(window.lastMs, window.high);
    };
    QString error = reader.scan(runStart, runEnd, marks, {}, [&](const ClusterState &state) {
        if (encoders.empty())
            for (const MetricColumn &c : state.columns()) {
                encoders.emplace_back(resolutionFor(c.descriptor));
                metricIds.push_back(c.descriptor.id);
            }
        const int64_t index = state.timeMs() / policy.windowMs - (state.timeMs() < 0 ? 1 : 0);
        if (index != windowIndex) {
            closeWindow();
            window.start(state);
            windowIndex = index;
            haveWindow = true;
        } else {
            window.add(state);
        }
        return true;
    });
    closeWindow();
    flushBlock();
    reader.close();
    if (!error.isEmpty())
        return QStringLiteral("retention left %1 as it was: %2").arg(m_path, error);
    for (const Output &o : output)
        r.framesAfter += o.times.size();

    if (!m_db.transaction())
        return m_db.lastError().text();
    auto rollback = [this](const QString &e) {
        m_db.rollback();
        return QStringLiteral("%1: retention: %2").arg(m_path, e);
    };
    if (r.framesAfter >= r.framesBefore) {
        // Frames already a window or more apart: nothing to gain, only mark them as looked at.
        if (!q.exec(QStringLiteral("UPDATE blocks SET tier = 1 WHERE id IN (%1)").arg(ids.join(QLatin1Char(',')))))
            return rollback(q.lastError().text());
        r.framesAfter = r.framesBefore;
    } else {
        if (!q.exec(QStringLiteral("DELETE FROM chunks WHERE block_id IN (%1)").arg(ids.join(QLatin1Char(','))))
            || !q.exec(QStringLiteral("DELETE FROM blocks WHERE id IN (%1)").arg(ids.join(QLatin1Char(',')))))
            return rollback(q.lastError().text());
        for (const Output &o : output)
            if (QString e = insertBlock(blocks[first].layoutId, o.times, o.key, o.samples, 1, o.chunks); !e.isEmpty())
                return rollback(e);
    }
    if (!m_db.commit())
        return rollback(m_db.lastError().text());
    // Hand the freed pages back to the disk. Through the driver each execution
    // frees only the first page, so it runs until the free list is empty.
    q.finish();
    int64_t freePages = 0;
    if (q.exec(QStringLiteral("PRAGMA freelist_count")) && q.next())
        freePages = q.value(0).toLongLong();
    q.finish();
    for (int64_t i = 0; i < freePages; ++i)
        if (!q.exec(QStringLiteral("PRAGMA incremental_vacuum")))
            break;
    if (report)
        *report = r;
    return {};
}

} // namespace vigil
