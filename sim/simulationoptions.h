// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineOption>
#include <QList>

namespace vigil {

// The options of a simulated cluster as it is served: its size, seed, pod, scenario, speed,
// rate, checkpoints, simulated operators, ground truth and journal. vigil-gateway reads
// them (readGatewayOptions); `vigil --demo` shows them in its help and hands the ones given
// to the vigil-gateway it starts.
QList<QCommandLineOption> simulationOptions();

} // namespace vigil
