// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/stragglerfinder.h"

#include "domain/lastheard.h"
#include "domain/metric.h"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace vigil {

const std::vector<PaceSignal> &paceSignals()
{
    static const std::vector<PaceSignal> signals {
        { metric::SmClock, false },
        { metric::TensorActive, true },
        { QStringLiteral("DCGM_FI_PROF_SM_ACTIVE"), true },
        { metric::RankComputeTime, true },
    };
    return signals;
}

double paceDeficit(const PaceSignal &signal, double own, double peers)
{
    if (!(own > 0.0) || !(peers > 0.0))
        return 0.0;
    return signal.higherIsSlower ? 1.0 - peers / own : 1.0 - own / peers;
}

double pcieLaneGBps(int gen)
{
    // 2.5, 5, 8, 16, 32, 64 and 128 GT/s a lane; 8b/10b coding to Gen2, 128b/130b from Gen3
    // (Gen6 and Gen7's FLIT mode is near enough to the same share).
    static constexpr double rates[] = { 0.25, 0.5, 0.985, 1.969, 3.938, 7.877, 15.754 };
    return gen >= 1 && gen <= int(std::size(rates)) ? rates[gen - 1] : qQNaN();
}

namespace {

// The median of `values` (reordered).
double medianOf(std::vector<double> &values)
{
    const size_t mid = values.size() / 2;
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(mid), values.end());
    double m = values[mid];
    if (values.size() % 2 == 0) {
        const double below = *std::max_element(values.begin(), values.begin() + std::ptrdiff_t(mid));
        m = (m + below) / 2.0;
    }
    return m;
}

constexpr size_t TensorSignal = 1;
constexpr size_t SmActiveSignal = 2;
constexpr int LinkSignal = 4; // after the pace signals
constexpr int NvlinkSignal = 5;

// The median of integer readings (widths, generations), rounded down to one the link can have.
int medianLinkValue(std::vector<double> &values)
{
    return values.empty() ? 0 : int(std::floor(medianOf(values)));
}

} // namespace

void StragglerFinder::setTopology(std::shared_ptr<const Topology> topology)
{
    m_topology = std::move(topology);
    startOver();
}

void StragglerFinder::startOver()
{
    const size_t gpus = m_topology ? m_topology->gpus.size() : 0;
    Q_ASSERT(paceSignals().size() == PaceSignalCount);
    m_gpus.assign(gpus, GpuWindow {});
    const size_t jobs = m_topology ? m_topology->jobs.size() : 0;
    m_jobPaceNow.assign(jobs, qQNaN());
    m_jobPaceBefore.assign(jobs, {});
    m_deficits.assign(gpus, std::nanf(""));
    m_stragglers.clear();
    m_nextSampleMs = 0;
    m_lastTimeMs = 0;
    m_windowStartMs = 0;
    m_samples = 0;
}

void StragglerFinder::observe(const ClusterState &state, std::vector<Event> &warnings)
{
    if (!m_topology || !state.topology() || state.topology()->gpus.size() != m_topology->gpus.size())
        return;
    const int64_t now = state.timeMs();
    if (now < m_lastTimeMs)
        startOver(); // a replay sought back: the windows under way are of another time
    m_lastTimeMs = now;
    if (now < m_nextSampleMs)
        return;
    // A window is WindowMs of cluster time, whatever the feed's rate: eight samples of a stream
    // at 1 Hz, three of exporters scraped every minute, two frames of a sparse recording.
    // (Readings too old at a sample are none: a feed that stopped leaves no stale mean.)
    if (m_samples == 0)
        m_windowStartMs = now;
    m_nextSampleMs = now + SampleEveryMs;
    sample(state);
    ++m_samples;
    if (now + SampleEveryMs - m_windowStartMs >= WindowMs) {
        judgeWindow(state, warnings);
        m_samples = 0;
    }
}

