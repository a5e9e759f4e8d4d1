// SPDX-License-Identifier: GPL-3.0-or-later
#include "historybackfiller.h"

#include "recording/replayfeed.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

namespace vigil {

HistoryBackfiller::HistoryBackfiller(QObject *parent)
    : QObject(parent)
{ }

HistoryBackfiller::~HistoryBackfiller()
{
    cancel();
    QThreadPool::globalInstance()->waitForDone();
}

void HistoryBackfiller::cancel()
{
    if (m_cancel)
        *m_cancel = true;
    ++m_generation;
}

void HistoryBackfiller::request(const QString &recordingPath, int64_t timeMs)
{
    cancel();
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    const uint64_t generation = m_generation;
    auto *watcher = new QFutureWatcher<std::shared_ptr<Backfill>>(this);
    ++m_running;
    connect(watcher, &QFutureWatcher<std::shared_ptr<Backfill>>::finished, this, [this, watcher, generation] {
        --m_running;
        std::shared_ptr<Backfill> result = watcher->result();
        watcher->deleteLater();
        if (generation == m_generation && result && !result->cancelled)
            Q_EMIT ready(std::move(result));
    });
    watcher->setFuture(QtConcurrent::run([recordingPath, timeMs, cancel = m_cancel] {
        return std::make_shared<Backfill>(
            backfillHistories(recordingPath, timeMs, *cancel, ReplayFeed::EventHistoryMs));
    }));
}

} // namespace vigil
