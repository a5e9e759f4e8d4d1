// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <utility>

namespace vigil {

// One Xid, one event. The kernel log and dcgm-exporter's XID_ERRORS gauge both
// report a GPU's Xid; counted twice, every failure would cost twice in the report.
// The sources that see Xids share one merger: the first report of a GPU's code
// within the window stands, a later one from the other source is merged into it
// (dropped, and counted). dcgm's reports wait a moment first (see BridgeSource), so
// that the kernel's, which names the process and carries the driver's text, is
// the one that stands when both arrive together. Any thread.
class XidMerger
{
public:
    enum class Source
    {
        KernelLog,
        Dcgm
    };
    explicit XidMerger(int64_t windowMs = 5 * 60 * 1000)
        : m_windowMs(windowMs)
    { }

    // Whether this report stands (true), or the other source already reported the same
    // GPU and code within the window (false: merged into that one).
    bool admit(Source source, uint32_t gpu, int code, int64_t timeMs);
    uint64_t merged() const;
    // Reports held for merging: bounded by the Xids of the last two windows, not by every
    // GPU and code ever seen.
    size_t remembered() const;

private:
    struct Seen
    {
        int64_t timeMs;
        Source source;
    };
    const int64_t m_windowMs;
    mutable std::mutex m_mutex;
    std::multimap<std::pair<uint32_t, int>, Seen> m_seen;
    size_t m_sweepAt = 1024; // the next size at which old reports are swept out
    uint64_t m_merged = 0;
};

} // namespace vigil
