// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/incidentanalysis.h"
#include "state/periodicworker.h"

#include <condition_variable>
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
    void startOver(std::shared_ptr<const Topology> topology, std::optional<HazardModel> carriedHazards,
                   std::shared_ptr<const JobPace> pace, std::shared_ptr<const std::vector<Event>> events);
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
    std::shared_ptr<Morgue> m_morgue = std::make_shared<Morgue>();
    Worker m_worker; // last: it stops before what it uses goes
};

} // namespace vigil
