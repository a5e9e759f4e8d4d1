// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/maintenancereport.h"

#include <QCoreApplication>
#include <QFont>
#include <QLocale>
#include <QPageSize>

#include <functional>

class QPainter;
class QPagedPaintDevice;

namespace vigil {

// Lays the maintenance-debt report out on pages — a title page with the headline,
// then where the losses went, the grit, the debt, the trends and what to fix first —
// with charts drawn with Qt, tables that break across pages with their header
// repeated, and page numbers. The same layout goes to a PDF and to the in-app view.
// Text is translated and numbers and dates are formatted in `locale`.
class ReportRenderer
{
    Q_DECLARE_TR_FUNCTIONS(ReportRenderer)
public:
    ReportRenderer(const MaintenanceReport &report, QPageSize pageSize, QLocale locale);

    // Writes a PDF; an error names the file and the problem.
    QString writePdf(const QString &path);
    // Every page as an image at `dpi`, for the in-app view.
    std::vector<QImage> pageImages(int dpi);
    int pageCount();

private:
    struct Cursor;
    // Runs the layout: with `painter` null it only measures (page breaks, page count).
    int layout(QPainter *painter, QRectF pageRect, const std::function<void()> &newPage);
    struct Formats;
    // The sections, in the order they are laid out.
    void titlePage(Cursor &c, const Formats &f) const;
    void fixFirstSection(Cursor &c, const Formats &f) const;
    void fleetSection(Cursor &c, const Formats &f) const;
    void whereItWentSection(Cursor &c, const Formats &f) const;
    void costliestSection(Cursor &c, const Formats &f) const;
    void slowdownSection(Cursor &c, const Formats &f) const;
    void stragglerSection(Cursor &c, const Formats &f) const;
    void gritSection(Cursor &c, const Formats &f) const;
    void debtSection(Cursor &c, const Formats &f) const;
    void nextToFailSection(Cursor &c, const Formats &f) const;
    // The hazard model put to the test on the period: predicted against actual, by kind of warning.
    void backtestSection(Cursor &c, const MaintenanceReport &r) const;
    void trendSection(Cursor &c, const Formats &f) const;

    const MaintenanceReport &m_report;
    QPageSize m_pageSize;
    QLocale m_locale;
};

} // namespace vigil
