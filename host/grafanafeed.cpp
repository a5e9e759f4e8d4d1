// SPDX-License-Identifier: GPL-3.0-or-later
#include "host/grafanafeed.h"

#include "domain/codec.h"
#include "gateway/telemetryjournal.h"

#include <QDateTime>

#include <algorithm>

namespace vigil {

GrafanaFeed::GrafanaFeed(const TelemetryJournal &journal, GrafanaSettings settings)
    : m_journal(journal)
    , m_annotator(settings)
    , m_events(settings.cluster)
{ }

GrafanaFeed::~GrafanaFeed()
{
    stop();
}

void GrafanaFeed::start()
{
    m_worker.start([this](std::stop_token stop) { follow(stop); });
}

void GrafanaFeed::follow(std::stop_token stop)
{
    using namespace std::chrono;
    uint64_t after = m_journal.range().oldest - 1;
    std::vector<JournalMessage> entries;
    std::vector<GrafanaAnnotation> annotations;
    auto nextSend = steady_clock::now();
    while (!stop.stop_requested()) {
        entries.clear();
        const auto status = m_journal.readAfter(after, entries, 256, milliseconds(100));
        if (status == TelemetryJournal::ReadStatus::Closed)
            break;
        if (status == TelemetryJournal::ReadStatus::NotRetained) {
            after = m_journal.range().oldest - 1; // fell behind: on from what is kept
            continue;
        }
        annotations.clear();
        for (const JournalMessage &message : entries) {
            after = std::max<uint64_t>(after, message->seq());
            if (message->has_events())
                for (const v1::Event &e : message->events().events())
                    m_events.take(wire::fromProto(e), annotations);
        }
        if (!annotations.empty())
            m_annotator.add(std::move(annotations));
        if (steady_clock::now() >= nextSend) {
            m_annotator.sendWaiting(QDateTime::currentMSecsSinceEpoch());
            nextSend = steady_clock::now() + m_annotator.settings().interval;
        }
    }
}

void GrafanaFeed::stop()
{
    if (!m_worker.isRunning())
        return;
    m_worker.stop();
    m_annotator.sendWaiting(QDateTime::currentMSecsSinceEpoch()); // what the last moments added
}

} // namespace vigil
