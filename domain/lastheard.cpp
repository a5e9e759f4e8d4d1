// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/lastheard.h"

#include <algorithm>

namespace vigil {

void gpusLastHeard(const ClusterState &state, std::vector<int64_t> &lastHeard)
{
    const Topology *topology = state.topology().get();
    const size_t gpus = topology ? topology->gpus.size() : 0;
    lastHeard.assign(gpus, 0);
    for (const MetricColumn &column : state.columns()) {
        const EntityKind kind = column.descriptor.entityKind;
        if (kind == EntityKind::Gpu && column.lastReadingMs.size() == gpus)
            for (size_t g = 0; g < gpus; ++g)
                lastHeard[g] = std::max(lastHeard[g], column.lastReadingMs[g]);
        // A wall screen's rollups: a GPU is heard from when its node's or rack's figure is.
        const bool rollup = column.descriptor.name.contains(u':');
        if (rollup && kind == EntityKind::Node && column.lastReadingMs.size() == topology->nodes.size())
            for (size_t g = 0; g < gpus; ++g)
                lastHeard[g] = std::max(lastHeard[g], column.lastReadingMs[topology->gpus[g].nodeIndex]);
        if (rollup && kind == EntityKind::Rack && column.lastReadingMs.size() == topology->racks.size())
            for (size_t g = 0; g < gpus; ++g)
                lastHeard[g] = std::max(lastHeard[g], column.lastReadingMs[topology->rackOfGpu(uint32_t(g))]);
    }
}

} // namespace vigil
