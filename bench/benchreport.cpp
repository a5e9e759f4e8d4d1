// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchreport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

namespace vigil::bench {

void BenchReport::add(const Figure &figure)
{
    m_figures.push_back(figure);
    QTextStream(stdout) << QStringLiteral("%1: %2 %3 (baseline %4 %3, ratio %5x)")
                               .arg(figure.name)
                               .arg(figure.value, 0, 'g', 4)
                               .arg(figure.unit)
                               .arg(figure.baseline, 0, 'g', 4)
                               .arg(figure.ratio, 0, 'f', 1)
                        << Qt::endl;
}

bool BenchReport::write(const QString &path) const
{
    QJsonArray list;
    QFile existing(path);
    if (existing.open(QIODevice::ReadOnly))
        list = QJsonDocument::fromJson(existing.readAll()).array();
    existing.close();
    for (const Figure &f : m_figures) {
        const QJsonObject entry { { QStringLiteral("name"), f.name },
                                  { QStringLiteral("value"), f.value },
                                  { QStringLiteral("unit"), f.unit },
                                  { QStringLiteral("baseline"), f.baseline },
                                  { QStringLiteral("ratio"), f.ratio } };
        bool replaced = false;
        for (qsizetype i = 0; i < list.size(); ++i)
            if (list[i].toObject().value(QStringLiteral("name")).toString() == f.name) {
                list[i] = entry;
                replaced = true;
            }
        if (!replaced)
            list.append(entry);
    }
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    out.write(QJsonDocument(list).toJson());
    return true;
}

} // namespace vigil::bench
