// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportwindow.h"

#include "recording/recordingreader.h"
#include "report/reportcsv.h"
#include "reportpages/reportrenderer.h"

#include "whenfinished.h"
#include <QComboBox>
#include <QDateTimeEdit>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

#include <QtConcurrent/QtConcurrentRun>

#include <tuple>

namespace vigil {

namespace {

constexpr int64_t Day = 86400000;

QDateTimeEdit *instantEdit(QWidget *parent)
{
    auto *edit = new QDateTimeEdit(parent);
    edit->setTimeSpec(Qt::UTC);
    edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"));
    edit->setCalendarPopup(true);
    return edit;
}

} // namespace

ReportWindow::ReportWindow(QString recordingPath, QWidget *parent)
    : QDialog(parent)
    , m_path(std::move(recordingPath))
    , m_period(new QComboBox(this))
    , m_from(instantEdit(this))
    , m_to(instantEdit(this))
    , m_paper(new QComboBox(this))
    , m_pdf(new QPushButton(tr("Export &PDF…"), this))
    , m_csv(new QPushButton(tr("Export &CSV…"), this))
    , m_status(new QLabel(this))
{
    setWindowTitle(tr("Maintenance-debt report — %1").arg(QFileInfo(m_path).fileName()));
    resize(980, 900);
    m_period->addItem(tr("The last 7 days"), 7);
    m_period->addItem(tr("The last 30 days"), 30);
    m_period->addItem(tr("From … to …"), 0);
    m_paper->addItem(tr("A4"), int(QPageSize::A4));
    m_paper->addItem(tr("Letter"), int(QPageSize::Letter));
    m_from->setEnabled(false);
    m_to->setEnabled(false);
    auto *show = new QPushButton(tr("&Show"), this);
    show->setDefault(true);

    auto *controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Period:"), this));
    controls->addWidget(m_period);
    controls->addWidget(m_from);
    controls->addWidget(new QLabel(QStringLiteral("–"), this));
    controls->addWidget(m_to);
    controls->addWidget(show);
    controls->addStretch(1);
    controls->addWidget(m_paper);
    controls->addWidget(m_pdf);
    controls->addWidget(m_csv);

    auto *pages = new QWidget(this);
    pages->setStyleSheet(QStringLiteral("background:#5b636e"));
    m_pageColumn = new QVBoxLayout(pages);
    m_pageColumn->setSpacing(16);
    m_pageColumn->setAlignment(Qt::AlignHCenter | Qt::AlignTop);
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(pages);
    scroll->setWidgetResizable(true);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_status);
    layout->addWidget(scroll, 1);

    connect(m_period, &QComboBox::currentIndexChanged, this, &ReportWindow::periodChosen);
    connect(show, &QPushButton::clicked, this, &ReportWindow::build);
    connect(m_paper, &QComboBox::currentIndexChanged, this, &ReportWindow::build);
    connect(m_pdf, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export the report as PDF"), QFileInfo(m_path).completeBaseName() + QStringLiteral("-report.pdf"),
            tr("PDF (*.pdf)"));
        if (!path.isEmpty())
            exportPdf(path);
    });
    connect(m_csv, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Export the report's tables as CSV into"));
        if (!dir.isEmpty())
            exportCsv(dir);
    });
    m_pdf->setEnabled(false);
    m_csv->setEnabled(false);
    build();
}

QPageSize ReportWindow::pageSize() const
{
    return QPageSize(QPageSize::PageSizeId(m_paper->currentData().toInt()));
}

void ReportWindow::setPeriod(int64_t fromMs, int64_t toMs)
{
    m_period->setCurrentIndex(2);
    m_from->setDateTime(QDateTime::fromMSecsSinceEpoch(fromMs, Qt::UTC));
    m_to->setDateTime(QDateTime::fromMSecsSinceEpoch(toMs, Qt::UTC));
}

void ReportWindow::periodChosen()
{
    const bool custom = m_period->currentData().toInt() == 0;
    m_from->setEnabled(custom);
    m_to->setEnabled(custom);
    if (!custom)
        build();
}

