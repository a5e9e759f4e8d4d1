// SPDX-License-Identifier: GPL-3.0-or-later
#include "host/handoff.h"

#include "domain/alarmbook.h"
#include "domain/entitynames.h"
#include "domain/jsonrule.h"
#include "domain/nvlinkerror.h"
#include "gateway/alarmdesk.h"
#include "gateway/telemetryjournal.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>

namespace vigil {

namespace {

constexpr int64_t HourMs = 3600000;
constexpr int MaxTimeoutSeconds = 600;
constexpr qsizetype MaxAnswerChars = 200;

// A number of seconds from 1 to MaxTimeoutSeconds, into `out`; false when it is not one.
bool timeoutOf(const QJsonValue &value, std::chrono::milliseconds &out)
{
    if (value.isUndefined())
        return true;
    const double s = value.toDouble(-1.0);
    if (!value.isDouble() || !(s >= 1.0 && s <= MaxTimeoutSeconds))
        return false;
    out = std::chrono::milliseconds(int64_t(s * 1000.0));
    return true;
}

QString parseWebhook(const QJsonValue &value, const QString &where, HandOffSettings &s)
{
    QJsonObject o;
    if (QString e = jsonRuleObject(value,
                                   QStringList { QStringLiteral("url"), QStringLiteral("bearer_token_file"),
                                                 QStringLiteral("ca_file"), QStringLiteral("timeout_s") },
                                   o);
        !e.isEmpty())
        return QStringLiteral("%1: \"webhook\": %2").arg(where, e);
    s.webhookUrl = o.value(QStringLiteral("url")).toString().trimmed();
    if (!isHttpUrl(s.webhookUrl))
        return QStringLiteral("%1: \"webhook\": \"url\" is not an http:// or https:// URL").arg(where);
    s.webhook.timeout = std::chrono::milliseconds(10000);
    if (!timeoutOf(o.value(QStringLiteral("timeout_s")), s.webhook.timeout))
        return QStringLiteral("%1: \"webhook\": \"timeout_s\" is not a number of seconds from 1 to %2")
            .arg(where)
            .arg(MaxTimeoutSeconds);
    s.webhook.maxBytes = 1 << 20; // an answer is a ticket number, not a download
    s.webhook.maxRedirects = 0; // a hand-off goes where the file says, nowhere else
    s.webhook.caFile = o.value(QStringLiteral("ca_file")).toString();
    if (const QString token = o.value(QStringLiteral("bearer_token_file")).toString(); !token.isEmpty())
        if (QString e = readSecretFile(QStringLiteral("%1: \"webhook\": \"bearer_token_file\"").arg(where), token,
                                       &s.webhook.bearerToken);
            !e.isEmpty())
            return e;
    return {};
}

QString parseScript(const QJsonValue &value, const QString &where, HandOffSettings &s)
{
    QJsonObject o;
    if (QString e = jsonRuleObject(value, QStringList { QStringLiteral("path"), QStringLiteral("timeout_s") }, o);
        !e.isEmpty())
        return QStringLiteral("%1: \"script\": %2").arg(where, e);
    s.scriptPath = o.value(QStringLiteral("path")).toString();
    if (s.scriptPath.isEmpty() || !s.scriptPath.startsWith(QLatin1Char('/')))
        return QStringLiteral("%1: \"script\": \"path\" is not an absolute path").arg(where);
    if (!timeoutOf(o.value(QStringLiteral("timeout_s")), s.scriptTimeout))
        return QStringLiteral("%1: \"script\": \"timeout_s\" is not a number of seconds from 1 to %2")
            .arg(where)
            .arg(MaxTimeoutSeconds);
    return {};
}

QString parseAutomatic(const QJsonValue &value, const QString &where, HandOffSettings &s)
{
    QJsonObject o;
    if (QString e = jsonRuleObject(
            value,
            QStringList { QStringLiteral("remedies"), QStringLiteral("min_priority"), QStringLiteral("max_per_hour") },
            o);
        !e.isEmpty())
        return QStringLiteral("%1: \"automatic\": %2").arg(where, e);
    const QJsonValue remedies = o.value(QStringLiteral("remedies"));
    if (!remedies.isArray() || remedies.toArray().isEmpty())
        return QStringLiteral("%1: \"automatic\": \"remedies\" is not a list of remedies").arg(where);
    for (const QJsonValue &r : remedies.toArray()) {
        const std::optional<Remedy> remedy = remedyFromKey(r.toString());
        if (!remedy || *remedy == Remedy::None) {
            QStringList known;
            for (int k = 1; k < RemedyCount; ++k)
                known << remedyKey(Remedy(k));
            return QStringLiteral("%1: \"automatic\": \"%2\" is not a remedy (known: %3)")
                .arg(where, r.toString().left(40), known.join(QStringLiteral(", ")));
        }
        s.automatic.insert(*remedy);
    }
    if (const QJsonValue p = o.value(QStringLiteral("min_priority")); !p.isUndefined()) {
        bool known = false;
        for (AlarmPriority priority :
             { AlarmPriority::Low, AlarmPriority::Medium, AlarmPriority::High, AlarmPriority::Critical })
            if (p.toString() == alarmPriorityKey(priority)) {
                s.automaticFrom = priority;
                known = true;
            }
        if (!known)
            return QStringLiteral("%1: \"automatic\": \"min_priority\" is not low, medium, high or critical")
                .arg(where);
    }
    if (const QJsonValue n = o.value(QStringLiteral("max_per_hour")); !n.isUndefined()) {
        const double v = n.toDouble(-1.0);
        if (!n.isDouble() || v != std::floor(v) || v < 1.0 || v > HandOffSettings::MaxPerHour)
            return QStringLiteral("%1: \"automatic\": \"max_per_hour\" is not a whole number from 1 to %2")
                .arg(where)
                .arg(HandOffSettings::MaxPerHour);
        s.automaticPerHour = int(v);
    }
    return {};
}

QString firstLine(const QByteArray &text)
{
    QString line = QString::fromUtf8(text).trimmed().section(QLatin1Char('\n'), 0, 0).trimmed();
    for (QChar &c : line)
        if (!c.isPrint())
            c = QLatin1Char(' ');
    return line.left(MaxAnswerChars);
}

} // namespace

QString parseHandOffSettings(const QByteArray &json, const QString &source, HandOffSettings &settings)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        return QStringLiteral("%1: not JSON (%2 at byte %3)").arg(source, error.errorString()).arg(error.offset);
    QJsonObject top;
    if (QString e = jsonRuleObject(doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(),
                                   QStringList { QStringLiteral("webhook"), QStringLiteral("script"),
                                                 QStringLiteral("operators"), QStringLiteral("automatic") },
                                   top);
        !e.isEmpty())
        return QStringLiteral("%1: %2").arg(source, e);
    HandOffSettings s;
    if (top.contains(QStringLiteral("webhook")))
        if (QString e = parseWebhook(top.value(QStringLiteral("webhook")), source, s); !e.isEmpty())
            return e;
    if (top.contains(QStringLiteral("script")))
        if (QString e = parseScript(top.value(QStringLiteral("script")), source, s); !e.isEmpty())
            return e;
    if (s.webhookUrl.isEmpty() && s.scriptPath.isEmpty())
        return QStringLiteral("%1: name a \"webhook\", a \"script\" or both: where hand-offs go").arg(source);
    if (const QJsonValue names = top.value(QStringLiteral("operators")); !names.isUndefined()) {
        if (!names.isArray())
            return QStringLiteral("%1: \"operators\" is not a list of names").arg(source);
        for (const QJsonValue &n : names.toArray()) {
            const QString name = n.toString().trimmed();
            if (name.isEmpty() || name.size() > 64)
                return QStringLiteral("%1: \"operators\": a name is 1 to 64 characters").arg(source);
            s.operators.insert(name);
        }
    }
    if (top.contains(QStringLiteral("automatic")))
        if (QString e = parseAutomatic(top.value(QStringLiteral("automatic")), source, s); !e.isEmpty())
            return e;
    settings = std::move(s);
    return {};
}

