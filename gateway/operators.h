// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QHash>
#include <QSet>
#include <QString>

#include <optional>

namespace vigil {

// Who is on the other end of a connection, from the bearer token it presents.
struct OperatorIdentity
{
    enum class Role
    {
        Viewer, // sees everything, changes nothing
        Operator, // acknowledges, shelves, assigns, escalates, takes notes
        Agent, // a collector: publishes readings and events, for its own hosts only
    };
    QString name;
    Role role = Role::Viewer;
    // An agent's hosts (empty with anyHost: every host).
    QSet<QString> hosts;
    bool anyHost = false;

    bool mayPublishFor(const QString &hostname) const
    {
        return role == Role::Agent && (anyHost || hosts.contains(hostname));
    }
};

// The gateway's operators file: one line per person or agent,
//
//     # token                           name         role      hosts (agents only)
//     6f1c0e2a9b7d4e55a3c8f0b1d2e3f4a5  a.nakamura   operator
//     0b9e7d6c5a4f3e2d1c0b9a8f7e6d5c4b  wallscreen   viewer
//     5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b  dcgm-pod-a   agent     a01r01n1,a01r01n2
//     9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d  site-relay   agent     *
//
// Tokens are at least 16 characters; blank lines and # comments are ignored.
class OperatorRegistry
{
public:
    static constexpr int MinTokenLength = 16;

    // Reads the file; on a problem returns an error naming the file and the line, and keeps nothing.
    QString load(const QString &path);
    // Parses the text of such a file (`source` names it in errors).
    QString parse(const QString &text, const QString &source);

    bool isEmpty() const { return m_byToken.isEmpty(); }
    int size() const { return int(m_byToken.size()); }
    std::optional<OperatorIdentity> byToken(const QString &token) const;
    // The token out of an "authorization" header value ("Bearer <token>"); empty when it is not one.
    static QString tokenFromHeader(const QString &header);

private:
    // Keyed by the token's SHA-256, not the token: a look-up's time then says nothing about
    // how much of a guessed token was right, and the tokens are not kept in memory.
    static QByteArray digestOf(const QString &token);
    QHash<QByteArray, OperatorIdentity> m_byToken;
};

} // namespace vigil
