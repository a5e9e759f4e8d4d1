// SPDX-License-Identifier: GPL-3.0-or-later
// vigil-record: the flight recorder without a window. Subscribes to a gateway
// and records everything it sends into a recording until stopped.
#include "backfill/tsdbhistory.h"
#include "client/telemetryclient.h"
#include "domain/commandlineoption.h"
#include "export/remotewriteoptions.h"
#include "recording/eventimport.h"
#include "recording/recorder.h"
#include "recording/streamrecording.h"
#include "sources/topologyfile.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>
#include <QTextStream>
#include <QTimer>

#include <atomic>
#include <csignal>
#include <memory>

namespace {

std::atomic<bool> g_stopRequested { false };

void requestStop(int)
{
    g_stopRequested = true;
}

QString describe(const vigil::RecorderStatus &s)
{
    const QLocale c = QLocale::c();
    return QCoreApplication::translate("main", "%1 frames, %2 samples, %3 events, %4 MB%5")
        .arg(s.frames)
        .arg(s.samples)
        .arg(s.events)
        .arg(c.toString(double(s.bytes) / 1e6, 'f', 1))
        .arg(s.framesDropped ? QCoreApplication::translate("main", ", %1 frames lost").arg(s.framesDropped)
                             : QString());
}

// --import: an event history from another system into a recording.
int importHistory(const QCommandLineParser &parser, QTextStream &err)
{
    std::shared_ptr<const vigil::Topology> topology;
    if (parser.isSet(QStringLiteral("topology"))) {
        const vigil::TopologyFile file = vigil::TopologyFile::read(parser.value(QStringLiteral("topology")));
        if (!file.error.isEmpty()) {
            err << "vigil-record: --topology: " << file.error << Qt::endl;
            return 2;
        }
        topology = std::make_shared<const vigil::Topology>(file.topology);
    }
    const vigil::ImportReport report = vigil::importEventHistory(parser.value(QStringLiteral("import")),
                                                                 parser.value(QStringLiteral("out")), topology);
    for (const QString &problem : report.problems)
        err << "vigil-record: " << problem << Qt::endl;
    if (report.refused > report.problems.size())
        err << "vigil-record: "
            << QCoreApplication::translate("main", "… and %1 more lines refused")
                   .arg(report.refused - report.problems.size())
            << Qt::endl;
    if (!report.error.isEmpty()) {
        err << "vigil-record: " << report.error << Qt::endl;
        return 1;
    }
    err << "vigil-record: "
        << QCoreApplication::translate("main",
                                       "%1 lines read: %2 events imported into %3, %4 already there, %5 refused")
               .arg(QLocale().toString(qulonglong(report.lines)), QLocale().toString(qulonglong(report.imported)),
                    parser.value(QStringLiteral("out")), QLocale().toString(qulonglong(report.duplicates)),
                    QLocale().toString(qulonglong(report.refused)))
        << Qt::endl;
    return report.refused ? 1 : 0;
}

// --from-prometheus: a past span from a time-series database into a recording.
int recordFromTsdb(const QCommandLineParser &parser, QTextStream &err)
{
    const auto fail = [&](const QString &why, int code) {
        err << "vigil-record: " << why << Qt::endl;
        return code;
    };
    vigil::TsdbHistoryRequest request;
    if (const QString why = vigil::tsdbHistoryRequestFromCommandLine(parser, request); !why.isEmpty())
        return fail(why, 2);
    request.recordingPath = parser.value(QStringLiteral("out"));
    const std::optional<int64_t> until = parser.isSet(QStringLiteral("until"))
        ? vigil::parseInstant(parser.value(QStringLiteral("until")))
        : std::optional<int64_t>(QDateTime::currentMSecsSinceEpoch());
    if (!until)
        return fail(QCoreApplication::translate("main", "--until: '%1' is not a date or a date and time (UTC)")
                        .arg(parser.value(QStringLiteral("until"))),
                    2);
    // --since: an instant, or a length back from --until ("30d", "36h").
    std::optional<int64_t> since = vigil::parseInstant(parser.value(QStringLiteral("since")));
    if (!since)
        if (const std::optional<int64_t> back = vigil::parseLength(parser.value(QStringLiteral("since"))))
            since = *until - *back;
    if (!since)
        return fail(QCoreApplication::translate("main",
                                                "--since: '%1' is not a date, a date and time, or a length "
                                                "back like 30d or 36h")
                        .arg(parser.value(QStringLiteral("since"))),
                    2);
    request.fromMs = *since;
    request.toMs = *until;
    if (const QString why = vigil::checkTsdbHistoryRequest(request); !why.isEmpty())
        return fail(why, 2);
    std::signal(SIGINT, requestStop);
    std::signal(SIGTERM, requestStop);
    int lastPercent = -10;
    const vigil::TsdbHistoryOutcome outcome = vigil::recordTsdbHistory(
        request,
        [&](double share) {
            if (const int percent = int(share * 100.0); percent / 10 != lastPercent / 10) {
                err << "vigil-record: " << QCoreApplication::translate("main", "%1 % read").arg(percent) << Qt::endl;
                lastPercent = percent;
            }
            return !g_stopRequested;
        },
        [&](const QString &line) { err << "vigil-record: " << line << Qt::endl; });
    if (!outcome.error.isEmpty())
        return fail(outcome.error, 1);
    err << "vigil-record: " << vigil::describeTsdbHistory(outcome) << Qt::endl;
    return outcome.read.missing.empty() ? 0 : 1;
}

void addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "Records a gateway's telemetry and events into a Vigil recording."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption({ QStringLiteral("gateway"),
                       QCoreApplication::translate("main", "Gateway to subscribe to (default 127.0.0.1:50051)."),
                       QStringLiteral("host:port"), QStringLiteral("127.0.0.1:50051") });
    parser.addOption({ QStringLiteral("out"),
                       QCoreApplication::translate("main", "The recording to write (created, or appended to)."),
                       QStringLiteral("file.vigil") });
    parser.addOption({ QStringLiteral("token"),
                       QCoreApplication::translate("main",
                                                   "Bearer token for a gateway that knows its people (--operators); "
                                                   "default: $VIGIL_TOKEN."),
                       QStringLiteral("token") });
    vigil::addChannelSecurityOptions(parser);
    parser.addOption({ QStringLiteral("max-size"),
                       QCoreApplication::translate("main", "Pause recording when the file reaches this many MB."),
                       QStringLiteral("MB"), QStringLiteral("0") });
    parser.addOption({ QStringLiteral("keep-full"),
                       QCoreApplication::translate("main",
                                                   "Hours kept at full rate; older data keeps each minute's lowest and "
                                                   "highest readings, and incidents stay whole (default 24)."),
                       QStringLiteral("hours"), QStringLiteral("24") });
    parser.addOption(
        { QStringLiteral("no-downsample"), QCoreApplication::translate("main", "Keep every frame, however old.") });
    parser.addOption({ QStringLiteral("status-every"),
                       QCoreApplication::translate("main", "Print the recorder's figures every this many seconds."),
                       QStringLiteral("s"), QStringLiteral("60") });
    parser.addOption({ QStringLiteral("import"),
                       QCoreApplication::translate("main",
                                                   "Do not record: import this event history (CSV or JSON lines) "
                                                   "into --out, then exit."),
                       QStringLiteral("file") });
    parser.addOption({ QStringLiteral("topology"),
                       QCoreApplication::translate("main",
                                                   "With --import or --from-prometheus into a new recording: the "
                                                   "topology file that names the entities."),
                       QStringLiteral("file") });
    parser.addOption({ QStringLiteral("from-prometheus"),
                       QCoreApplication::translate("main",
                                                   "Do not record: read --since to --until from this "
                                                   "Prometheus-compatible query API into --out, then exit."),
                       QStringLiteral("url") });
    parser.addOption({ QStringLiteral("since"),
                       QCoreApplication::translate("main",
                                                   "With --from-prometheus: the start (2026-11-02, "
                                                   "2026-11-02T06:00, or a length back like 30d or 36h; default 1d)."),
                       QStringLiteral("when"), QStringLiteral("1d") });
    parser.addOption({ QStringLiteral("until"),
                       QCoreApplication::translate("main", "With --from-prometheus: the end (default: now)."),
                       QStringLiteral("when") });
    parser.addOption(
        { QStringLiteral("step"),
          QCoreApplication::translate("main", "With --from-prometheus: seconds between frames (default 15)."),
          QStringLiteral("s"), QStringLiteral("15") });
    parser.addOption(
        { QStringLiteral("query-timeout"),
          QCoreApplication::translate("main", "With --from-prometheus: seconds each query may take (default 60)."),
          QStringLiteral("s") });
    parser.addOption({ QStringLiteral("host-label"),
                       QCoreApplication::translate("main",
                                                   "With --from-prometheus: the label that names the node (default "
                                                   "Hostname, else instance)."),
                       QStringLiteral("label") });
    vigil::addRemoteWriteOptions(parser);
}

