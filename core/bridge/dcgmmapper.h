// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/event.h"
#include "model/metric.h"
#include "model/topology.h"
#include "prometheustext.h"

#include <map>
#include <memory>
#include <unordered_map>

namespace vigil {

struct GpuReading
{
    uint32_t metricId;
    uint32_t gpu;
    float value;
};

// Turns dcgm-exporter samples into readings on the topology's GPUs: DCGM field
// names (and the 1.x-compatibility dcgm_* names) to Vigil's metrics, labels (UUID,
// or Hostname + gpu, in any case) to GPU indices. DCGM's "blank" sentinels (not
// found, not supported, not permitted) are missing values, not readings; values
// outside what the unit allows are rejected; DCGM_FI_DEV_XID_ERRORS (the last Xid
// seen) becomes an Xid event when it changes. Error counters stay counters: each
// increase becomes the typed warning it counts (correctable and uncorrectable ECC,
// retired pages and remapped rows, NVLink CRC, replay and recovery errors, thermal
// and power violation time), carrying the increase; a counter that goes down was
// reset (a reboot) and starts over without a warning.
class DcgmMapper
{
public:
    DcgmMapper(std::shared_ptr<const Topology> topology, const std::vector<MetricDescriptor> &metrics);

    struct Result
    {
        std::vector<GpuReading> readings;
        std::vector<Event> events;
        ParseStats stats; // per sample: accepted, skipped (unmapped field, blank), rejected (unknown GPU, out of range)
        std::map<QString, int> unmappedFields;
    };
    // `hostHint` names the node when a scrape's samples carry no Hostname label.
    Result map(const std::vector<PrometheusSample> &samples, int64_t timeMs, const QString &hostHint = {});

    // True for DCGM's blank and error sentinels.
    static bool isBlank(double value);

private:
    struct Field
    {
        uint32_t metricId;
        double min;
        double max;
    };
    int32_t gpuFor(const PrometheusSample &sample, const QString &hostHint) const;
    struct Counter
    {
        EventType type;
        Severity severity;
        double scale; // the increase in the warning's unit: errors, or seconds for violation time (ns)
        const char *what;
    };
    void countIncrease(const QByteArray &field, const Counter &counter, uint32_t gpu, double value, int64_t timeMs,
                       Result &result);
    Event warningOn(uint32_t gpu, int64_t timeMs) const;

    std::shared_ptr<const Topology> m_topology;
    std::map<QByteArray, Field> m_fields;
    std::unordered_map<QString, uint32_t> m_byUuid;
    std::unordered_map<QString, uint32_t> m_byHostIndex;
    std::vector<int> m_lastXid;
    std::map<QByteArray, Counter> m_counters;
    std::map<QByteArray, QByteArray> m_aliases; // 1.x-compatibility names to DCGM field names
    // Per GPU and counter field: the last value seen. Per GPU and warning type: the field that
    // reports it, so that an exporter sending both the volatile and the aggregate ECC counts
    // does not count each error twice.
    std::map<std::pair<uint32_t, QByteArray>, double> m_lastCount;
    std::map<std::pair<uint32_t, int>, QByteArray> m_counterOfType;
};

} // namespace vigil
