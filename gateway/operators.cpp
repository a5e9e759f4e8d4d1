// SPDX-License-Identifier: GPL-3.0-or-later
#include "gateway/operators.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace vigil {

QString OperatorRegistry::load(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return QStringLiteral("%1: %2").arg(path, file.errorString());
    if (file.size() > 4 << 20)
        return QStringLiteral("%1: larger than 4 MB; not an operators file").arg(path);
    return parse(QString::fromUtf8(file.readAll()), QFileInfo(path).fileName());
}

QString OperatorRegistry::parse(const QString &text, const QString &source)
{
    QHash<QByteArray, OperatorIdentity> byToken;
    static const QRegularExpression spaces(QStringLiteral("\\s+"));
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (int n = 0; n < lines.size(); ++n) {
        const QString line = lines[n].section(QLatin1Char('#'), 0, 0).trimmed();
        if (line.isEmpty())
            continue;
        const auto where
            = [&](const QString &what) { return QStringLiteral("%1:%2: %3").arg(source).arg(n + 1).arg(what); };
        const QStringList fields = line.split(spaces);
        if (fields.size() != 3 && fields.size() != 4)
            return where(QStringLiteral("expected “token name role” (and an agent's hosts), found %1 field(s)")
                             .arg(fields.size()));
        const QString &token = fields[0];
        if (token.size() < MinTokenLength)
            return where(QStringLiteral("a token must be at least %1 characters").arg(MinTokenLength));
        const QByteArray digest = digestOf(token);
        if (byToken.contains(digest))
            return where(QStringLiteral("this token is already given to %1").arg(byToken[digest].name));
        OperatorIdentity who;
        who.name = fields[1];
        if (who.name.size() > 64)
            return where(QStringLiteral("a name is at most 64 characters"));
        const QString role = fields[2].toLower();
        if (role == QLatin1String("operator"))
            who.role = OperatorIdentity::Role::Operator;
        else if (role == QLatin1String("viewer"))
            who.role = OperatorIdentity::Role::Viewer;
        else if (role == QLatin1String("agent"))
            who.role = OperatorIdentity::Role::Agent;
        else
            return where(QStringLiteral("unknown role “%1”: viewer, operator or agent").arg(fields[2]));
        if (who.role == OperatorIdentity::Role::Agent) {
            // An agent names the hosts it speaks for, so a stolen collector token
            // cannot raise alarms on the whole floor.
            if (fields.size() != 4)
                return where(QStringLiteral("an agent's line ends with the hosts it publishes for (a,b,c or *)"));
            if (fields[3] == QLatin1String("*"))
                who.anyHost = true;
            else
                for (const QString &host : fields[3].split(QLatin1Char(','), Qt::SkipEmptyParts))
                    who.hosts.insert(host);
            if (!who.anyHost && who.hosts.isEmpty())
                return where(QStringLiteral("an agent with no hosts"));
        } else if (fields.size() == 4) {
            return where(QStringLiteral("only an agent's line names hosts"));
        }
        byToken.insert(digest, who);
    }
    if (byToken.isEmpty())
        return QStringLiteral("%1: names nobody").arg(source);
    m_byToken = std::move(byToken);
    return {};
}

std::optional<OperatorIdentity> OperatorRegistry::byToken(const QString &token) const
{
    if (token.isEmpty())
        return std::nullopt;
    const auto it = m_byToken.constFind(digestOf(token));
    return it == m_byToken.constEnd() ? std::nullopt : std::optional<OperatorIdentity>(*it);
}

QByteArray OperatorRegistry::digestOf(const QString &token)
{
    return QCryptographicHash::hash(token.toUtf8(), QCryptographicHash::Sha256);
}

QString OperatorRegistry::tokenFromHeader(const QString &header)
{
    const QString trimmed = header.trimmed();
    if (!trimmed.startsWith(QLatin1String("Bearer "), Qt::CaseInsensitive))
        return {};
    return trimmed.mid(7).trimmed();
}

} // namespace vigil
