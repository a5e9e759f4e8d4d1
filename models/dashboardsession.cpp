// SPDX-License-Identifier: GPL-3.0-or-later
#include "dashboardsession.h"
#include "domain/threadaffinity.h"

#include "historybackfiller.h"
#include "recording/recordingreader.h"
#include "recording/replayfeed.h"

#include <QDateTime>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include <limits>

namespace vigil {

DashboardSession::DashboardSession(ClusterFeed &live, QObject *parent)
    : QObject(parent)
    , m_live(live)
    , m_feed(&live)
    , m_views(ViewHistories::fresh())
    , m_analysis(std::make_shared<const IncidentAnalysis>())
    , m_backfiller(new HistoryBackfiller(this))
{
    connect(m_backfiller, &HistoryBackfiller::ready, this, &DashboardSession::applyBackfill);
}

DashboardSession::~DashboardSession()
{
    cancelOpening();
    QThreadPool::globalInstance()->waitForDone(); // a recording being opened refers to nothing of ours, but ends first
}

void DashboardSession::setPricing(const CostSettings &cost, const GritSettings &grit)
{
    checkThreadOf(this, Q_FUNC_INFO);
    m_analyst.setPricing(cost, grit);
    m_analyst.priceAt(m_state.timeMs()); // priced anew at once
    m_analysedAtMs = QDateTime::currentMSecsSinceEpoch();
}

SessionTick DashboardSession::tick()
{
    checkThreadOf(this, Q_FUNC_INFO);
    SessionTick tick;
    // Events first, with the continuity they belong to: after a jump the views
    // start over before anything of the new instant reaches them.
    uint64_t continuity = 0;
    tick.events = m_feed->takeEvents(continuity);
    tick.jumped = continuity != m_continuity;
    if (tick.jumped) {
        m_continuity = continuity;
        startOver();
        if (m_replay)
            rebuildHistories(m_replay->path(), m_replay->shownMs());
    }
    if (m_replay) { // the live stream runs on behind the replay: keep its newest events
        const std::vector<Event> live = m_live.takeEvents();
        m_liveEvents.insert(m_liveEvents.end(), live.begin(), live.end());
    } else {
        m_liveEvents.insert(m_liveEvents.end(), tick.events.begin(), tick.events.end());
    }
    while (m_liveEvents.size() > ReplayFeed::EventHistoryLimit)
        m_liveEvents.pop_front();

    const std::shared_ptr<const Topology> previous = m_state.topology();
    tick.newState = m_feed->copyIfNewer(m_state, m_generation);
    tick.topologyChanged = tick.newState && m_state.topology() != previous;
    if (tick.topologyChanged)
        m_warnings.setTopology(m_state.topology());
    bool analysisStartedOver = false;
    if (m_state.topology() != m_analysedTopology) {
        startAnalysisOver();
        analysisStartedOver = true;
    }
    if (!m_replay) {
        m_analyst.addEvents(tick.events);
        if (tick.newState)
            if (const MetricColumn *stepTime = m_state.column(metric::JobStepTime))
                m_analyst.notePace(m_state.timeMs(), stepTime->values);
    }
    // Once a second is plenty for the incidents (their downtime grows while open); after a
    // jump, the costs as of the new instant at once. The worker prices them; the window
    // shows the newest it has priced.
    const int64_t now = QDateTime::currentMSecsSinceEpoch();
    if ((tick.jumped && tick.newState) || now - m_analysedAtMs >= 1000) {
        m_analysedAtMs = now;
        m_analyst.priceAt(m_state.timeMs());
    }
    tick.incidentsUpdated = m_analyst.takeNewer(m_analysis, m_analysisGeneration) || analysisStartedOver;

    tick.jobReadingsFromFeed = m_feed->takeJobReadings(tick.jobReadings, tick.jobReadingsStartOver);
    if (m_replay) { // behind a replay the live readings are not drawn: back to live rebuilds the charts
        std::vector<JobReading> discarded;
        bool startOver = false;
        m_live.takeJobReadings(discarded, startOver);
    }
    tick.alarmsChanged = m_feed->copyAlarmsIfNewer(m_alarms, m_alarmGeneration);
    if (m_replay) // tonight's alarms go on arriving behind the replay
        tick.alarmsChanged = m_live.copyAlarmsIfNewer(m_liveAlarms, m_liveAlarmGeneration) || tick.alarmsChanged;
    if (tick.alarmsChanged)
        m_liveRaises.note(liveAlarms());

    m_warnings.add(tick.events);
    if (tick.newState) {
        m_warnings.prune(m_state.timeMs());
        m_views.record(m_state);
    }
    return tick;
}

void DashboardSession::startAnalysisOver()
{
    // Live, the analysis follows the stream over a sliding window of two weeks; replayed, it
    // holds the whole recording at once.
    // Until the worker has priced the new start, the views see an empty analysis of the new
    // topology, never the old one's incidents on it.
    m_analysedTopology = m_state.topology();
    auto empty = std::make_shared<IncidentAnalysis>();
    empty->setTopology(m_analysedTopology);
    m_analysis = std::move(empty);
    m_analyst.startOver(m_analysedTopology, m_replay ? m_recordingHazards : std::nullopt,
                        m_replay ? m_recordingPace : nullptr, m_replay ? m_recordingEvents : nullptr,
                        m_replay ? 0 : AnalysisWorker::LiveHorizonMs, m_replay ? 0 : AnalysisWorker::LiveEventLimit);
}

void DashboardSession::startOver()
{
    m_backfiller->cancel();
    m_views = ViewHistories::fresh();
    m_warnings.setTopology(m_state.topology());
    if (!m_replay)
        m_analysedTopology.reset(); // started over with the next state
}

void DashboardSession::switchFeed(ClusterFeed *feed)
{
    checkThreadOf(this, Q_FUNC_INFO);
    m_feed = feed;
    m_state = ClusterState();
    m_generation = 0;
    m_continuity = ~uint64_t(0);
    m_analysedTopology.reset();
    // The alarms follow the views: the gateway's live, the recording's as they stood when replaying.
    m_alarms.clear();
    m_alarmGeneration = ~uint64_t(0);
}

// A recording opened off the GUI thread: the feed on its first instant, and every
// event and the jobs' pace the incident list prices the whole recording with.
struct OpenedRecording
{
    QString path;
    QString error;
    bool cancelled = false;
    std::unique_ptr<ReplayFeed> feed;
    std::vector<Event> events;
    JobPace pace;
    AlarmRaiseLog raises;
    std::optional<HazardModel> hazards; // a bundle's: learnt from the whole recording it was cut from
};

namespace {

std::shared_ptr<OpenedRecording> openOffThread(const QString &path, const std::atomic<bool> &cancelled)
{
    auto opened = std::make_shared<OpenedRecording>();
    opened->path = path;
    auto feed = std::make_unique<ReplayFeed>();
    if (QString error = feed->open(path); !error.isEmpty()) {
        opened->error = error;
        return opened;
    }
    RecordingReader reader;
    if (!cancelled && reader.open(path).isEmpty()) {
        opened->events = reader.events(std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max());
        if (!cancelled)
            readJobPace(reader, reader.startMs(), reader.endMs() + 1, opened->pace);
        opened->hazards = hazardsCarriedBy(reader, &opened->error);
        if (!cancelled)
            for (const RecordingReader::AlarmChange &change :
                 reader.alarmChanges(std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max()))
                if (change.alarm)
                    opened->raises.note(*change.alarm);
    }
    opened->cancelled = cancelled;
    opened->feed = std::move(feed);
    return opened;
}

} // namespace

void DashboardSession::openRecording(const QString &path)
{
    checkThreadOf(this, Q_FUNC_INFO);
    cancelOpening();
    m_openCancel = std::make_shared<std::atomic<bool>>(false);
    const uint64_t generation = m_openGeneration;
    using Watcher = QFutureWatcher<std::shared_ptr<OpenedRecording>>;
    auto *watcher = new Watcher(this);
    ++m_opening;
    connect(watcher, &Watcher::finished, this, [this, watcher, generation, path] {
        --m_opening;
        std::shared_ptr<OpenedRecording> opened = watcher->result();
        watcher->deleteLater();
        if (generation != m_openGeneration || opened->cancelled)
            return; // dropped: its feed closes here
        if (opened->error.isEmpty())
            startReplay(*opened);
        Q_EMIT recordingOpened(path, opened->error);
    });
    watcher->setFuture(QtConcurrent::run([path, cancel = m_openCancel] { return openOffThread(path, *cancel); }));
}

void DashboardSession::cancelOpening()
{
    if (m_openCancel)
        *m_openCancel = true;
    ++m_openGeneration;
}

void DashboardSession::startReplay(OpenedRecording &opened)
{
    m_replay = std::move(opened.feed);
    m_recordingEvents = std::make_shared<const std::vector<Event>>(std::move(opened.events));
    m_recordingPace = std::make_shared<const JobPace>(std::move(opened.pace));
    m_recordingHazards = std::move(opened.hazards);
    m_recordingRaises = std::move(opened.raises);
    m_liveAlarms = m_alarms; // what the live list held, until the gateway says more
    m_liveAlarmGeneration = m_alarmGeneration;
    switchFeed(m_replay.get());
}

void DashboardSession::goLive()
{
    checkThreadOf(this, Q_FUNC_INFO);
    cancelOpening();
    if (!m_replay)
        return;
    switchFeed(&m_live);
    m_replay.reset();
    m_recordingEvents.reset();
    m_recordingPace.reset();
    m_recordingHazards.reset();
    m_recordingRaises.clear();
}

std::vector<Event> DashboardSession::refillLiveEvents()
{
    std::vector<Event> events(m_liveEvents.begin(), m_liveEvents.end());
    m_warnings.add(events);
    return events;
}

void DashboardSession::rebuildHistories(const QString &recordingPath, int64_t timeMs)
{
    m_backfiller->request(recordingPath, timeMs);
}

bool DashboardSession::isRebuildingHistories() const
{
    return m_backfiller->isBusy();
}

void DashboardSession::applyBackfill(std::shared_ptr<Backfill> backfill)
{
    checkThreadOf(this, Q_FUNC_INFO);
    // Only a backfill for the instant the views restarted from fits them.
    const int64_t expected = m_replay ? m_replay->shownMs() : m_state.timeMs();
    if (!backfill || backfill->timeMs > expected)
        return;
    m_views = std::move(backfill->views);
    m_views.record(m_state);
    Q_EMIT historiesRebuilt(std::move(backfill));
}

} // namespace vigil
