// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sources/kernellog.h"
#include "sources/logsource.h"

#include <optional>

namespace vigil {

// A kernel log (dmesg, journald's text, syslog) followed as it grows: each NVRM Xid becomes
// an event on the GPU at its PCI address on the log's host, and each NVSwitch SXid one on the
// switch there.
class KernelLogSource final : public LogSource
{
public:
    KernelLogSource(BridgeSpec spec, TelemetrySink &sink, Logger log, std::shared_ptr<XidMerger> xids);
    ~KernelLogSource() override;

    void pollOnce() override;

private:
    void handleXids(std::vector<XidRecord> &&records, int64_t nowMs);
    std::optional<Event> xidEvent(const XidRecord &r, const QString &host, int64_t nowMs);
    // An NVSwitch's SXid as an event on the switch, or nothing (counted and said) when the topology lacks it.
    std::optional<Event> sxidEvent(const XidRecord &r, const QString &host, int64_t nowMs);

    KernelLogParser m_parser; // syslog lines carry no year: this one is assumed
    std::shared_ptr<XidMerger> m_xids;
    std::map<QString, uint32_t> m_gpuByHostPci; // "host/pci" -> GPU
    std::map<QString, std::vector<uint32_t>> m_gpusByPci;
    std::map<QString, uint32_t> m_nvSwitchByHostPci; // "host/pci" -> switch
};

} // namespace vigil
