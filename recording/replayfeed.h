// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/clusterfeed.h"
#include "domain/periodicworker.h"
#include "recording/recordingreader.h"

#include <condition_variable>
#include <mutex>
#include <thread>

namespace vigil {

// What the timeline draws of a recording.
struct RecordingOverview
{
    QString path;
    int64_t startMs = 0;
    int64_t endMs = 0;
    std::vector<RecordedGap> gaps;
    std::vector<Bookmark> bookmarks;
    std::vector<RecordedSpan> coverage;
    EventDensity density;
    // Crashes, OOMs, collective timeouts and rollbacks: the moments an engineer looks for.
    std::vector<Event> disruptions;
};

// A recording played back as a ClusterFeed: the same views that show the live
// stream show the cluster at the instant asked for. Reading and decoding run
// on the feed's own thread (latest request wins); the GUI never waits on them.
class ReplayFeed : public ClusterFeed
{
public:
    static constexpr int DensityBuckets = 600;
    static constexpr int64_t EventHistoryMs = 24 * 3600 * 1000; // events handed over after a jump
    static constexpr size_t EventHistoryLimit = 20000;

    ReplayFeed();
    ~ReplayFeed() override;

    // Opens the recording read-only and shows its first instant; blocks until it is open.
    QString open(const QString &path);
    const QString &path() const { return m_path; }

    // Asks for the cluster at `timeMs`. Continuous moves (playing) hand over the
    // events in between; a jump breaks continuity and hands over the history
    // leading up to the new instant instead.
    void seek(int64_t timeMs, bool continuous);
    // Moves to the next (+1) or previous (-1) recorded frame; steps asked for before the
    // worker gets to them add up.
    void step(int direction);
    // The instant of the state last published (requested time; 0 before the first).
    int64_t shownMs() const;
    // The frame time behind it.
    int64_t frameMs() const;

    RecordingOverview overview() const;
    // Reads the overview again (a bookmark was added).
    void reloadOverview();
    uint64_t overviewGeneration() const;
    QString lastError() const;
    // Waits until every request made so far has been served (tests).
    void waitUntilIdle() const;

    bool copyIfNewer(ClusterState &out, uint64_t &generation) const override;
    std::vector<Event> takeEvents() override;
    std::vector<Event> takeEvents(uint64_t &continuity) override;
    std::vector<StreamGap> gaps() const override { return {}; }
    ConnectionStatus status() const override;
    uint64_t continuity() const override;
    bool copyAlarmsIfNewer(std::vector<Alarm> &out, uint64_t &generation) const override;

private:
    void run(std::shared_ptr<struct ReplayOpenResult> opened, std::stop_token stop);
    void serve(RecordingReader &reader, int64_t target, bool continuous, int step);
    void refreshOverview(RecordingReader &reader);

    QString m_path;
    mutable std::mutex m_mutex;
    mutable std::condition_variable_any m_wake;
    mutable std::condition_variable m_idle;
    // The request: the newest wins.
    bool m_requested = false;
    int64_t m_requestMs = 0;
    bool m_requestContinuous = false;
    int m_requestStep = 0;
    bool m_overviewRequested = false;
    bool m_busy = false;
    // What was published.
    ClusterState m_state;
    uint64_t m_generation = 0;
    mutable uint64_t m_handedGeneration = 0; // what the last copyIfNewer handed out
    uint64_t m_continuity = 0;
    int64_t m_shownMs = 0;
    std::vector<Event> m_events;
    std::vector<Alarm> m_alarms;
    uint64_t m_alarmGeneration = 1; // a generation a fresh reader has not seen
    RecordingOverview m_overview;
    uint64_t m_overviewGeneration = 0;
    QString m_error;
    Worker m_worker; // last: stopped before anything it uses goes
};

} // namespace vigil
