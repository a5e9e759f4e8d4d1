// SPDX-License-Identifier: GPL-3.0-or-later
#include "dcgmmapper.h"

#include "model/xidcatalog.h"

#include <cmath>

namespace vigil {

namespace {

// DCGM marks missing values with sentinels at the top of each type's range
// (dcgm_structs.h): 0x7ffffff0 (+1 not found, +2 not supported, +3 no permission)
// for 32-bit integers, 0x7ffffffffffffff0 for 64-bit, 2^47 for doubles.
constexpr double Int32Blank = 2147483632.0;
constexpr double Fp64Blank = 140737488355328.0;
constexpr double Int64Blank = 9223372036854775792.0;

} // namespace

bool DcgmMapper::isBlank(double v)
{
    return (v >= Int32Blank && v <= Int32Blank + 15.0) || (v >= Fp64Blank && v <= Fp64Blank + 15.0) || v >= Int64Blank;
}

DcgmMapper::DcgmMapper(std::shared_ptr<const Topology> topology, const std::vector<MetricDescriptor> &metrics)
    : m_topology(std::move(topology))
{
    auto idOf = [&](const QString &name) -> int64_t {
        for (const MetricDescriptor &m : metrics)
            if (m.name == name)
                return m.id;
        return -1;
    };
    const struct
    {
        const char *field;
        double min, max;
        const char *metric = nullptr; // when the field's name is not the metric's
    } ranges[] = {
        { "DCGM_FI_DEV_GPU_TEMP", -40, 150 },
        { "DCGM_FI_DEV_MEMORY_TEMP", -40, 150 },
        { "DCGM_FI_DEV_POWER_USAGE", 0, 2000 },
        { "DCGM_FI_DEV_GPU_UTIL", 0, 100 },
        { "DCGM_FI_DEV_FB_USED", 0, 4e6 },
        { "DCGM_FI_DEV_CLOCKS_EVENT_REASONS", 0, 16777215 },
        // The same bitmask under its name before DCGM 3.3.
        { "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS", 0, 16777215, "DCGM_FI_DEV_CLOCKS_EVENT_REASONS" },
    };
    for (const auto &r : ranges)
        if (const int64_t id = idOf(QString::fromLatin1(r.metric ? r.metric : r.field)); id >= 0)
            m_fields[QByteArray(r.field)] = { uint32_t(id), r.min, r.max };
    // Error counters: what each increase is a warning of (dcgm-exporter's default and DCP sets).
    m_counters = {
        { "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL",
          { EventType::EccSingleBit, Severity::Warning, 1.0, "correctable ECC errors" } },
        { "DCGM_FI_DEV_ECC_SBE_AGG_TOTAL",
          { EventType::EccSingleBit, Severity::Warning, 1.0, "correctable ECC errors" } },
        { "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL",
          { EventType::EccDoubleBit, Severity::Critical, 1.0, "uncorrectable ECC errors" } },
        { "DCGM_FI_DEV_ECC_DBE_AGG_TOTAL",
          { EventType::EccDoubleBit, Severity::Critical, 1.0, "uncorrectable ECC errors" } },
        { "DCGM_FI_DEV_RETIRED_SBE", { EventType::RowRemap, Severity::Warning, 1.0, "pages retired (single-bit)" } },
        { "DCGM_FI_DEV_RETIRED_DBE", { EventType::RowRemap, Severity::Warning, 1.0, "pages retired (double-bit)" } },
        { "DCGM_FI_DEV_RETIRED_PENDING", { EventType::RowRemap, Severity::Warning, 1.0, "pages pending retirement" } },
        { "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS",
          { EventType::RowRemap, Severity::Warning, 1.0, "rows remapped (correctable)" } },
        { "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS",
          { EventType::RowRemap, Severity::Warning, 1.0, "rows remapped (uncorrectable)" } },
        { "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL",
          { EventType::NvlinkCrc, Severity::Warning, 1.0, "NVLink flow-control CRC errors" } },
        { "DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL",
          { EventType::NvlinkCrc, Severity::Warning, 1.0, "NVLink data CRC errors" } },
        { "DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL",
          { EventType::NvlinkCrc, Severity::Warning, 1.0, "NVLink replays" } },
        { "DCGM_FI_DEV_NVLINK_RECOVERY_ERROR_COUNT_TOTAL",
          { EventType::NvlinkCrc, Severity::Warning, 1.0, "NVLink recoveries" } },
        { "DCGM_FI_DEV_THERMAL_VIOLATION",
          { EventType::ThermalThrottle, Severity::Warning, 1e-9, "s throttled for heat" } },
        { "DCGM_FI_DEV_POWER_VIOLATION",
          { EventType::PowerThrottle, Severity::Warning, 1e-9, "s throttled for power" } },
    };
    m_aliases = {
        { "dcgm_gpu_temp", "DCGM_FI_DEV_GPU_TEMP" },
        { "dcgm_memory_temp", "DCGM_FI_DEV_MEMORY_TEMP" },
        { "dcgm_power_usage", "DCGM_FI_DEV_POWER_USAGE" },
        { "dcgm_gpu_utilization", "DCGM_FI_DEV_GPU_UTIL" },
        { "dcgm_fb_used", "DCGM_FI_DEV_FB_USED" },
        { "dcgm_xid_errors", "DCGM_FI_DEV_XID_ERRORS" },
        { "dcgm_ecc_sbe_volatile_total", "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL" },
        { "dcgm_ecc_dbe_volatile_total", "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL" },
        { "dcgm_ecc_sbe_aggregate_total", "DCGM_FI_DEV_ECC_SBE_AGG_TOTAL" },
        { "dcgm_ecc_dbe_aggregate_total", "DCGM_FI_DEV_ECC_DBE_AGG_TOTAL" },
        { "dcgm_retired_pages_sbe", "DCGM_FI_DEV_RETIRED_SBE" },
        { "dcgm_retired_pages_dbe", "DCGM_FI_DEV_RETIRED_DBE" },
        { "dcgm_retired_pages_pending", "DCGM_FI_DEV_RETIRED_PENDING" },
        { "dcgm_nvlink_flit_crc_error_count_total", "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL" },
        { "dcgm_nvlink_data_crc_error_count_total", "DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL" },
        { "dcgm_nvlink_replay_error_count_total", "DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL" },
        { "dcgm_nvlink_recovery_error_count_total", "DCGM_FI_DEV_NVLINK_RECOVERY_ERROR_COUNT_TOTAL" },
        { "dcgm_thermal_violation", "DCGM_FI_DEV_THERMAL_VIOLATION" },
        { "dcgm_power_violation", "DCGM_FI_DEV_POWER_VIOLATION" },
    };
    const Topology &t = *m_topology;
    for (uint32_t g = 0; g < t.gpus.size(); ++g) {
        m_byUuid[t.gpus[g].uuid] = g;
        m_byHostIndex[QStringLiteral("%1:%2").arg(t.nodes[t.gpus[g].nodeIndex].hostname).arg(t.gpus[g].localIndex)] = g;
    }
    m_lastXid.assign(t.gpus.size(), 0);
}

int32_t DcgmMapper::gpuFor(const PrometheusSample &sample, const QString &hostHint) const
{
    const QString uuid = sample.label("UUID");
    if (!uuid.isEmpty())
        if (const auto it = m_byUuid.find(uuid); it != m_byUuid.end())
            return int32_t(it->second);
    QString host = sample.label("Hostname");
    if (host.isEmpty())
        host = hostHint;
    const QString index = sample.label("gpu");
    if (!host.isEmpty() && !index.isEmpty())
        if (const auto it = m_byHostIndex.find(host + u':' + index); it != m_byHostIndex.end())
            return int32_t(it->second);
    return -1;
}

DcgmMapper::Result DcgmMapper::map(const std::vector<PrometheusSample> &samples, int64_t timeMs,
                                   const QString &hostHint)
{
    Result result;
    const Topology &t = *m_topology;
    for (const PrometheusSample &s : samples) {
        ++result.stats.lines;
        const auto alias = m_aliases.find(s.name);
        const QByteArray &name = alias != m_aliases.end() ? alias->second : s.name;
        const bool xidField = name == "DCGM_FI_DEV_XID_ERRORS";
        const auto field = m_fields.find(name);
        const auto counter = m_counters.find(name);
        if (field == m_fields.end() && counter == m_counters.end() && !xidField) {
            ++result.stats.skipped;
            ++result.unmappedFields[QString::fromLatin1(s.name)];
            continue;
        }
        const int32_t gpu = gpuFor(s, hostHint);
        if (gpu < 0) {
            const QString host = s.label("Hostname").isEmpty() ? hostHint : s.label("Hostname");
            if (s.label("UUID").isEmpty() && host.isEmpty())
                result.stats.reject(s.line,
                                    QStringLiteral("%1: the sample has neither a UUID nor a Hostname label; run "
                                                   "dcgm-exporter with its default labels, or name the node "
                                                   "of this source (--dcgm NODE=URL)")
                                        .arg(QString::fromLatin1(s.name)));
            else
                result.stats.reject(s.line,
                                    QStringLiteral("%1: no GPU with UUID '%2' or %3:%4 in the topology")
                                        .arg(QString::fromLatin1(s.name), s.label("UUID"), host, s.label("gpu")));
            continue;
        }
        if (isBlank(s.value) || std::isnan(s.value)) {
            ++result.stats.skipped; // not supported or not available: missing, never a reading
            continue;
        }
        if (counter != m_counters.end()) {
            if (!std::isfinite(s.value) || s.value < 0 || s.value > 9e18) {
                result.stats.reject(
                    s.line, QStringLiteral("%1 = %2 is not a count").arg(QString::fromLatin1(s.name)).arg(s.value));
                continue;
            }
            ++result.stats.accepted;
            countIncrease(name, counter->second, uint32_t(gpu), s.value, timeMs, result);
            continue;
        }
        if (xidField) {
            const int xid = int(s.value);
            if (s.value < 0 || s.value > 1000 || double(xid) != s.value) {
                result.stats.reject(s.line,
                                    QStringLiteral("DCGM_FI_DEV_XID_ERRORS: %1 is not an Xid code").arg(s.value));
                continue;
            }
            ++result.stats.accepted;
            if (xid != 0 && xid != m_lastXid[size_t(gpu)]) {
                Event e = warningOn(uint32_t(gpu), timeMs);
                e.type = EventType::Xid;
                e.severity = xidIsJobFatal(xid) ? Severity::Critical : Severity::Warning;
                e.code = xid;
                e.message = QStringLiteral("Xid %1 on %2 GPU %3 (dcgm-exporter): %4")
                                .arg(xid)
                                .arg(t.nodes[t.gpus[size_t(gpu)].nodeIndex].hostname)
                                .arg(t.gpus[size_t(gpu)].localIndex)
                                .arg(xidDescription(xid));
                result.events.push_back(std::move(e));
            }
            m_lastXid[size_t(gpu)] = xid;
            continue;
        }
        if (!std::isfinite(s.value) || s.value < field->second.min || s.value > field->second.max) {
            result.stats.reject(s.line,
                                QStringLiteral("%1 = %2 is outside %3..%4 (wrong unit?)")
                                    .arg(QString::fromLatin1(s.name))
                                    .arg(s.value)
                                    .arg(field->second.min)
                                    .arg(field->second.max));
            continue;
        }
        ++result.stats.accepted;
        result.readings.push_back({ field->second.metricId, uint32_t(gpu), float(s.value) });
    }
    return result;
}

Event DcgmMapper::warningOn(uint32_t gpu, int64_t timeMs) const
{
    const Topology &t = *m_topology;
    Event e;
    e.timeMs = timeMs;
    e.entity = { EntityKind::Gpu, gpu };
    const int32_t job = t.jobOfGpu[gpu];
    if (job >= 0)
        e.jobId = t.jobs[size_t(job)].id;
    return e;
}

void DcgmMapper::countIncrease(const QByteArray &field, const Counter &counter, uint32_t gpu, double value,
                               int64_t timeMs, Result &result)
{
    // One field per GPU speaks for each kind of warning: the first one seen.
    const QByteArray &source = m_counterOfType.try_emplace({ gpu, int(counter.type) }, field).first->second;
    const auto [last, first] = m_lastCount.try_emplace({ gpu, field }, value);
    const double previous = last->second;
    last->second = value;
    if (first || source != field || value <= previous)
        return; // the baseline, another field's business, nothing new, or a reset (a reboot)
    const double increase = (value - previous) * counter.scale;
    const Topology &t = *m_topology;
    Event e = warningOn(gpu, timeMs);
    e.type = counter.type;
    e.severity = counter.severity;
    e.value = increase;
    e.message = QStringLiteral("%1 %2 on %3 GPU %4 (%5)")
                    .arg(increase, 0, 'g', 4)
                    .arg(QLatin1String(counter.what))
                    .arg(t.nodes[t.gpus[gpu].nodeIndex].hostname)
                    .arg(t.gpus[gpu].localIndex)
                    .arg(QString::fromLatin1(field));
    result.events.push_back(std::move(e));
}

} // namespace vigil
