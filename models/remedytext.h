// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/remedy.h"
#include "domain/topology.h"

#include <QString>

namespace vigil {

// A remedy in the operator's words: "Reset the GPU", "Return it to the vendor (RMA)".
QString remedyName(Remedy remedy);
// The whole recommendation for a part, in a sentence: "Drain GPU 6 of a01r05n6 now, then reset
// the GPU", "Check the cooling of rack a01r05", "Nothing to do yet: keep watching".
QString recommendationText(const Recommendation &r, const Topology *topology, EntityRef part);
// The remedy for a table's cell: "Reset the GPU, drain now".
QString recommendationShortText(const Recommendation &r);
// The sentence and why, as a tooltip, the dialog and a ticket's note read it.
QString recommendationWithReason(const Recommendation &r, const Topology *topology, EntityRef part);
// Why, in a few words: "NVIDIA's action for Xid 48", "the repair did not hold", "slower than its peers".
QString recommendationReason(const Recommendation &r);
// What an Xid 74's registers say, in words: "link 14: the link's mechanical connection (register 0,
// bit 8)"; empty when the line holds no registers.
QString nvlinkDiagnosisText(const QString &xidLine);

} // namespace vigil
