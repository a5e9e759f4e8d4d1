// SPDX-License-Identifier: GPL-3.0-or-later
#include "viewhistories.h"

#include "recording/recordingreader.h"

#include <algorithm>

namespace vigil {

namespace {
constexpr int64_t MinuteMs = 60000;
constexpr int64_t HourMs = 60 * MinuteMs;
constexpr size_t TrainingPoints = 2000; // plenty for a chart a few hundred pixels wide
constexpr size_t EarlierJobEventsLimit = 20000;
} // namespace

ViewHistories ViewHistories::fresh()
{
    ViewHistories h;
    h.recent = std::make_unique<GpuHistory>(90, 1000);
    h.hour = std::make_unique<GpuHistory>(60, MinuteMs, true);
    h.inlet = std::make_unique<ColumnHistory>(metric::RackInletTemp, 60, MinuteMs);
    h.pdu = std::make_unique<ColumnHistory>(metric::PduLoad, 60, MinuteMs);
    return h;
}

void ViewHistories::record(const ClusterState &state)
{
    recent->record(state);
    hour->record(state);
    inlet->record(state);
    pdu->record(state);
}

Backfill backfillHistories(const QString &recordingPath, int64_t timeMs, const std::atomic<bool> &cancelled,
                           int64_t eventHistoryMs)
{
    Backfill b;
    b.timeMs = timeMs;
    b.views = ViewHistories::fresh();
    b.training = std::make_unique<TrainingHistory>();
    RecordingReader reader;
    if (QString e = reader.open(recordingPath); !e.isEmpty()) {
        b.error = e;
        return b;
    }
    auto keepGoing = [&cancelled] { return !cancelled.load(std::memory_order_relaxed); };

    // The last hour, every metric: a mark a minute, and one a second for the last 90 s.
    std::vector<int64_t> marks;
    for (int64_t t = timeMs - HourMs; t <= timeMs; t += MinuteMs)
        marks.push_back(t);
    for (int64_t t = timeMs - 90000; t <= timeMs; t += 1000)
        marks.push_back(t);
    std::sort(marks.begin(), marks.end());
    marks.erase(std::unique(marks.begin(), marks.end()), marks.end());
    QString error = reader.scan(timeMs - HourMs, timeMs, marks, {}, [&](const ClusterState &state) {
        b.views.record(state);
        return keepGoing();
    });

    // Training since the recording began: the job metrics and the GPUs' power only.
    const int64_t from = reader.startMs();
    const int64_t stride = std::max<int64_t>(1000, (timeMs - from) / int64_t(TrainingPoints));
    marks.clear();
    for (int64_t t = from; t < timeMs; t += stride)
        marks.push_back(t);
    marks.push_back(timeMs);
    if (keepGoing()) {
        const QString trainingError = reader.scan(
            from, timeMs, marks,
            [](const MetricDescriptor &m) { return m.entityKind == EntityKind::Job || m.name == metric::GpuPower; },
            [&](const ClusterState &state) {
                b.training->record(state);
                return keepGoing();
            });
        if (error.isEmpty())
            error = trainingError;
    }
    if (keepGoing())
        b.earlierJobEvents = reader.events(from, timeMs + 1 - eventHistoryMs, EarlierJobEventsLimit, true);
    b.error = error;
    b.cancelled = !keepGoing();
    return b;
}

} // namespace vigil
