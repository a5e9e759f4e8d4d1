// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/metric.h"
#include "domain/sharedseries.h"

#include <QString>

#include <cstdint>

namespace vigil {

// Mirrors vigil.v1.EventType: hardware warnings in the 100s, job events in the
// 200s, operator actions in the 300s.
enum class EventType
{
    Unspecified = 0,
    Xid = 100,
    EccSingleBit = 101,
    EccDoubleBit = 102,
    RowRemap = 103,
    ThermalThrottle = 104,
    PowerThrottle = 105,
    NvlinkCrc = 106,
    IbLinkFlap = 107,
    PduOverThreshold = 108,
    CoolantTemperature = 109,
    PcieReplay = 110,
    Straggler = 111, // value: the share of its peers' speed it lacks (StragglerFinder)
    // How a GPU's telemetry comes apart before it falls off the bus (ScrapeWatch, docs/precursors.md).
    ScrapeSlow = 112, // a node's exporter answers slowly; value: its recent latency, s
    ReadingsMissing = 113, // value: scrapes in the last 10 min that lacked some of the GPU's readings
    SeriesVanished = 114, // value: the GPU's series gone for minutes while its peers kept them
    GpuSilent = 115, // value: seconds the GPU has been absent from pages its node still serves
    // A part that failed again soon after a repair (RepairWatch, docs/repeat-offenders.md):
    // value = days since the repair; targetEventId = the repair.
    RepeatFailure = 116,
    PolicyThreshold = 117, // an Xid or SXid seen as often as the site's policy allows; value = how often, code = it
    // A rack-wide NVLink domain (NVL72) with trays out (NvlinkDomainWatch): value = healthy trays, code = trays.
    NvlinkDomainDegraded = 118,
    JobStart = 200,
    CheckpointSaved = 201,
    JobCrash = 202,
    JobOom = 203,
    NcclTimeout = 204,
    JobRestart = 205,
    Rollback = 206,
    JobEnd = 207,
    Acknowledge = 300,
    Shelve = 301,
    ManualRestart = 302,
    ThresholdChange = 303,
    Drain = 304,
    HotPatch = 305,
    Note = 306,
    Assign = 307,
    Escalate = 308,
    Unshelve = 309,
    RemoveFromService = 310,
    ReturnToService = 311,
    Undrain = 312,
    Repair = 313, // a part repaired: code = RepairKind; a drained part back in service is Undrain
    // A recommended action handed to the site (docs/hand-off.md): code = Remedy, value = 1 to drain now.
    HandOff = 314,
    // What the site's webhook or script answered: code = HTTP status or exit code, value = seconds.
    HandOffAnswer = 315,
};

// What a repair did (Event::code of a Repair).
enum class RepairKind
{
    Reset = 1, // a GPU reset
    Reboot = 2, // a node rebooted
    Reseat = 3, // a GPU or cable reseated
    Swap = 4, // a part replaced
};

enum class Severity
{
    Unspecified,
    Info,
    Warning,
    Critical
};

inline bool isHardwareWarning(EventType t)
{
    return int(t) >= 100 && int(t) < 200;
}
inline bool isJobEvent(EventType t)
{
    return int(t) >= 200 && int(t) < 300;
}
inline bool isOperatorAction(EventType t)
{
    return int(t) >= 300 && int(t) < 400;
}
// An action an operator took, as the ledger counts the work: a hand-off's answer is the site's, not theirs.
inline bool isOperatorsWork(EventType t)
{
    return isOperatorAction(t) && t != EventType::HandOffAnswer;
}
bool isKnownEventType(int wireValue);

struct EntityRef
{
    EntityKind kind = EntityKind::Unspecified;
    uint32_t index = 0;
    bool operator==(const EntityRef &) const = default;
};

// One number per entity, for maps keyed by entity (and item models' roles: entityFromKey reads it back).
inline quint64 entityKey(EntityRef e)
{
    return (quint64(e.kind) << 32) | e.index;
}

struct Event
{
    uint64_t id = 0;
    int64_t timeMs = 0;
    EventType type = EventType::Unspecified;
    Severity severity = Severity::Unspecified;
    EntityRef entity;
    QString jobId;
    int32_t code = 0;
    double value = 0.0;
    int64_t step = 0;
    QString message;
    QString operatorName;
    uint64_t targetEventId = 0;
    uint64_t alarmId = 0; // the alarm an action was taken on
    QString partSerial; // the part's serial or UUID when the source told it (a replaced GPU's slot keeps its place)
    int64_t aboutMs = 0; // a note's bookmark: the instant on the timeline it marks (0: none)
    bool operator==(const Event &) const = default;
};

// A part that failed, as the fleet's failure record counts it, whether or not a
// job ran on it: an Xid NVIDIA's catalogue calls fatal (48, 79, 95, …), a
// double-bit ECC error, or any other hardware event marked critical.
bool isHardwareFailure(const Event &e);

// Events in time order whose copies share their storage (see SharedSeries): what the analysis
// keeps of a history, and publishes a copy of.
using EventSeries = SharedSeries<Event>;

// An error a part reported (ECC, Xid, row remap, NVLink CRC, PCIe replay, InfiniBand link
// flap), as the error overlays count them; throttling, heat and power are conditions, not errors.
bool isHardwareError(EventType type);

} // namespace vigil
