// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace vigil {

// Where a replay stands and how fast it moves. Pure arithmetic: the caller's
// timer advances it with the wall time that passed.
class ReplayClock
{
public:
    static constexpr double MinSpeed = 0.25;
    static constexpr double MaxSpeed = 3600.0;
    // The speeds offered in the UI, slowest first.
    static const std::vector<double> &speeds();

    // The recording's extent; the position is kept inside it.
    void setRange(int64_t startMs, int64_t endMs);
    int64_t startMs() const { return m_startMs; }
    int64_t endMs() const { return m_endMs; }

    void setPosition(int64_t timeMs);
    int64_t position() const { return int64_t(m_position); }

    // False (and no change) for a speed outside MinSpeed..MaxSpeed or not a number.
    bool setSpeed(double speed);
    double speed() const { return m_speed; }
    // The next offered speed up or down from the current one.
    void faster();
    void slower();

    void play();
    void pause() { m_playing = false; }
    void togglePlaying() { m_playing ? pause() : play(); }
    bool isPlaying() const { return m_playing; }

    // Moves on by `wallMs` of wall time at the current speed; stops (paused) at
    // the end. Returns whether the position moved.
    bool advance(double wallMs);

private:
    int64_t m_startMs = 0;
    int64_t m_endMs = 0;
    double m_position = 0.0; // fractional: 0.25× in 100 ms ticks moves 25 ms at a time
    double m_speed = 60.0;
    bool m_playing = false;
};

// The instants a recording served as if live visits, one per tick of `stepMs`
// recorded time, from its first frame to its last (`frameTimes`, sorted). A
// silence of more than `maxSilenceMs` between two frames is jumped over, not
// served tick by tick: a recording with a frame from 1970 (or a night with the
// dashboard closed) must not make the replay count through the empty years.
// At most `limit` instants.
std::vector<int64_t> replayMarks(const std::vector<int64_t> &frameTimes, int64_t stepMs, int64_t maxSilenceMs,
                                 size_t limit);

} // namespace vigil
