// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <cstdint>

namespace vigil {

// Reads a log file as it grows, and keeps where it was read to, so that a restart reads only
// what is new. The position (the file's inode, the offset after the last complete line, and
// the bytes before it) is kept in a positions directory, one file per log; without one,
// every start reads the log from its beginning. Not thread-safe: its source's thread owns it.
class LogTail
{
public:
    LogTail(QString location, QString positionsDirectory);

    // Goes on from the saved position when the file is still the one read then: the same
    // inode, no shorter, and still holding the bytes read last (a file truncated and written
    // again to the same length does not). Returns the offset gone on from, or 0.
    qint64 resume();
    // The bytes added since the last read (at most 16 MB at a time), from the start again when
    // another file was rotated in or the file was truncated. `error` says why it cannot be read.
    QByteArray readMore(QString *error);
    // Keeps the position after the last read, less the `pending` bytes of a line half written
    // (read whole next time). Returns an error when it cannot be kept.
    QString keepAfter(const QByteArray &chunk, qsizetype pending);

    // For what keeps positions of its own (a TensorBoard run: one per event file).
    QJsonObject saved() const;
    QString keep(QJsonObject position);

private:
    QString positionPath() const;

    QString m_location;
    QString m_directory;
    qint64 m_offset = 0;
    uint64_t m_inode = 0; // of the file m_offset is in: another inode at the path is a rotation
};

} // namespace vigil
