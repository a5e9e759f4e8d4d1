// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QWidget>

#include <vector>

namespace vigil {

// One reading in a row: its current value as text and its recent history.
struct SparklineCell
{
    QString value; // e.g. "67 °C", "—"
    std::vector<float> series; // oldest first; NaN breaks the line
    float min = 0.0f; // the vertical range the line is drawn against
    float max = 1.0f;
};

struct SparklineRow
{
    QString label;
    std::vector<SparklineCell> cells;
    bool highlighted = false; // the selected entity
    bool warning = false; // drawn with an amber marker
};

// A compact table of rows, each with a label and, per column, a value and a
// sparkline: the GPUs of a node side by side. A NaN leaves a gap in the line,
// never a drop to zero. Clicking a row emits rowActivated.
class SparklineTable : public QWidget
{
    Q_OBJECT
public:
    explicit SparklineTable(QWidget *parent = nullptr);
    void setColumns(const QStringList &headers);
    void setRows(std::vector<SparklineRow> rows);
    void setCaption(const QString &caption); // e.g. "gpu-a01r05n3 — last 15 min"
    const std::vector<SparklineRow> &rows() const { return m_rows; }
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    // The widget rectangle of a row's sparkline in a column (for tests and tooltips).
    QRect sparklineRect(int row, int column) const;

Q_SIGNALS:
    void rowActivated(int row);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    int rowHeight() const;
    int headerHeight() const;
    int labelWidth() const;
    int valueWidth() const;

    QStringList m_headers;
    QString m_caption;
    std::vector<SparklineRow> m_rows;
};

// Draws one sparkline into `area`: the series scaled to [min, max], gaps at NaN.
void paintSparkline(class QPainter &painter, const QRectF &area, const std::vector<float> &series, float min, float max,
                    const QColor &colour);

} // namespace vigil
