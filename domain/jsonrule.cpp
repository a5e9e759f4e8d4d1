// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/jsonrule.h"

namespace vigil {

QString jsonRuleObject(const QJsonValue &value, const QStringList &known, QJsonObject &rule)
{
    if (!value.isObject())
        return QStringLiteral("not an object");
    rule = value.toObject();
    for (const QString &key : rule.keys())
        if (!known.contains(key))
            return QStringLiteral("unknown field \"%1\" (known: %2)").arg(key, known.join(u", "));
    return {};
}

} // namespace vigil
