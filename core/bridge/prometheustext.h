// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "linereader.h"

#include <QByteArray>
#include <QString>

#include <utility>
#include <vector>

namespace vigil {

// One sample of the Prometheus text exposition format:
//   name{label="value",...} value [timestamp_ms]
struct PrometheusSample
{
    QByteArray name;
    std::vector<std::pair<QByteArray, QString>> labels;
    double value = 0.0;
    int64_t timestampMs = 0; // 0: none given
    uint64_t line = 0;

    QString label(const char *key) const; // the label's value, its name matched in any case
};

// Parses exposition text fed in chunks. Comments (# HELP, # TYPE) are skipped;
// malformed lines are rejected with the reason and the rest is kept.
class PrometheusTextParser
{
public:
    void feed(QByteArrayView chunk);
    void finish();
    std::vector<PrometheusSample> takeSamples();
    const ParseStats &stats() const { return m_stats; }

    // Parses one line; returns an error message, or empty with `out` filled.
    static QString parseLine(QByteArrayView line, PrometheusSample &out);

private:
    void onLine(uint64_t number, QByteArrayView line, bool oversize);

    LineReader m_lines;
    ParseStats m_stats;
    std::vector<PrometheusSample> m_samples;
};

} // namespace vigil
