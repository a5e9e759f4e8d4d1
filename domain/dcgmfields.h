// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/metric.h"

#include <QByteArrayView>

#include <span>

namespace vigil {

// What dcgm-exporter says a field is (its `# TYPE` line, or `label` for fields it
// attaches to every sample as a label instead).
enum class DcgmFieldKind
{
    Gauge,
    Counter,
    Label
};

// One DCGM field as dcgm-exporter publishes it, under DCGM's name and in DCGM's unit.
// The fields of the exporter's default and DCP counter sets, and the lower-case names
// of its 1.x-compatibility set, are all here (docs/sources.md).
struct DcgmField
{
    const char *name; // DCGM_FI_DEV_GPU_TEMP
    const char *legacyName; // the 1.x-compatibility name (dcgm_gpu_temp), or nullptr
    DcgmFieldKind kind;
    const char *unit; // DCGM's unit: "C", "W", "MHz", "MiB", "mJ", "ns", "%", "ratio", "B/s", "" for counts
    const char *help; // what it measures, in Vigil's words
    double min; // a value outside [min, max] is refused as the wrong unit
    double max;
    double legacyScale; // a 1.x value times this is the value in DCGM's unit (1.x gave ratios in %)
};

// Every field Vigil knows, in a stable order.
std::span<const DcgmField> dcgmFields();

// The field with this DCGM or 1.x name (names are case-sensitive, as Prometheus's are), or nullptr.
// `legacy` is set when the name was the 1.x one.
const DcgmField *findDcgmField(QByteArrayView name, bool *legacy = nullptr);

// The metric a field becomes on the stream: DCGM's name and unit, a GPU metric.
MetricDescriptor dcgmMetric(const DcgmField &field);

} // namespace vigil
