// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace vigil {

// A thread that does one piece of work every interval until stopped: the poll loop
// of every source. Intervals are counted from the start of each round, so a slow
// round does not push the next one back; stop() wakes the thread at once and waits
// for the round in progress.
class PeriodicWorker
{
public:
    PeriodicWorker() = default;
    PeriodicWorker(const PeriodicWorker &) = delete;
    PeriodicWorker &operator=(const PeriodicWorker &) = delete;
    ~PeriodicWorker() { stop(); }

    void start(std::chrono::milliseconds interval, std::function<void()> round)
    {
        stop();
        m_stopping = false;
        m_thread = std::thread([this, interval, round = std::move(round)] {
            for (;;) {
                const auto next = std::chrono::steady_clock::now() + interval;
                round();
                std::unique_lock lock(m_mutex);
                if (m_wake.wait_until(lock, next, [this] { return m_stopping; }))
                    return;
            }
        });
    }

    void stop()
    {
        {
            std::lock_guard lock(m_mutex);
            m_stopping = true;
        }
        m_wake.notify_all();
        if (m_thread.joinable())
            m_thread.join();
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::thread m_thread;
};

} // namespace vigil
