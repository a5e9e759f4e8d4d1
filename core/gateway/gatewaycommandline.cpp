// SPDX-License-Identifier: GPL-3.0-or-later
#include "gatewaycommandline.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace vigil {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(GatewayCommandLine)
};

} // namespace

void addGatewayOptions(QCommandLineParser &parser, bool includeListen)
{
    if (includeListen)
        parser.addOption({ QStringLiteral("listen"),
                           Tr::tr("Address to serve on (default 127.0.0.1:50051; port 0 picks a free one)."),
                           QStringLiteral("host:port"), QStringLiteral("127.0.0.1:50051") });
    parser.addOption({ QStringLiteral("gpus"), Tr::tr("GPUs in the simulated cluster, 1 to 100000 (default 2048)."),
                       QStringLiteral("N"), QStringLiteral("2048") });
    parser.addOption({ QStringLiteral("seed"),
                       Tr::tr("Simulator seed; the same seed gives the same stream (default 1)."), QStringLiteral("N"),
                       QStringLiteral("1") });
    parser.addOption({ QStringLiteral("rate"), Tr::tr("Samples per second of wall time, up to 100 (default 1)."),
                       QStringLiteral("Hz"), QStringLiteral("1") });
    parser.addOption({ QStringLiteral("speed"), Tr::tr("Simulated seconds per wall-clock second (default 1)."),
                       QStringLiteral("X"), QStringLiteral("1") });
    parser.addOption({ QStringLiteral("scenario"),
                       Tr::tr("What the simulated cluster lives through: steady, decline or quiet (default steady; "
                              "decline for --demo)."),
                       QStringLiteral("name") });
    parser.addOption({ QStringLiteral("truth"),
                       Tr::tr("Write the simulator's ground truth (one JSON line per failure) to this file."),
                       QStringLiteral("file") });
    parser.addOption({ QStringLiteral("retain"),
                       Tr::tr("Seconds of journal retained for resuming clients (default 600)."), QStringLiteral("s"),
                       QStringLiteral("600") });
}

QString readGatewayOptions(const QCommandLineParser &parser, GatewayOptions &options, bool includeListen)
{
    bool ok = false;
    if (includeListen) {
        const QString listen = parser.value(QStringLiteral("listen"));
        const int colon = listen.lastIndexOf(u':');
        const int port = colon > 0 ? listen.mid(colon + 1).toInt(&ok) : -1;
        if (colon <= 0 || !ok || port < 0 || port > 65535)
            return Tr::tr("--listen: '%1' is not host:port").arg(listen);
        options.listen = listen.toStdString();
    }
    const uint gpus = parser.value(QStringLiteral("gpus")).toUInt(&ok);
    if (!ok || gpus < 1 || gpus > 100000)
        return Tr::tr("--gpus: '%1' is not a number from 1 to 100000").arg(parser.value(QStringLiteral("gpus")));
    options.simulator.shape.gpus = gpus;
    const qulonglong seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
    if (!ok)
        return Tr::tr("--seed: '%1' is not a non-negative integer").arg(parser.value(QStringLiteral("seed")));
    options.simulator.seed = seed;
    const double rate = parser.value(QStringLiteral("rate")).toDouble(&ok);
    if (!ok || !(rate > 0.0) || rate > 100.0)
        return Tr::tr("--rate: '%1' is not a rate above 0 and up to 100 Hz").arg(parser.value(QStringLiteral("rate")));
    options.rateHz = rate;
    const double speed = parser.value(QStringLiteral("speed")).toDouble(&ok);
    if (!ok || !(speed > 0.0) || speed > 1e6)
        return Tr::tr("--speed: '%1' is not a factor above 0 and up to 1000000")
            .arg(parser.value(QStringLiteral("speed")));
    options.speed = speed;
    const int retain = parser.value(QStringLiteral("retain")).toInt(&ok);
    if (!ok || retain < 10 || retain > 86400)
        return Tr::tr("--retain: '%1' is not a number of seconds from 10 to 86400")
            .arg(parser.value(QStringLiteral("retain")));
    options.retention.window = std::chrono::seconds(retain);
    if (parser.isSet(QStringLiteral("scenario"))) {
        const auto scenario = scenarioFromName(parser.value(QStringLiteral("scenario")));
        if (!scenario)
            return Tr::tr("--scenario: '%1' is not one of %2")
                .arg(parser.value(QStringLiteral("scenario")), scenarioNames().join(QStringLiteral(", ")));
        options.simulator.scenario = *scenario;
    }
    options.truthPath = parser.value(QStringLiteral("truth"));
    return {};
}

} // namespace vigil
