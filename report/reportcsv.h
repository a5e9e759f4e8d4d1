// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/maintenancereport.h"

#include <QStringList>

namespace vigil {

// Writes the report as CSV, one file per table, into `directory` (created if
// needed): periods.csv, lost_by_cause.csv, lost_by_place.csv, incidents.csv,
// interventions.csv, threshold_changes.csv, open_warnings.csv, lemons.csv,
// fix_first.csv, fleet_failures.csv, fleet_lemons.csv, backtest.csv. Columns are
// documented in docs/report.md; numbers are plain (C locale), times ISO 8601 UTC,
// so any tool reads them the same way. Returns an error naming the file that
// could not be written; `written` gets the files written.
QString writeReportCsv(const MaintenanceReport &report, const QString &directory, QStringList *written = nullptr);

// The backtest's table (backtest.csv), for `vigil-report --backtest` to print.
QByteArray backtestCsv(const Backtest &backtest);

// Why an incident was or was not preventable, as the CSV says it (no_cause, warned_too_late, ...).
QString verdictKey(IncidentCost::Verdict verdict);

// One CSV field, quoted when it must be (RFC 4180).
QString csvField(const QString &text);

} // namespace vigil
