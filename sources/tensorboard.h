// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sources/linereader.h"
#include "sources/traininglog.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <functional>
#include <map>
#include <vector>

namespace vigil {

namespace tensorboard {

// CRC-32C (Castagnoli), as TFRecord checksums its frames, and the rotation and
// offset TFRecord applies to it ("masked").
uint32_t crc32c(QByteArrayView bytes);
uint32_t maskedCrc32c(QByteArrayView bytes);

// One record as TFRecord frames it: its length (8 bytes, little-endian), the masked
// CRC of the length, the data, the masked CRC of the data. For tests and tools
// that write event files.
QByteArray frameRecord(QByteArrayView data);

// Splits a TFRecord stream fed in arbitrary pieces into records, holding a partial
// record until the rest arrives. A frame whose length checksum fails means the
// framing is lost: the reader stops there and says why (nothing after it can be
// trusted). A record whose data checksum fails is skipped and counted.
class RecordReader
{
public:
    void feed(QByteArrayView bytes, const std::function<void(QByteArrayView record)> &record);
    qsizetype pending() const { return m_partial.size(); }
    bool lost() const { return !m_lostWhy.isEmpty(); }
    QString lostWhy() const { return m_lostWhy; }
    uint64_t records() const { return m_records; }
    uint64_t damaged() const { return m_damaged; }

private:
    QByteArray m_partial;
    QString m_lostWhy;
    uint64_t m_records = 0;
    uint64_t m_damaged = 0;
};

// The training metrics in one Event record: one TrainingRecord per scalar whose
// tag Vigil knows (docs/sources.md#tensorboard-run-directories), with the event's
// step and wall time. Tags it does not know are counted in `unknownTags`.
// Returns false when the record is not an Event.
bool readEvent(QByteArrayView record, std::vector<TrainingRecord> &out, std::map<QString, int> &unknownTags);

} // namespace tensorboard

// A TensorBoard run directory, tailed: its event files (events.out.tfevents.*) in
// the order they were started (a restarted training writes a new one), each read on
// from where the last poll stopped. Positions can be kept across restarts.
class TensorBoardRun
{
public:
    explicit TensorBoardRun(QString directory);

    // Reads what the event files gained since the last poll. Problems (an unreadable
    // file, lost framing, a damaged record) are counted in stats() and named in `problems`.
    std::vector<TrainingRecord> poll(QStringList &problems);
    const ParseStats &stats() const { return m_stats; }
    const std::map<QString, int> &unknownTags() const { return m_unknownTags; }

    // Where each file was read to, by file name, to go on from after a restart;
    // and going on from such positions (a file shorter than its position is read again).
    std::map<QString, qint64> positions() const;
    void resumeFrom(const std::map<QString, qint64> &positions);

private:
    struct File
    {
        qint64 offset = 0; // up to the last whole record
        tensorboard::RecordReader reader;
        bool reportedLoss = false;
    };
    QString m_directory;
    std::map<QString, File> m_files; // by name: the order they were started
    ParseStats m_stats;
    std::map<QString, int> m_unknownTags;
};

} // namespace vigil
