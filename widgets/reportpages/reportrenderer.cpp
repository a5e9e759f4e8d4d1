// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportrenderer.h"

#include "eventdescription.h"
#include "incidenttablemodel.h"
#include "remedytext.h"

#include <QDateTime>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QPainterPath>
#include <QPdfWriter>

#include <algorithm>
#include <climits>
#include <cmath>
#include <functional>
#include <numeric>

namespace vigil {

namespace {

constexpr double PageMargin = 48.0; // points
const QColor Ink(0x1b, 0x1f, 0x24);
const QColor Dim(0x5b, 0x63, 0x6e);
const QColor Rule(0xd0, 0xd5, 0xdb);
const QColor Accent(0xd6, 0x45, 0x2b); // losses
const QColor Calm(0x2f, 0x7d, 0x32); // improvements
const QColor Bar(0x3b, 0x6e, 0xa8);

// Japanese needs a CJK face; the others a plain sans.
QString familyFor(const QLocale &locale)
{
    return locale.language() == QLocale::Japanese ? QStringLiteral("Noto Sans CJK JP") : QStringLiteral("DejaVu Sans");
}

} // namespace

// The layout's state: where on which page, and the painter (null while measuring).
struct ReportRenderer::Cursor
{
    QPainter *p = nullptr;
    QRectF page; // the printable area, in points
    std::function<void()> newPage;
    double y = 0.0;
    int pageNumber = 1;
    int totalPages = 0; // 0 while measuring
    QString family;
    QImage metricsDevice { 8, 8, QImage::Format_RGB32 };

    QFont font(double size, bool bold = false) const
    {
        QFont f(family);
        f.setPixelSize(int(std::lround(size)));
        f.setBold(bold);
        return f;
    }
    QRectF measure(const QFont &f, double width, const QString &text, int flags = Qt::TextWordWrap) const
    {
        QFontMetricsF metrics(f, const_cast<QImage *>(&metricsDevice));
        return metrics.boundingRect(QRectF(0, 0, width, 1e6), flags, text);
    }
    // One line in a box, never clipped: the font shrinks until the line fits the box's width and
    // its glyphs' whole height (a CJK face stands taller than the Latin one the box was drawn for).
    void fittedLine(const QRectF &box, const QString &s, double size, bool bold, const QColor &colour)
    {
        QFont f = font(size, bold);
        QFontMetricsF metrics(f, &metricsDevice);
        while ((metrics.horizontalAdvance(s) > box.width() || metrics.height() > box.height() + 6.0)
               && f.pixelSize() > 6) {
            f.setPixelSize(f.pixelSize() - 1);
            metrics = QFontMetricsF(f, &metricsDevice);
        }
        if (!p)
            return;
        p->setFont(f);
        p->setPen(colour);
        const double h = std::max(box.height(), metrics.height());
        p->drawText(QRectF(box.left(), box.center().y() - h / 2, box.width(), h),
                    Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip, s);
    }
    double bottom() const { return page.bottom() - 24.0; } // room for the footer
    void footer()
    {
        if (!p)
            return;
        p->setPen(Dim);
        p->setFont(font(8));
        p->drawLine(QPointF(page.left(), page.bottom() - 16), QPointF(page.right(), page.bottom() - 16));
        p->drawText(
            QRectF(page.left(), page.bottom() - 14, page.width(), 14), Qt::AlignRight | Qt::AlignVCenter,
            ReportRenderer::tr("Vigil maintenance-debt report · page %1 of %2").arg(pageNumber).arg(totalPages));
    }
    void breakPage()
    {
        footer();
        ++pageNumber;
        if (p && newPage)
            newPage();
        y = page.top();
    }
    // Makes room for `height`, starting a new page if it does not fit.
    void need(double height)
    {
        if (y + height > bottom() && y > page.top())
            breakPage();
    }
    void text(const QString &s, double size, const QColor &colour = Ink, bool bold = false, double spaceAfter = 6.0)
    {
        const QFont f = font(size, bold);
        const QRectF r = measure(f, page.width(), s);
        need(r.height());
        if (p) {
            p->setFont(f);
            p->setPen(colour);
            p->drawText(QRectF(page.left(), y, page.width(), r.height() + 2), Qt::TextWordWrap, s);
        }
        y += r.height() + spaceAfter;
    }
    void heading(const QString &s)
    {
        need(60);
        y += 8;
        text(s, 17, Ink, true, 4);
        if (p) {
            p->setPen(QPen(Accent, 1.5));
            p->drawLine(QPointF(page.left(), y), QPointF(page.left() + 60, y));
        }
        y += 10;
    }

    // A table: widths are shares of the page width; rows may wrap; the header is
    // repeated on every page the table runs onto.
    void table(const QStringList &header, const std::vector<double> &widths, const std::vector<QStringList> &rows,
               const std::vector<int> &rightAligned = {})
    {
        const QFont head = font(8.5, true), body = font(8.5);
        std::vector<double> w;
        for (double share : widths)
            w.push_back(share * page.width());
        auto rowHeight = [&](const QStringList &cells, const QFont &f) {
            double h = 0;
            for (int c = 0; c < cells.size() && size_t(c) < w.size(); ++c)
                h = std::max(h, measure(f, w[size_t(c)] - 6, cells[c]).height());
            return h + 6;
        };
        auto drawRow = [&](const QStringList &cells, const QFont &f, bool isHeader) {
            const double h = rowHeight(cells, f);
            if (p) {
                if (isHeader)
                    p->fillRect(QRectF(page.left(), y, page.width(), h), QColor(0xee, 0xf1, 0xf4));
                p->setFont(f);
                p->setPen(isHeader ? Dim : Ink);
                double x = page.left();
                for (int c = 0; c < cells.size() && size_t(c) < w.size(); ++c) {
                    const bool right = std::find(rightAligned.begin(), rightAligned.end(), c) != rightAligned.end();
                    p->drawText(QRectF(x + 3, y + 3, w[size_t(c)] - 6, h - 6),
                                Qt::TextWordWrap | Qt::TextDontClip | (right ? Qt::AlignRight : Qt::AlignLeft),
                                cells[c]);
                    x += w[size_t(c)];
                }
                p->setPen(QPen(Rule, 0.5));
                p->drawLine(QPointF(page.left(), y + h), QPointF(page.right(), y + h));
            }
            y += h;
        };
        need(rowHeight(header, head) + (rows.empty() ? 0 : rowHeight(rows.front(), body)));
        drawRow(header, head, true);
        for (const QStringList &row : rows) {
            if (y + rowHeight(row, body) > bottom()) {
                breakPage();
                drawRow(header, head, true);
            }
            drawRow(row, body, false);
        }
        y += 10;
    }

