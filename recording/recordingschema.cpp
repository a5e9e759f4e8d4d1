// SPDX-License-Identifier: GPL-3.0-or-later
#include "recording/recordingschema.h"

#include <QDateTime>
#include <QFileInfo>
#include <QSqlError>
#include <QSqlQuery>

#include <atomic>

namespace vigil::recording {

namespace {

const char *const Schema[] = {
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    // A topology and its metric dictionary; blocks refer to the layout they were recorded with.
    "CREATE TABLE IF NOT EXISTS layouts (id INTEGER PRIMARY KEY, time_ms INTEGER NOT NULL,"
    " topology BLOB NOT NULL, dictionary BLOB NOT NULL, resolutions TEXT NOT NULL)",
    // One flush of the recorder: the frames it holds and whether its chunks decode on their own.
    // tier 0: every frame as received; tier 1: downsampled by retention (each window's lowest and highest reading).
    "CREATE TABLE IF NOT EXISTS blocks (id INTEGER PRIMARY KEY, layout_id INTEGER NOT NULL,"
    " start_ms INTEGER NOT NULL, end_ms INTEGER NOT NULL, frames INTEGER NOT NULL, key INTEGER NOT NULL,"
    " samples INTEGER NOT NULL, times BLOB NOT NULL, tier INTEGER NOT NULL DEFAULT 0)",
    "CREATE INDEX IF NOT EXISTS blocks_by_time ON blocks (start_ms)",
    "CREATE INDEX IF NOT EXISTS keys_by_time ON blocks (key, start_ms)",
    "CREATE TABLE IF NOT EXISTS chunks (block_id INTEGER NOT NULL, metric_id INTEGER NOT NULL,"
    " data BLOB NOT NULL, PRIMARY KEY (block_id, metric_id))",
    "CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY, time_ms INTEGER NOT NULL, type INTEGER NOT NULL,"
    " severity INTEGER NOT NULL, entity_kind INTEGER NOT NULL, entity_index INTEGER NOT NULL, job_id TEXT,"
    " source_id INTEGER NOT NULL, data BLOB NOT NULL)",
    "CREATE INDEX IF NOT EXISTS events_by_time ON events (time_ms)",
    // The same event delivered twice (a reconnect's snapshot) is kept once.
    "CREATE UNIQUE INDEX IF NOT EXISTS events_once ON events (source_id, time_ms, type, entity_kind, entity_index)",
    "CREATE TABLE IF NOT EXISTS gaps (id INTEGER PRIMARY KEY, from_ms INTEGER NOT NULL, to_ms INTEGER NOT NULL,"
    " reason TEXT NOT NULL)",
    // Where the source's clock went back and the recorder began a new segment: from start_ms
    // on, the source's clock read time - clock_offset_ms. Added without a new format version
    // (an older reader ignores it, and reads the shifted times as they are).
    "CREATE TABLE IF NOT EXISTS segments (id INTEGER PRIMARY KEY, start_ms INTEGER NOT NULL,"
    " clock_offset_ms INTEGER NOT NULL, reason TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS bookmarks (id INTEGER PRIMARY KEY, time_ms INTEGER NOT NULL, note TEXT NOT NULL,"
    " author TEXT NOT NULL, created_ms INTEGER NOT NULL)",
    // The gateway's alarms as they changed: each row one alarm as it stood from time_ms on (a
    // vigil.v1.Alarm), or its removal (alarm NULL). Added without a new format version: an older
    // Vigil ignores the table, and this one reads recordings without it as holding no alarms.
    "CREATE TABLE IF NOT EXISTS alarm_updates (id INTEGER PRIMARY KEY, time_ms INTEGER NOT NULL,"
    " alarm_id INTEGER NOT NULL, alarm BLOB)",
    "CREATE INDEX IF NOT EXISTS alarm_updates_by_alarm ON alarm_updates (alarm_id, time_ms)",
    "CREATE INDEX IF NOT EXISTS alarm_updates_by_time ON alarm_updates (time_ms)",
};

QString problem(const QString &path, const QString &what)
{
    return QStringLiteral("%1: %2").arg(QFileInfo(path).fileName(), what);
}

QString checkFormat(QSqlDatabase &db, const QString &path, bool mayBeEmpty)
{
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("SELECT count(*) FROM sqlite_master")))
        return problem(path, QStringLiteral("not a readable SQLite database (%1)").arg(q.lastError().text()));
    q.next();
    const bool empty = q.value(0).toInt() == 0;
    if (empty)
        return mayBeEmpty ? QString() : problem(path, QStringLiteral("an empty file, not a Vigil recording"));
    if (!q.exec(QStringLiteral("SELECT key, value FROM meta WHERE key IN ('format', 'version')")))
        return problem(path, QStringLiteral("an SQLite database, but not a Vigil recording"));
    QString format, version;
    while (q.next())
        (q.value(0).toString() == QLatin1String("format") ? format : version) = q.value(1).toString();
    if (format != QLatin1String(FormatName))
        return problem(path, QStringLiteral("an SQLite database, but not a Vigil recording"));
    if (version.toInt() < 1 || version.toInt() > FormatVersion)
        return problem(
            path,
            QStringLiteral("recording format version %1; this Vigil reads up to %2").arg(version).arg(FormatVersion));
    return {};
}

} // namespace

