// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFuture>
#include <QFutureWatcher>
#include <QObject>

#include <utility>

namespace vigil {

// Hands the result of work done in the thread pool to `receiver`'s thread, always
// through its event loop, never inside the call. QFuture::then(context, …) calls the
// continuation at once when the work has already finished (a write that fails on its
// first syscall), so a "done" signal could fire before the caller returned and before
// anyone was listening. The handler is dropped with `receiver`.
template<typename T, typename Handler> void whenFinished(QFuture<T> future, QObject *receiver, Handler handler)
{
    auto *watcher = new QFutureWatcher<T>(receiver);
    QObject::connect(watcher, &QFutureWatcherBase::finished, receiver,
                     [watcher, handler = std::move(handler)]() mutable {
                         watcher->deleteLater();
                         handler(watcher->future().takeResult());
                     });
    watcher->setFuture(std::move(future)); // a finished future's signal is posted, not sent
}

} // namespace vigil