    // Horizontal bars, largest first, each labelled with its value.
    void bars(const QString &title, const std::vector<std::pair<QString, double>> &items, const QString &unit,
              const QLocale &locale)
    {
        bars(title, items,
             [&](double value) { return QStringLiteral("%1 %2").arg(locale.toString(value, 'f', 0), unit); });
    }
    // `valueText` writes a bar's value with its unit (a count with its plural).
    void bars(const QString &title, const std::vector<std::pair<QString, double>> &items,
              const std::function<QString(double)> &valueText)
    {
        const double rowH = 16;
        need(24 + rowH * double(std::max<size_t>(1, items.size())));
        text(title, 10, Ink, true, 4);
        const double labelW = page.width() * 0.28, valueW = page.width() * 0.18;
        const double barW = page.width() - labelW - valueW - 8;
        double most = 0;
        for (const auto &[label, value] : items)
            most = std::max(most, value);
        for (const auto &[label, value] : items) {
            if (p) {
                p->setFont(font(8.5));
                p->setPen(Ink);
                p->drawText(QRectF(page.left(), y, labelW - 6, rowH),
                            Qt::AlignRight | Qt::AlignVCenter | Qt::TextDontClip,
                            QFontMetricsF(font(8.5), &metricsDevice).elidedText(label, Qt::ElideMiddle, labelW - 6));
                const double len = most > 0 ? barW * value / most : 0;
                p->fillRect(QRectF(page.left() + labelW, y + 3, std::max(1.0, len), rowH - 6), Bar);
                p->drawText(QRectF(page.left() + labelW + len + 4, y, valueW + barW - len, rowH),
                            Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip, valueText(value));
            }
            y += rowH;
        }
        y += 10;
    }

