// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "domain/topology.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace vigil {

// The GPUs that a warning or failure on `entity` can affect: a GPU itself, a
// node's GPUs, everything in a rack, the racks a PDU feeds, the racks on a
// cooling loop, the racks under a leaf switch (or, for a spine, under its
// leaves), a job's GPUs. Indices in topology order, ascending; empty for an
// entity that does not exist.
std::vector<uint32_t> gpusAffectedBy(const Topology &topology, EntityRef entity);

// The first GPU gpusAffectedBy would list, without listing the rest (a spine switch's are
// the whole hall); nullopt where there is none.
std::optional<uint32_t> firstGpuAffectedBy(const Topology &topology, EntityRef entity);

// Whether `entity` can affect any GPU of `topology` (gpusAffectedBy is not empty), without
// listing them: asked of every event that comes in, a job's or a rack's among them.
bool affectsAnyGpu(const Topology &topology, EntityRef entity);

} // namespace vigil
