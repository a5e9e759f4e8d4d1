// SPDX-License-Identifier: GPL-3.0-or-later
#include "tsdbhistoryflow.h"

#include "whenfinished.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTimeEdit>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>

namespace vigil {

namespace {

struct TsdbHistoryFlowTr
{
    Q_DECLARE_TR_FUNCTIONS(TsdbHistory)
};

constexpr auto UrlKey = "tsdb/url";
constexpr auto StepKey = "tsdb/stepSeconds";
constexpr auto HostLabelKey = "tsdb/hostLabel";
constexpr auto DaysKey = "tsdb/days";

QString utc(int64_t ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

} // namespace

QString tsdbHistoryCachePath(const TsdbHistoryRequest &r)
{
    QCryptographicHash key(QCryptographicHash::Sha256);
    key.addData(QStringLiteral("%1|%2|%3|%4|%5")
                    .arg(r.source.location)
                    .arg(r.fromMs)
                    .arg(r.toMs)
                    .arg(r.stepMs)
                    .arg(r.source.hostLabel)
                    .toUtf8());
    return QStandardPaths::writableLocation(QStandardPaths::CacheLocation) + QStringLiteral("/tsdb/")
        + QString::fromLatin1(key.result().toHex().left(24)) + QStringLiteral(".vigil");
}

void openTsdbHistoryInteractively(QWidget *parent, const std::function<void(const QString &)> &open,
                                  const TsdbHistoryRequest::Bookmarks &bookmarks)
{
    QSettings settings;
    QDialog dialog(parent);
    dialog.setWindowTitle(TsdbHistoryFlowTr::tr("Open history from Prometheus"));
    auto *form = new QFormLayout(&dialog);
    auto *intro = new QLabel(
        TsdbHistoryFlowTr::tr("A span this dashboard never recorded, read from the Prometheus-compatible "
                              "database the gateways remote-write to (Prometheus, VictoriaMetrics, Thanos)."));
    intro->setWordWrap(true);
    form->addRow(intro);
    auto *url
        = new QLineEdit(settings.value(QLatin1String(UrlKey), QStringLiteral("http://127.0.0.1:9090")).toString());
    url->setObjectName(QStringLiteral("tsdbUrl"));
    form->addRow(TsdbHistoryFlowTr::tr("Query &API:"), url);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    auto *from = new QDateTimeEdit(now.addDays(-settings.value(QLatin1String(DaysKey), 7).toInt()));
    auto *to = new QDateTimeEdit(now);
    for (QDateTimeEdit *edit : { from, to }) {
        edit->setTimeSpec(Qt::UTC);
        edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"));
        edit->setCalendarPopup(true);
        edit->setMaximumDateTime(now);
    }
    form->addRow(TsdbHistoryFlowTr::tr("&From:"), from);
    form->addRow(TsdbHistoryFlowTr::tr("&To:"), to);
    auto *step = new QSpinBox;
    step->setRange(1, 86400);
    step->setSuffix(TsdbHistoryFlowTr::tr(" s"));
    step->setValue(settings.value(QLatin1String(StepKey), 60).toInt());
    step->setToolTip(TsdbHistoryFlowTr::tr("Seconds between the frames read: a month at 60 s is 43,200 frames."));
    form->addRow(TsdbHistoryFlowTr::tr("&Step:"), step);
    auto *hostLabel = new QLineEdit(settings.value(QLatin1String(HostLabelKey)).toString());
    hostLabel->setPlaceholderText(TsdbHistoryFlowTr::tr("Hostname, else instance"));
    form->addRow(TsdbHistoryFlowTr::tr("&Node label:"), hostLabel);
    auto *problem = new QLabel;
    problem->setStyleSheet(QStringLiteral("color:#d64545"));
    problem->setWordWrap(true);
    form->addRow(problem);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel);
    form->addRow(buttons);
    TsdbHistoryRequest request;
    request.bookmarks = bookmarks;
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, [&] {
        request.source = BridgeSpec::fromArgument(BridgeSpec::Kind::Prometheus, url->text().trimmed());
        request.source.hostLabel = hostLabel->text().trimmed();
        request.fromMs = from->dateTime().toMSecsSinceEpoch();
        request.toMs = to->dateTime().toMSecsSinceEpoch();
        request.stepMs = int64_t(step->value()) * 1000;
        request.recordingPath = QStringLiteral("-"); // chosen by the cache
        if (const QString why = checkTsdbHistoryRequest(request); !why.isEmpty()) {
            problem->setText(why);
            return;
        }
        dialog.accept();
    });
    if (dialog.exec() != QDialog::Accepted)
        return;
    settings.setValue(QLatin1String(UrlKey), request.source.location);
    settings.setValue(QLatin1String(StepKey), step->value());
    settings.setValue(QLatin1String(HostLabelKey), request.source.hostLabel);
    settings.setValue(QLatin1String(DaysKey), std::max<qint64>(1, from->dateTime().daysTo(to->dateTime())));
    fetchTsdbHistory(parent, request, open);
}

