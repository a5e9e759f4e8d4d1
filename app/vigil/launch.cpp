// SPDX-License-Identifier: GPL-3.0-or-later
#include "launch.h"

#include "detailsdock.h"
#include "domain/sanitizers.h"
#include "mainwindow.h"
#include "rackmap/rackmapwidget.h"
#include "recordercontrol.h"
#include "recording/replayfeed.h"
#include "recording/streamrecording.h"
#include "replaybar.h"
#include "reportwindow.h"
#include "sim/simulationoptions.h"
#include "sourcesdock.h"
#include "theme.h"
#include "timeline/timelinewidget.h"

#include <QApplication>
#include <QDateTime>
#include <QLibraryInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QThreadPool>
#include <QTimer>
#include <QTranslator>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace vigil {

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
void scheduleScreenshot(MainWindow &window, LiveCluster &cluster, const QString &path, int settleMs)
{
    // A recording that cannot be opened will never settle: say why and quit, rather than wait for ever.
    QObject::connect(&window, &MainWindow::recordingOpened, &window, [path](const QString &error) {
        if (error.isEmpty())
            return;
        QTextStream(stderr) << "vigil: no screenshot written to " << path << ": " << error << Qt::endl;
        QApplication::exit(1);
    });
    auto *poll = new QTimer(&window);
    QObject::connect(poll, &QTimer::timeout, &window, [&window, &cluster, poll, path, settleMs] {
        const auto state = cluster.status().state;
        const bool ready = window.isReplaying() ? window.clusterState().topology() && !window.isBackfilling()
                                                : state == ConnectionState::Live || state == ConnectionState::Resumed;
        if (!ready)
            return;
        poll->stop();
        QTimer::singleShot(settleMs, &window, [&window, path] {
            window.refresh();
            // The report window, when one is open, is what the picture is of.
            QWidget *shown = &window;
            for (QWidget *w : QApplication::topLevelWidgets())
                if (qobject_cast<ReportWindow *>(w) && w->isVisible())
                    shown = w;
            const bool saved = shown->grab().save(path);
            QTextStream(stderr) << (saved ? "vigil: screenshot saved to " : "vigil: cannot write screenshot ") << path
                                << Qt::endl;
            QApplication::exit(saved ? 0 : 1);
        });
    });
    poll->start(100);
}

QStringList overlayKeys()
{
    QStringList keys;
    for (Overlay o : allOverlays())
        keys << overlayKey(o);
    return keys;
}

} // namespace

std::unique_ptr<QCoreApplication> makeApplication(int &argc, char **argv)
{
    // --help and --version print and leave: they need no display, so none is asked for
    // (a QApplication without one aborts before the parser could answer).
    const bool textOnly = std::any_of(argv + 1, argv + argc, [](const char *a) {
        return !std::strcmp(a, "--help") || !std::strcmp(a, "-h") || !std::strcmp(a, "-?")
            || !std::strcmp(a, "--help-all") || !std::strcmp(a, "--version") || !std::strcmp(a, "-v");
    });
    std::unique_ptr<QCoreApplication> application = textOnly
        ? std::make_unique<QCoreApplication>(argc, argv)
        : std::unique_ptr<QCoreApplication>(std::make_unique<QApplication>(argc, argv));
    QCoreApplication::setApplicationName(QStringLiteral("Vigil"));
    QCoreApplication::setOrganizationName(QStringLiteral("Vigil"));
    QCoreApplication::setApplicationVersion(QStringLiteral(VIGIL_VERSION));
    return application;
}

void addDashboardOptions(QCommandLineParser &parser)
{
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
    parser.addOption({ QStringLiteral("overlay"),
                       QApplication::translate("main", "Start with this overlay: %1.").arg(overlayKeys().join(u", ")),
                       QStringLiteral("name") });
    parser.addOption({ QStringLiteral("cell"),
                       QApplication::translate("main",
                                               "With --find: zoom until cells are this many pixels wide "
                                               "(default 18; 60 shows a node close up)."),
                       QStringLiteral("px"), QStringLiteral("18") });
    parser.addOption(
        { QStringLiteral("wall"),
          QApplication::translate("main", "Start as a full-screen wall display (F11 or Esc leaves it).") });
    parser.addOption({ QStringLiteral("rollup"),
                       QApplication::translate("main",
                                               "Take node or rack rollups from the gateway, and GPUs in full only "
                                               "where the map is zoomed in (wall screens on large clusters)."),
                       QStringLiteral("node|rack") });
    parser.addOption({ QStringLiteral("replay"), QApplication::translate("main", "Open this recording and replay it."),
                       QStringLiteral("file.vigil") });
    parser.addOption({ QStringLiteral("at"),
                       QApplication::translate("main",
                                               "With --replay: start at this instant (ISO date and time in UTC, "
                                               "or +H for H hours into the recording)."),
                       QStringLiteral("time") });
    parser.addOption({ QStringLiteral("select"),
                       QApplication::translate("main",
                                               "With --replay: select this span on the timeline, FROM..TO (each as "
                                               "--at takes it); the map's count overlays cover it."),
                       QStringLiteral("span") });
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
    addChannelSecurityOptions(parser);
    parser.addOptions(simulationOptions()); // for --demo, handed to its vigil-gateway
}