QString readHandOffSettings(const QString &path, HandOffSettings &settings)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("%1: %2").arg(path, file.errorString());
    const QByteArray text = file.read(1 << 20);
    if (!file.atEnd())
        return QStringLiteral("%1: larger than 1 MiB; a hand-off file is a few lines").arg(path);
    return parseHandOffSettings(text, path, settings);
}

QByteArray handOffPayload(const Event &handOff, const Topology &topology, const std::optional<Alarm> &alarm,
                          const QString &gateway)
{
    const auto iso = [](int64_t ms) { return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs); };
    QJsonObject entity { { QStringLiteral("kind"), entityKindKey(handOff.entity.kind) },
                         { QStringLiteral("name"), entityKeyName(topology, handOff.entity) } };
    if (handOff.entity.kind == EntityKind::Gpu && handOff.entity.index < topology.gpus.size()) {
        const Gpu &g = topology.gpus[handOff.entity.index];
        entity.insert(QStringLiteral("uuid"), g.uuid);
        if (g.nodeIndex < topology.nodes.size())
            entity.insert(QStringLiteral("host"), topology.nodes[g.nodeIndex].hostname);
    }
    QJsonObject o { { QStringLiteral("version"), 1 },
                    { QStringLiteral("kind"), QStringLiteral("vigil.hand_off") },
                    { QStringLiteral("gateway"), gateway },
                    { QStringLiteral("id"), QString::number(handOff.id) },
                    { QStringLiteral("time"), iso(handOff.timeMs) },
                    { QStringLiteral("operator"), handOff.operatorName },
                    { QStringLiteral("automatic"),
                      handOff.operatorName == QLatin1String(HandOffDispatcher::AutomaticOperator) },
                    { QStringLiteral("remedy"), remedyKey(Remedy(handOff.code)) },
                    { QStringLiteral("drain_first"), handOff.value != 0.0 },
                    { QStringLiteral("entity"), entity },
                    { QStringLiteral("comment"), handOff.message } };
    if (handOff.targetEventId)
        o.insert(QStringLiteral("answers_event"), QString::number(handOff.targetEventId));
    // An NVLink error's registers name the link and the kind of fault (NVIDIA's NVLink error workflow).
    if (alarm && alarm->sourceType == EventType::Xid && alarm->code == 74)
        if (const std::optional<NvlinkErrorRegisters> link = parseNvlinkError(alarm->message)) {
            const NvlinkDiagnosis d = diagnoseNvlinkError(*link);
            o.insert(QStringLiteral("nvlink"),
                     QJsonObject { { QStringLiteral("link"), d.link },
                                   { QStringLiteral("fault"), nvlinkDiagnosisKey(d.fault) },
                                   { QStringLiteral("register"), d.registerIndex },
                                   { QStringLiteral("bit"), d.bit } });
        }
    if (alarm)
        o.insert(QStringLiteral("alarm"),
                 QJsonObject { { QStringLiteral("id"), QString::number(alarm->id) },
                               { QStringLiteral("priority"), alarmPriorityKey(alarm->priority) },
                               { QStringLiteral("state"), alarmStateKey(alarm->state()) },
                               { QStringLiteral("warning"), eventTypeKey(alarm->sourceType) },
                               { QStringLiteral("code"), alarm->code },
                               { QStringLiteral("raised"), iso(alarm->raisedMs) },
                               { QStringLiteral("message"), alarm->message },
                               { QStringLiteral("gpus_at_risk"), qint64(alarm->gpusAtRisk) },
                               { QStringLiteral("job"), alarm->jobId } });
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

