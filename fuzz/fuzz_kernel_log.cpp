// SPDX-License-Identifier: GPL-3.0-or-later
// Kernel log text (dmesg, journald, syslog forms) with NVRM Xid lines.
#include "sources/kernellog.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView text(reinterpret_cast<const char *>(data), qsizetype(size));
    vigil::KernelLogParser parser;
    const qsizetype split = size ? qsizetype(data[size - 1]) % (text.size() + 1) : 0;
    parser.feed(text.first(split));
    parser.feed(text.sliced(split));
    parser.finish();
    (void)parser.takeRecords();
    return 0;
}
