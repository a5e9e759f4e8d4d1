// SPDX-License-Identifier: GPL-3.0-or-later
#include "noc/pgconnection.h"

#include <libpq-fe.h>
#include <poll.h>

#include <cerrno>

namespace vigil {

namespace {

// PostgreSQL's type oid for bytea (pg_type.dat): fixed since the first releases.
constexpr Oid ByteaOid = 17;

} // namespace

PgConnection::~PgConnection()
{
    close();
}

QString PgConnection::connect(const QString &conninfo, const QString &applicationName)
{
    close();
    const QByteArray info = conninfo.toUtf8();
    const QByteArray app = applicationName.toUtf8();
    // Earlier keywords are defaults: an expanded connection string overrides them. A
    // server that vanished without closing the connection is noticed in seconds, not
    // after TCP's quarter of an hour.
    const char *keywords[] = { "connect_timeout",  "tcp_user_timeout", "keepalives_idle", "keepalives_interval",
                               "keepalives_count", "application_name", "dbname",          nullptr };
    const char *values[] = { "3", "10000", "10", "5", "3", app.constData(), info.constData(), nullptr };
    m_conn = PQconnectdbParams(keywords, values, 1);
    if (!m_conn)
        return QStringLiteral("out of memory for a PostgreSQL connection");
    if (PQstatus(m_conn) != CONNECTION_OK) {
        const QString error = lastError();
        close();
        return error;
    }
    // The server's notices ("relation already exists, skipping") are not for the gateway's log.
    PQsetNoticeProcessor(
        m_conn, [](void *, const char *) {}, nullptr);
    return {};
}

void PgConnection::close()
{
    if (m_conn)
        PQfinish(m_conn);
    m_conn = nullptr;
}

bool PgConnection::isOpen() const
{
    return m_conn && PQstatus(m_conn) == CONNECTION_OK;
}

QString PgConnection::describe() const
{
    if (!m_conn)
        return {};
    return QStringLiteral("%1:%2/%3")
        .arg(QString::fromUtf8(PQhost(m_conn)), QString::fromUtf8(PQport(m_conn)), QString::fromUtf8(PQdb(m_conn)));
}

QString PgConnection::lastError() const
{
    if (!m_conn)
        return QStringLiteral("not connected");
    return QString::fromUtf8(PQerrorMessage(m_conn)).trimmed();
}

PgResult PgConnection::exec(const char *sql, const std::vector<QByteArray> &params, const std::vector<bool> &binary)
{
    PgResult out;
    if (!isOpen()) {
        out.error = m_conn ? lastError() : QStringLiteral("not connected");
        return out;
    }
    std::vector<const char *> values(params.size());
    std::vector<int> lengths(params.size()), formats(params.size());
    for (size_t i = 0; i < params.size(); ++i) {
        values[i] = params[i].constData(); // never SQL NULL: an empty key is an empty string
        lengths[i] = int(params[i].size());
        formats[i] = i < binary.size() && binary[i] ? 1 : 0;
    }
    PGresult *result
        = PQexecParams(m_conn, sql, int(params.size()), nullptr, values.data(), lengths.data(), formats.data(), 0);
    const ExecStatusType status = result ? PQresultStatus(result) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
        out.error = result ? QString::fromUtf8(PQresultErrorMessage(result)).trimmed() : lastError();
        if (out.error.isEmpty())
            out.error = lastError();
        PQclear(result);
        return out;
    }
    const int rows = PQntuples(result), columns = PQnfields(result);
    out.rows.reserve(size_t(rows));
    for (int r = 0; r < rows; ++r) {
        PgRow row(static_cast<size_t>(columns));
        for (int c = 0; c < columns; ++c) {
            if (PQgetisnull(result, r, c))
                continue;
            const char *text = PQgetvalue(result, r, c);
            if (PQftype(result, c) == ByteaOid) {
                size_t length = 0;
                unsigned char *bytes = PQunescapeBytea(reinterpret_cast<const unsigned char *>(text), &length);
                if (bytes) {
                    row[size_t(c)] = QByteArray(reinterpret_cast<const char *>(bytes), qsizetype(length));
                    PQfreemem(bytes);
                }
            } else {
                row[size_t(c)] = QByteArray(text, PQgetlength(result, r, c));
            }
        }
        out.rows.push_back(std::move(row));
    }
    PQclear(result);
    return out;
}

void PgConnection::takeQueuedNotifications(std::vector<PgNotification> &out)
{
    while (PGnotify *n = PQnotifies(m_conn)) {
        out.push_back({ QString::fromUtf8(n->relname), QString::fromUtf8(n->extra) });
        PQfreemem(n);
    }
}

QString PgConnection::waitForNotifications(int timeoutMs, std::vector<PgNotification> &out)
{
    if (!isOpen())
        return m_conn ? lastError() : QStringLiteral("not connected");
    // A server sends a notification that arrives during a query with the query's answer, and
    // libpq reads it off the socket then: polling the socket would not see it until more came.
    const size_t before = out.size();
    takeQueuedNotifications(out);
    if (out.size() > before)
        return {};
    pollfd fd { PQsocket(m_conn), POLLIN, 0 };
    const int ready = ::poll(&fd, 1, timeoutMs);
    if (ready < 0)
        return errno == EINTR
            ? QString()
            : QStringLiteral("cannot wait for PostgreSQL's notifications: %1").arg(qt_error_string(errno));
    if (ready == 0)
        return {};
    if (!PQconsumeInput(m_conn) || PQstatus(m_conn) != CONNECTION_OK)
        return lastError();
    takeQueuedNotifications(out);
    return {};
}

QString describeConninfo(const QString &conninfo)
{
    char *error = nullptr;
    PQconninfoOption *options = PQconninfoParse(conninfo.toUtf8().constData(), &error);
    if (!options) {
        QString why = error ? QString::fromUtf8(error).trimmed() : QStringLiteral("out of memory");
        PQfreemem(error);
        return QStringLiteral("(a connection string libpq cannot read: %1)").arg(why);
    }
    QString host, port, db;
    for (PQconninfoOption *o = options; o->keyword; ++o) {
        const QString value = o->val ? QString::fromUtf8(o->val) : QString();
        if (qstrcmp(o->keyword, "host") == 0)
            host = value;
        else if (qstrcmp(o->keyword, "port") == 0)
            port = value;
        else if (qstrcmp(o->keyword, "dbname") == 0)
            db = value;
    }
    PQconninfoFree(options);
    return QStringLiteral("%1:%2/%3")
        .arg(host.isEmpty() ? QStringLiteral("localhost") : host, port.isEmpty() ? QStringLiteral("5432") : port, db);
}

} // namespace vigil