QString uniqueConnectionName(const char *purpose)
{
    static std::atomic<int> counter { 0 };
    return QStringLiteral("vigil-%1-%2").arg(QLatin1String(purpose)).arg(++counter);
}

void closeConnection(QSqlDatabase &db, QString &name)
{
    if (name.isEmpty())
        return;
    db.close();
    db = QSqlDatabase(); // no handle may outlive removeDatabase()
    QSqlDatabase::removeDatabase(name);
    name.clear();
}

QString openForWriting(const QString &path, const QString &connectionName, QSqlDatabase &db)
{
    db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connectionName);
    db.setDatabaseName(path);
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000"));
    if (!db.open()) {
        // SQLite only says "unable to open database file"; the usual reason is the folder.
        const QFileInfo folder(QFileInfo(path).absolutePath());
        if (!folder.isDir())
            return problem(
                path,
                QStringLiteral("cannot open for writing: the folder %1 does not exist").arg(folder.absoluteFilePath()));
        if (!folder.isWritable() && !QFileInfo::exists(path))
            return problem(path,
                           QStringLiteral("cannot open for writing: the folder %1 is not writable")
                               .arg(folder.absoluteFilePath()));
        return problem(path, QStringLiteral("cannot open for writing (%1)").arg(db.lastError().text()));
    }
    if (QString e = checkFormat(db, path, true); !e.isEmpty())
        return e;
    QSqlQuery q(db);
    // Retention frees pages as it rewrites old stretches; only set before the first table, it lets them go back.
    q.exec(QStringLiteral("PRAGMA auto_vacuum=INCREMENTAL"));
    // WAL: readers (a replaying window, a report) never block the writer and a
    // killed writer loses only what it had not committed.
    for (const char *pragma :
         { "PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", "PRAGMA journal_size_limit=67108864" })
        if (!q.exec(QLatin1String(pragma)))
            return problem(path, QStringLiteral("cannot set %1 (%2)").arg(QLatin1String(pragma), q.lastError().text()));
    db.transaction();
    for (const char *statement : Schema)
        if (!q.exec(QLatin1String(statement))) {
            const QString error = q.lastError().text();
            db.rollback();
            return problem(path, QStringLiteral("cannot create the schema (%1)").arg(error));
        }
    q.prepare(QStringLiteral("INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)"));
    const std::pair<QString, QString> meta[] = {
        { QStringLiteral("format"), QLatin1String(FormatName) },
        { QStringLiteral("version"), QString::number(FormatVersion) },
        { QStringLiteral("created_ms"), QString::number(QDateTime::currentMSecsSinceEpoch()) },
    };
    for (const auto &[key, value] : meta) {
        q.addBindValue(key);
        q.addBindValue(value);
        q.exec();
    }
    if (!db.commit())
        return problem(path, QStringLiteral("cannot write (%1)").arg(db.lastError().text()));
    return {};
}

QString openForReading(const QString &path, const QString &connectionName, QSqlDatabase &db)
{
    const QFileInfo info(path);
    if (!info.exists())
        return problem(path, QStringLiteral("no such file"));
    if (!info.isReadable())
        return problem(path, QStringLiteral("not readable"));
    db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connectionName);
    db.setDatabaseName(path);
    db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=5000"));
    if (!db.open())
        return problem(path, QStringLiteral("cannot open (%1)").arg(db.lastError().text()));
    return checkFormat(db, path, false);
}

} // namespace vigil::recording
