// SPDX-License-Identifier: GPL-3.0-or-later
#include "sources/scrapegroup.h"

#include <condition_variable>
#include <mutex>

namespace vigil {

ScrapeGroup::ScrapeGroup(std::vector<DcgmSource *> sources, std::chrono::milliseconds interval)
    : m_sources(std::move(sources))
    , m_interval(interval)
{ }

ScrapeGroup::~ScrapeGroup()
{
    stop();
}

void ScrapeGroup::pollOnce()
{
    std::vector<HttpRequest> requests;
    requests.reserve(m_sources.size());
    for (DcgmSource *s : m_sources) {
        s->countPoll();
        requests.push_back(s->scrapeRequest());
    }
    const int64_t now = wallClockMs();
    const std::vector<HttpResponse> responses = httpGetAll(requests);
    for (size_t i = 0; i < m_sources.size(); ++i)
        m_sources[i]->ingestScrape(responses[i], now);
}

void ScrapeGroup::run(std::stop_token stop)
{
    HttpMulti transfers;
    std::mutex idle; // for the wait between polls, which only a stop interrupts
    std::condition_variable_any wake;
    std::vector<uint8_t> asked(m_sources.size(), 0);
    std::vector<int64_t> askedAtMs(m_sources.size(), 0);
    auto next = std::chrono::steady_clock::now();
    while (!stop.stop_requested()) {
        if (std::chrono::steady_clock::now() >= next) {
            const int64_t now = wallClockMs();
            for (size_t i = 0; i < m_sources.size(); ++i)
                if (!asked[i]) { // one still answering is asked again once it has answered
                    m_sources[i]->countPoll();
                    transfers.start(i, m_sources[i]->scrapeRequest());
                    asked[i] = 1;
                    askedAtMs[i] = now;
                }
            next += m_interval;
            next = std::max(next, std::chrono::steady_clock::now());
        }
        const auto untilNext
            = std::chrono::duration_cast<std::chrono::milliseconds>(next - std::chrono::steady_clock::now());
        if (transfers.inFlight() == 0) {
            std::unique_lock lock(idle);
            wake.wait_until(lock, stop, next, [] { return false; });
            continue;
        }
        // Short waits: a stop is noticed within 100 ms even while an exporter is slow.
        for (auto &[i, response] : transfers.wait(int(std::clamp<int64_t>(untilNext.count(), 0, 100)))) {
            asked[i] = 0;
            m_sources[i]->ingestScrape(response, askedAtMs[i]);
        }
    }
}

void ScrapeGroup::start()
{
    m_worker.start([this](std::stop_token stop) { run(stop); });
}

void ScrapeGroup::stop()
{
    m_worker.stop();
}

} // namespace vigil