struct RecordSettings
{
    double maxMb = 0;
    double statusEverySeconds = 60;
    double keepFullHours = 24;
    vigil::RemoteWriteSettings remoteWrite;
};

// The live recording's options; 0, or the exit code of options that make no sense.
int readRecordSettings(const QCommandLineParser &parser, RecordSettings &settings, QTextStream &err)
{
    QString invalid;
    const auto maxMb = vigil::numberOption(parser, QStringLiteral("max-size"), 0, 1e9,
                                           QCoreApplication::translate("main", "a size in MB"), &invalid);
    const auto statusEvery = vigil::numberOption(parser, QStringLiteral("status-every"), 0.1, 86400,
                                                 QCoreApplication::translate("main", "a number of seconds"), &invalid);
    const auto keepFull = vigil::numberOption(parser, QStringLiteral("keep-full"), 0, 24.0 * 3660,
                                              QCoreApplication::translate("main", "a number of hours"), &invalid);
    if (!maxMb || !statusEvery || !keepFull) {
        err << "vigil-record: " << invalid << Qt::endl;
        return 2;
    }
    settings = { *maxMb, *statusEvery, *keepFull, {} };
    if (QString error = vigil::readRemoteWriteOptions(parser, settings.remoteWrite); !error.isEmpty()) {
        err << "vigil-record: " << error << Qt::endl;
        return 2;
    }
    return 0;
}

