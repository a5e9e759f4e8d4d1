// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/alarm.h"

#include "domain/event.h"
#include "domain/periodicworker.h"
#include "domain/topology.h"
#include "recording/recordingstore.h"

#include "vigil/v1/telemetry.pb.h"

#include <QString>

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <variant>
#include <vector>

namespace vigil {

struct RecorderOptions
{
    QString path;
    int flushIntervalMs = 250; // what a crash can lose, at most (plus the queue)
    int compressionLevel = 3;
    size_t maxQueuedBytes = size_t(512) << 20; // beyond this, frames are dropped and a gap recorded
    int retryAfterFailureMs = 5000; // disk full: how often to try again
    int64_t maxFileBytes = 0; // 0: as large as the disk allows; else recording pauses at this size
    std::optional<RecordingRetention> retention = RecordingRetention {}; // none: every frame kept forever
    // How often (wall time) older data is downsampled. Each time rewrites what aged past the
    // full-rate span since the last: every ten minutes, the 100k demo's rewrite of 24 simulated
    // days held the recorder for seconds while 54 MB of frames queued behind it (the window's
    // step at minute 10), and a quit then waited for it.
    int retentionEveryMs = 60 * 1000;
};

struct RecorderStatus
{
    enum class State
    {
        Stopped,
        Recording,
        Paused, // writing failed (disk full, I/O error); retrying, frames are not kept meanwhile
        Failed, // could not open the file
    };
    State state = State::Stopped;
    QString path;
    QString message; // why it is paused or failed
    uint64_t frames = 0; // written
    uint64_t samples = 0; // values received and written
    uint64_t events = 0;
    uint64_t bytes = 0; // compressed chunk bytes written
    uint64_t framesDropped = 0; // lost to a full queue or a failing disk
    uint64_t samplesRefused = 0; // invalid values or blocks (unknown metric, out of range)
    int64_t firstMs = 0;
    int64_t lastMs = 0;
};

// The flight recorder: writes every frame, event and gap it is given into its
// RecordingStore (a SQLite recording, docs/recording-format.md) on its own thread,
// in batched transactions. Every add*() may be called from any thread, copies what it is
// given and never waits on the disk.
class Recorder
{
public:
    explicit Recorder(RecorderOptions options);
    ~Recorder(); // flushes and stops

    // Opens or creates the file on the recorder's thread; an error names the file and the problem.
    QString start();
    void stop();

    // A new topology and metric dictionary: the frames that follow refer to it.
    void setLayout(std::shared_ptr<const Topology> topology, std::vector<MetricDescriptor> metrics);
    void addSamples(v1::Samples samples);
    void addEvents(std::vector<Event> events);
    // A stretch the recording will never hold (a stream gap, an outage), with the reason.
    void addGap(int64_t fromMs, int64_t toMs, QString reason);
    // From `startMs` on, the source's clock reads recorded time minus `clockOffsetMs`.
    void addSegment(int64_t startMs, int64_t clockOffsetMs, QString reason);
    // Alarms as they stand from `timeMs` on, and alarms gone at `timeMs`.
    void addAlarms(int64_t timeMs, std::vector<Alarm> changed, std::vector<uint64_t> removed);

    // Waits until everything given so far is committed (tests, shutdown, bundle export).
    void flush();
    RecorderStatus status() const;

private:
    struct Layout
    {
        std::shared_ptr<const Topology> topology;
        std::vector<MetricDescriptor> metrics;
    };
    struct Gap
    {
        int64_t fromMs;
        int64_t toMs;
        QString reason;
    };
    struct Segment
    {
        int64_t startMs;
        int64_t clockOffsetMs;
        QString reason;
    };
    struct FlushRequest
    {
        uint64_t ticket;
    };
    struct AlarmChanges
    {
        int64_t timeMs;
        std::vector<Alarm> changed;
        std::vector<uint64_t> removed;
    };
    using Op = std::variant<Layout, v1::Samples, std::vector<Event>, Gap, Segment, FlushRequest, AlarmChanges>;

    void run(std::shared_ptr<struct StartResult> started, std::stop_token stop);
    struct WriteState;
    void setState(RecorderStatus::State state, const QString &message);
    void write(RecordingStore &store, std::deque<Op> &batch, WriteState &w);
    void publishTotals(const RecordingStore &store, const WriteState &w, bool stopping);
    void push(Op op, size_t bytes);

    RecorderOptions m_options;

    mutable std::mutex m_mutex;
    std::condition_variable_any m_wake;
    std::condition_variable m_flushed;
    std::deque<Op> m_queue;
    size_t m_queuedBytes = 0;
    bool m_accepting = false; // started and not stopped: add*() calls are queued
    bool m_finished = false; // the thread has ended
    uint64_t m_droppedByQueue = 0;
    bool m_overloaded = false;
    int64_t m_overloadFromMs = 0;
    uint64_t m_flushTicket = 0;
    uint64_t m_flushDone = 0;
    RecorderStatus m_status;
    Worker m_worker; // last: stopped before anything it uses goes
};

} // namespace vigil
