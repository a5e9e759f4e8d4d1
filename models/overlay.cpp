// SPDX-License-Identifier: GPL-3.0-or-later
#include "overlay.h"

#include "alarmshades.h"

#include "analysis/costofgrit.h"
#include "domain/alarmstatistics.h"
#include "domain/blastradius.h"
#include "domain/lastheard.h"
#include "domain/rollups.h"
#include "hardwarewarnings.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>

namespace vigil {

namespace {
struct OverlayTr
{
    Q_DECLARE_TR_FUNCTIONS(Overlay)
};
} // namespace

namespace {
OverlaySpec absoluteSpec(Overlay overlay)
{
    switch (overlay) {
    case Overlay::GpuTemperature:
        return {
            overlay, OverlayTr::tr("GPU temperature"), QStringLiteral("°C"), 20.0f, 95.0f, OverlaySpec::Ramp::Heat
        };
    case Overlay::GpuPower:
        return { overlay, OverlayTr::tr("GPU power"), QStringLiteral("W"), 0.0f, 700.0f, OverlaySpec::Ramp::Magnitude };
    case Overlay::PduLoad:
        return { overlay, OverlayTr::tr("PDU load of rating"), QStringLiteral("%"), 0.0f,
                 100.0f,  OverlaySpec::Ramp::Magnitude };
    case Overlay::HbmTemperature:
        return {
            overlay, OverlayTr::tr("HBM temperature"), QStringLiteral("°C"), 20.0f, 105.0f, OverlaySpec::Ramp::Heat
        };
    case Overlay::Utilisation:
        return {
            overlay, OverlayTr::tr("Utilisation"), QStringLiteral("%"), 0.0f, 100.0f, OverlaySpec::Ramp::Magnitude
        };
    case Overlay::MemoryUsed:
        return {
            overlay, OverlayTr::tr("Memory used"), QStringLiteral("%"), 0.0f, 100.0f, OverlaySpec::Ramp::Magnitude
        };
    case Overlay::InletTemperature:
        return {
            overlay, OverlayTr::tr("Inlet temperature"), QStringLiteral("°C"), 18.0f, 40.0f, OverlaySpec::Ramp::Heat
        };
    case Overlay::ByJob:
        return { overlay, OverlayTr::tr("By job"), QString(), 0.0f, 1.0f, OverlaySpec::Ramp::Categorical };
    case Overlay::Alarms: {
        // The order of AlarmShade; unacknowledged cells also carry a badge, so the state is not told by colour alone.
        OverlaySpec spec { overlay, OverlayTr::tr("Alarms"), QString(), 0.0f, 4.0f, OverlaySpec::Ramp::Status };
        spec.categories = { { OverlayTr::tr("clear"), qRgb(0x2f, 0x4f, 0x3f) },
                            { OverlayTr::tr("shelved or out of service"), qRgb(0x5a, 0x64, 0x78) },
                            { OverlayTr::tr("acknowledged"), qRgb(0x8c, 0x6e, 0x1e) },
                            { OverlayTr::tr("unacknowledged"), qRgb(0xf0, 0xb4, 0x00) },
                            { OverlayTr::tr("unacknowledged, high or critical"), qRgb(0xe0, 0x2a, 0x2a) } };
        return spec;
    }
    case Overlay::ErrorRate:
        return { overlay, OverlayTr::tr("Hardware errors"), OverlayTr::tr("per hour"), 0.0f,
                 12.0f,   OverlaySpec::Ramp::Magnitude };
    case Overlay::Throttling: {
        OverlaySpec spec { overlay, OverlayTr::tr("Throttling"), QString(), 0.0f, 2.0f, OverlaySpec::Ramp::Status };
        spec.categories = { { OverlayTr::tr("not throttled"), qRgb(0x2a, 0x33, 0x40) },
                            { OverlayTr::tr("power capped"), qRgb(0x56, 0xb4, 0xe9) },
                            { OverlayTr::tr("thermal slowdown"), qRgb(0xd5, 0x5e, 0x00) } };
        return spec;
    }
    case Overlay::SlowerThanPeers:
        return { overlay,
                 OverlayTr::tr("Slower than its peers"),
                 QStringLiteral("%"),
                 0.0f,
                 3.0f, // the finder names a GPU from 1.5 %; 3 % and more is as bright as it gets
                 OverlaySpec::Ramp::Magnitude,
                 0.0f,
                 100.0f };
    case Overlay::FailureRisk:
        return { overlay,
                 OverlayTr::tr("Next to fail (chance within 72 h)"),
                 QStringLiteral("%"),
                 0.0f,
                 30.0f, // a fatal Xid's GPU is rated 30 %: as bright as it gets
                 OverlaySpec::Ramp::Magnitude,
                 0.0f,
                 100.0f };
    case Overlay::DataAge:
        return { overlay, OverlayTr::tr("Data age"), QStringLiteral("s"), 0.0f, 600.0f, OverlaySpec::Ramp::Magnitude };
    case Overlay::Failures: // its top is set by what is drawn: the worst GPU, or the worst rack from afar
        return { overlay, OverlayTr::tr("Hardware failures"), OverlayTr::tr("failures"), 0.0f,
                 1.0f,    OverlaySpec::Ramp::Magnitude };
    case Overlay::LostGpuHours:
        return { overlay, OverlayTr::tr("Lost GPU-hours"), OverlayTr::tr("GPU-h"), 0.0f,
                 1.0f,    OverlaySpec::Ramp::Magnitude };
    case Overlay::ErrorCount:
        return { overlay,
                 OverlayTr::tr("Hardware errors over a span"),
                 OverlayTr::tr("errors"),
                 0.0f,
                 1.0f,
                 OverlaySpec::Ramp::Magnitude };
    case Overlay::AlarmsRaised:
        return { overlay, OverlayTr::tr("Alarms raised"), OverlayTr::tr("alarms"), 0.0f,
                 1.0f,    OverlaySpec::Ramp::Magnitude };
    case Overlay::IncidentCount:
        return { overlay, OverlayTr::tr("Incidents"),  OverlayTr::tr("incidents"), 0.0f,
                 1.0f,    OverlaySpec::Ramp::Magnitude };
    }
    return { overlay, {}, {}, 0.0f, 1.0f, OverlaySpec::Ramp::Magnitude };
}

} // namespace

OverlaySpec overlaySpec(Overlay overlay)
{
    OverlaySpec spec = absoluteSpec(overlay);
    // What a sensor can physically report; anything else is a broken reading.
    if (spec.unit == QStringLiteral("°C")) {
        spec.validMin = -40.0f;
        spec.validMax = 150.0f;
    } else if (spec.unit == QLatin1String("W")) {
        spec.validMin = 0.0f;
        spec.validMax = 2000.0f;
    } else if (spec.unit == QLatin1String("%")) {
        spec.validMin = 0.0f;
        spec.validMax = overlay == Overlay::PduLoad ? 400.0f : 100.5f;
    } else if (overlay == Overlay::DataAge || overlay == Overlay::ErrorRate || isSpanOverlay(overlay)) {
        spec.validMin = 0.0f; // a reading from the future is a clock fault, not a fresh GPU
    }
    return spec;
}

bool supportsRelative(Overlay overlay)
{
    switch (overlay) {
    case Overlay::GpuTemperature:
    case Overlay::GpuPower:
    case Overlay::HbmTemperature:
    case Overlay::Utilisation:
    case Overlay::MemoryUsed:
        return true;
    case Overlay::PduLoad:
    case Overlay::InletTemperature:
    case Overlay::ByJob:
    case Overlay::Alarms:
    case Overlay::ErrorRate:
    case Overlay::Throttling:
    case Overlay::SlowerThanPeers:
    case Overlay::FailureRisk:
    case Overlay::DataAge:
    case Overlay::Failures:
    case Overlay::LostGpuHours:
    case Overlay::ErrorCount:
    case Overlay::AlarmsRaised:
    case Overlay::IncidentCount:
        break;
    }
    return false;
}

OverlaySpec relativeSpec(const OverlaySpec &absolute)
{
    OverlaySpec spec = absolute;
    spec.title = OverlayTr::tr("%1 vs rack median").arg(absolute.title);
    const float half = (absolute.max - absolute.min) / 6.0f;
    spec.min = -half;
    spec.max = half;
    spec.ramp = OverlaySpec::Ramp::Diverging;
    spec.validMin = absolute.validMin - absolute.validMax;
    spec.validMax = absolute.validMax - absolute.validMin;
    return spec;
}

void relativeToRackPeers(const Topology &topology, std::vector<float> &perGpu)
{
    std::vector<std::vector<float>> byRack(topology.racks.size());
    for (size_t g = 0; g < perGpu.size() && g < topology.gpus.size(); ++g)
        if (!std::isnan(perGpu[g]))
            byRack[topology.rackOfGpu(uint32_t(g))].push_back(perGpu[g]);
    std::vector<float> median(byRack.size(), std::numeric_limits<float>::quiet_NaN());
    for (size_t r = 0; r < byRack.size(); ++r) {
        auto &v = byRack[r];
        if (v.empty())
            continue;
        std::nth_element(v.begin(), v.begin() + long(v.size() / 2), v.end());
        median[r] = v[v.size() / 2];
    }
    for (size_t g = 0; g < perGpu.size() && g < topology.gpus.size(); ++g)
        perGpu[g] -= median[topology.rackOfGpu(uint32_t(g))];
}

const std::vector<Overlay> &allOverlays()
{
    static const std::vector<Overlay> overlays { Overlay::GpuTemperature,   Overlay::GpuPower,    Overlay::PduLoad,
                                                 Overlay::HbmTemperature,   Overlay::Utilisation, Overlay::MemoryUsed,
                                                 Overlay::InletTemperature, Overlay::ByJob,       Overlay::Alarms,
                                                 Overlay::DataAge,          Overlay::ErrorRate,   Overlay::Throttling,
                                                 Overlay::SlowerThanPeers,  Overlay::FailureRisk, Overlay::Failures,
                                                 Overlay::LostGpuHours,     Overlay::ErrorCount,  Overlay::AlarmsRaised,
                                                 Overlay::IncidentCount };
    return overlays;
}

namespace {
// Where the GPU reports why its clocks are held down, that is the truth; recent
// throttle events only fill in for GPUs that do not report the bitmask.
void throttlingFromClockReasons(const ClusterState &state, std::vector<float> &perGpu)
{
    const MetricColumn *reasons = state.column(metric::ClocksEventReasons);
    if (!reasons || reasons->values.size() != perGpu.size())
        return;
    for (size_t g = 0; g < perGpu.size(); ++g) {
        const float v = reasons->values[g];
        if (std::isnan(v))
            continue;
        const uint32_t mask = uint32_t(v);
        perGpu[g] = float(mask & metric::clocks::Thermal     ? HardwareWarnings::Throttle::Thermal
                              : mask & metric::clocks::Power ? HardwareWarnings::Throttle::Power
                                                             : HardwareWarnings::Throttle::None);
    }
}
} // namespace

QString overlayKey(Overlay overlay)
{
    switch (overlay) {
    case Overlay::GpuTemperature:
        return QStringLiteral("gpu-temperature");
    case Overlay::GpuPower:
        return QStringLiteral("gpu-power");
    case Overlay::PduLoad:
        return QStringLiteral("pdu-load");
    case Overlay::HbmTemperature:
        return QStringLiteral("hbm-temperature");
    case Overlay::Utilisation:
        return QStringLiteral("utilisation");
    case Overlay::MemoryUsed:
        return QStringLiteral("memory");
    case Overlay::InletTemperature:
        return QStringLiteral("inlet");
    case Overlay::ByJob:
        return QStringLiteral("job");
    case Overlay::Alarms:
        return QStringLiteral("alarms");
    case Overlay::ErrorRate:
        return QStringLiteral("errors");
    case Overlay::Throttling:
        return QStringLiteral("throttling");
    case Overlay::SlowerThanPeers:
        return QStringLiteral("stragglers");
    case Overlay::FailureRisk:
        return QStringLiteral("next-to-fail");
    case Overlay::DataAge:
        return QStringLiteral("data-age");
    case Overlay::Failures:
        return QStringLiteral("failures");
    case Overlay::LostGpuHours:
        return QStringLiteral("lost");
    case Overlay::ErrorCount:
        return QStringLiteral("error-count");
    case Overlay::AlarmsRaised:
        return QStringLiteral("alarms-raised");
    case Overlay::IncidentCount:
        return QStringLiteral("incidents");
    }
    return {};
}

std::optional<Overlay> overlayFromKey(const QString &key)
{
    for (Overlay o : allOverlays())
        if (overlayKey(o).compare(key.trimmed(), Qt::CaseInsensitive) == 0)
            return o;
    return std::nullopt;
}

bool isSpanOverlay(Overlay overlay)
{
    return overlay == Overlay::Failures || overlay == Overlay::LostGpuHours || overlay == Overlay::ErrorCount
        || overlay == Overlay::AlarmsRaised || overlay == Overlay::IncidentCount;
}

void lostGpuHoursByRack(const Topology &topology, const std::map<uint32_t, double> &lostByRack,
                        std::vector<float> &perGpu)
{
    perGpu.assign(topology.gpus.size(), 0.0f);
    for (const auto &[rack, lost] : lostByRack) {
        if (rack >= topology.nodesOfRack.size())
            continue;
        size_t gpus = 0;
        for (uint32_t node : topology.nodesOfRack[rack])
            gpus += topology.gpusOfNode[node].size();
        for (uint32_t node : topology.nodesOfRack[rack])
            for (uint32_t g : topology.gpusOfNode[node])
                perGpu[g] = float(lost / double(gpus));
    }
}

int64_t failureSpanMs(FailureSpan span)
{
    constexpr int64_t Day = 86400000;
    switch (span) {
    case FailureSpan::Day:
        return Day;
    case FailureSpan::Week:
        return 7 * Day;
    case FailureSpan::Month:
        return 30 * Day;
    case FailureSpan::Whole:
    case FailureSpan::Selection:
        break;
    }
    return 0;
}

QString failureSpanName(FailureSpan span)
{
    switch (span) {
    case FailureSpan::Day:
        return OverlayTr::tr("the last 24 hours");
    case FailureSpan::Week:
        return OverlayTr::tr("the last 7 days");
    case FailureSpan::Month:
        return OverlayTr::tr("the last 30 days");
    case FailureSpan::Selection:
        return OverlayTr::tr("the timeline's selection");
    case FailureSpan::Whole:
        break;
    }
    return OverlayTr::tr("the whole history");
}

void addAtEntity(const Topology &topology, EntityRef entity, float weight, std::vector<float> &perGpu)
{
    const std::vector<uint32_t> gpus = gpusAffectedBy(topology, entity);
    for (uint32_t g : gpus)
        if (g < perGpu.size())
            perGpu[g] += weight / float(gpus.size());
}

void failureCounts(const Topology &topology, const std::vector<Event> &failures, int64_t fromMs, int64_t toMs,
                   std::vector<float> &perGpu)
{
    // On a GPU or a node, as the fleet's failure record counts them (FleetReliability).
    perGpu.assign(topology.gpus.size(), 0.0f);
    for (const Event &e : failures)
        if (e.timeMs >= fromMs && e.timeMs < toMs && isHardwareFailure(e)
            && (e.entity.kind == EntityKind::Gpu || e.entity.kind == EntityKind::Node))
            addAtEntity(topology, e.entity, 1.0f, perGpu);
}

void hardwareErrorCounts(const Topology &topology, const EventSeries &warnings, int64_t fromMs, int64_t toMs,
                         std::vector<float> &perGpu)
{
    perGpu.assign(topology.gpus.size(), 0.0f);
    auto it = std::lower_bound(warnings.begin(), warnings.end(), fromMs,
                               [](const Event &e, int64_t t) { return e.timeMs < t; });
    for (; it != warnings.end() && it->timeMs < toMs; ++it)
        if (isHardwareError(it->type))
            addAtEntity(topology, it->entity, 1.0f, perGpu);
}

void alarmRaiseCounts(const Topology &topology, const std::vector<AlarmRaise> &raises, int64_t fromMs, int64_t toMs,
                      std::vector<float> &perGpu)
{
    perGpu.assign(topology.gpus.size(), 0.0f);
    for (const AlarmRaise &r : raises)
        if (r.raisedMs >= fromMs && r.raisedMs < toMs)
            addAtEntity(topology, r.entity, 1.0f, perGpu);
}

void incidentCounts(const Topology &topology, const std::vector<Incident> &incidents,
                    const std::vector<IncidentCost> &costs, int64_t fromMs, int64_t toMs, std::vector<float> &perGpu,
                    size_t *unplaced)
{
    perGpu.assign(topology.gpus.size(), 0.0f);
    size_t nowhere = 0;
    for (size_t i = 0; i < incidents.size(); ++i) {
        if (incidents[i].failedMs < fromMs || incidents[i].failedMs >= toMs)
            continue;
        if (i < costs.size() && costs[i].causeEntity && affectsAnyGpu(topology, *costs[i].causeEntity))
            addAtEntity(topology, *costs[i].causeEntity, 1.0f, perGpu);
        else
            ++nowhere;
    }
    if (unplaced)
        *unplaced = nowhere;
}

void gpuDataAge(const ClusterState &state, std::vector<float> &perGpu)
{
    std::vector<int64_t> lastHeard;
    gpusLastHeard(state, lastHeard);
    const size_t gpus = lastHeard.size();
    perGpu.resize(gpus);
    const int64_t now = state.timeMs();
    for (size_t g = 0; g < gpus; ++g)
        perGpu[g]
            = lastHeard[g] > 0 ? float(double(now - lastHeard[g]) / 1000.0) : std::numeric_limits<float>::quiet_NaN();
}

void computeOverlay(const ClusterState &state, Overlay overlay, std::vector<float> &perGpu,
                    const HardwareWarnings *warnings, const std::vector<Alarm> *alarms)
{
    constexpr float NoReading = std::numeric_limits<float>::quiet_NaN();
    const Topology *topology = state.topology().get();
    perGpu.assign(topology ? topology->gpus.size() : 0, NoReading);
    if (!topology)
        return;
    // A wall screen holds node or rack rollups for the GPUs it does not look at in full.
    auto copyGpuColumn = [&](const QString &name) {
        if (const MetricColumn *column = state.column(name, EntityKind::Gpu);
            column && column->values.size() == perGpu.size())
            perGpu = column->values;
        fillFromRollups(state, name, perGpu);
    };
    switch (overlay) {
    case Overlay::GpuTemperature:
        copyGpuColumn(metric::GpuTemp);
        break;
    case Overlay::GpuPower:
        copyGpuColumn(metric::GpuPower);
        break;
    case Overlay::HbmTemperature:
        copyGpuColumn(metric::MemoryTemp);
        break;
    case Overlay::Utilisation:
        copyGpuColumn(metric::GpuUtil);
        break;
    case Overlay::MemoryUsed:
        copyGpuColumn(metric::FbUsed);
        for (size_t g = 0; g < perGpu.size(); ++g) {
            const float total = topology->gpus[g].memoryTotalMiB;
            perGpu[g] = total > 0.0f ? perGpu[g] / total * 100.0f : NoReading;
        }
        break;
    case Overlay::InletTemperature:
        if (const MetricColumn *inlet = state.column(metric::RackInletTemp))
            for (size_t g = 0; g < perGpu.size(); ++g)
                perGpu[g] = state.value(inlet, topology->rackOfGpu(uint32_t(g)));
        break;
    case Overlay::ByJob:
        for (size_t g = 0; g < perGpu.size(); ++g)
            perGpu[g] = float(g < topology->jobOfGpu.size() ? topology->jobOfGpu[g] : -1);
        break;
    case Overlay::PduLoad: {
        const MetricColumn *load = state.column(metric::PduLoad);
        if (!load)
            break;
        std::vector<float> rackPercent(topology->racks.size(), NoReading);
        for (size_t r = 0; r < topology->racks.size(); ++r) {
            float worst = NoReading;
            for (uint32_t pdu : topology->racks[r].pduIndices) {
                const float kw = state.value(load, pdu);
                const float rated = topology->pdus[pdu].ratedKw;
                if (!std::isnan(kw) && rated > 0.0f && (std::isnan(worst) || kw / rated * 100.0f > worst))
                    worst = kw / rated * 100.0f;
            }
            rackPercent[r] = worst;
        }
        for (size_t g = 0; g < perGpu.size(); ++g)
            perGpu[g] = rackPercent[topology->rackOfGpu(uint32_t(g))];
        break;
    }
    case Overlay::DataAge:
        gpuDataAge(state, perGpu);
        break;
    case Overlay::Alarms:
        alarmShades(alarms ? *alarms : std::vector<Alarm> {}, *topology, perGpu);
        break;
    case Overlay::Failures:
    case Overlay::LostGpuHours:
    case Overlay::ErrorCount:
    case Overlay::AlarmsRaised:
    case Overlay::IncidentCount:
    case Overlay::FailureRisk:
        break; // over a span of history, or from the analysis, which the state does not hold: failureCounts() and the
               // others
    case Overlay::SlowerThanPeers:
        if (warnings)
            warnings->slowerThanPeers(state.timeMs(), perGpu);
        break;
    case Overlay::ErrorRate:
    case Overlay::Throttling:
        if (!warnings) {
            if (overlay == Overlay::Throttling)
                throttlingFromClockReasons(state, perGpu);
            break;
        }
        if (overlay == Overlay::ErrorRate)
            warnings->errorRates(state.timeMs(), perGpu);
        else
            warnings->throttling(state.timeMs(), perGpu);
        if (perGpu.size() != topology->gpus.size())
            perGpu.assign(topology->gpus.size(), NoReading);
        if (overlay == Overlay::Throttling)
            throttlingFromClockReasons(state, perGpu);
        break;
    }
}

} // namespace vigil
