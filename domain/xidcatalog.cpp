// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/xidcatalog.h"

#include <map>
#include <set>

namespace vigil {

QString xidDescription(int code)
{
    static const std::map<int, const char *> descriptions {
        { 8, "GPU stopped processing" },
        { 13, "Graphics Engine Exception" },
        { 31, "GPU memory page fault" },
        { 32, "Invalid or corrupted push buffer stream" },
        { 43, "GPU stopped processing (app fault; GPU healthy)" },
        { 45, "Preemptive cleanup due to previous errors" },
        { 46, "GPU stopped processing" },
        { 48, "Double Bit ECC Error" },
        { 61, "Internal micro-controller breakpoint/warning" },
        { 62, "Internal micro-controller halt" },
        { 63, "GPU memory remapping event" },
        { 64, "GPU memory remapping failure" },
        { 74, "NVLINK Error" },
        { 79, "GPU has fallen off the bus" },
        { 92, "High single-bit ECC error rate" },
        { 94, "Contained memory error" },
        { 95, "Uncontained memory error" },
        { 109, "Context Switch Timeout Error" },
        { 119, "GSP RPC Timeout" },
        { 120, "GSP Error" },
        { 136, "Link Training Failed" },
        { 137, "NVLink Privilege Error" },
        { 140, "ECC Unrecovered Error" },
        { 143, "GPU Initialization Error" },
        { 154, "GPU recovery action changed" },
        { 158, "GPU Fatal Timeout" },
    };
    const auto it = descriptions.find(code);
    return it == descriptions.end() ? QStringLiteral("Xid %1").arg(code) : QString::fromLatin1(it->second);
}

bool xidIsJobFatal(int code)
{
    static const std::set<int> fatal { 46, 48, 62, 64, 74, 79, 95, 109, 119, 120, 136, 140, 143, 158 };
    return fatal.count(code) > 0;
}

bool xidIsApplicationError(int code)
{
    return code == 13 || code == 31 || code == 43 || code == 45;
}

} // namespace vigil
