// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/maintenancereport.h"

#include <QDialog>
#include <QImage>
#include <QLocale>
#include <QPageSize>

class QComboBox;
class QDateTimeEdit;
class QLabel;
class QPushButton;
class QVBoxLayout;

#include <functional>

namespace vigil {

// The maintenance-debt report inside the app: choose the period (the last 7 or 30
// days of the recording, or any span), see the pages exactly as the PDF will print
// them, and export the PDF or the CSV tables. Built on the thread pool; the window
// stays responsive and says what it is doing.
class ReportWindow : public QDialog
{
    Q_OBJECT
public:
    explicit ReportWindow(QString recordingPath, QWidget *parent = nullptr);

    // Builds the report for the chosen period (asynchronously; `built` tells when).
    void build();
    void setPeriod(int64_t fromMs, int64_t toMs);
    const MaintenanceReport &report() const { return m_report; }
    int pageCount() const { return int(m_pages.size()); }
    QString statusText() const;
    // Write the report as shown, in the thread pool; `exported` follows with what
    // the status line then says (where it was written, or why not).
    void exportPdf(const QString &path);
    void exportCsv(const QString &directory);

Q_SIGNALS:
    void built(bool ok);
    void exported(bool ok, const QString &message);

private:
    struct Result
    {
        MaintenanceReport report;
        std::vector<QImage> pages;
        QString error;
    };
    static Result make(const QString &path, int64_t fromMs, int64_t toMs, QPageSize page, QLocale locale);
    void present(Result result);
    void writeInBackground(std::function<QString()> write, std::function<QString()> done);
    void periodChosen();
    QPageSize pageSize() const;

    QString m_path;
    MaintenanceReport m_report;
    std::vector<QImage> m_pages;
    QComboBox *m_period;
    QDateTimeEdit *m_from;
    QDateTimeEdit *m_to;
    QComboBox *m_paper;
    QPushButton *m_pdf;
    QPushButton *m_csv;
    QLabel *m_status;
    QVBoxLayout *m_pageColumn;
    bool m_building = false;
};

} // namespace vigil
