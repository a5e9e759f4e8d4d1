// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <optional>

class QCommandLineParser;

namespace vigil {

// A numeric option's value within [min, max]. Otherwise nothing, and `error`
// (when still empty) says "--NAME: 'VALUE' is not EXPECTED".
std::optional<double> numberOption(const QCommandLineParser &parser, const QString &name, double min, double max,
                                   const QString &expected, QString *error);

// An instant on the command line: "2026-11-02" (midnight UTC) or "2026-11-02T06:00[:00][Z|±hh:mm]",
// UTC unless it says otherwise. Nothing when it is neither.
std::optional<int64_t> parseInstant(const QString &text);

// A length of time: "7d", "30d", "36h". Nothing when it is not one, or zero.
std::optional<int64_t> parseLength(const QString &text);

} // namespace vigil
