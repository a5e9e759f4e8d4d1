// SPDX-License-Identifier: GPL-3.0-or-later
// Event histories from other systems: CSV with a header, or JSON lines.
#include "recording/eventimport.h"
#include "sim/topologybuilder.h"

#include <QBuffer>

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const vigil::Topology topology = [] {
        vigil::ClusterShape shape;
        shape.gpus = 64;
        return vigil::buildTopology(shape, 1);
    }();
    QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    QBuffer input(&bytes);
    input.open(QIODevice::ReadOnly);
    vigil::ImportReport report;
    const std::vector<vigil::Event> events = vigil::parseEventHistory(input, topology, report);
    // Every count said is a count kept: what was parsed and what was refused add up.
    if (events.size() + report.refused > report.lines)
        std::abort();
    return 0;
}
