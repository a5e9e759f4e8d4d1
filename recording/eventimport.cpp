// SPDX-License-Identifier: GPL-3.0-or-later
#include "recording/eventimport.h"

#include "domain/entitynames.h"
#include "recording/recordingreader.h"
#include "recording/recordingwriter.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <tuple>

namespace vigil {

namespace {

constexpr qint64 MaxLineBytes = 65536;
constexpr int64_t EarliestMs = 946684800000; // 2000-01-01
constexpr int64_t LatestMs = 4102444800000; // 2100-01-01

Severity defaultSeverity(EventType type, int32_t code)
{
    switch (type) {
    case EventType::Xid:
        return code == 48 || code == 79 || code == 74 || code == 92 || code == 94 || code == 95 || code == 119
            ? Severity::Critical
            : Severity::Warning;
    case EventType::EccDoubleBit:
    case EventType::JobCrash:
    case EventType::JobOom:
    case EventType::NcclTimeout:
        return Severity::Critical;
    case EventType::JobRestart:
    case EventType::Rollback:
        return Severity::Warning;
    default:
        return isHardwareWarning(type) ? Severity::Warning : Severity::Info;
    }
}

// One record's fields by name, whichever format they came in.
using Fields = std::map<QString, QString>;

QString toEvent(const Fields &f, const EntityNames &names, Event &e)
{
    auto field = [&f](const char *name) {
        const auto it = f.find(QLatin1String(name));
        return it == f.end() ? QString() : it->second.trimmed();
    };
    for (const char *required : { "time", "entity", "kind" })
        if (field(required).isEmpty())
            return QStringLiteral("no %1").arg(QLatin1String(required));

    const QString time = field("time");
    bool ok = false;
    int64_t ms = time.toLongLong(&ok);
    if (!ok) {
        QDateTime t = QDateTime::fromString(time, Qt::ISODateWithMs);
        if (!t.isValid())
            return QStringLiteral("time '%1' is neither ISO 8601 nor milliseconds since 1970").arg(time);
        if (t.timeSpec() == Qt::LocalTime)
            t.setTimeSpec(Qt::UTC); // a time without a zone is taken as UTC, never as this machine's zone
        ms = t.toMSecsSinceEpoch();
    }
    if (ms < EarliestMs || ms >= LatestMs)
        return QStringLiteral("time '%1' is outside 2000–2099").arg(time);
    e.timeMs = ms;

    const auto type = eventTypeFromKey(field("kind"));
    if (!type)
        return QStringLiteral("unknown kind '%1'").arg(field("kind"));
    e.type = *type;
    const auto entity = names.find(field("entity"));
    if (!entity)
        return QStringLiteral("unknown entity '%1'").arg(field("entity"));
    e.entity = *entity;

    if (const QString code = field("code"); !code.isEmpty()) {
        const int value = code.toInt(&ok);
        if (!ok)
            return QStringLiteral("code '%1' is not an integer").arg(code);
        if (e.type == EventType::Xid && (value < 1 || value > 999))
            return QStringLiteral("Xid %1 is out of range (1–999)").arg(value);
        e.code = value;
    }
    if (const QString value = field("value"); !value.isEmpty()) {
        e.value = value.toDouble(&ok);
        if (!ok || !std::isfinite(e.value))
            return QStringLiteral("value '%1' is not a finite number").arg(value);
    }
    if (const QString step = field("step"); !step.isEmpty()) {
        e.step = step.toLongLong(&ok);
        if (!ok || e.step < 0)
            return QStringLiteral("step '%1' is not a non-negative integer").arg(step);
    }
    if (const QString severity = field("severity"); !severity.isEmpty()) {
        const auto s = severityFromKey(severity);
        if (!s)
            return QStringLiteral("unknown severity '%1' (info, warning or critical)").arg(severity);
        e.severity = *s;
    } else {
        e.severity = defaultSeverity(e.type, e.code);
    }
    e.message = field("message").left(4096);
    e.jobId = field("job");
    if (e.entity.kind == EntityKind::Job && e.jobId.isEmpty())
        e.jobId = field("entity");
    e.operatorName = field("operator").left(256);
    // The part's serial (or UUID): what tells a slot that keeps killing its GPUs from a GPU that keeps failing.
    e.partSerial = field("serial").trimmed();
    if (e.partSerial.size() > 256)
        return QStringLiteral("serial '%1…' is longer than 256 characters").arg(e.partSerial.left(32));
    return {};
}

// RFC 4180 fields of one CSV record; false when a quote is left open.
bool splitCsv(const QString &line, QStringList &out)
{
    out.clear();
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (quoted) {
            if (c == u'"' && i + 1 < line.size() && line[i + 1] == u'"') {
                field += u'"';
                ++i;
            } else if (c == u'"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == u'"') {
            quoted = true;
        } else if (c == u',') {
            out << field;
            field.clear();
        } else {
            field += c;
        }
    }
    out << field;
    return !quoted;
}

} // namespace

std::vector<Event> parseEventHistory(QIODevice &input, const Topology &topology, ImportReport &report,
                                     const ImportProgress &progress)
{
    std::vector<Event> events;
    const EntityNames names(topology);
    auto refuse = [&report](uint64_t line, const QString &why) {
        ++report.refused;
        if (report.problems.size() < ImportReport::MaxProblems)
            report.problems.push_back(QStringLiteral("line %1: %2").arg(line).arg(why));
    };
    QStringList header;
    bool json = false, formatKnown = false;
    uint64_t lineNumber = 0;
    QString pending; // a CSV record whose quoted field runs on over lines
    uint64_t pendingStart = 0;
    // One buffer for every line: QIODevice::readLine(maxSize) allocates maxSize for each line it
    // returns, 128 KiB a line, which the dashboard's fixed mmap threshold (app/processmemory.h)
    // turns into a mapping and an unmapping per line.
    QByteArray buffer(MaxLineBytes + 2, Qt::Uninitialized);
    auto readLine = [&input, &buffer]() -> QByteArrayView {
        const qint64 read = input.readLine(buffer.data(), buffer.size()); // at most MaxLineBytes + 1
        return QByteArrayView(buffer.constData(), std::max<qint64>(read, 0));
    };
    while (!input.atEnd()) {
        if (progress && lineNumber > 0 && lineNumber % 4096 == 0 && !progress(input.pos(), input.size())) {
            report.cancelled = true;
            report.error = QStringLiteral("cancelled: nothing was imported");
            return {};
        }
        const QByteArrayView raw = readLine();
        ++lineNumber;
        if (raw.size() > MaxLineBytes && !raw.endsWith('\n')) {
            refuse(lineNumber, QStringLiteral("longer than %1 bytes").arg(MaxLineBytes));
            while (!input.atEnd() && !readLine().endsWith('\n')) { }
            continue;
        }
        QString line = QString::fromUtf8(raw);
        while (line.endsWith(u'\n') || line.endsWith(u'\r'))
            line.chop(1);
        if (pending.isEmpty() && line.trimmed().isEmpty())
            continue;
        if (!formatKnown) {
            formatKnown = true;
            json = line.trimmed().startsWith(u'{');
            if (!json) {
                QStringList columns;
                splitCsv(line, columns);
                for (const QString &c : columns)
                    header << c.trimmed().toLower();
                for (const char *required : { "time", "entity", "kind" })
                    if (!header.contains(QLatin1String(required))) {
                        report.error = QStringLiteral("the header names no '%1' column (it has: %2)")
                                           .arg(QLatin1String(required), header.join(QStringLiteral(", ")));
                        return events;
                    }
                continue;
            }
        }
        Fields fields;
        uint64_t recordLine = lineNumber;
        if (json) {
            ++report.lines;
            QJsonParseError error;
            const QJsonDocument doc = QJsonDocument::fromJson(line.toUtf8(), &error);
            if (!doc.isObject()) {
                refuse(lineNumber,
                       error.error != QJsonParseError::NoError
                           ? QStringLiteral("not JSON (%1)").arg(error.errorString())
                           : QStringLiteral("not a JSON object"));
                continue;
            }
            const QJsonObject o = doc.object();
            for (auto it = o.begin(); it != o.end(); ++it)
                fields[it.key().toLower()]
                    = it.value().isDouble() ? QString::number(it.value().toDouble(), 'g', 17) : it.value().toString();
        } else {
            if (!pending.isEmpty()) {
                line = pending + QLatin1Char('\n') + line;
                recordLine = pendingStart;
            }
            QStringList values;
            if (!splitCsv(line, values)) {
                if (line.size() > MaxLineBytes) {
                    refuse(recordLine, QStringLiteral("a quoted field is never closed"));
                    pending.clear();
                } else {
                    pending = line;
                    pendingStart = recordLine;
                }
                continue;
            }
            pending.clear();
            ++report.lines;
            if (values.size() != header.size()) {
                refuse(recordLine,
                       QStringLiteral("%1 fields where the header has %2").arg(values.size()).arg(header.size()));
                continue;
            }
            for (qsizetype i = 0; i < header.size(); ++i)
                fields[header[i]] = values[i];
        }
        Event e;
        if (const QString why = toEvent(fields, names, e); !why.isEmpty()) {
            refuse(recordLine, why);
            continue;
        }
        events.push_back(std::move(e));
    }
    if (!pending.isEmpty()) {
        ++report.lines;
        refuse(pendingStart, QStringLiteral("a quoted field is never closed"));
    }
    if (!formatKnown)
        report.error = QStringLiteral("the file is empty");
    std::stable_sort(events.begin(), events.end(), [](const Event &a, const Event &b) { return a.timeMs < b.timeMs; });
    return events;
}

ImportReport importEventHistory(const QString &inputPath, const QString &recordingPath,
                                std::shared_ptr<const Topology> topology, const ImportProgress &progress)
{
    ImportReport report;
    QFile input(inputPath);
    if (!input.open(QIODevice::ReadOnly)) {
        report.error = QStringLiteral("%1: %2").arg(QFileInfo(inputPath).fileName(), input.errorString());
        return report;
    }
    bool newRecording = !QFileInfo::exists(recordingPath);
    RecordingReader reader;
    if (!newRecording) {
        if (QString e = reader.open(recordingPath); !e.isEmpty()) {
            report.error = e;
            return report;
        }
        ClusterState state;
        if (!reader.isEmpty() && reader.stateAt(reader.endMs(), state).isEmpty() && state.topology())
            topology = state.topology();
        newRecording = reader.isEmpty();
    }
    if (!topology) {
        report.error = QStringLiteral("%1 has no topology to name the entities by: give one")
                           .arg(QFileInfo(recordingPath).fileName());
        return report;
    }
    std::vector<Event> events = parseEventHistory(input, *topology, report, progress);
    if (report.cancelled)
        return report;
    if (!report.error.isEmpty()) {
        report.error = QStringLiteral("%1: %2").arg(QFileInfo(inputPath).fileName(), report.error);
        return report;
    }
    // One event is one (time, kind, entity, code): an Xid 48 and an Xid 79 on one
    // GPU in the same second are two failures; the same line imported twice is one.
    using Identity = std::tuple<int64_t, int, int, uint32_t, int32_t>;
    auto identity = [](const Event &e) {
        return Identity { e.timeMs, int(e.type), int(e.entity.kind), e.entity.index, e.code };
    };
    std::set<Identity> known;
    if (!newRecording && !events.empty()) {
        const auto [first, last] = std::minmax_element(
            events.begin(), events.end(), [](const Event &a, const Event &b) { return a.timeMs < b.timeMs; });
        for (const Event &e : reader.events(first->timeMs, last->timeMs + 1, std::numeric_limits<size_t>::max()))
            known.insert(identity(e));
    }
    reader.close();
    const size_t parsed = events.size();
    events.erase(
        std::remove_if(events.begin(), events.end(), [&](const Event &e) { return !known.insert(identity(e)).second; }),
        events.end());
    report.duplicates = parsed - events.size();
    RecordingWriter writer;
    if (QString e = writer.open(recordingPath); !e.isEmpty()) {
        report.error = e;
        return report;
    }
    if (newRecording)
        writer.setLayout(topology, standardMetrics());
    writer.addEvents(events);
    if (QString e = writer.commit(); !e.isEmpty()) {
        report.error = e;
        return report;
    }
    report.imported = writer.eventsWritten(); // what the file holds now, not what was handed over
    return report;
}

} // namespace vigil
