// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"

#include <QByteArray>
#include <QString>

#include <vector>

namespace vigil {

// What really happened, kept out of the stream the dashboard analyses: one
// record per failure, with its true root cause and the warnings that truly
// belonged to it. Correlation is scored against these.
struct FailureTruth
{
    uint64_t failureId = 0;
    int64_t timeMs = 0;
    QString component; // e.g. "GPU HBM3 Memory"
    QString category; // e.g. "GPU"
    EntityRef rootEntity;
    std::vector<uint64_t> precursorEventIds; // warnings caused by this failure
    std::vector<uint64_t> failureEventIds; // the hardware event and the job event at the failure
    QString jobId; // the job it disrupted, if any
    int64_t stepAtFailure = 0;
    int64_t checkpointStep = 0; // where the job will resume
    bool scripted = false; // part of a scenario's story rather than background
    QString story; // one line, for scripted failures

    // One JSON object on one line (the --truth file format, docs/scenarios.md).
    QByteArray toJsonLine() const;
};

} // namespace vigil
