// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/topology.h"

#include <QByteArray>
#include <QStringList>

namespace vigil {

// The topology file: a real cluster described in JSON (docs/sources.md): halls
// with rows with racks (position, PDUs, leaf switch, nodes with their GPUs),
// cooling loops, spine switches and jobs.
struct TopologyFile
{
    Topology topology;
    QString error; // empty when the file could be used
    QStringList warnings; // things fixed up on the way (racks placed automatically, …)

    static TopologyFile parse(const QByteArray &json);
    static TopologyFile read(const QString &path);
    static QByteArray write(const Topology &topology);
};

} // namespace vigil
