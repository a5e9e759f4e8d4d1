// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "domain/topology.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace vigil::test {

// A cluster history from a family of its own, independent of the simulator the
// analysis was written beside: other proportions, other noise, other shapes of
// precursor. It is written as the CSV an operator would import (the public path,
// docs/recording-format.md), with the truth of every failure beside it.
//
// Six jobs of 16 to 256 GPUs on a 1,024-GPU floor, 30 days. Background warnings
// everywhere at about ten times the simulator's rate (correctable ECC, throttling,
// link flaps, NVLink CRC, PDU load), and racks whose inlet warns all the time.
// Failures: a third with a fault as the job went down (half of them warned before,
// from minutes to a day ahead, some on lemon GPUs that fail again and again); a
// quarter with only a burst of warnings before them on the GPU, node or leaf that
// failed; PDU trips and leaf switches that stop every job in their rack; the rest
// software (some with the application's own Xid 13 or 43). Restarts automatic with
// rollback, by hand after notes and drains, without rollback; some runs given up.
struct IndependentHistory
{
    struct Failure
    {
        QString jobId;
        int64_t failedMs = 0;
        std::optional<EntityRef> cause; // none: software, nothing to find
        QString story; // what happened, for a failure's message
        // What it cost, as the generator made it: the job's GPUs from the failure until it ran
        // again, and the steps it trained again (since the checkpoint it rolled back to; a run
        // given up loses the same).
        double lostGpuHours = 0.0;
    };
    std::shared_ptr<Topology> topology;
    QByteArray csv;
    std::vector<Failure> failures;
    int64_t startMs = 0, endMs = 0;
};

IndependentHistory independentHistory(uint64_t seed);

// Top-1 attribution on histories of the family, imported into recordings under `folder`
// through the public path and analysed as every view analyses them; the failures a
// hardware entity caused are the ones to find, the software ones have nothing to find.
// Beside it, the obvious rule (blame the last warning before the failure on anything
// that reaches the job) as a baseline.
struct IndependentScore
{
    struct Tally
    {
        int truePositives = 0, falsePositives = 0, falseNegatives = 0, trueNegatives = 0;
        int wrongEntity = 0; // named another entity than the cause: both a false positive and a false negative
        double precision() const;
        double recall() const;
    };
    Tally analysis, lastWarning;
    size_t failures = 0;
    QStringList mistakes; // the analysis's
    // The incidents of the failures against the generator's truth, over every history scored.
    size_t incidents = 0;
    double lostGpuHours = 0.0, trueLostGpuHours = 0.0;
    QString error; // the history could not be imported or read
};
IndependentScore scoreIndependentFamily(const QString &folder, uint64_t firstSeed, uint64_t lastSeed);

} // namespace vigil::test
