// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysisworker.h"

#include <algorithm>
#include <chrono>

#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace vigil {

AnalysisWorker::AnalysisWorker()
{
    m_worker.start([this](std::stop_token stop) { run(stop); });
}

AnalysisWorker::~AnalysisWorker()
{
    m_worker.stop();
    {
        std::lock_guard lock(m_morgue->mutex);
        m_morgue->workerGone = true;
    }
    bury();
}

void AnalysisWorker::bury()
{
    std::vector<const IncidentAnalysis *> bodies;
    {
        std::lock_guard lock(m_morgue->mutex);
        bodies.swap(m_morgue->bodies);
    }
    for (const IncidentAnalysis *body : bodies)
        delete body;
#ifdef __GLIBC__
    // An analysis is hundreds of thousands of small blocks (events' strings, map nodes) freed
    // here and allocated on other threads: glibc keeps the pages they leave behind, and the
    // process grew by tens of megabytes a minute at 100k GPUs. Every 5 s the free pages go
    // back to the system, from this thread. Each trim takes 20-45 ms at 100k GPUs and holds
    // the heaps' locks; in two 10-minute runs the key-press p99 was the same (74 ms) with a
    // trim every 5 s as every 60 s, and the process 711 MB against 755.
    using Clock = std::chrono::steady_clock;
    if (!bodies.empty() && Clock::now() - m_trimmedAt > std::chrono::seconds(5)) {
        malloc_trim(0);
        m_trimmedAt = Clock::now();
    }
#endif
}

void AnalysisWorker::hand(Step step, bool startsOver)
{
    {
        std::lock_guard lock(m_mutex);
        m_steps.push_back(std::move(step));
        if (startsOver)
            ++m_epochAsked;
    }
    m_wake.notify_all();
}

void AnalysisWorker::startOver(std::shared_ptr<const Topology> topology, std::optional<HazardModel> carriedHazards,
                               std::shared_ptr<const JobPace> pace, std::shared_ptr<const std::vector<Event>> events,
                               int64_t horizonMs, size_t eventLimit)
{
    hand(
        [this, topology = std::move(topology), carried = std::move(carriedHazards), pace = std::move(pace),
         events = std::move(events), horizonMs, eventLimit](IncidentAnalysis &analysis) mutable {
            m_horizonMs = horizonMs;
            m_eventLimit = eventLimit;
            m_kept.clear();
            m_newestMs = 0;
            if (events)
                keep(*events);
            analysis.setTopology(std::move(topology));
            analysis.setCarriedHazards(std::move(carried));
            if (pace)
                analysis.setPace(*pace);
            if (events)
                analysis.addEvents(*events);
        },
        true);
}

void AnalysisWorker::addEvents(std::vector<Event> events)
{
    if (!events.empty())
        hand([this, events = std::move(events)](IncidentAnalysis &analysis) {
            keep(events);
            analysis.addEvents(events);
        });
}

void AnalysisWorker::notePace(int64_t timeMs, std::vector<float> stepSeconds)
{
    hand([timeMs, steps = std::move(stepSeconds)](IncidentAnalysis &analysis) {
        for (size_t job = 0; job < steps.size(); ++job)
            analysis.notePace(int(job), timeMs, double(steps[job]));
    });
}

void AnalysisWorker::setPricing(const CostSettings &cost, const GritSettings &grit)
{
    hand([cost, grit](IncidentAnalysis &analysis) {
        analysis.setSettings(cost);
        analysis.setGritSettings(grit);
    });
}

void AnalysisWorker::keep(const std::vector<Event> &events)
{
    if (m_horizonMs <= 0)
        return;
    for (const Event &e : events) {
        m_newestMs = std::max(m_newestMs, e.timeMs);
        if (IncidentAnalysis::takes(e))
            m_kept.push_back(e);
    }
}

