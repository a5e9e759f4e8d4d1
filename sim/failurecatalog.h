// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "domain/xidcatalog.h"

#include <QString>

#include <vector>

namespace vigil {

// Where a failure's root cause lives.
enum class RootKind
{
    Gpu,
    Node,
    Switch,
    Job
};

// One row of the failure mix: a component that interrupts training, how often
// (calibrated on the 419 unexpected interruptions of Llama 3 405B pre-training,
// 54 days on 16,384 H100s, "The Llama 3 Herd of Models" Table 5), what the
// hardware says when it fails, what the job sees, and what warned beforehand.
struct FailureCause
{
    QString component; // as the table names it, e.g. "GPU HBM3 Memory"
    QString category; // GPU, Network, Host, Dependency, Unplanned Maintenance, Unknown
    int interruptions; // count in the table
    RootKind root;
    EventType hardwareEvent; // what the failing part reports (Unspecified: nothing)
    std::vector<int> xidCodes; // for EventType::Xid, one is picked
    EventType jobEvent; // what the job sees: crash, NCCL timeout, OOM
    EventType precursor; // warnings that show up before the failure (Unspecified: none)
    double precursorShare; // fraction of these failures that were preceded by warnings
};

const std::vector<FailureCause> &failureCatalog();
int catalogInterruptions(); // 419

// Failures per GPU per day at Llama-3 scale: 419 / (54 days × 16,384 GPUs).
constexpr double FailuresPerGpuDay = 419.0 / (54.0 * 16384.0);

} // namespace vigil
