// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sources/linereader.h"

#include <QString>

#include <map>
#include <optional>
#include <vector>

namespace vigil {

// One "NVRM: Xid" line of the NVIDIA driver (or an NVSwitch's "SXid" line), as dmesg,
// syslog or the journal print it.
struct XidRecord
{
    // Where timeMs came from.
    enum class Clock
    {
        None, // plain dmesg: seconds since boot only; the reader stamps it when read
        Absolute, // ISO 8601, RFC 5424, dmesg -T, the journal's own timestamp
        SyslogNoYear, // RFC 3164 ("Nov  2 03:14:15"): the year is inferred
        FromBoot, // plain dmesg, dated by the boot time learnt from the log's other lines (or given)
    };
    int64_t timeMs = 0; // 0: the line carried no wall-clock time
    Clock clock = Clock::None;
    double secondsSinceBoot = -1; // dmesg's [12345.678901], when given
    QString host; // from a syslog/journal prefix, if any
    QString pciBusId; // "0000:3b:00", lower case, without the function
    int xid = 0;
    bool nvswitch = false; // an NVSwitch's SXid, not a GPU's Xid
    int pid = -1;
    QString process; // the driver's name=..., if given
    QString text; // the driver's description
    uint64_t line = 0;
};

// Finds Xid lines in a kernel log fed in chunks; other kernel messages are
// skipped, Xid lines that cannot be read are rejected with the reason.
class KernelLogParser
{
public:
    // Syslog lines carry no year: they are taken to be in `defaultYear`, or the year
    // before when that would put them more than two days after `referenceMs` (a log
    // read in January that still holds December's lines). 0: no reference.
    explicit KernelLogParser(int defaultYear = 2026, int64_t referenceMs = 0)
        : m_year(defaultYear)
        , m_referenceMs(referenceMs)
    { }
    void feed(QByteArrayView chunk);
    void finish();
    std::vector<XidRecord> takeRecords();
    const ParseStats &stats() const { return m_stats; }
    qsizetype pendingBytes() const { return m_lines.pending(); }

    enum class LineKind
    {
        Xid,
        Other,
        Malformed
    };
    static LineKind parseLine(QByteArrayView line, int defaultYear, XidRecord &out, QString *error = nullptr);

    // When `host` booted (wall clock), so that its dmesg seconds-since-boot can be dated.
    // Learnt by itself from lines that carry both a wall-clock time and dmesg's stamp
    // ("Nov  2 03:14:15 node1 kernel: [ 812.004] ..."); a seconds count that goes back
    // is a reboot, and the boot time is unknown again until it is learnt anew.
    void setBootTime(const QString &host, int64_t bootMs) { m_bootMs[host] = { bootMs, -1.0 }; }
    std::optional<int64_t> bootTime(const QString &host) const;

private:
    void onLine(uint64_t number, QByteArrayView line, bool oversize);
    static void readTimePrefix(const QString &line, int defaultYear, XidRecord &out);
    void learnBoot(const QString &host, int64_t wallMs, double secondsSinceBoot);
    void dateFromBoot(XidRecord &record);

    int m_year;
    int64_t m_referenceMs;
    LineReader m_lines;
    ParseStats m_stats;
    std::vector<XidRecord> m_records;
    struct Boot
    {
        int64_t ms = 0;
        double lastSeconds = -1.0; // the newest seconds-since-boot seen after it
    };
    std::map<QString, Boot> m_bootMs; // by host ("" for lines that name none)
};

} // namespace vigil
