// SPDX-License-Identifier: GPL-3.0-or-later
#include "sources/traininglog.h"

#include "sources/trainingtext.h"
#include "sources/unknownfield.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <cmath>

namespace vigil {

namespace {

std::optional<EventType> eventFromName(const QString &name)
{
    static const std::map<QString, EventType> events {
        { QStringLiteral("start"), EventType::JobStart },
        { QStringLiteral("checkpoint_saved"), EventType::CheckpointSaved },
        { QStringLiteral("checkpoint_restored"), EventType::Rollback },
        { QStringLiteral("rollback"), EventType::Rollback },
        { QStringLiteral("restart"), EventType::JobRestart },
        { QStringLiteral("crash"), EventType::JobCrash },
        { QStringLiteral("oom"), EventType::JobOom },
        { QStringLiteral("nccl_timeout"), EventType::NcclTimeout },
        { QStringLiteral("end"), EventType::JobEnd },
    };
    const auto it = events.find(name);
    return it == events.end() ? std::nullopt : std::optional<EventType>(it->second);
}

} // namespace

bool TrainingLogParser::parseLine(QByteArrayView bytes, TrainingRecord &out, QStringList &problems)
{
    // Python's json module writes NaN and Infinity, which JSON does not have:
    // read them as null so the line's other fields survive.
    QByteArray text = bytes.toByteArray();
    static const QRegularExpression nonFinite(QStringLiteral(R"(:\s*-?(NaN|Infinity)\b)"));
    QString asString = QString::fromUtf8(text);
    if (asString.contains(nonFinite)) {
        asString.replace(nonFinite, QStringLiteral(": null"));
        text = asString.toUtf8();
    }
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject()) {
        problems << (error.error != QJsonParseError::NoError ? QStringLiteral("not JSON: %1").arg(error.errorString())
                                                             : QStringLiteral("not a JSON object"));
        return false;
    }
    const QJsonObject o = doc.object();
    bool useful = false;
    auto number = [&](const QString &key, double min, double max) -> std::optional<double> {
        const QJsonValue v = o.value(key);
        if (v.isUndefined())
            return std::nullopt;
        if (!v.isDouble() || !std::isfinite(v.toDouble()) || v.toDouble() < min || v.toDouble() > max) {
            problems << QStringLiteral("%1 is not a finite number from %2 to %3").arg(key).arg(min).arg(max);
            return std::nullopt;
        }
        return v.toDouble();
    };
    for (auto it = o.begin(); it != o.end(); ++it) {
        static const QStringList known { QStringLiteral("time"),        QStringLiteral("ts"),
                                         QStringLiteral("job"),         QStringLiteral("step"),
                                         QStringLiteral("loss"),        QStringLiteral("tokens_per_s"),
                                         QStringLiteral("step_time_s"), QStringLiteral("event"),
                                         QStringLiteral("lost_steps") };
        if (!known.contains(it.key()))
            ++m_unknownFields[UnknownField::countedAs(m_unknownFields, it.key())];
    }
    if (o.contains(QLatin1String("time"))) {
        const QDateTime dt = QDateTime::fromString(o.value(QLatin1String("time")).toString(), Qt::ISODateWithMs);
        if (dt.isValid())
            out.timeMs
                = (dt.timeSpec() == Qt::LocalTime ? QDateTime(dt.date(), dt.time(), Qt::UTC) : dt).toMSecsSinceEpoch();
        else
            problems << QStringLiteral("time is not an ISO 8601 date-time");
    } else if (const auto ts = number(QStringLiteral("ts"), 0, 1e11)) {
        out.timeMs = int64_t(*ts * 1000.0);
    }
    out.jobId = o.value(QLatin1String("job")).toString();
    if (const auto step = number(QStringLiteral("step"), 0, 1e15)) {
        out.step = int64_t(*step);
        useful = true;
    }
    if ((out.loss = number(QStringLiteral("loss"), 0, 1e6)))
        useful = true;
    if ((out.tokensPerSecond = number(QStringLiteral("tokens_per_s"), 0, 1e12)))
        useful = true;
    if ((out.stepTimeS = number(QStringLiteral("step_time_s"), 1e-6, 1e6)))
        useful = true;
    if (o.contains(QLatin1String("event"))) {
        const auto event = eventFromName(o.value(QLatin1String("event")).toString());
        if (event) {
            out.event = *event;
            useful = true;
        } else {
            problems << QStringLiteral("unknown event '%1'").arg(o.value(QLatin1String("event")).toString());
        }
    }
    out.lostSteps = number(QStringLiteral("lost_steps"), 0, 1e12).value_or(0.0);
    if (!useful && problems.isEmpty())
        problems << QStringLiteral("no step, loss, throughput, step time or event");
    return useful;
}