HandOffDispatcher::HandOffDispatcher(HandOffSettings settings, TelemetryJournal &journal, AlarmDesk *alarms,
                                     QString gateway)
    : m_settings(std::move(settings))
    , m_journal(journal)
    , m_alarms(alarms)
    , m_gateway(std::move(gateway))
{
    // The alarms standing now are a backlog, not news: a restart does not hand them off again.
    if (!m_settings.automatic.empty() && m_alarms)
        for (const Alarm &a : m_alarms->alarms())
            m_backlog.insert({ a.id, a.activations });
    m_worker.start([this](std::stop_token stop) { run(stop); });
}

HandOffDispatcher::~HandOffDispatcher()
{
    m_worker.stop();
}

QString HandOffDispatcher::mayHandOff(const QString &operatorName) const
{
    if (m_settings.operators.isEmpty() || m_settings.operators.contains(operatorName))
        return {};
    return QStringLiteral("%1 may not hand off: this gateway's hand-off file names who may").arg(operatorName);
}

void HandOffDispatcher::deliver(const Event &handOff)
{
    {
        std::lock_guard lock(m_mutex);
        if (m_waiting.size() < MaxWaiting) {
            m_waiting.push_back(handOff);
            m_wake.notify_all();
            return;
        }
    }
    journalAnswer(handOff,
                  { QStringLiteral("gateway"), -1,
                    QStringLiteral("not delivered: %1 hand-offs are waiting already").arg(MaxWaiting), 0.0, false });
}

