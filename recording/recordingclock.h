// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>

namespace vigil {

// One timeline for a recording whose source's clock can go back: a gateway restarted
// on a host whose clock is behind, a simulator starting its week over. A recording
// is read by time, so frames may not land before the ones already kept; clamping
// them would pile every later frame onto one instant and leave a gap of no length.
//
// Instead the clock starts a new segment: from the first frame that goes back, the
// source's times are recorded shifted by an offset that puts that frame after the
// last one by the time that really passed between them, as measured on the
// recorder's own steady clock. That stretch is the gap. Offsets only grow, so the
// recorded timeline never runs backwards; a segment's offset is kept with it, so
// the source's own clock can always be read back (source = recorded - offset).
class RecordingClock
{
public:
    // Where a new segment starts.
    struct Segment
    {
        int64_t lastMs = 0; // the last frame recorded before, on the recorded timeline
        int64_t startMs = 0; // where the new segment's first frame is recorded
        int64_t sourceBackMs = 0; // how far the source's clock went back
        int64_t offsetMs = 0; // recorded = source + offsetMs from startMs on
    };

    // The recorded time of a frame the source dated `sourceMs`, which arrived at
    // `arrivedMs` on a steady clock. Sets `segment` when the frame starts a new one.
    int64_t frame(int64_t sourceMs, int64_t arrivedMs, std::optional<Segment> *segment = nullptr);
    // The recorded time of anything else the source dated (events, alarm changes).
    int64_t toRecorded(int64_t sourceMs) const;
    int64_t offsetMs() const { return m_offsetMs; }

private:
    int64_t m_offsetMs = 0;
    std::optional<int64_t> m_lastMs; // recorded
    int64_t m_lastSourceMs = 0;
    int64_t m_lastArrivedMs = 0;
};

} // namespace vigil
