// SPDX-License-Identifier: GPL-3.0-or-later
// The programs' allocator settings take effect. Included first and built without the suites'
// precompiled header, as vigil-gateway's main.cpp includes it: for months both programs'
// settings compiled to nothing, because no C library header had said it was glibc.
#include "processmemory.h"

#include <QTest>

#include <cstddef>
#include <cstdlib>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace {

#if defined(__GLIBC__) && !VIGIL_UNDER_ASAN
// The bytes glibc holds in mapped blocks, and what allocating `bytes` adds to them.
size_t mappedBytes()
{
    return mallinfo2().hblkhd;
}

// Through pointers the compiler cannot see into: it may otherwise drop a malloc whose block
// is only freed.
void *(*volatile allocate)(size_t) = std::malloc;
void (*volatile release)(void *) = std::free;

size_t mappedFor(size_t bytes, void **block)
{
    const size_t before = mappedBytes();
    *block = allocate(bytes);
    return mappedBytes() - before;
}
#endif

} // namespace

class TestProcessMemory : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // By default glibc raises its mmap threshold to the size of each mapped block freed, so
    // that after a 4 MiB frame is freed the next 1 MiB one comes from the heap, where it stays
    // when freed. Settled, the threshold is fixed and a large block is mapped, and unmapped.
    void largeBlocksStayMappedAfterALargerOneIsFreed()
    {
#if !defined(__GLIBC__) || VIGIL_UNDER_ASAN
        QSKIP("glibc's allocator only (the sanitizers bring their own)");
#else
        vigil::settleProcessMemory();
        void *frame = nullptr;
        QVERIFY(mappedFor(size_t(4) << 20, &frame) >= size_t(4) << 20);
        release(frame);
        void *next = nullptr;
        const size_t mapped = mappedFor(size_t(1) << 20, &next);
        QVERIFY(next);
        release(next);
        QVERIFY2(mapped >= size_t(1) << 20, qPrintable(QStringLiteral("%1 bytes mapped").arg(mapped)));
        vigil::returnFreePages(); // and that it can be called at any time
#endif
    }
};

QTEST_GUILESS_MAIN(TestProcessMemory)
#include "tst_processmemory.moc"