void HandOffDispatcher::run(std::stop_token stop)
{
    auto nextScan = std::chrono::steady_clock::now();
    while (!stop.stop_requested()) {
        std::optional<Event> next;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait_until(lock, stop, nextScan, [this] { return !m_waiting.empty(); });
            if (!m_waiting.empty()) {
                next = std::move(m_waiting.front());
                m_waiting.pop_front();
            }
        }
        if (next)
            deliverNow(*next, stop);
        if (std::chrono::steady_clock::now() >= nextScan) {
            if (!m_settings.automatic.empty() && m_alarms)
                handOffNewAlarms();
            nextScan = std::chrono::steady_clock::now() + m_settings.automaticScan;
        }
    }
}

void HandOffDispatcher::deliverNow(const Event &handOff, std::stop_token stop)
{
    const std::optional<Alarm> alarm = handOff.alarmId && m_alarms ? m_alarms->find(handOff.alarmId) : std::nullopt;
    const QByteArray payload = handOffPayload(handOff, *m_journal.topology(), alarm, m_gateway);
    const auto attempt = [&](auto &&once) {
        Answer a;
        for (int i = 0; i < Attempts && !stop.stop_requested(); ++i) {
            if (i > 0) { // 2 s, then 8 s: a webhook restarting, a script's lock held (a stop wakes it)
                std::unique_lock lock(m_mutex);
                m_wake.wait_for(lock, stop, m_settings.retryPause * (i == 1 ? 1 : 4), [] { return false; });
            }
            a = once();
            if (a.ok || stop.stop_requested())
                break;
        }
        journalAnswer(handOff, a);
    };
    if (!m_settings.webhookUrl.isEmpty())
        attempt([&] { return tryWebhook(payload); });
    if (!m_settings.scriptPath.isEmpty())
        attempt([&] { return tryScript(handOff, payload); });
}

HandOffDispatcher::Answer HandOffDispatcher::tryWebhook(const QByteArray &payload) const
{
    const HttpResponse r = httpPost(m_settings.webhookUrl, payload,
                                    { QByteArrayLiteral("Content-Type: application/json") }, m_settings.webhook);
    Answer a;
    a.destination = QStringLiteral("webhook");
    a.code = r.status ? int32_t(r.status) : -1;
    a.seconds = std::max(0.0, r.elapsedMs / 1000.0);
    a.ok = r.error.isEmpty();
    a.text = a.ok ? firstLine(r.body) : r.error.left(MaxAnswerChars);
    return a;
}

