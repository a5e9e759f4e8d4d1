// SPDX-License-Identifier: GPL-3.0-or-later
// The programs' allocator settings take effect. Included first and built without the suites'
// precompiled header, as vigil-gateway's main.cpp includes it: for months both programs'
// settings compiled to nothing, because no C library header had said it was glibc.
#include "processmemory.h"

#include <QTest>

#include <cstddef>
#include <cstdlib>

namespace {

#if defined(__GLIBC__) && !VIGIL_UNDER_ASAN
// glibc keeps a block's size, with its "mapped" bit (2), in the word before it.
bool isMapped(const void *block)
{
    return (static_cast<const size_t *>(block)[-1] & 2) != 0;
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
        void *frame = std::malloc(size_t(4) << 20);
        QVERIFY(frame);
        QVERIFY(isMapped(frame));
        std::free(frame);
        void *next = std::malloc(size_t(1) << 20);
        QVERIFY(next);
        const bool mapped = isMapped(next);
        std::free(next);
        QVERIFY(mapped);
        vigil::returnFreePages(); // and that it can be called at any time
#endif
    }
};

QTEST_GUILESS_MAIN(TestProcessMemory)
#include "tst_processmemory.moc"
