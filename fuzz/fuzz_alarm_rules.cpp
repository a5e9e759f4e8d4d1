// SPDX-License-Identifier: GPL-3.0-or-later
// Threshold alarm rules (JSON).
#include "domain/alarmrules.h"
#include "domain/metric.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    std::vector<vigil::ThresholdRule> rules;
    (void)vigil::parseThresholdRules(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)),
                                     QStringLiteral("fuzz.json"), vigil::standardMetrics(), rules);
    return 0;
}
