// SPDX-License-Identifier: GPL-3.0-or-later
#include "recording/recordingclock.h"

#include "domain/checkedtime.h"

#include <algorithm>
#include <limits>

namespace vigil {

namespace {

int64_t saturatingSub(int64_t a, int64_t b)
{
    int64_t difference = 0;
    if (!__builtin_sub_overflow(a, b, &difference))
        return difference;
    return b < 0 ? std::numeric_limits<int64_t>::max() : std::numeric_limits<int64_t>::min();
}

} // namespace

int64_t RecordingClock::toRecorded(int64_t sourceMs) const
{
    return saturatingAdd(sourceMs, m_offsetMs);
}

int64_t RecordingClock::frame(int64_t sourceMs, int64_t arrivedMs, std::optional<Segment> *segment)
{
    int64_t recorded = toRecorded(sourceMs);
    if (m_lastMs && recorded < *m_lastMs) {
        // At least a millisecond, so that the new segment's first frame is a frame of its own.
        const int64_t elapsed = std::max<int64_t>(1, saturatingSub(arrivedMs, m_lastArrivedMs));
        const int64_t startMs = saturatingAdd(*m_lastMs, elapsed);
        const int64_t offset = saturatingSub(startMs, sourceMs);
        if (segment)
            *segment = Segment { *m_lastMs, startMs, saturatingSub(m_lastSourceMs, sourceMs), offset };
        m_offsetMs = offset;
        // Only at the ends of int64 can the offset saturate short of the start: never go back even then.
        recorded = std::max(toRecorded(sourceMs), startMs);
    }
    if (!m_lastMs || recorded > *m_lastMs) {
        m_lastMs = recorded;
        m_lastArrivedMs = arrivedMs;
    }
    m_lastSourceMs = sourceMs;
    return recorded;
}

} // namespace vigil
