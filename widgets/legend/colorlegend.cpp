// SPDX-License-Identifier: GPL-3.0-or-later
#include "colorlegend.h"

#include <QEvent>
#include <QPainter>

namespace vigil {

ColorLegend::ColorLegend(QWidget *parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void ColorLegend::setCategories(const QString &title, const std::vector<std::pair<QString, QRgb>> &categories)
{
    m_title = title;
    m_unit.clear();
    m_categories = categories;
    update();
}

void ColorLegend::setScale(const QString &title, const QString &unit, const ColorScale &scale, float min, float max)
{
    m_categories.clear();
    m_title = title;
    m_unit = unit;
    m_scale = scale;
    m_min = min;
    m_max = max;
    update();
}

QSize ColorLegend::sizeHint() const
{
    return { 560, fontMetrics().height() * 2 + 18 };
}

void ColorLegend::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        updateGeometry();
    QWidget::changeEvent(event);
}

void ColorLegend::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QFontMetrics fm = fontMetrics();
    const int textHeight = fm.height();
    p.setPen(palette().color(QPalette::WindowText));

    const QString heading = m_unit.isEmpty() ? m_title : tr("%1 (%2)").arg(m_title, m_unit);
    const int headingWidth = fm.horizontalAdvance(heading) + 12;
    p.drawText(QRect(0, 0, headingWidth, height()), Qt::AlignLeft | Qt::AlignVCenter, heading);

    if (!m_categories.empty()) {
        int x = headingWidth;
        const int swatch = textHeight - 2;
        for (const auto &[name, colour] : m_categories) {
            const int w = fm.horizontalAdvance(name);
            if (x + swatch + 6 + w > width())
                break;
            p.fillRect(QRect(x, (height() - swatch) / 2, swatch, swatch), QColor(colour));
            p.drawText(QRect(x + swatch + 6, 0, w + 2, height()), Qt::AlignLeft | Qt::AlignVCenter, name);
            x += swatch + 6 + w + 18;
        }
        return;
    }
    const QString noData = tr("no reading");
    const int noDataWidth = fm.horizontalAdvance(noData) + textHeight + 16;
    const QRect bar(headingWidth, 4, std::max(60, width() - headingWidth - noDataWidth - 8), textHeight - 2);
    for (int x = 0; x < bar.width(); ++x) {
        p.setPen(QColor(m_scale.at(double(x) / std::max(1, bar.width() - 1))));
        p.drawLine(bar.left() + x, bar.top(), bar.left() + x, bar.bottom());
    }
    p.setPen(palette().color(QPalette::WindowText));
    constexpr int Ticks = 5;
    for (int i = 0; i < Ticks; ++i) {
        const double f = double(i) / (Ticks - 1);
        const int x = bar.left() + int(f * (bar.width() - 1));
        p.drawLine(x, bar.bottom() + 1, x, bar.bottom() + 4);
        const QString label
            = QString::number(double(m_min) + f * double(m_max - m_min), 'f', m_max - m_min < 10 ? 1 : 0);
        const int w = fm.horizontalAdvance(label);
        const int left = std::clamp(x - w / 2, bar.left(), bar.right() - w);
        p.drawText(QRect(left, bar.bottom() + 5, w + 2, textHeight), Qt::AlignLeft | Qt::AlignTop, label);
    }
    const QRect swatch(bar.right() + 12, bar.top(), textHeight - 2, textHeight - 2);
    p.fillRect(swatch, QColor(ColorScale::noDataColor()));
    p.drawText(QRect(swatch.right() + 6, 0, noDataWidth, bar.bottom() + 2), Qt::AlignLeft | Qt::AlignVCenter, noData);
}

} // namespace vigil
