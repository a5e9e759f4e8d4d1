// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gatewayserver.h"
#include "model/commandlineoption.h"

class QCommandLineParser;

namespace vigil {

// The simulator and serving options shared by vigil-gateway and `vigil --demo`.
void addGatewayOptions(QCommandLineParser &parser, bool includeListen);
// Reads them into `options`; returns an error message naming the bad flag, or empty.
// `notes` receives warnings worth telling the user (e.g. racks placed automatically).
QString readGatewayOptions(const QCommandLineParser &parser, GatewayOptions &options, bool includeListen,
                           QStringList *notes = nullptr);

} // namespace vigil
