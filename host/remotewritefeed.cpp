// SPDX-License-Identifier: GPL-3.0-or-later
#include "host/remotewritefeed.h"

#include "gateway/telemetryjournal.h"

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
    using namespace std::chrono;
    // From the oldest entry retained: the keyframe it starts with fills the state at once.
    uint64_t after = m_journal.range().oldest - 1;
    std::vector<JournalMessage> entries;
    auto nextSend = steady_clock::now();
    const milliseconds interval = m_writer.settings().interval;
    while (!stop.stop_requested()) {
        entries.clear();
        const auto status = m_journal.readAfter(after, entries, 256, milliseconds(100));
        if (status == TelemetryJournal::ReadStatus::Closed)
            break;
        if (status == TelemetryJournal::ReadStatus::NotRetained) {
            after = m_journal.range().oldest - 1; // fell behind: on from what is kept
            continue;
        }
        for (const JournalMessage &message : entries) {
            after = std::max<uint64_t>(after, message->seq());
            if (message->has_samples())
                m_state.apply(message->samples());
        }
        if (steady_clock::now() >= nextSend) {
            m_writer.submit(m_state);
            nextSend = steady_clock::now() + interval;
        }
    }
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
