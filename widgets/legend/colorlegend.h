// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "rackmap/colorscale.h"

#include <QWidget>

#include <utility>
#include <vector>

namespace vigil {

// A horizontal colour bar with the overlay's title, unit and scale ticks, plus a
// swatch for "no reading" so grey is never mistaken for a cold value.
class ColorLegend : public QWidget
{
    Q_OBJECT
public:
    explicit ColorLegend(QWidget *parent = nullptr);

    void setScale(const QString &title, const QString &unit, const ColorScale &scale, float min, float max);
    // A categorical legend: a swatch per category instead of a colour bar.
    void setCategories(const QString &title, const std::vector<std::pair<QString, QRgb>> &categories);
    QSize sizeHint() const override;
    QString title() const { return m_title; }

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    QString m_title;
    QString m_unit;
    ColorScale m_scale;
    float m_min = 0.0f;
    float m_max = 1.0f;
    std::vector<std::pair<QString, QRgb>> m_categories; // non-empty: categorical
};

} // namespace vigil