void StragglerFinder::sample(const ClusterState &state)
{
    const Topology &t = *m_topology;
    const int64_t now = state.timeMs();
    // A steady clock a delta stream does not send again still stands while the GPU is heard
    // from; a GPU that has gone quiet altogether has no reading.
    std::vector<int64_t> heard;
    gpusLastHeard(state, heard);
    for (size_t s = 0; s < paceSignals().size(); ++s) {
        const MetricColumn *column = state.column(paceSignals()[s].metric, EntityKind::Gpu);
        if (!column || column->values.size() != t.gpus.size())
            continue;
        for (size_t g = 0; g < t.gpus.size(); ++g) {
            if (t.jobOfGpu[g] < 0)
                continue;
            const float v = column->values[g];
            if (!std::isfinite(v) || column->lastReadingMs[g] == 0 || now - heard[g] > StaleAfterMs)
                continue;
            m_gpus[g].sum[s] += double(v);
            ++m_gpus[g].count[s];
        }
    }
    sampleLinks(state, heard);
    sampleNvlinks(state, heard);
}

void StragglerFinder::sampleLinks(const ClusterState &state, const std::vector<int64_t> &heard)
{
    const Topology &t = *m_topology;
    const MetricColumn *gens = state.column(metric::PcieLinkGen, EntityKind::Gpu);
    const MetricColumn *widths = state.column(metric::PcieLinkWidth, EntityKind::Gpu);
    if (!gens || !widths || gens->values.size() != t.gpus.size() || widths->values.size() != t.gpus.size())
        return;
    const int64_t now = state.timeMs();
    for (size_t g = 0; g < t.gpus.size(); ++g) {
        if (t.jobOfGpu[g] < 0 || now - heard[g] > StaleAfterMs || gens->lastReadingMs[g] == 0
            || widths->lastReadingMs[g] == 0)
            continue;
        const int gen = int(gens->values[g]);
        const float width = widths->values[g];
        const double rate = pcieLaneGBps(gen) * double(width);
        if (!std::isfinite(rate) || !(width >= 1.0f))
            continue;
        GpuWindow &w = m_gpus[g];
        w.linkSum += rate;
        ++w.linkCount;
        w.width = int(width);
        w.gen = gen;
    }
}

void StragglerFinder::sampleNvlinks(const ClusterState &state, const std::vector<int64_t> &heard)
{
    const Topology &t = *m_topology;
    const MetricColumn *links = state.column(metric::NvlinkActiveLinks, EntityKind::Gpu);
    if (!links || links->values.size() != t.gpus.size())
        return;
    const int64_t now = state.timeMs();
    for (size_t g = 0; g < t.gpus.size(); ++g) {
        // A GPU whose links idle has no reading: it is not compared in those samples.
        if (t.jobOfGpu[g] < 0 || now - heard[g] > StaleAfterMs || links->lastReadingMs[g] == 0
            || now - links->lastReadingMs[g] > StaleAfterMs || !std::isfinite(links->values[g]))
            continue;
        m_gpus[g].nvlinkSum += double(links->values[g]);
        ++m_gpus[g].nvlinkCount;
    }
}

bool StragglerFinder::jobIsIdle(const ClusterState &state, const std::vector<uint32_t> &gpus) const
{
    // An evaluation pause, a checkpoint save or a restart idles every GPU of the job: no
    // GPU is behind its peers then, whatever the noise says.
    auto medianOver = [&](const MetricColumn *column) {
        std::vector<double> values;
        values.reserve(gpus.size());
        for (uint32_t g : gpus)
            if (g < column->values.size() && std::isfinite(column->values[g]))
                values.push_back(double(column->values[g]));
        return values.empty() ? qQNaN() : medianOf(values);
    };
    if (const MetricColumn *tensor = state.column(paceSignals()[TensorSignal].metric, EntityKind::Gpu)) {
        const double m = medianOver(tensor);
        if (std::isfinite(m))
            return m < IdleActivity;
    }
    if (const MetricColumn *util = state.column(metric::GpuUtil, EntityKind::Gpu)) {
        const double m = medianOver(util);
        if (std::isfinite(m))
            return m < IdleUtilisation;
    }
    return false;
}

