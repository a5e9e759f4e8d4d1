// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <map>
#include <vector>

namespace vigil {

// Reading dcgm-exporter's series back out of a Prometheus-compatible query API
// (Prometheus, VictoriaMetrics, Thanos...) as the exporter's own exposition text,
// so that one mapper turns both into readings.

// The PromQL selector for the DCGM series: every DCGM field and 1.x name.
QString dcgmSelector();
// The series every GPU and every MIG instance has (temperature; graphics engine activity for an
// instance), for telling which were there over a span without asking for every field.
QString presenceSelector();

// How the series' labels become the exporter's: the label that names the node
// (default: the exporter's Hostname, else Prometheus's `instance` without its port).
struct PrometheusLabelMapping
{
    QString hostLabel; // empty: Hostname, then instance
};

// An instant query's answer (resultType "vector") as exposition text, one line a
// series; `evaluatedMs` is the query's time. Returns an error for an answer that is
// not a successful vector.
QString instantToExposition(const QByteArray &json, const PrometheusLabelMapping &mapping, QByteArray &text,
                            int64_t *evaluatedMs = nullptr, size_t *series = nullptr);

// A series API's answer (/api/v1/series: the label sets of every series with a sample in a
// span) appended to `text` as exposition lines with no reading ("NaN"), for the series
// `text` does not hold yet: what lays out a GPU that reported during the span and had
// gone by its end. `added` gets how many.
QString seriesToExposition(const QByteArray &json, const PrometheusLabelMapping &mapping, QByteArray &text,
                           size_t *added = nullptr);

// A range query's answer (resultType "matrix") as one exposition text per timestamp,
// in time order.
QString rangeToExposition(const QByteArray &json, const PrometheusLabelMapping &mapping,
                          std::map<int64_t, QByteArray> &textByTimeMs);

// One query_range call: [startMs, endMs] at stepMs.
struct RangeChunk
{
    int64_t startMs;
    int64_t endMs;
    int64_t stepMs;
};

// Prometheus refuses a range query of more than 11,000 points per series, and one
// that would load more than 50 M samples (--query.max-samples). Splits [startMs,
// endMs] into chunks under both for `series` series, leaving headroom; the chunks
// cover every step exactly once.
std::vector<RangeChunk> planRangeQueries(int64_t startMs, int64_t endMs, int64_t stepMs, size_t series,
                                         int64_t maxPointsPerSeries = 11000, int64_t maxSamples = 50'000'000);

} // namespace vigil
