// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "vigil/v1/telemetry.pb.h"

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace vigil {

using MetricColumns = std::vector<std::vector<float>>;

// Turns full metric columns into wire Samples: keyframes carry everything,
// deltas only what changed since the previous call (dense over the changed range
// when most of it changed, sparse index/value pairs otherwise). Large messages are
// split so none carries more than maxValuesPerMessage values (gRPC's default
// receive limit is 4 MB).
class SampleEncoder
{
public:
    explicit SampleEncoder(size_t maxValuesPerMessage = 262144)
        : m_maxValues(maxValuesPerMessage)
    { }

    // Encodes `current` and remembers it as the new baseline.
    std::vector<v1::Samples> encode(int64_t timeMs, const MetricColumns &current, bool keyframe);

    // What the encoder has sent so far, i.e. what a client holds after applying it.
    const MetricColumns &baseline() const { return m_baseline; }
    MetricColumns &baseline() { return m_baseline; }

    // Keyframe messages for `columns` (indexed by metric id), restricted to the
    // metric ids `wanted` accepts.
    static std::vector<v1::Samples> keyframe(int64_t timeMs, const std::vector<std::span<const float>> &columns,
                                             size_t maxValuesPerMessage,
                                             const std::function<bool(uint32_t)> &wanted = {});

private:
    size_t m_maxValues;
    MetricColumns m_baseline;
};

} // namespace vigil