void StragglerFinder::judgeWindow(const ClusterState &state, std::vector<Event> &warnings)
{
    const Topology &t = *m_topology;
    ++m_windowsJudged;
    std::fill(m_deficits.begin(), m_deficits.end(), std::nanf(""));
    m_jobJudged.assign(t.jobs.size(), 0);
    std::fill(m_jobPaceNow.begin(), m_jobPaceNow.end(), qQNaN());
    for (uint32_t j = 0; j < t.jobs.size(); ++j) {
        const std::vector<uint32_t> &gpus = t.jobs[j].gpuIndices;
        bool judged = false;
        if (gpus.size() >= MinPeers && !jobIsIdle(state, gpus)) {
            bool tensorJudged = false;
            for (size_t s = 0; s < paceSignals().size(); ++s) {
                // The SMs' activity stands in for the tensor pipes' only where the exporter lacks them.
                if (s == SmActiveSignal && tensorJudged)
                    continue;
                const bool read = judgeSignal(j, s);
                tensorJudged |= s == TensorSignal && read;
                judged |= read;
            }
            if (judged) {
                judgeLinks(j);
                judgeNvlinks(j);
            }
            if (judged && standsOutAsAShape(gpus))
                judged = false;
        }
        if (judged && std::isfinite(m_jobPaceNow[j])) {
            std::vector<double> &before = m_jobPaceBefore[j];
            before.push_back(m_jobPaceNow[j]);
            if (before.size() > PaceHistory)
                before.erase(before.begin());
        }
        m_jobJudged[j] = judged;
        for (uint32_t g : gpus) {
            if (g >= m_gpus.size())
                continue;
            GpuWindow &w = m_gpus[g];
            if (judged) {
                const bool slow = w.window.signal >= 0;
                if (slow) {
                    w.latestSlow = w.window;
                    if (w.slowWindows == 0)
                        w.slowSinceMs = m_windowStartMs;
                    ++w.slowWindows;
                    w.fastWindows = 0;
                    if (w.slowWindows >= ConfirmWindows)
                        w.straggling = true;
                } else {
                    ++w.fastWindows;
                    if (w.fastWindows >= ConfirmWindows || !w.straggling) {
                        w.slowWindows = 0;
                        w.straggling = false;
                    }
                }
            }
            w.window = {};
            w.sum.fill(0.0);
            w.count.fill(0);
            w.linkSum = 0.0;
            w.linkCount = 0;
            w.nvlinkSum = 0.0;
            w.nvlinkCount = 0;
        }
    }
    collectStragglers(warnings, state.timeMs());
}

bool StragglerFinder::standsOutAsAShape(const std::vector<uint32_t> &gpus) const
{
    size_t slow = 0, largestNode = 1;
    for (uint32_t g : gpus)
        slow += g < m_gpus.size() && m_gpus[g].window.signal >= 0;
    for (uint32_t g : gpus)
        if (g < m_gpus.size())
            largestNode = std::max(largestNode, m_topology->gpusOfNode[m_topology->gpus[g].nodeIndex].size());
    return slow > std::max<size_t>(largestNode, size_t(MaxSlowShare * double(gpus.size())));
}

