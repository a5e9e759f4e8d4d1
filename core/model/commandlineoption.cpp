// SPDX-License-Identifier: GPL-3.0-or-later
#include "commandlineoption.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace vigil {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(CommandLine)
};

} // namespace

std::optional<double> numberOption(const QCommandLineParser &parser, const QString &name, double min, double max,
                                   const QString &expected, QString *error)
{
    bool ok = false;
    const QString text = parser.value(name);
    const double value = text.toDouble(&ok);
    if (ok && value >= min && value <= max)
        return value;
    if (error && error->isEmpty())
        *error = Tr::tr("--%1: '%2' is not %3").arg(name, text, expected);
    return std::nullopt;
}

} // namespace vigil
