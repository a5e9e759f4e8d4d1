// SPDX-License-Identifier: GPL-3.0-or-later
// vigil-gateway: serves a simulated GPU cluster's topology, telemetry and events over gRPC.
#include "gateway/gatewaycommandline.h"
#include "gateway/gatewayserver.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTextStream>
#include <QTimer>

#include <atomic>
#include <csignal>

namespace {

std::atomic<bool> g_stopRequested { false };

void requestStop(int)
{
    g_stopRequested = true;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("vigil-gateway"));
    QCoreApplication::setApplicationVersion(QStringLiteral(VIGIL_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "Serves a simulated GPU cluster over gRPC (vigil.v1.Gateway)."));
    parser.addHelpOption();
    parser.addVersionOption();
    vigil::addGatewayOptions(parser, true);
    parser.process(app);

    QTextStream err(stderr);
    vigil::GatewayOptions options;
    QStringList notes;
    const QString optionError = vigil::readGatewayOptions(parser, options, true, &notes);
    for (const QString &note : notes)
        err << "vigil-gateway: " << note << Qt::endl;
    options.log = [](const QString &message) { QTextStream(stderr) << "vigil-gateway: " << message << Qt::endl; };
    if (!optionError.isEmpty()) {
        err << "vigil-gateway: " << optionError << Qt::endl;
        return 2;
    }
    QString error;
    auto server = vigil::GatewayServer::start(options, &error);
    if (!server) {
        err << "vigil-gateway: " << error << Qt::endl;
        return 1;
    }
    const vigil::Topology &topology = *server->journal().topology();
    const QString source = options.simulates()
        ? QCoreApplication::translate("main", "simulated, scenario %1, seed %2")
              .arg(vigil::scenarioName(options.simulator.scenario))
              .arg(options.simulator.seed)
        : QCoreApplication::translate("main", "bridges: %1").arg(options.bridges.size());
    err << QCoreApplication::translate("main", "vigil-gateway: serving %1 GPUs in %2 racks on %3 (epoch %4; %5)")
               .arg(topology.gpus.size())
               .arg(topology.racks.size())
               .arg(server->address())
               .arg(server->epoch(), 16, 16, QLatin1Char('0'))
               .arg(source)
        << Qt::endl;
    for (const auto &bridge : server->bridges())
        err << "vigil-gateway: reading " << bridge->spec().describe() << Qt::endl;

    std::signal(SIGINT, requestStop);
    std::signal(SIGTERM, requestStop);
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &app, [&] {
        if (g_stopRequested)
            app.quit();
    });
    poll.start(100);
    const int status = app.exec();
    server->stop();
    return status;
}
