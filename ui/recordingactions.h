// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QWidget;

namespace vigil {

class ReplayFeed;

// The File menu's questions about recordings, asked of the person and carried out,
// each a whole flow with its outcome said (as exportBundleInteractively is).

// A recording to open, from the folder last opened; empty when none was chosen.
QString chooseRecordingPath(QWidget *parent);
// An event history (CSV or JSON lines) imported into the recording being replayed, with the counts.
void importHistoryInteractively(QWidget *parent, ReplayFeed &replay);
// A bookmark at `timeMs` with a note, stored in the recording being replayed.
void addBookmarkInteractively(QWidget *parent, ReplayFeed &replay, int64_t timeMs);

// The maintenance-debt report of a recording in its own window; with no path, one to choose.
class ReportWindow *openReportInteractively(QWidget *parent, QString path);

} // namespace vigil
