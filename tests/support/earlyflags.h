// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "independenttelemetry.h"

#include <QString>

#include <vector>

namespace vigil::test {

// The signs of a GPU coming apart, scored on the independent telemetry's failures: one
// ScrapeWatch per exporter (as each DCGM source keeps one), sharing the floor's latencies, fed
// every node's page as the DCGM mapper maps it and the time the scrape took; the Xids read
// from the kernel log the world writes. Beside it the rules without peers: a node whose
// scrape takes over FixedSlowMs three times in five minutes; a GPU lacking any reading it had
// (whatever its node's other GPUs carry) in three scrapes in ten minutes, or absent from two
// pages in a row.
struct EarlyFlagScore
{
    static constexpr int64_t HorizonMs = 24 * 3600000LL; // a flag is borne out by a failure this soon after
    static constexpr double FixedSlowMs = 1000.0;
    static constexpr double TimeoutMs = 5000.0; // what a scrape without an answer took

    struct Flag
    {
        int64_t timeMs = 0;
        EntityRef entity;
        EventType type = EventType::Unspecified;
        bool borneOut = false;
        QString message;
    };
    std::vector<Flag> watch, fixedThreshold;
    // The failures whose Xid the kernel log gave within the span (indices into the world's
    // failures), and per failure the minutes from the first flag on its GPU or node (within
    // HorizonMs before the Xid) to the Xid; -1: not flagged before it.
    std::vector<size_t> failures;
    std::vector<double> watchLeadMinutes, fixedLeadMinutes;
    double days = 0.0;
    QString error;

    size_t falseAlarms(const std::vector<Flag> &flags) const;
    double falseAlarmsPerDay(const std::vector<Flag> &flags) const
    {
        return days > 0.0 ? double(falseAlarms(flags)) / days : 0.0;
    }
    // The share of failures flagged before their Xid.
    static double share(const std::vector<double> &leadMinutes);
};
EarlyFlagScore scoreEarlyFlags(const IndependentTelemetry &world, int64_t durationMs, int64_t scrapeEveryMs = 30000);

} // namespace vigil::test
