// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineParser>
#include <QProcess>
#include <QString>

namespace vigil {

// `vigil --demo`: the real vigil-gateway, started beside the window as a child process
// (`vigil-gateway --demo --print-address` with the simulation options given), so that the
// dashboard carries no gRPC server of its own. The gateway goes when the window does, and
// also when the dashboard dies (the kernel's parent-death signal).
class DemoGateway
{
public:
    DemoGateway();
    ~DemoGateway();

    // Starts the gateway and waits until it listens; returns the address it serves on, or an
    // empty string with `error` set (the gateway's own words when it said why).
    QString start(const QCommandLineParser &parser, QString *error);
    void stop();
    qint64 processId() const { return m_process.processId(); }

    // The gateway's program: beside this one, else on the PATH.
    static QString program();

private:
    QProcess m_process;
    QString m_lastWords; // the gateway's last line on standard error
};

} // namespace vigil
