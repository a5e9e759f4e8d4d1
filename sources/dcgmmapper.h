// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/dcgmfields.h"
#include "domain/event.h"
#include "domain/metric.h"
#include "domain/topology.h"
#include "sources/exposition.h"
#include "sources/unknownfield.h"

#include <QHash>

#include <map>
#include <memory>
#include <unordered_map>

namespace vigil {

namespace v1 {
class Samples;
}

// A reading of a GPU, or of a MIG instance when the metric is a GPU instance's.
struct GpuReading
{
    uint32_t metricId;
    uint32_t gpu; // the index among the metric's entities (GPUs or GPU instances)
    float value;
};

// Readings as one Samples message at `timeMs`: a sparse block per metric, indices strictly
// increasing; of two readings of one metric on one GPU the last wins. Reorders `readings`.
v1::Samples samplesOfReadings(int64_t timeMs, std::vector<GpuReading> &readings);

// What a source says of a series its exporter stopped serving: "no reading" (NaN) in the first
// page without it, as Prometheus writes a staleness marker. Without it the gateway would hold
// the series' last value as if it were still read: a profiler that stops a node's profiling
// fields would leave that node's tensor activity standing at what it was. One per exporter.
class StalenessMarks
{
public:
    // Appends a NaN reading for each series (metric and entity) of the previous page that this
    // one lacks, and remembers this page's series.
    void mark(std::vector<GpuReading> &readings);

private:
    std::vector<uint64_t> m_previous, m_current; // metric << 32 | entity, sorted
};

// What a source's names say of its exporter, for the Sources view: "dcgm-exporter 4.9 names (DCGM
// 4.7)", or empty for the names of 2.x to 4.8.
QString describeGenerations(const std::vector<const char *> &generations);

// Turns dcgm-exporter's exposition text into readings on the topology's GPUs.
//
// - Every field the stream's dictionary names (DCGM's field names; the 1.x-compatibility
//   dcgm_* names read as the DCGM field, in DCGM's unit) becomes a reading of that metric.
// - Labels (UUID, or Hostname + gpu, in any case) give the GPU; GPU_I_ID its MIG
//   instance. An instance's sample is a reading of the instance's metric; a field that
//   describes the whole board (temperature, power, errors) is the GPU's reading too.
// - DCGM's "blank" sentinels (not found, not supported, not permitted) are missing
//   values, not readings; values outside what the unit allows are rejected.
// - DCGM_FI_DEV_XID_ERRORS (the last Xid seen) becomes an Xid event when it changes.
// - Error counters stay counters, and each increase becomes the typed warning it
//   counts (correctable and uncorrectable ECC, retired pages and remapped rows, PCIe
//   replays, NVLink CRC, replay and recovery errors, thermal and power violation time),
//   carrying the increase. A counter that goes down was reset (a reboot) and starts
//   over without a warning.
// - A field the dictionary lacks is counted by name, with its help text: never
//   dropped without a word.
//
// Mapping a scrape allocates nothing per line once the mapper has seen the fields.
class DcgmMapper
{
public:
    size_t resolvedNames() const { return size_t(m_resolved.size()); }
    DcgmMapper(std::shared_ptr<const Topology> topology, const std::vector<MetricDescriptor> &metrics);
    ~DcgmMapper();

    struct Result
    {
        std::vector<GpuReading> readings;
        std::vector<Event> events;
        // Per line: accepted (a reading, a count or an Xid), skipped (comments, blanks,
        // fields the stream has no metric for), rejected (malformed, unknown GPU, out of range).
        ParseStats stats;
        std::map<QString, UnknownField> unknownFields; // this scrape's, by name
        // The exporter generations whose names this scrape used besides 2.x to 4.8's ("1.x",
        // "4.9", "4.10": DcgmName::generation), values converted to each field's one unit.
        std::vector<const char *> generations;

        void clear();
    };
    // Maps one scrape; `hostHint` names the node when the samples carry no Hostname label.
    Result map(QByteArrayView exposition, int64_t timeMs, const QString &hostHint = {});
    // The same, into `result` (cleared first): a poll loop keeps its buffers.
    void mapInto(QByteArrayView exposition, int64_t timeMs, const QString &hostHint, Result &result);

    // True for DCGM's blank and error sentinels.
    static bool isBlank(double value);

private:
    struct Resolved;
    class Scrape;
    // At most this many names are kept resolved; past it the cache starts afresh (an exporter
    // that invents names costs lookups, never memory).
    static constexpr qsizetype MaxResolvedNames = 4096;
    std::shared_ptr<const Resolved> resolve(QByteArrayView name);
    void readUnitFromHelp(QByteArrayView name, const Resolved &field, QByteArrayView help);
    int32_t gpuFor(const ExpositionSample &sample, QByteArrayView hostHint);
    // The topology's index of `gpu`'s MIG instance with GPU_I_ID `id`, or -1.
    int32_t instanceFor(uint32_t gpu, QByteArrayView id) const;
    QString gpuName(uint32_t gpu) const;
    void countIncrease(const Resolved &field, uint32_t gpu, double value, int64_t timeMs, Result &result);
    void countLinkIncrease(const Resolved &field, uint32_t gpu, uint32_t link, double value);
    void finishLinks(int64_t timeMs, Result &result);
    void noteLinkRate(uint32_t gpu, int rank, double bytesPerSecond);
    void countActiveLinks(Result &result);
    Event warningOn(uint32_t gpu, int64_t timeMs) const;

    std::shared_ptr<const Topology> m_topology;
    std::vector<MetricDescriptor> m_metrics;
    QHash<QByteArray, uint32_t> m_byUuid;
    QHash<QByteArray, uint32_t> m_byHostIndex; // "host:index"
    QByteArray m_key; // scratch for host:index lookups
    QHash<QByteArray, std::shared_ptr<const Resolved>> m_resolved; // by the name as written
    std::vector<int> m_lastXid;
    // Per GPU and counter field: the last value seen (NaN before the first). Per GPU and
    // warning type: the counter field that reports it, so that an exporter sending both
    // the volatile and the aggregate ECC counts does not count each error twice.
    size_t m_counterSlots = 0;
    std::vector<double> m_lastCount;
    std::vector<int16_t> m_counterOfType;
    // NVLinks (dcgm-exporter 4.10 reports fields per link). A link's counter speaks for its GPU's
    // kind of warning as LinkCounterSource + the counter's slot.
    static constexpr uint32_t MaxNvlink = 63;
    static constexpr int LinkCounterSource = 1000;
    std::unordered_map<uint64_t, double> m_lastLinkCount; // gpu << 16 | slot << 8 | link
    struct LinkCount
    {
        uint32_t gpu;
        uint32_t link;
        int counterSlot;
        double increase; // 0: the baseline, no change or a reset
    };
    std::vector<LinkCount> m_linkCounts; // this scrape's
    std::unordered_map<uint64_t, double> m_linkSums; // this scrape's rates by metric << 32 | gpu
    // How many of a GPU's links carry traffic (metric::NvlinkActiveLinks): a link at a tenth of
    // the GPU's busiest or less carries none; a GPU whose busiest moves under 1 MB/s is idle.
    static constexpr double QuietLinkShare = 0.1;
    static constexpr double MinBusyLinkRate = 1e6; // B/s
    struct LinkRates
    {
        int rank = 3; // the rate they are counted on (Resolved::nvlinkRate)
        std::vector<double> rates; // B/s, one a link
    };
    std::unordered_map<uint32_t, LinkRates> m_linkRates; // this scrape's, by GPU
    int64_t m_activeLinksMetric = -1;
};

} // namespace vigil
