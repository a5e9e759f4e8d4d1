// SPDX-License-Identifier: GPL-3.0-or-later
// dcgm-exporter's Prometheus text, fed in two chunks split where the input says.
#include "bridge/prometheustext.h"

#include <cmath>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView text(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype split = size ? qsizetype(data[0]) % (text.size() + 1) : 0;
    vigil::PrometheusTextParser parser;
    parser.feed(text.first(split));
    parser.feed(text.sliced(split));
    parser.finish();
    for (const vigil::PrometheusSample &sample : parser.takeSamples())
        if (sample.name.isEmpty())
            std::abort(); // a sample is always named
    return 0;
}
