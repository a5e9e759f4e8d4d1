// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/xidpolicy.h"

#include "domain/jsonrule.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <cmath>

namespace vigil {

namespace {

constexpr int64_t HourMs = 3600000;
constexpr double MaxHours = 24.0 * 366.0; // a year: a window longer than that is a typing mistake

} // namespace

XidPolicy XidPolicy::defaults()
{
    XidPolicy p;
    const int64_t twoWeeks = 14 * 24 * HourMs;
    p.rules.push_back({ 94, false, 1000, twoWeeks, QStringLiteral("reset the GPU: contained memory errors pile up") });
    p.rules.push_back({ 11004, true, 7, twoWeeks, QStringLiteral("reboot the node: its NVSwitch keeps faulting") });
    for (int32_t code : { 46, 48, 62, 64, 74, 79, 95, 109, 119, 120, 136, 140, 143, 158 })
        p.rules.push_back(
            { code, false, 2, twoWeeks, QStringLiteral("drain it and open a ticket with the vendor (RMA)") });
    return p;
}

const XidPolicy::Rule *XidPolicy::ruleFor(int32_t code, bool nvswitch) const
{
    for (const Rule &r : rules)
        if (r.code == code && r.nvswitch == nvswitch)
            return &r;
    return nullptr;
}

QByteArray XidPolicy::toJson() const
{
    QJsonArray list;
    for (const Rule &r : rules)
        list.append(QJsonObject { { r.nvswitch ? QStringLiteral("sxid") : QStringLiteral("code"), r.code },
                                  { QStringLiteral("threshold"), r.threshold },
                                  { QStringLiteral("window_hours"), double(r.windowMs) / double(HourMs) },
                                  { QStringLiteral("action"), r.action } });
    return QJsonDocument(
               QJsonObject { { QStringLiteral("repair_window_hours"), double(repairWindowMs) / double(HourMs) },
                             { QStringLiteral("rules"), list } })
        .toJson();
}

QString parseXidPolicy(const QByteArray &json, const QString &source, XidPolicy &policy)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (doc.isNull())
        return QStringLiteral("%1: not JSON (%2 at byte %3)")
            .arg(source, parseError.errorString())
            .arg(parseError.offset);
    if (!doc.isObject())
        return QStringLiteral("%1: expected an object with a \"rules\" list").arg(source);
    const QJsonObject top = doc.object();
    for (const QString &key : top.keys())
        if (key != QLatin1String("rules") && key != QLatin1String("repair_window_hours"))
            return QStringLiteral("%1: unknown field \"%2\" (known: repair_window_hours, rules)").arg(source, key);
    XidPolicy parsed;
    const auto hours = [](const QJsonValue &v, int64_t &out) {
        if (!v.isDouble() || !std::isfinite(v.toDouble()) || v.toDouble() <= 0.0 || v.toDouble() > MaxHours)
            return false;
        out = int64_t(std::llround(v.toDouble() * double(HourMs)));
        return true;
    };
    if (const QJsonValue w = top.value(QStringLiteral("repair_window_hours")); !w.isUndefined())
        if (!hours(w, parsed.repairWindowMs))
            return QStringLiteral("%1: \"repair_window_hours\" is not a number of hours from 0 to %2")
                .arg(source)
                .arg(MaxHours);
    const QJsonValue list = top.value(QStringLiteral("rules"));
    if (!list.isArray())
        return QStringLiteral("%1: expected an object with a \"rules\" list").arg(source);
    static const QStringList Known { QStringLiteral("code"), QStringLiteral("sxid"), QStringLiteral("threshold"),
                                     QStringLiteral("window_hours"), QStringLiteral("action") };
    const QJsonArray array = list.toArray();
    for (qsizetype n = 0; n < array.size(); ++n) {
        const auto where
            = [&](const QString &what) { return QStringLiteral("%1: rule %2: %3").arg(source).arg(n + 1).arg(what); };
        QJsonObject o;
        if (QString why = jsonRuleObject(array[n], Known, o); !why.isEmpty())
            return where(why);
        XidPolicy::Rule r;
        r.nvswitch = o.contains(QStringLiteral("sxid"));
        if (r.nvswitch == o.contains(QStringLiteral("code")))
            return where(QStringLiteral("give either \"code\" (a GPU's Xid) or \"sxid\" (an NVSwitch's)"));
        const QJsonValue code = o.value(r.nvswitch ? QStringLiteral("sxid") : QStringLiteral("code"));
        if (!code.isDouble() || code.toDouble() != std::floor(code.toDouble()) || code.toDouble() < 1
            || code.toDouble() > 99999)
            return where(QStringLiteral("the code is not a whole number from 1 to 99999"));
        r.code = int32_t(code.toDouble());
        const QJsonValue threshold = o.value(QStringLiteral("threshold"));
        if (!threshold.isDouble() || threshold.toDouble() != std::floor(threshold.toDouble())
            || threshold.toDouble() < 1 || threshold.toDouble() > 1e6)
            return where(QStringLiteral("\"threshold\" is not a whole number from 1 to 1000000"));
        r.threshold = int(threshold.toDouble());
        if (!hours(o.value(QStringLiteral("window_hours")), r.windowMs))
            return where(QStringLiteral("\"window_hours\" is not a number of hours from 0 to %1").arg(MaxHours));
        r.action = o.value(QStringLiteral("action")).toString().trimmed();
        if (r.action.isEmpty() || r.action.size() > 200)
            return where(QStringLiteral("\"action\" says nothing, or more than 200 characters"));
        if (parsed.ruleFor(r.code, r.nvswitch))
            return where(QStringLiteral("%1 %2 has a rule already")
                             .arg(r.nvswitch ? QStringLiteral("SXid") : QStringLiteral("Xid"))
                             .arg(r.code));
        parsed.rules.push_back(r);
    }
    policy = std::move(parsed);
    return {};
}

QString readXidPolicy(const QString &path, XidPolicy &policy)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("cannot read %1: %2").arg(path, file.errorString());
    if (file.size() > (qint64(1) << 20))
        return QStringLiteral("%1 is larger than 1 MiB: not a policy").arg(path);
    return parseXidPolicy(file.readAll(), path, policy);
}

} // namespace vigil
