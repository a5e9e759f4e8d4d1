// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/pciaddress.h"

#include <QStringList>

namespace vigil {

QString normalisePciBusId(QStringView text)
{
    QStringView s = text.trimmed();
    if (const qsizetype dot = s.lastIndexOf(u'.'); dot >= 0) {
        bool ok = false;
        const uint function = s.mid(dot + 1).toUInt(&ok, 16);
        if (!ok || function > 7)
            return {};
        s = s.left(dot);
    }
    const QList<QStringView> parts = s.split(u':');
    if (parts.size() < 2 || parts.size() > 3)
        return {};
    bool ok = false;
    uint domain = 0;
    if (parts.size() == 3) {
        if (parts[0].isEmpty() || parts[0].size() > 8)
            return {};
        domain = parts[0].toUInt(&ok, 16);
        if (!ok)
            return {};
    }
    const QStringView busText = parts[parts.size() - 2], deviceText = parts.back();
    if (busText.isEmpty() || busText.size() > 2 || deviceText.isEmpty() || deviceText.size() > 2)
        return {};
    const uint bus = busText.toUInt(&ok, 16);
    if (!ok)
        return {};
    const uint device = deviceText.toUInt(&ok, 16);
    if (!ok || device > 0x1f)
        return {};
    return QStringLiteral("%1:%2:%3")
        .arg(domain, 4, 16, QLatin1Char('0'))
        .arg(bus, 2, 16, QLatin1Char('0'))
        .arg(device, 2, 16, QLatin1Char('0'));
}

} // namespace vigil
