// SPDX-License-Identifier: GPL-3.0-or-later
// The site's Xid policy (JSON): what parses is what it writes back; and the repair watch, fed the
// same bytes as a stream of events (hostile times, types, codes and entities), names only parts
// the topology holds.
#include "domain/blastradius.h"
#include "domain/repairwatch.h"
#include "domain/xidpolicy.h"

#include "smallfloor.h"

#include <cstdlib>
#include <cstring>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray json(reinterpret_cast<const char *>(data), qsizetype(size));
    vigil::XidPolicy policy = vigil::XidPolicy::defaults();
    if (vigil::parseXidPolicy(json, QStringLiteral("fuzz.json"), policy).isEmpty()) {
        vigil::XidPolicy again;
        if (!vigil::parseXidPolicy(policy.toJson(), QStringLiteral("again"), again).isEmpty() || !(again == policy))
            std::abort(); // what it writes, it reads back the same
    }
    static const auto floor = vigil::fuzz::smallFloor();
    vigil::RepairWatch watch;
    watch.setTopology(floor);
    watch.setPolicy(policy);
    std::vector<vigil::Event> warnings;
    for (size_t at = 0; at + 12 <= size; at += 12) {
        vigil::Event e;
        int32_t time = 0;
        std::memcpy(&time, data + at, 4);
        e.id = at + 1;
        e.timeMs = int64_t(time) * 1000;
        e.type = vigil::EventType(100 + data[at + 4] % 220);
        e.severity = vigil::Severity(data[at + 5] % 4);
        e.entity = { vigil::EntityKind(data[at + 6] % 12), uint32_t(data[at + 7] % 8) };
        std::memcpy(&e.code, data + at + 8, 4);
        watch.observe({ e }, warnings);
    }
    for (const vigil::Event &w : warnings) {
        if (vigil::gpusAffectedBy(*floor, w.entity).empty() || w.message.isEmpty())
            std::abort();
    }
    return 0;
}
