// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <vector>

struct pg_conn;

namespace vigil {

// One row of a query's answer, each column as PostgreSQL's text form (a bytea
// column already decoded to its bytes).
using PgRow = std::vector<QByteArray>;

struct PgResult
{
    QString error; // empty: it ran
    std::vector<PgRow> rows;
    bool ok() const { return error.isEmpty(); }
};

// A NOTIFY that arrived: its channel and payload.
struct PgNotification
{
    QString channel;
    QString payload;
};

// One libpq connection, used by one thread at a time (libpq's rule): statements
// with parameters, and the notifications a LISTEN brings.
class PgConnection
{
public:
    PgConnection() = default;
    ~PgConnection();
    PgConnection(const PgConnection &) = delete;
    PgConnection &operator=(const PgConnection &) = delete;

    // Connects to a libpq connection string or postgresql:// URI; what the string
    // itself says wins over the defaults given here (timeouts, application name).
    QString connect(const QString &conninfo, const QString &applicationName);
    void close();
    // Connected, and the connection has not broken since.
    bool isOpen() const;
    // "host:port/database", for status lines (never the password).
    QString describe() const;

    // Runs one statement. Parameters are text, except those marked binary (bytea);
    // columns whose type is bytea come back decoded.
    PgResult exec(const char *sql, const std::vector<QByteArray> &params = {}, const std::vector<bool> &binary = {});
    PgResult exec(const QByteArray &sql, const std::vector<QByteArray> &params = {},
                  const std::vector<bool> &binary = {})
    {
        return exec(sql.constData(), params, binary);
    }
    // Waits up to `timeoutMs` for notifications and adds them to `out`; an error when the
    // connection broke. A notification that came in with the answer to a query is kept by
    // libpq, not left on the socket: it is returned at once, without waiting.
    QString waitForNotifications(int timeoutMs, std::vector<PgNotification> &out);

private:
    QString lastError() const;
    void takeQueuedNotifications(std::vector<PgNotification> &out);

    pg_conn *m_conn = nullptr;
};

// "host:port/database" of a connection string, without connecting (for messages).
QString describeConninfo(const QString &conninfo);

} // namespace vigil