    // A line over the trend's periods, with each point's value; a NaN is a period without
    // one (no failure: no time between failures), drawn as a break with a dash.
    void line(const QString &title, const QStringList &labels, const std::vector<double> &values,
              const std::function<QString(double)> &format, const QColor &colour)
    {
        const double h = 120;
        need(h + 30);
        text(title, 10, Ink, true, 2);
        const QRectF plot(page.left() + 20, y + 14, page.width() - 40, h - 40);
        if (p && !values.empty()) {
            double most = 1e-9;
            for (double v : values)
                if (std::isfinite(v))
                    most = std::max(most, v);
            const double step = values.size() > 1 ? plot.width() / double(values.size() - 1) : 0;
            const auto at = [&](size_t i) {
                return QPointF(plot.left() + step * double(i),
                               plot.bottom() - plot.height() * (std::isfinite(values[i]) ? values[i] : 0.0) / most);
            };
            p->setPen(QPen(Rule, 0.5));
            p->drawLine(plot.bottomLeft(), plot.bottomRight());
            QPainterPath path;
            bool drawing = false;
            for (size_t i = 0; i < values.size(); ++i) {
                if (!std::isfinite(values[i])) {
                    drawing = false;
                    continue;
                }
                drawing ? path.lineTo(at(i)) : path.moveTo(at(i));
                drawing = true;
            }
            p->setPen(QPen(colour, 1.8));
            p->setBrush(Qt::NoBrush);
            p->drawPath(path);
            p->setFont(font(7.5));
            for (size_t i = 0; i < values.size(); ++i) {
                const bool known = std::isfinite(values[i]);
                if (known) {
                    p->setPen(QPen(colour, 1.8));
                    p->setBrush(colour);
                    p->drawEllipse(at(i), 2.2, 2.2);
                }
                p->setPen(known ? Ink : Dim);
                p->drawText(QRectF(at(i).x() - 40, at(i).y() - 14, 80, 12), Qt::AlignCenter | Qt::TextDontClip,
                            known ? format(values[i]) : QStringLiteral("—"));
                p->setPen(Dim);
                if (size_t(labels.size()) > i)
                    p->drawText(QRectF(at(i).x() - 40, plot.bottom() + 3, 80, 12), Qt::AlignCenter | Qt::TextDontClip,
                                labels[int(i)]);
            }
        }
        y += h;
    }
};

ReportRenderer::ReportRenderer(const MaintenanceReport &report, QPageSize pageSize, QLocale locale)
    : m_report(report)
    , m_pageSize(std::move(pageSize))
    , m_locale(std::move(locale))
{ }

void ReportRenderer::backtestSection(Cursor &c, const MaintenanceReport &r) const
{
    const QLocale &l = m_locale;
    const Backtest &b = r.backtest;
    const auto number = [&](double v, int decimals) { return l.toString(v, 'f', decimals); };
    c.heading(tr("Does the forecast hold? The backtest"));
    if (b.fittedOnNothing())
        c.text(tr("The recording holds no history before this period, so this tests the documented priors alone: "
                  "what they would have predicted of the period's warnings, and what came."),
               9.5, Dim, false, 6);
    else
        c.text(tr("The hazard model, fitted on %1 days before the period only, predicted the period's failures "
                  "from its warnings; here is what came.")
                   .arg(number(double(b.fromMs - b.fittedFromMs) / 86400000.0, 0)),
               9.5, Ink, false, 6);
    std::vector<QStringList> rows;
    const auto kindName = [&](const HazardKind &k) {
        return k.type == EventType::Xid ? tr("Xid %1").arg(k.code) : eventTypeName(k.type);
    };
    const auto cells = [&](const QString &what, const Backtest::Row &row) {
        return QStringList { what,
                             number(row.probability * 100.0, 1),
                             number(row.windows, 0),
                             number(row.predictedFailures, 1),
                             number(row.actualFailures, 0),
                             number(row.predictedGpuHours, 0),
                             number(row.actualGpuHours, 0) };
    };
    for (size_t i = 0; i < b.rows.size() && i < 12; ++i)
        rows.push_back(cells(kindName(b.rows[i].kind), b.rows[i]));
    if (rows.empty()) {
        c.text(tr("No warnings in this period to test the forecast on."), 10, Dim);
        return;
    }
    rows.push_back(cells(tr("All, each failure once"), b.total));
    c.table({ tr("Warning"), tr("Chance, %"), tr("Windows"), tr("Failures predicted"), tr("came"),
              tr("GPU-h predicted"), tr("came") },
            { 0.25, 0.11, 0.11, 0.14, 0.09, 0.17, 0.13 }, rows, { 1, 2, 3, 4, 5, 6 });
    c.text(tr("Brier score %1 (0 is perfect), against %2 for one chance for every warning. A row whose failures came "
              "far from its prediction is a forecast that did not hold.")
               .arg(number(b.brier, 4), number(b.baselineBrier, 4)),
           8.5, Dim, false, 6);
}

// How the report writes money, hours, shares, dates and changes, in its language.
struct ReportRenderer::Formats
{
    Formats(const MaintenanceReport &report, const QLocale &locale)
        : r(report)
        , l(locale)
        , dateFormat(locale.dateFormat(QLocale::ShortFormat))
        // Times in the tables name their year when the period crosses one, or they lie in another.
        , crossesYear(yearOf(report.current.fromMs) != yearOf(report.current.toMs - 1))
    {
        // The language's short date, with the whole year (a manager forwards it for years).
        if (!dateFormat.contains(QLatin1String("yyyy")))
            dateFormat.replace(QLatin1String("yy"), QLatin1String("yyyy"));
    }
    static int yearOf(int64_t ms) { return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).date().year(); }
    QString money(double v) const { return QStringLiteral("$%1").arg(l.toString(v, 'f', 0)); }
    QString hours(double v) const { return l.toString(v, 'f', v < 10 ? 1 : 0); }
    QString percent(double share) const { return tr("%1 %").arg(l.toString(share * 100.0, 'f', 0)); }
    QString date(int64_t ms) const
    {
        return l.toString(QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).date(), dateFormat);
    }
    QString clock(int64_t ms) const { return shortClock(ms, crossesYear || yearOf(ms) != yearOf(r.current.toMs - 1)); }
    // A figure against the period before: its arrow, by how much, and whether that is worse.
    QString change(double now, double before, bool lowerIsBetter) const
    {
        if (!r.comparable())
            return QString(); // said once, under the tiles
        if (before <= 0.0)
            return now > 0.0 ? tr("new this period") : tr("as before");
        const double delta = (now - before) / before;
        const QString arrow = delta > 0 ? QStringLiteral("▲") : (delta < 0 ? QStringLiteral("▼") : QStringLiteral("="));
        const bool worse = lowerIsBetter ? delta > 0 : delta < 0;
        return tr("%1 %2 % vs previous %3")
            .arg(arrow, l.toString(std::fabs(delta) * 100.0, 'f', 0), worse ? tr("(worse)") : tr("(better)"));
    }

    const MaintenanceReport &r;
    const QLocale &l;
    QString dateFormat;
    bool crossesYear;
};

