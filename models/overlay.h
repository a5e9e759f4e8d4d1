// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "state/clusterstate.h"

#include <QString>

#include <limits>

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
    // Values outside [validMin, validMax] cannot be physical: drawn as invalid, never clamped.
    enum class Ramp
    {
        Heat,
        Magnitude,
        Categorical,
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

// One value per GPU for the overlay (NaN where there is no reading), into `perGpu`.
void computeOverlay(const ClusterState &state, Overlay overlay, std::vector<float> &perGpu);

} // namespace vigil
