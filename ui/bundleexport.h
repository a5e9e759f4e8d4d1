// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <utility>
#include <vector>

#include <QDialog>

class QDateTimeEdit;

namespace vigil {

// Asks which window of a recording to bundle (the caller proposes one: the hour
// before the replay cursor to half an hour after it, widened to hold the whole of
// every incident in it) and where to write it.
class BundleDialog : public QDialog
{
    Q_OBJECT
public:
    BundleDialog(int64_t fromMs, int64_t toMs, int64_t startMs, int64_t endMs, QWidget *parent = nullptr);
    int64_t fromMs() const;
    int64_t toMs() const;

private:
    QDateTimeEdit *m_from;
    QDateTimeEdit *m_to;
};

// The whole flow from the File menu: the window, the destination, the export
// on a worker thread with a progress dialog, and the outcome.
// `carried`: facts about the whole recording the bundle keeps (exportBundle).
void exportBundleInteractively(QWidget *parent, const QString &source, int64_t fromMs, int64_t toMs, int64_t startMs,
                               int64_t endMs, const std::vector<std::pair<QString, QString>> &carried = {});

// The export itself, without the questions: a progress dialog while a worker
// writes the bundle, then the outcome in a message box (object name
// "bundleOutcome") opened without blocking, after the progress dialog is gone.
// Returns at once.
void startBundleExport(QWidget *parent, const QString &source, const QString &destination, int64_t fromMs, int64_t toMs,
                       const std::vector<std::pair<QString, QString>> &carried = {});

} // namespace vigil
