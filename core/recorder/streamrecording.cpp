// SPDX-License-Identifier: GPL-3.0-or-later
#include "streamrecording.h"

#include "recorder.h"
#include "wire/sampleencoder.h"

#include "vigil/v1/gateway.pb.h"

namespace vigil {

StreamRecording::StreamRecording(Recorder *recorder)
{
    attach(recorder);
}

void StreamRecording::attach(Recorder *recorder)
{
    std::lock_guard lock(m_mutex);
    m_recorder = recorder;
    m_needsBootstrap = recorder != nullptr;
    m_topology.reset();
    m_metrics.clear();
    m_recordedAlarms.clear();
}

void StreamRecording::bootstrap(const StreamConsumer &consumer)
{
    const ClusterState &state = consumer.state();
    std::vector<MetricDescriptor> descriptors;
    std::vector<std::span<const float>> columns;
    for (const MetricColumn &c : state.columns()) {
        m_metrics.emplace_back(c.descriptor.id, c.descriptor.name);
        descriptors.push_back(c.descriptor);
        if (c.descriptor.id >= columns.size())
            columns.resize(c.descriptor.id + 1);
        columns[c.descriptor.id] = c.values;
    }
    m_topology = consumer.topology();
    m_recorder->setLayout(m_topology, std::move(descriptors));
    if (state.timeMs() > 0)
        for (v1::Samples &s : SampleEncoder::keyframe(state.timeMs(), columns, 1u << 20))
            m_recorder->addSamples(std::move(s));
    m_gapsSeen = consumer.gaps().size();
    recordAlarms(consumer);
}

void StreamRecording::recordAlarms(const StreamConsumer &consumer)
{
    // What changed since the recording last heard, whether the gateway sent a change or
    // a whole new list (a reconnect): replay then shows each alarm as it stood.
    std::vector<Alarm> changed;
    std::vector<uint64_t> removed;
    int64_t timeMs = consumer.state().timeMs();
    for (const auto &[id, a] : consumer.alarms()) {
        const auto recorded = m_recordedAlarms.find(id);
        if (recorded == m_recordedAlarms.end() || !(recorded->second == a)) {
            changed.push_back(a);
            m_recordedAlarms[id] = a;
        }
    }
    for (auto it = m_recordedAlarms.begin(); it != m_recordedAlarms.end();)
        if (!consumer.alarms().count(it->first)) {
            removed.push_back(it->first);
            it = m_recordedAlarms.erase(it);
        } else {
            ++it;
        }
    if (changed.empty() && removed.empty())
        return;
    if (timeMs <= 0) // no frame yet: the alarms' own clock
        for (const Alarm &a : changed)
            timeMs = std::max(timeMs, a.changedMs);
    m_recorder->addAlarms(timeMs, std::move(changed), std::move(removed));
}

QString describeGapReason(StreamGap::Reason reason)
{
    switch (reason) {
    case StreamGap::Reason::NotRetained:
        return QStringLiteral("stream gap: the gateway no longer held the missed frames");
    case StreamGap::Reason::EpochChanged:
        return QStringLiteral("stream gap: the gateway restarted");
    case StreamGap::Reason::MissingSequence:
        return QStringLiteral("stream gap: frames missing from the sequence");
    }
    return {};
}

void StreamRecording::onMessage(const v1::StreamMessage &message, const StreamConsumer &consumer,
                                const std::vector<Event> &events)
{
    std::lock_guard lock(m_mutex);
    if (!m_recorder)
        return;
    if (m_needsBootstrap) {
        if (!consumer.topology() || consumer.state().columns().empty())
            return; // nothing to describe yet; the dictionary will come
        m_needsBootstrap = false;
        bootstrap(consumer);
        if (message.has_samples() || message.has_dictionary())
            return; // already in the keyframe
    }
    if (message.has_dictionary()) {
        // A fresh snapshot repeats the dictionary: only a real change starts a new layout.
        std::vector<std::pair<uint32_t, QString>> metrics;
        std::vector<MetricDescriptor> descriptors;
        for (const MetricColumn &c : consumer.state().columns()) {
            metrics.emplace_back(c.descriptor.id, c.descriptor.name);
            descriptors.push_back(c.descriptor);
        }
        if (consumer.topology() != m_topology || metrics != m_metrics) {
            m_topology = consumer.topology();
            m_metrics = std::move(metrics);
            m_recorder->setLayout(m_topology, std::move(descriptors));
        }
    } else if (message.has_samples()) {
        m_recorder->addSamples(message.samples());
    }
    if (!events.empty())
        m_recorder->addEvents(events);
    if (message.has_alarms())
        recordAlarms(consumer);
    const std::vector<StreamGap> &gaps = consumer.gaps();
    for (; m_gapsSeen < gaps.size(); ++m_gapsSeen) {
        const StreamGap &g = gaps[m_gapsSeen];
        m_recorder->addGap(g.fromTimeMs, g.toTimeMs, describeGapReason(g.reason));
    }
}

} // namespace vigil
