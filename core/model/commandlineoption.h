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

} // namespace vigil
