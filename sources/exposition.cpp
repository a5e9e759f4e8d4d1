// SPDX-License-Identifier: GPL-3.0-or-later
#include "sources/exposition.h"

#include <charconv>
#include <cstring>
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
bool isBlank(char c)
{
    return c == ' ' || c == '\t';
}

bool equalsIgnoringCase(QByteArrayView a, QByteArrayView b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z')
            x = char(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z')
            y = char(y - 'A' + 'a');
        if (x != y)
            return false;
    }
    return true;
}

// "# HELP name text" or "# TYPE name type": the keyword, the name and the rest.
void readComment(QByteArrayView line, ExpositionVisitor &visitor)
{
    qsizetype i = 1;
    const qsizetype n = line.size();
    while (i < n && isBlank(line[i]))
        ++i;
    const QByteArrayView rest = line.sliced(i);
    const bool help = rest.startsWith("HELP");
    if (!help && !rest.startsWith("TYPE"))
        return;
    i += 4;
    if (i >= n || !isBlank(line[i]))
        return;
    while (i < n && isBlank(line[i]))
        ++i;
    const qsizetype nameStart = i;
    while (i < n && isNameChar(line[i]))
        ++i;
    const QByteArrayView name = line.sliced(nameStart, i - nameStart);
    while (i < n && isBlank(line[i]))
        ++i;
    const QByteArrayView text = line.sliced(i);
    if (name.isEmpty())
        return;
    if (help)
        visitor.help(name, text);
    else
        visitor.type(name, text);
}

} // namespace

const ExpositionSample::Label *ExpositionSample::find(QByteArrayView key) const
{
    for (size_t i = 0; i < labelCount; ++i)
        if (equalsIgnoringCase(labels[i].name, key))
            return &labels[i];
    return nullptr;
}

QByteArrayView ExpositionSample::raw(QByteArrayView key) const
{
    const Label *l = find(key);
    return l ? l->raw : QByteArrayView();
}

QString ExpositionSample::label(QByteArrayView key) const
{
    const Label *l = find(key);
    return l ? text(*l) : QString();
}

QString ExpositionSample::text(const Label &label)
{
    if (!label.escaped)
        return QString::fromUtf8(label.raw.data(), label.raw.size());
    QByteArray value;
    value.reserve(label.raw.size());
    for (qsizetype i = 0; i < label.raw.size(); ++i) {
        const char c = label.raw[i];
        if (c == '\\' && i + 1 < label.raw.size()) {
            const char e = label.raw[++i];
            value.append(e == 'n' ? '\n' : e);
        } else {
            value.append(c);
        }
    }
    return QString::fromUtf8(value);
}

bool parseExpositionValue(QByteArrayView text, double &out)
{
    if (text.isEmpty())
        return false;
    const char *begin = text.data();
    const char *end = begin + text.size();
    const bool plus = *begin == '+';
    if (plus)
        ++begin;
    const QByteArrayView word(begin, end - begin);
    if (equalsIgnoringCase(word, "nan")) {
        out = std::numeric_limits<double>::quiet_NaN();
        return !plus;
    }
    if (equalsIgnoringCase(word, "inf")) {
        out = std::numeric_limits<double>::infinity();
        return true;
    }
    if (equalsIgnoringCase(word, "-inf")) {
        out = -std::numeric_limits<double>::infinity();
        return !plus;
    }
    if (plus && begin < end && *begin == '-')
        return false;
    const auto [ptr, ec] = std::from_chars(begin, end, out);
    // Out of a double's range is still a number Prometheus keeps (as ±Inf or 0); so do we.
    if (ec == std::errc::result_out_of_range && ptr == end) {
        out = *begin == '-' ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
        return true;
    }
    return ec == std::errc() && ptr == end;
}