bool StragglerFinder::judgeSignal(uint32_t job, size_t s)
{
    const std::vector<uint32_t> &gpus = m_topology->jobs[job].gpuIndices;
    const PaceSignal &signal = paceSignals()[s];
    m_scratch.clear();
    for (uint32_t g : gpus)
        if (g < m_gpus.size() && enoughSamples(m_gpus[g].count[s]))
            m_scratch.push_back(m_gpus[g].sum[s] / m_gpus[g].count[s]);
    if (m_scratch.size() < MinPeers)
        return false;
    const double peers = medianOf(m_scratch);
    if ((s == TensorSignal || s == SmActiveSignal) && !std::isfinite(m_jobPaceNow[job]))
        m_jobPaceNow[job] = peers; // the job's pace this window, for what a narrowed link costs it
    for (double &v : m_scratch)
        v = std::abs(v - peers);
    const double spread = 1.4826 * medianOf(m_scratch);
    for (uint32_t g : gpus) {
        if (g >= m_gpus.size() || !enoughSamples(m_gpus[g].count[s]))
            continue;
        GpuWindow &w = m_gpus[g];
        const double own = w.sum[s] / w.count[s];
        const double deficit = paceDeficit(signal, own, peers);
        const double beyond = signal.higherIsSlower ? own - peers : peers - own;
        float &shown = m_deficits[g];
        if (!std::isfinite(shown) || float(deficit) > shown)
            shown = float(deficit);
        // Slow on this signal: far enough below its peers' pace, and beyond their spread.
        if (deficit >= MinDeficit && beyond > RobustZ * spread && deficit > w.window.deficit)
            w.window = { deficit, int(s), own, peers };
    }
    return true;
}

void StragglerFinder::judgeLinks(uint32_t job)
{
    const std::vector<uint32_t> &gpus = m_topology->jobs[job].gpuIndices;
    std::vector<double> widths, gens;
    m_scratch.clear();
    for (uint32_t g : gpus)
        if (g < m_gpus.size() && enoughSamples(m_gpus[g].linkCount)) {
            const GpuWindow &w = m_gpus[g];
            m_scratch.push_back(w.linkSum / w.linkCount);
            widths.push_back(w.width);
            gens.push_back(w.gen);
        }
    if (m_scratch.size() < MinPeers)
        return;
    const double peers = medianOf(m_scratch);
    const int peerWidth = medianLinkValue(widths), peerGen = medianLinkValue(gens);
    for (uint32_t g : gpus) {
        if (g >= m_gpus.size() || !enoughSamples(m_gpus[g].linkCount))
            continue;
        GpuWindow &w = m_gpus[g];
        const double own = w.linkSum / w.linkCount;
        // Slow for its pace already: that finding is measured on the GPU itself, and says more.
        if (!(peers > 0.0) || 1.0 - own / peers < MinLinkShortfall || w.window.signal >= 0)
            continue;
        priceLinkWindow(w, job, LinkSignal);
        w.window.own = own;
        w.window.peers = peers;
        w.window.ownWidth = w.width;
        w.window.ownGen = w.gen;
        w.window.peerWidth = peerWidth;
        w.window.peerGen = peerGen;
    }
}

void StragglerFinder::priceLinkWindow(GpuWindow &w, uint32_t job, int signal)
{
    if (w.slowWindows == 0 || w.latestSlow.signal != signal) { // its link's slow run begins
        std::vector<double> history = m_jobPaceBefore[job];
        w.paceBefore = history.size() >= 2 ? medianOf(history) : 0.0; // 0: too little history
    }
    const double paceNow = m_jobPaceNow[job];
    const bool measured = w.paceBefore > 0.0 && std::isfinite(paceNow);
    const double deficit = measured ? std::clamp(1.0 - paceNow / w.paceBefore, 0.0, 0.5) : 0.0;
    w.window = {};
    w.window.deficit = deficit;
    w.window.signal = signal;
    w.window.measured = measured;
}

void StragglerFinder::judgeNvlinks(uint32_t job)
{
    const std::vector<uint32_t> &gpus = m_topology->jobs[job].gpuIndices;
    m_scratch.clear();
    for (uint32_t g : gpus)
        if (g < m_gpus.size() && enoughSamples(m_gpus[g].nvlinkCount))
            m_scratch.push_back(m_gpus[g].nvlinkSum / m_gpus[g].nvlinkCount);
    if (m_scratch.size() < MinPeers)
        return;
    const double peers = medianOf(m_scratch);
    for (uint32_t g : gpus) {
        if (g >= m_gpus.size() || !enoughSamples(m_gpus[g].nvlinkCount))
            continue;
        GpuWindow &w = m_gpus[g];
        const double own = w.nvlinkSum / w.nvlinkCount;
        // Slow for its pace or its PCIe link already: that finding says more.
        if (!(peers >= 1.0) || peers - own < MinQuietLinks || w.window.signal >= 0)
            continue;
        priceLinkWindow(w, job, NvlinkSignal);
        w.window.own = own;
        w.window.peers = peers;
        w.window.ownWidth = int(std::lround(own));
        w.window.peerWidth = int(std::lround(peers));
    }
}

