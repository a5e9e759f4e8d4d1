// SPDX-License-Identifier: GPL-3.0-or-later
// The flight recorder survives its process being killed: vigil-record and the
// dashboard itself are SIGKILLed while recording a live gateway; the recording
// opens afterwards, passes PRAGMA integrity_check and lacks at most the last
// second of what the gateway had sent.
#include "gatewayfixture.h"
#include "recording/recordingreader.h"

#include <QFile>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace vigil;

namespace {

QString integrityCheck(const QString &path)
{
    QString result;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("integrity"));
        db.setDatabaseName(path);
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(QStringLiteral("PRAGMA integrity_check")) && q.next())
                result = q.value(0).toString();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("integrity"));
    return result;
}

int64_t recordedEnd(const QString &path)
{
    RecordingReader reader;
    return reader.open(path).isEmpty() ? reader.endMs() : 0;
}

} // namespace

class TestCrashRecovery : public QObject
{
    Q_OBJECT

    QTemporaryDir dir;

private Q_SLOTS:
    void killedWhileRecording_data()
    {
        QTest::addColumn<QString>("program");
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("vigil-record") << QStringLiteral(VIGIL_RECORD_BIN) << QStringList { QStringLiteral("--out") };
        QTest::newRow("dashboard") << QStringLiteral(VIGIL_DASHBOARD_BIN) << QStringList { QStringLiteral("--record") };
    }
    void killedWhileRecording()
    {
        QFETCH(QString, program);
        QFETCH(QStringList, arguments);
        QString error;
        GatewayOptions options = test::testGatewayOptions(512, 20.0);
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        // A client of our own tells what the gateway had sent when the recorder died.
        LiveCluster watcher;
        TelemetryClient client({ server->address() }, watcher);
        client.start();
        QTRY_VERIFY_WITH_TIMEOUT(test::isLive(watcher), 10000);

        const QString path = dir.filePath(QStringLiteral("%1.vigil").arg(QLatin1String(QTest::currentDataTag())));
        QProcess recorder;
        recorder.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("HOME"), dir.path()); // the dashboard's settings stay in the sandbox
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
        recorder.setProcessEnvironment(env);
        recorder.start(program, arguments << path << QStringLiteral("--gateway") << server->address());
        QVERIFY2(recorder.waitForStarted(10000), qPrintable(recorder.errorString()));
        // Recording for real: frames on disk, then a while longer.
        QTRY_VERIFY_WITH_TIMEOUT(recordedEnd(path) > 0, 20000);
        QTest::qWait(1500);

        ClusterState sent;
        uint64_t generation = 0;
        watcher.copyIfNewer(sent, generation);
        recorder.kill(); // SIGKILL: no flush, no clean shutdown
        QVERIFY(recorder.waitForFinished(10000));
        QCOMPARE(recorder.exitStatus(), QProcess::CrashExit);

        QCOMPARE(integrityCheck(path), QStringLiteral("ok"));
        RecordingReader reader;
        QCOMPARE(reader.open(path), QString());
        // At most the last second is lost (simulated time runs at wall speed here).
        qInfo("recording ends %lld ms before the gateway's last frame", qlonglong(sent.timeMs() - reader.endMs()));
        QVERIFY2(reader.endMs() >= sent.timeMs() - 1000,
                 qPrintable(QStringLiteral("recording ends %1 ms before the gateway's last frame")
                                .arg(sent.timeMs() - reader.endMs())));
        ClusterState replayed;
        QCOMPARE(reader.stateAt(reader.endMs(), replayed), QString());
        QCOMPARE(replayed.topology()->gpus.size(), size_t(512));
        client.stop();
    }

    // A gateway that knows its people streams only to a token: vigil-record says why it
    // records nothing without one, and records with --token or $VIGIL_TOKEN.
    void recordsAGatewayThatWantsAToken()
    {
        const QString operators = dir.filePath(QStringLiteral("operators"));
        {
            QFile f(operators);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("0123456789abcdef0123456789abcdef recorder-7 viewer\n");
        }
        GatewayOptions options = test::testGatewayOptions(256, 20.0);
        options.operatorsPath = operators;
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        auto run = [&](const QStringList &extra, const QString &envToken, const QString &name) {
            auto process = std::make_unique<QProcess>();
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.remove(QStringLiteral("VIGIL_TOKEN"));
            if (!envToken.isEmpty())
                env.insert(QStringLiteral("VIGIL_TOKEN"), envToken);
            process->setProcessEnvironment(env);
            process->start(QStringLiteral(VIGIL_RECORD_BIN),
                           QStringList { QStringLiteral("--out"), dir.filePath(name), QStringLiteral("--gateway"),
                                         server->address() }
                               + extra);
            return process;
        };
        auto anonymous = run({}, {}, QStringLiteral("anonymous.vigil"));
        QByteArray said;
        QTRY_VERIFY_WITH_TIMEOUT((said += anonymous->readAllStandardError()).contains("--token"), 10000);
        QVERIFY2(said.contains("refuses to stream"), said.constData());
        anonymous->terminate();
        QVERIFY(anonymous->waitForFinished(10000));
        QCOMPARE(recordedEnd(dir.filePath(QStringLiteral("anonymous.vigil"))), int64_t(0));

        for (const bool fromEnvironment : { false, true }) {
            const QString name = fromEnvironment ? QStringLiteral("env.vigil") : QStringLiteral("token.vigil");
            auto recorder = fromEnvironment
                ? run({}, QStringLiteral("0123456789abcdef0123456789abcdef"), name)
                : run({ QStringLiteral("--token"), QStringLiteral("0123456789abcdef0123456789abcdef") }, {}, name);
            QTRY_VERIFY_WITH_TIMEOUT(recordedEnd(dir.filePath(name)) > 0, 20000);
            recorder->terminate();
            QVERIFY(recorder->waitForFinished(10000));
        }
    }
};

QTEST_GUILESS_MAIN(TestCrashRecovery)
#include "tst_crashrecovery.moc"