QString parseExpositionLine(QByteArrayView line, ExpositionSample &out)
{
    qsizetype i = 0;
    const qsizetype n = line.size();
    while (i < n && isBlank(line[i]))
        ++i;
    const qsizetype nameStart = i;
    if (i >= n || !isNameStart(line[i]))
        return QStringLiteral("expected a metric name");
    while (i < n && isNameChar(line[i]))
        ++i;
    out.name = line.sliced(nameStart, i - nameStart);
    out.labelCount = 0;
    if (i < n && line[i] == '{') {
        ++i;
        for (;;) {
            while (i < n && (isBlank(line[i]) || line[i] == ','))
                ++i;
            if (i >= n)
                return QStringLiteral("%1: the label set is not closed").arg(QString::fromLatin1(out.name));
            if (line[i] == '}') {
                ++i;
                break;
            }
            const qsizetype keyStart = i;
            while (i < n && isNameChar(line[i]))
                ++i;
            const QByteArrayView key = line.sliced(keyStart, i - keyStart);
            while (i < n && isBlank(line[i]))
                ++i;
            if (key.isEmpty() || i >= n || line[i] != '=')
                return QStringLiteral("malformed label in %1").arg(QString::fromLatin1(out.name));
            ++i;
            while (i < n && isBlank(line[i]))
                ++i;
            if (i >= n || line[i] != '"')
                return QStringLiteral("label %1 has no quoted value").arg(QString::fromLatin1(key));
            ++i;
            const qsizetype valueStart = i;
            bool escaped = false;
            bool closed = false;
            // Most values hold no escape: find the closing quote at memchr's speed.
            if (const void *quote = std::memchr(line.data() + i, '"', size_t(n - i))) {
                const qsizetype end = static_cast<const char *>(quote) - line.data();
                if (!std::memchr(line.data() + i, '\\', size_t(end - i))) {
                    i = end;
                    closed = true;
                }
            }
            while (!closed && i < n) {
                const char c = line[i];
                if (c == '"') {
                    closed = true;
                    break;
                }
                if (c == '\\') {
                    escaped = true;
                    ++i;
                }
                ++i;
            }
            if (!closed)
                return QStringLiteral("unterminated label value for %1").arg(QString::fromLatin1(key));
            if (out.labelCount == ExpositionSample::MaxLabels)
                return QStringLiteral("%1 has more than %2 labels")
                    .arg(QString::fromLatin1(out.name))
                    .arg(ExpositionSample::MaxLabels);
            out.labels[out.labelCount++] = { key, line.sliced(valueStart, i - valueStart), escaped };
            ++i; // the closing quote
        }
    }
    while (i < n && isBlank(line[i]))
        ++i;
    qsizetype valueEnd = i;
    while (valueEnd < n && !isBlank(line[valueEnd]))
        ++valueEnd;
    if (valueEnd == i)
        return QStringLiteral("%1 has no value").arg(QString::fromLatin1(out.name));
    const QByteArrayView valueText = line.sliced(i, valueEnd - i);
    if (!parseExpositionValue(valueText, out.value))
        return QStringLiteral("%1: '%2' is not a number")
            .arg(QString::fromLatin1(out.name), QString::fromUtf8(valueText.data(), valueText.size()));
    i = valueEnd;
    while (i < n && isBlank(line[i]))
        ++i;
    out.timestampMs = 0;
    if (i < n) {
        qsizetype end = n;
        while (end > i && isBlank(line[end - 1]))
            --end;
        const auto [ptr, ec] = std::from_chars(line.data() + i, line.data() + end, out.timestampMs);
        if (ec != std::errc() || ptr != line.data() + end)
            return QStringLiteral("%1: malformed timestamp").arg(QString::fromLatin1(out.name));
    }
    return {};
}

ParseStats readExposition(QByteArrayView text, ExpositionVisitor &visitor)
{
    ParseStats stats;
    ExpositionSample sample;
    const char *p = text.data();
    const char *const end = p + text.size();
    uint64_t number = 0;
    while (p < end) {
        const char *eol = static_cast<const char *>(std::memchr(p, '\n', size_t(end - p)));
        const char *lineEnd = eol ? eol : end;
        QByteArrayView line(p, lineEnd - p);
        p = eol ? eol + 1 : end;
        ++number;
        ++stats.lines;
        if (!line.isEmpty() && line.back() == '\r')
            line.chop(1);
        qsizetype first = 0;
        while (first < line.size() && isBlank(line[first]))
            ++first;
        if (first == line.size()) {
            ++stats.skipped;
            continue;
        }
        if (line[first] == '#') {
            ++stats.skipped;
            readComment(line.sliced(first), visitor);
            continue;
        }
        const QString error = parseExpositionLine(line, sample);
        if (!error.isEmpty()) {
            stats.reject(number, error);
            continue;
        }
        sample.line = number;
        ++stats.accepted;
        visitor.sample(sample);
    }
    return stats;
}

} // namespace vigil
