// SPDX-License-Identifier: GPL-3.0-or-later
#include "host/gatewaycommandline.h"

#include "domain/commandlineoption.h"
#include "export/alarmsoutoptions.h"
#include "export/remotewriteoptions.h"
#include "host/scrapeconfig.h"
#include "sim/simulationoptions.h"
#include "sources/topologyfile.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace vigil {

namespace {

struct GatewayCommandLineTr
{
    Q_DECLARE_TR_FUNCTIONS(GatewayCommandLine)
};

QString readScrapeOptions(const QCommandLineParser &parser, HttpOptions &http)
{
    bool ok = false;
    const double timeout = parser.value(QStringLiteral("scrape-timeout")).toDouble(&ok);
    if (!ok || timeout < 0.1 || timeout > 600)
        return GatewayCommandLineTr::tr("--scrape-timeout: '%1' is not a number of seconds from 0.1 to 600")
            .arg(parser.value(QStringLiteral("scrape-timeout")));
    http.timeout = std::chrono::milliseconds(qint64(timeout * 1000.0));
    if (parser.isSet(QStringLiteral("scrape-token-file")) && parser.isSet(QStringLiteral("scrape-basic-auth-file")))
        return GatewayCommandLineTr::tr(
            "--scrape-token-file and --scrape-basic-auth-file: give one way to authenticate");
    if (parser.isSet(QStringLiteral("scrape-token-file")))
        if (QString e = readSecretFile(QStringLiteral("--scrape-token-file"),
                                       parser.value(QStringLiteral("scrape-token-file")), &http.bearerToken);
            !e.isEmpty())
            return e;
    if (parser.isSet(QStringLiteral("scrape-basic-auth-file"))) {
        if (QString e = readSecretFile(QStringLiteral("--scrape-basic-auth-file"),
                                       parser.value(QStringLiteral("scrape-basic-auth-file")), &http.basicAuth);
            !e.isEmpty())
            return e;
        if (!http.basicAuth.contains(u':'))
            return GatewayCommandLineTr::tr("--scrape-basic-auth-file: the file must hold user:password");
    }
    const struct
    {
        const char *option;
        QString *path;
    } files[] = { { "scrape-ca", &http.caFile },
                  { "scrape-cert", &http.clientCertificate },
                  { "scrape-key", &http.clientKey } };
    for (const auto &f : files) {
        *f.path = parser.value(QLatin1String(f.option));
        if (!f.path->isEmpty() && !QFileInfo(*f.path).isReadable())
            return GatewayCommandLineTr::tr("--%1: cannot read %2").arg(QLatin1String(f.option), *f.path);
    }
    if (http.clientCertificate.isEmpty() != http.clientKey.isEmpty())
        return GatewayCommandLineTr::tr("--scrape-cert and --scrape-key go together");
    return {};
}

} // namespace

