// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/sanitizers.h"

#include <QObject>
#include <QThread>
#include <QtGlobal>

// The check runs in debug builds and in the sanitizer lane, where a setter called
// off its owner's thread stops the program with the setter's name; release builds
// skip it.
#if !defined(NDEBUG) || VIGIL_UNDER_ASAN
#define VIGIL_CHECK_THREADS 1
#endif

namespace vigil {

// State a thread owns is mutated only on that thread; other threads talk to it
// through values behind a mutex. A QObject belongs to the thread it lives in (a
// model and the dashboard session: the GUI thread), and its setters call this, so
// a call from the wrong thread is found by the tests, not by an operator as a torn
// table.
inline bool onThreadOf(const QObject *object)
{
    return QThread::currentThread() == object->thread();
}

inline void checkThreadOf([[maybe_unused]] const QObject *object, [[maybe_unused]] const char *where)
{
#ifdef VIGIL_CHECK_THREADS
    if (!onThreadOf(object))
        qFatal("%s called off its owner's thread", where);
#endif
}

} // namespace vigil
