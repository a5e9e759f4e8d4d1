// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/sampleencoder.h"

#include <cstring>

namespace vigil {

namespace {

// Accumulates blocks into messages of bounded size.
class MessageSplitter
{
public:
    MessageSplitter(int64_t timeMs, bool keyframe, size_t maxValues)
        : m_timeMs(timeMs)
        , m_keyframe(keyframe)
        , m_maxValues(maxValues)
    { }

    v1::MetricBlock *block(size_t values)
    {
        if (m_out.empty() || (m_used > 0 && m_used + values > m_maxValues)) {
            m_out.emplace_back();
            m_out.back().set_time_ms(m_timeMs);
            m_out.back().set_keyframe(m_keyframe);
            m_used = 0;
        }
        m_used += values;
        return m_out.back().add_blocks();
    }

    void dense(uint32_t metric, const float *values, size_t first, size_t count)
    {
        for (size_t at = first; at < first + count; at += m_maxValues) {
            const size_t n = std::min(m_maxValues, first + count - at);
            v1::MetricBlock *b = block(n);
            b->set_metric_id(metric);
            b->set_first_index(uint32_t(at));
            b->mutable_values()->Resize(int(n), 0.0f);
            std::memcpy(b->mutable_values()->mutable_data(), values + at, n * sizeof(float));
        }
    }

    std::vector<v1::Samples> take()
    {
        if (m_out.empty()) { // an empty delta still says "nothing changed at this instant"
            m_out.emplace_back();
            m_out.back().set_time_ms(m_timeMs);
            m_out.back().set_keyframe(m_keyframe);
        }
        return std::move(m_out);
    }

private:
    int64_t m_timeMs;
    bool m_keyframe;
    size_t m_maxValues;
    size_t m_used = 0;
    std::vector<v1::Samples> m_out;
};

bool sameBits(float a, float b)
{
    return std::memcmp(&a, &b, sizeof(float)) == 0;
}

} // namespace

std::vector<v1::Samples> SampleEncoder::keyframe(int64_t timeMs, const std::vector<std::span<const float>> &columns,
                                                 size_t maxValues, const std::function<bool(uint32_t)> &wanted)
{
    MessageSplitter splitter(timeMs, true, maxValues);
    for (size_t m = 0; m < columns.size(); ++m)
        if (!wanted || wanted(uint32_t(m)))
            splitter.dense(uint32_t(m), columns[m].data(), 0, columns[m].size());
    return splitter.take();
}

std::vector<v1::Samples> SampleEncoder::encode(int64_t timeMs, const MetricColumns &current, bool keyframe)
{
    if (keyframe || m_baseline.size() != current.size()) {
        m_baseline = current;
        return SampleEncoder::keyframe(timeMs, { current.begin(), current.end() }, m_maxValues);
    }
    MessageSplitter splitter(timeMs, false, m_maxValues);
    std::vector<uint32_t> changed;
    for (size_t m = 0; m < current.size(); ++m) {
        const std::vector<float> &now = current[m];
        std::vector<float> &before = m_baseline[m];
        if (before.size() != now.size()) {
            before = now;
            splitter.dense(uint32_t(m), now.data(), 0, now.size());
            continue;
        }
        changed.clear();
        for (size_t i = 0; i < now.size(); ++i)
            if (!sameBits(now[i], before[i]))
                changed.push_back(uint32_t(i));
        if (changed.empty())
            continue;
        const size_t first = changed.front();
        const size_t span = changed.back() - first + 1;
        // A sparse pair costs about twice a dense value: go dense over the changed span
        // once more than half of it changed.
        if (changed.size() * 2 > span) {
            splitter.dense(uint32_t(m), now.data(), first, span);
        } else {
            for (size_t at = 0; at < changed.size(); at += m_maxValues) {
                const size_t n = std::min(m_maxValues, changed.size() - at);
                v1::MetricBlock *b = splitter.block(n);
                b->set_metric_id(uint32_t(m));
                b->mutable_indices()->Add(changed.begin() + long(at), changed.begin() + long(at + n));
                b->mutable_values()->Reserve(int(n));
                for (size_t k = at; k < at + n; ++k)
                    b->add_values(now[changed[k]]);
            }
        }
        for (uint32_t i : changed)
            before[i] = now[i];
    }
    return splitter.take();
}

} // namespace vigil
