// SPDX-License-Identifier: GPL-3.0-or-later
#include "recording/bundle.h"

#include "recording/recordingreader.h"
#include "recording/recordingschema.h"
#include "recording/recordingwriter.h"

#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

#include <optional>

namespace vigil {

namespace {

constexpr size_t MaxBundleFrames = 5000000;

// A bundle travels alone: fold the WAL in and note where it came from.
QString finishStandalone(const QString &path, const QString &source, int64_t fromMs, int64_t toMs,
                         const std::vector<std::pair<QString, QString>> &carried)
{
    const QString connection = recording::uniqueConnectionName("bundle");
    QString error;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
        db.setDatabaseName(path);
        if (!db.open()) {
            error = db.lastError().text();
        } else {
            QSqlQuery q(db);
            q.prepare(QStringLiteral("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)"));
            std::vector<std::pair<QString, QString>> meta = {
                { QStringLiteral("bundle_of"), QFileInfo(source).fileName() },
                { QStringLiteral("bundle_from_ms"), QString::number(fromMs) },
                { QStringLiteral("bundle_to_ms"), QString::number(toMs) },
            };
            meta.insert(meta.end(), carried.begin(), carried.end());
            for (const auto &[key, value] : meta) {
                q.addBindValue(key);
                q.addBindValue(value);
                if (!q.exec())
                    error = q.lastError().text();
            }
            if (!q.exec(QStringLiteral("PRAGMA journal_mode=DELETE")))
                error = q.lastError().text();
            db.close();
        }
    }
    QSqlDatabase::removeDatabase(connection);
    return error;
}

} // namespace

QString exportBundle(const QString &source, const QString &destination, int64_t fromMs, int64_t toMs,
                     const std::function<bool(double)> &progress, BundleSummary *summary,
                     const std::vector<std::pair<QString, QString>> &carried)
{
    if (!(fromMs < toMs))
        return QStringLiteral("the bundle's end must come after its start");
    if (QFileInfo(source).absoluteFilePath() == QFileInfo(destination).absoluteFilePath())
        return QStringLiteral("%1: a bundle cannot be written over the recording it comes from")
            .arg(QFileInfo(destination).fileName());
    RecordingReader reader;
    if (QString error = reader.open(source); !error.isEmpty())
        return error;
    if (reader.isEmpty() || toMs < reader.startMs() || fromMs > reader.endMs())
        return QStringLiteral("%1 holds nothing between those instants").arg(QFileInfo(source).fileName());

    // The frame the window opens on, then every frame inside it.
    std::vector<int64_t> marks = reader.frameTimes(fromMs, toMs, MaxBundleFrames + 1);
    if (marks.size() > MaxBundleFrames)
        return QStringLiteral("more than %1 frames between those instants: choose a shorter window")
            .arg(MaxBundleFrames);
    const int64_t opening = reader.adjacentFrame(fromMs + 1, -1);
    if (opening > 0 && (marks.empty() || opening < marks.front()))
        marks.insert(marks.begin(), opening);
    if (marks.empty())
        return QStringLiteral("%1 holds no frames between those instants").arg(QFileInfo(source).fileName());

    for (const QString &leftover :
         { destination, destination + QStringLiteral("-wal"), destination + QStringLiteral("-shm") })
        QFile::remove(leftover);
    RecordingWriter writer;
    if (QString error = writer.open(destination); !error.isEmpty())
        return error;
    std::shared_ptr<const Topology> layout;
    size_t done = 0;
    bool cancelled = false;
    QString error;
    const QString scanError = reader.scan(marks.front(), toMs, marks, {}, [&](const ClusterState &state) {
        if (!sameTopology(state.topology(), layout)) {
            layout = state.topology();
            std::vector<MetricDescriptor> metrics;
            for (const MetricColumn &c : state.columns())
                metrics.push_back(c.descriptor);
            writer.setLayout(layout, metrics);
        }
        writer.addFrame(state);
        ++done;
        if (writer.framesPending() >= size_t(recording::KeyEveryFrames)) {
            error = writer.commit();
            if (progress && !progress(double(done) / double(marks.size())))
                cancelled = true;
        }
        return error.isEmpty() && !cancelled;
    });
    if (error.isEmpty())
        error = scanError;
    if (!cancelled && error.isEmpty()) {
        writer.addEvents(reader.events(fromMs, toMs + 1));
        for (const RecordedGap &g : reader.gaps())
            if (g.toMs >= fromMs && g.fromMs <= toMs)
                writer.addGap(std::max(g.fromMs, fromMs), std::min(g.toMs, toMs), g.reason);
        // The segment in force when the window opens, and each begun inside it.
        std::optional<RecordedSegment> inForce;
        for (const RecordedSegment &s : reader.segments()) {
            if (s.startMs <= fromMs)
                inForce = s;
            else if (s.startMs <= toMs)
                writer.addSegment(s.startMs, s.clockOffsetMs, s.reason);
        }
        if (inForce)
            writer.addSegment(fromMs, inForce->clockOffsetMs, inForce->reason);
        for (const Bookmark &b : reader.bookmarks())
            if (b.timeMs >= fromMs && b.timeMs <= toMs)
                writer.addBookmark(b.timeMs, b.note, b.author);
        // The alarms as they stood when the window opens, then each change inside it.
        writer.addAlarms(fromMs, reader.alarmsAt(fromMs), {});
        for (const RecordingReader::AlarmChange &c : reader.alarmChanges(fromMs, toMs)) {
            if (c.alarm)
                writer.addAlarms(c.timeMs, { *c.alarm }, {});
            else
                writer.addAlarms(c.timeMs, {}, { c.alarmId });
        }
        error = writer.commit();
    }
    if (summary) {
        summary->frames = writer.framesWritten();
        summary->events = writer.eventsWritten();
        summary->fromMs = fromMs;
        summary->toMs = toMs;
    }
    writer.close();
    if (cancelled || !error.isEmpty()) {
        QFile::remove(destination);
        return cancelled ? QStringLiteral("cancelled") : error;
    }
    if (QString e = finishStandalone(destination, source, fromMs, toMs, carried); !e.isEmpty())
        return QStringLiteral("%1: %2").arg(QFileInfo(destination).fileName(), e);
    return {};
}

} // namespace vigil
