// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/periodicworker.h"
#include "export/remotewrite.h"

#include <memory>

namespace vigil {

class TelemetryJournal;

// The gateway's telemetry, sent on to a remote-write endpoint: follows the journal
// into a state of its own, and hands the writer that state every interval (and
// once more when stopped, then waits a little for the queue to drain).
class RemoteWriteFeed
{
public:
    RemoteWriteFeed(const TelemetryJournal &journal, RemoteWriteSettings settings);
    ~RemoteWriteFeed();
    QString start();
    void stop();
    RemoteWriteStatus status() const { return m_writer.status(); }
    const RemoteWriteSettings &settings() const { return m_writer.settings(); }
    // What the gateway's sources list shows of it.
    QString describe() const;

private:
    void follow(std::stop_token stop);

    const TelemetryJournal &m_journal;
    RemoteWriter m_writer;
    ClusterState m_state;
    Worker m_worker;
};

} // namespace vigil