// Why nothing is being recorded, in words that say what to do: a refusal above all.
QString whyNotRecording(const vigil::ConnectionStatus &c, bool usesTls)
{
    return c.refusedByGateway
        ? QCoreApplication::translate("main",
                                      "the gateway refuses to stream: %1 (give a token with --token or "
                                      "$VIGIL_TOKEN)")
              .arg(c.lastError)
        : c.lastError.contains(QLatin1String("andshake")) && usesTls
        ? QCoreApplication::translate("main",
                                      "cannot subscribe: the TLS handshake failed: %1 (is the "
                                      "gateway's certificate signed by --tls-ca, and does it name "
                                      "the host you gave?)")
              .arg(c.lastError)
        : c.lastError.contains(QLatin1String("andshake"))
        ? QCoreApplication::translate("main",
                                      "cannot subscribe: %1 (does the gateway serve TLS? then give "
                                      "--tls-ca with its authority, or --tls)")
              .arg(c.lastError)
        : QCoreApplication::translate("main", "cannot subscribe: %1").arg(c.lastError);
}

// Where to subscribe, as whom, and what to tell the recording.
QString clientOptionsFor(const QCommandLineParser &parser, vigil::StreamRecording &recording,
                         vigil::ClientOptions &options)
{
    options.address = parser.value(QStringLiteral("gateway"));
    options.clientName = QStringLiteral("vigil-record");
    options.token = parser.isSet(QStringLiteral("token")) ? parser.value(QStringLiteral("token"))
                                                          : qEnvironmentVariable("VIGIL_TOKEN");
    options.observer = recording.observer();
    options.jobReadings = false; // no charts here: the recording keeps every frame
    return vigil::channelSecurityFromCommandLine(parser, options.security);
}

// The recorder's figures, and the remote writer's when there is one.
void sayFigures(const vigil::Recorder &recorder, const vigil::RemoteWriter *writer, QTextStream &err)
{
    err << "vigil-record: " << describe(recorder.status()) << Qt::endl;
    if (writer) {
        const vigil::RemoteWriteStatus w = writer->status();
        err << "vigil-record: "
            << QCoreApplication::translate("main", "remote write: %1 samples sent, %2 dropped, %3 waiting%4")
                   .arg(w.samplesSent)
                   .arg(w.samplesDropped)
                   .arg(w.queuedRequests)
                   .arg(w.lastError.isEmpty() ? QString() : QStringLiteral(" (") + w.lastError + u')')
            << Qt::endl;
    }
}

