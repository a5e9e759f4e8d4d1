// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"
#include "domain/topology.h"

#include <QString>

#include <functional>
#include <memory>
#include <vector>

class QIODevice;

namespace vigil {

struct ImportReport
{
    uint64_t lines = 0; // data lines read
    uint64_t imported = 0; // stored in the recording by this import
    uint64_t duplicates = 0; // already in the recording, or twice in the file: kept once
    uint64_t refused = 0;
    std::vector<QString> problems; // "line 12: …", the first MaxProblems
    QString error; // nothing could be imported: unreadable file, no header, no topology, cancelled
    bool cancelled = false;
    static constexpr size_t MaxProblems = 50;
};

// Reads an event history from another system: CSV with a header row, or JSON
// lines (one object per line), told apart by the first character. Columns or
// keys: time, entity, kind, code, message (required); severity, job, value,
// step, operator (optional). docs/recording-format.md has the details. Lines
// that cannot be used are refused with their line number; the rest are kept.
// `progress` is told now and then how far the reading is; when it returns false
// the import stops, and nothing is stored.
using ImportProgress = std::function<bool(qint64 bytesRead, qint64 bytesTotal)>;
std::vector<Event> parseEventHistory(QIODevice &input, const Topology &topology, ImportReport &report,
                                     const ImportProgress &progress = {});

// Imports a history file into a recording: an existing one (its topology names
// the entities) or a new one (then `topology` is required).
ImportReport importEventHistory(const QString &inputPath, const QString &recordingPath,
                                std::shared_ptr<const Topology> topology = {}, const ImportProgress &progress = {});

} // namespace vigil
