// SPDX-License-Identifier: GPL-3.0-or-later
// vigil: the dashboard. Connects to a gateway (or starts one with --demo) and shows the cluster live.
#include "../processmemory.h"
#include "demogateway.h"
#include "launch.h"
#include "mainwindow.h"
#include "recordercontrol.h"
#include "recording/streamrecording.h"

#include <QApplication>
#include <QMessageBox>
#include <QSettings>
#include <QThreadPool>
#include <QTimer>

int main(int argc, char *argv[])
{
    vigil::settleProcessMemory();
    const std::unique_ptr<QCoreApplication> application = vigil::makeApplication(argc, argv);
    QCommandLineParser parser;
    vigil::addDashboardOptions(parser);
    parser.process(*application);
    auto &app = static_cast<QApplication &>(*application); // from here on there is a window system
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/vigil.png")));
    QTextStream err(stderr);
    QString error;
    const std::optional<vigil::Overlay> overlay = vigil::checkedStartOverlay(parser, &error);
    if (!error.isEmpty()) {
        err << "vigil: " << error << Qt::endl;
        return 2;
    }
    vigil::installLanguageAndTheme(app, parser.value(QStringLiteral("lang")));

    vigil::DemoGateway demoGateway;
    const bool demo = parser.isSet(QStringLiteral("demo"));
    const QString address = demo ? demoGateway.start(parser, &error) : parser.value(QStringLiteral("gateway"));
    if (demo && address.isEmpty()) {
        err << "vigil: " << error << Qt::endl;
        QMessageBox::critical(nullptr, QApplication::translate("main", "Vigil"),
                              QApplication::translate("main", "The demo gateway could not start: %1").arg(error));
        return 1;
    }

    vigil::LiveCluster cluster;
    vigil::StreamRecording tap;
    vigil::TelemetryClient client(vigil::clientOptionsFor(parser, address, tap), cluster);
    vigil::RecorderControl recorder(tap);
    vigil::startFlightRecorder(recorder, parser, err);
    client.start();

    vigil::MainWindow window(cluster);
    window.setRecorderControl(&recorder);
    window.setAlarmSender([&client](const vigil::v1::ActRequest &request) { return client.act(request); },
                          vigil::operatorNameFor(parser));
    window.setBookmarkSource([&client](int64_t fromMs, int64_t toMs) { return client.bookmarks(fromMs, toMs); });
    vigil::addSourcesDock(window, client);
    if (parser.isSet(QStringLiteral("rollup")))
        vigil::followTheMapInDetail(window, client);
    if (demo)
        window.setWindowTitle(QApplication::translate("main", "Vigil — demo cluster (%1)").arg(address));
    QTimer memoryLog; // VIGIL_MEMORY_LOG=seconds: what the memory is made of, to stderr
    if (const int seconds = qEnvironmentVariableIntValue("VIGIL_MEMORY_LOG"); seconds > 0) {
        QObject::connect(&memoryLog, &QTimer::timeout, &app, [&err] { err << vigil::memoryFigures() << Qt::endl; });
        memoryLog.start(seconds * 1000);
    }
    int status = vigil::applyStartupViews(window, cluster, parser, overlay, err);
    if (status == 0)
        status = app.exec();
    QThreadPool::globalInstance()->waitForDone(6000); // an alarm action in flight still needs the client
    client.stop();
    recorder.stop();
    demoGateway.stop();
    return vigil::leave(status);
}
