// SPDX-License-Identifier: GPL-3.0-or-later
// vigil-gateway: serves a simulated GPU cluster's topology, telemetry and events over gRPC.
#include "../processmemory.h"
#include "host/framelog.h"
#include "host/gatewaycommandline.h"
#include "host/gatewayserver.h"
#include "host/sourcecheck.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
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

// --generate: a recording of the simulated cluster, as fast as the machine goes.
int generate(const QCommandLineParser &parser, const vigil::GatewayOptions &options, QTextStream &err)
{
    QString invalid;
    const auto hours
        = vigil::numberOption(parser, QStringLiteral("generate"), 0.001, 24.0 * 366.0,
                              QCoreApplication::translate("main", "a number of hours up to a year"), &invalid);
    const auto interval
        = vigil::numberOption(parser, QStringLiteral("interval"), 0.1, 86400.0,
                              QCoreApplication::translate("main", "a number of seconds from 0.1 to 86400"), &invalid);
    const auto keepFull = vigil::numberOption(parser, QStringLiteral("keep-full"), 0.0, 24.0 * 3660.0,
                                              QCoreApplication::translate("main", "a number of hours"), &invalid);
    if (!hours || !interval || !keepFull) {
        err << "vigil-gateway: " << invalid << Qt::endl;
        return 2;
    }
    QElapsedTimer clock;
    clock.start();
    vigil::GenerationSummary summary;
    const QString error
        = vigil::generateRecording(options.simulator, int64_t(*hours * 3600000.0), int64_t(*interval * 1000.0),
                                   parser.value(QStringLiteral("out")), &summary, int64_t(*keepFull * 3600000.0));
    if (!error.isEmpty()) {
        err << "vigil-gateway: " << error << Qt::endl;
        return 1;
    }
    err << "vigil-gateway: "
        << QCoreApplication::translate("main", "%1 h of %2 in %3 s: %4 ticks, %5 samples, %6 events, %7 failures")
               .arg(*hours)
               .arg(vigil::scenarioName(options.simulator.scenario))
               .arg(double(clock.elapsed()) / 1000.0, 0, 'f', 1)
               .arg(summary.ticks)
               .arg(summary.samples)
               .arg(summary.events)
               .arg(summary.failures)
        << Qt::endl;
    return 0;
}

void addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        QCoreApplication::translate("main",
                                    "Serves a GPU cluster over gRPC (vigil.v1.Gateway): simulated, replayed, "
                                    "or read from dcgm-exporter, Prometheus, kernel and training logs."));
    parser.addHelpOption();
    parser.addVersionOption();
    vigil::addGatewayOptions(parser, true);
    parser.addOption(
        { QStringLiteral("generate"),
          QCoreApplication::translate(
              "main", "Do not serve: simulate this many hours as fast as possible and write them to --out, then exit."),
          QStringLiteral("hours") });
    parser.addOption({ QStringLiteral("out"),
                       QCoreApplication::translate("main",
                                                   "With --generate: the prefix of the files to write (.frames, "
                                                   ".topology.json, .truth.jsonl), or a flight recording "
                                                   "FILE.vigil."),
                       QStringLiteral("prefix"), QStringLiteral("vigil-recording") });
    parser.addOption(
        { QStringLiteral("interval"),
          QCoreApplication::translate("main", "With --generate: simulated seconds between samples (default 60)."),
          QStringLiteral("s"), QStringLiteral("60") });
    parser.addOption({ QStringLiteral("check-sources"),
                       QCoreApplication::translate("main",
                                                   "Do not serve: read every source once and say, per source, what "
                                                   "was mapped, which fields have no metric, which lines were "
                                                   "rejected and why, and the last error; exit 1 if one could not "
                                                   "be read.") });
    parser.addOption({ QStringLiteral("keep-full"),
                       QCoreApplication::translate("main",
                                                   "With --generate into FILE.vigil: downsample what is older than "
                                                   "this many hours before the end, as a recorder would have (default "
                                                   "0: keep every frame)."),
                       QStringLiteral("hours"), QStringLiteral("0") });
    parser.addOption({ QStringLiteral("demo"),
                       QCoreApplication::translate("main",
                                                   "Serve the demo on 127.0.0.1, on a free port: the decline story "
                                                   "at an hour a second, 4 frames a second, a minute of journal "
                                                   "(what `vigil --demo` starts). The simulation options apply.") });
    parser.addOption({ QStringLiteral("print-address"),
                       QCoreApplication::translate("main",
                                                   "Once listening, write the address served on (host:port) as one "
                                                   "line to standard output: with --listen HOST:0, how a parent "
                                                   "process learns the port.") });
}

// The options, with the notes worth telling; 0, or the exit code of options that make no sense.
int readOptions(const QCommandLineParser &parser, vigil::GatewayOptions &options, QTextStream &err)
{
    QStringList notes;
    const QString optionError = parser.isSet(QStringLiteral("demo"))
        ? vigil::readDemoGatewayOptions(&parser, options)
        : vigil::readGatewayOptions(parser, options, true, &notes);
    for (const QString &note : notes)
        err << "vigil-gateway: " << note << Qt::endl;
    options.log = [](const QString &message) { QTextStream(stderr) << "vigil-gateway: " << message << Qt::endl; };
    if (!optionError.isEmpty()) {
        err << "vigil-gateway: " << optionError << Qt::endl;
        return 2;
    }
    return 0;
}