bool TrainingLogParser::readRankTimes(uint64_t number, QByteArrayView segment, QStringList &problems, bool &accepted,
                                      bool &rejected)
{
    if (m_jsonLines)
        return false;
    const RankTimesReader::Line kind = m_rankTimes.read(segment, problems);
    keepRankTimes(number); // the block this line ended, or the one a new header ended
    accepted |= kind == RankTimesReader::Line::Rank;
    rejected |= kind == RankTimesReader::Line::Refused;
    return kind != RankTimesReader::Line::None;
}

void TrainingLogParser::keepRankTimes(uint64_t number)
{
    std::vector<double> times = m_rankTimes.takeComputeTimes();
    if (times.empty())
        return;
    TrainingRecord record;
    record.line = number;
    record.timeMs = m_latestTimeMs;
    record.rankComputeMs = std::move(times);
    m_records.push_back(std::move(record));
}

bool TrainingLogParser::readSegment(uint64_t number, QByteArrayView segment, QStringList &problems, bool &rejected)
{
    TrainingRecord record;
    record.line = number;
    const QByteArrayView trimmed = segment.trimmed();
    if (bool accepted = false; readRankTimes(number, trimmed, problems, accepted, rejected))
        return accepted;
    if (trimmed.startsWith('{')) {
        if (!parseLine(trimmed, record, problems)) {
            rejected = true;
            return false;
        }
        m_jsonLines = true;
    } else if (parseFrameworkLine(trimmed, record, problems) == TrainingLineFormat::None) {
        if (m_jsonLines) { // in a JSON-lines file, anything else is damage
            parseLine(trimmed, record, problems);
            rejected = true;
        }
        return false;
    } else if (!record.step && !record.loss && !record.tokensPerSecond && !record.stepTimeS && !record.restoredStep) {
        rejected = true; // a metrics line whose every value was unusable
        return false;
    }
    if (record.timeMs > 0)
        m_latestTimeMs = record.timeMs;
    m_records.push_back(std::move(record));
    return true;
}

void TrainingLogParser::onLine(uint64_t number, QByteArrayView line, bool oversize)
{
    ++m_stats.lines;
    if (oversize) {
        m_stats.reject(number, QStringLiteral("line longer than the limit"));
        return;
    }
    if (line.trimmed().isEmpty()) {
        ++m_stats.skipped;
        return;
    }
    // A progress bar redraws itself with carriage returns: each update is a record.
    QStringList problems;
    bool accepted = false, rejected = false;
    for (qsizetype from = 0; from <= line.size();) {
        qsizetype end = line.indexOf('\r', from);
        if (end < 0)
            end = line.size();
        if (end > from)
            accepted |= readSegment(number, line.sliced(from, end - from), problems, rejected);
        from = end + 1;
    }
    if (accepted) {
        ++m_stats.accepted;
        if (!problems.isEmpty() && m_stats.firstErrors.size() < 8)
            m_stats.firstErrors
                << QStringLiteral("line %1 (kept the rest): %2").arg(number).arg(problems.join(QStringLiteral("; ")));
    } else if (rejected) {
        m_stats.reject(number, problems.join(QStringLiteral("; ")));
    } else {
        ++m_stats.skipped; // not a metrics line: the rest of what a training prints
    }
}

void TrainingLogParser::feed(QByteArrayView chunk)
{
    m_lines.feed(chunk, [this](uint64_t n, QByteArrayView l, bool o) { onLine(n, l, o); });
}

void TrainingLogParser::finish()
{
    m_lines.finish([this](uint64_t n, QByteArrayView l, bool o) { onLine(n, l, o); });
    m_rankTimes.finish();
    keepRankTimes(m_stats.lines);
}

std::vector<TrainingRecord> TrainingLogParser::takeRecords()
{
    std::vector<TrainingRecord> out;
    out.swap(m_records);
    return out;
}

} // namespace vigil