namespace {

// Where the readings come from, when not from the simulator.
void addSourceOptions(QCommandLineParser &parser)
{
    parser.addOption({ QStringLiteral("topology"),
                       GatewayCommandLineTr::tr(
                           "Serve a real cluster described by this topology file (JSON) instead of the simulator."),
                       QStringLiteral("file") });
    parser.addOption({ QStringLiteral("dcgm"),
                       GatewayCommandLineTr::tr(
                           "Scrape dcgm-exporter: an http:// or https:// URL or a file of Prometheus text, optionally "
                           "host=... first (repeatable)."),
                       QStringLiteral("[host=]url|file") });
    parser.addOption(
        { QStringLiteral("positions"),
          GatewayCommandLineTr::tr("Keep the read positions of kernel and training logs in this directory, so a "
                                   "restart reads only what is new (created if missing)."),
          QStringLiteral("dir") });
    parser.addOption(
        { QStringLiteral("prometheus"),
          GatewayCommandLineTr::tr("Read dcgm-exporter's series from the Prometheus (or compatible) that already "
                                   "scrapes them: its base URL, e.g. http://prometheus:9090 (repeatable)."),
          QStringLiteral("url") });
    parser.addOption(
        { QStringLiteral("upstream"),
          GatewayCommandLineTr::tr("Aggregate: serve the clusters of these pod gateways as one (repeatable); no "
                                   "storage of its own."),
          QStringLiteral("host:port") });
    parser.addOption(
        { QStringLiteral("upstream-ca"),
          GatewayCommandLineTr::tr("Reach the --upstream pod gateways over TLS, trusting only this CA (PEM)."),
          QStringLiteral("file") });
    parser.addOption(
        { QStringLiteral("upstream-token-file"),
          GatewayCommandLineTr::tr("A file holding the bearer token this aggregator shows the pod gateways."),
          QStringLiteral("file") });
    parser.addOption(
        { QStringLiteral("prometheus-host-label"),
          GatewayCommandLineTr::tr("The series label that names the node (default: Hostname, else the instance "
                                   "without its port)."),
          QStringLiteral("label") });
    parser.addOption({ QStringLiteral("prometheus-history"),
                       GatewayCommandLineTr::tr("Hours of history to read from Prometheus at start (default 0)."),
                       QStringLiteral("h"), QStringLiteral("0") });
    parser.addOption(
        { QStringLiteral("scrape-ca"),
          GatewayCommandLineTr::tr("HTTPS exporters: the CA bundle (PEM) their certificates must chain to, instead of "
                                   "the system's."),
          QStringLiteral("file") });
    parser.addOption(
        { QStringLiteral("scrape-token-file"),
          GatewayCommandLineTr::tr("Exporters behind authentication: a file holding the bearer token to send."),
          QStringLiteral("file") });
    parser.addOption(
        { QStringLiteral("scrape-basic-auth-file"),
          GatewayCommandLineTr::tr("Exporters behind authentication: a file holding user:password for basic auth."),
          QStringLiteral("file") });
    parser.addOption({ QStringLiteral("scrape-cert"),
                       GatewayCommandLineTr::tr("Exporters that want mutual TLS: the client certificate (PEM)."),
                       QStringLiteral("file") });
    parser.addOption({ QStringLiteral("scrape-key"),
                       GatewayCommandLineTr::tr("The private key of --scrape-cert (PEM)."), QStringLiteral("file") });
    parser.addOption(
        { QStringLiteral("scrape-config"),
          GatewayCommandLineTr::tr("Per-source credentials (JSON): for the sources whose URL starts with each "
                                   "entry's \"match\", its token, basic auth, CA, client certificate or timeout."),
          QStringLiteral("file") });
    parser.addOption({ QStringLiteral("scrape-timeout"),
                       GatewayCommandLineTr::tr("Seconds a scrape may take before it counts as failed (default 5)."),
                       QStringLiteral("s"), QStringLiteral("5") });
    parser.addOption(
        { QStringLiteral("kernel-log"),
          GatewayCommandLineTr::tr("Tail a kernel log for NVRM Xid lines, optionally host=... first (repeatable)."),
          QStringLiteral("[host=]file") });
    parser.addOption(
        { QStringLiteral("training-log"),
          GatewayCommandLineTr::tr("Tail a training log: JSON lines, a Megatron-LM, NeMo or torchtitan console "
                                   "log, or a TensorBoard run directory; optionally job=... first (repeatable)."),
          QStringLiteral("[job=]file|dir") });
    parser.addOption(
        { QStringLiteral("replay"),
          GatewayCommandLineTr::tr("Serve this recording as if it were live, at --speed (e.g. an incident replayed "
                                   "to a whole NOC)."),
          QStringLiteral("file.vigil") });
    parser.addOption({ QStringLiteral("poll"),
                       GatewayCommandLineTr::tr("Seconds between scrapes and log reads (default 1)."),
                       QStringLiteral("s"), QStringLiteral("1") });
    addRemoteWriteOptions(parser);
    addAlarmOutOptions(parser);
}

// How the gateway serves: alarms, shared state, who may call, TLS, where it listens.
void addServingOptions(QCommandLineParser &parser)
{
    parser.addOption(
        { QStringLiteral("alarm-journal"),
          GatewayCommandLineTr::tr("Keep the alarms and the operators' actions on them in this file, so a restart "
                                   "keeps them (created if missing)."),
          QStringLiteral("file") });
    parser.addOption(
        { QStringLiteral("shared-state"),
          GatewayCommandLineTr::tr("Share the alarms, and the operators' actions on them, with the other gateways of "
                                   "the NOC in this PostgreSQL database (a libpq connection string or "
                                   "postgresql:// URI; keep the password in a passfile, not here)."),
          QStringLiteral("conninfo") });
    parser.addOption(
        { QStringLiteral("name"),
          GatewayCommandLineTr::tr("This gateway's name in the shared state's audit trail (default: host/pid)."),
          QStringLiteral("name") });
    parser.addOption(
        { QStringLiteral("alarm-rules"),
          GatewayCommandLineTr::tr("Threshold rules for alarms (JSON: metric, above/below, deadband, delays, "
                                   "priority) instead of the defaults."),
          QStringLiteral("file") });
    parser.addOption(
        { QStringLiteral("xid-policy"),
          GatewayCommandLineTr::tr("The site's policy for repeated Xids and SXids and for parts that fail again "
                                   "after a repair (JSON: code or sxid, threshold, window_hours, action; "
                                   "repair_window_hours) instead of the defaults."),
          QStringLiteral("file") });
    parser.addOption(
        { QStringLiteral("hand-off"),
          GatewayCommandLineTr::tr("Where operators hand recommended actions (drain, reset, reseat, RMA): a webhook, "
                                   "a site script or both, who may, and what (if anything) is handed off without "
                                   "an operator (JSON, docs/hand-off.md). Without it, nothing is handed off."),
          QStringLiteral("file") });
    parser.addOption(
        { QStringLiteral("operators"),
          GatewayCommandLineTr::tr("Tokens, names and roles of the people who may watch (viewer) or act (operator) "
                                   "and of the agents that may publish (agent, with their hosts); without it anyone "
                                   "may act under the name they give."),
          QStringLiteral("file") });
    parser.addOption(
        { QStringLiteral("max-skew"),
          GatewayCommandLineTr::tr("Refuse published readings and events dated further than this many seconds from "
                                   "the gateway's clock (default 300)."),
          QStringLiteral("s"), QStringLiteral("300") });
    parser.addOption(
        { QStringLiteral("tls-cert"),
          GatewayCommandLineTr::tr("Serve over TLS with this certificate chain (PEM); read again while serving, so a "
                                   "renewed certificate needs no restart."),
          QStringLiteral("file") });
    parser.addOption({ QStringLiteral("tls-key"), GatewayCommandLineTr::tr("The private key (PEM) of --tls-cert."),
                       QStringLiteral("file") });
    parser.addOption(
        { QStringLiteral("tls-client-ca"),
          GatewayCommandLineTr::tr("Ask every client for a certificate these authorities (PEM) signed (mutual TLS)."),
          QStringLiteral("file") });
    parser.addOption(
        { QStringLiteral("tls-reload"),
          GatewayCommandLineTr::tr("Seconds between looks at the certificate files for a renewal (default 60)."),
          QStringLiteral("s"), QStringLiteral("60") });
    parser.addOption(
        { QStringLiteral("insecure"),
          GatewayCommandLineTr::tr("Serve in the clear on an address beyond this machine (no TLS, no tokens).") });
    parser.addOption(
        { QStringLiteral("listen"),
          GatewayCommandLineTr::tr("Address to serve on (default 127.0.0.1:50051; port 0 picks a free one). Beyond "
                                   "this machine the gateway needs TLS, or --insecure."),
          QStringLiteral("host:port"), QStringLiteral("127.0.0.1:50051") });
}

} // namespace