std::optional<Overlay> checkedStartOverlay(const QCommandLineParser &parser, QString *error)
{
    ChannelSecurity security;
    if (QString contradiction = channelSecurityFromCommandLine(parser, security); !contradiction.isEmpty()) {
        *error = contradiction;
        return std::nullopt;
    }
    if (const QString rollup = parser.value(QStringLiteral("rollup"));
        !rollup.isEmpty() && rollup != u"node" && rollup != u"rack") {
        *error = QApplication::translate("main", "--rollup takes node or rack, not '%1'").arg(rollup);
        return std::nullopt;
    }
    if (!parser.isSet(QStringLiteral("overlay")))
        return std::nullopt;
    const std::optional<Overlay> overlay = overlayFromKey(parser.value(QStringLiteral("overlay")));
    if (!overlay)
        *error = QApplication::translate("main", "unknown overlay '%1'; one of: %2")
                     .arg(parser.value(QStringLiteral("overlay")), overlayKeys().join(u", "));
    return overlay;
}

void installLanguageAndTheme(QApplication &app, const QString &language)
{
    installTranslations(app, language);
    // Dark by default (control rooms and wall screens); the light palette is a remembered choice.
    if (QSettings().value(QStringLiteral("mainWindow/lightPalette"), false).toBool())
        applyLightTheme(app);
    else
        applyDarkTheme(app);
}

ClientOptions clientOptionsFor(const QCommandLineParser &parser, const QString &address, StreamRecording &tap)
{
    ClientOptions options;
    options.address = address;
    options.observer = tap.observer();
    // Who acts on alarms: the token's owner where the gateway knows its operators, else the name given.
    options.token = parser.isSet(QStringLiteral("token")) ? parser.value(QStringLiteral("token"))
        : qEnvironmentVariableIsSet("VIGIL_TOKEN")        ? qEnvironmentVariable("VIGIL_TOKEN")
                                                   : QSettings().value(QStringLiteral("operator/token")).toString();
    channelSecurityFromCommandLine(parser, options.security); // checked by checkedStartOverlay
    const QString rollup = parser.value(QStringLiteral("rollup")); // checked there too
    options.level = rollup == u"node" ? EntityKind::Node : rollup == u"rack" ? EntityKind::Rack : EntityKind::Gpu;
    return options;
}

QString operatorNameFor(const QCommandLineParser &parser)
{
    return parser.isSet(QStringLiteral("operator"))
        ? parser.value(QStringLiteral("operator"))
        : QSettings()
              .value(QStringLiteral("operator/name"), qEnvironmentVariable("USER", QStringLiteral("operator")))
              .toString();
}

void startFlightRecorder(RecorderControl &recorder, const QCommandLineParser &parser, QTextStream &err)
{
    // On unless switched off: a file per session, capped so it cannot fill the disk.
    recorder.setMaxFileBytes(int64_t(QSettings().value(QStringLiteral("recorder/maxMegabytes"), 8192).toLongLong())
                             * 1000000);
    const bool record = parser.isSet(QStringLiteral("record"))
        || (!parser.isSet(QStringLiteral("no-record"))
            && QSettings().value(QStringLiteral("recorder/enabled"), true).toBool());
    if (!record)
        return;
    const QString path = parser.isSet(QStringLiteral("record")) ? parser.value(QStringLiteral("record"))
                                                                : RecorderControl::newSessionPath();
    if (const QString error = recorder.start(path); !error.isEmpty())
        err << "vigil: " << QApplication::translate("main", "not recording: %1").arg(error) << Qt::endl;
    // Past sessions share a budget (32 GB unless set): the oldest go first.
    const int64_t budget
        = QSettings().value(QStringLiteral("recorder/sessionsMegabytes"), 32000).toLongLong() * 1000000;
    QThreadPool::globalInstance()->start(
        [budget, keep = recorder.path()] { RecorderControl::pruneOldSessions(budget, keep); });
}

