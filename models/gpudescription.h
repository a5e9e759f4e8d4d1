// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/clusterstate.h"

#include <QString>

namespace vigil {

// The hover text for one GPU: where it is, whose job runs on it, its readings.
QString describeGpu(const ClusterState &state, uint32_t gpu);

// A reading with its unit, or "—" when there is none.
QString formatReading(float value, const QString &unit, int decimals = 0);

} // namespace vigil
