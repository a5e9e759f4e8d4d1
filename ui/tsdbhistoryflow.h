// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "backfill/tsdbhistory.h"

#include <QString>

#include <functional>

class QWidget;

namespace vigil {

// Where the span a request names is kept once read: one recording per query API, span,
// step and host label, in the cache folder. The same request again opens it at once.
QString tsdbHistoryCachePath(const TsdbHistoryRequest &request);

// The File menu's "Open history from Prometheus…": asks for the query API, the span and
// the step (remembered), then fetchTsdbHistory, with the NOC's bookmarks from `bookmarks`.
void openTsdbHistoryInteractively(QWidget *parent, const std::function<void(const QString &recording)> &open,
                                  const TsdbHistoryRequest::Bookmarks &bookmarks = {});

// Reads the span into its cache recording off the GUI thread, with its progress (and
// Cancel), then calls `open` with the recording (a span read only in part is opened too,
// its holes shown as gaps, and read again next time). A span read before is opened from
// the cache without a query. Errors are said in a message box.
void fetchTsdbHistory(QWidget *parent, TsdbHistoryRequest request,
                      const std::function<void(const QString &recording)> &open);

} // namespace vigil
