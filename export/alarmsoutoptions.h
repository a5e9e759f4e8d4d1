// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "export/alarmsout.h"
#include "export/grafanaannotations.h"

class QCommandLineParser;

namespace vigil {

// --alertmanager, --alert-webhook, --pagerduty and their round's interval, for vigil-gateway.
void addAlarmOutOptions(QCommandLineParser &parser);
// One target per value given (none when no option is); an error names the option.
QString readAlarmOutOptions(const QCommandLineParser &parser, std::vector<AlarmOutSettings> &targets);
// --grafana and its token and dashboard (nothing when --grafana is not given).
QString readGrafanaOptions(const QCommandLineParser &parser, GrafanaSettings &grafana);

} // namespace vigil
