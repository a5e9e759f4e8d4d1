// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"

#include <QString>

#include <optional>
#include <span>

namespace vigil {

// What a site does about a part (docs/hand-off.md): the action Vigil recommends for a warning, an
// incident or a risk, and what an operator hands off to the site's ticketing or automation.
// Mirrors vigil.v1.Remedy; the numbers are on the wire and in recordings.
enum class Remedy
{
    None = 0, // nothing to do yet: keep watching
    RestartJob = 1, // the program's own fault: its owner restarts it
    Diagnose = 2, // run the vendor's diagnostic (dcgmi diag) or check the link the error names
    ResetGpu = 3,
    RebootNode = 4,
    Reseat = 5, // the GPU, its riser or cable
    Replace = 6, // return it to the vendor (RMA)
    CheckCooling = 7, // the rack's airflow, fans, coolant
    CheckPower = 8, // the PDU, power supplies, power cap
    CheckNetwork = 9, // the InfiniBand cable, transceiver or switch port
};
inline constexpr int RemedyCount = 10;

bool isRemedy(int wireValue);
// The remedy's key in files, payloads and command lines ("reset-gpu"), and back (nullopt: none such).
QString remedyKey(Remedy remedy);
std::optional<Remedy> remedyFromKey(const QString &key);

// One warning as the recommendation reads it.
struct WarningSign
{
    EventType type = EventType::Unspecified;
    int32_t code = 0; // the Xid, for an Xid or a policy threshold; a straggler's StragglerCause
    EntityKind on = EntityKind::Unspecified; // what it was reported on
    QString message; // the warning's text when known: an Xid 74's registers name the fault
    bool operator==(const WarningSign &) const = default;
};

// The action recommended for a set of warnings on one part: the most thorough one any of them
// calls for (replace > reboot > reseat > reset > diagnose > check power, cooling, network >
// restart the job > none), and whether to drain the part first so no job lands on it meanwhile.
struct Recommendation
{
    Remedy remedy = Remedy::None;
    bool drainFirst = false;
    // The warning that called for it, for the reason given.
    WarningSign because;
    bool operator==(const Recommendation &) const = default;
};

// One definition, for every view and the gateway (docs/hand-off.md has the table). The remedies
// follow NVIDIA's catalogue's immediate action per Xid; the sources of the rest are in the table.
Recommendation recommendRemedy(const WarningSign &warning);
Recommendation recommendRemedy(std::span<const WarningSign> warnings);

} // namespace vigil
