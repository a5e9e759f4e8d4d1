// SPDX-License-Identifier: GPL-3.0-or-later
// Training logs: JSON lines of steps, loss, throughput and restarts.
#include "sources/traininglog.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView text(reinterpret_cast<const char *>(data), qsizetype(size));
    vigil::TrainingLogParser parser;
    const qsizetype split = size ? qsizetype(data[0]) % (text.size() + 1) : 0;
    parser.feed(text.first(split));
    parser.feed(text.sliced(split));
    parser.finish();
    (void)parser.takeRecords();
    return 0;
}
