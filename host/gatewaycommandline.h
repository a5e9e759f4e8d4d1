// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/commandlineoption.h"
#include "host/gatewayserver.h"

class QCommandLineParser;

namespace vigil {

// The simulator and serving options shared by vigil-gateway and `vigil --demo`.
void addGatewayOptions(QCommandLineParser &parser, bool includeListen);
// Reads them into `options`; returns an error message naming the bad flag, or empty.
// `notes` receives warnings worth telling the user (e.g. racks placed automatically).
QString readGatewayOptions(const QCommandLineParser &parser, GatewayOptions &options, bool includeListen,
                           QStringList *notes = nullptr);
// `vigil --demo`'s gateway (vigil-gateway --demo): the simulation options read as above, then the
// demo's own defaults for those not given (the decline story at an hour a second, 4 frames a
// second, a minute and 64 MB of journal for its one subscriber). Without a parser: the demo
// as it starts with no options but --gpus (the benchmarks').
QString readDemoGatewayOptions(const QCommandLineParser *parser, GatewayOptions &options);

} // namespace vigil
