// SPDX-License-Identifier: GPL-3.0-or-later
#include "recording/recorder.h"

#include "recording/recordingschema.h"
#include "recording/recordingstore.h"

#include <QDateTime>

#include <chrono>
#include <future>

namespace vigil {

struct StartResult
{
    std::promise<QString> opened;
};

Recorder::Recorder(RecorderOptions options)
    : m_options(std::move(options))
{
    m_status.path = m_options.path;
}

Recorder::~Recorder()
{
    stop();
}

QString Recorder::start()
{
    if (m_worker.isRunning())
        return {};
    {
        std::lock_guard lock(m_mutex);
        m_finished = false;
        m_accepting = true;
    }
    auto started = std::make_shared<StartResult>();
    std::future<QString> opened = started->opened.get_future();
    m_worker.start([this, started](std::stop_token stop) { run(started, stop); });
    QString error = opened.get();
    if (!error.isEmpty()) {
        m_worker.stop();
        std::lock_guard lock(m_mutex);
        m_accepting = false;
    }
    return error;
}

void Recorder::stop()
{
    m_worker.stop(); // what was queued before is written first
    std::lock_guard lock(m_mutex);
    m_accepting = false;
}

void Recorder::push(Op op, size_t bytes)
{
    {
        std::lock_guard lock(m_mutex);
        if (!m_accepting || m_worker.stopRequested())
            return;
        const bool isSamples = std::holds_alternative<v1::Samples>(op);
        if (isSamples && m_queuedBytes + bytes > m_options.maxQueuedBytes) {
            // The disk cannot keep up: drop frames, never block the caller, and say where the hole is.
            if (!m_overloaded) {
                m_overloaded = true;
                m_overloadFromMs = std::get<v1::Samples>(op).time_ms();
            }
            ++m_droppedByQueue;
            return;
        }
        if (isSamples && m_overloaded) {
            m_overloaded = false;
            m_queue.push_back(
                Gap { m_overloadFromMs, std::get<v1::Samples>(op).time_ms(), QStringLiteral("recorder overloaded") });
        }
        m_queuedBytes += bytes;
        m_queue.push_back(std::move(op));
    }
    m_wake.notify_one();
}

void Recorder::setLayout(std::shared_ptr<const Topology> topology, std::vector<MetricDescriptor> metrics)
{
    push(Layout { std::move(topology), std::move(metrics) }, 0);
}

void Recorder::addSamples(v1::Samples samples)
{
    size_t bytes = 64;
    for (const v1::MetricBlock &b : samples.blocks())
        bytes += size_t(b.values_size()) * 4 + size_t(b.indices_size()) * 4;
    push(std::move(samples), bytes);
}

void Recorder::addEvents(std::vector<Event> events)
{
    if (!events.empty())
        push(std::move(events), 0);
}

void Recorder::addGap(int64_t fromMs, int64_t toMs, QString reason)
{
    push(Gap { fromMs, toMs, std::move(reason) }, 0);
}

void Recorder::addSegment(int64_t startMs, int64_t clockOffsetMs, QString reason)
{
    push(Segment { startMs, clockOffsetMs, std::move(reason) }, 0);
}

void Recorder::addAlarms(int64_t timeMs, std::vector<Alarm> changed, std::vector<uint64_t> removed)
{
    if (!changed.empty() || !removed.empty())
        push(AlarmChanges { timeMs, std::move(changed), std::move(removed) }, 0);
}

void Recorder::flush()
{
    std::unique_lock lock(m_mutex);
    if (!m_accepting || m_worker.stopRequested())
        return;
    const uint64_t ticket = ++m_flushTicket;
    m_queue.push_back(FlushRequest { ticket });
    m_wake.notify_one();
    m_flushed.wait(lock, [this, ticket] { return m_flushDone >= ticket || m_finished; });
}

RecorderStatus Recorder::status() const
{
    std::lock_guard lock(m_mutex);
    return m_status;
}

// What the writing loop carries from one round to the next.
struct Recorder::WriteState
{
    bool paused = false; // the store refused a commit: frames are skipped until a retry works
    std::chrono::steady_clock::time_point retryAt {};
    uint64_t refused = 0;
    uint64_t skippedWhilePaused = 0;
    int64_t lastSkippedMs = 0;
    uint64_t flushTicket = 0; // the newest flush asked for in this round
};

void Recorder::setState(RecorderStatus::State state, const QString &message)
{
    std::lock_guard lock(m_mutex);
    m_status.state = state;
    m_status.message = message;
}

// A round's operations, in order, into the store.
void Recorder::write(RecordingStore &store, std::deque<Op> &batch, WriteState &w)
{
    using Clock = std::chrono::steady_clock;
    for (Op &op : batch) {
        if (auto *layout = std::get_if<Layout>(&op)) {
            store.setLayout(std::move(layout->topology), layout->metrics);
        } else if (auto *samples = std::get_if<v1::Samples>(&op)) {
            if (w.paused) {
                // Not kept: the writer records the hole as a gap once writing works again.
                if (samples->time_ms() != w.lastSkippedMs)
                    ++w.skippedWhilePaused;
                w.lastSkippedMs = samples->time_ms();
                continue;
            }
            const ApplyResult r = store.addSamples(*samples);
            w.refused += r.blocksRejected + r.valuesRejected;
            if (store.framesPending() >= size_t(recording::KeyEveryFrames)) {
                const QString e = store.commit();
                if (!e.isEmpty()) {
                    w.paused = true;
                    w.retryAt = Clock::now() + std::chrono::milliseconds(m_options.retryAfterFailureMs);
                    std::lock_guard lock(m_mutex);
                    m_status.state = RecorderStatus::State::Paused;
                    m_status.message = e;
                }
            }
        } else if (auto *events = std::get_if<std::vector<Event>>(&op)) {
            store.addEvents(*events);
        } else if (auto *gap = std::get_if<Gap>(&op)) {
            store.addGap(gap->fromMs, gap->toMs, gap->reason);
        } else if (auto *segment = std::get_if<Segment>(&op)) {
            store.addSegment(segment->startMs, segment->clockOffsetMs, segment->reason);
        } else if (auto *alarms = std::get_if<AlarmChanges>(&op)) {
            store.addAlarms(alarms->timeMs, alarms->changed, alarms->removed);
        } else if (auto *request = std::get_if<FlushRequest>(&op)) {
            w.flushTicket = std::max(w.flushTicket, request->ticket);
        }
    }
}

// The store's totals, for status(), and the flushes this round answered.
void Recorder::publishTotals(const RecordingStore &store, const WriteState &w, bool stopping)
{
    {
        std::lock_guard lock(m_mutex);
        const RecordingTotals totals = store.totals();
        m_status.frames = totals.frames;
        m_status.samples = totals.samples;
        m_status.events = totals.events;
        m_status.bytes = totals.bytes;
        m_status.framesDropped = m_droppedByQueue + totals.framesLost + w.skippedWhilePaused;
        m_status.samplesRefused = w.refused;
        m_status.firstMs = totals.firstMs;
        m_status.lastMs = totals.lastMs;
        if (w.flushTicket)
            m_flushDone = std::max(m_flushDone, w.flushTicket);
        if (stopping)
            m_status.state = RecorderStatus::State::Stopped;
    }
}

void Recorder::run(std::shared_ptr<StartResult> started, std::stop_token stop)
{
    using Clock = std::chrono::steady_clock;
    QString error;
    const std::unique_ptr<RecordingStore> store
        = openRecordingStore(m_options.path, { m_options.compressionLevel, m_options.maxFileBytes }, &error);
    if (!store) {
        setState(RecorderStatus::State::Failed, error);
        started->opened.set_value(error);
        return;
    }
    setState(RecorderStatus::State::Recording, {});
    started->opened.set_value({});

    const auto interval = std::chrono::milliseconds(m_options.flushIntervalMs);
    auto nextCommit = Clock::now() + interval;
    auto nextRetention = Clock::now();
    WriteState w;
    std::deque<Op> batch;
    for (;;) {
        bool stopping = false;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait_until(lock, stop, nextCommit, [this] { return !m_queue.empty(); });
            batch.swap(m_queue);
            m_queuedBytes = 0;
            stopping = stop.stop_requested();
        }
        w.flushTicket = 0;
        write(*store, batch, w);
        batch.clear();
        const auto now = Clock::now();
        if (m_options.retention && !w.paused && !stopping && now >= nextRetention && store->totals().lastMs > 0) {
            // A few passes at a time, so new frames never wait long behind the rewriting.
            RetentionReport report;
            report.finished = false;
            for (int pass = 0; pass < 8 && !report.finished && !stop.stop_requested(); ++pass)
                if (!store->applyRetention(*m_options.retention, store->totals().lastMs, &report).isEmpty())
                    break;
            nextRetention = now + std::chrono::milliseconds(report.finished ? m_options.retentionEveryMs : 1000);
        }
        if (now >= nextCommit || w.flushTicket || stopping) {
            nextCommit = now + interval;
            if (!w.paused || now >= w.retryAt || w.flushTicket || stopping) {
                const QString e = store->commit();
                w.paused = !e.isEmpty();
                if (w.paused)
                    w.retryAt = now + std::chrono::milliseconds(m_options.retryAfterFailureMs);
                setState(w.paused ? RecorderStatus::State::Paused : RecorderStatus::State::Recording, e);
            }
        }
        publishTotals(*store, w, stopping);
        if (w.flushTicket)
            m_flushed.notify_all();
        if (stopping)
            break;
    }
    store->close();
    {
        std::lock_guard lock(m_mutex);
        m_finished = true;
    }
    m_flushed.notify_all();
}

} // namespace vigil
