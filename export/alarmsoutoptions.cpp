// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/alarmsoutoptions.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace vigil {

namespace {

struct AlarmOutOptionsTr
{
    Q_DECLARE_TR_FUNCTIONS(GatewayCommandLine)
};

} // namespace

void addAlarmOutOptions(QCommandLineParser &parser)
{
    parser.addOption({ QStringLiteral("alertmanager"),
                       AlarmOutOptionsTr::tr("Push the alarms to this Alertmanager (its URL; repeatable): firing "
                                             "ones every round, cleared ones as resolved."),
                       QStringLiteral("url") });
    parser.addOption({ QStringLiteral("alert-webhook"),
                       AlarmOutOptionsTr::tr("Send each change of the alarms to this Alertmanager-compatible "
                                             "webhook (payload version 4; repeatable)."),
                       QStringLiteral("url") });
    parser.addOption({ QStringLiteral("pagerduty"),
                       AlarmOutOptionsTr::tr("Trigger, acknowledge and resolve an incident per alarm with "
                                             "PagerDuty's Events API v2: its URL, a comma, and the file holding "
                                             "the integration key."),
                       QStringLiteral("url,keyfile") });
    parser.addOption({ QStringLiteral("grafana"),
                       AlarmOutOptionsTr::tr("Annotate this Grafana with job crashes, restarts, rollbacks and "
                                             "incidents (a region from crash to restart)."),
                       QStringLiteral("url") });
    parser.addOption({ QStringLiteral("grafana-token-file"),
                       AlarmOutOptionsTr::tr("Grafana's service account token, from this file."),
                       QStringLiteral("file") });
    parser.addOption({ QStringLiteral("grafana-dashboard"),
                       AlarmOutOptionsTr::tr("Put the annotations on this dashboard only (its UID)."),
                       QStringLiteral("uid") });
    parser.addOption({ QStringLiteral("alarms-out-interval"),
                       AlarmOutOptionsTr::tr("Seconds between rounds to those targets (default 15)."),
                       QStringLiteral("s"), QStringLiteral("15") });
}

QString readAlarmOutOptions(const QCommandLineParser &parser, std::vector<AlarmOutSettings> &targets)
{
    bool ok = false;
    const double seconds = parser.value(QStringLiteral("alarms-out-interval")).toDouble(&ok);
    if (!ok || !(seconds >= 1.0) || seconds > 3600.0)
        return AlarmOutOptionsTr::tr("--alarms-out-interval: '%1' is not a number of seconds from 1 to 3600")
            .arg(parser.value(QStringLiteral("alarms-out-interval")));
    const std::pair<const char *, AlarmProtocol> kinds[] = { { "alertmanager", AlarmProtocol::Alertmanager },
                                                             { "alert-webhook", AlarmProtocol::Webhook },
                                                             { "pagerduty", AlarmProtocol::PagerDuty } };
    for (const auto &[option, protocol] : kinds) {
        for (const QString &value : parser.values(QLatin1String(option))) {
            AlarmOutSettings s;
            s.protocol = protocol;
            s.url = value.trimmed();
            s.interval = std::chrono::milliseconds(int64_t(seconds * 1000.0));
            if (protocol == AlarmProtocol::PagerDuty) {
                // URL,KEYFILE: the integration key stays out of the process list.
                const qsizetype comma = value.lastIndexOf(u',');
                if (comma < 0)
                    return AlarmOutOptionsTr::tr("--pagerduty wants URL,KEYFILE (the events URL and the file "
                                                 "holding the integration key), not '%1'")
                        .arg(value);
                s.url = value.left(comma).trimmed();
                if (QString error
                    = readSecretFile(QStringLiteral("--pagerduty"), value.mid(comma + 1).trimmed(), &s.routingKey);
                    !error.isEmpty())
                    return error;
            }
            if (QString error = s.validate(); !error.isEmpty())
                return QStringLiteral("--%1: %2").arg(QLatin1String(option), error);
            targets.push_back(std::move(s));
        }
    }
    return {};
}

QString readGrafanaOptions(const QCommandLineParser &parser, GrafanaSettings &grafana)
{
    if (!parser.isSet(QStringLiteral("grafana")))
        return {};
    grafana.url = parser.value(QStringLiteral("grafana")).trimmed();
    grafana.dashboardUid = parser.value(QStringLiteral("grafana-dashboard")).trimmed();
    if (parser.isSet(QStringLiteral("grafana-token-file")))
        if (QString error
            = readSecretFile(QStringLiteral("--grafana-token-file"), parser.value(QStringLiteral("grafana-token-file")),
                             &grafana.http.bearerToken);
            !error.isEmpty())
            return error;
    if (QString error = grafana.validate(); !error.isEmpty())
        return QStringLiteral("--%1").arg(error);
    return {};
}

} // namespace vigil
