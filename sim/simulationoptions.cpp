// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/simulationoptions.h"

#include <QCoreApplication>

namespace vigil {

namespace {

// The words are the gateway's command line's: one context for the translators.
struct SimulationOptionsTr
{
    Q_DECLARE_TR_FUNCTIONS(GatewayCommandLine)
};

} // namespace

QList<QCommandLineOption> simulationOptions()
{
    return {
        QCommandLineOption(QStringLiteral("gpus"),
                           SimulationOptionsTr::tr("GPUs in the simulated cluster, 1 to 100000 (default 2048)."),
                           QStringLiteral("N"), QStringLiteral("2048")),
        QCommandLineOption(QStringLiteral("seed"),
                           SimulationOptionsTr::tr("Simulator seed; the same seed gives the same stream (default 1)."),
                           QStringLiteral("N"), QStringLiteral("1")),
        QCommandLineOption(QStringLiteral("pod"),
                           SimulationOptionsTr::tr(
                               "The simulated cluster is this pod of a larger one: its halls, racks, nodes and jobs "
                               "named NAME-…, its GPUs its own (for an aggregator's --upstream)."),
                           QStringLiteral("name")),
        QCommandLineOption(QStringLiteral("rate"),
                           SimulationOptionsTr::tr("Samples per second of wall time, up to 100 (default 1)."),
                           QStringLiteral("Hz"), QStringLiteral("1")),
        QCommandLineOption(QStringLiteral("speed"),
                           SimulationOptionsTr::tr("Simulated seconds per wall-clock second (default 1)."),
                           QStringLiteral("X"), QStringLiteral("1")),
        QCommandLineOption(QStringLiteral("sim-start"),
                           SimulationOptionsTr::tr("The simulated cluster's first instant (2026-11-02, "
                                                   "2026-11-02T06:00). Default: now, when --speed is 1; "
                                                   "otherwise 2026-11-02."),
                           QStringLiteral("when")),
        QCommandLineOption(QStringLiteral("scenario"),
                           SimulationOptionsTr::tr(
                               "What the simulated cluster lives through: steady, decline or quiet (default steady; "
                               "decline for --demo)."),
                           QStringLiteral("name")),
        QCommandLineOption(QStringLiteral("no-simulated-operators"),
                           SimulationOptionsTr::tr(
                               "The simulated cluster's people acknowledge nothing: only a person at a dashboard does. "
                               "(What they do is always signed \"name (simulated)\".)")),
        QCommandLineOption(QStringLiteral("checkpoint-steps"),
                           SimulationOptionsTr::tr("Steps between the training job's checkpoints (default 500)."),
                           QStringLiteral("N"), QStringLiteral("500")),
        QCommandLineOption(QStringLiteral("checkpoint-stall"),
                           SimulationOptionsTr::tr("Seconds a checkpoint stalls training (default 20)."),
                           QStringLiteral("s"), QStringLiteral("20")),
        QCommandLineOption(
            QStringLiteral("truth"),
            SimulationOptionsTr::tr("Write the simulator's ground truth (one JSON line per failure) to this file."),
            QStringLiteral("file")),
        QCommandLineOption(QStringLiteral("retain"),
                           SimulationOptionsTr::tr("Seconds of journal retained for resuming clients (default 600)."),
                           QStringLiteral("s"), QStringLiteral("600"))
    };
}

} // namespace vigil
