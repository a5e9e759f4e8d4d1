// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/remedy.h"

#include "domain/nvlinkerror.h"
#include "domain/stragglerfinder.h"
#include "domain/xidcatalog.h"

#include <array>

namespace vigil {

namespace {

constexpr std::array<const char *, RemedyCount> Keys { "none",        "restart-job",  "diagnose", "reset-gpu",
                                                       "reboot-node", "reseat",       "replace",  "check-cooling",
                                                       "check-power", "check-network" };

// How thorough a remedy is: of several warnings on one part, the most thorough call wins. A
// check of the part's surroundings comes before a diagnostic, which says less about the cause.
int thoroughness(Remedy r)
{
    switch (r) {
    case Remedy::None:
        return 0;
    case Remedy::RestartJob:
        return 1;
    case Remedy::Diagnose:
        return 2;
    case Remedy::CheckNetwork:
        return 3;
    case Remedy::CheckCooling:
        return 4;
    case Remedy::CheckPower:
        return 5;
    case Remedy::ResetGpu:
        return 6;
    case Remedy::Reseat:
        return 7;
    case Remedy::RebootNode:
        return 8;
    case Remedy::Replace:
        return 9;
    }
    return 0;
}

// NVIDIA's catalogue's immediate action per Xid (../shared/reference/nvidia_xid_reference_subset.csv):
// RESTART_APP, RESET_GPU, RESTART_BM (reboot), IGNORE, and the NVLink and Xid 48 workflows.
Recommendation forXid(int32_t code)
{
    switch (code) {
    case 8:
    case 13:
    case 31:
    case 32:
    case 43:
    case 45:
    case 94: // one application hit; the policy threshold asks for a reset once they pile up
        return { Remedy::RestartJob, false, {} };
    case 46:
    case 48: // the workflow: reset, so the row is remapped
    case 62:
    case 64:
    case 95:
    case 109:
    case 119:
    case 120:
    case 136:
    case 140:
    case 143:
    case 158:
        return { Remedy::ResetGpu, true, {} };
    case 74: // the workflow: the link the registers name, checked; often the GPU at its other end
        return { Remedy::Diagnose, true, {} };
    case 79: // fallen off the bus: a bare-metal restart
        return { Remedy::RebootNode, true, {} };
    case 61: // contact support
        return { Remedy::Diagnose, false, {} };
    case 63:
    case 92:
    case 137:
    case 154:
        return { Remedy::None, false, {} };
    default: // not in the catalogue: look before acting
        return { xidIsJobFatal(code) ? Remedy::ResetGpu : Remedy::Diagnose, xidIsJobFatal(code), {} };
    }
}

// NVIDIA's NVLink error workflow, by the class of the registers' bits.
std::optional<Recommendation> forNvlinkError(const QString &message)
{
    const std::optional<NvlinkErrorRegisters> registers = parseNvlinkError(message);
    if (!registers)
        return std::nullopt;
    switch (diagnoseNvlinkError(*registers).fault) {
    case NvlinkFault::Mechanical: // check the link's mechanical connections and reseat
    case NvlinkFault::SignalIntegrity: // check the connections, then the field diagnostic
        return Recommendation { Remedy::Reseat, true, {} };
    case NvlinkFault::EccParity:
    case NvlinkFault::Unexpected:
    case NvlinkFault::Repeated:
        return Recommendation { Remedy::Diagnose, true, {} };
    case NvlinkFault::Secondary: // follow the other Xid; alone, it is the vendor's to explain
        return Recommendation { Remedy::Diagnose, false, {} };
    case NvlinkFault::EccThreshold: // nothing was lost: continue
    case NvlinkFault::None:
        return Recommendation { Remedy::None, false, {} };
    }
    return std::nullopt;
}

Recommendation forWarning(const WarningSign &w)
{
    switch (w.type) {
    case EventType::Xid:
        if (w.code == 74)
            if (const std::optional<Recommendation> link = forNvlinkError(w.message))
                return *link;
        return forXid(w.code);
    case EventType::EccDoubleBit:
        return { Remedy::ResetGpu, true, {} };
    case EventType::RowRemap: // a pending remap takes effect at the next reset
        return { Remedy::ResetGpu, false, {} };
    case EventType::ThermalThrottle:
    case EventType::CoolantTemperature:
        return { Remedy::CheckCooling, false, {} };
    case EventType::PowerThrottle:
    case EventType::PduOverThreshold:
        return { Remedy::CheckPower, false, {} };
    case EventType::NvlinkCrc:
        return { Remedy::Diagnose, false, {} };
    case EventType::PcieReplay: // retried transfers: the link's signal, the GPU's seat or riser
        return { Remedy::Reseat, false, {} };
    case EventType::IbLinkFlap:
        return { Remedy::CheckNetwork, false, {} };
    case EventType::Straggler:
        // A PCIe link trained down is the GPU's seat, its riser or its slot; slow for a cause
        // the readings may not show, the diagnostic finds it.
        if (w.code == int32_t(StragglerCause::PcieLink))
            return { Remedy::Reseat, false, {} };
        // A quiet NVLink retrains with a GPU reset; one that stays down is the diagnostic's.
        if (w.code == int32_t(StragglerCause::Nvlink))
            return { Remedy::ResetGpu, false, {} };
        return { Remedy::Diagnose, false, {} };
    case EventType::SeriesVanished:
        return { Remedy::Diagnose, false, {} };
    case EventType::GpuSilent: // comes before a GPU falls off the bus (docs/precursors.md)
        return { Remedy::ResetGpu, true, {} };
    case EventType::NvlinkDomainDegraded: // its trays' own warnings say what each needs
        return { Remedy::Diagnose, false, {} };
    case EventType::RepeatFailure: // the repair did not hold: NVSentinel's "repair effectiveness"
        return { Remedy::Replace, true, {} };
    case EventType::PolicyThreshold: // as gpud acts at its thresholds
        if (w.on == EntityKind::Switch)
            return { Remedy::RebootNode, true, {} };
        return { xidIsJobFatal(w.code) ? Remedy::Replace : Remedy::ResetGpu, true, {} };
    default: // correctable ECC errors, slow scrapes, a missing reading: watch
        return { Remedy::None, false, {} };
    }
}

} // namespace

bool isRemedy(int v)
{
    return v >= 0 && v < RemedyCount;
}

QString remedyKey(Remedy remedy)
{
    return isRemedy(int(remedy)) ? QString::fromLatin1(Keys[size_t(remedy)]) : QString();
}

std::optional<Remedy> remedyFromKey(const QString &key)
{
    for (size_t i = 0; i < Keys.size(); ++i)
        if (key == QLatin1String(Keys[i]))
            return Remedy(i);
    return std::nullopt;
}

Recommendation recommendRemedy(const WarningSign &warning)
{
    Recommendation r = forWarning(warning);
    r.because = warning;
    return r;
}

Recommendation recommendRemedy(std::span<const WarningSign> warnings)
{
    Recommendation best;
    for (const WarningSign &w : warnings) {
        const Recommendation r = recommendRemedy(w);
        // The most thorough call; of equals, the one that says to drain now.
        if (thoroughness(r.remedy) > thoroughness(best.remedy)
            || (r.remedy == best.remedy && r.drainFirst && !best.drainFirst)
            || (best.because.type == EventType::Unspecified && r.remedy == best.remedy))
            best = r;
    }
    return best;
}

} // namespace vigil
