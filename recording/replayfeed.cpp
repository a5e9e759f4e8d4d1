// SPDX-License-Identifier: GPL-3.0-or-later
#include "recording/replayfeed.h"

#include <QFileInfo>

#include <cstdlib>
#include <future>

namespace vigil {

struct ReplayOpenResult
{
    std::promise<QString> opened;
};

ReplayFeed::ReplayFeed() = default;

ReplayFeed::~ReplayFeed()
{
    m_worker.stop();
}

QString ReplayFeed::open(const QString &path)
{
    if (m_worker.isRunning())
        return QStringLiteral("a replay feed opens one recording");
    m_path = path;
    auto opened = std::make_shared<ReplayOpenResult>();
    std::future<QString> result = opened->opened.get_future();
    m_worker.start([this, opened](std::stop_token stop) { run(opened, stop); });
    QString error = result.get();
    if (!error.isEmpty())
        m_worker.stop();
    return error;
}

void ReplayFeed::run(std::shared_ptr<ReplayOpenResult> opened, std::stop_token stop)
{
    RecordingReader reader;
    if (QString error = reader.open(m_path); !error.isEmpty()) {
        opened->opened.set_value(error);
        return;
    }
    if (reader.isEmpty()) {
        opened->opened.set_value(
            QStringLiteral("%1: the recording holds nothing yet").arg(QFileInfo(m_path).fileName()));
        return;
    }
    refreshOverview(reader);
    serve(reader, reader.startMs(), false, 0);
    opened->opened.set_value({});

    std::unique_lock lock(m_mutex);
    while (!stop.stop_requested()) {
        // A file still being written grows: look again every few seconds.
        const bool woken = m_wake.wait_for(lock, stop, std::chrono::seconds(2),
                                           [this] { return m_requested || m_overviewRequested; });
        if (stop.stop_requested())
            break;
        m_busy = true;
        const bool requested = woken && m_requested;
        const bool overviewRequested = m_overviewRequested;
        m_overviewRequested = false;
        const int64_t target = m_requestMs;
        const bool continuous = m_requestContinuous;
        const int step = m_requestStep;
        m_requested = false;
        m_requestStep = 0;
        lock.unlock();
        if (overviewRequested)
            refreshOverview(reader);
        if (requested) {
            serve(reader, target, continuous, step);
        } else if (!overviewRequested) {
            const int64_t endBefore = reader.endMs();
            reader.refresh();
            if (reader.endMs() != endBefore)
                refreshOverview(reader);
        }
        lock.lock();
        m_busy = false;
        m_idle.notify_all();
    }
}

void ReplayFeed::serve(RecordingReader &reader, int64_t target, bool continuous, int step)
{
    int64_t previous = 0, frame = 0;
    {
        std::lock_guard lock(m_mutex);
        previous = m_shownMs;
        frame = m_state.timeMs();
    }
    if (step != 0) {
        // Steps asked for while the worker was busy add up: two presses of ← are two frames back.
        int64_t next = frame;
        for (int i = 0; i < std::abs(step); ++i) {
            const int64_t adjacent = reader.adjacentFrame(next, step);
            if (adjacent == 0)
                break; // the first or last frame
            next = adjacent;
        }
        if (next == frame)
            return;
        target = next;
        continuous = step > 0;
    }
    ClusterState state;
    const QString error = reader.stateAt(target, state);
    const bool jump = !continuous || previous == 0 || target < previous;
    std::vector<Event> events = jump ? reader.events(target - EventHistoryMs, target + 1, EventHistoryLimit)
                                     : reader.events(previous + 1, target + 1);
    // The alarms as they stood at the instant shown: read whole after a jump, and while
    // playing only when a change was recorded since the last instant (most steps have none).
    const bool alarmsMoved = jump || !reader.alarmChanges(previous, target).empty();
    std::vector<Alarm> alarms = alarmsMoved ? reader.alarmsAt(target) : std::vector<Alarm> {};
    std::lock_guard lock(m_mutex);
    if (alarmsMoved && alarms != m_alarms) {
        m_alarms = std::move(alarms);
        ++m_alarmGeneration;
    }
    m_state = std::move(state);
    ++m_generation;
    m_shownMs = target;
    m_error = error;
    if (jump) {
        ++m_continuity;
        m_events = std::move(events);
    } else {
        m_events.insert(m_events.end(), events.begin(), events.end());
    }
}

void ReplayFeed::refreshOverview(RecordingReader &reader)
{
    RecordingOverview o;
    o.path = m_path;
    o.startMs = reader.startMs();
    o.endMs = reader.endMs();
    o.gaps = reader.gaps();
    o.bookmarks = reader.bookmarks();
    // Frames further apart than this are drawn as a hole in the coverage strip.
    o.coverage = reader.coverage(std::max<int64_t>(120000, (o.endMs - o.startMs) / DensityBuckets));
    o.density = reader.eventDensity(o.startMs, o.endMs + 1, DensityBuckets);
    o.disruptions = reader.eventsOfTypes(
        { EventType::JobCrash, EventType::JobOom, EventType::NcclTimeout, EventType::Rollback }, 5000);
    std::lock_guard lock(m_mutex);
    m_overview = std::move(o);
    ++m_overviewGeneration;
}

void ReplayFeed::reloadOverview()
{
    {
        std::lock_guard lock(m_mutex);
        m_overviewRequested = true;
    }
    m_wake.notify_one();
}

void ReplayFeed::seek(int64_t timeMs, bool continuous)
{
    {
        std::lock_guard lock(m_mutex);
        // A jump pending stays a jump even if a continuous move follows it.
        m_requestContinuous = m_requested ? (m_requestContinuous && continuous) : continuous;
        m_requested = true;
        m_requestMs = timeMs;
        m_requestStep = 0;
    }
    m_wake.notify_one();
}

void ReplayFeed::step(int direction)
{
    {
        std::lock_guard lock(m_mutex);
        // A pending step accumulates; a pending seek is replaced by the step from the frame shown.
        m_requestStep = m_requested && m_requestStep != 0 ? m_requestStep + direction : direction;
        m_requested = true;
        m_requestContinuous = false;
    }
    m_wake.notify_one();
}

int64_t ReplayFeed::shownMs() const
{
    std::lock_guard lock(m_mutex);
    return m_shownMs;
}

int64_t ReplayFeed::frameMs() const
{
    std::lock_guard lock(m_mutex);
    return m_state.timeMs();
}

RecordingOverview ReplayFeed::overview() const
{
    std::lock_guard lock(m_mutex);
    return m_overview;
}

uint64_t ReplayFeed::overviewGeneration() const
{
    std::lock_guard lock(m_mutex);
    return m_overviewGeneration;
}

QString ReplayFeed::lastError() const
{
    std::lock_guard lock(m_mutex);
    return m_error;
}

void ReplayFeed::waitUntilIdle() const
{
    std::unique_lock lock(m_mutex);
    m_idle.wait(lock,
                [this] { return (!m_requested && !m_busy) || m_worker.stopRequested() || !m_worker.isRunning(); });
}

bool ReplayFeed::copyIfNewer(ClusterState &out, uint64_t &generation) const
{
    std::lock_guard lock(m_mutex);
    if (generation == m_generation)
        return false;
    m_state.copyTo(out, generation == m_handedGeneration);
    generation = m_handedGeneration = m_generation;
    return true;
}

bool ReplayFeed::copyAlarmsIfNewer(std::vector<Alarm> &out, uint64_t &generation) const
{
    std::lock_guard lock(m_mutex);
    if (generation == m_alarmGeneration)
        return false;
    out = m_alarms;
    generation = m_alarmGeneration;
    return true;
}

std::vector<Event> ReplayFeed::takeEvents()
{
    uint64_t continuity = 0;
    return takeEvents(continuity);
}

std::vector<Event> ReplayFeed::takeEvents(uint64_t &continuity)
{
    std::vector<Event> events;
    std::lock_guard lock(m_mutex);
    events.swap(m_events);
    continuity = m_continuity;
    return events;
}

ConnectionStatus ReplayFeed::status() const
{
    ConnectionStatus s;
    s.state = ConnectionState::Live;
    s.address = QFileInfo(m_path).fileName();
    s.lastMessageAt = std::chrono::steady_clock::now();
    std::lock_guard lock(m_mutex);
    s.lastError = m_error;
    s.messagesReceived = m_generation;
    return s;
}

uint64_t ReplayFeed::continuity() const
{
    std::lock_guard lock(m_mutex);
    return m_continuity;
}

} // namespace vigil
