// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gatewayserver.h"

class QCommandLineParser;

namespace vigil {

// The simulator and serving options shared by vigil-gateway and `vigil --demo`.
void addGatewayOptions(QCommandLineParser &parser, bool includeListen);
// Reads them into `options`; returns an error message naming the bad flag, or empty.
// `notes` receives warnings worth telling the user (e.g. racks placed automatically).
QString readGatewayOptions(const QCommandLineParser &parser, GatewayOptions &options, bool includeListen,
                           QStringList *notes = nullptr);

// A numeric option's value within [min, max]. Otherwise nothing, and `error`
// (when still empty) says "--NAME: 'VALUE' is not EXPECTED".
std::optional<double> numberOption(const QCommandLineParser &parser, const QString &name, double min, double max,
                                   const QString &expected, QString *error);

} // namespace vigil