void addGatewayOptions(QCommandLineParser &parser, bool includeListen)
{
    if (includeListen) {
        addSourceOptions(parser);
        addServingOptions(parser);
    }
    parser.addOptions(simulationOptions());
}

namespace {

// --listen: where to serve.
QString readListen(const QCommandLineParser &parser, GatewayOptions &options)
{
    bool ok = false;
    const QString listen = parser.value(QStringLiteral("listen"));
    const int colon = listen.lastIndexOf(u':');
    const int port = colon > 0 ? listen.mid(colon + 1).toInt(&ok) : -1;
    if (colon <= 0 || !ok || port < 0 || port > 65535)
        return GatewayCommandLineTr::tr("--listen: '%1' is not host:port").arg(listen);
    options.listen = listen.toStdString();
    return {};
}

// The simulated cluster: its size, seed, pod, pace, journal and checkpoints.
QString readSimulation(const QCommandLineParser &parser, GatewayOptions &options)
{
    bool ok = false;
    const uint gpus = parser.value(QStringLiteral("gpus")).toUInt(&ok);
    if (!ok || gpus < 1 || gpus > 100000)
        return GatewayCommandLineTr::tr("--gpus: '%1' is not a number from 1 to 100000")
            .arg(parser.value(QStringLiteral("gpus")));
    options.simulator.shape.gpus = gpus;
    const qulonglong seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
    if (!ok)
        return GatewayCommandLineTr::tr("--seed: '%1' is not a non-negative integer")
            .arg(parser.value(QStringLiteral("seed")));
    options.simulator.seed = seed;
    if (parser.isSet(QStringLiteral("pod"))) {
        const QString pod = parser.value(QStringLiteral("pod"));
        static const QRegularExpression form(QStringLiteral("^[A-Za-z0-9_]{1,32}$"));
        if (!form.match(pod).hasMatch())
            return GatewayCommandLineTr::tr("--pod: '%1' is not a name of 1 to 32 letters, digits or _").arg(pod);
        options.simulator.namePrefix = pod;
        // Each pod's GPUs are its own: UUIDs come from the seed.
        options.simulator.seed = seed ^ qHash(pod, 0x5eed);
    }
    const double rate = parser.value(QStringLiteral("rate")).toDouble(&ok);
    if (!ok || !(rate > 0.0) || rate > 100.0)
        return GatewayCommandLineTr::tr("--rate: '%1' is not a rate above 0 and up to 100 Hz")
            .arg(parser.value(QStringLiteral("rate")));
    options.rateHz = rate;
    const double speed = parser.value(QStringLiteral("speed")).toDouble(&ok);
    if (!ok || !(speed > 0.0) || speed > 1e6)
        return GatewayCommandLineTr::tr("--speed: '%1' is not a factor above 0 and up to 1000000")
            .arg(parser.value(QStringLiteral("speed")));
    options.speed = speed;
    // On the wall clock by default: samples sent on to a time-series database land where its
    // retention keeps them (a month-old start was dropped, silently, by a one-month TSDB).
    // Faster than real time it would run into the future, so it keeps its fixed start.
    if (parser.isSet(QStringLiteral("sim-start"))) {
        const std::optional<int64_t> start = parseInstant(parser.value(QStringLiteral("sim-start")));
        if (!start)
            return GatewayCommandLineTr::tr("--sim-start: '%1' is not a date or a date and time")
                .arg(parser.value(QStringLiteral("sim-start")));
        options.simulator.startTimeMs = *start;
    } else if (speed == 1.0) {
        options.simulator.startTimeMs = QDateTime::currentMSecsSinceEpoch() / 1000 * 1000;
    }
    const int retain = parser.value(QStringLiteral("retain")).toInt(&ok);
    if (!ok || retain < 10 || retain > 86400)
        return GatewayCommandLineTr::tr("--retain: '%1' is not a number of seconds from 10 to 86400")
            .arg(parser.value(QStringLiteral("retain")));
    options.retention.window = std::chrono::seconds(retain);
    if (parser.isSet(QStringLiteral("scenario"))) {
        const auto scenario = scenarioFromName(parser.value(QStringLiteral("scenario")));
        if (!scenario)
            return GatewayCommandLineTr::tr("--scenario: '%1' is not one of %2")
                .arg(parser.value(QStringLiteral("scenario")), scenarioNames().join(QStringLiteral(", ")));
        options.simulator.scenario = *scenario;
    }
    options.simulator.simulatedOperators = !parser.isSet(QStringLiteral("no-simulated-operators"));
    const uint checkpointSteps = parser.value(QStringLiteral("checkpoint-steps")).toUInt(&ok);
    if (!ok || checkpointSteps < 1 || checkpointSteps > 10000000)
        return GatewayCommandLineTr::tr("--checkpoint-steps: '%1' is not a number of steps from 1 to 10000000")
            .arg(parser.value(QStringLiteral("checkpoint-steps")));
    options.simulator.checkpointIntervalSteps = checkpointSteps;
    const double stall = parser.value(QStringLiteral("checkpoint-stall")).toDouble(&ok);
    if (!ok || stall < 0.0 || stall > 3600.0)
        return GatewayCommandLineTr::tr("--checkpoint-stall: '%1' is not a number of seconds from 0 to 3600")
            .arg(parser.value(QStringLiteral("checkpoint-stall")));
    options.simulator.checkpointStallMs = int64_t(stall * 1000.0);
    options.truthPath = parser.value(QStringLiteral("truth"));
    return {};
}

// The bridges from real systems (--dcgm, --kernel-log, --training-log, --prometheus),
// with their poll, credentials and history.
QString readBridges(const QCommandLineParser &parser, GatewayOptions &options)
{
    bool ok = false;
    const double poll = parser.value(QStringLiteral("poll")).toDouble(&ok);
    if (!ok || poll < 0.05 || poll > 3600)
        return GatewayCommandLineTr::tr("--poll: '%1' is not a number of seconds from 0.05 to 3600")
            .arg(parser.value(QStringLiteral("poll")));
    const struct
    {
        const char *option;
        BridgeSpec::Kind kind;
    } bridges[] = { { "dcgm", BridgeSpec::Kind::Dcgm },
                    { "kernel-log", BridgeSpec::Kind::KernelLog },
                    { "training-log", BridgeSpec::Kind::TrainingLog },
                    { "prometheus", BridgeSpec::Kind::Prometheus } };
    HttpOptions http;
    if (QString error = readScrapeOptions(parser, http); !error.isEmpty())
        return error;
    const double history = parser.value(QStringLiteral("prometheus-history")).toDouble(&ok);
    if (!ok || history < 0 || history > 24 * 31)
        return GatewayCommandLineTr::tr("--prometheus-history: '%1' is not a number of hours from 0 to 744")
            .arg(parser.value(QStringLiteral("prometheus-history")));
    for (const auto &b : bridges)
        for (const QString &value : parser.values(QLatin1String(b.option))) {
            BridgeSpec spec = BridgeSpec::fromArgument(b.kind, value);
            if (spec.location.isEmpty())
                return GatewayCommandLineTr::tr("--%1: '%2' names no source").arg(QLatin1String(b.option), value);
            spec.interval = std::chrono::milliseconds(qint64(poll * 1000.0));
            spec.http = http;
            spec.positionsDirectory = parser.value(QStringLiteral("positions"));
            if (spec.kind == BridgeSpec::Kind::Prometheus) {
                if (!isHttpUrl(spec.location))
                    return GatewayCommandLineTr::tr("--prometheus: '%1' is not an http:// or https:// URL").arg(value);
                spec.hostLabel = parser.value(QStringLiteral("prometheus-host-label"));
                spec.historyHours = history;
            }
            options.bridges.push_back(spec);
        }
    if (parser.isSet(QStringLiteral("scrape-config")))
        if (QString error = applyScrapeConfig(parser.value(QStringLiteral("scrape-config")), options.bridges);
            !error.isEmpty())
            return error;
    return {};
}

// --upstream: the pod gateways an aggregator subscribes to, and how it reaches them.
QString readUpstreams(const QCommandLineParser &parser, GatewayOptions &options)
{
    options.upstreams = parser.values(QStringLiteral("upstream"));
    for (const QString &upstream : std::as_const(options.upstreams))
        if (upstream.trimmed().isEmpty() || !upstream.contains(u':'))
            return GatewayCommandLineTr::tr("--upstream: '%1' is not host:port").arg(upstream);
    if (!options.upstreams.isEmpty() && (!options.bridges.empty() || !options.replayPath.isEmpty()))
        return GatewayCommandLineTr::tr(
            "--upstream aggregates pod gateways: their sources are theirs, not the aggregator's");
    options.upstreamSecurity.caFile = parser.value(QStringLiteral("upstream-ca"));
    if (parser.isSet(QStringLiteral("upstream-token-file"))) {
        QFile file(parser.value(QStringLiteral("upstream-token-file")));
        if (!file.open(QIODevice::ReadOnly))
            return GatewayCommandLineTr::tr("--upstream-token-file: cannot read %1: %2")
                .arg(file.fileName(), file.errorString());
        options.upstreamToken = QString::fromUtf8(file.readAll()).trimmed();
    }
    return {};
}

// The alarm journal, remote write, operators, rules, shared state, clock and TLS.
QString readServing(const QCommandLineParser &parser, GatewayOptions &options)
{
    bool ok = false;
    options.alarmJournalPath = parser.value(QStringLiteral("alarm-journal"));
    if (QString error = readRemoteWriteOptions(parser, options.remoteWrite); !error.isEmpty())
        return error;
    if (QString error = readAlarmOutOptions(parser, options.alarmsOut); !error.isEmpty())
        return error;
    if (QString error = readGrafanaOptions(parser, options.grafana); !error.isEmpty())
        return error;
    options.operatorsPath = parser.value(QStringLiteral("operators"));
    options.alarmRulesPath = parser.value(QStringLiteral("alarm-rules"));
    options.xidPolicyPath = parser.value(QStringLiteral("xid-policy"));
    options.handOffPath = parser.value(QStringLiteral("hand-off"));
    options.sharedState = parser.value(QStringLiteral("shared-state"));
    options.name = parser.value(QStringLiteral("name")).trimmed();
    const double skew = parser.value(QStringLiteral("max-skew")).toDouble(&ok);
    if (!ok || !(skew >= 1.0) || skew > 7 * 86400.0)
        return GatewayCommandLineTr::tr("--max-skew: '%1' is not a number of seconds from 1 to 604800")
            .arg(parser.value(QStringLiteral("max-skew")));
    options.maxClockSkew = std::chrono::milliseconds(int64_t(skew * 1000.0));
    options.tls.certificateChain = parser.value(QStringLiteral("tls-cert"));
    options.tls.privateKey = parser.value(QStringLiteral("tls-key"));
    options.tls.clientCa = parser.value(QStringLiteral("tls-client-ca"));
    if (options.tls.certificateChain.isEmpty() != options.tls.privateKey.isEmpty())
        return GatewayCommandLineTr::tr("--tls-cert and --tls-key go together");
    if (!options.tls.clientCa.isEmpty() && !options.tls.enabled())
        return GatewayCommandLineTr::tr(
            "--tls-client-ca asks clients for certificates over TLS: add --tls-cert and --tls-key");
    const int reload = parser.value(QStringLiteral("tls-reload")).toInt(&ok);
    if (!ok || reload < 1 || reload > 86400)
        return GatewayCommandLineTr::tr("--tls-reload: '%1' is not a number of seconds from 1 to 86400")
            .arg(parser.value(QStringLiteral("tls-reload")));
    options.tls.reload = std::chrono::seconds(reload);
    options.insecure = parser.isSet(QStringLiteral("insecure"));
    if (options.insecure && options.tls.enabled())
        return GatewayCommandLineTr::tr("--insecure and --tls-cert contradict each other: choose one");
    return {};
}

// --replay or --topology: what is served when it is not the simulator.
QString readServed(const QCommandLineParser &parser, GatewayOptions &options, QStringList *notes)
{
    if (!options.replayPath.isEmpty() && (!options.bridges.empty() || parser.isSet(QStringLiteral("topology"))))
        return GatewayCommandLineTr::tr("--replay serves a recording alone: no --topology or bridges with it");
    if (parser.isSet(QStringLiteral("topology"))) {
        const TopologyFile file = TopologyFile::read(parser.value(QStringLiteral("topology")));
        if (!file.error.isEmpty())
            return GatewayCommandLineTr::tr("--topology: %1").arg(file.error);
        if (notes)
            *notes << file.warnings;
        options.topology = std::make_shared<const Topology>(file.topology);
    }
    return {};
}

} // namespace

