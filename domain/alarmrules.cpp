// SPDX-License-Identifier: GPL-3.0-or-later
#include "domain/alarmrules.h"

#include "domain/jsonrule.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <cmath>

namespace vigil {

QString parseThresholdRules(const QByteArray &json, const QString &source, const std::vector<MetricDescriptor> &metrics,
                            std::vector<ThresholdRule> &rules)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (doc.isNull())
        return QStringLiteral("%1: not JSON (%2 at byte %3)")
            .arg(source, parseError.errorString())
            .arg(parseError.offset);
    const QJsonValue list = doc.object().value(QStringLiteral("rules"));
    if (!doc.isObject() || !list.isArray())
        return QStringLiteral("%1: expected an object with a \"rules\" list").arg(source);
    static const QStringList Known { QStringLiteral("metric"),      QStringLiteral("above"),
                                     QStringLiteral("below"),       QStringLiteral("percent_of_rating"),
                                     QStringLiteral("deadband"),    QStringLiteral("on_delay_s"),
                                     QStringLiteral("off_delay_s"), QStringLiteral("priority"),
                                     QStringLiteral("description") };
    std::vector<ThresholdRule> parsed;
    const QJsonArray array = list.toArray();
    for (qsizetype n = 0; n < array.size(); ++n) {
        const auto where
            = [&](const QString &what) { return QStringLiteral("%1: rule %2: %3").arg(source).arg(n + 1).arg(what); };
        QJsonObject o;
        if (QString why = jsonRuleObject(array[n], Known, o); !why.isEmpty())
            return where(why);
        ThresholdRule r;
        r.metric = o.value(QStringLiteral("metric")).toString();
        const auto metric = std::find_if(metrics.begin(), metrics.end(),
                                         [&](const MetricDescriptor &m) { return m.name == r.metric; });
        if (metric == metrics.end()) {
            QStringList names;
            for (const MetricDescriptor &m : metrics)
                names << m.name;
            return where(QStringLiteral("metric \"%1\" is not served (one of: %2)").arg(r.metric, names.join(u", ")));
        }
        const auto number = [&](const char *key, double fallback, double &out) -> QString {
            const QJsonValue v = o.value(QLatin1String(key));
            if (v.isUndefined() || v.isNull()) {
                out = fallback;
                return {};
            }
            if (!v.isDouble() || !std::isfinite(v.toDouble()))
                return where(QStringLiteral("\"%1\" is not a number").arg(QLatin1String(key)));
            out = v.toDouble();
            return {};
        };
        double onDelay = 0.0, offDelay = 0.0;
        for (const QString &error :
             { number("above", qQNaN(), r.high), number("below", qQNaN(), r.low), number("deadband", 0.0, r.deadband),
               number("on_delay_s", 0.0, onDelay), number("off_delay_s", 0.0, offDelay) })
            if (!error.isEmpty())
                return error;
        r.onDelayMs = int64_t(std::llround(std::clamp(onDelay, -1e9, 1e9) * 1000.0));
        r.offDelayMs = int64_t(std::llround(std::clamp(offDelay, -1e9, 1e9) * 1000.0));
        r.relativeToRating = o.value(QStringLiteral("percent_of_rating")).toBool(false);
        if (r.relativeToRating && metric->entityKind != EntityKind::Pdu)
            return where(QStringLiteral("\"percent_of_rating\" applies to PDU load only"));
        const QString priority = o.value(QStringLiteral("priority")).toString(QStringLiteral("medium"));
        bool known = false;
        for (AlarmPriority p :
             { AlarmPriority::Low, AlarmPriority::Medium, AlarmPriority::High, AlarmPriority::Critical })
            if (alarmPriorityKey(p) == priority) {
                r.priority = p;
                known = true;
            }
        if (!known)
            return where(QStringLiteral("unknown priority \"%1\" (low, medium, high or critical)").arg(priority));
        r.description = o.value(QStringLiteral("description")).toString();
        if (r.description.isEmpty())
            r.description = std::isnan(r.high) ? QStringLiteral("%1 below %2").arg(metric->help).arg(r.low)
                                               : QStringLiteral("%1 above %2").arg(metric->help).arg(r.high);
        if (QString why = r.validate(); !why.isEmpty())
            return where(why);
        parsed.push_back(std::move(r));
    }
    rules = std::move(parsed);
    return {};
}

QString readThresholdRules(const QString &path, const std::vector<MetricDescriptor> &metrics,
                           std::vector<ThresholdRule> &rules)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("%1: %2").arg(path, file.errorString());
    if (file.size() > 1 << 20)
        return QStringLiteral("%1: larger than 1 MB; not a rules file").arg(path);
    return parseThresholdRules(file.readAll(), QFileInfo(path).fileName(), metrics, rules);
}

} // namespace vigil
