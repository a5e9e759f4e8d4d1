// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <array>
#include <cstdint>
#include <optional>

namespace vigil {

// What an Xid 74's registers say (docs/hand-off.md#xid-74-the-failing-nvlink). The driver
// prints the failing link and seven register values:
//
//     NVRM: Xid (PCI:0000:07:00): 74, pid=…, NVLink: fatal error detected on link 14(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0,
//     0x0)
//
// NVIDIA's NVLink error workflow reads the first, third, fourth and fifth registers bit by bit
// (on Hopper); the classes below are its.
struct NvlinkErrorRegisters
{
    int link = -1;
    std::array<uint32_t, 7> registers {};
};
std::optional<NvlinkErrorRegisters> parseNvlinkError(const QString &xidLine);

enum class NvlinkFault
{
    None, // no bit the workflow names (or only those it says to ignore)
    EccThreshold, // correctable errors past a threshold, nothing lost: keep running
    Secondary, // sympathetic: the cause is another Xid or the link's other end
    Repeated, // worth a report only when it repeats
    Unexpected, // a bit the workflow does not name (or says is not seen in production): for the vendor
    EccParity, // a hardware ECC or parity error in the link
    SignalIntegrity, // a marginal channel: the connections, then the field diagnostic
    Mechanical, // the link's mechanical connection: reseat, then the diagnostic
};

// The most actionable class the set bits fall in (the order above), and the bit that put it there.
struct NvlinkDiagnosis
{
    int link = -1;
    NvlinkFault fault = NvlinkFault::None;
    int registerIndex = -1; // 0-based, as printed
    int bit = -1;
};
NvlinkDiagnosis diagnoseNvlinkError(const NvlinkErrorRegisters &registers);
// A stable English key for the class ("mechanical", "signal_integrity", …), for payloads and files.
QString nvlinkDiagnosisKey(NvlinkFault fault);

} // namespace vigil