// The title page: what a manager reads first.
void ReportRenderer::titlePage(Cursor &c, const Formats &f) const
{
    const MaintenanceReport &r = m_report;
    const QLocale &l = m_locale;
    const Topology *t = r.topology.get();
    const PeriodFigures &now = r.current, &before = r.previous;
    c.y += 40;
    c.text(tr("Maintenance-debt report"), 28, Ink, true, 8);
    c.text(
        tr("%1 · %2 to %3 (UTC)")
            .arg(t && !t->clusterName.isEmpty() ? t->clusterName : r.source, f.date(now.fromMs), f.date(now.toMs - 1)),
        12, Dim, false, 4);
    c.text(tr("From the recording %1, at %2 per GPU-hour; a failure counts as preventable when its cause warned %3 h "
              "before, with a kind of warning followed by a failure within 72 h at least %4 % of the time, and was "
              "not drained.")
               .arg(r.source, QStringLiteral("$%1").arg(l.toString(r.settings.pricePerGpuHour, 'f', 2)),
                    l.toString(double(r.settings.leadTimeMs) / 3600000.0, 'f', 1),
                    l.toString(HazardModel::MaterialProbability * 100.0, 'f', 0)),
           9, Dim, false, 30);
    const FleetReliability &fleet = r.fleet;
    const auto rate = [&](const FailureTally &f) { return l.toString(f.per1000GpuDays(), 'f', 2); };
    if (fleet.fleet.failures > 0)
        c.text(tr("%Ln hardware failure(s) in the fleet, whether or not a job ran there: %1 per 1,000 GPU-days.", "",
                  int(std::min<uint64_t>(fleet.fleet.failures, INT_MAX)))
                   .arg(rate(fleet.fleet)),
               12, Ink, true, 10);
    if (r.isEmpty()) {
        c.text(tr("Nothing happened in this period: no disruptions, no manual actions, no open warnings."), 14, Ink,
               true, 12);
    } else if (now.disruptions > 0 || !r.interventions.empty() || !r.debt.empty()) {
        struct Tile
        {
            QString label, value, delta;
            bool bad;
        };
        const Tile tiles[] = {
            { tr("GPU-hours lost"), l.toString(now.lostGpuHours, 'f', 0),
              f.change(now.lostGpuHours, before.lostGpuHours, true),
              r.comparable() && now.lostGpuHours > before.lostGpuHours },
            { tr("What they cost"), f.money(now.money), f.change(now.money, before.money, true),
              r.comparable() && now.money > before.money },
            { tr("Disruptions"), l.toString(qulonglong(now.disruptions)),
              f.change(double(now.disruptions), double(before.disruptions), true),
              r.comparable() && now.disruptions > before.disruptions },
            { tr("Effective training time (ETTR)"), f.percent(now.ettr), f.change(now.ettr, before.ettr, false),
              r.comparable() && now.ettr < before.ettr },
            { tr("Preventable share"), f.percent(now.preventableShare()),
              f.change(now.preventableShare(), before.preventableShare(), true),
              r.comparable() && now.preventableShare() > before.preventableShare() },
            { tr("Hands-on actions (at night)"),
              tr("%1 (%2)").arg(l.toString(qulonglong(r.grit.work.handsOn)),
                                l.toString(qulonglong(r.grit.work.handsOnAtNight))),
              tr("%1 operator-hours").arg(f.hours(r.grit.work.operatorHours)), false },
        };
        const double tileW = (c.page.width() - 20) / 2, tileH = 74;
        for (size_t i = 0; i < std::size(tiles); ++i) {
            const double x = c.page.left() + double(i % 2) * (tileW + 20);
            const double y = c.y + double(i / 2) * (tileH + 12);
            if (c.p) {
                c.p->setPen(QPen(Rule, 0.8));
                c.p->setBrush(QColor(0xf7, 0xf8, 0xfa));
                c.p->drawRoundedRect(QRectF(x, y, tileW, tileH), 4, 4);
                c.fittedLine(QRectF(x + 10, y + 6, tileW - 20, 14), tiles[i].label, 9, false, Dim);
                c.fittedLine(QRectF(x + 10, y + 20, tileW - 20, 30), tiles[i].value, 22, true, Ink);
                c.fittedLine(QRectF(x + 10, y + 52, tileW - 20, 14), tiles[i].delta, 8.5, false,
                             tiles[i].bad ? Accent : Dim);
            }
        }
        c.y += 3 * (tileH + 12) + 10;
        if (!before.recorded)
            c.text(tr("The recording holds no record of the period before, so nothing is compared with it."), 9, Dim,
                   false, 6);
        else if (!r.comparable())
            c.text(tr("The recording covers %1 of the period before and %2 of this one: too little to compare them.")
                       .arg(f.percent(before.recordedShare), f.percent(now.recordedShare)),
                   9, Dim, false, 6);
        c.text(tr("Open warnings of a kind worth acting on are expected to cost %1 a day if left as they are.")
                   .arg(f.money(expectedCostPerDayOfDebt(r.debt))),
               10, Ink, false, 6);
    }
}

// Fix first, on the title page: what happened, what it cost, and what to do about it, in one place.
void ReportRenderer::fixFirstSection(Cursor &c, const Formats &f) const
{
    const MaintenanceReport &r = m_report;
    const QLocale &l = m_locale;
    const Topology *t = r.topology.get();
    c.heading(tr("Fix first"));
    std::vector<QStringList> rows;
    for (size_t i = 0; i < r.fixFirst.size(); ++i) {
        const FixFirst &item = r.fixFirst[i];
        const QString what = item.reason == FixFirst::Reason::Lemon ? tr("caused %n incident(s)", "", item.failures)
            : item.reason == FixFirst::Reason::Slowing
            ? tr("began as a job slowed, still slow: %1 a day").arg(f.money(item.costPerDay))
            : tr("%1, open: %2 % chance of a failure within 72 h (%3–%4 %, %5 cases); %6 if it fails")
                  .arg(eventTypeName(item.warning), l.toString(item.hazard.probability * 100.0, 'f', 1),
                       l.toString(item.hazard.low * 100.0, 'f', 1), l.toString(item.hazard.high * 100.0, 'f', 1),
                       l.toString(item.hazard.cases, 'f', 0),
                       f.money(item.hazard.probability > 0.0 ? item.expectedSaving / item.hazard.probability : 0.0));
        const QString entity = item.entities > 1
            ? tr("%1 and %n more like it", "", int(item.entities - 1)).arg(entityName(t, item.entity))
            : entityName(t, item.entity);
        rows.push_back(
            { l.toString(int(i + 1)), entity, what,
              item.entities > 1
                  ? tr("%1 each (%2 in all)").arg(f.money(item.expectedSaving), f.money(item.expectedSavingAll))
                  : f.money(item.expectedSaving) });
    }
    if (rows.empty())
        c.text(tr("Nothing stands out."), 10, Dim);
    else
        c.table({ tr("#"), tr("What"), tr("Why"), tr("Expected saving") }, { 0.06, 0.3, 0.44, 0.2 }, rows, { 3 });
    c.text(tr("An open warning saves its chance of failing within 72 hours times what that failure would cost; a "
              "part that keeps failing or a slowdown still under way saves what it cost in a period."),
           8.5, Dim, false, 6);
}

