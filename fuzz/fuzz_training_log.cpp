// SPDX-License-Identifier: GPL-3.0-or-later
// Training logs: JSON lines of steps, loss, throughput and restarts; frameworks' console
// lines; Megatron-LM's timers across ranks.
#include "sources/traininglog.h"

#include <cmath>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView text(reinterpret_cast<const char *>(data), qsizetype(size));
    vigil::TrainingLogParser parser;
    const qsizetype split = size ? qsizetype(data[0]) % (text.size() + 1) : 0;
    parser.feed(text.first(split));
    parser.feed(text.sliced(split));
    parser.finish();
    // A rank's time is a time or nothing, and no block names more ranks than a job can have.
    for (const vigil::TrainingRecord &r : parser.takeRecords()) {
        if (r.rankComputeMs.size() > size_t(vigil::RankTimesReader::MaxRanks))
            std::abort();
        for (double ms : r.rankComputeMs)
            if (!std::isnan(ms) && !(ms >= 0.0 && ms <= 2.0 * vigil::RankTimesReader::MaxMs))
                std::abort();
    }
    return 0;
}