void AnalysisWorker::slideWindow()
{
    if (m_horizonMs <= 0 || m_kept.empty())
        return;
    // What the window holds: the horizon, and before it the look-back that may explain its
    // first failures.
    const int64_t span = m_horizonMs + Attributor::LookBackMs;
    const bool tooLong = m_newestMs - m_kept.front().timeMs > span + m_horizonMs / 4;
    const bool tooMany = m_eventLimit > 0 && m_kept.size() > m_eventLimit + m_eventLimit / 4;
    if (!tooLong && !tooMany)
        return;
    // The window starts at whichever is later: the horizon's start, or the newest `m_eventLimit`
    // events' first.
    int64_t from = m_newestMs - span;
    while (!m_kept.empty() && m_kept.front().timeMs < from)
        m_kept.pop_front();
    if (tooMany && m_kept.size() > m_eventLimit) {
        m_kept.erase(m_kept.begin(), m_kept.end() - ptrdiff_t(m_eventLimit));
        from = m_kept.front().timeMs;
    }
    IncidentAnalysis fresh;
    fresh.setTopology(m_analysis.topology());
    fresh.setSettings(m_analysis.settings());
    fresh.setGritSettings(m_analysis.gritSettings());
    JobPace pace = m_analysis.tracker().pace();
    pace.forgetBefore(from);
    fresh.setPace(std::move(pace));
    fresh.addEvents(std::vector<Event>(m_kept.begin(), m_kept.end()));
    m_analysis = std::move(fresh);
}

void AnalysisWorker::priceAt(int64_t nowMs)
{
    {
        std::lock_guard lock(m_mutex);
        m_priceAt = nowMs;
    }
    m_wake.notify_all();
}

bool AnalysisWorker::takeNewer(std::shared_ptr<const IncidentAnalysis> &out, uint64_t &generation)
{
    std::lock_guard lock(m_mutex);
    if (!m_published || m_publishedGeneration == generation || m_publishedEpoch != m_epochAsked)
        return false;
    out = m_published;
    generation = m_publishedGeneration;
    return true;
}

void AnalysisWorker::waitUntilIdle()
{
    std::unique_lock lock(m_mutex);
    m_idle.wait(lock, m_worker.token(), [this] { return m_steps.empty() && !m_priceAt && !m_busy; });
}

void AnalysisWorker::run(std::stop_token stop)
{
    using Clock = std::chrono::steady_clock;
    Clock::time_point restUntil = Clock::now();
    while (!stop.stop_requested()) {
        std::vector<Step> steps;
        std::optional<int64_t> priceAt;
        uint64_t epoch = 0;
        {
            std::unique_lock lock(m_mutex);
            m_busy = false;
            m_idle.notify_all();
            // At least once a second, to free the analyses let go of meanwhile.
            m_wake.wait_for(lock, stop, std::chrono::seconds(1), [this] { return !m_steps.empty() || m_priceAt; });
            lock.unlock();
            bury();
            lock.lock();
            if (m_steps.empty() && !m_priceAt)
                continue;
            if (stop.stop_requested())
                return;
            // Resting after a long pricing: what arrives is applied, but the next price waits
            // for the rest to end, unless the session started over (a jump wants its price now).
            const bool startedOver = m_epochAsked != m_epochApplied;
            if (!startedOver && m_steps.empty() && Clock::now() < restUntil) {
                m_wake.wait_until(lock, stop, restUntil, [this] { return m_epochAsked != m_epochApplied; });
                if (stop.stop_requested())
                    return;
            }
            steps.swap(m_steps);
            if (m_epochAsked != m_epochApplied || Clock::now() >= restUntil)
                priceAt = std::exchange(m_priceAt, std::nullopt);
            epoch = m_epochAsked;
            m_busy = true;
        }
        for (Step &step : steps)
            step(m_analysis);
        slideWindow();
        {
            std::lock_guard lock(m_mutex);
            m_epochApplied = epoch;
        }
        if (!priceAt)
            continue;
        const Clock::time_point began = Clock::now();
        m_analysis.update(*priceAt);
        std::shared_ptr<const IncidentAnalysis> published(new IncidentAnalysis(m_analysis),
                                                          [morgue = m_morgue](const IncidentAnalysis *body) {
                                                              std::unique_lock lock(morgue->mutex);
                                                              if (!morgue->workerGone) {
                                                                  morgue->bodies.push_back(body);
                                                                  return;
                                                              }
                                                              lock.unlock();
                                                              delete body;
                                                          });
        const Clock::time_point ended = Clock::now();
        restUntil = ended + (ended - began);
        std::lock_guard lock(m_mutex);
        m_published = std::move(published);
        ++m_publishedGeneration;
        m_publishedEpoch = epoch;
    }
}

} // namespace vigil
