// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "gpuhistory.h"
#include "traininghistory.h"

#include <QString>

#include <atomic>
#include <memory>

namespace vigil {

// The recent past the dashboard's views keep as frames go by: the node's
// sparklines (a second apart), the selected GPU's and its rack's last hour (a
// minute apart), and the training history since the recording began.
struct ViewHistories
{
    std::unique_ptr<GpuHistory> recent;
    std::unique_ptr<GpuHistory> hour;
    std::unique_ptr<ColumnHistory> inlet;
    std::unique_ptr<ColumnHistory> pdu;

    static ViewHistories fresh();
    void record(const ClusterState &state);
};

// What the views would have built had they watched a recording up to `timeMs`,
// rebuilt from the recording after a jump. Runs off the GUI thread with its own
// reader; `cancelled` stops it early (a newer jump made it moot).
struct Backfill
{
    int64_t timeMs = 0;
    ViewHistories views;
    std::unique_ptr<TrainingHistory> training;
    // The jobs' events from the start of the recording up to where the event
    // history handed over with the jump begins (the training charts' older markers).
    std::vector<Event> earlierJobEvents;
    QString error;
    bool cancelled = false;
};

// `eventHistoryMs`: how far back the event history handed over with a jump reaches.
Backfill backfillHistories(const QString &recordingPath, int64_t timeMs, const std::atomic<bool> &cancelled,
                           int64_t eventHistoryMs);

} // namespace vigil
