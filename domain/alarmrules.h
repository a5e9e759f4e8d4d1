// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/alarmbook.h"

namespace vigil {

// A site's threshold rules, as JSON (docs/alarms.md):
//
//     { "rules": [
//         { "metric": "DCGM_FI_DEV_GPU_TEMP", "above": 83, "deadband": 3,
//           "on_delay_s": 60, "off_delay_s": 60, "priority": "high",
//           "description": "GPU above 83 °C" },
//         { "metric": "VIGIL_PDU_LOAD", "above": 85, "percent_of_rating": true, "priority": "critical" } ] }
//
// Every rule is checked (a metric the gateway serves, a limit, sane delays and
// deadband, a known priority, no unknown field); on a problem nothing is taken and
// the error names the source, the rule and the field.
QString parseThresholdRules(const QByteArray &json, const QString &source, const std::vector<MetricDescriptor> &metrics,
                            std::vector<ThresholdRule> &rules);
QString readThresholdRules(const QString &path, const std::vector<MetricDescriptor> &metrics,
                           std::vector<ThresholdRule> &rules);

} // namespace vigil
