// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
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
    };
    QString name;
    Role role = Role::Viewer;
};

// The gateway's operators file: one line per person,
//
//     # token                           name         role
//     6f1c0e2a9b7d4e55a3c8f0b1d2e3f4a5  a.nakamura   operator
//     0b9e7d6c5a4f3e2d1c0b9a8f7e6d5c4b  wallscreen   viewer
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
    QHash<QString, OperatorIdentity> m_byToken;
};

} // namespace vigil