// The fleet's failure record: where hardware fails, over years, job or no job.
void ReportRenderer::fleetSection(Cursor &c, const Formats &) const
{
    const MaintenanceReport &r = m_report;
    const QLocale &l = m_locale;
    const Topology *t = r.topology.get();
    const FleetReliability &fleet = r.fleet;
    if (fleet.fleet.failures == 0)
        return;
    const auto rate = [&](const FailureTally &tally) { return l.toString(tally.per1000GpuDays(), 'f', 2); };
    c.heading(tr("Fleet reliability: every hardware failure, job or no job"));
    c.text(tr("%Ln failure(s) on %1 GPUs over %2 GPU-days: %3 per 1,000 GPU-days; one GPU's mean time between "
              "failures is %4 hours.",
              "", int(fleet.fleet.failures))
               .arg(l.toString(qulonglong(t ? t->gpus.size() : 0)), l.toString(fleet.fleet.gpuDays, 'f', 0),
                    rate(fleet.fleet), l.toString(fleet.fleet.mtbfGpuHours(), 'f', 0)),
           10, Ink, false, 8);
    std::vector<std::pair<QString, double>> worstRacks;
    for (size_t i = 0; i < fleet.byRack.size() && i < 8 && fleet.byRack[i].failures > 0; ++i)
        worstRacks.emplace_back(fleet.byRack[i].name, double(fleet.byRack[i].failures));
    c.bars(tr("Racks with the most failures"), worstRacks, [](double n) { return tr("%Ln failure(s)", "", int(n)); });
    const auto tallyRows = [&](std::vector<FailureTally> list, size_t most, bool byRate) {
        if (byRate)
            std::stable_sort(list.begin(), list.end(), [](const FailureTally &a, const FailureTally &b) {
                return a.per1000GpuDays() > b.per1000GpuDays();
            });
        std::vector<QStringList> tally;
        for (size_t i = 0; i < list.size() && tally.size() < most; ++i)
            tally.push_back({ list[i].name, l.toString(qulonglong(list[i].failures)), rate(list[i]) });
        return tally;
    };
    c.table({ tr("Position in the rack (slot 0: the bottom)"), tr("Failures"), tr("Per 1,000 GPU-days") },
            { 0.5, 0.25, 0.25 }, tallyRows(fleet.byPosition, 10, true), { 1, 2 });
    // Repeat failures told apart: the slot's fault (replace what feeds it) or the part's (send it back).
    if (!fleet.lemonPositions.empty()) {
        std::vector<QStringList> rows;
        for (size_t i = 0; i < fleet.lemonPositions.size() && i < 8; ++i) {
            const LemonPosition &p = fleet.lemonPositions[i];
            rows.push_back({ p.name, l.toString(qulonglong(p.failures)),
                             p.unidentified ? tr("%1 (+%2 not named)").arg(p.parts).arg(p.unidentified)
                                            : l.toString(qulonglong(p.parts)) });
        }
        c.table({ tr("Lemon positions: slots that kill whatever is put in them"), tr("Failures"), tr("Parts") },
                { 0.5, 0.25, 0.25 }, rows, { 1, 2 });
    }
    if (!fleet.lemonParts.empty()) {
        std::vector<QStringList> rows;
        for (size_t i = 0; i < fleet.lemonParts.size() && i < 8; ++i) {
            const LemonPart &p = fleet.lemonParts[i];
            rows.push_back({ tr("%1 (last in %2)").arg(p.serial, p.lastPosition), l.toString(qulonglong(p.failures)),
                             l.toString(qulonglong(p.positions)) });
        }
        c.table({ tr("Lemon parts: parts that fail wherever they go"), tr("Failures"), tr("Slots") },
                { 0.5, 0.25, 0.25 }, rows, { 1, 2 });
    }
    c.table({ tr("Model"), tr("Failures"), tr("Per 1,000 GPU-days") }, { 0.5, 0.25, 0.25 },
            tallyRows(fleet.byModel, 10, false), { 1, 2 });
    const std::vector<FailureTally> &periods
        = fleet.byYear.size() >= 2 ? fleet.byYear : (fleet.byQuarter.size() >= 2 ? fleet.byQuarter : fleet.byMonth);
    c.table({ tr("Period"), tr("Failures"), tr("Per 1,000 GPU-days") }, { 0.5, 0.25, 0.25 },
            tallyRows(periods, 40, false), { 1, 2 });
}

// Where the GPU-hours went: by cause, rack, PDU and cooling loop.
void ReportRenderer::whereItWentSection(Cursor &c, const Formats &) const
{
    const MaintenanceReport &r = m_report;
    const QLocale &l = m_locale;
    const Topology *t = r.topology.get();
    c.heading(tr("Where the GPU-hours went"));
    std::vector<std::pair<QString, double>> causes;
    for (const auto &[cause, lost] : r.lostByCause)
        causes.emplace_back(causeClassName(cause), lost);
    std::sort(causes.begin(), causes.end(), [](const auto &a, const auto &b) { return a.second > b.second; });
    c.bars(tr("Lost GPU-hours by cause"), causes, tr("GPU-h"), l);
    const auto places = [&](const std::vector<std::pair<uint32_t, double>> &list, EntityKind kind) {
        std::vector<std::pair<QString, double>> out;
        for (size_t i = 0; i < list.size() && i < 8; ++i)
            out.emplace_back(entityName(t, { kind, list[i].first }), list[i].second);
        return out;
    };
    if (!r.lostByRack.empty())
        c.bars(tr("By rack"), places(r.lostByRack, EntityKind::Rack), tr("GPU-h"), l);
    if (!r.lostByPdu.empty())
        c.bars(tr("By PDU"), places(r.lostByPdu, EntityKind::Pdu), tr("GPU-h"), l);
    if (!r.lostByLoop.empty())
        c.bars(tr("By cooling loop"), places(r.lostByLoop, EntityKind::CoolingLoop), tr("GPU-h"), l);
}

// The ten costliest incidents.
void ReportRenderer::costliestSection(Cursor &c, const Formats &f) const
{
    const MaintenanceReport &r = m_report;
    const Topology *t = r.topology.get();
    c.heading(tr("The ten costliest incidents"));
    std::vector<QStringList> rows;
    for (size_t i = 0; i < r.incidents.size() && i < 10; ++i) {
        const ReportIncident &ri = r.incidents[i];
        rows.push_back({ f.clock(ri.incident.failedMs), ri.incident.jobId,
                         incidentStory(ri.incident, ri.attribution, ri.cost, t), f.hours(ri.cost.lostGpuHours),
                         f.money(ri.cost.money), ri.cost.preventable ? tr("yes") : tr("no") });
    }
    if (rows.empty())
        c.text(tr("No incidents in this period."), 10, Dim);
    else
        c.table({ tr("Time (UTC)"), tr("Job"), tr("What happened"), tr("GPU-h"), tr("Cost"), tr("Preventable") },
                { 0.11, 0.13, 0.46, 0.08, 0.09, 0.13 }, rows, { 3, 4 });
}

