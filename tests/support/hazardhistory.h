// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "domain/topology.h"

#include <memory>
#include <vector>

namespace vigil::test {

// A family of histories with known hazards, written apart from the model that estimates
// them: warnings of each kind strike the GPUs of running jobs at their own rates, and each is
// followed, with the kind's own chance, by the GPU failing (a fatal Xid, the job down for 20
// to 40 minutes, restarted where it stood) at a time drawn over the next three days. Beside
// them: failures nothing warned of, the program's own Xid 13 with the job crashing and the
// GPU sound, and warnings of no consequence. The truth is what the generator did, counted by
// its own hand: which failures a warning of a material kind announced in time, and what each
// cost, so the forecast is checked against numbers it was not fitted to.
struct HazardHistory
{
    struct Kind
    {
        EventType type = EventType::Unspecified;
        int32_t code = 0;
        double chance = 0.0; // of a failure of the GPU within 72 h after a warning of this kind
        double perGpuDay = 0.0; // how often it strikes a GPU of a running job
    };
    std::shared_ptr<Topology> topology;
    std::vector<Event> events; // in time order, each with an id
    std::vector<Kind> kinds;
    int64_t startMs = 0, endMs = 0;
    double pricePerGpuHour = 2.5;
    // Failures that followed a warning of a kind whose true chance is at least 5 %, warned at
    // least an hour before: their GPU-hours, as the generator caused them.
    double preventableGpuHours = 0.0;
    size_t preventableFailures = 0, failures = 0;
    // Every disruption the generator made (GPU failures and the program's own crashes) and the
    // GPU-hours they cost: the jobs' GPUs for their downtime (each restarts where it stood).
    size_t disruptions = 0;
    double lostGpuHours = 0.0;
    double days() const { return double(endMs - startMs) / 86400000.0; }
    double preventableCostPerDay() const { return preventableGpuHours * pricePerGpuHour / days(); }
};

HazardHistory hazardHistory(uint64_t seed, int days = 60);

} // namespace vigil::test
