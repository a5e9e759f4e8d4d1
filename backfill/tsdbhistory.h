// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sources/bridgesource.h"

#include <QCommandLineParser>
#include <QString>

#include <functional>
#include <memory>

namespace vigil {

// A past span of a cluster's telemetry, read from the Prometheus-compatible time-series
// database its gateways remote-write to (or that scrapes dcgm-exporter), made into a
// Vigil recording: the dashboard scrubs it and vigil-report reports on it like any other.
struct TsdbHistoryRequest
{
    BridgeSpec source; // Kind::Prometheus: the query API, its credentials and host label
    int64_t fromMs = 0;
    int64_t toMs = 0;
    int64_t stepMs = 15000; // one frame per step
    QString recordingPath; // created, or appended to
    std::shared_ptr<const Topology> topology; // a topology file's; none: laid out from the series' labels
    // Where the NOC's shared bookmarks over the span come from (a gateway's GetBookmarks): notes
    // about instants, or why not. None: the span is read without them.
    using Bookmarks = std::function<std::vector<Event>(int64_t fromMs, int64_t toMs, QString *error)>;
    Bookmarks bookmarks;
};

struct TsdbHistoryOutcome
{
    QString error; // nothing was made: the reason
    PrometheusSpanRead read;
    uint64_t frames = 0; // as the recorder stored them
    uint64_t events = 0;
    size_t gpus = 0;
    size_t bookmarks = 0; // the NOC's bookmarks over the span, recorded with it
    QString bookmarksError; // why they could not be had (the span is read all the same)
};

// Checks the request (a span that ends after it starts, a step of at least a second and
// at most a day, no more than 11,000 steps a day... see docs/tsdb-history.md); returns
// the reason it cannot be done, or nothing.
QString checkTsdbHistoryRequest(const TsdbHistoryRequest &request);

// Reads the span chunked under the server's limits, lays the cluster out as of the span's
// end, and records every instant at its own time. Stretches the server could not give
// are recorded as gaps with the reason. `progress` (share done) returning false cancels;
// what was read by then is kept.
TsdbHistoryOutcome recordTsdbHistory(const TsdbHistoryRequest &request,
                                     const std::function<bool(double)> &progress = {},
                                     const std::function<void(const QString &)> &log = {});

// One line on what was read: frames, GPUs, queries and splits, stretches missing.
QString describeTsdbHistory(const TsdbHistoryOutcome &outcome);

// What vigil-record and vigil-report both take the same way: the query API and its node label
// (--from-prometheus URL, --host-label), the step (--step, seconds) and the topology file
// (--topology). The span and the recording are each program's own. Returns why not.
QString tsdbHistoryRequestFromCommandLine(const QCommandLineParser &parser, TsdbHistoryRequest &request);

} // namespace vigil
