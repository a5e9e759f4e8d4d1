// SPDX-License-Identifier: GPL-3.0-or-later
// Built only by the architecture_wrong_include_fails test, which passes only when the compiler
// refuses the last include: the analysis links the recording and the domain, so it sees their
// headers, and not the gateway's (docs/architecture.md, "A folder per library").
#include "analysis/incidents.h"
#include "domain/topology.h"
#include "recording/recordingreader.h"

#include "gateway/alarmdesk.h"
