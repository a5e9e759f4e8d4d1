// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/remotewriteoptions.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>

namespace vigil {

namespace {

struct RemoteWriteOptionsTr
{
    Q_DECLARE_TR_FUNCTIONS(GatewayCommandLine)
};

} // namespace

void addRemoteWriteOptions(QCommandLineParser &parser)
{
    parser.addOption(
        { QStringLiteral("remote-write"),
          RemoteWriteOptionsTr::tr("Send the telemetry on to this Prometheus remote-write endpoint (Prometheus, "
                                   "VictoriaMetrics, Mimir…), under DCGM's metric names and dcgm-exporter's labels."),
          QStringLiteral("url") });
    parser.addOption(
        { QStringLiteral("remote-write-interval"),
          RemoteWriteOptionsTr::tr("Seconds between sends of every series, like a scrape interval (default 15)."),
          QStringLiteral("s"), QStringLiteral("15") });
    parser.addOption(
        { QStringLiteral("remote-write-buffer"),
          RemoteWriteOptionsTr::tr("Keep what the endpoint cannot take yet in this folder (kept across restarts)."),
          QStringLiteral("dir") });
    parser.addOption(
        { QStringLiteral("remote-write-buffer-mb"),
          RemoteWriteOptionsTr::tr("At most this much waits for the endpoint; beyond it the oldest is dropped and "
                                   "reported as a gap (default 256)."),
          QStringLiteral("MB"), QStringLiteral("256") });
    parser.addOption({ QStringLiteral("remote-write-token-file"),
                       RemoteWriteOptionsTr::tr("The remote-write endpoint's bearer token, from this file."),
                       QStringLiteral("file") });
    parser.addOption({ QStringLiteral("remote-write-basic-auth-file"),
                       RemoteWriteOptionsTr::tr("The remote-write endpoint's user:password, from this file."),
                       QStringLiteral("file") });
    parser.addOption({ QStringLiteral("remote-write-cluster"),
                       RemoteWriteOptionsTr::tr("The cluster label of every series (default: the topology's cluster "
                                                "name)."),
                       QStringLiteral("name") });
    parser.addOption({ QStringLiteral("remote-write-job"),
                       RemoteWriteOptionsTr::tr("The job label of the GPUs' and nodes' series, as a scrape job would "
                                                "name them (default dcgm-exporter)."),
                       QStringLiteral("name"), QStringLiteral("dcgm-exporter") });
    parser.addOption({ QStringLiteral("remote-write-ca"),
                       RemoteWriteOptionsTr::tr("The CA (PEM) the remote-write endpoint's certificate must chain to."),
                       QStringLiteral("file") });
}

QString readRemoteWriteOptions(const QCommandLineParser &parser, RemoteWriteSettings &w)
{
    if (!parser.isSet(QStringLiteral("remote-write")))
        return {};
    w.url = parser.value(QStringLiteral("remote-write"));
    bool ok = false;
    const double interval = parser.value(QStringLiteral("remote-write-interval")).toDouble(&ok);
    if (!ok || !(interval >= 0.1) || interval > 3600)
        return RemoteWriteOptionsTr::tr("--remote-write-interval: '%1' is not a number of seconds from 0.1 to 3600")
            .arg(parser.value(QStringLiteral("remote-write-interval")));
    w.interval = std::chrono::milliseconds(qint64(interval * 1000.0));
    const qint64 mb = parser.value(QStringLiteral("remote-write-buffer-mb")).toLongLong(&ok);
    if (!ok || mb < 1 || mb > (qint64(1) << 20))
        return RemoteWriteOptionsTr::tr("--remote-write-buffer-mb: '%1' is not a number of megabytes from 1 to 1048576")
            .arg(parser.value(QStringLiteral("remote-write-buffer-mb")));
    w.bufferBytes = mb << 20;
    w.bufferDirectory = parser.value(QStringLiteral("remote-write-buffer"));
    w.clusterLabel = parser.value(QStringLiteral("remote-write-cluster")).trimmed();
    w.scrapeJob = parser.value(QStringLiteral("remote-write-job")).trimmed();
    if (parser.isSet(QStringLiteral("remote-write-token-file"))
        && parser.isSet(QStringLiteral("remote-write-basic-auth-file")))
        return RemoteWriteOptionsTr::tr(
            "--remote-write-token-file and --remote-write-basic-auth-file: give one way to authenticate");
    if (parser.isSet(QStringLiteral("remote-write-token-file")))
        if (QString e = readSecretFile(QStringLiteral("--remote-write-token-file"),
                                       parser.value(QStringLiteral("remote-write-token-file")), &w.http.bearerToken);
            !e.isEmpty())
            return e;
    if (parser.isSet(QStringLiteral("remote-write-basic-auth-file"))) {
        if (QString e = readSecretFile(QStringLiteral("--remote-write-basic-auth-file"),
                                       parser.value(QStringLiteral("remote-write-basic-auth-file")), &w.http.basicAuth);
            !e.isEmpty())
            return e;
        if (!w.http.basicAuth.contains(u':'))
            return RemoteWriteOptionsTr::tr("--remote-write-basic-auth-file: the file must hold user:password");
    }
    w.http.caFile = parser.value(QStringLiteral("remote-write-ca"));
    if (!w.http.caFile.isEmpty() && !QFileInfo(w.http.caFile).isReadable())
        return RemoteWriteOptionsTr::tr("--remote-write-ca: cannot read %1").arg(w.http.caFile);
    w.http.timeout = std::chrono::seconds(30);
    return w.validate();
}

} // namespace vigil
