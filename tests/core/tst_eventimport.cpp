// SPDX-License-Identifier: GPL-3.0-or-later
// Event histories from other systems: CSV and JSON lines resolve entities by
// the names people use, refuse what cannot be used with its line number, keep
// the rest, and land in a recording that replays like any other.
#include "domain/entitynames.h"
#include "recording/eventimport.h"
#include "recording/recordingreader.h"
#include "sim/topologybuilder.h"

#include <QBuffer>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <limits>
#include <set>

using namespace vigil;

namespace {

Topology lab()
{
    ClusterShape shape;
    shape.gpus = 64;
    Topology t = buildTopology(shape, 1);
    t.index();
    return t;
}

std::vector<Event> parse(const QByteArray &text, ImportReport &report)
{
    static const Topology topology = lab();
    QBuffer buffer;
    buffer.setData(text);
    buffer.open(QIODevice::ReadOnly);
    return parseEventHistory(buffer, topology, report);
}

} // namespace

class TestEventImport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void namesResolve()
    {
        const Topology t = lab();
        const EntityNames names(t);
        const Gpu &g = t.gpus[5];
        QCOMPARE(names.find(g.uuid)->index, 5u);
        QCOMPARE(names.find(g.uuid.toLower())->kind, EntityKind::Gpu);
        const QString host = t.nodes[g.nodeIndex].hostname;
        QCOMPARE(names.find(QStringLiteral("%1:%2").arg(host).arg(g.localIndex))->index, 5u);
        QCOMPARE(names.find(host)->kind, EntityKind::Node);
        QCOMPARE(names.find(t.racks[0].name)->kind, EntityKind::Rack);
        QCOMPARE(names.find(t.pdus[0].name)->kind, EntityKind::Pdu);
        QCOMPARE(names.find(QStringLiteral("cluster"))->kind, EntityKind::Cluster);
        QVERIFY(!names.find(QStringLiteral("gpu-nonexistent")));
        for (int v = 100; v < 400; ++v)
            if (isKnownEventType(v))
                QCOMPARE(eventTypeFromKey(eventTypeKey(EventType(v))), std::optional<EventType>(EventType(v)));
    }

    void csvWithQuotesAndBadLines()
    {
        const Topology t = lab();
        const QString host = t.nodes[0].hostname;
        const QByteArray csv = QStringLiteral("time,entity,kind,code,message,severity\n"
                                              "2026-11-02T01:12:00Z,%1:3,ecc_single_bit,0,\"corrected, 3 errors\",\n"
                                              "2026-11-02T03:40:00,%1:3,xid,48,\"Xid 48: \"\"DBE\"\"\",\n"
                                              "1793600000000,%1,drain,0,drained for RMA,info\n"
                                              "2026-11-02T04:00:00Z,gpu-unknown,xid,48,x,\n"
                                              "yesterday,%1:3,xid,48,x,\n"
                                              "2026-11-02T04:00:00Z,%1:3,teleport,0,x,\n"
                                              "2026-11-02T04:00:00Z,%1:3,xid,5000,x,\n"
                                              "2026-11-02T04:00:00Z,%1:3,xid,48\n"
                                              "1890-01-01T00:00:00Z,%1:3,xid,48,x,\n"
                                              "2026-11-02T04:00:00Z,%1:3,xid,48,x,purple\n"
                                              "2026-11-02T05:00:00Z,%1:3,note,0,\"a note\nover two lines\",info\n")
                                   .arg(host)
                                   .toUtf8();
        ImportReport report;
        const std::vector<Event> events = parse(csv, report);
        QCOMPARE(report.error, QString());
        QCOMPARE(events.size(), size_t(4));
        QCOMPARE(report.refused, uint64_t(7));
        QCOMPARE(report.lines, uint64_t(11));
        QCOMPARE(events[0].message, QStringLiteral("corrected, 3 errors"));
        QCOMPARE(events[0].severity, Severity::Warning);
        QCOMPARE(events[1].code, 48);
        QCOMPARE(events[1].message, QStringLiteral("Xid 48: \"DBE\""));
        QCOMPARE(events[1].severity, Severity::Critical); // Xid 48 is critical unless told otherwise
        QCOMPARE(events[1].timeMs, QDateTime(QDate(2026, 11, 2), QTime(3, 40), Qt::UTC).toMSecsSinceEpoch());
        QCOMPARE(events[2].message, QStringLiteral("a note\nover two lines")); // sorted by time
        QCOMPARE(events[3].entity.kind, EntityKind::Node);
        const QString problems = report.problems.empty() ? QString() : [&] {
            QStringList all;
            for (const QString &p : report.problems)
                all << p;
            return all.join(u'\n');
        }();
        for (const char *expected :
             { "line 5: unknown entity", "line 6: time 'yesterday'", "line 7: unknown kind", "line 8: Xid 5000",
               "line 9: 4 fields", "line 10: time", "line 11: unknown severity" })
            QVERIFY2(problems.contains(QLatin1String(expected)), qPrintable(problems));
    }

    void jsonLines()
    {
        const Topology t = lab();
        const QByteArray jsonl
            = QStringLiteral("{\"time\": \"2026-11-02T01:00:00Z\", \"entity\": \"%1\", \"kind\": \"job_crash\","
                             " \"code\": 0, \"message\": \"segfault\"}\n"
                             "{\"time\": 1793577600000, \"entity\": \"%2\", \"kind\": \"pdu_over_threshold\", "
                             "\"value\": 93.5, \"message\": \"B feed\", \"serial\": \" PDU-77 \"}\n"
                             "{\"time\": 1793577600000, \"entity\": \"%2\", \"kind\": \"note\", \"serial\": \"%3\"}\n"
                             "{\"time\": \"2026-11-02T01:00:00Z\", \"entity\": \"%1\"\n"
                             "[1, 2, 3]\n"
                             "{\"entity\": \"%1\", \"kind\": \"job_crash\"}\n")
                  .arg(t.jobs[0].id, t.pdus[0].name, QString(300, u'7'))
                  .toUtf8();
        ImportReport report;
        const std::vector<Event> events = parse(jsonl, report);
        QCOMPARE(events.size(), size_t(2));
        QCOMPARE(report.refused, uint64_t(4));
        QCOMPARE(events[0].type, EventType::PduOverThreshold); // sorted by time
        QCOMPARE(events[0].value, 93.5);
        QCOMPARE(events[0].partSerial, QStringLiteral("PDU-77"));
        QCOMPARE(events[1].jobId, t.jobs[0].id);
        QCOMPARE(events[1].severity, Severity::Critical);
        QVERIFY2(report.problems[0].startsWith(QStringLiteral("line 3: serial")), qPrintable(report.problems[0]));
        QVERIFY(report.problems[1].startsWith(QStringLiteral("line 4: not JSON")));
        QVERIFY(report.problems[2].startsWith(QStringLiteral("line 5: not a JSON object")));
        QVERIFY(report.problems[3].startsWith(QStringLiteral("line 6: no time")));
    }

    void headerlessAndEmptyFilesAreRefused()
    {
        ImportReport report;
        parse("when,where,what\n1,2,3\n", report);
        QVERIFY(report.error.contains(QStringLiteral("no 'time' column")));
        ImportReport empty;
        parse("\n\n", empty);
        QCOMPARE(empty.error, QStringLiteral("the file is empty"));
        ImportReport huge;
        parse("time,entity,kind\n" + QByteArray(100000, 'x') + "\n", huge);
        QCOMPARE(huge.refused, uint64_t(1));
        QVERIFY(huge.problems[0].contains(QStringLiteral("longer than")));
    }

    void importedHistoryReplays()
    {
        QTemporaryDir dir;
        const Topology t = lab();
        const QString csv = dir.filePath(QStringLiteral("history.csv"));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QStringLiteral("time,entity,kind,code,message\n"
                                  "2026-11-02T01:12:00Z,%1,ecc_single_bit,0,first\n"
                                  "2026-11-02T03:40:00Z,%1,xid,48,second\n")
                       .arg(t.gpus[7].uuid)
                       .toUtf8());
        file.close();
        const QString recording = dir.filePath(QStringLiteral("imported.vigil"));
        // A new recording needs a topology to name the entities by.
        QVERIFY(importEventHistory(csv, recording).error.contains(QStringLiteral("no topology")));
        const ImportReport report = importEventHistory(csv, recording, std::make_shared<const Topology>(t));
        QCOMPARE(report.error, QString());
        QCOMPARE(report.imported, uint64_t(2));
        // Importing again into the same recording uses its topology and keeps each event once.
        QCOMPARE(importEventHistory(csv, recording).error, QString());
        RecordingReader reader;
        QCOMPARE(reader.open(recording), QString());
        const std::vector<Event> events = reader.events(0, std::numeric_limits<int64_t>::max());
        QCOMPARE(events.size(), size_t(2));
        QCOMPARE(events[1].code, 48);
        ClusterState state;
        QCOMPARE(reader.stateAt(events[1].timeMs, state), QString());
        QCOMPARE(state.topology()->gpus.size(), t.gpus.size());
    }

    // A long import says how far it is, and one cancelled stores nothing.
    void longImportShowsProgressAndCancels()
    {
        QTemporaryDir dir;
        const Topology t = lab();
        const QString csv = dir.filePath(QStringLiteral("long.csv"));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("time,entity,kind,code,message\n");
        for (int i = 0; i < 20000; ++i)
            file.write(
                QStringLiteral("%1,%2,xid,48,line %3\n")
                    .arg(QDateTime::fromMSecsSinceEpoch(1700000000000LL + i * 60000LL, Qt::UTC).toString(Qt::ISODate),
                         t.gpus[size_t(i) % t.gpus.size()].uuid)
                    .arg(i)
                    .toUtf8());
        file.close();
        const auto topology = std::make_shared<const Topology>(t);
        const QString recording = dir.filePath(QStringLiteral("long.vigil"));
        std::vector<qint64> told;
        bool totalRight = true;
        const ImportReport cancelled = importEventHistory(csv, recording, topology, [&](qint64 read, qint64 total) {
            told.push_back(read);
            totalRight = totalRight && total == QFileInfo(csv).size();
            return told.size() < 2; // the second report is the person pressing Cancel
        });
        QVERIFY(totalRight);
        QVERIFY(cancelled.cancelled);
        QVERIFY(cancelled.error.contains(QStringLiteral("cancelled")));
        QCOMPARE(cancelled.imported, uint64_t(0));
        QCOMPARE(told.size(), size_t(2));
        QVERIFY(told[0] > 0 && told[1] > told[0]);
        QVERIFY(!QFileInfo::exists(recording)); // nothing was stored
        told.clear();
        const ImportReport whole = importEventHistory(csv, recording, topology,
                                                      [&](qint64 read, qint64) { return told.push_back(read), true; });
        QCOMPARE(whole.error, QString());
        QCOMPARE(whole.imported, uint64_t(20000));
        QVERIFY(told.size() >= 4);
        QVERIFY(std::is_sorted(told.begin(), told.end()));
    }

    // A DBE and an off-the-bus on one GPU in the same second are two failures;
    // each imported event has its own identity; a second import stores nothing
    // and says so; every count printed is a count stored.
    void importCountsAreWhatTheRecordingHolds()
    {
        QTemporaryDir dir;
        const Topology t = lab();
        const QString csv = dir.filePath(QStringLiteral("fleet.csv"));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QStringLiteral("time,entity,kind,code,message\n"
                                  "2021-03-04T05:06:07Z,%1,xid,48,double-bit ECC\n"
                                  "2021-03-04T05:06:07Z,%1,xid,79,fell off the bus\n"
                                  "2021-03-04T05:06:07Z,%1,xid,79,fell off the bus (the same line again)\n"
                                  "2021-03-04T05:06:07Z,%2,xid,79,another GPU\n"
                                  "2021-03-04T05:06:07Z,no-such-gpu,xid,79,unknown\n")
                       .arg(t.gpus[7].uuid, t.gpus[8].uuid)
                       .toUtf8());
        file.close();
        const QString recording = dir.filePath(QStringLiteral("fleet.vigil"));
        const ImportReport first = importEventHistory(csv, recording, std::make_shared<const Topology>(t));
        QCOMPARE(first.error, QString());
        QCOMPARE(first.lines, uint64_t(5));
        QCOMPARE(first.imported, uint64_t(3));
        QCOMPARE(first.duplicates, uint64_t(1));
        QCOMPARE(first.refused, uint64_t(1));

        const ImportReport again = importEventHistory(csv, recording);
        QCOMPARE(again.error, QString());
        QCOMPARE(again.imported, uint64_t(0));
        QCOMPARE(again.duplicates, uint64_t(4));

        RecordingReader reader;
        QCOMPARE(reader.open(recording), QString());
        const std::vector<Event> events = reader.events(0, std::numeric_limits<int64_t>::max());
        QCOMPARE(events.size(), size_t(3));
        std::set<uint64_t> ids;
        for (const Event &e : events) {
            QVERIFY(e.id != 0);
            ids.insert(e.id);
        }
        QCOMPARE(ids.size(), size_t(3));
        QCOMPARE(events[0].code + events[1].code + events[2].code, 48 + 79 + 79);
    }
};

QTEST_GUILESS_MAIN(TestEventImport)
#include "tst_eventimport.moc"
