// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/clusterstate.h"
#include "domain/event.h"

#include <array>
#include <memory>
#include <vector>

namespace vigil {

// A field that shows how fast a GPU trains, compared across a job's GPUs. A synchronous
// job waits for its slowest member: a GPU held at a lower clock computes slower, and the
// GPU that computes slowest is the one whose tensor pipes are busy while its peers wait
// in the collective.
struct PaceSignal
{
    QString metric; // DCGM's field name
    bool higherIsSlower; // busy time (higher is slower) rather than a rate (lower is slower)
};
// The fields compared, in the order a finding names them: the SM clock, the tensor pipes'
// activity, the SMs' activity (where the exporter has no tensor field), and each rank's
// compute time per step where a training log gives it (metric::RankComputeTime).
const std::vector<PaceSignal> &paceSignals();
constexpr size_t PaceSignalCount = 4; // paceSignals().size()

// How much slower a GPU trains than its job's median GPU on one signal: the share of
// speed it lacks (0.025: it does 2.5 % less work a second). A clock compares as a rate
// (1 − own / peers); busy time as its inverse (1 − peers / own). Negative: faster.
double paceDeficit(const PaceSignal &signal, double own, double peers);

// One lane's usable rate in one direction, GB/s, at PCIe generation `gen` (1–7; after line
// coding: Gen3 on are 128b/130b), NaN for a generation PCIe does not have. A link's rate
// is its width times this.
double pcieLaneGBps(int gen);

// Why a straggler keeps its job waiting: it computes slower (its clock or its tensor pipes
// show it), or its PCIe link trained down, which shows only in the link's readings (its
// peers wait for its transfers, and every GPU's activity falls together).
enum class StragglerCause : int32_t
{
    Pace = 0,
    PcieLink = 1,
    Nvlink = 2, // one of its NVLinks went quiet: its collectives run on fewer links
};

// A GPU (or a node, when more than one of its GPUs is) that keeps its job waiting.
struct Straggler
{
    EntityRef entity;
    int32_t job = -1;
    uint32_t jobGpus = 0;
    uint32_t gpusFlagged = 1; // a node: how many of its GPUs are slow
    double deficit = 0.0; // share of speed lacked (the worst of its GPUs')
    QString signal; // the field that shows it most
    double own = 0.0, peers = 0.0; // that field's mean over the window, and the job's median
    int64_t sinceMs = 0; // the start of the first window it was slow in
    StragglerCause cause = StragglerCause::Pace;
    // A PCIe-link straggler: its link and its peers' (median) as width and generation, and
    // whether `deficit` was measured. The deficit of a link is its job's fall in pace since
    // the link narrowed; a link already narrow when the finder began has no pace before it.
    // An NVLink straggler: its links carrying traffic (ownWidth) and its peers' median (peerWidth).
    int ownWidth = 0, ownGen = 0, peerWidth = 0, peerGen = 0;
    bool deficitMeasured = true;
    // What it costs: the whole job runs at its pace, so the job does `deficit` less work an hour.
    double lostGpuHoursPerHour() const { return double(jobGpus) * deficit; }
};

// Finds the GPUs that are slower than their peers in the same job (docs/stragglers.md):
// - every SampleEveryMs of cluster time (or at every state, when the feed is sparser) it takes
//   each job GPU's latest reading of each pace signal (one older than StaleAfterMs is none);
// - every WindowMs (at least two samples' worth) it compares each GPU's mean (of at least half
//   the window's samples) with the job's median and
//   robust spread (1.4826 × the median absolute deviation): a GPU is slow in a window when
//   it lacks at least MinDeficit of its peers' speed and lies RobustZ spreads beyond them;
// - slow in ConfirmWindows windows running, it is a straggler; fast again for as many, not.
// A GPU whose PCIe link (width × generation's lane rate, DCGM_FI_DEV_PCIE_LINK_WIDTH and
// _GEN) is at least MinLinkShortfall below its peers' median in a judged window is slow in
// it too, when its pace signals do not already say so. Its deficit is what the job lost:
// 1 − the job's median tensor activity (SM activity without it) now / its median over the
// PaceHistory windows before the link's first slow window.
// A GPU with at least MinQuietLinks fewer NVLinks carrying traffic (metric::NvlinkActiveLinks,
// from dcgm-exporter 4.10's rates per link) than its peers' median over a judged window is slow
// in it too, priced as a narrowed PCIe link is.
// A job that slows as a whole moves its median with it and has no straggler; a job with
// fewer than MinPeers GPUs compared, or idle (its median tensor activity under IdleActivity,
// or its utilisation under IdleUtilisation), is not judged in that window. Nor is a window
// in which more of a job's GPUs stand out than a node's worth and MaxSlowShare of them: that
// is the job's own shape (a pipeline stage with more work than the others), not a straggler.
class StragglerFinder
{
public:
    static constexpr int64_t SampleEveryMs = 15000;
    static constexpr int64_t WindowMs = 120000;
    static constexpr int WindowSamples = int(WindowMs / SampleEveryMs); // at the full rate
    static constexpr int64_t StaleAfterMs = 120000; // exporters collect every 30 s, scrapers come every 15–60 s
    static constexpr double MinDeficit = 0.015;
    static constexpr double RobustZ = 5.0;
    static constexpr int ConfirmWindows = 3;
    static constexpr uint32_t MinPeers = 8;
    static constexpr double MaxSlowShare = 0.05;
    static constexpr double IdleActivity = 0.05;
    static constexpr double IdleUtilisation = 30.0;
    static constexpr int64_t ReannounceMs = 10 * 60000; // a straggler's warning repeats while it lasts
    static constexpr double MinLinkShortfall = 0.25; // x12 for x16 at the least; x8 or a generation down is 0.5
    static constexpr size_t PaceHistory = 4;
    static constexpr double MinQuietLinks = 0.5; // half a link's worth, as a mean over the window

