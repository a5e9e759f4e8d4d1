// SPDX-License-Identifier: GPL-3.0-or-later
#include "kernellog.h"

#include "model/pciaddress.h"

#include <QDateTime>
#include <QRegularExpression>

namespace vigil {

namespace {

const QRegularExpression &xidPattern()
{
    static const QRegularExpression re(QStringLiteral(
        R"(NVRM: Xid \((?:PCI:)?((?:[0-9A-Fa-f]{1,8}:)?[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}(?:\.[0-7])?)\): (\d+)(?:,\s*(.*))?$)"));
    return re;
}

// "2026-11-02T03:14:15.123+00:00 host kernel: ..." (rsyslog, journalctl -o short-iso)
const QRegularExpression &isoPrefix()
{
    static const QRegularExpression re(QStringLiteral(
        R"(^(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?)\s+(\S+)\s+kernel:)"));
    return re;
}

// "Nov  2 03:14:15 host kernel: ..." (syslog, journalctl)
const QRegularExpression &syslogPrefix()
{
    static const QRegularExpression re(
        QStringLiteral(R"(^([A-Z][a-z]{2})\s+(\d{1,2})\s+(\d{2}):(\d{2}):(\d{2})\s+(\S+)\s+kernel:)"));
    return re;
}

int64_t parseIso(const QString &text)
{
    QString s = text;
    s.replace(u' ', u'T');
    // Qt wants "+00:00"; journalctl may print "+0000".
    static const QRegularExpression compactOffset(QStringLiteral(R"(([+-]\d{2})(\d{2})$)"));
    s.replace(compactOffset, QStringLiteral("\\1:\\2"));
    QDateTime dt = QDateTime::fromString(s, Qt::ISODateWithMs);
    if (!dt.isValid())
        dt = QDateTime::fromString(s, Qt::ISODate);
    if (dt.isValid() && dt.timeSpec() == Qt::LocalTime)
        dt.setTimeSpec(Qt::UTC);
    return dt.isValid() ? dt.toMSecsSinceEpoch() : 0;
}

} // namespace

KernelLogParser::LineKind KernelLogParser::parseLine(QByteArrayView bytes, int defaultYear, XidRecord &out,
                                                     QString *error)
{
    if (!bytes.contains("NVRM: Xid"))
        return LineKind::Other;
    const QString line = QString::fromUtf8(bytes);
    const QRegularExpressionMatch xid = xidPattern().match(line);
    if (!xid.hasMatch()) {
        if (error)
            *error = QStringLiteral("an Xid line without a readable PCI address and code");
        return LineKind::Malformed;
    }
    bool ok = false;
    out.xid = xid.captured(2).toInt(&ok);
    if (!ok || out.xid <= 0 || out.xid > 1000) {
        if (error)
            *error = QStringLiteral("Xid code %1 is out of range").arg(xid.captured(2));
        return LineKind::Malformed;
    }
    out.pciBusId = normalisePciBusId(xid.captured(1));
    if (out.pciBusId.isEmpty()) {
        if (error)
            *error = QStringLiteral("'%1' is not a PCI address").arg(xid.captured(1));
        return LineKind::Malformed;
    }
    QString rest = xid.captured(3).trimmed();
    static const QRegularExpression pid(QStringLiteral(R"(^pid='?(\d+|<unknown>)'?,\s*)"));
    const QRegularExpressionMatch pidMatch = pid.match(rest);
    if (pidMatch.hasMatch()) {
        out.pid = pidMatch.captured(1).toInt(&ok);
        if (!ok)
            out.pid = -1;
        rest = rest.mid(pidMatch.capturedLength());
    }
    static const QRegularExpression name(QStringLiteral(R"(^name=[^,]*,\s*)"));
    rest.remove(name);
    out.text = rest;

    out.timeMs = 0;
    out.host.clear();
    if (const QRegularExpressionMatch iso = isoPrefix().match(line); iso.hasMatch()) {
        out.timeMs = parseIso(iso.captured(1));
        out.host = iso.captured(2);
    } else if (const QRegularExpressionMatch sys = syslogPrefix().match(line); sys.hasMatch()) {
        static const QStringList months { QStringLiteral("Jan"), QStringLiteral("Feb"), QStringLiteral("Mar"),
                                          QStringLiteral("Apr"), QStringLiteral("May"), QStringLiteral("Jun"),
                                          QStringLiteral("Jul"), QStringLiteral("Aug"), QStringLiteral("Sep"),
                                          QStringLiteral("Oct"), QStringLiteral("Nov"), QStringLiteral("Dec") };
        const int month = int(months.indexOf(sys.captured(1))) + 1;
        const QDate date(defaultYear, month, sys.captured(2).toInt());
        const QTime time(sys.captured(3).toInt(), sys.captured(4).toInt(), sys.captured(5).toInt());
        if (month > 0 && date.isValid() && time.isValid())
            out.timeMs = QDateTime(date, time, Qt::UTC).toMSecsSinceEpoch();
        out.host = sys.captured(6);
    }
    return LineKind::Xid;
}

void KernelLogParser::onLine(uint64_t number, QByteArrayView line, bool oversize)
{
    ++m_stats.lines;
    if (oversize) {
        m_stats.reject(number, QStringLiteral("line longer than the limit"));
        return;
    }
    XidRecord record;
    QString error;
    switch (parseLine(line, m_year, record, &error)) {
    case LineKind::Other:
        ++m_stats.skipped;
        return;
    case LineKind::Malformed:
        m_stats.reject(number, error);
        return;
    case LineKind::Xid:
        record.line = number;
        ++m_stats.accepted;
        m_records.push_back(std::move(record));
        return;
    }
}

void KernelLogParser::feed(QByteArrayView chunk)
{
    m_lines.feed(chunk, [this](uint64_t n, QByteArrayView l, bool o) { onLine(n, l, o); });
}

void KernelLogParser::finish()
{
    m_lines.finish([this](uint64_t n, QByteArrayView l, bool o) { onLine(n, l, o); });
}

std::vector<XidRecord> KernelLogParser::takeRecords()
{
    std::vector<XidRecord> out;
    out.swap(m_records);
    return out;
}

} // namespace vigil