// Slow degradation: no failure, only steps that took longer.
void ReportRenderer::slowdownSection(Cursor &c, const Formats &f) const
{
    const MaintenanceReport &r = m_report;
    const QLocale &l = m_locale;
    const Topology *t = r.topology.get();
    if (r.slowdowns.empty())
        return;
    c.heading(tr("Slow degradation: jobs slower than their own healthy pace"));
    c.text(
        tr("%1 GPU-hours (%2) went to steps that took longer than the job's healthy pace (the median of the "
           "faster half of its hours over the week before): GPUs × the time beyond it. No alarm stops a job "
           "for this, so nobody answers it.")
            .arg(f.hours(r.current.slowdownGpuHours), f.money(r.current.slowdownGpuHours * r.settings.pricePerGpuHour)),
        10);
    std::vector<QStringList> rows;
    for (size_t i = 0; i < r.slowdowns.size() && i < 10; ++i) {
        const Slowdown &d = r.slowdowns[i];
        const QString cause = !d.causeEntity ? tr("no warning began with it")
            : d.causedByHand                 ? tr("%1, changed by hand").arg(entityName(t, *d.causeEntity))
                                             : entityName(t, *d.causeEntity);
        rows.push_back({ f.clock(d.fromMs), f.hours(double(d.toMs - d.fromMs) / 3600000.0), d.jobId,
                         tr("%1 → %2 s").arg(l.toString(d.baselineSeconds, 'f', 2), l.toString(d.worstSeconds, 'f', 2)),
                         cause, f.hours(d.lostGpuHours), f.money(d.money) });
    }
    c.table({ tr("Began (UTC)"), tr("Hours"), tr("Job"), tr("Step time"), tr("Began with"), tr("GPU-h"), tr("Cost") },
            { 0.13, 0.07, 0.16, 0.15, 0.27, 0.11, 0.11 }, rows, { 1, 5, 6 });
}

// Stragglers: one GPU or node the whole job waited for.
void ReportRenderer::stragglerSection(Cursor &c, const Formats &f) const
{
    const MaintenanceReport &r = m_report;
    const QLocale &l = m_locale;
    if (r.stragglers.empty())
        return;
    double lost = 0.0;
    for (const StragglerEpisode &e : r.stragglers)
        lost += e.lostGpuHours;
    c.heading(tr("Stragglers: GPUs slower than their job's peers"));
    c.text(tr("A synchronous job runs at its slowest GPU's pace. %1 GPU-hours (%2) went to waiting for these, "
              "measured against their peers in the same job (not in the headline, which prices a job against its "
              "own pace).")
               .arg(f.hours(lost), f.money(lost * r.settings.pricePerGpuHour)),
           10);
    std::vector<QStringList> rows;
    for (size_t i = 0; i < r.stragglers.size() && i < 10; ++i) {
        const StragglerEpisode &e = r.stragglers[i];
        rows.push_back(
            { f.clock(e.fromMs), f.hours(double(e.toMs - e.fromMs) / 3600000.0), entityName(r.topology.get(), e.entity),
              e.jobId,
              tr("%1 % (job of %2 GPUs)").arg(l.toString(e.worstDeficit * 100.0, 'f', 1), l.toString(e.jobGpus)),
              f.hours(e.lostGpuHours), f.money(e.lostGpuHours * r.settings.pricePerGpuHour) });
    }
    c.table({ tr("Began (UTC)"), tr("Hours"), tr("Slow"), tr("Job"), tr("Slower by"), tr("GPU-h"), tr("Cost") },
            { 0.13, 0.07, 0.2, 0.15, 0.23, 0.11, 0.11 }, rows, { 1, 5, 6 });
}

// Grit: what it took by hand.
void ReportRenderer::gritSection(Cursor &c, const Formats &f) const
{
    const MaintenanceReport &r = m_report;
    const QLocale &l = m_locale;
    const Topology *t = r.topology.get();
    c.heading(tr("Grit: what it took by hand"));
    c.text(tr("%Ln hands-on action(s) (drains, restarts by hand, hot-patches, thresholds changed), %1 of them at "
              "night (%2); %3 acknowledgements, shelves and notes besides; %4 operator-hours in all; %5 answered a "
              "failure.",
              nullptr, int(r.grit.work.handsOn))
               .arg(l.toString(qulonglong(r.grit.work.handsOnAtNight)), f.percent(r.grit.work.nightShare()),
                    l.toString(qulonglong(r.grit.work.paperwork)), f.hours(r.grit.work.operatorHours),
                    l.toString(qulonglong(r.grit.work.answering))),
           10);
    std::vector<QStringList> rows;
    for (const GritSummary::RepeatedRestarts &j : r.grit.repeatedRestarts)
        rows.push_back({ j.jobId, l.toString(qulonglong(j.incidents)), f.hours(j.lostGpuHours) });
    if (!rows.empty())
        c.table({ tr("Job restarted again and again"), tr("Disruptions"), tr("GPU-h lost") }, { 0.5, 0.25, 0.25 }, rows,
                { 1, 2 });
    rows.clear();
    for (size_t i = 0; i < r.grit.thresholdChanges.size(); ++i) {
        const Event &e = r.grit.thresholdChanges[i];
        QString cost = tr("not measured");
        if (i < r.grit.thresholdCosts.size() && r.grit.thresholdCosts[i].measured) {
            const GritSummary::ThroughputCost &tc = r.grit.thresholdCosts[i];
            cost = tc.slowdown() > 0.0 ? tr("%1 slower, %2 GPU-h").arg(f.percent(tc.slowdown()), f.hours(tc.gpuHours))
                                       : tr("no slower");
        }
        rows.push_back({ f.clock(e.timeMs), e.operatorName, entityName(t, e.entity), e.message, cost });
    }
    if (!rows.empty())
        c.table({ tr("Threshold changed"), tr("By"), tr("On"), tr("Why"), tr("Throughput it cost") },
                { 0.12, 0.12, 0.16, 0.38, 0.22 }, rows);
}

