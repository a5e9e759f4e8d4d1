// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "host/gatewayserver.h"

#include <QTextStream>

namespace vigil {

// What one source gave in a dry run.
struct SourceCheck
{
    QString source; // as BridgeSpec::describe() names it
    BridgeCounters counters;
    bool readable = false; // the source answered and something in it was read
};

// vigil-gateway --check-sources: lays the cluster out as the gateway would, reads
// every source once (kernel and training logs from their start), and says per source
// what became of it: readings and events mapped, fields the stream has no metric
// for, lines rejected with their reasons, the last error. Nothing is served.
std::vector<SourceCheck> checkSources(const GatewayOptions &options, QString *error);

// The checks as an operator reads them; returns 0 when every source was readable.
int printSourceChecks(const std::vector<SourceCheck> &checks, QTextStream &out);

} // namespace vigil
