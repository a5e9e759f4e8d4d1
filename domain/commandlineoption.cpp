// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/commandlineoption.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QRegularExpression>

namespace vigil {

namespace {

struct CommandLineOptionTr
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
        *error = CommandLineOptionTr::tr("--%1: '%2' is not %3").arg(name, text, expected);
    return std::nullopt;
}

std::optional<int64_t> parseInstant(const QString &text)
{
    const QString t = text.trimmed();
    // A date alone; QDate::fromString would also take the date of "2026-11-02T06:00" and drop its time.
    if (const QDate date = QDate::fromString(t, Qt::ISODate); date.isValid() && t.size() == 10)
        return QDateTime(date, QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
    QDateTime when = QDateTime::fromString(t, Qt::ISODate);
    if (!when.isValid())
        return std::nullopt;
    if (when.timeSpec() == Qt::LocalTime)
        when.setTimeSpec(Qt::UTC);
    return when.toMSecsSinceEpoch();
}

std::optional<int64_t> parseLength(const QString &text)
{
    static const QRegularExpression form(QStringLiteral("^\\s*(\\d{1,4})\\s*([dh])\\s*$"));
    const QRegularExpressionMatch m = form.match(text);
    if (!m.hasMatch() || m.captured(1).toLongLong() == 0)
        return std::nullopt;
    return m.captured(1).toLongLong() * (m.captured(2) == QLatin1String("d") ? 86400000LL : 3600000LL);
}

} // namespace vigil
