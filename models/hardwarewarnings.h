// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "domain/topology.h"

#include <deque>
#include <memory>
#include <vector>

namespace vigil {

// What the hardware has been saying about each GPU lately, for the rack map's
// error-rate and throttling overlays (the alarm overlay shows the alarm book). Warnings on a node, rack, PDU,
// cooling loop or switch count for every GPU they can affect. Time is cluster
// time (the stream's clock), so a replay at 3600× ages warnings as fast as it
// plays them.
class HardwareWarnings
{
public:
    // The window error rates are counted over, and how long a throttle event marks a GPU.
    static constexpr int64_t ErrorWindowMs = 60 * 60 * 1000;
    static constexpr int64_t ThrottleWindowMs = 15 * 60 * 1000;

    enum class Throttle
    {
        None = 0,
        Power = 1,
        Thermal = 2,
    };

    void setTopology(std::shared_ptr<const Topology> topology);
    void add(const std::vector<Event> &events);
    // Forgets what is older than every window before `nowMs`.
    void prune(int64_t nowMs);
    size_t size() const { return m_recent.size(); }

    // One value per GPU, into `perGpu`: hardware errors (ECC, row remaps, Xid, NVLink
    // CRC, link flaps) per hour over the last ErrorWindowMs; the Throttle of the last
    // ThrottleWindowMs (thermal wins over power).
    void errorRates(int64_t nowMs, std::vector<float> &perGpu) const;
    void throttling(int64_t nowMs, std::vector<float> &perGpu) const;
    // How much slower than its job's peers each GPU is, in %, as the latest straggler warning on it
    // (or its node) in the last StragglerWindowMs said; 0 for the other GPUs of a job, NaN for idle ones.
    void slowerThanPeers(int64_t nowMs, std::vector<float> &perGpu) const;
    static constexpr int64_t StragglerWindowMs = 30 * 60 * 1000; // as long as its alarm stays raised

private:
    struct Warning
    {
        int64_t timeMs;
        EventType type;
        Severity severity;
        double value;
        std::vector<uint32_t> gpus;
    };
    template<typename Visit> void forEachSince(int64_t sinceMs, int64_t nowMs, Visit visit) const;

    std::shared_ptr<const Topology> m_topology;
    std::deque<Warning> m_recent; // in arrival order
};

} // namespace vigil
