// SPDX-License-Identifier: GPL-3.0-or-later
// The topology file (JSON). What parses must write back and parse to the same floor.
#include "sources/topologyfile.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const vigil::TopologyFile file
        = vigil::TopologyFile::parse(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)));
    if (!file.error.isEmpty())
        return 0;
    const vigil::TopologyFile again = vigil::TopologyFile::parse(vigil::TopologyFile::write(file.topology));
    if (!again.error.isEmpty() || again.topology.gpus.size() != file.topology.gpus.size()
        || again.topology.nodes.size() != file.topology.nodes.size())
        std::abort();
    return 0;
}