QString readGatewayOptions(const QCommandLineParser &parser, GatewayOptions &options, bool includeListen,
                           QStringList *notes)
{
    if (includeListen)
        if (QString error = readListen(parser, options); !error.isEmpty())
            return error;
    if (QString error = readSimulation(parser, options); !error.isEmpty() || !includeListen)
        return error;
    options.replayPath = parser.value(QStringLiteral("replay"));
    for (const auto read : { readBridges, readUpstreams, readServing })
        if (QString error = read(parser, options); !error.isEmpty())
            return error;
    return readServed(parser, options, notes);
}

QString readDemoGatewayOptions(const QCommandLineParser *parser, GatewayOptions &options)
{
    options.listen = "127.0.0.1:0";
    const QString error = parser ? readGatewayOptions(*parser, options, false) : QString();
    auto given = [parser](const char *name) { return parser && parser->isSet(QLatin1String(name)); };
    if (!given("scenario"))
        options.simulator.scenario = Scenario::Decline;
    if (!given("speed")) {
        options.speed = 3600.0;
        if (!given("sim-start")) // an hour a second runs ahead of the wall: its fixed start, as any faster run
            options.simulator.startTimeMs = SimulatorOptions().startTimeMs;
    }
    if (!given("rate"))
        options.rateHz = 4.0;
    // Its one subscriber is the window beside it: a minute and 64 MB of journal is
    // resume enough, where a gateway for a NOC keeps ten minutes and 512 MB (at 100k GPUs the
    // journal was half of the demo's memory).
    if (!given("retain"))
        options.retention.window = std::chrono::seconds(60);
    options.retention.maxBytes = size_t(64) << 20;
    return error;
}

} // namespace vigil
