// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/nvlinkerror.h"

#include <QRegularExpression>

#include <algorithm>
#include <initializer_list>

namespace vigil {

namespace {

// One register's bits by class, as NVIDIA's NVLink error workflow lists them for Hopper.
struct BitClass
{
    int registerIndex;
    NvlinkFault fault;
    std::initializer_list<int> bits;
};

const BitClass Classes[] = {
    { 0, NvlinkFault::None, { 0, 23, 30 } }, // "can be safely ignored"
    { 0, NvlinkFault::Secondary, { 1, 20 } },
    { 0, NvlinkFault::EccParity, { 4, 5 } },
    { 0, NvlinkFault::Mechanical, { 8, 9, 12, 16, 17, 24, 28 } },
    { 0, NvlinkFault::SignalIntegrity, { 21, 22 } },
    { 0, NvlinkFault::Repeated, { 27, 29 } },
    { 2, NvlinkFault::EccParity, { 0, 1, 2, 6 } },
    { 2, NvlinkFault::Unexpected, { 13 } },
    { 2, NvlinkFault::Repeated, { 16, 17, 18, 19 } },
    { 3, NvlinkFault::Secondary, { 16, 17, 18 } },
    { 4, NvlinkFault::EccParity, { 18, 19, 21, 22, 24, 25, 27, 28 } },
    { 4, NvlinkFault::EccThreshold, { 20, 23, 26, 29 } },
};

} // namespace

std::optional<NvlinkErrorRegisters> parseNvlinkError(const QString &xidLine)
{
    static const QRegularExpression pattern(
        QStringLiteral("link\\s+(\\d{1,3})\\s*\\(\\s*((?:0x[0-9a-fA-F]{1,8}\\s*,\\s*){6}0x[0-9a-fA-F]{1,8})\\s*\\)"));
    const QRegularExpressionMatch m = pattern.match(xidLine);
    if (!m.hasMatch())
        return std::nullopt;
    NvlinkErrorRegisters r;
    r.link = m.captured(1).toInt();
    const QStringList values = m.captured(2).split(QLatin1Char(','));
    for (qsizetype i = 0; i < values.size() && i < qsizetype(r.registers.size()); ++i)
        r.registers[size_t(i)] = values[i].trimmed().toUInt(nullptr, 16);
    return r;
}

NvlinkDiagnosis diagnoseNvlinkError(const NvlinkErrorRegisters &registers)
{
    NvlinkDiagnosis d;
    d.link = registers.link;
    // Registers 1, 5 and 6 carry nothing the workflow reads; of the others, every set bit is
    // classed, and a bit no class names is the vendor's to explain.
    for (int reg : { 0, 2, 3, 4 }) {
        for (int bit = 0; bit < 32; ++bit) {
            if (!(registers.registers[size_t(reg)] & (1u << bit)))
                continue;
            NvlinkFault fault = NvlinkFault::Unexpected;
            for (const BitClass &c : Classes)
                if (c.registerIndex == reg && std::find(c.bits.begin(), c.bits.end(), bit) != c.bits.end())
                    fault = c.fault;
            if (int(fault) > int(d.fault)) {
                d.fault = fault;
                d.registerIndex = reg;
                d.bit = bit;
            }
        }
    }
    return d;
}

QString nvlinkDiagnosisKey(NvlinkFault fault)
{
    switch (fault) {
    case NvlinkFault::None:
        return QStringLiteral("none");
    case NvlinkFault::EccThreshold:
        return QStringLiteral("ecc_threshold");
    case NvlinkFault::Secondary:
        return QStringLiteral("secondary");
    case NvlinkFault::Repeated:
        return QStringLiteral("report_if_repeated");
    case NvlinkFault::EccParity:
        return QStringLiteral("ecc_parity");
    case NvlinkFault::SignalIntegrity:
        return QStringLiteral("signal_integrity");
    case NvlinkFault::Mechanical:
        return QStringLiteral("mechanical");
    case NvlinkFault::Unexpected:
        return QStringLiteral("unexpected");
    }
    return {};
}

} // namespace vigil
