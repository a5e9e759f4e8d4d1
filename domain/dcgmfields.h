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

// Another name under which a generation of dcgm-exporter (or DCGM) writes a field, in the
// unit that name is written in. DCGM 4.7 gave most fields a name that states its unit in SI
// (`DCGM_FI_DEV_SM_CLOCK_HERTZ`); dcgm-exporter 4.9 writes those, and 4.10 renames the PCIe and
// NVLink profiling rates. Vigil keeps one unit per field, the one dcgm-exporter 1.x to 4.8 wrote,
// so that a 4.9 exporter and a 4.8 exporter on one cluster draw the same map.
struct DcgmAlias
{
    const char *name; // DCGM_FI_DEV_SM_CLOCK_HERTZ
    const char *field; // the DcgmField's name: DCGM_FI_DEV_SM_CLOCK
    const char *unit; // the unit values under this name are in: "Hz"
    double scale; // a value under this name times this is the value in the field's unit
    const char *generation; // the exporters that write it: "4.9", "4.10"
};

// Every field Vigil knows, in a stable order.
std::span<const DcgmField> dcgmFields();
// Every alias, in a stable order.
std::span<const DcgmAlias> dcgmAliases();

// What a name, as an exporter writes it, stands for.
struct DcgmName
{
    const DcgmField *field = nullptr; // nullptr: a name Vigil does not know
    const char *unit = ""; // the unit values under this name are in
    double scale = 1.0; // value × scale is the value in the field's unit
    // The exporters that write the name: "1.x" for the compatibility names, "4.9" or "4.10" for
    // DCGM 4.7's and 4.8's, nullptr for the names of 2.x to 4.8.
    const char *generation = nullptr;
};
// The field behind a DCGM, 1.x-compatibility or alias name. Names are case-sensitive, as
// Prometheus's are.
DcgmName findDcgmName(QByteArrayView name);
inline const DcgmField *findDcgmField(QByteArrayView name)
{
    return findDcgmName(name).field;
}

// Whether a field is an NVLink rate (transmit, receive, or both), which 4.10 reports per link.
bool isNvlinkRate(QLatin1String canonicalName);

// The unit a dcgm-exporter HELP text states, as in "SM clock frequency (in MHz).", or empty.
QByteArrayView unitInHelp(QByteArrayView help);
// The factor that turns a value in unit `from` into one in unit `to` (1 when they are the same),
// or 0 when Vigil knows no exact conversion between them.
double unitConversion(QByteArrayView from, QByteArrayView to);

// The metric a field becomes on the stream: DCGM's name and unit, a GPU metric.
MetricDescriptor dcgmMetric(const DcgmField &field);

} // namespace vigil