void addSourcesDock(MainWindow &window, TelemetryClient &client)
{
    auto *dock = new SourcesDock([&client] { return client.sources(); }, &window);
    window.addDockWidget(Qt::RightDockWidgetArea, dock);
    window.tabifyDockWidget(window.detailsDock(), dock);
    window.detailsDock()->raise(); // the details stay in front; Sources is a tab beside them
    window.viewMenu()->addAction(dock->toggleViewAction());
}

void followTheMapInDetail(MainWindow &window, TelemetryClient &client)
{
    // Asked once the view has settled: a pan is many view changes, each a new subscription.
    auto *settle = new QTimer(&window);
    settle->setSingleShot(true);
    settle->setInterval(300);
    RackMapWidget *map = window.rackMap();
    QObject::connect(settle, &QTimer::timeout, &window, [map, &client] { client.lookAt(map->racksInDetail()); });
    QObject::connect(map, &RackMapWidget::viewChanged, settle, qOverload<>(&QTimer::start));
    QObject::connect(map, &RackMapWidget::selectionChanged, settle, qOverload<>(&QTimer::start));
}

int applyStartupViews(MainWindow &window, LiveCluster &cluster, const QCommandLineParser &parser,
                      std::optional<Overlay> overlay, QTextStream &err)
{
    if (parser.isSet(QStringLiteral("replay"))) {
        const QString at = parser.value(QStringLiteral("at"));
        if (parser.isSet(QStringLiteral("at")) && !parseInstant(at, 0)) {
            err << "vigil: "
                << QApplication::translate("main", "--at: '%1' is not an ISO date and time or +hours").arg(at)
                << Qt::endl;
            return 2;
        }
        const QStringList span = parser.value(QStringLiteral("select")).split(QStringLiteral(".."));
        if (parser.isSet(QStringLiteral("select"))
            && (span.size() != 2 || !parseInstant(span[0], 0) || !parseInstant(span[1], 0))) {
            err << "vigil: "
                << QApplication::translate("main", "--select: '%1' is not FROM..TO (ISO dates and times or +hours)")
                       .arg(parser.value(QStringLiteral("select")))
                << Qt::endl;
            return 2;
        }
        // The recording is read off the GUI thread; the window shows live until it is open.
        QObject::connect(
            &window, &MainWindow::recordingOpened, &window,
            [&window, &parser, at, span](const QString &error) {
                if (!error.isEmpty()) {
                    QTextStream(stderr) << "vigil: " << error << Qt::endl;
                    // Not modal: whatever else waits for the recording (--screenshot) hears of it too.
                    auto *box
                        = new QMessageBox(QMessageBox::Warning, QApplication::translate("main", "Vigil"),
                                          QApplication::translate("main", "Cannot open the recording: %1").arg(error),
                                          QMessageBox::Ok, &window);
                    box->setAttribute(Qt::WA_DeleteOnClose);
                    box->open();
                    return;
                }
                const int64_t start = window.replayBar()->feed()->overview().startMs;
                if (parser.isSet(QStringLiteral("at")))
                    window.replayBar()->seek(*parseInstant(at, start));
                if (span.size() == 2)
                    window.replayBar()->timeline()->setSelection(*parseInstant(span[0], start),
                                                                 *parseInstant(span[1], start));
                if (parser.isSet(QStringLiteral("report")))
                    window.openReport();
            },
            Qt::SingleShotConnection);
        window.openRecording(parser.value(QStringLiteral("replay")));
    }
    if (overlay)
        window.setOverlay(*overlay);
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
    return 0;
}

int leave(int status)
{
#if !VIGIL_UNDER_ASAN
    // Everything that must reach the disk has: the recording is flushed and closed, the
    // settings are synced below. What is left is memory (at 100k GPUs, an hour of analysis and
    // a pricing under way on its worker), and tearing it down took seconds after the window
    // had gone. The sanitizer lane still tears everything down, to check it.
    QSettings().sync();
    std::fflush(nullptr);
    std::_Exit(status);
#endif
    return status;
}

} // namespace vigil
