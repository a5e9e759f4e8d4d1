// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "state/clusterstate.h"

#include <QString>

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
};

struct OverlaySpec
{
    enum class Ramp
    {
        Heat,
        Magnitude,
        Categorical
    };
    Overlay overlay;
    QString title; // translated
    QString unit; // as shown, e.g. "°C"
    float min;
    float max;
    Ramp ramp;
};

OverlaySpec overlaySpec(Overlay overlay);
const std::vector<Overlay> &allOverlays();

// One value per GPU for the overlay (NaN where there is no reading), into `perGpu`.
void computeOverlay(const ClusterState &state, Overlay overlay, std::vector<float> &perGpu);

} // namespace vigil
