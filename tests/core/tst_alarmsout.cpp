// SPDX-License-Identifier: GPL-3.0-or-later
// The alarms out (#39): to a real Alertmanager (Debian's prometheus-alertmanager, started on
// loopback), which routes them to a webhook and shows them resolved when Vigil clears them; to a
// PagerDuty-shaped receiver, which sees trigger, acknowledge and resolve under one dedup key; to
// a webhook, in Alertmanager's version 4 payload. A target that is down hears, when it is back,
// how things stand, once.
#include "export/alarmsout.h"
#include "export/alarmsoutoptions.h"
#include "gatewayfixture.h"
#include "httpfixture.h"
#include "sim/clustersimulator.h"

#include <QCommandLineParser>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <mutex>

using namespace vigil;

namespace {

// What a loopback receiver was sent: each request's JSON body, in order.
struct Receiver
{
    std::mutex mutex;
    std::vector<QJsonDocument> bodies;
    int failFirst = 0; // answer this many requests with 500 first
    QByteArray status = QByteArrayLiteral("200 OK");
    test::HttpFixture http { [this](const QByteArray &request) { return take(request); } };

    QByteArray take(const QByteArray &request)
    {
        std::lock_guard lock(mutex);
        if (failFirst > 0) {
            --failFirst;
            return QByteArrayLiteral("HTTP/1.0 500 Internal Server Error\r\nContent-Length: 4\r\n\r\nbusy");
        }
        bodies.push_back(QJsonDocument::fromJson(request.mid(request.indexOf("\r\n\r\n") + 4)));
        return "HTTP/1.0 " + status + "\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}";
    }
    std::vector<QJsonDocument> received()
    {
        std::lock_guard lock(mutex);
        return bodies;
    }
    QString url(const char *path) const
    {
        return QStringLiteral("http://127.0.0.1:%1%2").arg(http.port()).arg(QLatin1String(path));
    }
};

// Debian's Alertmanager on a free loopback port, routing everything to `webhook`, fast.
struct Alertmanager
{
    QTemporaryDir dir;
    QProcess process;
    int port = 0;
    QString start(const QString &webhook)
    {
        const QString binary = QStandardPaths::findExecutable(QStringLiteral("prometheus-alertmanager"));
        if (binary.isEmpty())
            return QStringLiteral("Debian's prometheus-alertmanager is needed (make test installs it)");
        port = test::freeLoopbackPort();
        QFile config(dir.filePath(QStringLiteral("alertmanager.yml")));
        if (!config.open(QIODevice::WriteOnly))
            return QStringLiteral("cannot write the config");
        config.write("route:\n  receiver: noc\n  group_by: [cluster]\n  group_wait: 1s\n  group_interval: 1s\n"
                     "  repeat_interval: 1h\nreceivers:\n  - name: noc\n    webhook_configs:\n      - url: "
                     + webhook.toUtf8() + "\n        send_resolved: true\n");
        config.close();
        process.setProcessChannelMode(QProcess::MergedChannels);
        process.start(binary,
                      { QStringLiteral("--config.file=") + config.fileName(),
                        QStringLiteral("--storage.path=") + dir.filePath(QStringLiteral("data")),
                        QStringLiteral("--web.listen-address=127.0.0.1:%1").arg(port),
                        QStringLiteral("--cluster.listen-address=") });
        if (!process.waitForStarted())
            return QStringLiteral("alertmanager did not start");
        for (int i = 0; i < 100; ++i) {
            if (httpGet(url(QStringLiteral("/-/ready"))).error.isEmpty())
                return {};
            QTest::qWait(100);
        }
        return QStringLiteral("alertmanager never became ready: %1").arg(QString::fromUtf8(process.readAll()));
    }
    ~Alertmanager()
    {
        process.terminate();
        process.waitForFinished(10000);
    }
    QString url(const QString &path) const { return QStringLiteral("http://127.0.0.1:%1%2").arg(port).arg(path); }
    QJsonArray alerts() const
    {
        return QJsonDocument::fromJson(httpGet(url(QStringLiteral("/api/v2/alerts"))).body).array();
    }
};

std::shared_ptr<const Topology> lab()
{
    SimulatorOptions options;
    options.shape.gpus = 16;
    auto t = std::make_shared<Topology>(ClusterSimulator(options).topology());
    t->clusterName = QStringLiteral("lab");
    return t;
}

// An Xid 79 alarm on GPU 3, raised at `raisedMs`.
Alarm xid79(int64_t raisedMs)
{
    Alarm a;
    a.id = 7;
    a.entity = { EntityKind::Gpu, 3 };
    a.sourceType = EventType::Xid;
    a.code = 79;
    a.active = true;
    a.acknowledged = false;
    a.priority = AlarmPriority::Critical;
    a.raisedMs = a.changedMs = a.lastSeenMs = raisedMs;
    a.message = QStringLiteral("Xid 79 on GPU 3: GPU has fallen off the bus");
    return a;
}

// The alarms a test sets, as the desk would give them.
struct Book
{
    std::mutex mutex;
    std::vector<Alarm> alarms;
    AlarmNotifier::AlarmSource source()
    {
        return [this] {
            std::lock_guard lock(mutex);
            return alarms;
        };
    }
};

template<typename Check> bool waitFor(Check check, int ms = 15000)
{
    for (int waited = 0; waited < ms; waited += 100) {
        if (check())
            return true;
        QTest::qWait(100);
    }
    return check();
}

QString label(const QJsonObject &alert, const char *name)
{
    return alert[QStringLiteral("labels")].toObject()[QLatin1String(name)].toString();
}

} // namespace

