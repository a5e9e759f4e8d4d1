// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "viewhistories.h"

#include <QObject>

#include <atomic>
#include <memory>

namespace vigil {

// Rebuilds the views' histories from a recording off the GUI thread. The
// latest request wins: an older one still running is cancelled and its result
// dropped.
class HistoryBackfiller : public QObject
{
    Q_OBJECT
public:
    explicit HistoryBackfiller(QObject *parent = nullptr);
    ~HistoryBackfiller() override;

    void request(const QString &recordingPath, int64_t timeMs);
    void cancel();
    bool isBusy() const { return m_running > 0; }

Q_SIGNALS:
    void ready(std::shared_ptr<vigil::Backfill> backfill);

private:
    std::shared_ptr<std::atomic<bool>> m_cancel;
    uint64_t m_generation = 0;
    int m_running = 0;
};

} // namespace vigil
