// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "domain/topology.h"

#include <QHash>
#include <QString>

#include <optional>

namespace vigil {

// Finds an entity by the name people and other systems use for it: a GPU's
// UUID or host:index, a host name (the node), a rack, PDU, cooling loop or
// switch name, a job id, or "cluster". Case-insensitive.
class EntityNames
{
public:
    explicit EntityNames(const Topology &topology);
    std::optional<EntityRef> find(const QString &name) const;

private:
    QHash<QString, EntityRef> m_byName;
};

// The name EntityNames::find takes back: "host:index" for a GPU, the host for a node,
// the rack, PDU, loop or switch name, the job id, "cluster"; "<kind> #<index>" for an
// entity the topology does not hold.
QString entityKeyName(const Topology &topology, EntityRef entity);

// Stable lower-case keys for event types ("xid", "ecc_single_bit", "rollback", …),
// used by imported histories and exports.
QString eventTypeKey(EventType type);
std::optional<EventType> eventTypeFromKey(const QString &key);
QString severityKey(Severity severity);
// Stable lower-case keys for kinds of entity ("gpu", "node", "cooling_loop", …).
QString entityKindKey(EntityKind kind);
std::optional<Severity> severityFromKey(const QString &key);

} // namespace vigil
