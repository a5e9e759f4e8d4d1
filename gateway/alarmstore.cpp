// SPDX-License-Identifier: GPL-3.0-or-later
#include "gateway/alarmstore.h"

#include "recording/recordingschema.h"

#include <QFileInfo>
#include <QSqlError>
#include <QSqlQuery>

namespace vigil {

namespace {

const char *const Schema[] = {
    "PRAGMA journal_mode=WAL",
    "PRAGMA synchronous=FULL", // an acknowledged action survives a power cut
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS alarms (id INTEGER PRIMARY KEY, data BLOB NOT NULL)",
    ("CREATE TABLE IF NOT EXISTS actions (seq INTEGER PRIMARY KEY AUTOINCREMENT, time_ms INTEGER NOT NULL,"
     " data BLOB NOT NULL)"),
    // Actions taken while the NOC's shared state was away: committed there once it answers,
    // after a restart too. `before` is the alarm as it stood before the action (may be empty).
    ("CREATE TABLE IF NOT EXISTS shared_waiting (seq INTEGER PRIMARY KEY AUTOINCREMENT, origin TEXT NOT NULL UNIQUE,"
     " alarm_key TEXT NOT NULL, action BLOB NOT NULL, before BLOB)"),
};

QByteArray bytesOf(const google::protobuf::MessageLite &m)
{
    QByteArray out(int(m.ByteSizeLong()), Qt::Uninitialized);
    m.SerializeToArray(out.data(), int(out.size()));
    return out;
}

} // namespace

AlarmStore::AlarmStore() = default;

AlarmStore::~AlarmStore()
{
    m_worker.stop(); // what was queued is written first
}

QString AlarmStore::open(const QString &path, std::vector<v1::Alarm> &saved)
{
    m_worker.start([this, path](std::stop_token stop) { run(path, stop); });
    std::unique_lock lock(m_mutex);
    m_done.wait(lock, [this] { return m_opened; });
    if (!m_openError.isEmpty())
        return m_openError;
    saved = std::move(m_loaded);
    return {};
}

QString AlarmStore::meta(const QString &key) const
{
    std::lock_guard lock(m_mutex);
    const auto it = m_meta.find(key);
    return it == m_meta.end() ? QString() : it->second;
}

std::vector<SharedOutgoing> AlarmStore::waitingForSharedState() const
{
    std::lock_guard lock(m_mutex);
    return m_waiting;
}

QString AlarmStore::save(std::vector<v1::Alarm> changed, std::vector<uint64_t> removed, std::vector<v1::Event> actions,
                         bool wait, SharedChanges shared)
{
    std::unique_lock lock(m_mutex);
    if (!m_openError.isEmpty() || !m_opened)
        return m_openError.isEmpty() ? QStringLiteral("the alarm journal is not open") : m_openError;
    const uint64_t ticket = m_nextTicket++;
    m_queue.push_back({ std::move(changed), std::move(removed), std::move(actions), ticket, std::move(shared) });
    m_wake.notify_all();
    if (!wait)
        return {};
    m_done.wait(lock, [&] { return m_doneTicket >= ticket || m_worker.stopRequested(); });
    return m_lastError;
}

std::vector<v1::Event> AlarmStore::actions()
{
    std::unique_lock lock(m_mutex);
    m_readActions = true;
    const uint64_t ticket = m_nextTicket++;
    m_queue.push_back({ {}, {}, {}, ticket });
    m_wake.notify_all();
    m_done.wait(lock, [&] { return m_doneTicket >= ticket || m_worker.stopRequested(); });
    return m_actions;
}

void AlarmStore::run(QString path, std::stop_token stop)
{
    QString connection = recording::uniqueConnectionName("alarms");
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
    db.setDatabaseName(path);
    QString error;
    if (!db.open()) {
        error = QStringLiteral("%1: %2").arg(path, db.lastError().text());
    } else {
        QSqlQuery q(db);
        for (const char *statement : Schema)
            if (error.isEmpty() && !q.exec(QLatin1String(statement)))
                error = QStringLiteral("%1: not an alarm journal (%2)")
                            .arg(QFileInfo(path).fileName(), q.lastError().text());
        if (error.isEmpty() && q.exec(QStringLiteral("SELECT value FROM meta WHERE key = 'format'")) && q.next()) {
            if (q.value(0).toString() != QLatin1String("vigil-alarm-journal 1"))
                error = QStringLiteral("%1: an alarm journal of another format (%2)")
                            .arg(QFileInfo(path).fileName(), q.value(0).toString());
        } else if (error.isEmpty()) {
            q.exec(QStringLiteral("INSERT INTO meta (key, value) VALUES ('format', 'vigil-alarm-journal 1')"));
        }
        std::vector<v1::Alarm> loaded;
        if (error.isEmpty() && q.exec(QStringLiteral("SELECT id, data FROM alarms ORDER BY id"))) {
            while (q.next()) {
                const QByteArray data = q.value(1).toByteArray();
                v1::Alarm a;
                if (!a.ParseFromArray(data.constData(), int(data.size())) || a.id() != q.value(0).toULongLong()) {
                    error = QStringLiteral("%1: alarm %2 is damaged")
                                .arg(QFileInfo(path).fileName())
                                .arg(q.value(0).toULongLong());
                    break;
                }
                loaded.push_back(std::move(a));
            }
        } else if (error.isEmpty()) {
            error = QStringLiteral("%1: %2").arg(QFileInfo(path).fileName(), q.lastError().text());
        }
        std::map<QString, QString> meta;
        if (error.isEmpty() && q.exec(QStringLiteral("SELECT key, value FROM meta")))
            while (q.next())
                meta[q.value(0).toString()] = q.value(1).toString();
        std::vector<SharedOutgoing> waiting;
        if (error.isEmpty()
            && q.exec(QStringLiteral("SELECT origin, alarm_key, action, before FROM shared_waiting ORDER BY seq")))
            while (q.next()) {
                SharedOutgoing o;
                o.origin = q.value(0).toString();
                o.alarmKey = q.value(1).toString();
                const QByteArray action = q.value(2).toByteArray(), before = q.value(3).toByteArray();
                if (!o.action.ParseFromArray(action.constData(), int(action.size())))
                    continue; // damaged: the operator was told it was not shared yet
                if (!before.isEmpty()) {
                    v1::Alarm alarm;
                    if (alarm.ParseFromArray(before.constData(), int(before.size())))
                        o.before = std::move(alarm);
                }
                waiting.push_back(std::move(o));
            }
        std::lock_guard lock(m_mutex);
        m_loaded = std::move(loaded);
        m_meta = std::move(meta);
        m_waiting = std::move(waiting);
    }
    {
        std::lock_guard lock(m_mutex);
        m_openError = error;
        m_opened = true;
    }
    m_done.notify_all();
    if (!error.isEmpty()) {
        recording::closeConnection(db, connection);
        return;
    }

    for (;;) {
        std::vector<Job> jobs;
        bool readActions = false;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, stop, [this] { return !m_queue.empty(); });
            if (m_queue.empty() && stop.stop_requested())
                break;
            while (!m_queue.empty()) {
                jobs.push_back(std::move(m_queue.front()));
                m_queue.pop_front();
            }
            readActions = std::exchange(m_readActions, false);
        }
        QString writeError;
        db.transaction();
        QSqlQuery upsert(db), remove(db), log(db), keep(db), wait(db), shared(db);
        keep.prepare(QStringLiteral("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)"));
        wait.prepare(QStringLiteral(
            "INSERT OR IGNORE INTO shared_waiting (origin, alarm_key, action, before) VALUES (?, ?, ?, ?)"));
        shared.prepare(QStringLiteral("DELETE FROM shared_waiting WHERE origin = ?"));
        upsert.prepare(QStringLiteral("INSERT OR REPLACE INTO alarms (id, data) VALUES (?, ?)"));
        remove.prepare(QStringLiteral("DELETE FROM alarms WHERE id = ?"));
        log.prepare(QStringLiteral("INSERT INTO actions (time_ms, data) VALUES (?, ?)"));
        for (Job &job : jobs) {
            for (const v1::Alarm &a : job.changed) {
                upsert.addBindValue(qulonglong(a.id()));
                upsert.addBindValue(bytesOf(a));
                if (!upsert.exec())
                    writeError = upsert.lastError().text();
            }
            for (uint64_t id : job.removed) {
                remove.addBindValue(qulonglong(id));
                if (!remove.exec())
                    writeError = remove.lastError().text();
            }
            for (const auto &[key, value] : job.shared.meta) {
                keep.addBindValue(key);
                keep.addBindValue(value);
                if (!keep.exec())
                    writeError = keep.lastError().text();
            }
            for (const SharedOutgoing &o : job.shared.waiting) {
                wait.addBindValue(o.origin);
                wait.addBindValue(o.alarmKey);
                wait.addBindValue(bytesOf(o.action));
                wait.addBindValue(o.before ? bytesOf(*o.before) : QByteArray());
                if (!wait.exec())
                    writeError = wait.lastError().text();
            }
            for (const QString &origin : job.shared.shared) {
                shared.addBindValue(origin);
                if (!shared.exec())
                    writeError = shared.lastError().text();
            }
            for (const v1::Event &action : job.actions) {
                log.addBindValue(qlonglong(action.time_ms()));
                log.addBindValue(bytesOf(action));
                if (!log.exec())
                    writeError = log.lastError().text();
            }
        }
        if (!db.commit() && writeError.isEmpty())
            writeError = db.lastError().text();
        std::vector<v1::Event> actions;
        if (readActions) {
            QSqlQuery q(db);
            q.exec(QStringLiteral("SELECT data FROM actions ORDER BY seq"));
            while (q.next()) {
                const QByteArray data = q.value(0).toByteArray();
                v1::Event e;
                if (e.ParseFromArray(data.constData(), int(data.size())))
                    actions.push_back(std::move(e));
            }
        }
        {
            std::lock_guard lock(m_mutex);
            m_lastError = writeError.isEmpty() ? QString()
                                               : QStringLiteral("%1: %2").arg(QFileInfo(path).fileName(), writeError);
            m_doneTicket = jobs.back().ticket;
            if (readActions)
                m_actions = std::move(actions);
        }
        m_done.notify_all();
    }
    recording::closeConnection(db, connection);
}

} // namespace vigil
