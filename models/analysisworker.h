// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/incidentanalysis.h"
#include "domain/periodicworker.h"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace vigil {

// The incident analysis on a thread of its own. Pricing every incident of a 100k-GPU cluster
// takes seconds, and grows with the history: the window must never wait for it. The session
// hands over what arrived (events, the jobs' step times, settings) and asks for a price as of
// an instant; the worker applies them in order, prices, and publishes a copy that no one
// changes again, which the window reads until a newer one replaces it.
//
// The worker takes at most about half a core: after a pricing that took d, it waits d before
// the next, unless the session starts over (a jump, another feed), which is priced at once.
//
// Live, the analysis covers a sliding window of the cluster's time, so that a dashboard left
// running for weeks (or a demo running an hour a second) holds and prices a bounded history:
// the events of the last `horizonMs`, plus the look-back that explains the first of their
// failures, and of them at most the newest `eventLimit`: a large cluster's two weeks are more
// events than a window should hold (a 100k-GPU demo takes 3,800 to 7,000 a cluster day, and its
// analysis, with the copy the window reads, grew by 25 MB a minute of the demo). Once the window
// has moved on by a quarter, in time or in events, the worker builds the analysis afresh from
// the events it kept (the same functions, on less history). A replay's is the whole recording.
class AnalysisWorker
{
public:
    AnalysisWorker();
    ~AnalysisWorker();
    AnalysisWorker(const AnalysisWorker &) = delete;
    AnalysisWorker &operator=(const AnalysisWorker &) = delete;

    // Starts the analysis over on `topology`: live, empty, to grow with the stream; replayed,
    // with the recording's every event, its jobs' pace and the hazards a bundle carries.
    // Publications from before it are never taken again.
    // `horizonMs` > 0: keep only that much of the cluster's time, and `eventLimit` > 0 only that
    // many of the events the analysis takes (see above); 0: all of it.
    void startOver(std::shared_ptr<const Topology> topology, std::optional<HazardModel> carriedHazards,
                   std::shared_ptr<const JobPace> pace, std::shared_ptr<const std::vector<Event>> events,
                   int64_t horizonMs = 0, size_t eventLimit = 0);
    // A live session's window: two weeks of the cluster, or its newest 20,000 events (of those
    // the analysis takes) when two weeks hold more: three to five days of a 100k-GPU demo.
    static constexpr int64_t LiveHorizonMs = 14 * 86400000LL;
    static constexpr size_t LiveEventLimit = 20000;
    void addEvents(std::vector<Event> events);
    // The jobs' step times in a state at `timeMs`, job by job (what JobPace::recordState reads).
    void notePace(int64_t timeMs, std::vector<float> stepSeconds);
    void setPricing(const CostSettings &cost, const GritSettings &grit);
    // Prices the incidents as of `nowMs` once what was handed over before is in. Asks made while
    // a pricing runs fold into one, as of the newest instant.
    void priceAt(int64_t nowMs);

    // The newest published analysis, when it is newer than `generation` (then moved on) and
    // belongs to the latest start-over.
    bool takeNewer(std::shared_ptr<const IncidentAnalysis> &out, uint64_t &generation);
    // Blocks until everything handed over is applied and every asked price published (tests, quitting).
    void waitUntilIdle();

private:
    // Where published analyses go when their last holder lets go: freeing one of a 100k-GPU
    // history (tens of thousands of events, warnings and debt items) took the GUI thread up to
    // half a second. The worker frees them; once it is gone, whoever lets go does.
    struct Morgue
    {
        std::mutex mutex;
        std::vector<const IncidentAnalysis *> bodies;
        bool workerGone = false;
    };
    void bury();

    using Step = std::function<void(IncidentAnalysis &)>;
    void hand(Step step, bool startsOver = false);
    void run(std::stop_token stop);
    // With a horizon: keeps `events` for a rebuild, and rebuilds once the window moved on by a
    // quarter. On the worker's thread.
    void keep(const std::vector<Event> &events);
    void slideWindow();

    mutable std::mutex m_mutex;
    std::condition_variable_any m_wake, m_idle;
    std::vector<Step> m_steps;
    std::optional<int64_t> m_priceAt;
    uint64_t m_epochAsked = 0; // start-overs handed over
    uint64_t m_epochApplied = 0; // of them, applied by the worker
    bool m_busy = false;
    std::shared_ptr<const IncidentAnalysis> m_published;
    uint64_t m_publishedGeneration = 0;
    uint64_t m_publishedEpoch = 0;
    IncidentAnalysis m_analysis; // the worker's own: only its thread touches it
    // The sliding window (worker's thread only): the horizon, the events within it and the
    // look-back before it, time order, and the newest time seen.
    int64_t m_horizonMs = 0;
    size_t m_eventLimit = 0;
    std::deque<Event> m_kept;
    int64_t m_newestMs = 0;
    std::shared_ptr<Morgue> m_morgue = std::make_shared<Morgue>();
    std::chrono::steady_clock::time_point m_trimmedAt; // free pages last given back (worker's thread)
    Worker m_worker; // last: it stops before what it uses goes
};

} // namespace vigil
