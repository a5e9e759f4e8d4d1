// SPDX-License-Identifier: GPL-3.0-or-later
#include "remedytext.h"

#include "eventdescription.h"

#include "domain/nvlinkerror.h"
#include "domain/stragglerfinder.h"

#include <QCoreApplication>

namespace vigil {

namespace {

struct RemedyTr
{
    Q_DECLARE_TR_FUNCTIONS(Remedy)
};

} // namespace

QString remedyName(Remedy remedy)
{
    switch (remedy) {
    case Remedy::None:
        return RemedyTr::tr("Keep watching");
    case Remedy::RestartJob:
        return RemedyTr::tr("Hand back to the job's owner");
    case Remedy::Diagnose:
        return RemedyTr::tr("Run the diagnostic");
    case Remedy::ResetGpu:
        return RemedyTr::tr("Reset the GPU");
    case Remedy::RebootNode:
        return RemedyTr::tr("Reboot the node");
    case Remedy::Reseat:
        return RemedyTr::tr("Reseat it");
    case Remedy::Replace:
        return RemedyTr::tr("Replace it (RMA)");
    case Remedy::CheckCooling:
        return RemedyTr::tr("Check the cooling");
    case Remedy::CheckPower:
        return RemedyTr::tr("Check the power");
    case Remedy::CheckNetwork:
        return RemedyTr::tr("Check the network link");
    }
    return RemedyTr::tr("Unknown remedy");
}

QString recommendationText(const Recommendation &r, const Topology *topology, EntityRef part)
{
    const QString name = entityName(topology, part);
    if (r.remedy == Remedy::None)
        return RemedyTr::tr("Nothing to do on %1 yet: keep watching").arg(name);
    if (r.remedy == Remedy::RestartJob)
        return RemedyTr::tr("Hand back to the owner of the job on %1: the program's fault, not the part's").arg(name);
    const QString what = remedyName(r.remedy);
    return r.drainFirst ? RemedyTr::tr("Drain %1 now, then: %2").arg(name, what)
                        : RemedyTr::tr("%1 on %2, without draining it").arg(what, name);
}

QString recommendationShortText(const Recommendation &r)
{
    return r.drainFirst ? RemedyTr::tr("%1, drain now").arg(remedyName(r.remedy)) : remedyName(r.remedy);
}

QString recommendationWithReason(const Recommendation &r, const Topology *topology, EntityRef part)
{
    const QString reason = recommendationReason(r);
    const QString text = recommendationText(r, topology, part);
    return reason.isEmpty() ? text : QStringLiteral("%1: %2").arg(text, reason);
}

QString nvlinkDiagnosisText(const QString &xidLine)
{
    const std::optional<NvlinkErrorRegisters> registers = parseNvlinkError(xidLine);
    if (!registers)
        return {};
    const NvlinkDiagnosis d = diagnoseNvlinkError(*registers);
    QString what;
    switch (d.fault) {
    case NvlinkFault::None:
        return RemedyTr::tr("link %1: no bit NVIDIA's workflow acts on").arg(d.link);
    case NvlinkFault::EccThreshold:
        what = RemedyTr::tr("correctable errors past their threshold, nothing lost");
        break;
    case NvlinkFault::Secondary:
        what = RemedyTr::tr("a secondary error: the cause is another Xid or the link's other end");
        break;
    case NvlinkFault::Repeated:
        what = RemedyTr::tr("an error worth a report if it repeats");
        break;
    case NvlinkFault::Unexpected:
        what = RemedyTr::tr("an error NVIDIA's workflow does not expect: for the vendor");
        break;
    case NvlinkFault::EccParity:
        what = RemedyTr::tr("an ECC or parity error in the link's hardware");
        break;
    case NvlinkFault::SignalIntegrity:
        what = RemedyTr::tr("a marginal signal on the link");
        break;
    case NvlinkFault::Mechanical:
        what = RemedyTr::tr("the link's mechanical connection");
        break;
    }
    return RemedyTr::tr("link %1: %2 (register %3, bit %4)").arg(d.link).arg(what).arg(d.registerIndex).arg(d.bit);
}

QString recommendationReason(const Recommendation &r)
{
    const WarningSign &w = r.because;
    switch (w.type) {
    case EventType::Xid:
        if (const QString link = nvlinkDiagnosisText(w.message); w.code == 74 && !link.isEmpty())
            return RemedyTr::tr("NVIDIA's NVLink workflow: %1").arg(link);
        return RemedyTr::tr("NVIDIA's action for Xid %1").arg(w.code);
    case EventType::RepeatFailure:
        return RemedyTr::tr("it failed again soon after a repair: the repair did not hold");
    case EventType::PolicyThreshold:
        return RemedyTr::tr("the site's policy for code %1").arg(w.code);
    case EventType::GpuSilent:
        return RemedyTr::tr("its telemetry went silent, as GPUs do before they fall off the bus");
    case EventType::Straggler:
        if (w.code == int32_t(StragglerCause::PcieLink))
            return RemedyTr::tr("its PCIe link trained down, and its job waits for it");
        if (w.code == int32_t(StragglerCause::Nvlink))
            return RemedyTr::tr("one of its NVLinks went quiet, and its job waits for it");
        return RemedyTr::tr("slower than its peers, for a cause the readings do not show");
    case EventType::Unspecified:
        return {};
    default:
        return RemedyTr::tr("it warned of: %1").arg(eventTypeName(w.type));
    }
}

} // namespace vigil
