// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gateway/telemetryjournal.h"

#include <functional>
#include <stop_token>

namespace vigil {

// Reads the journal from its oldest retained entry on, as it grows, until `stop` (or the journal
// closes): each entry to `each`, then `afterRead` after every read, whether it brought entries
// or 100 ms passed without any. A reader that fell behind what is retained goes on from there.
// The gateway's feeds (remote write, Grafana) are this loop and what they do with an entry.
void followJournal(const TelemetryJournal &journal, std::stop_token stop,
                   const std::function<void(const v1::StreamMessage &)> &each, const std::function<void()> &afterRead);

} // namespace vigil
