// SPDX-License-Identifier: GPL-3.0-or-later
#include "host/remotewritefeed.h"

#include "gateway/telemetryjournal.h"
#include "host/journalfollow.h"

#include <algorithm>

namespace vigil {

RemoteWriteFeed::RemoteWriteFeed(const TelemetryJournal &journal, RemoteWriteSettings settings)
    : m_journal(journal)
    , m_writer(std::move(settings))
{ }

RemoteWriteFeed::~RemoteWriteFeed()
{
    stop();
}

QString RemoteWriteFeed::start()
{
    if (QString error = m_writer.start(); !error.isEmpty())
        return error;
    m_state.reset(m_journal.topology(), m_journal.metrics());
    m_worker.start([this](std::stop_token stop) { follow(stop); });
    return {};
}

void RemoteWriteFeed::follow(std::stop_token stop)
{
    auto nextSend = std::chrono::steady_clock::now();
    const std::chrono::milliseconds interval = m_writer.settings().interval;
    followJournal(
        m_journal, stop,
        [this](const v1::StreamMessage &message) {
            if (message.has_samples())
                m_state.apply(message.samples());
        },
        [&] {
            if (std::chrono::steady_clock::now() < nextSend)
                return;
            m_writer.submit(m_state);
            nextSend = std::chrono::steady_clock::now() + interval;
        });
}

void RemoteWriteFeed::stop()
{
    if (!m_worker.isRunning())
        return;
    m_worker.stop();
    // The last state too, so that the database ends where the gateway did.
    m_writer.submit(m_state);
    m_writer.flush(std::chrono::seconds(5));
    m_writer.stop();
}

QString RemoteWriteFeed::describe() const
{
    return QStringLiteral("remote write %1").arg(m_writer.settings().url);
}

} // namespace vigil
