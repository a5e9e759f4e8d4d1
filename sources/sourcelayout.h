// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sources/dcgmsurvey.h"

#include <functional>
#include <memory>
#include <vector>

namespace vigil {

// The cluster's layout from its real sources: `topology` as given (a topology file) with
// the GPUs the exporters report but the file lacks, as unplaced, or one derived from the
// first dcgm source's labels; MIG instances under their GPUs; and `metrics` with every
// DCGM field the sources report. A Prometheus source is surveyed as of its `atMs`.
// Returns an error when there is nothing to lay the cluster out from.
QString layoutSources(const std::vector<BridgeSpec> &bridges, std::shared_ptr<const Topology> &topology,
                      std::vector<MetricDescriptor> &metrics, const std::function<void(const QString &)> &log);

} // namespace vigil
