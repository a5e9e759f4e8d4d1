// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "client/telemetryclient.h"

#include <QString>

#include <functional>

class QWidget;

namespace vigil {

// The File menu's questions about recordings, asked of the person and carried out,
// each a whole flow with its outcome said (as exportBundleInteractively is).

// A recording to open, from the folder last opened; empty when none was chosen.
QString chooseRecordingPath(QWidget *parent);
// What a flow that wrote into a recording calls on the GUI thread when it is done, with the
// recording's path: the replay, if it still shows that recording, reads it again.
using RecordingChanged = std::function<void(const QString &recording)>;

// An event history (CSV or JSON lines) imported into a recording, read and stored off the
// GUI thread with its progress (and Cancel), then the counts.
void importHistoryInteractively(QWidget *parent, const QString &recording, const RecordingChanged &changed);
// Where a bookmark is also shared with the NOC: the live gateway's Act, as a note about its
// instant, which the gateway keeps in the shared state (PostgreSQL) and sends to every
// dashboard. Without `send` a bookmark stays in the recording alone.
struct BookmarkSharing
{
    std::function<ActOutcome(const v1::ActRequest &)> send;
    // The bookmarks the NOC shared over a span (GetBookmarks), for history read from the TSDB.
    std::function<BookmarksOutcome(int64_t fromMs, int64_t toMs)> fetch;
    QString author; // the operator's name, as the alarm actions give it
    std::function<void(const QString &)> tell; // on the GUI thread: what became of the sharing
};
// A bookmark at `timeMs` with a note, stored in a recording (and shared) off the GUI thread.
void addBookmarkInteractively(QWidget *parent, const QString &recording, int64_t timeMs,
                              const RecordingChanged &changed, const BookmarkSharing &sharing = {});

// The maintenance-debt report of a recording in its own window; with no path, one to choose.
class ReportWindow *openReportInteractively(QWidget *parent, QString path);

} // namespace vigil