// --check-sources: every source read once, and what came of it.
int readSourcesOnce(const vigil::GatewayOptions &options, QTextStream &err)
{
    if (options.bridges.empty()) {
        err << "vigil-gateway: --check-sources needs sources (--dcgm, --prometheus, --kernel-log, "
               "--training-log)"
            << Qt::endl;
        return 2;
    }
    QString error;
    const auto checks = vigil::checkSources(options, &error);
    if (!error.isEmpty()) {
        err << "vigil-gateway: " << error << Qt::endl;
        return 1;
    }
    QTextStream out(stdout);
    return vigil::printSourceChecks(checks, out);
}

// What is served, where, and to whom: the lines an operator reads first.
void sayWhatIsServed(const vigil::GatewayServer &server, const vigil::GatewayOptions &options, QTextStream &err)
{
    const vigil::Topology &topology = *server.journal().topology();
    const QString source = !options.replayPath.isEmpty()
        ? QCoreApplication::translate("main", "replaying %1 at %2×").arg(options.replayPath).arg(options.speed)
        : options.simulates() ? QCoreApplication::translate("main", "simulated, scenario %1, seed %2")
                                    .arg(vigil::scenarioName(options.simulator.scenario))
                                    .arg(options.simulator.seed)
        : !options.upstreams.isEmpty() ? QCoreApplication::translate("main", "aggregating %1 pod gateways: %2")
                                             .arg(options.upstreams.size())
                                             .arg(options.upstreams.join(QStringLiteral(", ")))
                                       : QCoreApplication::translate("main", "bridges: %1").arg(options.bridges.size());
    err << QCoreApplication::translate("main", "vigil-gateway: serving %1 GPUs in %2 racks on %3 (epoch %4; %5)")
               .arg(topology.gpus.size())
               .arg(topology.racks.size())
               .arg(server.address())
               .arg(server.epoch(), 16, 16, QLatin1Char('0'))
               .arg(source)
        << Qt::endl;
    for (const auto &bridge : server.bridges())
        err << "vigil-gateway: reading " << bridge->spec().describe() << Qt::endl;
    err << "vigil-gateway: "
        << (options.tls.enabled()
                ? (options.tls.clientCa.isEmpty()
                       ? QCoreApplication::translate("main", "TLS with %1").arg(options.tls.certificateChain)
                       : QCoreApplication::translate("main", "mutual TLS with %1, clients signed by %2")
                             .arg(options.tls.certificateChain, options.tls.clientCa))
                : options.insecure
                ? QCoreApplication::translate("main",
                                              "WARNING: serving in the clear, without TLS or tokens, to "
                                              "anyone who can reach %1")
                      .arg(server.address())
                : QCoreApplication::translate("main", "in the clear, to this machine only"))
        << "; "
        << (options.operatorsPath.isEmpty()
                ? QCoreApplication::translate("main", "no tokens: anyone who connects may act")
                : QCoreApplication::translate("main", "tokens from %1, reloaded when it changes")
                      .arg(options.operatorsPath))
        << Qt::endl;
}

int serve(QCoreApplication &app, const QCommandLineParser &parser, const vigil::GatewayOptions &options,
          QTextStream &err)
{
    QString error;
    auto server = vigil::GatewayServer::start(options, &error);
    if (!server) {
        err << "vigil-gateway: " << error << Qt::endl;
        return 1;
    }
    sayWhatIsServed(*server, options, err);
    if (parser.isSet(QStringLiteral("print-address")))
        QTextStream(stdout) << server->address() << Qt::endl;

    std::signal(SIGINT, requestStop);
    std::signal(SIGTERM, requestStop);
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &app, [&] {
        if (g_stopRequested)
            app.quit();
    });
    poll.start(100);
    // From the main thread, which does nothing else while the gateway serves.
    QTimer trim;
    QObject::connect(&trim, &QTimer::timeout, &app, &vigil::returnFreePages);
    trim.start(10000);
    const int status = app.exec();
    server->stop();
    return status;
}

} // namespace

int main(int argc, char *argv[])
{
    vigil::settleProcessMemory();
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("vigil-gateway"));
    QCoreApplication::setApplicationVersion(QStringLiteral(VIGIL_VERSION));
    QCommandLineParser parser;
    addOptions(parser);
    parser.process(app);

    QTextStream err(stderr);
    vigil::GatewayOptions options;
    if (const int refused = readOptions(parser, options, err))
        return refused;
    if (parser.isSet(QStringLiteral("generate")))
        return generate(parser, options, err);
    if (parser.isSet(QStringLiteral("check-sources")))
        return readSourcesOnce(options, err);
    return serve(app, parser, options, err);
}
