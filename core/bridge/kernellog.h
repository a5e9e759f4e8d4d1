// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "linereader.h"

#include <QString>

#include <vector>

namespace vigil {

// One "NVRM: Xid" line of the NVIDIA driver, as dmesg, syslog or the journal print it.
struct XidRecord
{
    int64_t timeMs = 0; // 0: the line carried no wall-clock time (plain dmesg)
    QString host; // from a syslog/journal prefix, if any
    QString pciBusId; // "0000:3b:00", lower case, without the function
    int xid = 0;
    int pid = -1;
    QString text; // the driver's description
    uint64_t line = 0;
};

// Finds Xid lines in a kernel log fed in chunks; other kernel messages are
// skipped, Xid lines that cannot be read are rejected with the reason.
class KernelLogParser
{
public:
    explicit KernelLogParser(int defaultYear = 2026)
        : m_year(defaultYear)
    { }
    void feed(QByteArrayView chunk);
    void finish();
    std::vector<XidRecord> takeRecords();
    const ParseStats &stats() const { return m_stats; }

    enum class LineKind
    {
        Xid,
        Other,
        Malformed
    };
    static LineKind parseLine(QByteArrayView line, int defaultYear, XidRecord &out, QString *error = nullptr);

private:
    void onLine(uint64_t number, QByteArrayView line, bool oversize);

    int m_year;
    LineReader m_lines;
    ParseStats m_stats;
    std::vector<XidRecord> m_records;
};

} // namespace vigil
