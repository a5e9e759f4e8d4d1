// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/clusterstate.h"

#include <vector>

namespace vigil {

// When each GPU was last heard from (cluster time, ms; 0: never), into `lastHeardMs`: its
// freshest reading of any metric, or, on a wall screen's rollups, its node's or rack's. A
// stream that sends only what changed does not send a steady value again; the GPU is still
// heard from while anything of it arrives.
void gpusLastHeard(const ClusterState &state, std::vector<int64_t> &lastHeardMs);

} // namespace vigil