// Maintenance debt: the warnings left open, the oldest, the lemons.
void ReportRenderer::debtSection(Cursor &c, const Formats &f) const
{
    const MaintenanceReport &r = m_report;
    const QLocale &l = m_locale;
    const Topology *t = r.topology.get();
    c.heading(tr("Maintenance debt"));
    std::vector<QStringList> rows;
    const QString ages[] = { tr("under a day"), tr("1 to 3 days"), tr("3 to 7 days"), tr("a week or more") };
    for (size_t i = 0; i < r.debtByAge.size() && i < std::size(ages); ++i)
        rows.push_back(
            { ages[i], l.toString(qulonglong(r.debtByAge[i].warnings)), f.money(r.debtByAge[i].costPerDay) });
    c.table({ tr("Open warnings, open for"), tr("Warnings"), tr("Expected cost a day") }, { 0.5, 0.2, 0.3 }, rows,
            { 1, 2 });
    std::vector<DebtItem> oldest = r.debt;
    std::sort(oldest.begin(), oldest.end(), [](const DebtItem &a, const DebtItem &b) { return a.ageMs > b.ageMs; });
    rows.clear();
    for (size_t i = 0; i < oldest.size() && i < 8; ++i)
        rows.push_back({ entityName(t, oldest[i].warnings.entity),
                         oldest[i].warnings.type == EventType::Xid ? tr("Xid %1").arg(oldest[i].warnings.code)
                                                                   : eventTypeName(oldest[i].warnings.type),
                         durationText(oldest[i].ageMs),
                         oldest[i].warnings.acknowledgedBy.isEmpty() ? tr("nobody") : oldest[i].warnings.acknowledgedBy,
                         f.money(oldest[i].countedCostPerDay()) });
    if (!rows.empty())
        c.table(
            { tr("The oldest amber lights"), tr("Warning"), tr("Open for"), tr("Acknowledged by"), tr("Cost a day") },
            { 0.3, 0.22, 0.14, 0.18, 0.16 }, rows, { 4 });
    rows.clear();
    for (const Lemon &lemon : r.lemons)
        rows.push_back({ entityName(t, lemon.entity), l.toString(lemon.failures), f.hours(lemon.lostGpuHours) });
    if (!rows.empty())
        c.table({ tr("Lemons: failed again and again"), tr("Incidents caused"), tr("GPU-h lost") }, { 0.5, 0.25, 0.25 },
                rows, { 1, 2 });
}

// Next to fail: the likeliest failures of the next three days, and how the same list did this period.
void ReportRenderer::nextToFailSection(Cursor &c, const Formats &f) const
{
    const MaintenanceReport &r = m_report;
    const QLocale &l = m_locale;
    const NextToFailBacktest &b = r.nextToFailBacktest;
    c.heading(tr("Next to fail"));
    if (r.nextToFail.empty())
        c.text(tr("No open warning puts a part at risk."), 10, Dim);
    const auto aboveBaseRate
        = std::count_if(r.nextToFail.begin(), r.nextToFail.end(), [](const AtRisk &a) { return a.hazard.material; });
    // The list ranks whatever is open; a manager must see when none of it stands out.
    if (!r.nextToFail.empty() && aboveBaseRate == 0)
        c.text(tr("None of these warnings makes its part likelier to fail than any part of its kind (each interval "
                  "reaches down to its kind's base rate): they are listed by chance, not as work to do first."),
               9, Dim);
    else if (!r.nextToFail.empty() && size_t(aboveBaseRate) < r.nextToFail.size())
        c.text(tr("%n of these stand(s) above the base rate of its kind (marked •); the rest are listed by chance.", "",
                  int(aboveBaseRate)),
               9, Dim);
    std::vector<QStringList> rows;
    for (const AtRisk &a : r.nextToFail) {
        const Recommendation next = recommendForRisk(a).recommendation;
        rows.push_back(
            { (a.hazard.material && size_t(aboveBaseRate) < r.nextToFail.size() ? QStringLiteral("• ") : QString())
                  + entityName(r.topology.get(), a.entity),
              a.warning == EventType::Xid ? tr("Xid %1").arg(a.code) : eventTypeName(a.warning),
              durationText(r.current.toMs - a.warningSinceMs),
              tr("%1 (%2–%3)").arg(f.percent(a.hazard.probability), f.percent(a.hazard.low), f.percent(a.hazard.high)),
              l.toString(a.hazard.cases, 'f', 0), l.toString(qulonglong(a.gpusAtRisk)),
              recommendationShortText(next) });
    }
    if (!rows.empty())
        c.table({ tr("Part"), tr("Its likeliest warning"), tr("Warning for"), tr("Fails within 72 h (90 %)"),
                  tr("Cases"), tr("GPUs at risk"), tr("Recommended") },
                { 0.2, 0.15, 0.1, 0.18, 0.07, 0.1, 0.2 }, rows, { 2, 3, 4, 5 });
    if (b.lists == 0)
        return;
    const QString listed
        = tr("The same list over this period, made every %1 h from what was known then (the model fitted on the "
             "history before): %2 of %3 entries failed within 72 h (%4).")
              .arg(l.toString(double(b.stepMs) / 3600000.0, 'f', 0), l.toString(qulonglong(b.hits)),
                   l.toString(qulonglong(b.listed)), f.percent(b.precision()));
    const QString foreseen = b.foreseen == 0
        ? tr("None of the period's %1 failures was on a list before it failed.").arg(l.toString(qulonglong(b.failures)))
        : tr("%1 of the period's %2 failures were on a list before they failed, first named a median of %3 h before.")
              .arg(l.toString(qulonglong(b.foreseen)), l.toString(qulonglong(b.failures)),
                   l.toString(b.medianLeadHours(), 'f', 1));
    c.text(listed + u' ' + foreseen, 9, Dim);
}

