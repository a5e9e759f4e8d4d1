// SPDX-License-Identifier: GPL-3.0-or-later
#include "client/channelsecurity.h"

#include <grpcpp/security/credentials.h>
#include <grpcpp/support/channel_arguments.h>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>

namespace vigil {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(vigil::ChannelSecurity)
};

// A PEM file's text; empty with `error` set when it cannot be read or is not PEM.
std::string readPem(const QString &path, const QString &what, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = Tr::tr("%1 %2: %3").arg(what, path, file.errorString());
        return {};
    }
    const QByteArray pem = file.read(4 << 20);
    if (!pem.contains("-----BEGIN ")) {
        *error = Tr::tr("%1 %2: not a PEM file").arg(what, path);
        return {};
    }
    return pem.toStdString();
}

} // namespace

std::shared_ptr<grpc::ChannelCredentials> channelCredentials(const ChannelSecurity &security,
                                                             grpc::ChannelArguments &args, QString *error)
{
    if (!security.usesTls())
        return grpc::InsecureChannelCredentials();
    if (security.certificateChain.isEmpty() != security.privateKey.isEmpty()) {
        *error = Tr::tr("a client certificate needs its private key, and a key its certificate (--tls-cert and "
                        "--tls-key)");
        return nullptr;
    }
    grpc::SslCredentialsOptions ssl;
    if (!security.caFile.isEmpty()) {
        ssl.pem_root_certs = readPem(security.caFile, Tr::tr("CA certificate"), error);
        if (ssl.pem_root_certs.empty())
            return nullptr;
    }
    if (!security.certificateChain.isEmpty()) {
        ssl.pem_cert_chain = readPem(security.certificateChain, Tr::tr("client certificate"), error);
        if (ssl.pem_cert_chain.empty())
            return nullptr;
        ssl.pem_private_key = readPem(security.privateKey, Tr::tr("client key"), error);
        if (ssl.pem_private_key.empty())
            return nullptr;
    }
    if (!security.serverName.isEmpty())
        args.SetSslTargetNameOverride(security.serverName.toStdString());
    return grpc::SslCredentials(ssl);
}

void addChannelSecurityOptions(QCommandLineParser &parser)
{
    parser.addOption({ QStringLiteral("tls"),
                       Tr::tr("Reach the gateway over TLS, trusting the system's certificate authorities.") });
    parser.addOption({ QStringLiteral("tls-ca"),
                       Tr::tr("Reach the gateway over TLS, trusting only certificates these authorities (PEM) "
                              "signed (default: $VIGIL_TLS_CA)."),
                       QStringLiteral("file") });
    parser.addOption({ QStringLiteral("tls-cert"),
                       Tr::tr("This client's certificate (PEM), for a gateway that asks for one (mutual TLS)."),
                       QStringLiteral("file") });
    parser.addOption(
        { QStringLiteral("tls-key"), Tr::tr("The private key (PEM) of --tls-cert."), QStringLiteral("file") });
    parser.addOption({ QStringLiteral("tls-server-name"),
                       Tr::tr("The name the gateway's certificate must carry, when it is not the host in the "
                              "address."),
                       QStringLiteral("name") });
}

QString channelSecurityFromCommandLine(const QCommandLineParser &parser, ChannelSecurity &security)
{
    security.tls = parser.isSet(QStringLiteral("tls"));
    security.caFile = parser.isSet(QStringLiteral("tls-ca")) ? parser.value(QStringLiteral("tls-ca"))
                                                             : qEnvironmentVariable("VIGIL_TLS_CA");
    security.certificateChain = parser.value(QStringLiteral("tls-cert"));
    security.privateKey = parser.value(QStringLiteral("tls-key"));
    security.serverName = parser.value(QStringLiteral("tls-server-name"));
    if (security.certificateChain.isEmpty() != security.privateKey.isEmpty())
        return Tr::tr("--tls-cert and --tls-key go together");
    if (!security.serverName.isEmpty() && !security.usesTls())
        return Tr::tr("--tls-server-name is for TLS: add --tls or --tls-ca");
    return {};
}

} // namespace vigil
