// SPDX-License-Identifier: GPL-3.0-or-later
#include "testpki.h"

#include <QFile>
#include <QProcess>
#include <QStringList>

namespace vigil::test {

namespace {

QString openssl(const QStringList &arguments)
{
    QProcess process;
    process.start(QStringLiteral("openssl"), arguments);
    if (!process.waitForFinished(30000))
        return QStringLiteral("openssl %1: %2").arg(arguments.first(), process.errorString());
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        return QStringLiteral("openssl %1: %2")
            .arg(arguments.join(u' '), QString::fromLocal8Bit(process.readAllStandardError()));
    return {};
}

// A P-256 key and a certificate signing request for `subject`.
QString newKeyAndRequest(const QString &key, const QString &request, const QString &subject)
{
    return openssl({ QStringLiteral("req"), QStringLiteral("-newkey"), QStringLiteral("ec"), QStringLiteral("-pkeyopt"),
                     QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes"),
                     QStringLiteral("-keyout"), key, QStringLiteral("-out"), request, QStringLiteral("-subj"),
                     subject });
}

QString sign(const TestPki &pki, const QString &request, const QString &certificate, const QString &extensions)
{
    QFile file(request + QStringLiteral(".ext"));
    if (!file.open(QIODevice::WriteOnly))
        return file.errorString();
    file.write(extensions.toUtf8());
    file.close();
    return openssl({ QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"), request,
                     QStringLiteral("-CA"), pki.caCertificate, QStringLiteral("-CAkey"), pki.caKey,
                     QStringLiteral("-CAcreateserial"), QStringLiteral("-days"), QStringLiteral("2"),
                     QStringLiteral("-out"), certificate, QStringLiteral("-extfile"), file.fileName() });
}

} // namespace

QString makeTestPki(const QString &directory, const QString &prefix, TestPki &pki)
{
    const QString base = directory + u'/' + prefix;
    pki.caCertificate = base + QStringLiteral("-ca.crt");
    pki.caKey = base + QStringLiteral("-ca.key");
    pki.serverCertificate = base + QStringLiteral("-server.crt");
    pki.serverKey = base + QStringLiteral("-server.key");
    pki.clientCertificate = base + QStringLiteral("-client.crt");
    pki.clientKey = base + QStringLiteral("-client.key");
    if (QString error
        = openssl({ QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), QStringLiteral("ec"),
                    QStringLiteral("-pkeyopt"), QStringLiteral("ec_paramgen_curve:prime256v1"),
                    QStringLiteral("-nodes"), QStringLiteral("-keyout"), pki.caKey, QStringLiteral("-out"),
                    pki.caCertificate, QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-subj"),
                    QStringLiteral("/CN=Vigil test authority %1").arg(prefix) });
        !error.isEmpty())
        return error;
    const QString serverRequest = base + QStringLiteral("-server.csr");
    if (QString error = newKeyAndRequest(pki.serverKey, serverRequest, QStringLiteral("/CN=localhost"));
        !error.isEmpty())
        return error;
    if (QString error
        = sign(pki, serverRequest, pki.serverCertificate,
               QStringLiteral("subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n"));
        !error.isEmpty())
        return error;
    const QString clientRequest = base + QStringLiteral("-client.csr");
    if (QString error = newKeyAndRequest(pki.clientKey, clientRequest, QStringLiteral("/CN=wallscreen"));
        !error.isEmpty())
        return error;
    return sign(pki, clientRequest, pki.clientCertificate, QStringLiteral("extendedKeyUsage=clientAuth\n"));
}

} // namespace vigil::test