// Trends over the periods recorded, and the alarm load.
void ReportRenderer::trendSection(Cursor &c, const Formats &f) const
{
    const MaintenanceReport &r = m_report;
    const QLocale &l = m_locale;
    QStringList labels;
    std::vector<double> lost, mtbf, preventable;
    for (const PeriodFigures &p : r.trend) {
        if (!p.recorded && &p != &r.trend.back())
            continue; // before the recording began: no figures, not zeros
        labels << f.date(p.toMs - 1);
        lost.push_back(p.lostGpuHours);
        mtbf.push_back(p.disruptions ? p.mtbfHours : qQNaN()); // no failure: no time between failures
        preventable.push_back(p.lostGpuHours > 0.0 ? p.preventableShare() : qQNaN()); // nothing lost: no share
    }
    // The heading counts the periods drawn, not those asked for before the recording began.
    c.heading(labels.size() < 2 ? tr("Trends") : tr("Trends over the last %n period(s)", "", int(labels.size())));
    if (labels.size() < 2) {
        c.text(tr("Only this period is recorded: the trends begin with it."), 10, Dim);
    } else {
        const auto whole = [&](double v) { return l.toString(v, 'f', 0); };
        const auto tenths = [&](double v) { return l.toString(v, 'f', 1); };
        c.line(tr("Lost GPU-hours"), labels, lost, whole, Accent);
        c.line(tr("Mean time between failures (h)"), labels, mtbf, tenths, Bar);
        c.line(
            tr("Preventable share"), labels, preventable, [&f](double v) { return f.percent(v); }, Accent);
    }

    c.text(tr("Alarm load: %1 alarms per 10 minutes per operator on average, %2 in the busiest 10 minutes (ISA-18.2: "
              "about 1 is manageable, more than 10 is a flood).")
               .arg(l.toString(r.flood.averagePer10Min, 'f', 1), l.toString(r.flood.peakPer10Min, 'f', 0)),
           9, Dim);
}

int ReportRenderer::layout(QPainter *painter, QRectF pageRect, const std::function<void()> &newPage)
{
    Cursor c;
    c.p = painter;
    c.page = pageRect;
    c.newPage = newPage;
    c.y = pageRect.top();
    c.family = familyFor(m_locale);
    if (painter) // the page count, from the measuring pass
        c.totalPages = pageCount();
    const Formats f(m_report, m_locale);
    titlePage(c, f);
    fixFirstSection(c, f);
    c.breakPage(); // the title page ends here
    fleetSection(c, f);
    whereItWentSection(c, f);
    costliestSection(c, f);
    slowdownSection(c, f);
    stragglerSection(c, f);
    gritSection(c, f);
    debtSection(c, f);
    nextToFailSection(c, f);
    backtestSection(c, m_report);
    trendSection(c, f);
    c.footer();
    return c.pageNumber;
}

int ReportRenderer::pageCount()
{
    const QPageLayout page(m_pageSize, QPageLayout::Portrait, QMarginsF(PageMargin, PageMargin, PageMargin, PageMargin),
                           QPageLayout::Point);
    return layout(nullptr, page.paintRect(QPageLayout::Point), {});
}

QString ReportRenderer::writePdf(const QString &path)
{
    QPdfWriter writer(path);
    writer.setResolution(300);
    writer.setPageSize(m_pageSize);
    writer.setPageMargins(QMarginsF(PageMargin, PageMargin, PageMargin, PageMargin), QPageLayout::Point);
    writer.setTitle(tr("Maintenance-debt report"));
    writer.setCreator(QStringLiteral("Vigil"));
    QPainter painter;
    if (!painter.begin(&writer))
        return tr("%1: cannot be written").arg(path);
    painter.setRenderHint(QPainter::Antialiasing);
    // Points as the unit: 300 dpi / 72.
    painter.scale(300.0 / 72.0, 300.0 / 72.0);
    const QRectF area(0, 0, writer.pageLayout().paintRect(QPageLayout::Point).width(),
                      writer.pageLayout().paintRect(QPageLayout::Point).height());
    layout(&painter, area, [&] { writer.newPage(); });
    if (!painter.end())
        return tr("%1: cannot be written").arg(path);
    if (!QFileInfo(path).exists() || QFileInfo(path).size() == 0)
        return tr("%1: cannot be written").arg(path);
    return {};
}

std::vector<QImage> ReportRenderer::pageImages(int dpi)
{
    const QPageLayout page(m_pageSize, QPageLayout::Portrait, QMarginsF(PageMargin, PageMargin, PageMargin, PageMargin),
                           QPageLayout::Point);
    const QRectF full = page.fullRect(QPageLayout::Point);
    const QRectF area = page.paintRect(QPageLayout::Point);
    const double scale = double(dpi) / 72.0;
    std::vector<QImage> pages;
    QPainter painter;
    auto startPage = [&] {
        if (painter.isActive())
            painter.end();
        pages.emplace_back(QSize(int(full.width() * scale), int(full.height() * scale)), QImage::Format_RGB32);
        pages.back().fill(Qt::white);
        painter.begin(&pages.back());
        painter.setRenderHint(QPainter::Antialiasing);
        painter.scale(scale, scale);
    };
    startPage();
    layout(&painter, area, startPage);
    painter.end();
    return pages;
}

} // namespace vigil
