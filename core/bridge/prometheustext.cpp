// SPDX-License-Identifier: GPL-3.0-or-later
#include "prometheustext.h"

#include <cmath>
#include <limits>

namespace vigil {

namespace {

bool isNameStart(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
}
bool isNameChar(char c)
{
    return isNameStart(c) || (c >= '0' && c <= '9');
}

bool parseValue(QByteArrayView text, double &out)
{
    if (text == "NaN") {
        out = std::numeric_limits<double>::quiet_NaN();
        return true;
    }
    if (text == "+Inf" || text == "Inf") {
        out = std::numeric_limits<double>::infinity();
        return true;
    }
    if (text == "-Inf") {
        out = -std::numeric_limits<double>::infinity();
        return true;
    }
    bool ok = false;
    out = QByteArray(text.data(), text.size()).toDouble(&ok);
    return ok;
}

} // namespace

QString PrometheusSample::label(const char *key) const
{
    // Exporter generations spell the same label differently (Hostname, hostname; UUID, uuid).
    for (const auto &[k, v] : labels)
        if (qstricmp(k.constData(), key) == 0)
            return v;
    return {};
}

QString PrometheusTextParser::parseLine(QByteArrayView line, PrometheusSample &out)
{
    qsizetype i = 0;
    const qsizetype n = line.size();
    while (i < n && (line[i] == ' ' || line[i] == '\t'))
        ++i;
    const qsizetype nameStart = i;
    if (i >= n || !isNameStart(line[i]))
        return QStringLiteral("expected a metric name");
    while (i < n && isNameChar(line[i]))
        ++i;
    out.name = line.sliced(nameStart, i - nameStart).toByteArray();
    out.labels.clear();
    if (i < n && line[i] == '{') {
        ++i;
        for (;;) {
            while (i < n && (line[i] == ' ' || line[i] == ','))
                ++i;
            if (i < n && line[i] == '}') {
                ++i;
                break;
            }
            const qsizetype keyStart = i;
            while (i < n && isNameChar(line[i]))
                ++i;
            if (i == keyStart || i >= n || line[i] != '=')
                return QStringLiteral("malformed label in %1").arg(QString::fromLatin1(out.name));
            const QByteArray key = line.sliced(keyStart, i - keyStart).toByteArray();
            ++i;
            if (i >= n || line[i] != '"')
                return QStringLiteral("label %1 has no quoted value").arg(QString::fromLatin1(key));
            ++i;
            QByteArray value;
            bool closed = false;
            while (i < n) {
                const char c = line[i++];
                if (c == '"') {
                    closed = true;
                    break;
                }
                if (c == '\\' && i < n) {
                    const char e = line[i++];
                    value.append(e == 'n' ? '\n' : e);
                } else {
                    value.append(c);
                }
            }
            if (!closed)
                return QStringLiteral("unterminated label value for %1").arg(QString::fromLatin1(key));
            out.labels.emplace_back(key, QString::fromUtf8(value));
        }
    }
    while (i < n && (line[i] == ' ' || line[i] == '\t'))
        ++i;
    qsizetype valueEnd = i;
    while (valueEnd < n && line[valueEnd] != ' ' && line[valueEnd] != '\t')
        ++valueEnd;
    if (valueEnd == i)
        return QStringLiteral("%1 has no value").arg(QString::fromLatin1(out.name));
    if (!parseValue(line.sliced(i, valueEnd - i), out.value))
        return QStringLiteral("%1: '%2' is not a number")
            .arg(QString::fromLatin1(out.name), QString::fromUtf8(line.sliced(i, valueEnd - i).toByteArray()));
    i = valueEnd;
    while (i < n && (line[i] == ' ' || line[i] == '\t'))
        ++i;
    out.timestampMs = 0;
    if (i < n) {
        bool ok = false;
        out.timestampMs = line.sliced(i).toByteArray().trimmed().toLongLong(&ok);
        if (!ok)
            return QStringLiteral("%1: malformed timestamp").arg(QString::fromLatin1(out.name));
    }
    return {};
}

void PrometheusTextParser::onLine(uint64_t number, QByteArrayView line, bool oversize)
{
    ++m_stats.lines;
    if (oversize) {
        m_stats.reject(number, QStringLiteral("line longer than the limit"));
        return;
    }
    const QByteArrayView trimmed = line.trimmed();
    if (trimmed.isEmpty() || trimmed.startsWith('#')) {
        ++m_stats.skipped;
        return;
    }
    PrometheusSample sample;
    const QString error = parseLine(trimmed, sample);
    if (!error.isEmpty()) {
        m_stats.reject(number, error);
        return;
    }
    sample.line = number;
    ++m_stats.accepted;
    m_samples.push_back(std::move(sample));
}

void PrometheusTextParser::feed(QByteArrayView chunk)
{
    m_lines.feed(chunk, [this](uint64_t n, QByteArrayView l, bool o) { onLine(n, l, o); });
}

void PrometheusTextParser::finish()
{
    m_lines.finish([this](uint64_t n, QByteArrayView l, bool o) { onLine(n, l, o); });
}

std::vector<PrometheusSample> PrometheusTextParser::takeSamples()
{
    std::vector<PrometheusSample> out;
    out.swap(m_samples);
    return out;
}

} // namespace vigil
