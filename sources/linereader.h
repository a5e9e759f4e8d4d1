// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <QStringList>

#include <functional>

namespace vigil {

// What a parser made of its input: every line is accepted, skipped (valid but
// of no interest, e.g. a comment or an unmapped metric) or rejected (with why).
struct ParseStats
{
    uint64_t lines = 0;
    uint64_t accepted = 0;
    uint64_t skipped = 0;
    uint64_t rejected = 0;
    QStringList firstErrors; // the first few rejections, "line N: why"

    void reject(uint64_t line, const QString &why)
    {
        ++rejected;
        if (firstErrors.size() < 8)
            firstErrors << QStringLiteral("line %1: %2").arg(line).arg(why);
    }
    QString summary() const
    {
        return QStringLiteral("%1 lines: %2 accepted, %3 skipped, %4 rejected")
            .arg(lines)
            .arg(accepted)
            .arg(skipped)
            .arg(rejected);
    }
};

// Splits a byte stream fed in arbitrary chunks into lines (LF or CRLF), keeping
// an incomplete last line until the rest arrives. Lines longer than maxLineBytes
// are cut off and reported as oversize rather than buffered without bound.
class LineReader
{
public:
    explicit LineReader(qsizetype maxLineBytes = 1 << 20)
        : m_maxLine(maxLineBytes)
    { }

    // Calls `line(number, text, oversize)` for each complete line in the chunk.
    void feed(QByteArrayView chunk, const std::function<void(uint64_t, QByteArrayView, bool)> &line);
    // Ends the input: a trailing line without a newline is delivered too.
    void finish(const std::function<void(uint64_t, QByteArrayView, bool)> &line);
    // Bytes of an incomplete last line held until the rest arrives.
    qsizetype pending() const { return m_discarding ? 0 : m_partial.size(); }

private:
    QByteArray m_partial;
    qsizetype m_maxLine;
    uint64_t m_lineNumber = 0;
    bool m_discarding = false; // inside an oversize line, dropping until its end
};

} // namespace vigil