void fetchTsdbHistory(QWidget *parent, TsdbHistoryRequest request, const std::function<void(const QString &)> &open)
{
    const QString cached = tsdbHistoryCachePath(request);
    if (QFileInfo::exists(cached)) {
        open(cached);
        return;
    }
    // Read into a file of its own, named as the cache only once the whole span is in it.
    QDir().mkpath(QFileInfo(cached).absolutePath());
    request.recordingPath = cached.chopped(6) + QStringLiteral(".partial.vigil");
    QFile::remove(request.recordingPath);
    struct Progress
    {
        std::atomic<int> permille { 0 };
        std::atomic<bool> cancelled { false };
    };
    auto progress = std::make_shared<Progress>();
    auto *dialog = new QProgressDialog(TsdbHistoryFlowTr::tr("Reading %1 to %2 UTC from %3…")
                                           .arg(utc(request.fromMs), utc(request.toMs), request.source.location),
                                       TsdbHistoryFlowTr::tr("Cancel"), 0, 1000, parent);
    dialog->setObjectName(QStringLiteral("tsdbProgress"));
    dialog->setWindowTitle(TsdbHistoryFlowTr::tr("Open history from Prometheus"));
    dialog->setMinimumDuration(300);
    dialog->setAutoClose(false);
    dialog->setAutoReset(false);
    auto *poll = new QTimer(dialog);
    QObject::connect(poll, &QTimer::timeout, dialog, [dialog, progress] { dialog->setValue(progress->permille); });
    poll->start(100);
    QObject::connect(dialog, &QProgressDialog::canceled, dialog, [progress] { progress->cancelled = true; });
    auto read = QtConcurrent::run([request, progress] {
        return recordTsdbHistory(request, [progress](double share) {
            progress->permille = int(share * 1000.0);
            return !progress->cancelled;
        });
    });
    whenFinished(std::move(read), dialog, [dialog, request, cached, open](TsdbHistoryOutcome outcome) {
        QWidget *parent = dialog->parentWidget();
        dialog->deleteLater(); // gone before the outcome opens
        if (!outcome.error.isEmpty()) {
            QFile::remove(request.recordingPath);
            auto *box = new QMessageBox(QMessageBox::Warning, TsdbHistoryFlowTr::tr("Cannot read the history"),
                                        outcome.error, QMessageBox::Ok, parent);
            box->setObjectName(QStringLiteral("tsdbOutcome"));
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
            return;
        }
        // Whole: kept as the cache. In part (cancelled, or stretches the server did not give):
        // opened as it is, gaps and all, and read again next time.
        const bool whole = outcome.read.missing.empty() && !outcome.read.cancelled;
        QString path = request.recordingPath;
        if (whole && QFile::rename(path, cached))
            path = cached;
        if (!whole || !outcome.bookmarksError.isEmpty()) {
            auto *box = new QMessageBox(QMessageBox::Warning,
                                        !whole ? TsdbHistoryFlowTr::tr("History read in part")
                                               : TsdbHistoryFlowTr::tr("History read without the NOC's bookmarks"),
                                        describeTsdbHistory(outcome), QMessageBox::Ok, parent);
            box->setObjectName(QStringLiteral("tsdbOutcome"));
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        }
        if (outcome.frames > 0)
            open(path);
    });
}

} // namespace vigil
