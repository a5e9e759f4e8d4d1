// SPDX-License-Identifier: GPL-3.0-or-later
#include "recordingactions.h"

#include "recorder/eventimport.h"
#include "recorder/recordingwriter.h"
#include "recorder/replayfeed.h"
#include "recordercontrol.h"
#include "reportwindow.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFileDialog>
#include <QInputDialog>
#include <QLocale>
#include <QMessageBox>
#include <QSettings>

namespace vigil {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(RecordingActions)
};

} // namespace

QString chooseRecordingPath(QWidget *parent)
{
    const QString directory
        = QSettings().value(QStringLiteral("replay/lastDirectory"), RecorderControl::defaultDirectory()).toString();
    return QFileDialog::getOpenFileName(parent, Tr::tr("Open a recording"), directory,
                                        Tr::tr("Vigil recordings (*.vigil *.sqlite);;All files (*)"));
}

void importHistoryInteractively(QWidget *parent, ReplayFeed &replay)
{
    const QString path = QFileDialog::getOpenFileName(parent, Tr::tr("Import an event history"), QString(),
                                                      Tr::tr("Event histories (*.csv *.jsonl *.json);;All files (*)"));
    if (path.isEmpty())
        return;
    const ImportReport report = importEventHistory(path, replay.path());
    QMessageBox box(report.error.isEmpty() && !report.refused ? QMessageBox::Information : QMessageBox::Warning,
                    Tr::tr("Import event history"),
                    report.error.isEmpty()
                        ? Tr::tr("%1 lines read: %2 events imported, %3 already in the recording, %4 lines refused.")
                              .arg(QLocale().toString(qulonglong(report.lines)),
                                   QLocale().toString(qulonglong(report.imported)),
                                   QLocale().toString(qulonglong(report.duplicates)),
                                   QLocale().toString(qulonglong(report.refused)))
                        : report.error,
                    QMessageBox::Ok, parent);
    QStringList problems;
    for (const QString &p : report.problems)
        problems << p;
    box.setDetailedText(problems.join(QLatin1Char('\n')));
    box.exec();
    if (report.imported) {
        replay.reloadOverview();
        replay.seek(replay.shownMs(), false); // the views pick the new events up
    }
}

void addBookmarkInteractively(QWidget *parent, ReplayFeed &replay, int64_t timeMs)
{
    bool ok = false;
    const QString note = QInputDialog::getText(
        parent, Tr::tr("Bookmark"),
        Tr::tr("A note for %1 UTC:")
            .arg(QDateTime::fromMSecsSinceEpoch(timeMs, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))),
        QLineEdit::Normal, QString(), &ok);
    if (!ok || note.trimmed().isEmpty())
        return;
    const QString author = QSettings().value(QStringLiteral("operator/name"), qEnvironmentVariable("USER")).toString();
    if (const QString error = recording::addBookmark(replay.path(), timeMs, note.trimmed(), author); !error.isEmpty())
        QMessageBox::warning(parent, Tr::tr("Cannot store the bookmark"), error);
    else
        replay.reloadOverview();
}

ReportWindow *openReportInteractively(QWidget *parent, QString path)
{
    if (path.isEmpty())
        path
            = QFileDialog::getOpenFileName(parent, Tr::tr("Report on a recording"), RecorderControl::defaultDirectory(),
                                           Tr::tr("Vigil recordings (*.vigil *.sqlite);;All files (*)"));
    if (path.isEmpty())
        return nullptr;
    auto *window = new ReportWindow(path, parent);
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->show();
    return window;
}

} // namespace vigil
