// SPDX-License-Identifier: GPL-3.0-or-later
#include "recordingactions.h"

#include "recordercontrol.h"
#include "recording/eventimport.h"
#include "recording/recordingwriter.h"
#include "recording/replayfeed.h"
#include "reportwindow.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QInputDialog>
#include <QLocale>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSettings>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>

namespace vigil {

namespace {

struct RecordingActionsTr
{
    Q_DECLARE_TR_FUNCTIONS(RecordingActions)
};

} // namespace

QString chooseRecordingPath(QWidget *parent)
{
    const QString directory
        = QSettings().value(QStringLiteral("replay/lastDirectory"), RecorderControl::defaultDirectory()).toString();
    return QFileDialog::getOpenFileName(parent, RecordingActionsTr::tr("Open a recording"), directory,
                                        RecordingActionsTr::tr("Vigil recordings (*.vigil *.sqlite);;All files (*)"));
}

void importHistoryInteractively(QWidget *parent, const QString &recording, const RecordingChanged &changed)
{
    const QString path
        = QFileDialog::getOpenFileName(parent, RecordingActionsTr::tr("Import an event history"), QString(),
                                       RecordingActionsTr::tr("Event histories (*.csv *.jsonl *.json);;All files (*)"));
    if (path.isEmpty())
        return;
    // Read and stored off the GUI thread: a fleet's five-year history is millions of lines.
    // The dialog follows the bytes read; Cancel stops before anything is stored.
    struct Progress
    {
        std::atomic<qint64> read { 0 }, total { 1 };
        std::atomic<bool> cancelled { false };
    };
    auto progress = std::make_shared<Progress>();
    auto *dialog = new QProgressDialog(RecordingActionsTr::tr("Importing %1…").arg(QFileInfo(path).fileName()),
                                       RecordingActionsTr::tr("Cancel"), 0, 1000, parent);
    dialog->setWindowTitle(RecordingActionsTr::tr("Import event history"));
    dialog->setMinimumDuration(300);
    dialog->setAutoClose(false);
    dialog->setAutoReset(false);
    auto *poll = new QTimer(dialog);
    QObject::connect(poll, &QTimer::timeout, dialog, [dialog, progress] {
        dialog->setValue(int(1000 * progress->read / std::max<qint64>(1, progress->total)));
    });
    poll->start(100);
    QObject::connect(dialog, &QProgressDialog::canceled, dialog, [progress] { progress->cancelled = true; });
    auto *watcher = new QFutureWatcher<ImportReport>(dialog);
    QObject::connect(watcher, &QFutureWatcher<ImportReport>::finished, parent, [=] {
        const ImportReport report = watcher->result();
        dialog->deleteLater(); // gone before the outcome opens
        if (report.cancelled)
            return;
        auto *box = new QMessageBox(
            report.error.isEmpty() && !report.refused ? QMessageBox::Information : QMessageBox::Warning,
            RecordingActionsTr::tr("Import event history"),
            report.error.isEmpty()
                ? RecordingActionsTr::tr(
                      "%1 lines read: %2 events imported, %3 already in the recording, %4 lines refused.")
                      .arg(QLocale().toString(qulonglong(report.lines)),
                           QLocale().toString(qulonglong(report.imported)),
                           QLocale().toString(qulonglong(report.duplicates)),
                           QLocale().toString(qulonglong(report.refused)))
                : report.error,
            QMessageBox::Ok, parent);
        QStringList problems;
        for (const QString &p : report.problems)
            problems << p;
        box->setDetailedText(problems.join(QLatin1Char('\n')));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        if (report.imported)
            changed(recording);
    });
    watcher->setFuture(QtConcurrent::run([path, recording, progress] {
        return importEventHistory(path, recording, {}, [progress](qint64 read, qint64 total) {
            progress->read = read;
            progress->total = total;
            return !progress->cancelled;
        });
    }));
}

void addBookmarkInteractively(QWidget *parent, const QString &recording, int64_t timeMs,
                              const RecordingChanged &changed, const BookmarkSharing &sharing)
{
    bool ok = false;
    const QString note = QInputDialog::getText(
        parent, RecordingActionsTr::tr("Bookmark"),
        RecordingActionsTr::tr("A note for %1 UTC:")
            .arg(QDateTime::fromMSecsSinceEpoch(timeMs, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))),
        QLineEdit::Normal, QString(), &ok);
    if (!ok || note.trimmed().isEmpty())
        return;
    const QString author = !sharing.author.isEmpty()
        ? sharing.author
        : QSettings().value(QStringLiteral("operator/name"), qEnvironmentVariable("USER")).toString();
    struct Stored
    {
        QString error; // not stored in the recording
        QString notShared; // stored, and not (yet) in the NOC's shared state: why
        bool shared = false;
    };
    // Stored off the GUI thread: the recording may be busy with the recorder's own writes, and
    // the gateway takes up to its timeout to answer.
    auto *watcher = new QFutureWatcher<Stored>(parent);
    QObject::connect(watcher, &QFutureWatcher<Stored>::finished, parent, [=] {
        watcher->deleteLater();
        const Stored stored = watcher->result();
        if (!stored.error.isEmpty()) {
            auto *box = new QMessageBox(QMessageBox::Warning, RecordingActionsTr::tr("Cannot store the bookmark"),
                                        stored.error, QMessageBox::Ok, parent);
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
            return;
        }
        changed(recording);
        if (sharing.tell && sharing.send)
            sharing.tell(stored.shared
                             ? RecordingActionsTr::tr("Bookmark stored and shared with the NOC.")
                             : RecordingActionsTr::tr("Bookmark stored in the recording; not shared with the NOC: %1")
                                   .arg(stored.notShared));
    });
    watcher->setFuture(QtConcurrent::run([=, note = note.trimmed(), send = sharing.send] {
        Stored stored;
        stored.error = recording::addBookmark(recording, timeMs, note, author);
        if (!stored.error.isEmpty() || !send)
            return stored;
        v1::ActRequest request;
        request.set_action(v1::EVENT_TYPE_NOTE);
        request.set_about_ms(timeMs);
        request.set_comment(note.toStdString());
        request.set_operator_name(author.toStdString());
        const ActOutcome outcome = send(request);
        stored.shared = outcome.ok && outcome.notShared.isEmpty();
        stored.notShared = !outcome.ok ? outcome.message : outcome.notShared;
        return stored;
    }));
}

ReportWindow *openReportInteractively(QWidget *parent, QString path)
{
    if (path.isEmpty())
        path = QFileDialog::getOpenFileName(
            parent, RecordingActionsTr::tr("Report on a recording"), RecorderControl::defaultDirectory(),
            RecordingActionsTr::tr("Vigil recordings (*.vigil *.sqlite);;All files (*)"));
    if (path.isEmpty())
        return nullptr;
    auto *window = new ReportWindow(path, parent);
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->show();
    return window;
}

} // namespace vigil
