// SPDX-License-Identifier: GPL-3.0-or-later
#include "host/journalfollow.h"

#include <algorithm>

namespace vigil {

void followJournal(const TelemetryJournal &journal, std::stop_token stop,
                   const std::function<void(const v1::StreamMessage &)> &each, const std::function<void()> &afterRead)
{
    // From the oldest entry retained: a keyframe first, so a state fills at once.
    uint64_t after = journal.range().oldest - 1;
    std::vector<JournalMessage> entries;
    while (!stop.stop_requested()) {
        entries.clear();
        const auto status = journal.readAfter(after, entries, 256, std::chrono::milliseconds(100));
        if (status == TelemetryJournal::ReadStatus::Closed)
            break;
        if (status == TelemetryJournal::ReadStatus::NotRetained) {
            after = journal.range().oldest - 1; // fell behind: on from what is kept
            continue;
        }
        for (const JournalMessage &message : entries) {
            after = std::max<uint64_t>(after, message->seq());
            each(*message);
        }
        afterRead();
    }
}

} // namespace vigil
