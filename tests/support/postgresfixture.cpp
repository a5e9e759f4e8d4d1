// SPDX-License-Identifier: GPL-3.0-or-later
#include "postgresfixture.h"

#include "httpfixture.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QThread>

#include <csignal>
#include <unistd.h>

namespace vigil::test {

namespace {

// The unprivileged account the server runs as when the test is root: Debian's
// postgres user (made by postgresql-common), else nobody.
QString serverAccount()
{
    if (::geteuid() != 0)
        return {};
    QProcess id;
    id.start(QStringLiteral("id"), { QStringLiteral("-u"), QStringLiteral("postgres") });
    id.waitForFinished(5000);
    return id.exitCode() == 0 ? QStringLiteral("postgres") : QStringLiteral("nobody");
}

QString serverBin()
{
    for (const QString &dir :
         { QStringLiteral("/usr/lib/postgresql/15/bin"), QStringLiteral("/usr/lib/postgresql/16/bin") })
        if (QFileInfo::exists(dir + QStringLiteral("/initdb")))
            return dir;
    const QString initdb = QStandardPaths::findExecutable(QStringLiteral("initdb"));
    return initdb.isEmpty() ? QString() : QFileInfo(initdb).canonicalFilePath().section(QLatin1Char('/'), 0, -2);
}

} // namespace

PostgresServer::~PostgresServer()
{
    stop();
}

QString PostgresServer::run(const QString &program, const QStringList &arguments, int timeoutMs, QString *output) const
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    const QString account = serverAccount();
    if (account.isEmpty()) {
        p.start(program, arguments);
    } else {
        QStringList asUser { QStringLiteral("--reuid=") + account, QStringLiteral("--regid=") + account,
                             QStringLiteral("--clear-groups"), program };
        p.start(QStringLiteral("setpriv"), asUser + arguments);
    }
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(2000);
        return QStringLiteral("%1 did not finish").arg(QFileInfo(program).fileName());
    }
    const QString said = QString::fromUtf8(p.readAll());
    if (output)
        *output = said;
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return QStringLiteral("%1 failed: %2").arg(QFileInfo(program).fileName(), said.trimmed());
    return {};
}

QString PostgresServer::start()
{
    m_bin = serverBin();
    if (m_bin.isEmpty())
        return QStringLiteral("PostgreSQL's initdb is not installed (make test installs postgresql-15)");
    if (!m_dir.isValid())
        return QStringLiteral("no temporary folder");
    m_data = m_dir.filePath(QStringLiteral("data"));
    QDir().mkpath(m_data);
    const QString account = serverAccount();
    if (!account.isEmpty()) {
        // The server's user must reach its folder and own its data.
        QFile::setPermissions(m_dir.path(),
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                                  | QFileDevice::ReadOther | QFileDevice::ExeOther | QFileDevice::ReadGroup
                                  | QFileDevice::ExeGroup);
        QProcess::execute(QStringLiteral("chown"), { account + QLatin1Char(':') + account, m_data });
    }
    if (QString error = run(m_bin + QStringLiteral("/initdb"),
                            { QStringLiteral("-D"), m_data, QStringLiteral("-U"), QStringLiteral("vigil"),
                              QStringLiteral("--auth=trust"), QStringLiteral("-E"), QStringLiteral("UTF8"),
                              QStringLiteral("--locale=C"), QStringLiteral("--no-sync") },
                            120000);
        !error.isEmpty())
        return error;
    m_port = freeLoopbackPort();
    if (QString error = launch(); !error.isEmpty())
        return error;
    QString error;
    psql(QStringLiteral("CREATE DATABASE vigil"), &error);
    return error;
}

QString PostgresServer::launch()
{
    const QStringList arguments { QStringLiteral("-D"), m_data,
                                  QStringLiteral("-p"), QString::number(m_port),
                                  QStringLiteral("-k"), m_data,
                                  QStringLiteral("-c"), QStringLiteral("listen_addresses=127.0.0.1"),
                                  QStringLiteral("-c"), QStringLiteral("fsync=off") };
    m_server.setProcessChannelMode(QProcess::MergedChannels);
    const QString account = serverAccount();
    if (account.isEmpty())
        m_server.start(m_bin + QStringLiteral("/postgres"), arguments);
    else // setpriv execs the server: the process we hold is the postmaster itself
        m_server.start(QStringLiteral("setpriv"),
                       QStringList { QStringLiteral("--reuid=") + account, QStringLiteral("--regid=") + account,
                                     QStringLiteral("--clear-groups"), m_bin + QStringLiteral("/postgres") }
                           + arguments);
    if (!m_server.waitForStarted(10000))
        return QStringLiteral("postgres did not start: %1").arg(m_server.errorString());
    for (int i = 0; i < 300; ++i) {
        if (m_server.state() == QProcess::NotRunning)
            return QStringLiteral("postgres stopped: %1").arg(QString::fromUtf8(m_server.readAll()).trimmed());
        QProcess ready;
        ready.start(m_bin + QStringLiteral("/pg_isready"),
                    { QStringLiteral("-h"), QStringLiteral("127.0.0.1"), QStringLiteral("-p"), QString::number(m_port),
                      QStringLiteral("-q") });
        ready.waitForFinished(5000);
        if (ready.exitCode() == 0)
            return {};
        QThread::msleep(100);
    }
    return QStringLiteral("postgres never became ready: %1").arg(QString::fromUtf8(m_server.readAll()).trimmed());
}

QString PostgresServer::stop()
{
    if (m_server.state() == QProcess::NotRunning)
        return {};
    ::kill(pid_t(m_server.processId()), SIGINT); // fast shutdown: clients are cut off at once
    if (!m_server.waitForFinished(30000)) {
        m_server.kill();
        m_server.waitForFinished(5000);
        return QStringLiteral("postgres did not stop in 30 s");
    }
    return {};
}

QString PostgresServer::restart()
{
    if (QString error = stop(); !error.isEmpty())
        return error;
    return launch();
}

QString PostgresServer::conninfo() const
{
    return QStringLiteral("host=127.0.0.1 port=%1 dbname=vigil user=vigil").arg(m_port);
}

QString PostgresServer::psql(const QString &sql, QString *error) const
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(m_bin + QStringLiteral("/psql"),
            { QStringLiteral("-h"), QStringLiteral("127.0.0.1"), QStringLiteral("-p"), QString::number(m_port),
              QStringLiteral("-U"), QStringLiteral("vigil"), QStringLiteral("-d"),
              sql.startsWith(QLatin1String("CREATE DATABASE")) ? QStringLiteral("postgres") : QStringLiteral("vigil"),
              QStringLiteral("-At"), QStringLiteral("-v"), QStringLiteral("ON_ERROR_STOP=1"), QStringLiteral("-c"),
              sql });
    const bool finished = p.waitForFinished(30000);
    const QString out = QString::fromUtf8(p.readAll()).trimmed();
    if (error)
        *error = !finished || p.exitCode() != 0 ? QStringLiteral("psql: %1").arg(out) : QString();
    return out;
}

} // namespace vigil::test