ReportWindow::Result ReportWindow::make(const QString &path, int64_t fromMs, int64_t toMs, QPageSize page,
                                        QLocale locale)
{
    Result r;
    RecordingReader reader;
    if (QString error = reader.open(path); !error.isEmpty()) {
        r.error = error;
        return r;
    }
    if (toMs == 0) // the last N days of the recording
        std::tie(fromMs, toMs) = recordingTail(reader, fromMs * Day, QDateTime::currentMSecsSinceEpoch());
    r.error = buildReport(reader, fromMs, toMs, {}, {}, r.report);
    if (r.error.isEmpty())
        r.pages = ReportRenderer(r.report, page, locale).pageImages(96);
    return r;
}

void ReportWindow::build()
{
    if (m_building)
        return;
    m_building = true;
    const int days = m_period->currentData().toInt();
    const int64_t from = days ? days : m_from->dateTime().toMSecsSinceEpoch();
    const int64_t to = days ? 0 : m_to->dateTime().toMSecsSinceEpoch();
    m_status->setText(tr("Reading the recording and laying out the report…"));
    m_pdf->setEnabled(false);
    m_csv->setEnabled(false);
    auto *watcher = new QFutureWatcher<Result>(this);
    connect(watcher, &QFutureWatcher<Result>::finished, this, [this, watcher] {
        watcher->deleteLater();
        m_building = false;
        present(watcher->result());
    });
    watcher->setFuture(QtConcurrent::run(&ReportWindow::make, m_path, from, to, pageSize(), QLocale()));
}

void ReportWindow::present(Result result)
{
    while (QLayoutItem *item = m_pageColumn->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    if (!result.error.isEmpty()) {
        m_status->setText(tr("The report could not be made: %1").arg(result.error));
        Q_EMIT built(false);
        return;
    }
    m_report = std::move(result.report);
    m_pages = std::move(result.pages);
    if (m_period->currentData().toInt() != 0) { // show the span it took
        m_from->setDateTime(QDateTime::fromMSecsSinceEpoch(m_report.current.fromMs, Qt::UTC));
        m_to->setDateTime(QDateTime::fromMSecsSinceEpoch(m_report.current.toMs, Qt::UTC));
    }
    for (const QImage &page : m_pages) {
        auto *label = new QLabel;
        label->setPixmap(QPixmap::fromImage(page));
        label->setStyleSheet(QStringLiteral("background:white"));
        m_pageColumn->addWidget(label);
    }
    const QLocale l;
    m_status->setText(m_report.isEmpty()
                          ? tr("Nothing happened in this period.")
                          : tr("%n page(s): %1 GPU-hours lost, %2, in %3 disruptions.", "", int(m_pages.size()))
                                .arg(l.toString(m_report.current.lostGpuHours, 'f', 0),
                                     QStringLiteral("$%1").arg(l.toString(m_report.current.money, 'f', 0)))
                                .arg(m_report.current.disruptions));
    m_pdf->setEnabled(true);
    m_csv->setEnabled(true);
    Q_EMIT built(true);
}

QString ReportWindow::statusText() const
{
    return m_status->text();
}

void ReportWindow::exportPdf(const QString &path)
{
    m_status->setText(tr("Writing %1…").arg(path));
    writeInBackground([report = m_report, page = pageSize(), locale = QLocale(),
                       path] { return ReportRenderer(report, page, locale).writePdf(path); },
                      [path] { return tr("Written: %1").arg(path); });
}

void ReportWindow::exportCsv(const QString &directory)
{
    m_status->setText(tr("Writing the tables into %1…").arg(directory));
    auto written = std::make_shared<QStringList>();
    writeInBackground(
        [report = m_report, directory, written] { return writeReportCsv(report, directory, written.get()); },
        [directory, written] { return tr("Written: %n table(s) into %1", "", int(written->size())).arg(directory); });
}

void ReportWindow::writeInBackground(std::function<QString()> write, std::function<QString()> done)
{
    // One export at a time, of the report as it was when asked for.
    m_pdf->setEnabled(false);
    m_csv->setEnabled(false);
    whenFinished(QtConcurrent::run(std::move(write)), this, [this, done = std::move(done)](const QString &error) {
        m_pdf->setEnabled(true);
        m_csv->setEnabled(true);
        m_status->setText(error.isEmpty() ? done() : error);
        Q_EMIT exported(error.isEmpty(), m_status->text());
    });
}

} // namespace vigil
