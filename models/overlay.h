// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/clusterstate.h"
#include "domain/event.h"

#include <QRgb>
#include <QString>

#include <limits>
#include <map>
#include <optional>

#include <vector>

namespace vigil {

// What the rack map colours its GPU cells by.
enum class Overlay
{
    GpuTemperature,
    GpuPower,
    PduLoad, // the rack's most loaded PDU, as % of its rating
    HbmTemperature,
    Utilisation,
    MemoryUsed, // framebuffer used, as % of the GPU's memory
    InletTemperature, // the rack's cold-aisle inlet air
    ByJob, // the job index (categorical), -1 for an idle GPU
    Alarms, // the worst recent hardware warning: clear, amber, red
    ErrorRate, // hardware errors (ECC, Xid, link) per hour
    Throttling, // recent power or thermal throttling
    SlowerThanPeers, // how much slower than its job's peers a straggler's warning said the GPU is, in %
    // Next to fail: the chance the hazard model gives of a failure within 72 h, from the open
    // warnings on the GPU and on what it depends on (failureRiskPerGpu), in %.
    FailureRisk,
    DataAge, // seconds since the GPU last reported a reading
    Failures, // hardware failures over a chosen span (FailureSpan): where they build up
    LostGpuHours, // GPU-hours lost over a chosen span, at the rack of their cause
    ErrorCount, // hardware errors (isHardwareError) over a chosen span
    AlarmsRaised, // alarm activations over a chosen span
    IncidentCount, // incidents over a chosen span, at their cause
};
// Overlays that count over a span of history (FailureSpan) rather than show the present; from
// afar a rack shows their sum.
bool isSpanOverlay(Overlay overlay);

// How far back the count overlays count: the last day, week or month of the
// cluster's time, the whole history at hand (the recording replayed, or what the
// live stream has brought since the dashboard started or came back to live), or
// the span selected on the replay timeline.
enum class FailureSpan
{
    Day,
    Week,
    Month,
    Whole,
    Selection,
};
int64_t failureSpanMs(FailureSpan span); // 0: the whole history (and the selection, which has its own ends)
QString failureSpanName(FailureSpan span); // translated: "the last 7 days"

class HardwareWarnings;
struct Alarm;
struct AlarmRaise;
struct Incident;
struct IncidentCost;

// One entry of a categorical legend.
struct OverlayCategory
{
    QString label; // translated
    QRgb colour;
};

struct OverlaySpec
{
    // Values outside [validMin, validMax] cannot be physical: drawn as invalid, never clamped.
    enum class Ramp
    {
        Heat,
        Magnitude,
        Categorical, // job numbers, coloured by ColorScale's categorical palette
        Status, // small state numbers 0, 1, 2, coloured by `categories`
        Diverging // relative values around zero
    };
    Overlay overlay;
    QString title; // translated
    QString unit; // as shown, e.g. "°C"
    float min;
    float max;
    Ramp ramp;
    float validMin = -std::numeric_limits<float>::infinity();
    float validMax = std::numeric_limits<float>::infinity();
    std::vector<OverlayCategory> categories; // Ramp::Status: one per state, in value order
};

OverlaySpec overlaySpec(Overlay overlay);
// Whether a GPU-level overlay can be shown relative to its rack's peers.
bool supportsRelative(Overlay overlay);
// The same overlay as a difference from the rack's median: symmetric range, diverging ramp.
OverlaySpec relativeSpec(const OverlaySpec &absolute);
// Replaces each GPU's value by its difference from the median of its rack's GPUs,
// so a GPU running hotter than its neighbours stands out whatever the rack's inlet.
void relativeToRackPeers(const Topology &topology, std::vector<float> &perGpu);
const std::vector<Overlay> &allOverlays();
// A stable name for the command line and settings ("gpu-temperature", "alarms", …).
QString overlayKey(Overlay overlay);
std::optional<Overlay> overlayFromKey(const QString &key);

// One value per GPU for the overlay (NaN where there is no reading), into `perGpu`.
// The error-rate and throttling overlays need `warnings`; without it they show no
// reading. The alarm overlay shows `alarms` (the alarm book, as AlarmShade).
void computeOverlay(const ClusterState &state, Overlay overlay, std::vector<float> &perGpu,
                    const HardwareWarnings *warnings = nullptr, const std::vector<Alarm> *alarms = nullptr);

// The GPU-hours lost per rack (gritTotals' lostByRack: incidents and slowdowns at the rack of
// their cause) spread over each rack's GPUs, so that a rack adds up to its loss.
void lostGpuHoursByRack(const Topology &topology, const std::map<uint32_t, double> &lostByRack,
                        std::vector<float> &perGpu);

// Hardware failures (isHardwareFailure) per GPU with fromMs <= time < toMs, into `perGpu`: a
// GPU's own on it, a node's spread over its GPUs (so that a rack adds up to its failures).
void failureCounts(const Topology &topology, const std::vector<Event> &failures, int64_t fromMs, int64_t toMs,
                   std::vector<float> &perGpu);

// Adds `weight` at an entity, spread evenly over the GPUs it reaches (gpusAffectedBy), so that a
// rack adds up to what happened in it: a GPU's on it, a node's over its GPUs, a PDU's over its rack.
void addAtEntity(const Topology &topology, EntityRef entity, float weight, std::vector<float> &perGpu);
// Hardware errors (isHardwareError) with fromMs <= time < toMs, from `warnings` in time order.
void hardwareErrorCounts(const Topology &topology, const EventSeries &warnings, int64_t fromMs, int64_t toMs,
                         std::vector<float> &perGpu);
// Alarm activations with fromMs <= raised < toMs, at their alarm's entity.
void alarmRaiseCounts(const Topology &topology, const std::vector<AlarmRaise> &raises, int64_t fromMs, int64_t toMs,
                      std::vector<float> &perGpu);
// Incidents that failed in [fromMs, toMs), at the entity named as their cause (`costs` beside
// `incidents`); those without a cause have no place on the map and are counted in `unplaced`.
void incidentCounts(const Topology &topology, const std::vector<Incident> &incidents,
                    const std::vector<IncidentCost> &costs, int64_t fromMs, int64_t toMs, std::vector<float> &perGpu,
                    size_t *unplaced = nullptr);

// Seconds since each GPU last reported any of its readings, relative to the
// stream's newest time; NaN for a GPU never heard from.
void gpuDataAge(const ClusterState &state, std::vector<float> &perGpu);
// A GPU that has said nothing for this long is stale: marked on every overlay.
constexpr float StaleAfterSeconds = 60.0f;

} // namespace vigil
