// SPDX-License-Identifier: GPL-3.0-or-later
#include "sources/linereader.h"

namespace vigil {

void LineReader::feed(QByteArrayView chunk, const std::function<void(uint64_t, QByteArrayView, bool)> &line)
{
    while (!chunk.isEmpty()) {
        const qsizetype newline = chunk.indexOf('\n');
        if (newline < 0) {
            if (!m_discarding)
                m_partial.append(chunk);
            if (m_partial.size() > m_maxLine) {
                line(++m_lineNumber, QByteArrayView(m_partial).first(std::min<qsizetype>(m_partial.size(), 200)), true);
                m_partial.clear();
                m_discarding = true;
            }
            return;
        }
        QByteArrayView piece = chunk.first(newline);
        chunk = chunk.sliced(newline + 1);
        if (m_discarding) {
            m_discarding = false;
            continue;
        }
        QByteArrayView text = piece;
        if (!m_partial.isEmpty()) {
            m_partial.append(piece);
            text = m_partial;
        }
        if (text.endsWith('\r'))
            text.chop(1);
        const bool oversize = text.size() > m_maxLine;
        line(++m_lineNumber, oversize ? text.first(200) : text, oversize);
        m_partial.clear();
    }
}

void LineReader::finish(const std::function<void(uint64_t, QByteArrayView, bool)> &line)
{
    if (!m_partial.isEmpty() && !m_discarding) {
        QByteArrayView text = m_partial;
        if (text.endsWith('\r'))
            text.chop(1);
        line(++m_lineNumber, text, false);
    }
    m_partial.clear();
    m_discarding = false;
}

} // namespace vigil
