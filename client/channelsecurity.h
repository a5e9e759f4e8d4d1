// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <memory>

class QCommandLineParser;

namespace grpc {
class ChannelArguments;
class ChannelCredentials;
} // namespace grpc

namespace vigil {

// How a client (the dashboard, the recorder) reaches a gateway: in the clear on this
// machine, or over TLS, optionally presenting a certificate of its own (mutual TLS).
struct ChannelSecurity
{
    bool tls = false; // with no `caFile`: the system's trusted roots
    QString caFile; // PEM: trust the gateway's certificate only if one of these signed it
    QString certificateChain; // PEM: this client's certificate, for a gateway that asks for one
    QString privateKey; // PEM
    QString serverName; // the name to check the gateway's certificate against, when not the address's host

    bool usesTls() const { return tls || !caFile.isEmpty() || !certificateChain.isEmpty(); }
};

// The credentials for a channel, reading the files now; `args` gets the name override. On a
// problem (a file unreadable or not PEM, a certificate without its key) returns nullptr and
// says why in `error`.
std::shared_ptr<grpc::ChannelCredentials> channelCredentials(const ChannelSecurity &security,
                                                             grpc::ChannelArguments &args, QString *error);

// --tls, --tls-ca, --tls-cert, --tls-key and --tls-server-name, for every client program alike.
void addChannelSecurityOptions(QCommandLineParser &parser);
// What those options say ($VIGIL_TLS_CA stands in for --tls-ca); an error when they contradict.
QString channelSecurityFromCommandLine(const QCommandLineParser &parser, ChannelSecurity &security);

} // namespace vigil
