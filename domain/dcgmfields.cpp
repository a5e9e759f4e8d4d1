// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/dcgmfields.h"

#include <QHash>

namespace vigil {

namespace {

constexpr double MaxCount = 9e18; // DCGM's 64-bit counters, below its blank sentinels
constexpr DcgmFieldKind G = DcgmFieldKind::Gauge;
constexpr DcgmFieldKind C = DcgmFieldKind::Counter;
constexpr DcgmFieldKind L = DcgmFieldKind::Label;

// Names, kinds and units as dcgm-exporter's counter lists and DCGM's field reference give
// them; the words are ours.
constexpr DcgmField Fields[] = {
    // Clocks
    { "DCGM_FI_DEV_SM_CLOCK", "dcgm_sm_clock", G, "MHz", "SM clock", 0, 10000, 1 },
    { "DCGM_FI_DEV_MEM_CLOCK", "dcgm_memory_clock", G, "MHz", "Memory clock", 0, 20000, 1 },
    { "DCGM_FI_DEV_CLOCKS_EVENT_REASONS", nullptr, G, "", "Clock throttle reasons (NVML bitmask)", 0, 16777215, 1 },
    // Temperature and power
    { "DCGM_FI_DEV_MEMORY_TEMP", "dcgm_memory_temp", G, "C", "HBM temperature", -40, 150, 1 },
    { "DCGM_FI_DEV_GPU_TEMP", "dcgm_gpu_temp", G, "C", "GPU temperature", -40, 150, 1 },
    { "DCGM_FI_DEV_POWER_USAGE", "dcgm_power_usage", G, "W", "GPU power draw", 0, 2000, 1 },
    { "DCGM_FI_DEV_POWER_MGMT_LIMIT", nullptr, G, "W", "Power management limit", 0, 2000, 1 },
    { "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", "dcgm_total_energy_consumption", C, "mJ",
      "Energy used since the driver loaded", 0, MaxCount, 1 },
    // PCIe
    { "DCGM_FI_DEV_PCIE_REPLAY_COUNTER", "dcgm_pcie_replay_counter", C, "", "PCIe replays (retried transfers)", 0,
      MaxCount, 1 },
    { "DCGM_FI_DEV_PCIE_LINK_GEN", nullptr, G, "", "PCIe link generation in use", 1, 7, 1 },
    { "DCGM_FI_DEV_PCIE_LINK_WIDTH", nullptr, G, "lanes", "PCIe link width in use", 1, 32, 1 },
    { "DCGM_FI_DEV_PCIE_MAX_LINK_GEN", nullptr, G, "", "Best PCIe link generation", 1, 7, 1 },
    { "DCGM_FI_DEV_PCIE_MAX_LINK_WIDTH", nullptr, G, "lanes", "Widest PCIe link", 1, 32, 1 },
    { "DCGM_FI_PROF_PCIE_TX_BYTES", "dcgm_fi_prof_pcie_tx_bytes", G, "B/s", "PCIe transmit rate", 0, 1e12, 1 },
    { "DCGM_FI_PROF_PCIE_RX_BYTES", "dcgm_fi_prof_pcie_rx_bytes", G, "B/s", "PCIe receive rate", 0, 1e12, 1 },
    // Utilisation
    { "DCGM_FI_DEV_GPU_UTIL", "dcgm_gpu_utilization", G, "%", "GPU utilisation", 0, 100, 1 },
    { "DCGM_FI_DEV_MEM_COPY_UTIL", "dcgm_mem_copy_utilization", G, "%", "Memory copy utilisation", 0, 100, 1 },
    { "DCGM_FI_DEV_ENC_UTIL", "dcgm_enc_utilization", G, "%", "Encoder utilisation", 0, 100, 1 },
    { "DCGM_FI_DEV_DEC_UTIL", "dcgm_dec_utilization", G, "%", "Decoder utilisation", 0, 100, 1 },
    // Errors and violations
    { "DCGM_FI_DEV_XID_ERRORS", "dcgm_xid_errors", G, "", "Last Xid error code", 0, 1000, 1 },
    { "DCGM_FI_DEV_POWER_VIOLATION", "dcgm_power_violation", C, "ns", "Time throttled for power", 0, MaxCount, 1 },
    { "DCGM_FI_DEV_THERMAL_VIOLATION", "dcgm_thermal_violation", C, "ns", "Time throttled for heat", 0, MaxCount, 1 },
    { "DCGM_FI_DEV_SYNC_BOOST_VIOLATION", "dcgm_sync_boost_violation", C, "ns", "Time throttled for sync boost", 0,
      MaxCount, 1 },
    { "DCGM_FI_DEV_BOARD_LIMIT_VIOLATION", "dcgm_board_limit_violation", C, "ns", "Time throttled for the board limit",
      0, MaxCount, 1 },
    { "DCGM_FI_DEV_LOW_UTIL_VIOLATION", "dcgm_low_util_violation", C, "ns", "Time throttled for low utilisation", 0,
      MaxCount, 1 },
    { "DCGM_FI_DEV_RELIABILITY_VIOLATION", "dcgm_reliability_violation", C, "ns", "Time throttled for reliability", 0,
      MaxCount, 1 },
    // Memory
    { "DCGM_FI_DEV_FB_TOTAL", nullptr, G, "MiB", "Framebuffer memory in all", 0, 4e6, 1 },
    { "DCGM_FI_DEV_FB_FREE", "dcgm_fb_free", G, "MiB", "Framebuffer memory free", 0, 4e6, 1 },
    { "DCGM_FI_DEV_FB_USED", "dcgm_fb_used", G, "MiB", "Framebuffer memory used", 0, 4e6, 1 },
    { "DCGM_FI_DEV_FB_RESERVED", nullptr, G, "MiB", "Framebuffer memory reserved", 0, 4e6, 1 },
    // ECC and retired pages
    { "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", "dcgm_ecc_sbe_volatile_total", C, "",
      "Correctable ECC errors since the driver loaded", 0, MaxCount, 1 },
    { "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "dcgm_ecc_dbe_volatile_total", C, "",
      "Uncorrectable ECC errors since the driver loaded", 0, MaxCount, 1 },
    { "DCGM_FI_DEV_ECC_SBE_AGG_TOTAL", "dcgm_ecc_sbe_aggregate_total", C, "", "Correctable ECC errors, lifetime", 0,
      MaxCount, 1 },
    { "DCGM_FI_DEV_ECC_DBE_AGG_TOTAL", "dcgm_ecc_dbe_aggregate_total", C, "", "Uncorrectable ECC errors, lifetime", 0,
      MaxCount, 1 },
    { "DCGM_FI_DEV_RETIRED_SBE", "dcgm_retired_pages_sbe", C, "", "Pages retired for correctable errors", 0, MaxCount,
      1 },
    { "DCGM_FI_DEV_RETIRED_DBE", "dcgm_retired_pages_dbe", C, "", "Pages retired for uncorrectable errors", 0, MaxCount,
      1 },
    { "DCGM_FI_DEV_RETIRED_PENDING", "dcgm_retired_pages_pending", C, "", "Pages waiting to be retired", 0, MaxCount,
      1 },
    // NVLink
    { "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL", "dcgm_nvlink_flit_crc_error_count_total", C, "",
      "NVLink flow-control CRC errors", 0, MaxCount, 1 },
    { "DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL", "dcgm_nvlink_data_crc_error_count_total", C, "",
      "NVLink data CRC errors", 0, MaxCount, 1 },
    { "DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL", "dcgm_nvlink_replay_error_count_total", C, "", "NVLink replays", 0,
      MaxCount, 1 },
    { "DCGM_FI_DEV_NVLINK_RECOVERY_ERROR_COUNT_TOTAL", "dcgm_nvlink_recovery_error_count_total", C, "",
      "NVLink recoveries", 0, MaxCount, 1 },
    // dcgm-exporter types it a counter; DCGM's field reference says it is a throughput, in MB/s.
    { "DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL", "dcgm_nvlink_bandwidth_total", G, "MB/s", "NVLink throughput, all links", 0,
      1e8, 1 },
    { "DCGM_FI_DEV_NVLINK_BANDWIDTH_L0", nullptr, C, "B", "NVLink bytes, lane 0", 0, MaxCount, 1 },
    { "DCGM_FI_PROF_NVLINK_TX_BYTES", nullptr, G, "B/s", "NVLink transmit rate", 0, 1e13, 1 },
    { "DCGM_FI_PROF_NVLINK_RX_BYTES", nullptr, G, "B/s", "NVLink receive rate", 0, 1e13, 1 },
    // Virtualisation and row remapping
    { "DCGM_FI_DEV_VGPU_LICENSE_STATUS", nullptr, G, "", "vGPU licence status", 0, 100, 1 },
    { "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS", nullptr, C, "", "Rows remapped for uncorrectable errors", 0, MaxCount,
      1 },
    { "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS", nullptr, C, "", "Rows remapped for correctable errors", 0, MaxCount, 1 },
    { "DCGM_FI_DEV_ROW_REMAP_FAILURE", nullptr, G, "", "Row remapping failed (1) or not (0)", 0, 1, 1 },
    // Profiling (DCP): ratios of time or cycles, 0..1; the 1.x names gave them in %.
    { "DCGM_FI_PROF_GR_ENGINE_ACTIVE", "dcgm_fi_prof_gr_engine_active", G, "ratio", "Graphics engine active", 0, 1,
      0.01 },
    { "DCGM_FI_PROF_SM_ACTIVE", "dcgm_fi_prof_sm_active", G, "ratio", "SMs with a warp assigned", 0, 1, 0.01 },
    { "DCGM_FI_PROF_SM_OCCUPANCY", "dcgm_fi_prof_sm_occupancy", G, "ratio", "Warps resident per SM", 0, 1, 0.01 },
    { "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE", "dcgm_fi_prof_pipe_tensor_active", G, "ratio", "Tensor pipe active", 0, 1,
      0.01 },
    { "DCGM_FI_PROF_DRAM_ACTIVE", "dcgm_fi_prof_dram_active", G, "ratio", "Device memory interface active", 0, 1,
      0.01 },
    { "DCGM_FI_PROF_PIPE_FP64_ACTIVE", nullptr, G, "ratio", "FP64 pipes active", 0, 1, 1 },
    { "DCGM_FI_PROF_PIPE_FP32_ACTIVE", nullptr, G, "ratio", "FP32 pipes active", 0, 1, 1 },
    { "DCGM_FI_PROF_PIPE_FP16_ACTIVE", nullptr, G, "ratio", "FP16 pipes active", 0, 1, 1 },
    // Attached to every sample as labels, not samples of their own.
    { "DCGM_FI_DRIVER_VERSION", nullptr, L, "", "Driver version", 0, 0, 1 },
    { "DCGM_FI_NVML_VERSION", nullptr, L, "", "NVML version", 0, 0, 1 },
    { "DCGM_FI_DEV_BRAND", nullptr, L, "", "Device brand", 0, 0, 1 },
    { "DCGM_FI_DEV_SERIAL", nullptr, L, "", "Board serial number", 0, 0, 1 },
    { "DCGM_FI_DEV_OEM_INFOROM_VER", nullptr, L, "", "OEM inforom version", 0, 0, 1 },
    { "DCGM_FI_DEV_ECC_INFOROM_VER", nullptr, L, "", "ECC inforom version", 0, 0, 1 },
    { "DCGM_FI_DEV_POWER_INFOROM_VER", nullptr, L, "", "Power inforom version", 0, 0, 1 },
    { "DCGM_FI_DEV_INFOROM_IMAGE_VER", nullptr, L, "", "Inforom image version", 0, 0, 1 },
    { "DCGM_FI_DEV_VBIOS_VERSION", nullptr, L, "", "VBIOS version", 0, 0, 1 },
};

constexpr double PerMiB = 1.0 / 1048576.0;

// DCGM 4.7's names (its field identifiers reference), which dcgm-exporter 4.9 writes for its
// default and profiling fields, and 4.10's renamed profiling rates. Eleven of them change unit.
constexpr DcgmAlias Aliases[] = {
    // Before DCGM 3.3 the clocks-event bitmask had this name.
    { "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS", "DCGM_FI_DEV_CLOCKS_EVENT_REASONS", "", 1, "2.x" },
    { "DCGM_FI_DEV_SM_CLOCK_HERTZ", "DCGM_FI_DEV_SM_CLOCK", "Hz", 1e-6, "4.9" },
    { "DCGM_FI_DEV_MEMORY_CLOCK_HERTZ", "DCGM_FI_DEV_MEM_CLOCK", "Hz", 1e-6, "4.9" },
    { "DCGM_FI_DEV_GPU_TEMP_CELSIUS", "DCGM_FI_DEV_GPU_TEMP", "C", 1, "4.9" },
    { "DCGM_FI_DEV_MEMORY_TEMP_CELSIUS", "DCGM_FI_DEV_MEMORY_TEMP", "C", 1, "4.9" },
    { "DCGM_FI_DEV_BOARD_POWER_WATTS", "DCGM_FI_DEV_POWER_USAGE", "W", 1, "4.9" },
    { "DCGM_FI_DEV_GPU_ENERGY_JOULES_TOTAL", "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", "J", 1000, "4.9" },
    { "DCGM_FI_DEV_GPU_UTIL_RATIO", "DCGM_FI_DEV_GPU_UTIL", "ratio", 100, "4.9" },
    { "DCGM_FI_DEV_MEMORY_UTIL_RATIO", "DCGM_FI_DEV_MEM_COPY_UTIL", "ratio", 100, "4.9" },
    { "DCGM_FI_DEV_ENC_UTIL_RATIO", "DCGM_FI_DEV_ENC_UTIL", "ratio", 100, "4.9" },
    { "DCGM_FI_DEV_DEC_UTIL_RATIO", "DCGM_FI_DEV_DEC_UTIL", "ratio", 100, "4.9" },
    { "DCGM_FI_DEV_FB_CAPACITY_BYTES", "DCGM_FI_DEV_FB_TOTAL", "B", PerMiB, "4.9" },
    { "DCGM_FI_DEV_FB_FREE_BYTES", "DCGM_FI_DEV_FB_FREE", "B", PerMiB, "4.9" },
    { "DCGM_FI_DEV_FB_USED_BYTES", "DCGM_FI_DEV_FB_USED", "B", PerMiB, "4.9" },
    { "DCGM_FI_DEV_FB_RESERVED_BYTES", "DCGM_FI_DEV_FB_RESERVED", "B", PerMiB, "4.9" },
    { "DCGM_FI_DEV_PCIE_REPLAY_TOTAL", "DCGM_FI_DEV_PCIE_REPLAY_COUNTER", "", 1, "4.9" },
    { "DCGM_FI_DEV_XID_ERROR", "DCGM_FI_DEV_XID_ERRORS", "", 1, "4.9" },
    { "DCGM_FI_DEV_GPU_POWER_THROTTLE_SECONDS_TOTAL", "DCGM_FI_DEV_POWER_VIOLATION", "s", 1e9, "4.9" },
    { "DCGM_FI_DEV_GPU_THERMAL_THROTTLE_SECONDS_TOTAL", "DCGM_FI_DEV_THERMAL_VIOLATION", "s", 1e9, "4.9" },
    { "DCGM_FI_DEV_GPU_SYNC_BOOST_THROTTLE_SECONDS_TOTAL", "DCGM_FI_DEV_SYNC_BOOST_VIOLATION", "s", 1e9, "4.9" },
    { "DCGM_FI_DEV_GPU_LOW_UTIL_THROTTLE_SECONDS_TOTAL", "DCGM_FI_DEV_LOW_UTIL_VIOLATION", "s", 1e9, "4.9" },
    { "DCGM_FI_DEV_GPU_RELIABILITY_THROTTLE_SECONDS_TOTAL", "DCGM_FI_DEV_RELIABILITY_VIOLATION", "s", 1e9, "4.9" },
    { "DCGM_FI_DEV_PAGE_RETIRED_SBE_TOTAL", "DCGM_FI_DEV_RETIRED_SBE", "", 1, "4.9" },
    { "DCGM_FI_DEV_PAGE_RETIRED_DBE_TOTAL", "DCGM_FI_DEV_RETIRED_DBE", "", 1, "4.9" },
    { "DCGM_FI_DEV_PAGE_RETIRED_PENDING", "DCGM_FI_DEV_RETIRED_PENDING", "", 1, "4.9" },
    { "DCGM_FI_DEV_ROW_REMAP_UNCORRECTABLE_TOTAL", "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS", "", 1, "4.9" },
    { "DCGM_FI_DEV_ROW_REMAP_CORRECTABLE_TOTAL", "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS", "", 1, "4.9" },
    { "DCGM_FI_DEV_ROW_REMAP_FAILED", "DCGM_FI_DEV_ROW_REMAP_FAILURE", "", 1, "4.9" },
    { "DCGM_FI_DEV_NVLINK_THROUGHPUT_TOTAL", "DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL", "MB/s", 1, "4.9" },
    // DCGM samples NVLink throughput in KiB/s: the old field divides by 1,000, the byte field
    // multiplies by 1,024, so one old "MB/s" is 1,024,000 B/s (DCGM's field reference).
    { "DCGM_FI_DEV_NVLINK_THROUGHPUT_BYTES_PER_SECOND", "DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL", "B/s", 1.0 / 1024000.0,
      "4.9" },
    { "DCGM_FI_PROF_GR_ENGINE_UTIL_RATIO", "DCGM_FI_PROF_GR_ENGINE_ACTIVE", "ratio", 1, "4.9" },
    { "DCGM_FI_PROF_SM_UTIL_RATIO", "DCGM_FI_PROF_SM_ACTIVE", "ratio", 1, "4.9" },
    { "DCGM_FI_PROF_SM_OCCUPANCY_RATIO", "DCGM_FI_PROF_SM_OCCUPANCY", "ratio", 1, "4.9" },
    { "DCGM_FI_PROF_TENSOR_UTIL_RATIO", "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE", "ratio", 1, "4.9" },
    { "DCGM_FI_PROF_DRAM_UTIL_RATIO", "DCGM_FI_PROF_DRAM_ACTIVE", "ratio", 1, "4.9" },
    { "DCGM_FI_PROF_FP64_UTIL_RATIO", "DCGM_FI_PROF_PIPE_FP64_ACTIVE", "ratio", 1, "4.9" },
    { "DCGM_FI_PROF_FP32_UTIL_RATIO", "DCGM_FI_PROF_PIPE_FP32_ACTIVE", "ratio", 1, "4.9" },
    { "DCGM_FI_SYSTEM_DRIVER_VERSION", "DCGM_FI_DRIVER_VERSION", "", 1, "4.9" },
    { "DCGM_FI_PROF_PCIE_TX_BYTES_PER_SECOND", "DCGM_FI_PROF_PCIE_TX_BYTES", "B/s", 1, "4.10" },
    { "DCGM_FI_PROF_PCIE_RX_BYTES_PER_SECOND", "DCGM_FI_PROF_PCIE_RX_BYTES", "B/s", 1, "4.10" },
    { "DCGM_FI_PROF_NVLINK_TX_BYTES_PER_SECOND", "DCGM_FI_PROF_NVLINK_TX_BYTES", "B/s", 1, "4.10" },
    { "DCGM_FI_PROF_NVLINK_RX_BYTES_PER_SECOND", "DCGM_FI_PROF_NVLINK_RX_BYTES", "B/s", 1, "4.10" },
};

// A unit's family and its size in the family's base unit (Hz, J, W, ratio, B, s, B/s).
struct UnitSize
{
    const char *unit;
    char family;
    double size;
};
constexpr UnitSize UnitSizes[] = {
    { "Hz", 'f', 1 },        { "kHz", 'f', 1e3 },        { "MHz", 'f', 1e6 }, { "GHz", 'f', 1e9 },
    { "J", 'e', 1 },         { "mJ", 'e', 1e-3 },        { "W", 'p', 1 },     { "mW", 'p', 1e-3 },
    { "ratio", 'r', 1 },     { "%", 'r', 0.01 },         { "B", 'b', 1 },     { "KiB", 'b', 1024 },
    { "MiB", 'b', 1048576 }, { "GiB", 'b', 1073741824 }, { "s", 't', 1 },     { "ms", 't', 1e-3 },
    { "us", 't', 1e-6 },     { "ns", 't', 1e-9 },        { "B/s", 'v', 1 },   { "MB/s", 'v', 1e6 },
    { "C", 'c', 1 },
};

const UnitSize *unitSize(QByteArrayView unit)
{
    for (const UnitSize &u : UnitSizes)
        if (unit == QByteArrayView(u.unit))
            return &u;
    return nullptr;
}

} // namespace

std::span<const DcgmField> dcgmFields()
{
    return Fields;
}

std::span<const DcgmAlias> dcgmAliases()
{
    return Aliases;
}

DcgmName findDcgmName(QByteArrayView name)
{
    static const QHash<QByteArray, DcgmName> byName = [] {
        QHash<QByteArray, DcgmName> h;
        QHash<QByteArray, const DcgmField *> fields;
        for (const DcgmField &f : Fields) {
            fields.insert(QByteArray(f.name), &f);
            h.insert(QByteArray(f.name), { &f, f.unit, 1.0, nullptr });
            if (f.legacyName) // 1.x gave the profiling ratios in %
                h.insert(QByteArray(f.legacyName), { &f, f.legacyScale == 1 ? f.unit : "%", f.legacyScale, "1.x" });
        }
        for (const DcgmAlias &a : Aliases) {
            const DcgmField *field = fields.value(QByteArray(a.field));
            Q_ASSERT(field);
            h.insert(QByteArray(a.name), { field, a.unit, a.scale, a.generation });
        }
        return h;
    }();
    return byName.value(QByteArray::fromRawData(name.data(), name.size()));
}

bool isNvlinkRate(QLatin1String name)
{
    return name == QLatin1String("DCGM_FI_PROF_NVLINK_TX_BYTES")
        || name == QLatin1String("DCGM_FI_PROF_NVLINK_RX_BYTES")
        || name == QLatin1String("DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL");
}

QByteArrayView unitInHelp(QByteArrayView help)
{
    const qsizetype open = help.lastIndexOf(QByteArrayView("(in "));
    if (open < 0)
        return {};
    const qsizetype close = help.indexOf(')', open);
    if (close < 0)
        return {};
    return help.sliced(open + 4, close - open - 4).trimmed();
}

double unitConversion(QByteArrayView from, QByteArrayView to)
{
    if (from == to)
        return 1.0;
    const UnitSize *f = unitSize(from);
    const UnitSize *t = unitSize(to);
    if (!f || !t || f->family != t->family)
        return 0.0;
    return f->size / t->size;
}

MetricDescriptor dcgmMetric(const DcgmField &field)
{
    return { 0, QString::fromLatin1(field.name), QString::fromLatin1(field.unit), EntityKind::Gpu,
             QString::fromLatin1(field.help) };
}

} // namespace vigil