class TestAlarmsOut : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // An alarm as others see it: one key for good, labels placed as dcgm-exporter places the GPU.
    void anAlarmKeepsItsKeyAndIsPlacedAsTheExporterPlacesIt()
    {
        const auto topology = lab();
        const std::vector<MetricDescriptor> metrics = standardMetrics();
        Alarm a = xid79(1000);
        const OutboundAlarm out = outboundAlarm(a, *topology, metrics, QStringLiteral("lab"));
        const Gpu &gpu = topology->gpus[3];
        const QString host = topology->nodes[gpu.nodeIndex].hostname;
        QCOMPARE(out.key, QStringLiteral("vigil:lab:%1:%2:xid:79").arg(host).arg(gpu.localIndex));
        QVERIFY(out.firing);
        QCOMPARE(out.severity, QStringLiteral("critical"));
        auto has = [&](const char *name, const QString &value) {
            return std::find(out.labels.begin(), out.labels.end(), std::pair(QString::fromLatin1(name), value))
                != out.labels.end();
        };
        QVERIFY(has("alertname", QStringLiteral("VigilXid")));
        QVERIFY(has("xid", QStringLiteral("79")));
        QVERIFY(has("hostname", host));
        QVERIFY(has("UUID", gpu.uuid));
        QVERIFY(has("gpu", QString::number(gpu.localIndex)));
        QVERIFY(std::is_sorted(out.labels.begin(), out.labels.end()));

        // Acknowledged, shelved, cleared: the key stays; only shelving and clearing stop it firing.
        a.acknowledged = true;
        a.acknowledgedBy = QStringLiteral("ana");
        QCOMPARE(outboundAlarm(a, *topology, metrics, QStringLiteral("lab")).key, out.key);
        QVERIFY(outboundAlarm(a, *topology, metrics, QStringLiteral("lab")).firing);
        a.shelved = true;
        QVERIFY(!outboundAlarm(a, *topology, metrics, QStringLiteral("lab")).firing);
        a.shelved = false;
        a.active = false;
        a.changedMs = 5000;
        const OutboundAlarm cleared = outboundAlarm(a, *topology, metrics, QStringLiteral("lab"));
        QVERIFY(!cleared.firing);
        QCOMPARE(cleared.endsMs, int64_t(5000));
        QCOMPARE(cleared.fingerprint(), out.fingerprint());

        // A threshold alarm names its metric; a key never outgrows PagerDuty's 255 characters.
        Alarm hot;
        hot.entity = { EntityKind::Gpu, 3 };
        hot.metricId = 0;
        hot.active = true;
        const OutboundAlarm threshold = outboundAlarm(hot, *topology, metrics, QString(500, u'c'));
        QVERIFY(threshold.key.size() <= 255);
        QVERIFY(std::find(threshold.labels.begin(), threshold.labels.end(),
                          std::pair(QStringLiteral("metric"), metrics[0].name))
                != threshold.labels.end());
    }

    // The done-when of #39: a real Alertmanager receives Vigil's alarms, routes them (to a
    // webhook on loopback), and shows them resolved when Vigil clears them.
    void aRealAlertmanagerRoutesTheAlarmsAndShowsThemResolved()
    {
        Receiver hook;
        Alertmanager am;
        if (const QString why = am.start(hook.url("/hook")); !why.isEmpty())
            QFAIL(qPrintable(why));
        Book book;
        const int64_t raised = QDateTime::currentMSecsSinceEpoch() - 60000;
        book.alarms = { xid79(raised) };
        AlarmOutSettings settings;
        settings.protocol = AlarmProtocol::Alertmanager;
        settings.url = am.url(QString());
        settings.cluster = QStringLiteral("lab");
        QCOMPARE(settings.validate(), QString());
        AlarmNotifier notifier(settings, lab(), standardMetrics(), book.source());
        notifier.round(QDateTime::currentMSecsSinceEpoch());
        QCOMPARE(notifier.status().lastError, QString());
        QCOMPARE(notifier.status().delivered, 1u);

        const QJsonArray alerts = am.alerts();
        QCOMPARE(alerts.size(), 1);
        const QJsonObject alert = alerts[0].toObject();
        QCOMPARE(label(alert, "alertname"), QStringLiteral("VigilXid"));
        QCOMPARE(label(alert, "xid"), QStringLiteral("79"));
        QCOMPARE(label(alert, "cluster"), QStringLiteral("lab"));
        QCOMPARE(alert[QStringLiteral("status")].toObject()[QStringLiteral("state")].toString(),
                 QStringLiteral("active"));
        QCOMPARE(alert[QStringLiteral("receivers")].toArray()[0].toObject()[QStringLiteral("name")].toString(),
                 QStringLiteral("noc"));
        auto notified = [&](const char *status) {
            for (const QJsonDocument &d : hook.received())
                if (d[QStringLiteral("status")].toString() == QLatin1String(status)
                    && label(d[QStringLiteral("alerts")][0].toObject(), "xid") == QLatin1String("79"))
                    return true;
            return false;
        };
        QVERIFY2(waitFor([&] { return notified("firing"); }), "Alertmanager never routed the alarm to the webhook");

        // Told again next round: still one alert, still active.
        notifier.round(QDateTime::currentMSecsSinceEpoch());
        QCOMPARE(am.alerts().size(), 1);

        // Vigil clears it: Alertmanager resolves it and says so to the route's receiver.
        {
            std::lock_guard lock(book.mutex);
            book.alarms[0].active = false;
            book.alarms[0].changedMs = QDateTime::currentMSecsSinceEpoch() - 1000;
        }
        notifier.round(QDateTime::currentMSecsSinceEpoch());
        QCOMPARE(notifier.status().lastError, QString());
        QVERIFY2(waitFor([&] { return am.alerts().isEmpty(); }), "Alertmanager still shows the alarm active");
        QVERIFY2(waitFor([&] { return notified("resolved"); }), "Alertmanager never said the alarm resolved");
        // Resolved once: nothing more to say of it.
        const uint64_t delivered = notifier.status().delivered;
        notifier.round(QDateTime::currentMSecsSinceEpoch());
        QCOMPARE(notifier.status().delivered, delivered);
    }

    // The done-when's other half: a PagerDuty-shaped receiver sees trigger, acknowledge and
    // resolve with one dedup key, in that order, each once, even through a refused request.
    void pagerDutySeesTriggerAcknowledgeResolveUnderOneKey()
    {
        Receiver pd;
        pd.status = QByteArrayLiteral("202 Accepted");
        Book book;
        book.alarms = { xid79(1000) };
        AlarmOutSettings settings;
        settings.protocol = AlarmProtocol::PagerDuty;
        settings.url = pd.url("/v2/enqueue");
        settings.routingKey = QStringLiteral("R0UT1NGKEY");
        settings.cluster = QStringLiteral("lab");
        AlarmNotifier notifier(settings, lab(), standardMetrics(), book.source());
        notifier.round(2000);
        {
            std::lock_guard lock(book.mutex);
            book.alarms[0].acknowledged = true;
            book.alarms[0].acknowledgedBy = QStringLiteral("ana");
        }
        pd.failFirst = 1; // the acknowledgement refused once: it goes next round
        notifier.round(3000);
        QCOMPARE(notifier.status().failedRequests, 1u);
        QCOMPARE(notifier.status().pending, 1u);
        QVERIFY(!notifier.status().lastError.isEmpty());
        notifier.round(4000);
        QCOMPARE(notifier.status().lastError, QString());
        {
            std::lock_guard lock(book.mutex);
            book.alarms[0].active = false;
            book.alarms[0].changedMs = 4500;
        }
        notifier.round(5000);
        notifier.round(6000); // nothing left to say

        const std::vector<QJsonDocument> events = pd.received();
        QStringList actions;
        QSet<QString> keys;
        for (const QJsonDocument &e : events) {
            actions << e[QStringLiteral("event_action")].toString();
            keys.insert(e[QStringLiteral("dedup_key")].toString());
            QCOMPARE(e[QStringLiteral("routing_key")].toString(), QStringLiteral("R0UT1NGKEY"));
        }
        QCOMPARE(actions,
                 QStringList({ QStringLiteral("trigger"), QStringLiteral("acknowledge"), QStringLiteral("resolve") }));
        QCOMPARE(keys.size(), 1);
        const QJsonObject payload = events[0][QStringLiteral("payload")].toObject();
        QCOMPARE(payload[QStringLiteral("severity")].toString(), QStringLiteral("critical"));
        QVERIFY(payload[QStringLiteral("summary")].toString().contains(QStringLiteral("Xid 79")));
        QVERIFY(!payload[QStringLiteral("source")].toString().isEmpty());
        QCOMPARE(notifier.status().delivered, 3u);
    }

    // A webhook hears each change once, in Alertmanager's version 4 payload; one that was down
    // hears, when it is back, how things stand (not every change it missed).
    void aWebhookHearsEachChangeInAlertmanagersPayload()
    {
        Receiver hook;
        Book book;
        book.alarms = { xid79(1000) };
        AlarmOutSettings settings;
        settings.protocol = AlarmProtocol::Webhook;
        settings.url = hook.url("/hook");
        settings.cluster = QStringLiteral("lab");
        settings.externalUrl = QStringLiteral("https://noc.example/vigil");
        AlarmNotifier notifier(settings, lab(), standardMetrics(), book.source());
        notifier.round(2000);
        notifier.round(3000); // unchanged: nothing sent
        QCOMPARE(hook.received().size(), size_t(1));
        const QJsonDocument first = hook.received()[0];
        for (const char *field : { "version", "groupKey", "truncatedAlerts", "status", "receiver", "groupLabels",
                                   "commonLabels", "commonAnnotations", "externalURL", "alerts" })
            QVERIFY2(first.object().contains(QLatin1String(field)), field);
        QCOMPARE(first[QStringLiteral("version")].toString(), QStringLiteral("4"));
        QCOMPARE(first[QStringLiteral("status")].toString(), QStringLiteral("firing"));
        const QJsonObject alert = first[QStringLiteral("alerts")][0].toObject();
        for (const char *field :
             { "status", "labels", "annotations", "startsAt", "endsAt", "generatorURL", "fingerprint" })
            QVERIFY2(alert.contains(QLatin1String(field)), field);
        QCOMPARE(alert[QStringLiteral("annotations")].toObject()[QStringLiteral("vigil_state")].toString(),
                 QStringLiteral("unacknowledged"));

        // Down while the alarm was acknowledged and then cleared: back, it hears it resolved, once.
        hook.failFirst = 2;
        {
            std::lock_guard lock(book.mutex);
            book.alarms[0].acknowledged = true;
        }
        notifier.round(4000);
        {
            std::lock_guard lock(book.mutex);
            book.alarms[0].active = false;
            book.alarms[0].changedMs = 4500;
        }
        notifier.round(5000);
        notifier.round(6000);
        notifier.round(7000);
        const std::vector<QJsonDocument> all = hook.received();
        QCOMPARE(all.size(), size_t(2));
        QCOMPARE(all[1][QStringLiteral("status")].toString(), QStringLiteral("resolved"));
        QCOMPARE(all[1][QStringLiteral("alerts")][0].toObject()[QStringLiteral("fingerprint")].toString(),
                 alert[QStringLiteral("fingerprint")].toString());
        QCOMPARE(notifier.status().failedRequests, 2u);
    }

    // Grafana is told of crashes, restarts and rollbacks as points, and of each incident as a
    // region from the crash to the restart; in order, through a refused request.
    void grafanaSeesCrashesRestartsRollbacksAndIncidents()
    {
        EventAnnotations events(QStringLiteral("lab"));
        std::vector<GrafanaAnnotation> annotations;
        auto event = [](EventType type, int64_t timeMs, const char *message) {
            Event e;
            e.type = type;
            e.timeMs = timeMs;
            e.jobId = QStringLiteral("llm-405b");
            e.message = QLatin1String(message);
            return e;
        };
        events.take(event(EventType::JobCrash, 1000000, "llm-405b crashed: Xid 79 on a01r01n0 GPU 3"), annotations);
        events.take(event(EventType::JobCrash, 1001000, "llm-405b crashed again"), annotations);
        events.take(event(EventType::Xid, 1002000, "Xid 79"), annotations); // not Grafana's business
        events.take(event(EventType::Rollback, 1500000, "llm-405b rolled back to step 1400"), annotations);
        events.take(event(EventType::JobRestart, 1840000, "llm-405b restarted by the scheduler"), annotations);
        QCOMPARE(annotations.size(), size_t(5));
        const GrafanaAnnotation &incident = annotations.back();
        QCOMPARE(incident.timeMs, int64_t(1000000)); // from the first crash
        QCOMPARE(incident.endMs, int64_t(1840000));
        QVERIFY(incident.tags.contains(QStringLiteral("incident")));
        QVERIFY(incident.tags.contains(QStringLiteral("job:llm-405b")));
        QVERIFY2(incident.text.startsWith(QStringLiteral("llm-405b down 14 min: llm-405b crashed: Xid 79")),
                 qPrintable(incident.text));

        Receiver grafana;
        grafana.failFirst = 1;
        GrafanaSettings settings;
        settings.url = grafana.url("");
        settings.dashboardUid = QStringLiteral("dcgm");
        QCOMPARE(settings.validate(), QString());
        GrafanaAnnotator annotator(settings);
        annotator.add(annotations);
        annotator.sendWaiting(1);
        QCOMPARE(annotator.status().pending, 5u);
        QCOMPARE(annotator.status().failedRequests, 1u);
        annotator.sendWaiting(2);
        QCOMPARE(annotator.status().pending, 0u);
        QCOMPARE(annotator.status().delivered, 5u);
        const std::vector<QJsonDocument> bodies = grafana.received();
        QCOMPARE(bodies.size(), size_t(5));
        QCOMPARE(bodies[0][QStringLiteral("time")].toInteger(), qint64(1000000));
        QVERIFY(!bodies[0].object().contains(QStringLiteral("timeEnd")));
        QCOMPARE(bodies[0][QStringLiteral("dashboardUID")].toString(), QStringLiteral("dcgm"));
        QCOMPARE(bodies[4][QStringLiteral("timeEnd")].toInteger(), qint64(1840000));
        QVERIFY(bodies[3][QStringLiteral("tags")].toArray().contains(QStringLiteral("restart")));

        // Away too long: the oldest go, counted; the newest wait.
        settings.maxWaiting = 2;
        GrafanaAnnotator small(settings);
        small.add(annotations);
        QCOMPARE(small.dropped(), 3u);
        QCOMPARE(small.status().pending, 2u);
    }

    // vigil-gateway's options: each target once; a bad one refused with the option's name.
    void theGatewaysOptionsSayWhatIsWrong()
    {
        QTemporaryDir dir;
        QFile key(dir.filePath(QStringLiteral("pd.key")));
        QVERIFY(key.open(QIODevice::WriteOnly));
        key.write("R0UT1NGKEY\n");
        key.close();
        auto read = [&](const QStringList &args, std::vector<AlarmOutSettings> &targets) {
            QCommandLineParser parser;
            addAlarmOutOptions(parser);
            if (!parser.parse(QStringList { QStringLiteral("vigil-gateway") } + args))
                return parser.errorText();
            return readAlarmOutOptions(parser, targets);
        };
        std::vector<AlarmOutSettings> targets;
        QCOMPARE(
            read({ QStringLiteral("--alertmanager"), QStringLiteral("http://am:9093"),
                   QStringLiteral("--alert-webhook"), QStringLiteral("http://hook/x"), QStringLiteral("--pagerduty"),
                   QStringLiteral("https://events.pagerduty.com/v2/enqueue,") + key.fileName(),
                   QStringLiteral("--alarms-out-interval"), QStringLiteral("5") },
                 targets),
            QString());
        QCOMPARE(targets.size(), size_t(3));
        QCOMPARE(targets[2].routingKey, QStringLiteral("R0UT1NGKEY"));
        QCOMPARE(targets[0].interval, std::chrono::milliseconds(5000));
        targets.clear();
        QVERIFY(read({ QStringLiteral("--alertmanager"), QStringLiteral("am:9093") }, targets)
                    .contains(QStringLiteral("--alertmanager")));
        QVERIFY(read({ QStringLiteral("--pagerduty"), QStringLiteral("https://pd/v2/enqueue") }, targets)
                    .contains(QStringLiteral("KEYFILE")));
        QVERIFY(read({ QStringLiteral("--pagerduty"), QStringLiteral("https://pd/v2/enqueue,/no/such/file") }, targets)
                    .contains(QStringLiteral("--pagerduty")));
        QVERIFY(read({ QStringLiteral("--alarms-out-interval"), QStringLiteral("0") }, targets)
                    .contains(QStringLiteral("--alarms-out-interval")));
        QVERIFY(targets.empty());

        auto grafana = [&](const QStringList &args, GrafanaSettings &settings) {
            QCommandLineParser parser;
            addAlarmOutOptions(parser);
            if (!parser.parse(QStringList { QStringLiteral("vigil-gateway") } + args))
                return parser.errorText();
            return readGrafanaOptions(parser, settings);
        };
        GrafanaSettings g;
        QCOMPARE(grafana({ QStringLiteral("--grafana"), QStringLiteral("http://grafana:3000"),
                           QStringLiteral("--grafana-token-file"), key.fileName(),
                           QStringLiteral("--grafana-dashboard"), QStringLiteral("dcgm") },
                         g),
                 QString());
        QCOMPARE(g.http.bearerToken, QStringLiteral("R0UT1NGKEY"));
        QCOMPARE(g.dashboardUid, QStringLiteral("dcgm"));
        GrafanaSettings bad;
        QVERIFY(grafana({ QStringLiteral("--grafana"), QStringLiteral("grafana:3000") }, bad)
                    .contains(QStringLiteral("--grafana")));
    }

    // In the gateway: a target is a row of View → Sources, with what it took.
    void aGatewayListsWhereItsAlarmsGo()
    {
        Receiver hook;
        GatewayOptions options;
        options.listen = "127.0.0.1:0";
        options.simulator.shape.gpus = 64;
        AlarmOutSettings target;
        target.protocol = AlarmProtocol::Webhook;
        target.url = hook.url("/hook");
        target.interval = std::chrono::milliseconds(1000);
        options.alarmsOut = { target };
        Receiver grafana;
        options.grafana.url = grafana.url("");
        options.grafana.interval = std::chrono::milliseconds(1000);
        QString error;
        const std::unique_ptr<GatewayServer> server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        auto row = [&]() -> std::optional<v1::SourceStatus> {
            const v1::Sources sources = server->sourcesStatus();
            for (const v1::SourceStatus &s : sources.sources())
                if (QString::fromStdString(s.name()).startsWith(QStringLiteral("alert webhook http://127.0.0.1")))
                    return s;
            return std::nullopt;
        };
        QVERIFY(waitFor([&] { return row() && row()->polls() >= 2; }));
        QCOMPARE(row()->last_error(), std::string());

        // A crash and a restart journalled: Grafana gets the incident between them.
        Event crash;
        crash.type = EventType::JobCrash;
        crash.timeMs = QDateTime::currentMSecsSinceEpoch() - 600000;
        crash.jobId = QStringLiteral("e2e-job");
        crash.message = QStringLiteral("e2e-job crashed");
        Event restart = crash;
        restart.type = EventType::JobRestart;
        restart.timeMs = crash.timeMs + 300000;
        restart.message = QStringLiteral("e2e-job restarted");
        server->journal().appendEvents({ crash, restart }, nullptr);
        auto incident = [&] {
            for (const QJsonDocument &d : grafana.received())
                if (d[QStringLiteral("tags")].toArray().contains(QStringLiteral("job:e2e-job"))
                    && d[QStringLiteral("timeEnd")].toInteger() == restart.timeMs)
                    return true;
            return false;
        };
        QVERIFY2(waitFor(incident), "Grafana never got the incident");
        const v1::Sources sources = server->sourcesStatus();
        QVERIFY(std::any_of(sources.sources().begin(), sources.sources().end(), [](const v1::SourceStatus &s) {
            return QString::fromStdString(s.name()).startsWith(QStringLiteral("grafana http://127.0.0.1"))
                && s.events() >= 3;
        }));
        server->stop();
    }
};

QTEST_GUILESS_MAIN(TestAlarmsOut)
#include "tst_alarmsout.moc"