void StragglerFinder::collectStragglers(std::vector<Event> &warnings, int64_t nowMs)
{
    const Topology &t = *m_topology;
    m_stragglers.clear();
    for (uint32_t j = 0; j < t.jobs.size(); ++j) {
        // A job not judged in this window (idle, ended, too few readings) says nothing new of
        // its stragglers: they are neither listed nor warned of again until it is.
        if (!m_jobJudged[j])
            continue;
        const std::vector<uint32_t> &gpus = t.jobs[j].gpuIndices;
        // A node whose GPUs are slow together is named once: the node, not each GPU.
        std::vector<std::pair<uint32_t, uint32_t>> byNode; // (node, gpu), straggling GPUs
        for (uint32_t g : gpus)
            if (g < m_gpus.size() && m_gpus[g].straggling)
                byNode.emplace_back(t.gpus[g].nodeIndex, g);
        std::sort(byNode.begin(), byNode.end());
        for (size_t i = 0; i < byNode.size();) {
            size_t end = i;
            while (end < byNode.size() && byNode[end].first == byNode[i].first)
                ++end;
            Straggler st;
            st.job = int32_t(j);
            st.jobGpus = uint32_t(gpus.size());
            st.gpusFlagged = uint32_t(end - i);
            st.entity = st.gpusFlagged > 1 ? EntityRef { EntityKind::Node, byNode[i].first }
                                           : EntityRef { EntityKind::Gpu, byNode[i].second };
            st.sinceMs = INT64_MAX;
            int64_t announcedMs = 0;
            bool slowNow = false; // a straggler fast again waits out its windows without a word
            bool found = false;
            for (size_t k = i; k < end; ++k) {
                const GpuWindow &w = m_gpus[byNode[k].second];
                slowNow |= w.fastWindows == 0;
                st.sinceMs = std::min(st.sinceMs, w.slowSinceMs);
                announcedMs = std::max(announcedMs, w.announcedMs);
                const GpuWindow::Finding &f = w.latestSlow;
                if (f.signal < 0)
                    continue;
                // A GPU's own pace is measured on it, a link's cost on the whole job: the former names the node.
                const bool link = f.signal == LinkSignal || f.signal == NvlinkSignal;
                const bool wasLink = st.cause != StragglerCause::Pace;
                const bool better = !found || (wasLink && !link) || (link == wasLink && f.deficit > st.deficit);
                if (!better)
                    continue;
                found = true;
                st.deficit = f.deficit;
                st.own = f.own;
                st.peers = f.peers;
                st.cause = f.signal == LinkSignal ? StragglerCause::PcieLink
                    : f.signal == NvlinkSignal    ? StragglerCause::Nvlink
                                                  : StragglerCause::Pace;
                st.signal = f.signal == LinkSignal ? QStringLiteral("PCIe link")
                    : f.signal == NvlinkSignal     ? QStringLiteral("NVLink")
                                                   : paceSignals()[size_t(f.signal)].metric;
                st.ownWidth = f.ownWidth;
                st.ownGen = f.ownGen;
                st.peerWidth = f.peerWidth;
                st.peerGen = f.peerGen;
                st.deficitMeasured = f.measured;
            }
            if (found) {
                if (slowNow && (announcedMs == 0 || nowMs - announcedMs >= ReannounceMs)) {
                    warnings.push_back(warningOf(st, t, nowMs));
                    for (size_t k = i; k < end; ++k)
                        m_gpus[byNode[k].second].announcedMs = nowMs;
                }
                m_stragglers.push_back(std::move(st));
            }
            i = end;
        }
    }
}