HandOffDispatcher::Answer HandOffDispatcher::tryScript(const Event &handOff, const QByteArray &payload) const
{
    Answer a;
    a.destination = QStringLiteral("script");
    QElapsedTimer took;
    took.start();
    QProcess script;
    script.setProgram(m_settings.scriptPath);
    script.setArguments({ remedyKey(Remedy(handOff.code)), entityKeyName(*m_journal.topology(), handOff.entity) });
    script.start();
    if (!script.waitForStarted(5000)) {
        a.text = QStringLiteral("%1 did not start: %2").arg(m_settings.scriptPath, script.errorString());
        return a;
    }
    script.write(payload);
    script.closeWriteChannel();
    const bool finished = script.waitForFinished(int(m_settings.scriptTimeout.count()));
    a.seconds = double(took.elapsed()) / 1000.0;
    if (!finished) {
        script.kill();
        script.waitForFinished(2000);
        a.text
            = QStringLiteral("no answer within %1 s: stopped").arg(double(m_settings.scriptTimeout.count()) / 1000.0);
        return a;
    }
    if (script.exitStatus() != QProcess::NormalExit) {
        a.text = QStringLiteral("%1 crashed").arg(m_settings.scriptPath);
        return a;
    }
    a.code = script.exitCode();
    a.ok = a.code == 0;
    a.text = firstLine(a.ok ? script.readAllStandardOutput() : script.readAllStandardError());
    if (!a.ok && a.text.isEmpty())
        a.text = QStringLiteral("exit code %1").arg(a.code);
    return a;
}

void HandOffDispatcher::journalAnswer(const Event &handOff, const Answer &answer)
{
    Event e;
    e.timeMs = m_journal.headTimeMs();
    e.type = EventType::HandOffAnswer;
    e.severity = answer.ok ? Severity::Info : Severity::Warning;
    e.entity = handOff.entity;
    e.code = answer.code;
    e.value = answer.seconds;
    e.operatorName = answer.destination;
    e.targetEventId = handOff.id;
    e.message = answer.text;
    m_journal.appendEvents({ std::move(e) });
    ++m_answered;
    if (!answer.ok)
        ++m_failed;
}

void HandOffDispatcher::handOffNewAlarms()
{
    const int64_t now = m_journal.headTimeMs();
    while (!m_automaticTimes.empty() && m_automaticTimes.front() <= now - HourMs)
        m_automaticTimes.pop_front();
    for (const Alarm &a : m_alarms->alarms()) {
        if (int(m_automaticTimes.size()) >= m_settings.automaticPerHour)
            return; // a flood opens a few tickets, not hundreds: the rest wait for an operator
        if (a.state() != AlarmState::Unacknowledged || a.priority < m_settings.automaticFrom
            || m_backlog.count({ a.id, a.activations }))
            continue;
        const Recommendation r = recommendRemedy(WarningSign { a.sourceType, a.code, a.entity.kind, a.message });
        if (!m_settings.automatic.count(r.remedy)
            || !m_automaticDone.emplace(std::pair(a.id, a.activations), now).second)
            continue;
        Event e;
        e.timeMs = now;
        e.type = EventType::HandOff;
        e.severity = Severity::Info;
        e.entity = a.entity;
        e.alarmId = a.id;
        e.code = int32_t(r.remedy);
        e.value = r.drainFirst ? 1.0 : 0.0;
        e.operatorName = QString::fromLatin1(AutomaticOperator);
        e.message = QStringLiteral("automatic: %1").arg(a.message).left(4096);
        uint64_t id = 0, seq = 0;
        if (!m_alarms->act(m_journal, e, &id, &seq).ok())
            continue;
        e.id = id;
        m_automaticTimes.push_back(now);
        deliverNow(e, m_worker.token());
    }
    // Alarm activations handed off a day ago are forgotten: an alarm raised again later is handed off again.
    std::erase_if(m_automaticDone, [now](const auto &done) { return done.second < now - 24 * HourMs; });
}

} // namespace vigil
