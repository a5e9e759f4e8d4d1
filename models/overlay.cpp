// SPDX-License-Identifier: GPL-3.0-or-later
#include "overlay.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>

namespace vigil {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Overlay)
};
} // namespace

namespace {
OverlaySpec absoluteSpec(Overlay overlay)
{
    switch (overlay) {
    case Overlay::GpuTemperature:
        return { overlay, Tr::tr("GPU temperature"), QStringLiteral("°C"), 20.0f, 95.0f, OverlaySpec::Ramp::Heat };
    case Overlay::GpuPower:
        return { overlay, Tr::tr("GPU power"), QStringLiteral("W"), 0.0f, 700.0f, OverlaySpec::Ramp::Magnitude };
    case Overlay::PduLoad:
        return {
            overlay, Tr::tr("PDU load of rating"), QStringLiteral("%"), 0.0f, 100.0f, OverlaySpec::Ramp::Magnitude
        };
    case Overlay::HbmTemperature:
        return { overlay, Tr::tr("HBM temperature"), QStringLiteral("°C"), 20.0f, 105.0f, OverlaySpec::Ramp::Heat };
    case Overlay::Utilisation:
        return { overlay, Tr::tr("Utilisation"), QStringLiteral("%"), 0.0f, 100.0f, OverlaySpec::Ramp::Magnitude };
    case Overlay::MemoryUsed:
        return { overlay, Tr::tr("Memory used"), QStringLiteral("%"), 0.0f, 100.0f, OverlaySpec::Ramp::Magnitude };
    case Overlay::InletTemperature:
        return { overlay, Tr::tr("Inlet temperature"), QStringLiteral("°C"), 18.0f, 40.0f, OverlaySpec::Ramp::Heat };
    case Overlay::ByJob:
        return { overlay, Tr::tr("By job"), QString(), 0.0f, 1.0f, OverlaySpec::Ramp::Categorical };
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
        break;
    }
    return false;
}

OverlaySpec relativeSpec(const OverlaySpec &absolute)
{
    OverlaySpec spec = absolute;
    spec.title = Tr::tr("%1 vs rack median").arg(absolute.title);
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
                                                 Overlay::InletTemperature, Overlay::ByJob };
    return overlays;
}

void computeOverlay(const ClusterState &state, Overlay overlay, std::vector<float> &perGpu)
{
    constexpr float NoReading = std::numeric_limits<float>::quiet_NaN();
    const Topology *topology = state.topology().get();
    perGpu.assign(topology ? topology->gpus.size() : 0, NoReading);
    if (!topology)
        return;
    auto copyGpuColumn = [&](const QString &name) {
        if (const MetricColumn *column = state.column(name); column && column->values.size() == perGpu.size())
            perGpu = column->values;
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
        if (const MetricColumn *used = state.column(metric::FbUsed))
            for (size_t g = 0; g < perGpu.size(); ++g) {
                const float total = topology->gpus[g].memoryTotalMiB;
                perGpu[g] = total > 0.0f ? state.value(used, g) / total * 100.0f : NoReading;
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
    }
}

} // namespace vigil
