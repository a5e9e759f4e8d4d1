// SPDX-License-Identifier: GPL-3.0-or-later
#include "sources/kernellog.h"

#include "domain/pciaddress.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace vigil {

namespace {

const QRegularExpression &xidPattern()
{
    static const QRegularExpression re(QStringLiteral(
        R"((?:NVRM: Xid|(nvidia-nvswitch\d*): SXid) \((?:PCI:)?((?:[0-9A-Fa-f]{1,8}:)?[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}(?:\.[0-7])?)\): (\d+)(?:,\s*(.*))?$)"));
    return re;
}

// "<34>1 2026-11-02T03:14:15.003Z host kernel - - - ..." (RFC 5424)
const QRegularExpression &rfc5424Prefix()
{
    static const QRegularExpression re(QStringLiteral(R"(^<\d{1,3}>1 (\S+) (\S+) )"));
    return re;
}

// "[Mon Nov  2 03:14:15 2026] ..." (dmesg -T: the machine's local time)
const QRegularExpression &dmesgHumanPrefix()
{
    static const QRegularExpression re(
        QStringLiteral(R"(^\[[A-Z][a-z]{2} ([A-Z][a-z]{2})\s+(\d{1,2}) (\d{2}):(\d{2}):(\d{2}) (\d{4})\])"));
    return re;
}

// "[12345.678901] ..." (dmesg: seconds since boot), possibly after a syslog prefix.
const QRegularExpression &monotonicStamp()
{
    static const QRegularExpression re(QStringLiteral(R"(\[\s*(\d+\.\d+)\]\s+(?:NVRM|nvidia-nvswitch))"));
    return re;
}

// The same on any kernel line ("kernel: [  812.004] ..."), to learn when the machine booted.
const QRegularExpression &anyMonotonicStamp()
{
    static const QRegularExpression re(QStringLiteral(R"(kernel:\s*\[\s*(\d+\.\d+)\]\s)"));
    return re;
}

int monthOf(const QString &name)
{
    static const QStringList months { QStringLiteral("Jan"), QStringLiteral("Feb"), QStringLiteral("Mar"),
                                      QStringLiteral("Apr"), QStringLiteral("May"), QStringLiteral("Jun"),
                                      QStringLiteral("Jul"), QStringLiteral("Aug"), QStringLiteral("Sep"),
                                      QStringLiteral("Oct"), QStringLiteral("Nov"), QStringLiteral("Dec") };
    return int(months.indexOf(name)) + 1;
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

void KernelLogParser::readTimePrefix(const QString &line, int defaultYear, XidRecord &out)
{
    auto absolute = [&](int64_t ms) {
        out.timeMs = ms;
        out.clock = ms > 0 ? XidRecord::Clock::Absolute : XidRecord::Clock::None;
    };
    if (const QRegularExpressionMatch iso = isoPrefix().match(line); iso.hasMatch()) {
        absolute(parseIso(iso.captured(1)));
        out.host = iso.captured(2);
    } else if (const QRegularExpressionMatch r = rfc5424Prefix().match(line); r.hasMatch()) {
        absolute(parseIso(r.captured(1)));
        if (r.captured(2) != QLatin1String("-"))
            out.host = r.captured(2);
    } else if (const QRegularExpressionMatch human = dmesgHumanPrefix().match(line); human.hasMatch()) {
        const QDate date(human.captured(6).toInt(), monthOf(human.captured(1)), human.captured(2).toInt());
        const QTime time(human.captured(3).toInt(), human.captured(4).toInt(), human.captured(5).toInt());
        if (date.isValid() && time.isValid())
            absolute(QDateTime(date, time, Qt::LocalTime).toMSecsSinceEpoch());
    } else if (const QRegularExpressionMatch sys = syslogPrefix().match(line); sys.hasMatch()) {
        const int month = monthOf(sys.captured(1));
        const QDate date(defaultYear, month, sys.captured(2).toInt());
        const QTime time(sys.captured(3).toInt(), sys.captured(4).toInt(), sys.captured(5).toInt());
        if (month > 0 && date.isValid() && time.isValid()) {
            out.timeMs = QDateTime(date, time, Qt::UTC).toMSecsSinceEpoch();
            out.clock = XidRecord::Clock::SyslogNoYear;
        }
        out.host = sys.captured(6);
    }
}

KernelLogParser::LineKind KernelLogParser::parseLine(QByteArrayView bytes, int defaultYear, XidRecord &out,
                                                     QString *error)
{
    if (!bytes.contains("NVRM: Xid") && !bytes.contains(": SXid ("))
        return LineKind::Other;
    QString line = QString::fromUtf8(bytes);
    out = {};
    // journalctl -o json (export): one JSON object a line, the message in MESSAGE.
    if (line.startsWith(u'{')) {
        const QJsonObject entry = QJsonDocument::fromJson(bytes.toByteArray()).object();
        const QString message = entry.value(QLatin1String("MESSAGE")).toString();
        if (message.isEmpty()) {
            if (error)
                *error = QStringLiteral("a journal entry without a readable MESSAGE");
            return LineKind::Malformed;
        }
        bool ok = false;
        const qint64 micros = entry.value(QLatin1String("__REALTIME_TIMESTAMP")).toString().toLongLong(&ok);
        const LineKind kind = parseLine(message.toUtf8(), defaultYear, out, error);
        if (kind == LineKind::Xid) {
            if (ok && micros > 0) {
                out.timeMs = micros / 1000;
                out.clock = XidRecord::Clock::Absolute;
            }
            out.host = entry.value(QLatin1String("_HOSTNAME")).toString();
        }
        return kind;
    }
    const QRegularExpressionMatch xid = xidPattern().match(line);
    if (!xid.hasMatch()) {
        if (error)
            *error = QStringLiteral("an Xid line without a readable PCI address and code");
        return LineKind::Malformed;
    }
    bool ok = false;
    out.xid = xid.captured(3).toInt(&ok);
    // GPU Xids run to a few hundred; NVSwitch SXids are five-digit codes.
    if (!ok || out.xid <= 0 || out.xid > (xid.captured(1).isEmpty() ? 1000 : 99999)) {
        if (error)
            *error = QStringLiteral("Xid code %1 is out of range").arg(xid.captured(3));
        return LineKind::Malformed;
    }
    out.nvswitch = !xid.captured(1).isEmpty();
    out.pciBusId = normalisePciBusId(xid.captured(2));
    if (out.pciBusId.isEmpty()) {
        if (error)
            *error = QStringLiteral("'%1' is not a PCI address").arg(xid.captured(2));
        return LineKind::Malformed;
    }
    QString rest = xid.captured(4).trimmed();
    static const QRegularExpression pid(QStringLiteral(R"(^pid='?(\d+|<unknown>)'?,\s*)"));
    const QRegularExpressionMatch pidMatch = pid.match(rest);
    if (pidMatch.hasMatch()) {
        out.pid = pidMatch.captured(1).toInt(&ok);
        if (!ok)
            out.pid = -1;
        rest = rest.mid(pidMatch.capturedLength());
    }
    static const QRegularExpression name(QStringLiteral(R"(^name=([^,]*),\s*)"));
    if (const QRegularExpressionMatch n = name.match(rest); n.hasMatch()) {
        out.process = n.captured(1).trimmed();
        rest = rest.mid(n.capturedLength());
    }
    out.text = rest;

    if (const QRegularExpressionMatch mono = monotonicStamp().match(line); mono.hasMatch())
        out.secondsSinceBoot = mono.captured(1).toDouble();
    readTimePrefix(line, defaultYear, out);
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
        if (line.contains("kernel:") && line.contains("] ")) {
            // Not an Xid, but it may say when this machine booted.
            const QString text = QString::fromUtf8(line);
            if (const QRegularExpressionMatch mono = anyMonotonicStamp().match(text); mono.hasMatch()) {
                XidRecord stamp;
                readTimePrefix(text, m_year, stamp);
                if (stamp.timeMs > 0)
                    learnBoot(stamp.host, stamp.timeMs, mono.captured(1).toDouble());
            }
        }
        return;
    case LineKind::Malformed:
        m_stats.reject(number, error);
        return;
    case LineKind::Xid:
        record.line = number;
        if (record.clock == XidRecord::Clock::SyslogNoYear && m_referenceMs > 0
            && record.timeMs > m_referenceMs + 2 * 86400000LL) {
            // A line dated after now belongs to the year before (the log spans New Year).
            const QDateTime t = QDateTime::fromMSecsSinceEpoch(record.timeMs, Qt::UTC);
            record.timeMs = t.addYears(-1).toMSecsSinceEpoch();
        }
        if (record.secondsSinceBoot >= 0) {
            if (record.timeMs > 0)
                learnBoot(record.host, record.timeMs, record.secondsSinceBoot);
            else
                dateFromBoot(record);
        }
        ++m_stats.accepted;
        m_records.push_back(std::move(record));
        return;
    }
}

namespace {
// A machine up for more than a century is a damaged line, not an uptime.
constexpr double MaxSecondsSinceBoot = 100.0 * 365 * 86400;
} // namespace

void KernelLogParser::learnBoot(const QString &host, int64_t wallMs, double secondsSinceBoot)
{
    if (!(secondsSinceBoot >= 0 && secondsSinceBoot < MaxSecondsSinceBoot) || wallMs <= 0)
        return;
    m_bootMs[host] = { wallMs - int64_t(secondsSinceBoot * 1000.0), secondsSinceBoot };
}

std::optional<int64_t> KernelLogParser::bootTime(const QString &host) const
{
    const auto it = m_bootMs.find(host);
    if (it != m_bootMs.end())
        return it->second.ms;
    if (host.isEmpty() && m_bootMs.size() == 1)
        return m_bootMs.begin()->second.ms; // a log of one machine that names it elsewhere
    return std::nullopt;
}

void KernelLogParser::dateFromBoot(XidRecord &record)
{
    auto it = m_bootMs.find(record.host);
    if (it == m_bootMs.end() && record.host.isEmpty() && m_bootMs.size() == 1)
        it = m_bootMs.begin();
    if (it == m_bootMs.end() || !(record.secondsSinceBoot < MaxSecondsSinceBoot))
        return; // stamped when read, and said so
    if (record.secondsSinceBoot < it->second.lastSeconds) {
        m_bootMs.erase(it); // the count went back: a reboot, and when is not known yet
        return;
    }
    it->second.lastSeconds = record.secondsSinceBoot;
    record.timeMs = it->second.ms + int64_t(record.secondsSinceBoot * 1000.0);
    record.clock = XidRecord::Clock::FromBoot;
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
