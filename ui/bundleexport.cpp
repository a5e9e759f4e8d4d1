// SPDX-License-Identifier: GPL-3.0-or-later
#include "bundleexport.h"

#include "recording/bundle.h"

#include <QDateTime>
#include <QDateTimeEdit>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

#include <atomic>

namespace vigil {

namespace {

QDateTimeEdit *timeEdit(int64_t ms, int64_t startMs, int64_t endMs, QWidget *parent)
{
    auto *edit = new QDateTimeEdit(QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC), parent);
    edit->setTimeSpec(Qt::UTC);
    edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm:ss 'UTC'"));
    edit->setDateTimeRange(QDateTime::fromMSecsSinceEpoch(startMs, Qt::UTC),
                           QDateTime::fromMSecsSinceEpoch(endMs, Qt::UTC));
    edit->setCalendarPopup(true);
    return edit;
}

} // namespace

BundleDialog::BundleDialog(int64_t fromMs, int64_t toMs, int64_t startMs, int64_t endMs, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Export an incident bundle"));
    m_from = timeEdit(std::clamp(fromMs, startMs, endMs), startMs, endMs, this);
    m_to = timeEdit(std::clamp(toMs, startMs, endMs), startMs, endMs, this);
    auto *form = new QFormLayout(this);
    auto *note = new QLabel(tr("A standalone recording of this window — frames, events, gaps and bookmarks — "
                               "that opens like any other recording."),
                            this);
    note->setWordWrap(true);
    form->addRow(note);
    form->addRow(tr("From"), m_from);
    form->addRow(tr("To"), m_to);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export…"));
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (this->fromMs() >= this->toMs()) {
            QMessageBox::warning(this, windowTitle(), tr("The end must come after the start."));
            return;
        }
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

int64_t BundleDialog::fromMs() const
{
    return m_from->dateTime().toMSecsSinceEpoch();
}

int64_t BundleDialog::toMs() const
{
    return m_to->dateTime().toMSecsSinceEpoch();
}

void exportBundleInteractively(QWidget *parent, const QString &source, int64_t fromMs, int64_t toMs, int64_t startMs,
                               int64_t endMs, const std::vector<std::pair<QString, QString>> &carried)
{
    BundleDialog dialog(fromMs, toMs, startMs, endMs, parent);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const int64_t from = dialog.fromMs(), to = dialog.toMs();
    const QString suggested = QFileInfo(source).absolutePath()
        + QStringLiteral("/incident-%1.vigil")
              .arg(QDateTime::fromMSecsSinceEpoch(from, Qt::UTC).toString(QStringLiteral("yyyyMMdd-HHmm")));
    const QString destination = QFileDialog::getSaveFileName(parent, QObject::tr("Save the incident bundle"), suggested,
                                                             QObject::tr("Vigil recordings (*.vigil)"));
    if (destination.isEmpty())
        return;

    startBundleExport(parent, source, destination, from, to, carried);
}

void startBundleExport(QWidget *parent, const QString &source, const QString &destination, int64_t from, int64_t to,
                       const std::vector<std::pair<QString, QString>> &carried)
{
    auto *progress
        = new QProgressDialog(QObject::tr("Writing the incident bundle…"), QObject::tr("Cancel"), 0, 1000, parent);
    progress->setWindowModality(Qt::WindowModal);
    progress->setMinimumDuration(300);
    auto done = std::make_shared<std::atomic<int>>(0);
    auto cancelled = std::make_shared<std::atomic<bool>>(false);
    auto summary = std::make_shared<BundleSummary>();
    auto *watcher = new QFutureWatcher<QString>(parent);
    auto *poll = new QTimer(watcher);
    QObject::connect(poll, &QTimer::timeout, progress, [progress, done] { progress->setValue(done->load()); });
    QObject::connect(progress, &QProgressDialog::canceled, watcher, [cancelled] { *cancelled = true; });
    QObject::connect(watcher, &QFutureWatcher<QString>::finished, parent,
                     [parent, watcher, poll, progress, summary, destination] {
                         // The progress dialog goes now, not at the next return to the event loop: a
                         // window-modal dialog left standing over the outcome held the window (and the
                         // timer kept feeding it). The outcome opens without a nested event loop.
                         poll->stop();
                         progress->hide();
                         delete progress;
                         const QString error = watcher->result();
                         watcher->deleteLater();
                         if (error == QLatin1String("cancelled"))
                             return;
                         auto *box = error.isEmpty()
                             ? new QMessageBox(QMessageBox::Information, QObject::tr("Incident bundle written"),
                                               QObject::tr("%1\n%2 frames and %3 events, ready to hand over.")
                                                   .arg(QDir::toNativeSeparators(destination))
                                                   .arg(QLocale().toString(qulonglong(summary->frames)))
                                                   .arg(QLocale().toString(qulonglong(summary->events))),
                                               QMessageBox::Ok, parent)
                             : new QMessageBox(QMessageBox::Warning, QObject::tr("Cannot export the bundle"), error,
                                               QMessageBox::Ok, parent);
                         box->setObjectName(QStringLiteral("bundleOutcome"));
                         box->setAttribute(Qt::WA_DeleteOnClose);
                         box->open();
                     });
    watcher->setFuture(QtConcurrent::run([=] {
        return exportBundle(
            source, destination, from, to,
            [done, cancelled](double share) {
                *done = int(share * 1000.0);
                return !cancelled->load();
            },
            summary.get(), carried);
    }));
    poll->start(100);
}

} // namespace vigil
