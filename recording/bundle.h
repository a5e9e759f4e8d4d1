// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace vigil {

struct BundleSummary
{
    uint64_t frames = 0;
    uint64_t events = 0;
    int64_t fromMs = 0;
    int64_t toMs = 0;
};

// An incident bundle: the part of a recording between two instants, as a
// standalone recording (one file, no WAL beside it) to hand to a colleague. It
// starts with the cluster as it stood at `fromMs` and holds every frame, event,
// gap and bookmark up to `toMs`. `progress` gets the share done and returns
// false to cancel. `carried` are facts about the whole recording that its excerpt
// cannot learn again, kept in the bundle's meta table (the hazard model the incidents
// were judged by: RecordingMeta::hazardModel()). Returns an error naming the file and the problem.
QString exportBundle(const QString &source, const QString &destination, int64_t fromMs, int64_t toMs,
                     const std::function<bool(double)> &progress = {}, BundleSummary *summary = nullptr,
                     const std::vector<std::pair<QString, QString>> &carried = {});

namespace RecordingMeta {
// The hazard model (HazardModel::toJson) of the recording a bundle was cut from.
inline QString hazardModel()
{
    return QStringLiteral("hazard_model");
}
} // namespace RecordingMeta

} // namespace vigil
