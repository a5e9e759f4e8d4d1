// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace vigil::test {

// A certificate authority of its own, made with the openssl command for one test run, and
// what it signed: a server certificate for 127.0.0.1 and localhost, and a client's.
struct TestPki
{
    QString caCertificate, caKey;
    QString serverCertificate, serverKey;
    QString clientCertificate, clientKey;
};

// Writes the files into `directory` under names starting with `prefix`; an error when the
// openssl command is missing or fails.
QString makeTestPki(const QString &directory, const QString &prefix, TestPki &pki);

} // namespace vigil::test
