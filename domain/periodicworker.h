// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <stop_token>
#include <thread>

namespace vigil {

// Vigil's one pattern for a thread of its own: a std::jthread whose stop_token ends
// it, and waits (std::condition_variable_any with the token) that wake the moment a
// stop is asked for. Worker runs a loop given the token; PeriodicWorker runs one piece
// of work every interval. Stopping is also what destruction does.
class Worker
{
public:
    Worker() = default;
    Worker(const Worker &) = delete;
    Worker &operator=(const Worker &) = delete;
    ~Worker() { stop(); }

    // Runs `loop(token)` on a new thread (after stopping the one before).
    void start(std::function<void(std::stop_token)> loop)
    {
        stop();
        m_thread = std::jthread(std::move(loop));
    }
    // Asks the loop to end, wakes its waits, and waits for it.
    void stop()
    {
        if (!m_thread.joinable())
            return;
        m_thread.request_stop();
        m_thread.join();
    }
    // Asks the loop to end without waiting for it (stop() then waits).
    void requestStop() { m_thread.request_stop(); }
    bool isRunning() const { return m_thread.joinable(); }
    std::stop_token token() const { return m_thread.get_stop_token(); }
    bool stopRequested() const { return m_thread.get_stop_token().stop_requested(); }
    // True when called on the worker's own thread (setters that must be, assert it).
    bool isCurrentThread() const { return m_thread.get_id() == std::this_thread::get_id(); }

private:
    std::jthread m_thread;
};

// Intervals are counted from the start of each round, so a slow round does not push
// the next one back; stop() wakes the thread at once and waits for the round in progress.
class PeriodicWorker
{
public:
    void start(std::chrono::milliseconds interval, std::function<void()> round)
    {
        m_worker.start([this, interval, round = std::move(round)](std::stop_token stop) {
            while (!stop.stop_requested()) {
                const auto next = std::chrono::steady_clock::now() + interval;
                round();
                std::unique_lock lock(m_mutex);
                m_wake.wait_until(lock, stop, next, [] { return false; });
            }
        });
    }
    void stop() { m_worker.stop(); }

private:
    std::mutex m_mutex;
    std::condition_variable_any m_wake;
    Worker m_worker; // last: it stops before the mutex it waits on goes
};

} // namespace vigil
