// SPDX-License-Identifier: GPL-3.0-or-later
#include "axismapping.h"

#include <QDate>
#include <QDateTime>
#include <QLocale>
#include <QTime>
#include <QTimeZone>

#include <cmath>

namespace vigil {

AxisMapping AxisMapping::zoomedAt(double anchorPixel, double factor) const
{
    const double anchor = toValue(anchorPixel);
    AxisMapping z = *this;
    z.valueMin = anchor - (anchor - valueMin) / factor;
    z.valueMax = anchor + (valueMax - anchor) / factor;
    return z;
}

AxisMapping AxisMapping::pannedBy(double pixels) const
{
    const double shift = pixels * valuesPerPixel();
    AxisMapping p = *this;
    p.valueMin -= shift;
    p.valueMax -= shift;
    return p;
}

namespace {

std::vector<double> ticksWithStep(double lo, double hi, double step)
{
    std::vector<double> out;
    if (!(step > 0.0) || !(hi >= lo))
        return out;
    // Multiples of the step, not a running sum: no drift over many ticks.
    const double first = std::ceil(lo / step - 1e-9);
    for (double k = first; k * step <= hi + step * 1e-9 && out.size() < 1000; k += 1.0)
        out.push_back(k == 0.0 ? 0.0 : k * step);
    return out;
}

} // namespace

std::vector<double> niceTicks(double lo, double hi, int maxTicks)
{
    if (!(hi > lo) || maxTicks < 1 || !std::isfinite(lo) || !std::isfinite(hi))
        return {};
    const double rough = (hi - lo) / maxTicks;
    const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
    double step = magnitude * 10.0;
    for (double m : { 1.0, 2.0, 5.0, 10.0 })
        if (magnitude * m >= rough) {
            step = magnitude * m;
            break;
        }
    return ticksWithStep(lo, hi, step);
}

std::vector<double> timeTicks(double loMs, double hiMs, int maxTicks)
{
    if (!(hiMs > loMs) || maxTicks < 1 || !std::isfinite(loMs) || !std::isfinite(hiMs))
        return {};
    constexpr double S = 1000.0, M = 60 * S, H = 60 * M, D = 24 * H;
    static const double steps[] = { S,      2 * S, 5 * S, 10 * S, 15 * S, 30 * S, M, 2 * M, 5 * M, 10 * M, 15 * M,
                                    30 * M, H,     2 * H, 3 * H,  6 * H,  12 * H, D, 2 * D, 7 * D, 14 * D, 28 * D };
    const double rough = (hiMs - loMs) / maxTicks;
    for (double step : steps)
        if (step >= rough)
            return ticksWithStep(loMs, hiMs, step);
    // Months and years: ticks on the first of a month, every 1, 2, 3, 6, 12, 24 … months.
    int months = 1;
    for (int m : { 1, 2, 3, 6, 12, 24, 60, 120, 240, 600 }) {
        months = m;
        if (m * 30.44 * D >= rough)
            break;
    }
    std::vector<double> out;
    const QDate first = QDateTime::fromMSecsSinceEpoch(qint64(loMs), Qt::UTC).date();
    const int startIndex = first.year() * 12 + first.month() - 1;
    for (int index = (startIndex + months - 1) / months * months;; index += months) {
        const QDateTime tick(QDate(index / 12, index % 12 + 1, 1), QTime(0, 0), Qt::UTC);
        const double ms = double(tick.toMSecsSinceEpoch());
        if (ms > hiMs || out.size() > 1000)
            break;
        if (ms >= loMs)
            out.push_back(ms);
    }
    return out;
}

QString tickLabel(double value, double step)
{
    const int decimals = step >= 1.0 ? 0 : std::min(6, int(std::ceil(-std::log10(step) - 1e-9)));
    if (std::abs(value) >= 1e6 && step >= 1e5)
        return QLocale().toString(value / 1e6, 'f', std::max(0, decimals - 6 + (step < 1e6 ? 1 : 0))) + u'M';
    return QLocale().toString(value, 'f', decimals);
}

QString timeTickLabel(double ms, double stepMs, double loMs, double hiMs)
{
    constexpr double Day = 24 * 3600 * 1000.0;
    const QDateTime t = QDateTime::fromMSecsSinceEpoch(qint64(ms), Qt::UTC);
    const bool yearsDiffer = hiMs > loMs
        && QDateTime::fromMSecsSinceEpoch(qint64(loMs), Qt::UTC).date().year()
            != QDateTime::fromMSecsSinceEpoch(qint64(hiMs), Qt::UTC).date().year();
    if (stepMs >= 360 * Day && t.date().month() == 1) // calendar ticks: on the first of January
        return t.toString(QStringLiteral("yyyy"));
    if (stepMs >= 28 * Day)
        return t.toString(QStringLiteral("yyyy-MM"));
    if (stepMs >= Day)
        return t.toString(yearsDiffer ? QStringLiteral("yyyy-MM-dd") : QStringLiteral("MM-dd"));
    if (stepMs < 60 * 1000.0)
        return t.toString(QStringLiteral("HH:mm:ss"));
    if (t.time().hour() == 0 && t.time().minute() == 0)
        return t.toString(yearsDiffer ? QStringLiteral("yyyy-MM-dd HH:mm") : QStringLiteral("MM-dd HH:mm"));
    return t.toString(QStringLiteral("HH:mm"));
}

} // namespace vigil
