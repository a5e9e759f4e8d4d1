// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/topology.h"

#include <cstdlib>
#include <memory>

namespace vigil::fuzz {

// One hall, one rack, one node of four GPUs: the smallest floor a fuzzed event can name parts of.
inline std::shared_ptr<const Topology> smallFloor()
{
    auto t = std::make_shared<Topology>();
    t->halls.push_back({ QStringLiteral("h") });
    t->rows.push_back({ QStringLiteral("r"), 0 });
    t->racks.push_back({});
    t->nodes.push_back({ QStringLiteral("n0"), 0, 0 });
    for (uint32_t g = 0; g < 4; ++g)
        t->gpus.push_back({ QStringLiteral("GPU-%1").arg(g), 0, g, QStringLiteral("H100") });
    if (!t->index().isEmpty())
        std::abort();
    return t;
}

} // namespace vigil::fuzz
