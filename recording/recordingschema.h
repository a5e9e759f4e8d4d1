// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSqlDatabase>
#include <QString>

// The SQLite schema of a recording (docs/recording-format.md) and opening one.
namespace vigil::recording {

constexpr int FormatVersion = 1;
inline constexpr char FormatName[] = "vigil-recording";
// Frames in a chunk run, at most, before the next key chunk: bounds the work of a seek.
constexpr int KeyEveryFrames = 64;
// Events that arrive without an id of their own (an imported history, an old
// recording) are numbered from here: far above any gateway's sequence, so an
// incident keyed by its failure's id never meets another's.
constexpr uint64_t LocalEventIdBase = uint64_t(1) << 62;
// A block never holds more frames than this (bounds memory when reading a damaged file).
constexpr size_t MaxFramesPerBlock = 4096;
constexpr size_t MaxChunkBytes = size_t(1) << 30;

// Opens (creating if needed) a recording for writing on the calling thread's
// connection `connectionName`. Returns an error naming the file and the problem.
QString openForWriting(const QString &path, const QString &connectionName, QSqlDatabase &db);
// Opens a recording read-only (it may be being written by another process).
QString openForReading(const QString &path, const QString &connectionName, QSqlDatabase &db);

// A connection name unique in this process.
QString uniqueConnectionName(const char *purpose);
// Closes and forgets a connection opened by openForWriting/openForReading (no-op when `name` is empty).
void closeConnection(QSqlDatabase &db, QString &name);

} // namespace vigil::recording
