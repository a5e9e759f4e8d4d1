// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "export/remotewrite.h"

class QCommandLineParser;

namespace vigil {

// --remote-write and its companions (interval, buffer, credentials), shared by
// vigil-gateway and vigil-record.
void addRemoteWriteOptions(QCommandLineParser &parser);
// Fills `settings` from them (nothing when --remote-write is not given); an error names the option.
QString readRemoteWriteOptions(const QCommandLineParser &parser, RemoteWriteSettings &settings);

} // namespace vigil
