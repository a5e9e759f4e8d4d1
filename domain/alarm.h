// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace vigil {

// ISA-18.2 alarm states (the numbers are the wire's vigil.v1.AlarmState).
enum class AlarmState
{
    Normal = 1, // condition clear, nothing to acknowledge
    Unacknowledged = 2, // active, nobody has acknowledged it
    Acknowledged = 3, // active, acknowledged
    ReturnedUnacknowledged = 4, // clear again before anyone acknowledged it
    Shelved = 5, // set aside by an operator until an expiry
    SuppressedByDesign = 6, // its entity is drained: expected, not annunciated
    OutOfService = 7, // taken out of service (maintenance)
};

enum class AlarmPriority
{
    Low = 1,
    Medium = 2,
    High = 3,
    Critical = 4,
};

// One alarm: a condition on one entity (a kind of hardware warning, or a metric past
// a threshold) and what the operators have done about it. Its state follows from
// the condition and the operators' flags, as ISA-18.2 draws it.
struct Alarm
{
    uint64_t id = 0;
    EntityRef entity;
    EventType sourceType = EventType::Unspecified; // Unspecified: a threshold alarm
    int32_t code = 0; // the Xid, for Xid alarms
    uint32_t metricId = 0; // threshold alarms: the metric

    bool active = false; // the condition holds now
    bool acknowledged = true; // since its latest activation (a normal alarm has nothing left to acknowledge)
    bool shelved = false;
    bool suppressed = false; // by design: its entity, node or rack is drained
    bool outOfService = false;
    bool escalated = false;

    AlarmPriority priority = AlarmPriority::Low;
    int64_t raisedMs = 0; // the latest activation
    int64_t changedMs = 0; // the latest change of state
    int64_t lastSeenMs = 0; // the latest warning, or reading in alarm
    uint32_t activations = 0;
    QString owner;
    QString acknowledgedBy;
    int64_t acknowledgedMs = 0;
    int64_t shelvedUntilMs = 0;
    QString shelvedBy;
    uint32_t gpusAtRisk = 0; // GPUs of the jobs within its blast radius
    QString jobId; // the largest job at risk
    QString lastComment; // "who: what", the latest
    double value = 0.0; // the latest reading or warning value
    QString message; // what raised it, in words

    AlarmState state() const
    {
        if (outOfService)
            return AlarmState::OutOfService;
        if (suppressed)
            return AlarmState::SuppressedByDesign;
        if (shelved)
            return AlarmState::Shelved;
        if (active)
            return acknowledged ? AlarmState::Acknowledged : AlarmState::Unacknowledged;
        return acknowledged ? AlarmState::Normal : AlarmState::ReturnedUnacknowledged;
    }
    // Asks for an operator: unacknowledged, active or returned.
    bool needsAcknowledging() const
    {
        const AlarmState s = state();
        return s == AlarmState::Unacknowledged || s == AlarmState::ReturnedUnacknowledged;
    }
    bool isThreshold() const { return sourceType == EventType::Unspecified; }
    bool operator==(const Alarm &) const = default;
};

// One activation, for the flood figures.
struct AlarmActivation
{
    uint64_t alarmId = 0;
    int64_t timeMs = 0;
    AlarmPriority priority = AlarmPriority::Low; // as annunciated
    // The group it was shown in (the Alarms dock's, by incident or by cause and place); 0 when
    // it stands alone. Activations joining one group within 10 minutes are one thing to look at.
    uint64_t groupKey = 0;
};

} // namespace vigil