// Records until SIGINT or SIGTERM: the stream into the recording, and on to a time-series
// database as well (the state every interval) when asked.
int record(QCoreApplication &app, const QCommandLineParser &parser, const RecordSettings &settings, QTextStream &err)
{
    vigil::RecorderOptions options;
    options.path = parser.value(QStringLiteral("out"));
    if (parser.isSet(QStringLiteral("no-downsample")))
        options.retention.reset();
    else
        options.retention->fullRateMs = int64_t(settings.keepFullHours * 3600000.0);
    options.maxFileBytes = int64_t(settings.maxMb * 1e6);
    const auto fail = [&](const QString &why, int code) {
        err << "vigil-record: " << why << Qt::endl;
        return code;
    };
    vigil::Recorder recorder(options);
    if (const QString error = recorder.start(); !error.isEmpty())
        return fail(error, 1);
    vigil::StreamRecording recording(&recorder);
    vigil::LiveCluster cluster;
    vigil::ClientOptions clientOptions;
    if (QString error = clientOptionsFor(parser, recording, clientOptions); !error.isEmpty())
        return fail(error, 2);
    vigil::TelemetryClient client(clientOptions, cluster);
    client.start();
    err << "vigil-record: "
        << QCoreApplication::translate("main", "recording %1 into %2").arg(clientOptions.address, options.path)
        << Qt::endl;
    std::unique_ptr<vigil::RemoteWriter> writer;
    vigil::ClusterState sent;
    uint64_t sentGeneration = 0;
    QTimer sendTimer, poll, report, figures;
    if (!settings.remoteWrite.url.isEmpty()) {
        writer = std::make_unique<vigil::RemoteWriter>(settings.remoteWrite);
        if (QString error = writer->start(); !error.isEmpty())
            return fail(error, 2);
        QObject::connect(&sendTimer, &QTimer::timeout, &app, [&] {
            if (cluster.copyIfNewer(sent, sentGeneration))
                writer->submit(sent);
        });
        sendTimer.start(int(settings.remoteWrite.interval.count()));
    }
    std::signal(SIGINT, requestStop);
    std::signal(SIGTERM, requestStop);
    QObject::connect(&poll, &QTimer::timeout, &app, [&] {
        if (g_stopRequested)
            app.quit();
    });
    poll.start(100);
    vigil::RecorderStatus::State lastState = vigil::RecorderStatus::State::Recording;
    QString lastRefusal;
    QObject::connect(&report, &QTimer::timeout, &app, [&] {
        const vigil::RecorderStatus s = recorder.status();
        if (s.state != lastState && s.state == vigil::RecorderStatus::State::Paused)
            err << "vigil-record: " << QCoreApplication::translate("main", "paused: %1").arg(s.message) << Qt::endl;
        lastState = s.state;
        // Why nothing is being recorded, said once per reason.
        const vigil::ConnectionStatus c = cluster.status();
        if (c.state != vigil::ConnectionState::Live && c.state != vigil::ConnectionState::Resumed
            && !c.lastError.isEmpty() && std::exchange(lastRefusal, c.lastError) != c.lastError)
            err << "vigil-record: " << whyNotRecording(c, clientOptions.security.usesTls()) << Qt::endl;
    });
    report.start(1000);
    QObject::connect(&figures, &QTimer::timeout, &app, [&] { sayFigures(recorder, writer.get(), err); });
    figures.start(int(settings.statusEverySeconds * 1000));
    const int status = app.exec();
    client.stop();
    if (writer) { // the last state too, and a moment for the queue to drain
        if (cluster.copyIfNewer(sent, sentGeneration))
            writer->submit(sent);
        writer->flush(std::chrono::seconds(5));
        writer->stop();
    }
    recorder.stop();
    err << "vigil-record: " << QCoreApplication::translate("main", "stopped; %1").arg(describe(recorder.status()))
        << Qt::endl;
    return status;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("vigil-record"));
    QCoreApplication::setApplicationVersion(QStringLiteral(VIGIL_VERSION));
    QCommandLineParser parser;
    addOptions(parser);
    parser.process(app);

    QTextStream err(stderr);
    if (!parser.isSet(QStringLiteral("out"))) {
        err << "vigil-record: " << QCoreApplication::translate("main", "--out: which file to record into?") << Qt::endl;
        return 2;
    }
    if (parser.isSet(QStringLiteral("import")))
        return importHistory(parser, err);
    if (parser.isSet(QStringLiteral("from-prometheus")))
        return recordFromTsdb(parser, err);
    RecordSettings settings;
    if (const int refused = readRecordSettings(parser, settings, err))
        return refused;
    return record(app, parser, settings, err);
}
