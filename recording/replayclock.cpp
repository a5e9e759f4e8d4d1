// SPDX-License-Identifier: GPL-3.0-or-later
#include "recording/replayclock.h"

#include <algorithm>
#include <cmath>

namespace vigil {

const std::vector<double> &ReplayClock::speeds()
{
    static const std::vector<double> offered { 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600 };
    return offered;
}

void ReplayClock::setRange(int64_t startMs, int64_t endMs)
{
    m_startMs = startMs;
    m_endMs = std::max(startMs, endMs);
    m_position = std::clamp(m_position, double(m_startMs), double(m_endMs));
}

void ReplayClock::setPosition(int64_t timeMs)
{
    m_position = double(std::clamp(timeMs, m_startMs, m_endMs));
}

bool ReplayClock::setSpeed(double speed)
{
    if (!(speed >= MinSpeed && speed <= MaxSpeed))
        return false;
    m_speed = speed;
    return true;
}

void ReplayClock::faster()
{
    const auto &s = speeds();
    const auto it = std::upper_bound(s.begin(), s.end(), m_speed);
    if (it != s.end())
        m_speed = *it;
}

void ReplayClock::slower()
{
    const auto &s = speeds();
    const auto it = std::lower_bound(s.begin(), s.end(), m_speed);
    if (it != s.begin())
        m_speed = *(it - 1);
}

void ReplayClock::play()
{
    if (int64_t(m_position) >= m_endMs)
        m_position = double(m_startMs); // play at the end starts over, as a media player does
    m_playing = true;
}

bool ReplayClock::advance(double wallMs)
{
    if (!m_playing || !(wallMs > 0.0))
        return false;
    const double before = m_position;
    m_position = std::min(double(m_endMs), m_position + wallMs * m_speed);
    if (m_position >= double(m_endMs))
        m_playing = false;
    return int64_t(m_position) != int64_t(before);
}

std::vector<int64_t> replayMarks(const std::vector<int64_t> &frameTimes, int64_t stepMs, int64_t maxSilenceMs,
                                 size_t limit)
{
    std::vector<int64_t> marks;
    if (frameTimes.empty() || stepMs <= 0)
        return marks;
    // Differences as unsigned: times anywhere in int64 never overflow.
    auto distance = [](int64_t from, int64_t to) { return uint64_t(to) - uint64_t(from); };
    const int64_t end = frameTimes.back();
    int64_t t = frameTimes.front();
    size_t next = 0;
    while (t < end && marks.size() < limit) {
        while (next < frameTimes.size() && frameTimes[next] <= t)
            ++next;
        if (next < frameTimes.size()
            && distance(t, frameTimes[next]) > uint64_t(std::max<int64_t>(maxSilenceMs, stepMs)))
            t = frameTimes[next];
        else
            t = distance(t, end) <= uint64_t(stepMs) ? end : t + stepMs;
        marks.push_back(t);
    }
    return marks;
}

} // namespace vigil
