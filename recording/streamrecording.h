// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/streamconsumer.h"
#include "recording/recordingclock.h"

#include "vigil/v1/gateway.pb.h"

#include <functional>
#include <map>
#include <memory>
#include <mutex>

namespace vigil {

class Recorder;

// Hands what a subscription delivers to a Recorder: layouts when a dictionary
// arrives, samples, events, the stream's gaps, and the alarms as they change. Install observer() as the
// TelemetryClient's observer; it runs on the network thread and only copies.
// A recorder can be attached and detached while the stream runs: one attached
// mid-stream starts from a keyframe of the state the client holds.
// When the gateway's clock goes back (a restart on a host whose clock is behind), the
// recording begins a new segment (RecordingClock) and records the time that really
// passed as the gap, so its timeline never runs backwards nor piles frames on one instant.
class StreamRecording
{
public:
    // `steadyMs`: milliseconds on a clock that never jumps (the real time between frames);
    // tests give their own.
    explicit StreamRecording(Recorder *recorder = nullptr, std::function<int64_t()> steadyMs = {});

    // Thread-safe. The recorder must outlive its attachment.
    void attach(Recorder *recorder);
    void detach() { attach(nullptr); }

    void onMessage(const v1::StreamMessage &message, const StreamConsumer &consumer, const std::vector<Event> &events);
    auto observer()
    {
        return [this](const v1::StreamMessage &m, const StreamConsumer &c, const std::vector<Event> &e) {
            onMessage(m, c, e);
        };
    }

private:
    void bootstrap(const StreamConsumer &consumer);
    // `update`: the change as the gateway sent it; null, or a full list: compared with all recorded.
    void recordAlarms(const StreamConsumer &consumer, const v1::AlarmUpdate *update);
    void recordSamples(const v1::Samples &samples);
    void recordSegmentGap(const QString &why);

    std::function<int64_t()> m_steadyMs;
    RecordingClock m_clock; // kept across attachments: one timeline for this stream
    std::optional<RecordingClock::Segment> m_segmentPending; // its gap not recorded yet

    std::mutex m_mutex;
    Recorder *m_recorder = nullptr;
    bool m_needsBootstrap = false;
    std::shared_ptr<const Topology> m_topology;
    std::vector<std::pair<uint32_t, QString>> m_metrics;
    size_t m_gapsSeen = 0;
    std::map<uint64_t, Alarm> m_recordedAlarms; // as the recording holds them now
};

QString describeGapReason(StreamGap::Reason reason);

} // namespace vigil
