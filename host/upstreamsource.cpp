// SPDX-License-Identifier: GPL-3.0-or-later
#include "host/upstreamsource.h"

#include "domain/sampleencoder.h"

#include "vigil/v1/gateway.pb.h"

#include <algorithm>
#include <thread>

namespace vigil {

UpstreamSource::UpstreamSource(ClientOptions options)
    : m_address(options.address)
{
    options.jobReadings = false; // the aggregator's own journal keeps them
    options.observer = [this](const v1::StreamMessage &message, const StreamConsumer &consumer,
                              const std::vector<Event> &events) { observe(message, consumer, events); };
    m_client = std::make_unique<TelemetryClient>(std::move(options), m_cluster);
}

UpstreamSource::~UpstreamSource()
{
    stop();
}

QString UpstreamSource::connect(std::chrono::milliseconds timeout)
{
    m_client->start();
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    ClusterState state;
    uint64_t generation = 0;
    while (std::chrono::steady_clock::now() < deadline) {
        if (m_cluster.copyIfNewer(state, generation) && state.topology()) {
            m_topology = state.topology();
            for (const MetricColumn &c : state.columns())
                m_metrics.push_back(c.descriptor);
            return {};
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    const ConnectionStatus status = m_cluster.status();
    return QStringLiteral("upstream %1 sent no cluster within %2 s%3")
        .arg(m_address)
        .arg(std::chrono::duration<double>(timeout).count())
        .arg(status.lastError.isEmpty() ? QString() : QStringLiteral(": ") + status.lastError);
}

void UpstreamSource::attach(TelemetrySink &sink, PodPlacement placement)
{
    std::lock_guard lock(m_mutex);
    m_placement = std::move(placement);
    m_sink = &sink;
    m_needsWholeState = true; // with the next message, on the network thread, from the state it holds then
}

void UpstreamSource::stop()
{
    if (m_client)
        m_client->stop();
    std::lock_guard lock(m_mutex);
    m_sink = nullptr;
}

UpstreamCounters UpstreamSource::counters() const
{
    UpstreamCounters c;
    {
        std::lock_guard lock(m_mutex);
        c = m_counters;
    }
    c.connection = m_cluster.status();
    return c;
}

void UpstreamSource::observe(const v1::StreamMessage &message, const StreamConsumer &consumer,
                             const std::vector<Event> &events)
{
    std::lock_guard lock(m_mutex);
    if (!m_sink)
        return;
    // A pod that came back laid out otherwise cannot be placed in the merged layout.
    if (!sameTopology(consumer.topology(), m_topology)) {
        m_counters.lastError = QStringLiteral("%1 came back with another topology: restart the aggregator to "
                                              "lay the cluster out again")
                                   .arg(m_address);
        return;
    }
    if (message.has_dictionary() || m_metricOf.empty()) {
        // The pod's ids, by name, onto the aggregator's dictionary.
        m_metricOf.clear();
        std::map<QString, uint32_t> merged;
        for (const MetricDescriptor &d : m_sink->metrics())
            merged.emplace(d.name, d.id);
        for (const MetricColumn &c : consumer.state().columns())
            if (const auto it = merged.find(c.descriptor.name); it != merged.end())
                m_metricOf.emplace(c.descriptor.id, it->second);
    }
    if (m_needsWholeState && consumer.resumeToken().valid()) {
        // Everything the pod holds now (this message included), then only what follows.
        const ClusterState &state = consumer.state();
        std::vector<std::span<const float>> columns;
        for (const MetricColumn &c : state.columns()) {
            if (c.descriptor.id >= columns.size())
                columns.resize(c.descriptor.id + 1);
            columns[c.descriptor.id] = c.values;
        }
        passOn(SampleEncoder::keyframe(state.timeMs(), columns, 262144));
        m_needsWholeState = false;
    } else if (!m_needsWholeState && message.has_samples()) {
        passOn({ message.samples() });
    }
    if (!m_needsWholeState && !events.empty()) {
        std::vector<Event> placed;
        placed.reserve(events.size());
        for (Event e : events) {
            const std::optional<uint32_t> index = m_placement.place(e.entity.kind, e.entity.index, *m_topology);
            if (!index) {
                ++m_counters.refused;
                continue;
            }
            e.entity.index = *index;
            e.id = 0; // the aggregator's journal numbers them
            e.targetEventId = 0;
            e.alarmId = 0;
            placed.push_back(std::move(e));
        }
        m_counters.events += placed.size();
        if (!placed.empty())
            m_sink->appendEvents(std::move(placed), nullptr);
    }
}

void UpstreamSource::passOn(const std::vector<v1::Samples> &samples)
{
    std::vector<v1::Samples> out;
    const std::vector<MetricDescriptor> &metrics = m_sink->metrics();
    for (const v1::Samples &in : samples) {
        v1::Samples placed;
        placed.set_time_ms(in.time_ms());
        for (const v1::MetricBlock &block : in.blocks()) {
            const auto metric = m_metricOf.find(block.metric_id());
            if (metric == m_metricOf.end() || metric->second >= metrics.size()) {
                m_counters.refused += uint64_t(block.values_size());
                continue;
            }
            const EntityKind kind = metrics[metric->second].entityKind;
            // Dense (first_index + i) or sparse; out sparse, strictly increasing (pods' loops and
            // switches may land in another order), a pod's keyframe being only a part of the cluster.
            const bool dense = block.indices_size() == 0;
            std::vector<std::pair<uint32_t, float>> values;
            values.reserve(size_t(block.values_size()));
            for (int i = 0; i < block.values_size(); ++i) {
                if (!dense && i >= block.indices_size())
                    break;
                const uint32_t podIndex = dense ? block.first_index() + uint32_t(i) : block.indices(i);
                if (const std::optional<uint32_t> index = m_placement.place(kind, podIndex, *m_topology))
                    values.emplace_back(*index, block.values(i));
                else
                    ++m_counters.refused;
            }
            if (!std::is_sorted(values.begin(), values.end(),
                                [](const auto &a, const auto &b) { return a.first < b.first; }))
                std::stable_sort(values.begin(), values.end(),
                                 [](const auto &a, const auto &b) { return a.first < b.first; });
            v1::MetricBlock *copy = placed.add_blocks();
            copy->set_metric_id(metric->second);
            for (size_t i = 0; i < values.size(); ++i) {
                if (i + 1 < values.size() && values[i + 1].first == values[i].first)
                    continue; // two of the pod's entities on one of ours: the last one's value
                copy->add_indices(values[i].first);
                copy->add_values(values[i].second);
            }
            m_counters.samples += uint64_t(copy->values_size());
        }
        if (placed.blocks_size() > 0)
            out.push_back(std::move(placed));
    }
    if (!out.empty())
        m_sink->appendSamples(std::move(out));
}

} // namespace vigil
