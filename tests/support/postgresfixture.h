// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QProcess>
#include <QString>
#include <QTemporaryDir>

namespace vigil::test {

// A real PostgreSQL on loopback for one test: a fresh cluster (initdb) in a
// temporary folder, run by an unprivileged user when the test runs as root (the
// server refuses root), stopped and removed with the object. `make test` installs
// Debian's postgresql-15.
class PostgresServer
{
public:
    PostgresServer() = default;
    ~PostgresServer();
    PostgresServer(const PostgresServer &) = delete;
    PostgresServer &operator=(const PostgresServer &) = delete;

    // Makes the cluster and starts it; why not, otherwise.
    QString start();
    // Stops it as an administrator would for a restart (fast shutdown: clients are cut off).
    QString stop();
    // Starts it again, on the same port with the same data.
    QString restart();
    bool isRunning() const { return m_server.state() != QProcess::NotRunning; }

    int port() const { return m_port; }
    // A libpq connection string for the database "vigil".
    QString conninfo() const;
    // Runs SQL through psql (as the test's superuser); its output, or an error in `error`.
    QString psql(const QString &sql, QString *error = nullptr) const;

private:
    QString run(const QString &program, const QStringList &arguments, int timeoutMs, QString *output = nullptr) const;
    QString launch();

    QTemporaryDir m_dir;
    QString m_bin; // the server's programs
    QString m_data;
    int m_port = 0;
    QProcess m_server;
};

} // namespace vigil::test
