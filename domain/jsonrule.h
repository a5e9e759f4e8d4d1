// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>

namespace vigil {

// One rule of a site's JSON file (alarm rules, the Xid policy): an object with only the
// `known` fields, into `rule`; else why not ("not an object", "unknown field …"), for the
// caller to prefix with the file and the rule's number.
QString jsonRuleObject(const QJsonValue &value, const QStringList &known, QJsonObject &rule);

} // namespace vigil
