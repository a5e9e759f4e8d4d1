// SPDX-License-Identifier: GPL-3.0-or-later
#include "demogateway.h"

#include "sim/simulationoptions.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QFileInfo>
#include <QStandardPaths>

#include <sys/prctl.h>

#include <csignal>
#include <cstdio>

namespace vigil {

namespace {

// The simulation options given to the dashboard, as the gateway's command line.
QStringList forwardedOptions(const QCommandLineParser &parser)
{
    QStringList arguments;
    for (const QCommandLineOption &option : simulationOptions()) {
        const QString name = option.names().constFirst();
        if (!parser.isSet(name))
            continue;
        if (option.valueName().isEmpty()) {
            arguments << QStringLiteral("--") + name;
            continue;
        }
        for (const QString &value : parser.values(name))
            arguments << QStringLiteral("--") + name << value;
    }
    return arguments;
}

} // namespace

DemoGateway::DemoGateway()
{
    // Its words go on to the dashboard's standard error as they come (and the last is kept
    // for an error message), so that a full pipe never stops it.
    QObject::connect(&m_process, &QProcess::readyReadStandardError, [this] {
        const QByteArray said = m_process.readAllStandardError();
        std::fwrite(said.constData(), 1, size_t(said.size()), stderr);
        const QList<QByteArray> lines = said.trimmed().split('\n');
        if (!lines.isEmpty() && !lines.constLast().isEmpty())
            m_lastWords = QString::fromUtf8(lines.constLast());
    });
}

DemoGateway::~DemoGateway()
{
    stop();
}

QString DemoGateway::program()
{
    const QString beside = QCoreApplication::applicationDirPath() + QStringLiteral("/vigil-gateway");
    if (QFileInfo(beside).isExecutable())
        return beside;
    return QStandardPaths::findExecutable(QStringLiteral("vigil-gateway"));
}

QString DemoGateway::start(const QCommandLineParser &parser, QString *error)
{
    const QString gateway = program();
    if (gateway.isEmpty()) {
        *error = QCoreApplication::translate("main", "vigil-gateway is neither beside vigil nor on the PATH");
        return {};
    }
    // The kernel ends the gateway when the dashboard goes, however it goes.
    m_process.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGTERM); });
    m_process.start(gateway,
                    QStringList { QStringLiteral("--demo"), QStringLiteral("--print-address") }
                        + forwardedOptions(parser));
    // A 100k-GPU cluster is laid out and simulated from its first instant before it listens.
    const QDeadlineTimer deadline(std::chrono::minutes(2));
    while (!m_process.canReadLine() && m_process.state() != QProcess::NotRunning && !deadline.hasExpired())
        m_process.waitForReadyRead(100);
    if (m_process.canReadLine())
        return QString::fromUtf8(m_process.readLine()).trimmed();
    m_process.waitForFinished(100);
    QCoreApplication::processEvents(); // its last words
    *error = m_process.state() == QProcess::NotRunning
        ? (m_lastWords.isEmpty()
               ? QCoreApplication::translate("main", "vigil-gateway stopped (exit code %1)").arg(m_process.exitCode())
               : m_lastWords)
        : QCoreApplication::translate("main", "vigil-gateway did not listen within two minutes");
    stop();
    return {};
}

void DemoGateway::stop()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.terminate();
    if (!m_process.waitForFinished(2000)) {
        m_process.kill();
        m_process.waitForFinished(1000);
    }
}

} // namespace vigil
