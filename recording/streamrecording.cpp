// SPDX-License-Identifier: GPL-3.0-or-later
#include "recording/streamrecording.h"

#include "domain/sampleencoder.h"
#include "recording/recorder.h"

#include "vigil/v1/gateway.pb.h"

#include <QLocale>

#include <algorithm>
#include <chrono>

namespace vigil {

StreamRecording::StreamRecording(Recorder *recorder, std::function<int64_t()> steadyMs)
    : m_steadyMs(std::move(steadyMs))
{
    if (!m_steadyMs)
        m_steadyMs = [] {
            return int64_t(std::chrono::duration_cast<std::chrono::milliseconds>(
                               std::chrono::steady_clock::now().time_since_epoch())
                               .count());
        };
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
    m_segmentPending.reset();
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
            recordSamples(s);
    m_gapsSeen = consumer.gaps().size();
    recordAlarms(consumer, nullptr);
}

void StreamRecording::recordAlarms(const StreamConsumer &consumer, const v1::AlarmUpdate *update)
{
    // A change names its alarms: only those are looked at. A whole list (the bootstrap, a
    // reconnect's snapshot) is compared with everything recorded, so that what vanished
    // is recorded as removed and what stood still is not written again.
    const std::map<uint64_t, Alarm> &now = consumer.alarms();
    std::vector<uint64_t> ids;
    if (update && !update->full()) {
        for (const v1::Alarm &a : update->alarms())
            ids.push_back(a.id());
        ids.insert(ids.end(), update->removed().begin(), update->removed().end());
    } else {
        for (const auto &[id, a] : now)
            ids.push_back(id);
        for (const auto &[id, a] : m_recordedAlarms)
            ids.push_back(id);
        std::sort(ids.begin(), ids.end());
        ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    }
    std::vector<Alarm> changed;
    std::vector<uint64_t> removed;
    for (uint64_t id : ids) {
        const auto current = now.find(id);
        const auto recorded = m_recordedAlarms.find(id);
        if (current == now.end()) {
            if (recorded != m_recordedAlarms.end()) {
                removed.push_back(id);
                m_recordedAlarms.erase(recorded);
            }
        } else if (recorded == m_recordedAlarms.end() || !(recorded->second == current->second)) {
            changed.push_back(current->second);
            m_recordedAlarms[id] = current->second;
        }
    }
    if (changed.empty() && removed.empty())
        return;
    int64_t timeMs = consumer.state().timeMs();
    if (timeMs <= 0) // no frame yet: the alarms' own clock
        for (const Alarm &a : changed)
            timeMs = std::max(timeMs, a.changedMs);
    m_recorder->addAlarms(m_clock.toRecorded(timeMs), std::move(changed), std::move(removed));
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

void StreamRecording::recordSamples(const v1::Samples &samples)
{
    std::optional<RecordingClock::Segment> segment;
    const int64_t recorded = m_clock.frame(samples.time_ms(), m_steadyMs(), &segment);
    if (segment) {
        m_segmentPending = segment;
        m_recorder->addSegment(segment->startMs, segment->offsetMs,
                               QStringLiteral("the gateway's clock went back %1 s: from here its times are recorded "
                                              "%2 s later")
                                   .arg(QLocale::c().toString(double(segment->sourceBackMs) / 1000.0, 'f', 3),
                                        QLocale::c().toString(double(segment->offsetMs) / 1000.0, 'f', 3)));
    }
    if (recorded == samples.time_ms()) {
        m_recorder->addSamples(samples);
        return;
    }
    v1::Samples moved = samples;
    moved.set_time_ms(recorded);
    m_recorder->addSamples(std::move(moved));
}

void StreamRecording::recordSegmentGap(const QString &why)
{
    if (!m_segmentPending)
        return;
    const RecordingClock::Segment &s = *m_segmentPending;
    m_recorder->addGap(s.lastMs, s.startMs,
                       QStringLiteral("%1; the gateway's clock went back %2 s, a new segment begins")
                           .arg(why, QLocale::c().toString(double(s.sourceBackMs) / 1000.0, 'f', 3)));
    m_segmentPending.reset();
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
        recordSamples(message.samples());
    }
    if (!events.empty()) {
        if (m_clock.offsetMs() == 0) {
            m_recorder->addEvents(events);
        } else {
            std::vector<Event> shifted = events;
            for (Event &e : shifted)
                e.timeMs = m_clock.toRecorded(e.timeMs);
            m_recorder->addEvents(std::move(shifted));
        }
    }
    if (message.has_alarms())
        recordAlarms(consumer, &message.alarms());
    const std::vector<StreamGap> &gaps = consumer.gaps();
    for (; m_gapsSeen < gaps.size(); ++m_gapsSeen) {
        const StreamGap &g = gaps[m_gapsSeen];
        if (m_segmentPending && g.toTimeMs > 0 && g.toTimeMs < g.fromTimeMs) {
            // The stream's own account of the hole runs backwards: the segment's gap is its real length.
            recordSegmentGap(describeGapReason(g.reason));
            continue;
        }
        m_recorder->addGap(m_clock.toRecorded(g.fromTimeMs), g.toTimeMs ? m_clock.toRecorded(g.toTimeMs) : 0,
                           describeGapReason(g.reason));
    }
    // A clock that went back without a restart (or a gateway that sent no gap): the gap on its own.
    if (m_segmentPending && (message.has_sync() || !message.snapshot()))
        recordSegmentGap(QStringLiteral("stream gap"));
}

} // namespace vigil
