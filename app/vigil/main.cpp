// SPDX-License-Identifier: GPL-3.0-or-later
// vigil: the dashboard. Connects to a gateway (or starts one with --demo) and shows the cluster live.
#include "client/telemetryclient.h"
#include "gateway/gatewaycommandline.h"
#include "gateway/gatewayserver.h"
#include "mainwindow.h"
#include "recorder/replayfeed.h"
#include "recorder/streamrecording.h"
#include "recordercontrol.h"
#include "replaybar.h"
#include "reportwindow.h"
#include "theme.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDateTime>
#include <QLibraryInfo>
#include <QMessageBox>
#include <QSettings>
#include <QTextStream>
#include <QThreadPool>
#include <QTimer>
#include <QTranslator>

#include <algorithm>
#include <cstring>
#include <memory>

namespace {

void installTranslations(QApplication &app, const QString &language)
{
    const QLocale locale = language.isEmpty() ? QLocale() : QLocale(language);
    QLocale::setDefault(locale);
    auto *qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(qt);
    auto *own = new QTranslator(&app);
    // A language Vigil has no words for (or the C locale) reads English, with its plurals.
    if (own->load(locale, QStringLiteral("vigil"), QStringLiteral("_"), QStringLiteral(":/i18n"))
        || own->load(QStringLiteral("vigil_en"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(own);
}

// --at: an ISO date and time (UTC), or "+H" hours after the recording starts.
std::optional<int64_t> parseInstant(const QString &text, int64_t startMs)
{
    if (text.startsWith(QLatin1Char('+'))) {
        bool ok = false;
        const double hours = text.mid(1).chopped(text.endsWith(QLatin1Char('h')) ? 1 : 0).toDouble(&ok);
        if (!ok || !(hours >= 0.0) || hours > 24.0 * 3660.0)
            return std::nullopt;
        return startMs + int64_t(hours * 3600000.0);
    }
    QDateTime t = QDateTime::fromString(text, Qt::ISODate);
    if (!t.isValid())
        return std::nullopt;
    if (t.timeSpec() == Qt::LocalTime)
        t.setTimeSpec(Qt::UTC);
    return t.toMSecsSinceEpoch();
}

// --screenshot: once data is live (or the replay has settled), wait a moment, save the window, quit.
void scheduleScreenshot(vigil::MainWindow &window, vigil::LiveCluster &cluster, const QString &path, int settleMs)
{
    auto *poll = new QTimer(&window);
    QObject::connect(poll, &QTimer::timeout, &window, [&window, &cluster, poll, path, settleMs] {
        const auto state = cluster.status().state;
        const bool ready = window.isReplaying()
            ? window.clusterState().topology() && !window.isBackfilling()
            : state == vigil::ConnectionState::Live || state == vigil::ConnectionState::Resumed;
        if (!ready)
            return;
        poll->stop();
        QTimer::singleShot(settleMs, &window, [&window, path] {
            window.refresh();
            // The report window, when one is open, is what the picture is of.
            QWidget *shown = &window;
            for (QWidget *w : QApplication::topLevelWidgets())
                if (qobject_cast<vigil::ReportWindow *>(w) && w->isVisible())
                    shown = w;
            const bool saved = shown->grab().save(path);
            QTextStream(stderr) << (saved ? "vigil: screenshot saved to " : "vigil: cannot write screenshot ") << path
                                << Qt::endl;
            QApplication::exit(saved ? 0 : 1);
        });
    });
    poll->start(100);
}

} // namespace

int main(int argc, char *argv[])
{
    // --help and --version print and leave: they need no display, so none is asked for
    // (a QApplication without one aborts before the parser could answer).
    const bool textOnly = std::any_of(argv + 1, argv + argc, [](const char *a) {
        return !std::strcmp(a, "--help") || !std::strcmp(a, "-h") || !std::strcmp(a, "-?")
            || !std::strcmp(a, "--help-all") || !std::strcmp(a, "--version") || !std::strcmp(a, "-v");
    });
    const std::unique_ptr<QCoreApplication> application = textOnly
        ? std::make_unique<QCoreApplication>(argc, argv)
        : std::unique_ptr<QCoreApplication>(std::make_unique<QApplication>(argc, argv));
    QApplication::setApplicationName(QStringLiteral("Vigil"));
    QApplication::setOrganizationName(QStringLiteral("Vigil"));
    QApplication::setApplicationVersion(QStringLiteral(VIGIL_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Operations dashboard for GPU training clusters."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption({ QStringLiteral("gateway"),
                       QApplication::translate("main", "Gateway to subscribe to (default 127.0.0.1:50051)."),
                       QStringLiteral("host:port"), QStringLiteral("127.0.0.1:50051") });
    parser.addOption({ QStringLiteral("demo"),
                       QApplication::translate(
                           "main", "Start a gateway with a simulated cluster on 127.0.0.1 and connect to it.") });
    parser.addOption(
        { QStringLiteral("lang"),
          QApplication::translate("main", "User interface language (e.g. en, de, ja); default: the system's."),
          QStringLiteral("code") });
    parser.addOption({ QStringLiteral("screenshot"),
                       QApplication::translate("main", "Save a screenshot of the window once data is live, then quit."),
                       QStringLiteral("file.png") });
    parser.addOption({ QStringLiteral("screenshot-delay"),
                       QApplication::translate("main", "Seconds of live data before the screenshot (default 3)."),
                       QStringLiteral("s"), QStringLiteral("3") });
    parser.addOption(
        { QStringLiteral("find"),
          QApplication::translate("main", "Once connected, select and show this host, GPU UUID, rack or job."),
          QStringLiteral("query") });
    QStringList overlayKeys;
    for (vigil::Overlay o : vigil::allOverlays())
        overlayKeys << vigil::overlayKey(o);
    parser.addOption({ QStringLiteral("overlay"),
                       QApplication::translate("main", "Start with this overlay: %1.").arg(overlayKeys.join(u", ")),
                       QStringLiteral("name") });
    parser.addOption({ QStringLiteral("cell"),
                       QApplication::translate("main",
                                               "With --find: zoom until cells are this many pixels wide "
                                               "(default 18; 60 shows a node close up)."),
                       QStringLiteral("px"), QStringLiteral("18") });
    parser.addOption(
        { QStringLiteral("wall"),
          QApplication::translate("main", "Start as a full-screen wall display (F11 or Esc leaves it).") });
    parser.addOption({ QStringLiteral("replay"), QApplication::translate("main", "Open this recording and replay it."),
                       QStringLiteral("file.vigil") });
    parser.addOption({ QStringLiteral("at"),
                       QApplication::translate("main",
                                               "With --replay: start at this instant (ISO date and time in UTC, "
                                               "or +H for H hours into the recording)."),
                       QStringLiteral("time") });
    parser.addOption({ QStringLiteral("record"),
                       QApplication::translate("main",
                                               "Record the live stream into this file (default: a new file per "
                                               "session in the recordings folder)."),
                       QStringLiteral("file.vigil") });
    parser.addOption(
        { QStringLiteral("no-record"), QApplication::translate("main", "Do not record the live stream.") });
    parser.addOption(
        { QStringLiteral("report"),
          QApplication::translate("main", "With --replay: open the maintenance-debt report of the recording.") });
    parser.addOption({ QStringLiteral("token"),
                       QApplication::translate("main",
                                               "Bearer token for a gateway that knows its operators (default: "
                                               "$VIGIL_TOKEN, or the one saved in the settings)."),
                       QStringLiteral("token") });
    parser.addOption({ QStringLiteral("operator"),
                       QApplication::translate("main",
                                               "Your name on alarm actions, for a gateway without an operators file "
                                               "(default: the login name)."),
                       QStringLiteral("name") });
    vigil::addGatewayOptions(parser, false);
    parser.process(*application);
    auto &app = static_cast<QApplication &>(*application); // from here on there is a window system
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/vigil.png")));
    std::optional<vigil::Overlay> startOverlay;
    if (parser.isSet(QStringLiteral("overlay"))) {
        startOverlay = vigil::overlayFromKey(parser.value(QStringLiteral("overlay")));
        if (!startOverlay) {
            QTextStream(stderr) << "vigil: "
                                << QApplication::translate("main", "unknown overlay '%1'; one of: %2")
                                       .arg(parser.value(QStringLiteral("overlay")), overlayKeys.join(u", "))
                                << Qt::endl;
            return 2;
        }
    }

    installTranslations(app, parser.value(QStringLiteral("lang")));
    // Dark by default (control rooms and wall screens); the light palette is a remembered choice.
    if (QSettings().value(QStringLiteral("mainWindow/lightPalette"), false).toBool())
        vigil::applyLightTheme(app);
    else
        vigil::applyDarkTheme(app);

    QTextStream err(stderr);
    std::unique_ptr<vigil::GatewayServer> demoGateway;
    QString address = parser.value(QStringLiteral("gateway"));
    if (parser.isSet(QStringLiteral("demo"))) {
        vigil::GatewayOptions options;
        options.listen = "127.0.0.1:0";
        QString error = vigil::readGatewayOptions(parser, options, false);
        // The demo tells the decline story at an hour per second unless told otherwise.
        if (!parser.isSet(QStringLiteral("scenario")))
            options.simulator.scenario = vigil::Scenario::Decline;
        if (!parser.isSet(QStringLiteral("speed")))
            options.speed = 3600.0;
        if (!parser.isSet(QStringLiteral("rate")))
            options.rateHz = 4.0;
        if (error.isEmpty())
            demoGateway = vigil::GatewayServer::start(options, &error);
        if (!demoGateway) {
            err << "vigil: " << error << Qt::endl;
            QMessageBox::critical(nullptr, QApplication::translate("main", "Vigil"),
                                  QApplication::translate("main", "The demo gateway could not start: %1").arg(error));
            return 1;
        }
        address = demoGateway->address();
    }

    vigil::LiveCluster cluster;
    vigil::StreamRecording tap;
    vigil::ClientOptions clientOptions;
    clientOptions.address = address;
    clientOptions.observer = tap.observer();
    // Who acts on alarms: the token's owner where the gateway knows its operators, else the name given.
    clientOptions.token = parser.isSet(QStringLiteral("token")) ? parser.value(QStringLiteral("token"))
        : qEnvironmentVariableIsSet("VIGIL_TOKEN")              ? qEnvironmentVariable("VIGIL_TOKEN")
                                                   : QSettings().value(QStringLiteral("operator/token")).toString();
    const QString operatorName = parser.isSet(QStringLiteral("operator"))
        ? parser.value(QStringLiteral("operator"))
        : QSettings()
              .value(QStringLiteral("operator/name"), qEnvironmentVariable("USER", QStringLiteral("operator")))
              .toString();
    vigil::TelemetryClient client(clientOptions, cluster);
    vigil::RecorderControl recorder(tap);
    // The flight recorder is on unless switched off: a file per session, capped so it cannot fill the disk.
    recorder.setMaxFileBytes(int64_t(QSettings().value(QStringLiteral("recorder/maxMegabytes"), 8192).toLongLong())
                             * 1000000);
    const bool record = parser.isSet(QStringLiteral("record"))
        || (!parser.isSet(QStringLiteral("no-record"))
            && QSettings().value(QStringLiteral("recorder/enabled"), true).toBool());
    if (record) {
        const QString path = parser.isSet(QStringLiteral("record")) ? parser.value(QStringLiteral("record"))
                                                                    : vigil::RecorderControl::newSessionPath();
        if (const QString error = recorder.start(path); !error.isEmpty())
            err << "vigil: " << QApplication::translate("main", "not recording: %1").arg(error) << Qt::endl;
        // Past sessions share a budget (32 GB unless set): the oldest go first.
        recorder.pruneOldSessions(QSettings().value(QStringLiteral("recorder/sessionsMegabytes"), 32000).toLongLong()
                                  * 1000000);
    }
    client.start();

    vigil::MainWindow window(cluster);
    window.setRecorderControl(&recorder);
    window.setAlarmSender([&client](const vigil::v1::ActRequest &request) { return client.act(request); },
                          operatorName);
    if (parser.isSet(QStringLiteral("replay"))) {
        const QString error = window.openRecording(parser.value(QStringLiteral("replay")));
        if (!error.isEmpty()) {
            err << "vigil: " << error << Qt::endl;
            QMessageBox::warning(nullptr, QApplication::translate("main", "Vigil"),
                                 QApplication::translate("main", "Cannot open the recording: %1").arg(error));
        } else if (parser.isSet(QStringLiteral("at"))) {
            const auto at
                = parseInstant(parser.value(QStringLiteral("at")), window.replayBar()->feed()->overview().startMs);
            if (!at) {
                err << "vigil: "
                    << QApplication::translate("main", "--at: '%1' is not an ISO date and time or +hours")
                           .arg(parser.value(QStringLiteral("at")))
                    << Qt::endl;
                return 2;
            }
            window.replayBar()->seek(*at);
        }
        if (error.isEmpty() && parser.isSet(QStringLiteral("report")))
            window.openReport();
    }
    if (demoGateway)
        window.setWindowTitle(QApplication::translate("main", "Vigil — demo cluster (%1)").arg(address));
    if (startOverlay)
        window.setOverlay(*startOverlay);
    window.show();
    if (parser.isSet(QStringLiteral("wall")))
        window.setWallDisplay(true);
    if (parser.isSet(QStringLiteral("find"))) {
        auto *poll = new QTimer(&window);
        QObject::connect(poll, &QTimer::timeout, &window,
                         [&window, poll, query = parser.value(QStringLiteral("find")),
                          cell = std::clamp(parser.value(QStringLiteral("cell")).toDouble(), 2.0, 64.0)] {
                             if (!window.clusterState().topology())
                                 return;
                             poll->stop();
                             window.find(query, cell);
                         });
        poll->start(100);
    }
    if (parser.isSet(QStringLiteral("screenshot")))
        scheduleScreenshot(
            window, cluster, parser.value(QStringLiteral("screenshot")),
            int(std::clamp(parser.value(QStringLiteral("screenshot-delay")).toDouble(), 0.0, 3600.0) * 1000.0));

    const int status = app.exec();
    QThreadPool::globalInstance()->waitForDone(6000); // an alarm action in flight still needs the client
    client.stop();
    recorder.stop();
    if (demoGateway)
        demoGateway->stop();
    return status;
}