namespace {

QString linkWarningText(const Straggler &st)
{
    const QString who = st.entity.kind == EntityKind::Node
        ? QStringLiteral("%1 of its GPUs' PCIe links run, the narrowest").arg(st.gpusFlagged)
        : QStringLiteral("GPU's PCIe link runs");
    const QString link = QStringLiteral("%1 at x%2 Gen%3 against x%4 Gen%5 for the median of its %6 peers in the job "
                                        "(%7 against %8 GB/s)")
                             .arg(who)
                             .arg(st.ownWidth)
                             .arg(st.ownGen)
                             .arg(st.peerWidth)
                             .arg(st.peerGen)
                             .arg(st.jobGpus - 1)
                             .arg(st.own, 0, 'f', 1)
                             .arg(st.peers, 0, 'f', 1);
    if (!st.deficitMeasured)
        return link
            + QStringLiteral("; what the job loses is not measured: the link was already narrow when Vigil began to "
                             "compare it");
    return link
        + QStringLiteral("; the job has run %1 % slower since it narrowed, and loses %2 GPU-hours an hour")
              .arg(st.deficit * 100.0, 0, 'f', 1)
              .arg(st.lostGpuHoursPerHour(), 0, 'f', 1);
}

QString nvlinkWarningText(const Straggler &st)
{
    const QString who = st.entity.kind == EntityKind::Node
        ? QStringLiteral("%1 of its GPUs have NVLinks gone quiet; the fewest carrying traffic:").arg(st.gpusFlagged)
        : QStringLiteral("GPU's NVLinks carrying traffic:");
    const QString links = QStringLiteral("%1 %2 against %3 for the median of its %4 peers in the job")
                              .arg(who)
                              .arg(st.own, 0, 'f', 1)
                              .arg(st.peers, 0, 'f', 1)
                              .arg(st.jobGpus - 1);
    if (!st.deficitMeasured)
        return links
            + QStringLiteral("; what the job loses is not measured: the link was already quiet when Vigil began to "
                             "compare it");
    return links
        + QStringLiteral("; the job has run %1 % slower since the link went quiet, and loses %2 GPU-hours an hour")
              .arg(st.deficit * 100.0, 0, 'f', 1)
              .arg(st.lostGpuHoursPerHour(), 0, 'f', 1);
}

} // namespace

Event StragglerFinder::warningOf(const Straggler &st, const Topology &t, int64_t timeMs)
{
    Event e;
    e.timeMs = timeMs;
    e.type = EventType::Straggler;
    e.severity = Severity::Warning;
    e.entity = st.entity;
    e.value = st.deficit;
    e.code = int32_t(st.cause);
    if (st.job >= 0 && size_t(st.job) < t.jobs.size())
        e.jobId = t.jobs[size_t(st.job)].id;
    if (st.cause == StragglerCause::PcieLink) {
        e.message = linkWarningText(st);
        return e;
    }
    if (st.cause == StragglerCause::Nvlink) {
        e.message = nvlinkWarningText(st);
        return e;
    }
    const QString who = st.entity.kind == EntityKind::Node ? QStringLiteral("%1 of its GPUs are").arg(st.gpusFlagged)
                                                           : QStringLiteral("GPU is");
    e.message = QStringLiteral("%1 %2 % slower than the median of its %3 peers in the job (%4 %5 against %6); "
                               "the job loses %7 GPU-hours an hour")
                    .arg(who)
                    .arg(st.deficit * 100.0, 0, 'f', 1)
                    .arg(st.jobGpus - 1)
                    .arg(st.signal)
                    .arg(st.own, 0, 'g', 4)
                    .arg(st.peers, 0, 'g', 4)
                    .arg(st.lostGpuHoursPerHour(), 0, 'f', 1);
    return e;
}

} // namespace vigil
