// SPDX-License-Identifier: GPL-3.0-or-later
#include "sources/logtail.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>

#include <sys/stat.h>

#include <algorithm>

namespace vigil {

LogTail::LogTail(QString location, QString positionsDirectory)
    : m_location(std::move(location))
    , m_directory(std::move(positionsDirectory))
{ }

QString LogTail::positionPath() const
{
    if (m_directory.isEmpty())
        return {};
    const QByteArray key
        = QCryptographicHash::hash(QFileInfo(m_location).absoluteFilePath().toUtf8(), QCryptographicHash::Sha1)
              .toHex()
              .left(16);
    return QDir(m_directory).filePath(QStringLiteral("position-%1.json").arg(QLatin1String(key)));
}

QJsonObject LogTail::saved() const
{
    const QString path = positionPath();
    QFile file(path);
    if (path.isEmpty() || !file.open(QIODevice::ReadOnly))
        return {}; // never read before
    return QJsonDocument::fromJson(file.read(1 << 20)).object();
}

qint64 LogTail::resume()
{
    const QJsonObject position = saved();
    if (position.isEmpty())
        return 0;
    struct stat st
    {
    };
    const QByteArray local = QFile::encodeName(m_location);
    if (::stat(local.constData(), &st) != 0)
        return 0;
    const uint64_t inode = uint64_t(position.value(QLatin1String("inode")).toDouble(-1));
    const qint64 offset = qint64(position.value(QLatin1String("offset")).toDouble(-1));
    const QByteArray tail = QByteArray::fromHex(position.value(QLatin1String("tail")).toString().toLatin1());
    // Anything else was rotated or truncated while we were away, and is read from its start.
    QFile log(m_location);
    const bool sameBytes
        = log.open(QIODevice::ReadOnly) && log.seek(offset - tail.size()) && log.read(tail.size()) == tail;
    if (inode != uint64_t(st.st_ino) || offset < 0 || offset > qint64(st.st_size) || !sameBytes)
        return 0;
    m_inode = inode;
    m_offset = offset;
    return offset;
}

QByteArray LogTail::readMore(QString *error)
{
    QFile file(m_location);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read: %1").arg(file.errorString());
        return {};
    }
    struct stat st
    {
    };
    if (::fstat(file.handle(), &st) == 0) {
        if (m_inode != 0 && uint64_t(st.st_ino) != m_inode)
            m_offset = 0;
        m_inode = uint64_t(st.st_ino);
    }
    if (file.size() < m_offset)
        m_offset = 0;
    if (!file.seek(m_offset))
        return {};
    QByteArray chunk = file.read(std::min<qint64>(file.size() - m_offset, qint64(16) << 20));
    m_offset += chunk.size();
    return chunk;
}

QString LogTail::keepAfter(const QByteArray &chunk, qsizetype pending)
{
    // With the last bytes before that point, to tell this file from one truncated and rewritten.
    const qsizetype end = chunk.size() - pending;
    const qsizetype tail = std::min<qsizetype>(256, std::max<qsizetype>(end, 0)); // more than a line
    return keep({ { QStringLiteral("inode"), double(m_inode) },
                  { QStringLiteral("offset"), double(m_offset - pending) },
                  { QStringLiteral("tail"), QString::fromLatin1(chunk.mid(end - tail, tail).toHex()) } });
}

QString LogTail::keep(QJsonObject position)
{
    const QString path = positionPath();
    if (path.isEmpty())
        return {};
    position.insert(QStringLiteral("location"), m_location);
    QDir().mkpath(m_directory);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(position).toJson(QJsonDocument::Compact)) < 0
        || !file.commit())
        return QStringLiteral("cannot keep the read position in %1: %2").arg(path, file.errorString());
    return {};
}

} // namespace vigil
