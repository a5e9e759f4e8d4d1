// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/sanitizers.h"

// Any C library header defines __GLIBC__ where glibc is the C library. Without one before the
// test below, a file that includes this header first (vigil-gateway's main.cpp, which has no
// precompiled header) compiled both functions to nothing.
#include <cstdlib>

#include <QFile>
#include <QString>

#include <unistd.h>

#if defined(__GLIBC__) && !VIGIL_UNDER_ASAN
#include <malloc.h>
#endif

namespace vigil {

// How the process's allocator keeps memory, set before any thread starts. At 100k GPUs a frame,
// a state copy or a priced analysis is megabytes, allocated on one thread and freed on another.
// glibc then raises its mmap threshold to the size of each large block freed, so the next ones
// come from the heap and stay there, fragmented, one arena per thread: the dashboard grew
// ~50 MB a minute in RSS while its heap grew a fifth of that. A fixed threshold gives large
// blocks back to the system when freed, and two arenas bound the per-thread copies.
inline void settleProcessMemory()
{
#if defined(__GLIBC__) && !VIGIL_UNDER_ASAN
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
    mallopt(M_ARENA_MAX, 2);
#endif
}

// Hands glibc's free pages back to the system. A gateway serving 100k GPUs frees a journal's
// worth of frames a minute, in blocks below the mmap threshold, on its gRPC and source threads:
// glibc keeps the pages, and after three minutes 64 of its 284 MB were free pages (this gave them
// back). A trim takes tens of milliseconds at that size and holds the heaps' locks meanwhile.
inline void returnFreePages()
{
#if defined(__GLIBC__) && !VIGIL_UNDER_ASAN
    malloc_trim(0);
#endif
}

// The process's resident memory and the allocator's own account of it, MB, for
// VIGIL_MEMORY_LOG: where RSS swings, this says whether live data, the heaps' free pages or
// blocks mapped on their own make the swing.
inline QString memoryFigures()
{
    QFile statm(QStringLiteral("/proc/self/statm"));
    double rssMb = 0.0;
    if (statm.open(QIODevice::ReadOnly))
        rssMb = QString::fromLatin1(statm.readAll()).section(QLatin1Char(' '), 1, 1).toDouble()
            * double(sysconf(_SC_PAGESIZE)) / 1048576.0;
    QString figures = QStringLiteral("RSS %1 MB").arg(rssMb, 0, 'f', 1);
#if defined(__GLIBC__) && !VIGIL_UNDER_ASAN
    const struct mallinfo2 m = mallinfo2();
    const auto mb = [](size_t bytes) { return QString::number(double(bytes) / 1048576.0, 'f', 1); };
    figures += QStringLiteral("; heaps %1 MB: in use %2, free %3 (at the top %4); mapped blocks %5 MB in %6")
                   .arg(mb(m.arena), mb(m.uordblks), mb(m.fordblks), mb(m.keepcost), mb(m.hblkhd))
                   .arg(m.hblks);
#endif
    return figures;
}

} // namespace vigil
