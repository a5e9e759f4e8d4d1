// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sources/linereader.h"

#include <QByteArrayView>
#include <QString>

#include <array>
#include <cstdint>

namespace vigil {

// One sample of the Prometheus text exposition format (version 0.0.4):
//   name{label="value",...} value [timestamp_ms]
// Every part is a view into the scraped text: reading a sample allocates nothing, and
// a sample is valid only while that text lives.
struct ExpositionSample
{
    static constexpr size_t MaxLabels = 48;
    struct Label
    {
        QByteArrayView name;
        QByteArrayView raw; // as written, between the quotes
        bool escaped = false; // raw holds a backslash escape: text() undoes it
    };

    QByteArrayView name;
    std::array<Label, MaxLabels> labels;
    size_t labelCount = 0;
    double value = 0.0;
    int64_t timestampMs = 0; // 0: none given
    uint64_t line = 0;

    // The label with this name, matched in any case (exporter generations spell
    // Hostname and UUID differently), or nullptr.
    const Label *find(QByteArrayView key) const;
    // The label's raw value (no allocation; escapes left as written), or empty.
    QByteArrayView raw(QByteArrayView key) const;
    // The label's value as text, escapes undone.
    QString label(QByteArrayView key) const;
    static QString text(const Label &label);
};

// What reading a text calls back with, in the text's order.
class ExpositionVisitor
{
public:
    virtual ~ExpositionVisitor() = default;
    virtual void sample(const ExpositionSample &sample) = 0;
    // `# HELP name text` and `# TYPE name type`; text and type as written.
    virtual void help(QByteArrayView, QByteArrayView) { }
    virtual void type(QByteArrayView, QByteArrayView) { }
};

// Reads a whole exposition text (a scrape's body). Comments are skipped after HELP and
// TYPE are passed on; a malformed line is rejected with its reason, and the rest is
// read. Returns what became of each line.
ParseStats readExposition(QByteArrayView text, ExpositionVisitor &visitor);

// Parses one line; returns the reason it is malformed, or empty with `out` filled.
QString parseExpositionLine(QByteArrayView line, ExpositionSample &out);

// Parses a sample value the way Prometheus writes them: a float, NaN, +Inf, -Inf.
bool parseExpositionValue(QByteArrayView text, double &out);

} // namespace vigil
