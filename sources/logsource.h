// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sources/bridgesource.h"
#include "sources/logtail.h"

namespace vigil {

// What the sources that follow a log share (KernelLogSource, TrainingLogSource): the log's
// tail and its kept position, and what counts as read: a log with nothing new was read when
// it could be opened without an error.
class LogSource : public BridgeSource
{
public:
    bool wasRead() const override { return counters().lastError.isEmpty() || BridgeSource::wasRead(); }

protected:
    LogSource(BridgeSpec spec, TelemetrySink &sink, Logger log)
        : BridgeSource(std::move(spec), sink, std::move(log))
        , m_tail(m_spec.location, m_spec.positionsDirectory)
    { }

    // The log's new bytes fed to its parser, counted. Returns them: the caller hands the
    // records on, then keeps the position (keepPosition), so that a restart in between reads
    // them again rather than never.
    template<typename Parser> QByteArray feedNewLines(Parser &parser)
    {
        QString error;
        QByteArray chunk = m_tail.readMore(&error);
        if (!error.isEmpty())
            report(error);
        if (!chunk.isEmpty()) {
            const ParseStats before = parser.stats();
            parser.feed(chunk);
            countParsed(before, parser.stats());
        }
        return chunk;
    }
    // Up to the last complete line: a line half written (`pending` bytes) is read whole next time.
    void keepPosition(const QByteArray &chunk, qsizetype pending)
    {
        if (const QString e = m_tail.keepAfter(chunk, pending); !e.isEmpty())
            report(e);
    }

    LogTail m_tail;
};

} // namespace vigil
