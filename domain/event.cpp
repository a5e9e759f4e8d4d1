// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/event.h"

#include "domain/xidcatalog.h"

namespace vigil {

bool isKnownEventType(int v)
{
    return (v >= 100 && v <= 118) || (v >= 200 && v <= 207) || (v >= 300 && v <= 315);
}

bool isHardwareFailure(const Event &e)
{
    if (e.type == EventType::Xid) // the application's own Xid is no failure of the part, however it is marked
        return !xidIsApplicationError(e.code) && (xidIsJobFatal(e.code) || e.severity == Severity::Critical);
    if (e.type == EventType::EccDoubleBit)
        return true;
    return isHardwareWarning(e.type) && e.severity == Severity::Critical;
}

bool isHardwareError(EventType type)
{
    switch (type) {
    case EventType::Xid:
    case EventType::EccSingleBit:
    case EventType::EccDoubleBit:
    case EventType::RowRemap:
    case EventType::NvlinkCrc:
    case EventType::PcieReplay:
    case EventType::IbLinkFlap:
        return true;
    default:
        return false;
    }
}

} // namespace vigil
