// SPDX-License-Identifier: GPL-3.0-or-later
#include "sources/prometheusquery.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <set>

namespace vigil {

namespace {

void appendEscaped(QByteArray &out, const QString &value)
{
    const QByteArray utf8 = value.toUtf8();
    for (const char c : utf8) {
        if (c == '\\' || c == '"')
            out.append('\\').append(c);
        else if (c == '\n')
            out.append("\\n");
        else
            out.append(c);
    }
}

// Prometheus's grammar for metric names ([a-zA-Z_:][a-zA-Z0-9_:]*) and label names (the
// same without ':'). What the answer says is written into exposition text: a name outside
// the grammar could close the braces and start a line of its own.
bool isName(const QString &name, bool colonAllowed)
{
    if (name.isEmpty() || name.size() > 256)
        return false;
    for (qsizetype i = 0; i < name.size(); ++i) {
        const char16_t c = name[i].unicode();
        const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (colonAllowed && c == ':');
        if (!letter && !(i > 0 && c >= '0' && c <= '9'))
            return false;
    }
    return true;
}

// A sample's value as the query API writes it ("61", "1e+06", "NaN", "+Inf"): one token.
bool isValueToken(const QString &value)
{
    if (value.isEmpty() || value.size() > 64)
        return false;
    return std::all_of(value.begin(), value.end(), [](QChar c) {
        const char16_t u = c.unicode();
        return (u >= '0' && u <= '9') || (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u == '.' || u == '+'
            || u == '-';
    });
}

// The series' name and labels as the exporter wrote them, the node named as mapped.
QString seriesHead(const QJsonObject &metric, const PrometheusLabelMapping &mapping, QByteArray &out)
{
    const QString name = metric.value(QLatin1String("__name__")).toString();
    if (name.isEmpty())
        return QStringLiteral("a series has no __name__");
    if (!isName(name, true))
        return QStringLiteral("a series is named outside Prometheus's grammar");
    for (auto it = metric.begin(); it != metric.end(); ++it)
        if (!isName(it.key(), false))
            return QStringLiteral("a label is named outside Prometheus's grammar");
    out.append(name.toUtf8());
    out.append('{');
    QString host;
    if (!mapping.hostLabel.isEmpty())
        host = metric.value(mapping.hostLabel).toString();
    bool hasHostname = false;
    for (auto it = metric.begin(); it != metric.end(); ++it) {
        if (it.key() == QLatin1String("__name__"))
            continue;
        const bool isHostname = it.key().compare(QLatin1String("Hostname"), Qt::CaseInsensitive) == 0;
        if (isHostname) {
            hasHostname = true;
            if (!host.isEmpty())
                continue; // the mapping's label names the node instead
        }
        out.append(it.key().toUtf8()).append("=\"");
        appendEscaped(out, it.value().toString());
        out.append("\",");
    }
    if (host.isEmpty() && !hasHostname) {
        // Prometheus's own target label: host:port.
        host = metric.value(QLatin1String("instance")).toString();
        if (const qsizetype colon = host.lastIndexOf(u':'); colon > 0 && !host.endsWith(u']'))
            host.truncate(colon);
    }
    if (!host.isEmpty()) {
        out.append("Hostname=\"");
        appendEscaped(out, host);
        out.append('"');
    }
    if (out.endsWith(','))
        out.chop(1);
    out.append('}');
    return {};
}

// [ <unix seconds>, "<value>" ]
bool readPoint(const QJsonValue &point, int64_t &timeMs, QByteArray &value)
{
    const QJsonArray pair = point.toArray();
    if (pair.size() != 2 || !pair[0].isDouble() || !pair[1].isString())
        return false;
    const double seconds = pair[0].toDouble();
    if (!std::isfinite(seconds) || seconds < 0 || seconds > 1e11)
        return false;
    if (!isValueToken(pair[1].toString()))
        return false;
    timeMs = int64_t(std::llround(seconds * 1000.0));
    value = pair[1].toString().toUtf8();
    return true;
}

// The answer's envelope ({"status": "success", "data": …}), or why it is not one.
QString readSuccess(const QByteArray &json, QJsonObject &root)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (doc.isNull())
        return QStringLiteral("the query API's answer is not JSON: %1").arg(parseError.errorString());
    root = doc.object();
    if (root.value(QLatin1String("status")).toString() != QLatin1String("success"))
        return QStringLiteral("the query failed: %1 (%2)")
            .arg(root.value(QLatin1String("error")).toString(), root.value(QLatin1String("errorType")).toString());
    return {};
}

QString readData(const QByteArray &json, const char *resultType, QJsonArray &result)
{
    QJsonObject root;
    if (QString error = readSuccess(json, root); !error.isEmpty())
        return error;
    const QJsonObject data = root.value(QLatin1String("data")).toObject();
    if (data.value(QLatin1String("resultType")).toString() != QLatin1String(resultType))
        return QStringLiteral("the query answered a %1, not a %2")
            .arg(data.value(QLatin1String("resultType")).toString(), QLatin1String(resultType));
    result = data.value(QLatin1String("result")).toArray();
    return {};
}

} // namespace

QString dcgmSelector()
{
    return QStringLiteral("{__name__=~\"DCGM_FI_.+|dcgm_.+\"}");
}

QString presenceSelector()
{
    return QStringLiteral("{__name__=~\"DCGM_FI_DEV_GPU_TEMP|DCGM_FI_PROF_GR_ENGINE_ACTIVE|dcgm_gpu_temp\"}");
}

QString instantToExposition(const QByteArray &json, const PrometheusLabelMapping &mapping, QByteArray &text,
                            int64_t *evaluatedMs, size_t *series)
{
    QJsonArray result;
    if (QString error = readData(json, "vector", result); !error.isEmpty())
        return error;
    text.clear();
    int64_t newest = 0;
    size_t count = 0;
    for (const QJsonValue &entry : result) {
        const QJsonObject s = entry.toObject();
        int64_t timeMs = 0;
        QByteArray value;
        if (!readPoint(s.value(QLatin1String("value")), timeMs, value))
            continue;
        if (!seriesHead(s.value(QLatin1String("metric")).toObject(), mapping, text).isEmpty())
            continue;
        text.append(' ').append(value).append('\n');
        newest = std::max(newest, timeMs);
        ++count;
    }
    if (evaluatedMs)
        *evaluatedMs = newest;
    if (series)
        *series = count;
    return {};
}

QString seriesToExposition(const QByteArray &json, const PrometheusLabelMapping &mapping, QByteArray &text,
                           size_t *added)
{
    QJsonObject root;
    if (QString error = readSuccess(json, root); !error.isEmpty())
        return error;
    if (!root.value(QLatin1String("data")).isArray())
        return QStringLiteral("the series API answered no list of series");
    std::set<QByteArray> held;
    for (const QByteArray &line : text.split('\n'))
        if (const qsizetype space = line.lastIndexOf(' '); space > 0)
            held.insert(line.left(space));
    size_t count = 0;
    QByteArray head;
    for (const QJsonValue &labels : root.value(QLatin1String("data")).toArray()) {
        head.clear();
        if (!seriesHead(labels.toObject(), mapping, head).isEmpty() || !held.insert(head).second)
            continue;
        text.append(head).append(" NaN\n");
        ++count;
    }
    if (added)
        *added = count;
    return {};
}

QString rangeToExposition(const QByteArray &json, const PrometheusLabelMapping &mapping,
                          std::map<int64_t, QByteArray> &textByTimeMs)
{
    QJsonArray result;
    if (QString error = readData(json, "matrix", result); !error.isEmpty())
        return error;
    QByteArray head;
    for (const QJsonValue &entry : result) {
        const QJsonObject s = entry.toObject();
        head.clear();
        if (!seriesHead(s.value(QLatin1String("metric")).toObject(), mapping, head).isEmpty())
            continue;
        for (const QJsonValue &point : s.value(QLatin1String("values")).toArray()) {
            int64_t timeMs = 0;
            QByteArray value;
            if (!readPoint(point, timeMs, value))
                continue;
            textByTimeMs[timeMs].append(head).append(' ').append(value).append('\n');
        }
    }
    return {};
}

std::vector<RangeChunk> planRangeQueries(int64_t startMs, int64_t endMs, int64_t stepMs, size_t series,
                                         int64_t maxPointsPerSeries, int64_t maxSamples)
{
    std::vector<RangeChunk> chunks;
    if (stepMs <= 0 || endMs < startMs)
        return chunks;
    // A tenth below each limit: Prometheus counts a range's points inclusively, and
    // series come and go within a chunk.
    int64_t points = maxPointsPerSeries - maxPointsPerSeries / 10;
    if (series > 0)
        points = std::min<int64_t>(points, (maxSamples - maxSamples / 10) / int64_t(series));
    points = std::max<int64_t>(points, 1);
    for (int64_t t = startMs; t <= endMs;) {
        const int64_t last = std::min(endMs, t + (points - 1) * stepMs);
        chunks.push_back({ t, last, stepMs });
        if (last > endMs - stepMs)
            break;
        t = last + stepMs;
    }
    return chunks;
}

} // namespace vigil
