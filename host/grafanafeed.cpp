// SPDX-License-Identifier: GPL-3.0-or-later
#include "host/grafanafeed.h"

#include "domain/codec.h"
#include "gateway/telemetryjournal.h"
#include "host/journalfollow.h"

#include <QDateTime>

#include <utility>

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
    std::vector<GrafanaAnnotation> annotations;
    auto nextSend = std::chrono::steady_clock::now();
    followJournal(
        m_journal, stop,
        [&](const v1::StreamMessage &message) {
            if (message.has_events())
                for (const v1::Event &e : message.events().events())
                    m_events.take(wire::fromProto(e), annotations);
        },
        [&] {
            if (!annotations.empty())
                m_annotator.add(std::exchange(annotations, {}));
            if (std::chrono::steady_clock::now() < nextSend)
                return;
            m_annotator.sendWaiting(QDateTime::currentMSecsSinceEpoch());
            nextSend = std::chrono::steady_clock::now() + m_annotator.settings().interval;
        });
}

void GrafanaFeed::stop()
{
    if (!m_worker.isRunning())
        return;
    m_worker.stop();
    m_annotator.sendWaiting(QDateTime::currentMSecsSinceEpoch()); // what the last moments added
}

} // namespace vigil
