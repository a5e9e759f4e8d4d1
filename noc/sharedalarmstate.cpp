// SPDX-License-Identifier: GPL-3.0-or-later
#include "noc/sharedalarmstate.h"

#include "domain/alarmbook.h"
#include "domain/codec.h"

#include <QDateTime>
#include <QUuid>

#include <algorithm>
#include <thread>

namespace vigil {

namespace {

// The tables, made by the first gateway that finds them missing. An advisory lock
// keeps two gateways starting together from racing on CREATE.
constexpr const char *SchemaLock = "SELECT pg_advisory_xact_lock(7061626765)";
constexpr const char *Schema[] = {
    "CREATE TABLE IF NOT EXISTS vigil_state_clock ("
    " singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),"
    " version bigint NOT NULL)",
    "INSERT INTO vigil_state_clock (singleton, version) VALUES (true, 0) ON CONFLICT DO NOTHING",
    "CREATE TABLE IF NOT EXISTS vigil_alarms ("
    " alarm_key text PRIMARY KEY,"
    " version bigint NOT NULL,"
    " alarm bytea NOT NULL," // vigil.v1.Alarm as it stood after its latest action
    " updated_by text NOT NULL,"
    " updated_at timestamptz NOT NULL DEFAULT now())",
    "CREATE TABLE IF NOT EXISTS vigil_alarm_actions ("
    " version bigint PRIMARY KEY,"
    " origin text NOT NULL UNIQUE," // the taking gateway's instance and event id
    " gateway text NOT NULL,"
    " instance text NOT NULL,"
    " alarm_key text NOT NULL,"
    " action bytea NOT NULL," // vigil.v1.Event
    " committed_at timestamptz NOT NULL DEFAULT now())",
    // Who, what they wrote and (a bookmark) the instant it marks, readable in SQL; the action
    // itself stays the record. Added to tables made before them, empty for their older rows.
    "ALTER TABLE vigil_alarm_actions ADD COLUMN IF NOT EXISTS operator_name text",
    "ALTER TABLE vigil_alarm_actions ADD COLUMN IF NOT EXISTS comment text",
    "ALTER TABLE vigil_alarm_actions ADD COLUMN IF NOT EXISTS about timestamptz",
    // GetBookmarks reads a span of them on the writer's connection: by index, not by the
    // whole audit trail.
    // The alarm as the action left it in the shared state (vigil.v1.Alarm): what every gateway settles on.
    "ALTER TABLE vigil_alarm_actions ADD COLUMN IF NOT EXISTS alarm_after bytea",
    "CREATE INDEX IF NOT EXISTS vigil_alarm_actions_about ON vigil_alarm_actions (about) WHERE about IS NOT NULL",
    ("CREATE OR REPLACE VIEW vigil_bookmarks AS SELECT version, about, comment AS note, operator_name, gateway,"
     " committed_at FROM vigil_alarm_actions WHERE about IS NOT NULL"),
};

constexpr int64_t ResyncBatch = 5000;
// A commit waits this long for a row another transaction holds (a hung client, a long
// migration), and any statement this long for its answer; then the action waits in the
// outbox and the operator is told, well within the dashboard's 8 s deadline.
constexpr const char *LockTimeout = "SET lock_timeout = '2s'";
constexpr const char *StatementTimeout = "SET statement_timeout = '5s'";
constexpr const char *ActionColumns = "version, gateway, instance, alarm_key, action, alarm_after";

QByteArray number(int64_t v)
{
    return QByteArray::number(qlonglong(v));
}

// A text parameter ends at its first NUL byte, which PostgreSQL's text cannot hold: one
// inside a comment is shown as a space (the action itself keeps every byte).
QByteArray readableText(const std::string &s)
{
    return QByteArray::fromStdString(s).replace('\0', ' ');
}

// An alarm a bytea column holds (vigil.v1.Alarm); none when the column is NULL or garbled.
std::optional<v1::Alarm> alarmFrom(const QByteArray &bytes)
{
    v1::Alarm alarm;
    if (bytes.isEmpty() || !alarm.ParseFromArray(bytes.constData(), int(bytes.size())))
        return std::nullopt;
    return alarm;
}

bool parseAction(const PgRow &row, SharedAction &out)
{
    if (row.size() < 5)
        return false;
    out.version = row[0].toLongLong();
    out.gateway = QString::fromUtf8(row[1]);
    out.instance = QString::fromUtf8(row[2]);
    out.alarmKey = QString::fromUtf8(row[3]);
    if (row.size() > 5)
        out.settled = alarmFrom(row[5]);
    return out.action.ParseFromArray(row[4].constData(), int(row[4].size()));
}

// The actions a query answered (rows of version, gateway, instance, alarm_key, action), a
// garbled one skipped; or the query's error.
QString takeActions(const PgResult &r, std::vector<SharedAction> &out)
{
    if (!r.ok())
        return r.error;
    for (const PgRow &row : r.rows) {
        SharedAction a;
        if (parseAction(row, a))
            out.push_back(std::move(a));
    }
    return {};
}

} // namespace

SharedAlarmState::SharedAlarmState(QString conninfo, QString gatewayName)
    : m_conninfo(std::move(conninfo))
    , m_gateway(std::move(gatewayName))
    , m_instance(QUuid::createUuid().toString(QUuid::WithoutBraces))
    , m_session(m_instance)
{ }

void SharedAlarmState::requeue(std::vector<SharedOutgoing> waiting)
{
    std::lock_guard lock(m_writeMutex);
    for (SharedOutgoing &o : waiting)
        m_outbox.push_back(std::move(o));
    std::lock_guard statusLock(m_statusMutex);
    m_status.pending = m_outbox.size();
}

void SharedAlarmState::resumeAs(const QString &instance, int64_t appliedVersion)
{
    if (!instance.isEmpty())
        m_instance = instance;
    m_resumed = true;
    std::lock_guard statusLock(m_statusMutex);
    m_status.version = appliedVersion;
}

SharedAlarmState::~SharedAlarmState()
{
    stop();
}

QString SharedAlarmState::describe() const
{
    return QStringLiteral("shared state PostgreSQL %1").arg(describeConninfo(m_conninfo));
}

QString SharedAlarmState::open(std::vector<v1::Alarm> *saved)
{
    std::lock_guard lock(m_writeMutex);
    if (QString error = ensureWriter(); !error.isEmpty())
        return QStringLiteral("%1: %2").arg(describeConninfo(m_conninfo), error);
    auto fail = [this](const QString &what, const QString &error) {
        m_writer.exec("ROLLBACK");
        return QStringLiteral("%1: %2: %3").arg(describeConninfo(m_conninfo), what, error);
    };
    if (PgResult r = m_writer.exec("BEGIN"); !r.ok())
        return fail(QStringLiteral("cannot begin"), r.error);
    if (PgResult r = m_writer.exec(SchemaLock); !r.ok())
        return fail(QStringLiteral("cannot lock the schema"), r.error);
    for (const char *statement : Schema)
        if (PgResult r = m_writer.exec(statement); !r.ok())
            return fail(QStringLiteral("cannot make the tables"), r.error);
    if (PgResult r = m_writer.exec("COMMIT"); !r.ok())
        return fail(QStringLiteral("cannot make the tables"), r.error);

    const PgResult clock = m_writer.exec("SELECT version FROM vigil_state_clock");
    if (!clock.ok() || clock.rows.empty())
        return fail(QStringLiteral("cannot read the state's version"), clock.error);
    if (!m_resumed) {
        std::lock_guard statusLock(m_statusMutex);
        m_status.version = clock.rows.front()[0].toLongLong(); // what came before is in the alarms below
    }
    if (saved) {
        const PgResult alarms = m_writer.exec("SELECT alarm FROM vigil_alarms ORDER BY version");
        if (!alarms.ok())
            return fail(QStringLiteral("cannot read the alarms"), alarms.error);
        for (const PgRow &row : alarms.rows) {
            v1::Alarm a;
            if (a.ParseFromArray(row[0].constData(), int(row[0].size())))
                saved->push_back(std::move(a));
        }
    }
    return {};
}

void SharedAlarmState::start(Receiver receiver)
{
    m_receiver = std::move(receiver);
    m_listener.start([this](std::stop_token stop) { listen(stop); });
}

void SharedAlarmState::stop()
{
    m_listener.stop();
}

QString SharedAlarmState::ensureWriter()
{
    if (m_writer.isOpen())
        return {};
    if (QString error = m_writer.connect(m_conninfo, QStringLiteral("vigil-gateway %1").arg(m_gateway));
        !error.isEmpty())
        return error;
    for (const char *setting : { LockTimeout, StatementTimeout })
        if (PgResult r = m_writer.exec(setting); !r.ok()) {
            m_writer.close();
            return r.error;
        }
    return {};
}

SharedCommit SharedAlarmState::publish(const v1::Event &action, const QString &alarmKey,
                                       const std::optional<v1::Alarm> &before)
{
    return publishAll({ SharedOutgoing { {}, action, alarmKey, before } }).front();
}

std::vector<SharedCommit> SharedAlarmState::publishAll(std::vector<SharedOutgoing> actions)
{
    std::lock_guard lock(m_writeMutex);
    for (Outgoing &o : actions)
        o.origin = QStringLiteral("%1/%2").arg(m_session).arg(++m_published);
    std::vector<SharedCommit> results;
    // Older actions waiting go first: the shared state sees them in the order they were taken.
    if (QString error = flushOutbox(); !error.isEmpty())
        results.assign(actions.size(), SharedCommit { {}, error });
    else
        results = commitRetrying(actions);
    if (!results.empty() && !results.front().error.isEmpty())
        noteError(results.front().error);
    std::lock_guard statusLock(m_statusMutex);
    for (size_t i = 0; i < actions.size(); ++i) {
        results[i].origin = actions[i].origin;
        if (!results[i].error.isEmpty())
            m_outbox.push_back(std::move(actions[i]));
        else if (results[i].committed())
            ++m_status.published;
    }
    m_status.pending = m_outbox.size();
    return results;
}

std::vector<SharedCommit> SharedAlarmState::commitRetrying(const std::vector<Outgoing> &batch)
{
    const bool wasOpen = m_writer.isOpen();
    std::vector<SharedCommit> results = commit(batch);
    if (!results.front().error.isEmpty() && wasOpen && !m_writer.isOpen()) {
        // The connection died under it (the server restarted since the last action):
        // one fresh connection, one more try.
        m_writer.close();
        results = commit(batch);
    }
    return results;
}

QString SharedAlarmState::flushOutbox()
{
    while (!m_outbox.empty()) {
        const Outgoing &o = m_outbox.front();
        const SharedCommit result = commitRetrying({ o }).front();
        if (!result.error.isEmpty()) {
            noteError(result.error);
            return result.error;
        }
        // Applied here when it was taken: the gateway now settles the alarm as the state has it.
        if (m_receiver) {
            SharedAction a;
            a.version = result.version;
            a.gateway = m_gateway;
            a.instance = m_instance;
            a.alarmKey = o.alarmKey;
            a.action = o.action;
            a.settled = result.settled;
            a.takenHere = true;
            a.refused = result.refused;
            a.queuedOrigin = o.origin;
            m_receiver(a);
        }
        m_outbox.pop_front();
        std::lock_guard statusLock(m_statusMutex);
        m_status.pending = m_outbox.size();
        if (result.refused.isEmpty())
            ++m_status.published;
        else
            ++m_status.refused;
    }
    return {};
}

std::vector<SharedCommit> SharedAlarmState::commit(const std::vector<Outgoing> &batch)
{
    std::vector<SharedCommit> results(batch.size());
    auto fail = [this, &results](const QString &error) {
        if (m_writer.isOpen())
            m_writer.exec("ROLLBACK");
        for (SharedCommit &r : results)
            r = SharedCommit { {}, error };
        return results;
    };
    if (QString error = ensureWriter(); !error.isEmpty())
        return fail(error);
    if (PgResult r = m_writer.exec("BEGIN"); !r.ok())
        return fail(r.error);
    // The counter's row lock orders the commits: versions become visible in order, and an
    // action another gateway takes meanwhile waits for this transaction and then sees it
    // (the alarm's own row cannot be locked before its first action has made it).
    if (PgResult r = m_writer.exec("SELECT version FROM vigil_state_clock FOR UPDATE"); !r.ok() || r.rows.empty())
        return fail(r.ok() ? QStringLiteral("the state's version row is missing") : r.error);
    const QByteArray gateway = m_gateway.toUtf8();
    bool anyCommitted = false;
    for (size_t i = 0; i < batch.size(); ++i) {
        const Outgoing &o = batch[i];
        SharedCommit &result = results[i];
        const QByteArray origin = o.origin.toUtf8();
        // A commit whose answer was lost (the server restarted as it committed) is there already.
        const PgResult done
            = m_writer.exec("SELECT version, alarm_after FROM vigil_alarm_actions WHERE origin = $1", { origin });
        if (!done.ok())
            return fail(done.error);
        if (!done.rows.empty()) {
            result.version = done.rows.front()[0].toLongLong();
            result.settled = alarmFrom(done.rows.front()[1]);
            continue;
        }
        const QByteArray key = o.alarmKey.toUtf8();
        // The alarm as the shared state settled it (read under the lock: every commit before this one).
        std::optional<v1::Alarm> after;
        if (o.before && !o.alarmKey.isEmpty()) {
            const PgResult stored = m_writer.exec("SELECT alarm FROM vigil_alarms WHERE alarm_key = $1", { key });
            if (!stored.ok())
                return fail(stored.error);
            Alarm alarm = wire::fromProto(*o.before);
            if (const std::optional<v1::Alarm> settled
                = stored.rows.empty() ? std::nullopt : alarmFrom(stored.rows.front()[0]))
                AlarmBook::settleOperatorState(alarm, wire::fromProto(*settled));
            const Event action = wire::fromProto(o.action);
            if (const auto [refusal, why] = AlarmBook::checkAgainst(alarm, action); refusal != AlarmRefusal::None) {
                result.refused = why; // the others of the batch still go
                result.settled = wire::toProto(alarm);
                continue;
            }
            AlarmBook::applyOperatorAction(alarm, action);
            after = wire::toProto(alarm);
        }
        const PgResult next = m_writer.exec("UPDATE vigil_state_clock SET version = version + 1 RETURNING version");
        if (!next.ok() || next.rows.empty())
            return fail(next.ok() ? QStringLiteral("the state's version row is missing") : next.error);
        const QByteArray version = next.rows.front()[0];
        const std::string actionBytes = o.action.SerializeAsString();
        const QByteArray afterBytes = after ? QByteArray::fromStdString(after->SerializeAsString()) : QByteArray();
        if (PgResult r = m_writer.exec(
                "INSERT INTO vigil_alarm_actions (version, origin, gateway, instance, alarm_key, "
                "action, operator_name, comment, about, alarm_after) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, "
                "CASE WHEN $9::bigint = 0 THEN NULL ELSE to_timestamp($9::bigint / 1000.0) END, NULLIF($10, "
                "''::bytea))",
                { version, origin, gateway, m_instance.toUtf8(), key, QByteArray::fromStdString(actionBytes),
                  readableText(o.action.operator_name()), readableText(o.action.message()), number(o.action.about_ms()),
                  afterBytes },
                { false, false, false, false, false, true, false, false, false, true });
            !r.ok())
            return fail(r.error);
        if (after) {
            if (PgResult r = m_writer.exec(
                    "INSERT INTO vigil_alarms (alarm_key, version, alarm, updated_by) VALUES ($1, $2, $3, $4) "
                    "ON CONFLICT (alarm_key) DO UPDATE SET version = excluded.version, alarm = excluded.alarm, "
                    "updated_by = excluded.updated_by, updated_at = now()",
                    { key, version, afterBytes, gateway }, { false, false, true, false });
                !r.ok())
                return fail(r.error);
        }
        // Delivered at commit, to every listener: (table, alarm, version).
        const QByteArray payload = "vigil_alarms," + key + "," + version;
        if (PgResult r = m_writer.exec("SELECT pg_notify($1, $2)", { QByteArray(Channel), payload }); !r.ok())
            return fail(r.error);
        result.version = version.toLongLong();
        result.settled = std::move(after);
        anyCommitted = true;
    }
    // All or none: the batch is one action of the operator's, and reaches the others as one.
    if (PgResult r = m_writer.exec(anyCommitted ? "COMMIT" : "ROLLBACK"); !r.ok())
        return fail(r.error);
    return results;
}

QString SharedAlarmState::actions(std::vector<SharedAction> &out)
{
    std::lock_guard lock(m_writeMutex);
    if (QString error = ensureWriter(); !error.isEmpty())
        return error;
    return takeActions(
        m_writer.exec(QByteArray("SELECT ") + ActionColumns + " FROM vigil_alarm_actions ORDER BY version"), out);
}

QString SharedAlarmState::bookmarks(int64_t fromMs, int64_t toMs, size_t max, std::vector<SharedAction> &out)
{
    std::lock_guard lock(m_writeMutex);
    if (QString error = ensureWriter(); !error.isEmpty())
        return error;
    // The instants compare as the commit stored them: to_timestamp of the same milliseconds.
    return takeActions(
        m_writer.exec(
            QByteArray("SELECT ") + ActionColumns
                + " FROM vigil_alarm_actions "
                  "WHERE about BETWEEN to_timestamp($1::bigint / 1000.0) AND to_timestamp($2::bigint / 1000.0) "
                  "ORDER BY about, version LIMIT $3",
            { number(fromMs), number(toMs), number(int64_t(max)) }),
        out);
}

QString SharedAlarmState::resync(PgConnection &connection)
{
    for (;;) {
        int64_t from = 0;
        {
            std::lock_guard statusLock(m_statusMutex);
            from = m_status.version;
        }
        const PgResult r
            = connection.exec(QByteArray("SELECT ") + ActionColumns
                                  + " FROM vigil_alarm_actions WHERE version > $1 ORDER BY version LIMIT $2",
                              { number(from), number(ResyncBatch) });
        if (!r.ok())
            return r.error;
        for (const PgRow &row : r.rows) {
            SharedAction a;
            const bool parsed = parseAction(row, a);
            a.takenHere = a.instance == m_instance; // by this gateway, perhaps before it restarted
            if (parsed && m_receiver)
                m_receiver(a);
            std::lock_guard statusLock(m_statusMutex);
            m_status.version = std::max<int64_t>(m_status.version, row[0].toLongLong());
            if (parsed && a.instance != m_instance)
                ++m_status.received;
        }
        if (int64_t(r.rows.size()) < ResyncBatch)
            return {};
    }
}

void SharedAlarmState::listen(std::stop_token stop)
{
    PgConnection connection;
    auto backoff = std::chrono::milliseconds(250);
    auto sleepFor = [&stop](std::chrono::milliseconds d) {
        const auto until = std::chrono::steady_clock::now() + d;
        while (!stop.stop_requested() && std::chrono::steady_clock::now() < until)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
    };
    auto lost = [&](const QString &error) {
        connection.close();
        {
            std::lock_guard statusLock(m_statusMutex);
            m_status.listening = false;
        }
        noteError(error);
        sleepFor(backoff);
        backoff = std::min(backoff * 2, std::chrono::milliseconds(5000));
    };
    auto lastFlush = std::chrono::steady_clock::now();
    while (!stop.stop_requested()) {
        if (!connection.isOpen()) {
            if (QString error
                = connection.connect(m_conninfo, QStringLiteral("vigil-gateway %1 listener").arg(m_gateway));
                !error.isEmpty()) {
                lost(error);
                continue;
            }
            // LISTEN first, then read what was missed: nothing falls between the two.
            if (PgResult r = connection.exec("LISTEN vigil_state"); !r.ok()) {
                lost(r.error);
                continue;
            }
            if (QString error = resync(connection); !error.isEmpty()) {
                lost(error);
                continue;
            }
            backoff = std::chrono::milliseconds(250);
            {
                std::lock_guard statusLock(m_statusMutex);
                m_status.listening = true;
            }
            lastFlush = {}; // the server is back: what waits goes now
        }
        if (std::chrono::steady_clock::now() - lastFlush > std::chrono::seconds(2)) {
            lastFlush = std::chrono::steady_clock::now();
            std::lock_guard lock(m_writeMutex);
            if (!m_outbox.empty()) {
                flushOutbox();
                std::lock_guard statusLock(m_statusMutex);
                m_status.pending = m_outbox.size();
            }
        }
        std::vector<PgNotification> notifications;
        if (QString error = connection.waitForNotifications(250, notifications); !error.isEmpty()) {
            lost(error);
            continue;
        }
        int64_t announced = 0;
        for (const PgNotification &n : notifications)
            if (n.channel == QLatin1String(Channel))
                announced = std::max<int64_t>(announced, n.payload.section(QLatin1Char(','), -1).toLongLong());
        int64_t applied = 0;
        {
            std::lock_guard statusLock(m_statusMutex);
            applied = m_status.version;
        }
        if (announced > applied)
            if (QString error = resync(connection); !error.isEmpty())
                lost(error);
    }
}

void SharedAlarmState::noteError(const QString &error)
{
    std::lock_guard statusLock(m_statusMutex);
    m_status.lastError = error;
    m_status.lastErrorMs = QDateTime::currentMSecsSinceEpoch();
}

SharedStateStatus SharedAlarmState::status() const
{
    std::lock_guard statusLock(m_statusMutex);
    return m_status;
}

} // namespace vigil