    // Starts over on this topology (and its jobs).
    void setTopology(std::shared_ptr<const Topology> topology);
    // Looks at the state when a sample is due; the warnings of stragglers confirmed (or still
    // slow ReannounceMs after their last warning) are appended to `warnings`. Time going
    // back (a replay sought) starts over.
    void observe(const ClusterState &state, std::vector<Event> &warnings);

    // The stragglers as they stand, by job and entity.
    const std::vector<Straggler> &stragglers() const { return m_stragglers; }
    // Per GPU: its deficit against its job's peers in the latest window that judged it
    // (the worst over the signals), NaN for a GPU not compared.
    const std::vector<float> &deficits() const { return m_deficits; }
    int64_t windowsJudged() const { return m_windowsJudged; }

    // The warning a straggler raises, as the journal carries it.
    static Event warningOf(const Straggler &straggler, const Topology &topology, int64_t timeMs);

private:
    struct GpuWindow
    {
        // Per signal, in place: at 100k GPUs two vectors a GPU were 200,000 blocks and 29 MB.
        std::array<double, PaceSignalCount> sum {};
        std::array<int, PaceSignalCount> count {};
        int slowWindows = 0;
        int fastWindows = 0;
        bool straggling = false;
        int64_t slowSinceMs = 0;
        int64_t announcedMs = 0;
        // The link: its rate summed over the window's samples, and its latest width and generation.
        double linkSum = 0.0;
        int linkCount = 0;
        int width = 0, gen = 0;
        double nvlinkSum = 0.0; // NVLinks carrying traffic, summed over the window's samples
        int nvlinkCount = 0;
        double paceBefore = 0.0; // the job's pace before its link's slow run began (0: unknown)
        struct Finding
        {
            double deficit = 0.0;
            int signal = -1; // none: not slow; LinkSignal: its PCIe link; NvlinkSignal: its NVLinks
            double own = 0.0, peers = 0.0;
            int ownWidth = 0, ownGen = 0, peerWidth = 0, peerGen = 0;
            bool measured = true;
        };
        Finding window; // the window under way's, as the signals are judged
        Finding latestSlow; // the latest window it was slow in
    };
    void sample(const ClusterState &state);
    void judgeWindow(const ClusterState &state, std::vector<Event> &warnings);
    bool jobIsIdle(const ClusterState &state, const std::vector<uint32_t> &gpus) const;
    bool judgeSignal(uint32_t job, size_t signal); // false: too few GPUs had readings of it
    void sampleLinks(const ClusterState &state, const std::vector<int64_t> &heard);
    void judgeLinks(uint32_t job);
    void sampleNvlinks(const ClusterState &state, const std::vector<int64_t> &heard);
    void judgeNvlinks(uint32_t job);
    // What a link's slow window costs: its job's fall in pace since the link's slow run began.
    void priceLinkWindow(GpuWindow &w, uint32_t job, int signal);
    bool standsOutAsAShape(const std::vector<uint32_t> &gpus) const;
    // A GPU is compared on a signal read in at least half the window's samples.
    bool enoughSamples(int count) const { return count > 0 && count * 2 >= m_samples; }
    void collectStragglers(std::vector<Event> &warnings, int64_t nowMs);
    void startOver();

    std::shared_ptr<const Topology> m_topology;
    std::vector<GpuWindow> m_gpus;
    std::vector<float> m_deficits;
    std::vector<Straggler> m_stragglers;
    std::vector<uint8_t> m_jobJudged; // per job, in the latest window
    std::vector<double> m_jobPaceNow; // per job: its median tensor (or SM) activity this window, NaN: none
    std::vector<std::vector<double>> m_jobPaceBefore; // per job: the last PaceHistory windows' paces
    int64_t m_nextSampleMs = 0;
    int64_t m_lastTimeMs = 0;
    int64_t m_windowStartMs = 0;
    int m_samples = 0;
    int64_t m_windowsJudged = 0;
    std::vector<double> m_scratch;
};

} // namespace vigil
