// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/incidentanalysis.h"
#include "analysisworker.h"
#include "domain/alarm.h"
#include "domain/alarmstatistics.h"
#include "domain/clusterstate.h"
#include "hardwarewarnings.h"
#include "viewhistories.h"

#include <QObject>

#include <atomic>
#include <deque>
#include <memory>

namespace vigil {

class ClusterFeed;
class HistoryBackfiller;
class ReplayFeed;

// What one tick of the session changed, for the window to redraw only that.
struct SessionTick
{
    bool jumped = false; // the flow of time broke (a replay jump, a switch of feed): views started over
    bool newState = false; // a new frame
    bool topologyChanged = false;
    bool incidentsUpdated = false; // a newer incident analysis came from the worker
    bool alarmsChanged = false;
    std::vector<Event> events; // the events that arrived, oldest first
    // Live: every job reading since the last tick at its own time (the training charts'
    // points), and whether they begin with a history that replaces the charts'.
    // Replayed: none; the charts follow the state's frames.
    bool jobReadingsFromFeed = false;
    bool jobReadingsStartOver = false;
    std::vector<JobReading> jobReadings;
};

// The dashboard without its window: what it shows and where it comes from. It
// owns the feed in use (the live stream, or a recording being replayed while the
// live stream runs on behind it), the cluster state, the events' effects on the
// hardware overlays, the views' recent histories, the incident analysis and the
// alarms (the gateway's live, the recording's as they stood when replaying), and
// says on each tick what changed. No widget, so it is tested on its own.
class DashboardSession : public QObject
{
    Q_OBJECT
public:
    explicit DashboardSession(ClusterFeed &live, QObject *parent = nullptr);
    ~DashboardSession() override;

    // Pulls the newest events, state and alarms from the feed in use (the window's refresh timer calls it).
    SessionTick tick();

    // Replays a recording (read-only; the live stream keeps running behind it). The
    // recording is opened and its events read off the GUI thread; recordingOpened
    // follows, with an error that names the file and the problem, or none. A newer
    // request, cancelOpening() or goLive() drops one still being read.
    void openRecording(const QString &path);
    bool isOpeningRecording() const { return m_opening > 0; }
    void cancelOpening();
    void goLive();
    bool isReplaying() const { return m_replay != nullptr; }
    ReplayFeed *replay() const { return m_replay.get(); }
    ClusterFeed &live() const { return m_live; }
    // Back to live, after the first tick: the newest live events, kept while replaying, go
    // into the hardware overlays again, and are returned for the live views to refill.
    std::vector<Event> refillLiveEvents();

    const ClusterState &state() const { return m_state; }
    const HardwareWarnings &warnings() const { return m_warnings; }
    const ViewHistories &views() const { return m_views; }
    // The newest incident analysis the worker priced: it stays as it is until a tick that says
    // incidentsUpdated, so hold it no longer than the tick (or keep analysisShared()).
    const IncidentAnalysis &analysis() const { return *m_analysis; }
    std::shared_ptr<const IncidentAnalysis> analysisShared() const { return m_analysis; }
    // Blocks until the worker has priced everything handed over (tests; a tick then takes it).
    void waitForAnalysis() { m_analyst.waitUntilIdle(); }
    // Every hardware failure the analysis holds: live, those the stream has brought; replaying,
    // the whole recording's. For the failures overlay, over spans far longer than the recent
    // events the other overlays keep, and the same failures as the dock's fleet tab.
    const std::vector<Event> &hardwareFailures() const { return m_analysis->hardwareFailures(); }
    // Prices the incidents with new settings (a tick soon after says incidentsUpdated).
    void setPricing(const CostSettings &cost, const GritSettings &grit);

    // The alarms in view: live, the gateway's; replaying, the recording's at the instant shown.
    const std::vector<Alarm> &alarms() const { return m_alarms; }
    // The gateway's alarms now, whatever is in view: replaying, they keep arriving behind it,
    // and an operator must still see tonight's.
    const std::vector<Alarm> &liveAlarms() const { return m_replay ? m_liveAlarms : m_alarms; }
    // Every alarm activation at hand, for the alarms-raised overlay: live, those seen since the
    // dashboard started; replaying, the whole recording's.
    const std::vector<AlarmRaise> &alarmRaises() const
    {
        return m_replay ? m_recordingRaises.raises() : m_liveRaises.raises();
    }
    // The clock and topology the alarms' ages and names are read against: the feed's, since
    // the alarms follow the feed (live, or the recording's at the instant shown).
    int64_t alarmClockMs() const { return m_state.timeMs(); }
    std::shared_ptr<const Topology> alarmTopology() const { return m_state.topology(); }

    // Rebuilds the views' histories from a recording up to `timeMs` off the GUI thread
    // (after a jump, or back to live from the session's recording); historiesRebuilt follows.
    void rebuildHistories(const QString &recordingPath, int64_t timeMs);
    bool isRebuildingHistories() const;

Q_SIGNALS:
    void recordingOpened(const QString &path, const QString &error);
    // The views' histories were rebuilt; `backfill` still holds the training history and the older job events.
    void historiesRebuilt(std::shared_ptr<vigil::Backfill> backfill);

private:
    void switchFeed(ClusterFeed *feed);
    void startOver();
    void applyBackfill(std::shared_ptr<Backfill> backfill);
    void startReplay(struct OpenedRecording &opened);

    ClusterFeed &m_live;
    ClusterFeed *m_feed;
    std::unique_ptr<ReplayFeed> m_replay;
    ClusterState m_state;
    uint64_t m_generation = 0;
    uint64_t m_continuity = ~uint64_t(0); // forces a start-over at the first tick
    std::deque<Event> m_liveEvents;
    HardwareWarnings m_warnings;
    ViewHistories m_views;
    void startAnalysisOver();

    AnalysisWorker m_analyst;
    std::shared_ptr<const IncidentAnalysis> m_analysis; // the newest the worker published
    uint64_t m_analysisGeneration = 0;
    std::shared_ptr<const Topology> m_analysedTopology;
    // A replayed recording's every event (its incidents, past and future) and its jobs' pace:
    // shared with the worker, never copied on the GUI thread.
    std::shared_ptr<const std::vector<Event>> m_recordingEvents;
    std::shared_ptr<const JobPace> m_recordingPace;
    std::optional<HazardModel> m_recordingHazards; // a bundle's hazards, learnt from the recording it was cut from
    int64_t m_analysedAtMs = 0; // wall clock of the last analysis update
    std::vector<Alarm> m_alarms;
    uint64_t m_alarmGeneration = ~uint64_t(0);
    std::vector<Alarm> m_liveAlarms; // while replaying
    // Live, the last 200,000 raises (a 100k-GPU demo raises a thousand a minute); a recording's, all.
    static constexpr size_t LiveRaiseLimit = 200000;
    AlarmRaiseLog m_liveRaises { LiveRaiseLimit }, m_recordingRaises;
    uint64_t m_liveAlarmGeneration = ~uint64_t(0);
    HistoryBackfiller *m_backfiller;
    std::shared_ptr<std::atomic<bool>> m_openCancel; // of the recording being opened
    uint64_t m_openGeneration = 0;
    int m_opening = 0;
};

} // namespace vigil
