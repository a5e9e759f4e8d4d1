// SPDX-License-Identifier: GPL-3.0-or-later
// Recordings made as fast as possible: the frames read back into the same state
// a subscriber would hold, the truth points at events that are in them, the same
// seed gives the same file, and broken files are refused with a clear reason.
#include "domain/streamconsumer.h"
#include "host/framelog.h"
#include "sources/topologyfile.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace vigil;

namespace {

SimulatorOptions smallDecline()
{
    SimulatorOptions options;
    options.shape.gpus = 256;
    options.scenario = Scenario::Decline;
    return options;
}

QByteArray digest(const QString &path)
{
    QFile file(path);
    file.open(QIODevice::ReadOnly);
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256);
}

} // namespace

class TestFrameLog : public QObject
{
    Q_OBJECT

    QTemporaryDir dir;

private Q_SLOTS:
    void generatedRecordingReadsBack()
    {
        const QString prefix = dir.filePath(QStringLiteral("week"));
        GenerationSummary summary;
        QCOMPARE(generateRecording(smallDecline(), 168 * 3600000LL, 300000, prefix, &summary), QString());
        const RecordingFiles files = RecordingFiles::forPrefix(prefix);

        const TopologyFile topology = TopologyFile::read(files.topology);
        QCOMPARE(topology.error, QString());
        StreamConsumer consumer;
        consumer.setTopology(std::make_shared<const Topology>(topology.topology));
        FrameLogReader reader;
        QCOMPARE(reader.open(files.frames), QString());
        v1::StreamMessage m;
        std::vector<Event> events;
        while (reader.next(m))
            QVERIFY2(consumer.consume(m, events) != StreamConsumer::Outcome::ProtocolError,
                     qPrintable(consumer.lastError()));
        QCOMPARE(reader.error(), QString());
        QVERIFY(consumer.gaps().empty());
        QCOMPARE(uint64_t(events.size()), summary.events);
        QCOMPARE(consumer.samplesApplied(), summary.samples);
        QCOMPARE(consumer.state().timeMs(), 1793577600000 + 168 * 3600000LL);

        std::set<uint64_t> ids;
        for (const Event &e : events)
            ids.insert(e.id);
        QFile truth(files.truth);
        QVERIFY(truth.open(QIODevice::ReadOnly));
        int lines = 0;
        while (!truth.atEnd()) {
            const QJsonObject record = QJsonDocument::fromJson(truth.readLine()).object();
            for (const QJsonValue id : record.value(QStringLiteral("failure_event_ids")).toArray())
                QVERIFY(ids.count(uint64_t(id.toInteger())));
            for (const QJsonValue id : record.value(QStringLiteral("precursor_event_ids")).toArray())
                QVERIFY(ids.count(uint64_t(id.toInteger())));
            ++lines;
        }
        QCOMPARE(uint64_t(lines), summary.failures);
        QVERIFY(lines >= 5); // the story's failures at least
    }

    void sameSeedSameFile()
    {
        const QString a = dir.filePath(QStringLiteral("a"));
        const QString b = dir.filePath(QStringLiteral("b"));
        QCOMPARE(generateRecording(smallDecline(), 6 * 3600000LL, 60000, a), QString());
        QCOMPARE(generateRecording(smallDecline(), 6 * 3600000LL, 60000, b), QString());
        QCOMPARE(digest(a + QStringLiteral(".frames")), digest(b + QStringLiteral(".frames")));
        QCOMPARE(digest(a + QStringLiteral(".topology.json")), digest(b + QStringLiteral(".topology.json")));
    }

    void brokenFilesAreRefused_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("error");
        v1::StreamMessage m;
        m.set_seq(7);
        m.mutable_sync();
        const std::string frame = m.SerializeAsString();
        const QByteArray good = QByteArray(1, char(frame.size())) + QByteArray::fromStdString(frame);
        QTest::newRow("truncated frame") << good + QByteArray(1, char(40)) + QByteArray(10, 'x')
                                         << QStringLiteral("frame 2 is truncated");
        QTest::newRow("ends inside a length")
            << good + QByteArray(1, char(0x80)) << QStringLiteral("inside its length");
        QTest::newRow("oversize length") << good + QByteArray("\xff\xff\xff\xff\x0f", 5)
                                         << QStringLiteral("more than the 64 MB");
        QTest::newRow("not a message") << good + QByteArray(1, char(3)) + QByteArray("\xff\xff\xff", 3)
                                       << QStringLiteral("frame 2 is not a vigil.v1.StreamMessage");
    }

    void brokenFilesAreRefused()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, error);
        const QString path = dir.filePath(QStringLiteral("broken.frames"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(bytes);
        file.close();
        FrameLogReader reader;
        QCOMPARE(reader.open(path), QString());
        v1::StreamMessage m;
        QVERIFY(reader.next(m)); // the good frame before the damage is kept
        QCOMPARE(m.seq(), uint64_t(7));
        QVERIFY(!reader.next(m));
        QVERIFY2(reader.error().contains(error), qPrintable(reader.error()));
    }

    void unwritablePrefixIsAClearError()
    {
        const QString error = generateRecording(smallDecline(), 3600000, 60000, QStringLiteral("/nonexistent/dir/x"));
        QVERIFY2(error.contains(QStringLiteral("cannot write")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestFrameLog)
#include "tst_framelog.moc"
