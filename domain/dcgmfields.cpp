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
    // Before DCGM 3.3 the same bitmask had this name; it is read as the one above.
    { "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS", nullptr, G, "", "Clock throttle reasons (NVML bitmask)", 0, 16777215, 1 },
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
    { "DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL", "dcgm_nvlink_bandwidth_total", C, "", "NVLink bandwidth counter, all lanes",
      0, MaxCount, 1 },
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

} // namespace

std::span<const DcgmField> dcgmFields()
{
    return Fields;
}

const DcgmField *findDcgmField(QByteArrayView name, bool *legacy)
{
    static const QHash<QByteArray, std::pair<const DcgmField *, bool>> byName = [] {
        QHash<QByteArray, std::pair<const DcgmField *, bool>> h;
        for (const DcgmField &f : Fields) {
            h.insert(QByteArray(f.name), { &f, false });
            if (f.legacyName)
                h.insert(QByteArray(f.legacyName), { &f, true });
        }
        return h;
    }();
    const auto it = byName.constFind(QByteArray::fromRawData(name.data(), name.size()));
    if (it == byName.constEnd())
        return nullptr;
    if (legacy)
        *legacy = it->second;
    return it->first;
}

MetricDescriptor dcgmMetric(const DcgmField &field)
{
    return { 0, QString::fromLatin1(field.name), QString::fromLatin1(field.unit), EntityKind::Gpu,
             QString::fromLatin1(field.help) };
}

} // namespace vigil
