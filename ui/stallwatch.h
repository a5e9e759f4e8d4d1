// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/periodicworker.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <chrono>
#include <mutex>

class QTimer;

namespace vigil {

// Watches the GUI thread for stalls: a timer on it beats every 10 ms, and a thread of the
// watch's own looks at the beat. When the beat is `threshold` late, the GUI thread is
// interrupted (SIGUSR2) to take down the stack it is in; when it beats again, the stall is
// reported on standard error with its length and that stack. Nothing grows with the cluster
// may run on the GUI thread, and this is how a test, or a developer, sees what did.
//
// On in debug builds and the sanitizer lane (where the window tests run), and wherever
// VIGIL_STALL_WATCH=1 (VIGIL_STALL_WATCH_MS sets the window's threshold); one watch at a time.
class StallWatch : public QObject
{
    Q_OBJECT
public:
    explicit StallWatch(std::chrono::milliseconds threshold = std::chrono::milliseconds(50), QObject *parent = nullptr);
    ~StallWatch() override;

    static bool wantedByDefault();
    // 50 ms, or VIGIL_STALL_WATCH_MS: a lower bar when hunting what makes a key's answer slow.
    static std::chrono::milliseconds thresholdByDefault();

    uint64_t stalls() const { return m_stalls.load(); }
    // The last stall reported: its length and the GUI thread's stack in it.
    QString lastReport() const;

private:
    void watch();

    const std::chrono::milliseconds m_threshold;
    QTimer *m_beat;
    std::atomic<int64_t> m_lastBeatNs { 0 };
    std::atomic<uint64_t> m_stalls { 0 };
    bool m_inStall = false; // the watcher's own
    int64_t m_stallSinceNs = 0;
    mutable std::mutex m_mutex;
    QString m_lastReport;
    PeriodicWorker m_watcher; // last: it stops before what it reads goes
};

} // namespace vigil
