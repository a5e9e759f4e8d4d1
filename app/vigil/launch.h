// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "client/telemetryclient.h"
#include "overlay.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTextStream>

#include <memory>
#include <optional>

class QApplication;

namespace vigil {

class MainWindow;
class RecorderControl;
class StreamRecording;

// The steps of starting the dashboard from its command line, each on its own, so
// that main() reads as the order they come in.

// A QApplication, or only a QCoreApplication for --help and --version, which need no display.
std::unique_ptr<QCoreApplication> makeApplication(int &argc, char **argv);
void addDashboardOptions(QCommandLineParser &parser);
// The overlay to start on (--overlay), once the options are checked: nullopt with `error`
// set when --overlay names none or the connection's options contradict each other.
std::optional<Overlay> checkedStartOverlay(const QCommandLineParser &parser, QString *error);
// --lang (or the system's) and the remembered palette.
void installLanguageAndTheme(QApplication &app, const QString &language);
// Where to subscribe and as whom: --token, $VIGIL_TOKEN or the saved token; the tap records what arrives.
ClientOptions clientOptionsFor(const QCommandLineParser &parser, const QString &address, StreamRecording &tap);
QString operatorNameFor(const QCommandLineParser &parser);
// The flight recorder, on unless switched off, with its caps; a failure is said on `err`.
void startFlightRecorder(RecorderControl &recorder, const QCommandLineParser &parser, QTextStream &err);
// View → Sources, beside the Details dock: the gateway's account of its sources.
void addSourcesDock(MainWindow &window, TelemetryClient &client);
// --rollup: the gateway is asked for the GPUs the rack map shows in full (the racks in view
// once zoomed in, and the selected GPU's), and sends node or rack rollups for the rest.
void followTheMapInDetail(MainWindow &window, TelemetryClient &client);
// --replay/--at/--report, --overlay, --wall, --find and --screenshot on the shown window;
// 0, or the exit code of a command line that makes no sense.
int applyStartupViews(MainWindow &window, LiveCluster &cluster, const QCommandLineParser &parser,
                      std::optional<Overlay> overlay, QTextStream &err);

// The exit, once the recording and the settings are on disk: the process ends without tearing
// its memory down (seconds at 100k GPUs), except under the sanitizers, which check the teardown.
int leave(int status);

} // namespace vigil
