// SPDX-License-Identifier: GPL-3.0-or-later
// The maintenance-debt report: its totals are the sums of its incident table, its
// CSV says the same, and vigil-report answers every command line with a clear
// message and the documented exit status.
#include "analysisfixture.h"
#include "domain/commandlineoption.h"
#include "domain/entitynames.h"
#include "faketsdb.h"
#include "host/framelog.h"
#include "httpfixture.h"
#include "recording/eventimport.h"
#include "recording/recordingreader.h"
#include "report/maintenancereport.h"
#include "report/reportcsv.h"
#include "reportpages/reportrenderer.h"
#include "sim/scenario.h"
#include "sim/topologybuilder.h"
#include "sources/topologyfile.h"

#include <QDateTime>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <map>
#include <random>
#include <set>

using namespace vigil;

namespace {

// A CSV file as rows of fields (the writer quotes only what it must).
std::vector<QStringList> readCsv(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    std::vector<QStringList> rows;
    const QString text = QString::fromUtf8(f.readAll());
    QStringList row;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < text.size() && text[i + 1] == QLatin1Char('"'))
                field += c, ++i;
            else if (c == QLatin1Char('"'))
                quoted = false;
            else
                field += c;
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            row << field;
            field.clear();
        } else if (c == QLatin1Char('\n')) {
            row << field;
            field.clear();
            rows.push_back(row);
            row.clear();
        } else if (c != QLatin1Char('\r')) {
            field += c;
        }
    }
    return rows;
}

int column(const QStringList &header, const char *name)
{
    return int(header.indexOf(QLatin1String(name)));
}

} // namespace

class TestReport : public QObject
{
    Q_OBJECT

    QTemporaryDir dir;
    QString recording;

    struct Run
    {
        int status = -1;
        QString out, err;
    };
    Run report(const QStringList &arguments)
    {
        QProcess p;
        p.start(QStringLiteral(VIGIL_REPORT_BIN), arguments);
        p.waitForFinished(120000);
        return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                 QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError()) };
    }

private Q_SLOTS:
    void initTestCase()
    {
        // Five simulated days of the decline story on a small cluster: incidents, acknowledgements,
        // a drain, a threshold lowered by hand, a manual restart.
        recording = dir.filePath(QStringLiteral("decline.vigil"));
        SimulatorOptions options;
        options.shape.gpus = 256;
        options.scenario = Scenario::Decline;
        QCOMPARE(generateRecording(options, 120 * 3600000LL, 300000, recording), QString());
    }

    // Asked for the last week of five recorded days, the report covers the five
    // days: its period never begins before the data does.
    void theDefaultPeriodStartsWithTheData()
    {
        RecordingReader reader;
        QCOMPARE(reader.open(recording), QString());
        const int64_t week = 7 * 24 * 3600000LL, day = 24 * 3600000LL;
        const auto [from, to] = recordingTail(reader, week, 0);
        QCOMPARE(from, reader.startMs());
        QCOMPARE(to, reader.endMs() + 1);
        const auto [dayFrom, dayTo] = recordingTail(reader, day, 0);
        QCOMPARE(dayTo - dayFrom, day);
        const Run run = report({ QStringLiteral("--format"), QStringLiteral("csv"), QStringLiteral("--recording"),
                                 recording, QStringLiteral("--out"), dir.filePath(QStringLiteral("tail")) });
        QVERIFY2(run.status == 0, qPrintable(run.err));
        const QString first
            = QDateTime::fromMSecsSinceEpoch(reader.startMs(), Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
        QVERIFY2(run.out.contains(first + QStringLiteral(" – ")), qPrintable(run.out));
        // A period that ends a millisecond into the recording is not a recorded one: the report
        // compares nothing with it (it had said "ETTR 27 % worse than the week before" of no week).
        MaintenanceReport r;
        QCOMPARE(buildReport(reader, reader.startMs() + 1, reader.endMs() + 1, {}, {}, r), QString());
        QVERIFY(r.current.recorded);
        QVERIFY(!r.previous.recorded);
    }

    // A fleet's multi-year failure history, with no job anywhere, imported onto
    // its floor plan (racks of 96 single-GPU nodes): the report counts every
    // failure where it happened, and its per-rack, per-position and per-year
    // counts equal a count made directly from the source lines.
    void aFleetHistoryWithoutJobsIsCountedWhereItFailed()
    {
        ClusterShape shape;
        shape.gpus = 4 * 96;
        shape.gpusPerNode = 1;
        shape.nodesPerRack = 96;
        auto floor = std::make_shared<Topology>(buildTopology(shape, 5));
        floor->jobs.clear(); // a fleet record: nothing ran that the history knows of
        QCOMPARE(floor->index(), QString());
        const QString csv = dir.filePath(QStringLiteral("fleet.csv"));
        QFile f(csv);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("time,entity,kind,code,message,serial\n");
        const int64_t from = QDateTime(QDate(2021, 1, 1), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
        const int64_t to = QDateTime(QDate(2024, 1, 1), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
        std::mt19937_64 rng(18688);
        std::map<QString, int> byRack, bySlot, byYear;
        int failures = 0;
        // The parts in each slot, by serial: a failed part is mostly replaced by a new one, and
        // now and then repaired and put back into another slot.
        std::vector<QString> installed(floor->gpus.size());
        int made = 0;
        for (QString &serial : installed)
            serial = QStringLiteral("SN%1").arg(++made, 6, 10, QLatin1Char('0'));
        std::map<uint32_t, std::pair<int, std::set<QString>>> slotsSeen; // failures, parts
        std::map<QString, std::pair<int, std::set<uint32_t>>> partsSeen; // failures, slots
        for (int k = 0; k < 900; ++k) {
            const uint32_t gpu = uint32_t(rng() % floor->gpus.size());
            const int64_t t = from + int64_t(rng() % uint64_t(to - from)) / 1000 * 1000;
            const int kind = int(rng() % 4); // a DBE, an off-the-bus, a double-bit ECC, or a mere warning
            const char *what[] = { "xid,48,DBE", "xid,79,off the bus", "ecc_double_bit,0,DBE", "ecc_single_bit,0,SBE" };
            const QString serial = installed[gpu];
            f.write(QStringLiteral("%1,%2,%3,%4\n")
                        .arg(QDateTime::fromMSecsSinceEpoch(t, Qt::UTC).toString(Qt::ISODateWithMs),
                             floor->gpus[gpu].uuid, QString::fromLatin1(what[kind]), serial)
                        .toUtf8());
            if (kind == 3)
                continue; // a correctable error is not a failure
            ++failures;
            ++slotsSeen[gpu].first;
            slotsSeen[gpu].second.insert(serial);
            ++partsSeen[serial].first;
            partsSeen[serial].second.insert(gpu);
            if (rng() % 10 < 7)
                installed[gpu] = QStringLiteral("SN%1").arg(++made, 6, 10, QLatin1Char('0'));
            if (rng() % 10 == 0)
                installed[rng() % installed.size()] = serial; // repaired, and back in service elsewhere
            const Node &node = floor->nodes[floor->gpus[gpu].nodeIndex];
            ++byRack[floor->racks[node.rackIndex].name];
            ++bySlot[QStringLiteral("slot %1").arg(node.slot)];
            ++byYear[QString::number(QDateTime::fromMSecsSinceEpoch(t, Qt::UTC).date().year())];
        }
        f.close();
        const QString fleetRecording = dir.filePath(QStringLiteral("fleet.vigil"));
        const ImportReport imported = importEventHistory(csv, fleetRecording, floor);
        QCOMPARE(imported.error, QString());
        QCOMPARE(imported.imported, uint64_t(900));

        RecordingReader reader;
        QCOMPARE(reader.open(fleetRecording), QString());
        MaintenanceReport r;
        QCOMPARE(buildReport(reader, from, to, {}, {}, r), QString());
        QVERIFY(!r.isEmpty()); // never "nothing happened" over hardware failures
        QCOMPARE(r.current.disruptions, size_t(0));
        QCOMPARE(r.fleet.fleet.failures, uint64_t(failures));
        auto counted = [](const std::vector<FailureTally> &list) {
            std::map<QString, int> m;
            for (const FailureTally &t : list)
                if (t.failures)
                    m[t.name] = int(t.failures);
            return m;
        };
        QCOMPARE(counted(r.fleet.byRack), byRack);
        QCOMPARE(counted(r.fleet.byPosition), bySlot);
        QCOMPARE(counted(r.fleet.byYear), byYear);
        // Lemon positions (two or more failures of two or more parts) and lemon parts (two or more
        // failures of one serial), as counted straight from the lines written.
        std::map<QString, std::pair<int, int>> positions, parts, expectedPositions, expectedParts;
        for (const auto &[gpu, seen] : slotsSeen)
            if (seen.first >= 2 && seen.second.size() >= 2)
                expectedPositions[entityKeyName(*floor, { EntityKind::Gpu, gpu })]
                    = { seen.first, int(seen.second.size()) };
        for (const auto &[serial, seen] : partsSeen)
            if (seen.first >= 2)
                expectedParts[serial] = { seen.first, int(seen.second.size()) };
        for (const LemonPosition &p : r.fleet.lemonPositions)
            positions[p.name] = { int(p.failures), int(p.parts) };
        for (const LemonPart &p : r.fleet.lemonParts)
            parts[p.serial] = { int(p.failures), int(p.positions) };
        QVERIFY(expectedPositions.size() > 3 && expectedParts.size() > 3);
        QCOMPARE(positions, expectedPositions);
        QCOMPARE(parts, expectedParts);
        QVERIFY(std::any_of(r.fleet.lemonParts.begin(), r.fleet.lemonParts.end(),
                            [](const LemonPart &p) { return p.positions >= 2; })); // one followed its part around
        QCOMPARE(r.fleet.byYear.size(), size_t(3));
        QCOMPARE(r.fleet.byQuarter.size(), size_t(12));
        QCOMPARE(r.fleet.byMonth.size(), size_t(36));
        const double gpuDays = double(floor->gpus.size()) * double(to - from) / 86400000.0;
        QVERIFY(std::fabs(r.fleet.fleet.gpuDays - gpuDays) < 1e-6);
        QVERIFY(std::fabs(r.fleet.fleet.per1000GpuDays() - 1000.0 * failures / gpuDays) < 1e-9);
        QCOMPARE(r.fleet.byRack.front().failures,
                 uint64_t(std::max_element(byRack.begin(), byRack.end(), [](auto &a, auto &b) {
                              return a.second < b.second;
                          })->second)); // worst first

        // The CSV and the PDF say the same.
        const QString out = dir.filePath(QStringLiteral("fleet-csv"));
        QCOMPARE(writeReportCsv(r, out), QString());
        int csvRackFailures = 0;
        for (const QStringList &row : readCsv(out + QStringLiteral("/fleet_failures.csv")))
            if (row.value(0) == QLatin1String("rack"))
                csvRackFailures += row.value(2).toInt();
        QCOMPARE(csvRackFailures, failures);
        size_t csvLemonParts = 0;
        for (const QStringList &row : readCsv(out + QStringLiteral("/fleet_lemons.csv")))
            csvLemonParts += row.value(0) == QLatin1String("part");
        QCOMPARE(csvLemonParts, expectedParts.size());
        const QString pdf = dir.filePath(QStringLiteral("fleet.pdf"));
        QCOMPARE(ReportRenderer(r, QPageSize(QPageSize::A4), QLocale(QLocale::English)).writePdf(pdf), QString());
        QProcess text;
        text.start(QStringLiteral("pdftotext"), { pdf, QStringLiteral("-") });
        QVERIFY(text.waitForFinished(30000));
        const QString body = QString::fromUtf8(text.readAllStandardOutput());
        QVERIFY(!body.contains(QStringLiteral("Nothing happened")));
        QVERIFY(body.contains(QStringLiteral("Fleet reliability")));
        QVERIFY(
            body.contains(QStringLiteral("%1 hardware failure").arg(failures))); // plural from vigil_en.ts in the app
        QVERIFY(body.contains(r.fleet.byRack.front().name));
        QVERIFY(body.contains(QStringLiteral("Lemon positions")) && body.contains(QStringLiteral("Lemon parts")));
        QVERIFY(body.contains(r.fleet.lemonParts.front().serial));
    }

    void aCraftedWeekWithHandComputedAnswers()
    {
        // One week, 2026-11-02 to 2026-11-09 (UTC), on a lab cluster: a GPU warns, is
        // acknowledged, fails; the job restarts from its checkpoint; people act at night and by
        // day; a PDU warns at the end and nobody deals with it.
        const auto topology = test::labTopology(512);
        const Job &job = topology->jobs[0];
        const double gpus = double(job.gpuIndices.size());
        const QString gpu = entityKeyName(*topology, { EntityKind::Gpu, job.gpuIndices[5] });
        const QString pdu = entityKeyName(*topology, { EntityKind::Pdu, 3 });
        const QString csv = dir.filePath(QStringLiteral("week.csv"));
        QFile f(csv);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("time,entity,kind,code,message,severity,job,step,operator\n"
                               "2026-11-03T01:00:00Z,%1,ecc_single_bit,0,3 corrected,warning,,,\n"
                               "2026-11-03T01:20:00Z,%2,checkpoint_saved,0,,info,%2,900,\n"
                               "2026-11-03T01:30:00Z,%1,acknowledge,0,watching it,info,,,ana\n"
                               "2026-11-03T02:00:00Z,%2,checkpoint_saved,0,,info,%2,1000,\n"
                               "2026-11-03T02:19:40Z,%1,xid,79,fell off the bus,critical,,,\n"
                               "2026-11-03T02:20:00Z,%2,job_crash,0,,critical,%2,1050,\n"
                               "2026-11-03T02:50:00Z,%2,job_restart,0,,warning,%2,1000,\n"
                               "2026-11-03T02:50:00Z,%2,rollback,0,,warning,%2,1000,\n"
                               "2026-11-04T03:00:00Z,%2,note,0,ticket 4411,info,%2,,kim\n"
                               "2026-11-05T14:00:00Z,%3,threshold_change,0,power cap 560 W,info,,,lee\n"
                               "2026-11-08T12:00:00Z,%4,pdu_over_threshold,0,92 %,warning,,,\n")
                    .arg(gpu, job.id, topology->racks[0].name, pdu)
                    .toUtf8());
        f.close();
        const QString week = dir.filePath(QStringLiteral("week.vigil"));
        const ImportReport imported = importEventHistory(csv, week, topology);
        QVERIFY2(imported.error.isEmpty() && imported.refused == 0,
                 qPrintable(imported.error + (imported.problems.empty() ? QString() : imported.problems.front())));
        RecordingReader reader;
        QCOMPARE(reader.open(week), QString());
        const int64_t from = QDateTime(QDate(2026, 11, 2), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
        const int64_t to = from + 7 * 86400000LL;
        MaintenanceReport r;
        QCOMPARE(buildReport(reader, from, to, {}, {}, r), QString());

        // Headline: one failure. Checkpoints 100 steps 40 minutes apart make a step 24 s; the
        // crash came 50 steps after the checkpoint and training resumed 30 minutes later.
        const double lost = gpus * (0.5 + 50 * 24.0 / 3600.0);
        QCOMPARE(r.current.disruptions, size_t(1));
        QVERIFY(std::fabs(r.current.downtimeGpuHours - gpus * 0.5) < 1e-6);
        QVERIFY(std::fabs(r.current.recomputeGpuHours - gpus * 50 * 24.0 / 3600.0) < 1e-6);
        QVERIFY(std::fabs(r.current.lostGpuHours - lost) < 1e-6);
        QVERIFY(std::fabs(r.current.money - lost * 2.5) < 1e-6);
        QCOMPARE(r.current.preventableShare(), 1.0); // the GPU warned 80 minutes before, over the 1-hour lead
        QVERIFY(std::fabs(r.current.mttrHours - 0.5) < 1e-9);
        QCOMPARE(r.current.mtbfHours, 7 * 24.0);
        QCOMPARE(r.previous.disruptions, size_t(0));
        QCOMPARE(r.lostByCause.size(), size_t(1));
        QVERIFY(std::fabs(r.lostByCause.at(CauseClass::Gpu) - lost) < 1e-6);
        QCOMPARE(r.incidents.size(), size_t(1));
        QCOMPARE(r.incidents[0].incident.jobId, job.id);
        QCOMPARE(r.incidents[0].attribution.top()->entity, (EntityRef { EntityKind::Gpu, job.gpuIndices[5] }));
        QCOMPARE(r.incidents[0].cost.leadMs, 80 * 60000LL);

        // Grit: three manual actions (the restart was automatic), two at night (01:30 and 03:00),
        // 2 + 3 + 15 minutes by hand; one threshold changed, the only hands-on one (at 14:00).
        QCOMPARE(r.interventions.size(), size_t(3));
        QCOMPARE(r.grit.work.handsOn, size_t(1));
        QCOMPARE(r.grit.work.handsOnAtNight, size_t(0));
        QCOMPARE(r.grit.work.paperwork, size_t(2));
        QVERIFY(std::fabs(r.grit.work.operatorHours - 20.0 / 60.0) < 1e-9);
        QCOMPARE(r.grit.thresholdChanges.size(), size_t(1));
        QCOMPARE(r.grit.thresholdChanges[0].operatorName, QStringLiteral("lee"));
        QVERIFY(!r.grit.thresholdCosts.at(0).measured); // an imported history has no readings to measure it by
        QCOMPARE(r.grit.repeatedRestarts.size(), size_t(0));

        // Debt: the GPU's warnings were paid for by its failure; the PDU's, 12 hours old, are open.
        QCOMPARE(r.debt.size(), size_t(1));
        QCOMPARE(r.debt[0].warnings.entity, (EntityRef { EntityKind::Pdu, 3 }));
        QCOMPARE(r.debt[0].ageMs, 12 * 3600000LL);
        QCOMPARE(r.debtByAge[0].warnings, size_t(1)); // under a day
        QCOMPARE(r.debtByAge[1].warnings + r.debtByAge[2].warnings + r.debtByAge[3].warnings, size_t(0));
        QVERIFY(r.lemons.empty()); // one failure is not a pattern

        // Trends: six weeks, of which only this one is recorded.
        QCOMPARE(r.trend.size(), size_t(6));
        QVERIFY(r.current.recorded);
        QVERIFY(!r.previous.recorded); // before the history began: no figures, not zeros
        QCOMPARE(r.trend.front().fromMs, from - 5 * 7 * 86400000LL);
        // Fix first: nothing. The PDU's warnings are of a kind this history has never seen fail
        // (the documented prior, 1 % within 72 h): no work worth doing, and no headline cost.
        QVERIFY(std::fabs(r.debt[0].hazard.cases - 12.0 / 72.0) < 1e-6); // watched 12 of its 72 hours
        QCOMPARE(r.debt[0].hazard.prior, 0.01);
        QVERIFY(!r.debt[0].hazard.material);
        QCOMPARE(r.debt[0].expectedSaving(), r.debt[0].hazard.probability * r.debt[0].costOfFailure);
        QCOMPARE(expectedCostPerDayOfDebt(r.debt), 0.0);
        QVERIFY(r.fixFirst.empty());

        // The PDF of it: the title page, then the sections, page numbers on each.
        const QString pdf = dir.filePath(QStringLiteral("week.pdf"));
        const Run run = report({ QStringLiteral("--recording"), week, QStringLiteral("--from"),
                                 QStringLiteral("2026-11-02"), QStringLiteral("--to"), QStringLiteral("2026-11-09"),
                                 QStringLiteral("--lang"), QStringLiteral("en"), QStringLiteral("--out"), pdf });
        QVERIFY2(run.status == 0, qPrintable(run.err));
        QProcess text;
        text.start(QStringLiteral("pdftotext"), { pdf, QStringLiteral("-") });
        QVERIFY(text.waitForFinished(30000));
        const QString body = QString::fromUtf8(text.readAllStandardOutput());
        const QLocale en(QLocale::English);
        QVERIFY(body.contains(en.toString(lost, 'f', 0)));
        QVERIFY(body.contains(QStringLiteral("$%1").arg(en.toString(lost * 2.5, 'f', 0))));
        QVERIFY(body.contains(QStringLiteral("1 hands-on action (drains")));
        QVERIFY(body.contains(QStringLiteral("0 of them at night")));
        QVERIFY(body.contains(QStringLiteral("2 acknowledgements, shelves and notes besides")));
        QVERIFY(body.contains(QStringLiteral("power cap 560 W")));
        // The title page; where it went with its one incident and the grit; debt, the backtest and trends.
        QCOMPARE(body.count(QStringLiteral("Vigil maintenance-debt report · page ")), 4);
        QVERIFY(body.contains(QStringLiteral("page 1 of 4")) && body.contains(QStringLiteral("page 4 of 4")));
        QVERIFY(body.contains(QStringLiteral("Does the forecast hold? The backtest")));
    }

    // The decline story's worn fan tray slows the training job for days: the report prices it
    // against the simulator's own account and blames the hot rack, not a disruption.
    // Read a frame a minute, or a frame every 15 simulated minutes as the demo plays the week at
    // an hour a second (each reading then stands for the minutes until the next): the same price.
    void theSlowDegradationIsPricedAndPlaced_data()
    {
        QTest::addColumn<int64_t>("frameMs");
        QTest::newRow("a frame a minute") << int64_t(60000);
        QTest::newRow("a frame every 15 minutes") << int64_t(900000);
    }

    void theSlowDegradationIsPricedAndPlaced()
    {
        QFETCH(int64_t, frameMs);
        const QString week = dir.filePath(QStringLiteral("slow-week-%1.vigil").arg(frameMs));
        SimulatorOptions options;
        options.shape.gpus = 256;
        options.scenario = Scenario::Decline;
        GenerationSummary truth;
        QCOMPARE(generateRecording(options, 168 * 3600000LL, frameMs, week, &truth), QString());
        RecordingReader reader;
        QCOMPARE(reader.open(week), QString());
        MaintenanceReport r;
        QCOMPARE(buildReport(reader, reader.startMs(), reader.endMs() + 1, {}, {}, r), QString());
        QVERIFY(!r.slowdowns.empty());
        const Slowdown &worst = r.slowdowns.front();
        QCOMPARE(worst.jobId, r.topology->jobs[0].id); // the story's training job
        QVERIFY(worst.toMs - worst.fromMs >= 48 * 3600000LL); // for days
        QVERIFY(worst.worstSeconds > worst.baselineSeconds * 1.15);
        QVERIFY(worst.causeEntity.has_value());
        const DeclineStory story = DeclineStory::cast(*r.topology);
        QVERIFY(worst.causeEntity->kind == EntityKind::Gpu);
        QCOMPARE(r.topology->rackOfGpu(worst.causeEntity->index), size_t(story.hotRack));
        QVERIFY(r.lostByCause.count(CauseClass::Degradation));
        QVERIFY(std::fabs(r.lostByCause.at(CauseClass::Degradation) - r.current.slowdownGpuHours) < 1e-6);
        const double errorPct = 100.0 * std::fabs(r.current.slowdownGpuHours - truth.slowdownGpuHours)
            / std::max(1.0, truth.slowdownGpuHours);
        qInfo("slowdown: %.0f GPU-h priced, %.0f true, %.1f %% off", r.current.slowdownGpuHours, truth.slowdownGpuHours,
              errorPct);
        QVERIFY(truth.slowdownGpuHours > 500.0);
        QVERIFY2(errorPct <= 25.0, qPrintable(QString::number(errorPct)));
    }

    // The GPUs the simulator slowed without a word are found in the generated recording (its
    // generator derives the warnings as a gateway would) and priced beside the headline, at a
    // stream's rate and at a sparse recording's (a frame every quarter hour, its steady
    // readings not sent again between keyframes).
    void theStragglersTheSimulatorSlowedAreInTheReport_data()
    {
        QTest::addColumn<int64_t>("frameMs");
        QTest::addColumn<int64_t>("foundWithinMs");
        QTest::newRow("a frame every 15 s") << int64_t(15000) << int64_t(10 * 60000);
        QTest::newRow("a frame every 15 minutes") << int64_t(900000) << int64_t(100 * 60000);
    }
    void theStragglersTheSimulatorSlowedAreInTheReport()
    {
        QFETCH(int64_t, frameMs);
        QFETCH(int64_t, foundWithinMs);
        const QString day = dir.filePath(QStringLiteral("straggler-day-%1.vigil").arg(frameMs));
        SimulatorOptions options;
        options.shape.gpus = 512;
        options.scenario = Scenario::Steady; // the quiet one has no slow GPU either
        GenerationSummary truth;
        QCOMPARE(generateRecording(options, 12 * 3600000LL, frameMs, day, &truth), QString());
        QVERIFY(!truth.slowGpus.empty());
        const SlowGpuEpisode &slow = truth.slowGpus.front();
        RecordingReader reader;
        QCOMPARE(reader.open(day), QString());
        MaintenanceReport r;
        QCOMPARE(buildReport(reader, reader.startMs(), reader.endMs() + 1, {}, {}, r), QString());
        QVERIFY(!r.stragglers.empty());
        const StragglerEpisode &found = r.stragglers.front();
        const EntityRef gpu { EntityKind::Gpu, slow.gpu };
        const EntityRef node { EntityKind::Node, r.topology->gpus[slow.gpu].nodeIndex };
        QVERIFY2(found.entity == gpu || found.entity == node, qPrintable(found.message));
        QCOMPARE(found.jobId, slow.jobId);
        QVERIFY(found.fromMs >= slow.fromMs && found.fromMs - slow.fromMs <= foundWithinMs);
        // Its deficit is the one the simulator gave it, within what a clock's 15 MHz steps allow.
        QVERIFY2(std::abs(found.worstDeficit - slow.slowShare) < 0.004,
                 qPrintable(QStringLiteral("%1 against %2").arg(found.worstDeficit).arg(slow.slowShare)));
        // What the job lost waiting from the first warning on: its GPUs × the deficit × the hours
        // it was slow (in the period).
        const double hours = double(std::min(slow.toMs, reader.endMs()) - found.fromMs) / 3600000.0;
        const double expected = double(found.jobGpus) * slow.slowShare * hours;
        qInfo("straggler: %s of %s, %.2f %% slow (truth %.2f %%), %u GPUs, found %.1f min after it began, for %.2f h "
              "(truth %.2f h), %zu warnings: %.2f GPU-h priced, %.2f from the truth",
              qPrintable(entityKeyName(*r.topology, found.entity)), qPrintable(found.jobId), found.worstDeficit * 100,
              slow.slowShare * 100, found.jobGpus, double(found.fromMs - slow.fromMs) / 60000.0,
              double(found.toMs - found.fromMs) / 3600000.0, hours, found.warnings, found.lostGpuHours, expected);
        QVERIFY(std::abs(found.lostGpuHours - expected) <= 0.05 * expected);
        // Beside the headline, not in it; and in the CSV.
        const QString out = dir.filePath(QStringLiteral("straggler-csv-%1").arg(frameMs));
        QCOMPARE(writeReportCsv(r, out), QString());
        const auto rows = readCsv(out + QStringLiteral("/stragglers.csv"));
        QCOMPARE(rows.size(), r.stragglers.size() + 1);
        QVERIFY(std::abs(rows[1][column(rows.front(), "lost_gpu_hours")].toDouble() - found.lostGpuHours) < 0.01);
    }

    void totalsAreTheSumsOfTheIncidentTable()
    {
        RecordingReader reader;
        QCOMPARE(reader.open(recording), QString());
        MaintenanceReport r;
        const int64_t to = reader.endMs() + 1, from = to - 5 * 86400000LL;
        QCOMPARE(buildReport(reader, from, to, {}, {}, r), QString());
        QVERIFY(r.current.disruptions > 0);
        QCOMPARE(r.current.disruptions, r.incidents.size());
        double lost = 0, money = 0, downtime = 0, recompute = 0, preventable = 0, byCause = 0, slow = 0;
        for (const Slowdown &s : r.slowdowns) { // a slowdown's hours in the period
            slow += s.lostGpuHours;
            money += s.money;
            QVERIFY(s.hourly.front().first >= from && s.hourly.back().first < to);
        }
        lost += slow;
        for (const ReportIncident &i : r.incidents) {
            lost += i.cost.lostGpuHours;
            money += i.cost.money;
            downtime += i.cost.downtimeGpuHours;
            recompute += i.cost.recomputeGpuHours;
            preventable += i.cost.preventable ? i.cost.lostGpuHours : 0.0;
            QVERIFY(i.incident.failedMs >= from && i.incident.failedMs < to);
        }
        for (const auto &[cause, hours] : r.lostByCause)
            byCause += hours;
        QVERIFY(std::fabs(r.current.lostGpuHours - lost) < 1e-6);
        QVERIFY(std::fabs(r.current.money - money) < 1e-6);
        QVERIFY(std::fabs(r.current.slowdownGpuHours - slow) < 1e-6);
        QCOMPARE(r.current.downtimeGpuHours, downtime);
        QCOMPARE(r.current.recomputeGpuHours, recompute);
        QCOMPARE(r.current.preventableGpuHours, preventable);
        QVERIFY(std::fabs(byCause - lost) < 1e-6);
        QVERIFY(std::fabs(lost - downtime - recompute - slow) < 1e-6);
        QVERIFY(std::fabs(r.current.money - r.current.lostGpuHours * 2.5) < 1e-6);
        // The costliest first; the trend ends with this period.
        for (size_t i = 1; i < r.incidents.size(); ++i)
            QVERIFY(r.incidents[i - 1].cost.lostGpuHours >= r.incidents[i].cost.lostGpuHours);
        QCOMPARE(r.trend.size(), size_t(MaintenanceReport::TrendPeriods));
        QCOMPARE(r.trend.back().lostGpuHours, r.current.lostGpuHours);
        QCOMPARE(r.trend.back().fromMs, from);
        // The ledger: the scenario's people, the night-time share and hands-on hours add up.
        QVERIFY(r.grit.work.handsOn > 0);
        QCOMPARE(r.grit.work.handsOn + r.grit.work.paperwork, r.interventions.size());
        double hours = 0;
        size_t night = 0, handsOn = 0;
        for (const Intervention &v : r.interventions) {
            hours += double(v.effortMs) / 3600000.0;
            const bool byHand = v.action == EventType::Drain || v.action == EventType::ManualRestart
                || v.action == EventType::HotPatch || v.action == EventType::ThresholdChange
                || v.action == EventType::Undrain || v.action == EventType::RemoveFromService
                || v.action == EventType::ReturnToService;
            handsOn += byHand;
            night += byHand && v.atNight;
        }
        QVERIFY(std::fabs(r.grit.work.operatorHours - hours) < 1e-9);
        QCOMPARE(r.grit.work.handsOn, handsOn);
        QCOMPARE(r.grit.work.handsOnAtNight, night);
        QCOMPARE(r.grit.thresholdChanges.size(), size_t(1)); // the hot rack's power cap at 03:05
        // The cap's effect on the training job: its tokens/s before and after, and what a slowdown
        // comes to (here, on a small cluster, ending the throttling can make it faster: no cost).
        QCOMPARE(r.grit.thresholdCosts.size(), size_t(1));
        const GritSummary::ThroughputCost &cap = r.grit.thresholdCosts[0];
        QVERIFY(cap.measured);
        QCOMPARE(cap.jobs, QStringList { r.topology->jobs[0].id });
        QVERIFY(cap.tokensBefore > 0.0 && cap.tokensAfter > 0.0);
        QVERIFY2(std::fabs(cap.slowdown()) < 0.2, qPrintable(QString::number(cap.slowdown())));
        QVERIFY(std::fabs(cap.gpuHours
                          - std::max(0.0, cap.slowdown()) * double(r.topology->jobs[0].gpuIndices.size())
                              * double(to - r.grit.thresholdChanges[0].timeMs) / 3600000.0)
                < 1e-6);
        // Debt by age adds up to the debt.
        size_t bucketed = 0;
        for (const DebtBucket &b : r.debtByAge)
            bucketed += b.warnings;
        QCOMPARE(bucketed, r.debt.size());
        QVERIFY(r.fixFirst.size() <= 10);
        for (size_t i = 1; i < r.fixFirst.size(); ++i)
            QVERIFY(r.fixFirst[i - 1].expectedSaving >= r.fixFirst[i].expectedSaving);
        // Routine warnings of one kind on many entities of one kind are one line, which adds them all up.
        std::set<std::pair<int, int>> kinds;
        for (const FixFirst &f : r.fixFirst) {
            if (f.reason != FixFirst::Reason::OpenWarning)
                continue;
            QVERIFY(kinds.insert({ int(f.entity.kind), int(f.warning) }).second);
            size_t like = 0;
            double all = 0.0;
            for (const DebtItem &d : r.debt)
                if (d.warnings.entity.kind == f.entity.kind && d.warnings.type == f.warning
                    && d.expectedCostPerDay > 0.0 && d.hazard.material) {
                    ++like;
                    all += d.expectedSaving();
                }
            QCOMPARE(f.entities, like >= 3 ? like : size_t(1));
            if (like >= 3) {
                QVERIFY(std::fabs(f.expectedSavingAll - all) < 1e-6 * std::max(1.0, all));
                QVERIFY(std::fabs(f.expectedSaving * double(like) - all) < 1e-6 * std::max(1.0, all));
            }
        }
        for (const FixFirst &f : r.fixFirst) // an open warning is there only when its kind is worth acting on
            QVERIFY(f.reason != FixFirst::Reason::OpenWarning || f.hazard.material);
        QVERIFY(r.flood.activations > 0);
        // A dearer GPU-hour: the same hours, more money.
        MaintenanceReport dearer;
        CostSettings price;
        price.pricePerGpuHour = 5.0;
        QCOMPARE(buildReport(reader, from, to, price, {}, dearer), QString());
        QCOMPARE(dearer.current.lostGpuHours, r.current.lostGpuHours);
        QCOMPARE(dearer.current.money, 2.0 * r.current.money);
    }

    void tablesBreakAcrossPagesWithTheirHeader()
    {
        RecordingReader reader;
        QCOMPARE(reader.open(recording), QString());
        MaintenanceReport r;
        QCOMPARE(buildReport(reader, reader.endMs() + 1 - 5 * 86400000LL, reader.endMs() + 1, {}, {}, r), QString());
        r.lemons.clear();
        for (uint32_t g = 0; g < 90; ++g) // more than a page of lemons
            r.lemons.push_back({ { EntityKind::Gpu, g }, 2 + int(g % 3), 10.0 * g });
        const QString pdf = dir.filePath(QStringLiteral("long.pdf"));
        ReportRenderer renderer(r, QPageSize(QPageSize::A4), QLocale(QLocale::English));
        QCOMPARE(renderer.writePdf(pdf), QString());
        QProcess text;
        text.start(QStringLiteral("pdftotext"), { pdf, QStringLiteral("-") });
        QVERIFY(text.waitForFinished(30000));
        const QString body = QString::fromUtf8(text.readAllStandardOutput());
        const qsizetype headers = body.count(QStringLiteral("Lemons: failed again and again"));
        QVERIFY2(headers >= 2, qPrintable(QString::number(headers))); // the header again on the next page
        // Every lemon is there, once.
        QCOMPARE(body.count(QStringLiteral("GPU 0 of ")) >= 1, true);
        QCOMPARE(renderer.pageCount(), int(body.count(QStringLiteral("Vigil maintenance-debt report · page "))));
        QCOMPARE(int(renderer.pageImages(30).size()), renderer.pageCount());
    }

    void theCsvSaysTheSame()
    {
        const QString out = dir.filePath(QStringLiteral("csv"));
        const Run run
            = report({ QStringLiteral("--format"), QStringLiteral("csv"), QStringLiteral("--recording"), recording,
                       QStringLiteral("--out"), out, QStringLiteral("--period"), QStringLiteral("5d") });
        QVERIFY2(run.status == 0, qPrintable(run.err));
        QVERIFY(run.out.contains(QStringLiteral("disruptions")));
        // Large numbers are grouped for the person reading the line (11,656, not 11656).
        static const QRegularExpression ungrouped(QStringLiteral("\\b[0-9]{4,}\\b(?! UTC)"));
        const QString summary = run.out.section(QStringLiteral("UTC: "), 1).section(QLatin1Char('\n'), 0, 0);
        QVERIFY2(!summary.contains(ungrouped), qPrintable(summary));
        const auto periods = readCsv(out + QStringLiteral("/periods.csv"));
        const auto incidents = readCsv(out + QStringLiteral("/incidents.csv"));
        QCOMPARE(periods.size(), size_t(1 + MaintenanceReport::TrendPeriods));
        QCOMPARE(periods.back()[0], QStringLiteral("current"));
        const QStringList &head = incidents.front();
        for (const char *name :
             { "failed_at", "job", "failure", "cause", "cause_class", "warned_hours", "acknowledged_by", "gpus",
               "downtime_gpu_hours", "recompute_gpu_hours", "lost_gpu_hours", "cost_usd", "preventable", "state" })
            QVERIFY2(column(head, name) >= 0, name);
        double lost = 0, cost = 0;
        for (size_t i = 1; i < incidents.size(); ++i) {
            QCOMPARE(incidents[i].size(), head.size());
            lost += incidents[i][column(head, "lost_gpu_hours")].toDouble();
            cost += incidents[i][column(head, "cost_usd")].toDouble();
            QVERIFY(QDateTime::fromString(incidents[i][0], Qt::ISODate).isValid());
        }
        // The slowdowns' hours of the period add to the incidents'.
        const auto slowdowns = readCsv(out + QStringLiteral("/slowdowns.csv"));
        double slow = 0;
        for (size_t i = 1; i < slowdowns.size(); ++i) {
            slow += slowdowns[i][column(slowdowns.front(), "lost_gpu_hours")].toDouble();
            cost += slowdowns[i][column(slowdowns.front(), "cost_usd")].toDouble();
        }
        lost += slow;
        const QStringList &current = periods.back();
        QCOMPARE(current[column(periods.front(), "disruptions")].toInt(), int(incidents.size()) - 1);
        // Each row is rounded to 0.01: the sum is within a cent per row.
        const double rows = double(incidents.size() + slowdowns.size());
        QVERIFY(std::fabs(current[column(periods.front(), "slowdown_gpu_hours")].toDouble() - slow)
                <= 0.01 * double(slowdowns.size()));
        QVERIFY(std::fabs(current[column(periods.front(), "lost_gpu_hours")].toDouble() - lost) <= 0.01 * rows);
        QVERIFY(std::fabs(current[column(periods.front(), "cost_usd")].toDouble() - cost) <= 0.01 * rows);
        for (const char *file : { "lost_by_cause.csv", "lost_by_place.csv", "interventions.csv", "open_warnings.csv",
                                  "lemons.csv", "fix_first.csv", "threshold_changes.csv" })
            QVERIFY2(!readCsv(out + QLatin1Char('/') + QLatin1String(file)).empty(), file);
        // A warning no likelier to end in a failure than its kind's base rate adds nothing to the
        // debt, in the table as in the headline (DebtItem::countedCostPerDay).
        const auto open = readCsv(out + QStringLiteral("/open_warnings.csv"));
        const int counted = column(open.front(), "expected_cost_usd_per_day"),
                  above = column(open.front(), "above_base_rate");
        QVERIFY(counted >= 0 && above >= 0);
        for (size_t i = 1; i < open.size(); ++i)
            if (open[i][above] == QLatin1String("false"))
                QCOMPARE(open[i][counted].toDouble(), 0.0);
        const auto ledger = readCsv(out + QStringLiteral("/interventions.csv"));
        QVERIFY(std::any_of(ledger.begin(), ledger.end(), [](const QStringList &row) {
            return row.contains(QStringLiteral("a.nakamura (simulated)")); // the simulator's people say who they are
        }));
        QCOMPARE(csvField(QStringLiteral("say \"hi\", twice")), QStringLiteral("\"say \"\"hi\"\", twice\""));
        // Formula injection: what a spreadsheet would run is made text; numbers stay numbers.
        QCOMPARE(csvField(QStringLiteral("=HYPERLINK(\"http://x\",\"y\")")),
                 QStringLiteral("\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""));
        QCOMPARE(csvField(QStringLiteral("+cmd|' /C calc'!A0")), QStringLiteral("\"'+cmd|' /C calc'!A0\""));
        QCOMPARE(csvField(QStringLiteral("@SUM(A1)")), QStringLiteral("\"'@SUM(A1)\""));
        QCOMPARE(csvField(QStringLiteral("-2+3")), QStringLiteral("\"'-2+3\""));
        QCOMPARE(csvField(QStringLiteral("\tx")), QStringLiteral("\"'\tx\""));
        QCOMPARE(csvField(QStringLiteral("-12.50")), QStringLiteral("-12.50"));
        QCOMPARE(csvField(QStringLiteral("+3e5")), QStringLiteral("+3e5"));
        QCOMPARE(csvField(QStringLiteral("a01r05n3")), QStringLiteral("a01r05n3"));
    }

    void aPdfAManagerCanRead_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("page");
        QTest::addColumn<QString>("heading");
        QTest::addColumn<QString>("size"); // as pdfinfo gives it
        QTest::newRow("English, A4") << "en"
                                     << "a4"
                                     << "Maintenance-debt report"
                                     << "595 x 842";
        QTest::newRow("English, Letter") << "en"
                                         << "letter"
                                         << "Where the GPU-hours went"
                                         << "612 x 792";
        QTest::newRow("German") << "de"
                                << "a4"
                                << "Bericht über Wartungsschulden"
                                << "595 x 842";
        QTest::newRow("Japanese") << "ja"
                                  << "a4"
                                  << "保守負債レポート"
                                  << "595 x 842";
    }

    void aPdfAManagerCanRead()
    {
        QFETCH(QString, lang);
        QFETCH(QString, page);
        QFETCH(QString, heading);
        QFETCH(QString, size);
        const QString pdf = dir.filePath(QStringLiteral("report-%1-%2.pdf").arg(lang, page));
        const Run run = report({ QStringLiteral("--recording"), recording, QStringLiteral("--out"), pdf,
                                 QStringLiteral("--period"), QStringLiteral("5d"), QStringLiteral("--lang"), lang,
                                 QStringLiteral("--page"), page });
        QVERIFY2(run.status == 0, qPrintable(run.err));
        QProcess info;
        info.start(QStringLiteral("pdfinfo"), { pdf });
        QVERIFY(info.waitForFinished(30000));
        const QString pdfInfo = QString::fromUtf8(info.readAllStandardOutput());
        QVERIFY2(pdfInfo.contains(size), qPrintable(pdfInfo));
        static const QRegularExpression pagesLine(QStringLiteral("Pages:\\s+(\\d+)"));
        const int pages = pagesLine.match(pdfInfo).captured(1).toInt();
        QVERIFY2(pages >= 4 && pages <= 12, qPrintable(pdfInfo)); // a title page, then the sections
        QProcess text;
        text.start(QStringLiteral("pdftotext"), { pdf, QStringLiteral("-") });
        QVERIFY(text.waitForFinished(30000));
        const QString body = QString::fromUtf8(text.readAllStandardOutput());
        QVERIFY2(body.contains(heading), qPrintable(body.left(400)));
        // The headline numbers, formatted as the language writes them.
        RecordingReader reader;
        QCOMPARE(reader.open(recording), QString());
        MaintenanceReport r;
        QCOMPARE(buildReport(reader, reader.endMs() + 1 - 5 * 86400000LL, reader.endMs() + 1, {}, {}, r), QString());
        const QLocale locale(lang);
        const QString lost = locale.toString(r.current.lostGpuHours, 'f', 0);
        QVERIFY2(body.contains(lost), qPrintable(lost));
        QVERIFY(body.contains(QStringLiteral("$%1").arg(locale.toString(r.current.money, 'f', 0))));
        // Dates too, with the whole year: 02.11.2026 in German, 2026/11/02 in Japanese, 11/2/2026 in English.
        QString dateFormat = locale.dateFormat(QLocale::ShortFormat);
        if (!dateFormat.contains(QLatin1String("yyyy")))
            dateFormat.replace(QLatin1String("yy"), QLatin1String("yyyy"));
        const QString start
            = locale.toString(QDateTime::fromMSecsSinceEpoch(r.current.fromMs, Qt::UTC).date(), dateFormat);
        QVERIFY(start.contains(QLatin1String("2026")));
        if (lang == QLatin1String("ja") && !body.contains(start)) {
            // pdftotext drops the Noto CJK digits of some lines of Qt's PDFs (they render; see the
            // page images): then at least the date's shape, year/month/day, is the Japanese one.
            QVERIFY2(body.simplified().contains(QStringLiteral("/ / ")), qPrintable(body.left(200)));
        } else {
            QVERIFY2(body.contains(start), qPrintable(start));
        }
        if (lang == QLatin1String("en")) {
            QVERIFY2(!body.contains(QStringLiteral("(s)")), "plurals are words, not time(s)");
            static const QRegularExpression oneFailures(QStringLiteral("\\b1 failures\\b"));
            QVERIFY2(!body.contains(oneFailures), "one failure, not 1 failures");
        }
        if (lang == QLatin1String("en")) { // what to do is read with what it cost: on the title page
            QProcess first;
            first.start(QStringLiteral("pdftotext"),
                        { QStringLiteral("-f"), QStringLiteral("1"), QStringLiteral("-l"), QStringLiteral("1"), pdf,
                          QStringLiteral("-") });
            QVERIFY(first.waitForFinished(30000));
            const QString titlePage = QString::fromUtf8(first.readAllStandardOutput())
                                          .replace(QChar(0xFB01), QLatin1String("fi")); // pdftotext keeps the ligature
            QVERIFY2(titlePage.contains(QStringLiteral("Fix first")), qPrintable(titlePage));
        }
        // Said once when there is nothing to compare with, not under every figure.
        QVERIFY(body.count(QStringLiteral("no record of the period before")) <= 1);
    }

    void anEmptyPeriodIsAReportThatSaysSo()
    {
        const QString out = dir.filePath(QStringLiteral("empty"));
        const Run pdf = report({ QStringLiteral("--recording"), recording, QStringLiteral("--out"),
                                 dir.filePath(QStringLiteral("empty.pdf")), QStringLiteral("--from"),
                                 QStringLiteral("2020-01-01"), QStringLiteral("--to"), QStringLiteral("2020-01-08") });
        QCOMPARE(pdf.status, 0);
        QProcess text;
        text.start(QStringLiteral("pdftotext"), { dir.filePath(QStringLiteral("empty.pdf")), QStringLiteral("-") });
        QVERIFY(text.waitForFinished(30000));
        QVERIFY(QString::fromUtf8(text.readAllStandardOutput())
                    .contains(QStringLiteral("Nothing happened in this period")));
        const Run run = report({ QStringLiteral("--format"), QStringLiteral("csv"), QStringLiteral("--recording"),
                                 recording, QStringLiteral("--out"), out, QStringLiteral("--from"),
                                 QStringLiteral("2020-01-01"), QStringLiteral("--to"), QStringLiteral("2020-01-08") });
        QCOMPARE(run.status, 0);
        QVERIFY2(run.out.contains(QStringLiteral("nothing happened in this period")), qPrintable(run.out));
        QCOMPARE(readCsv(out + QStringLiteral("/incidents.csv")).size(), size_t(1)); // the header
    }

    // What --from, --to, --since and --until take; a time of day is never dropped.
    void instantsAndLengthsOnTheCommandLine()
    {
        const int64_t day = QDateTime(QDate(2026, 11, 2), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
        QCOMPARE(parseInstant(QStringLiteral("2026-11-02")), std::optional<int64_t>(day));
        QCOMPARE(parseInstant(QStringLiteral("2026-11-02T06:00")), std::optional<int64_t>(day + 6 * 3600000));
        QCOMPARE(parseInstant(QStringLiteral(" 2026-11-02T06:00:30Z ")), std::optional<int64_t>(day + 21630000));
        QCOMPARE(parseInstant(QStringLiteral("2026-11-02T06:00+01:00")), std::optional<int64_t>(day + 5 * 3600000));
        QCOMPARE(parseInstant(QStringLiteral("2026-02-31")), std::nullopt);
        QCOMPARE(parseInstant(QStringLiteral("last monday")), std::nullopt);
        QCOMPARE(parseLength(QStringLiteral("30d")), std::optional<int64_t>(30 * 86400000LL));
        QCOMPARE(parseLength(QStringLiteral("36h")), std::optional<int64_t>(36 * 3600000LL));
        QCOMPARE(parseLength(QStringLiteral("0d")), std::nullopt);
        QCOMPARE(parseLength(QStringLiteral("a week")), std::nullopt);
    }

    // The report of a span nobody recorded: the time-series database's DCGM series and the
    // event store's history, made into a recording on the way.
    void reportsFromATimeSeriesDatabaseAndAnEventStore()
    {
        const TopologyFile lab = TopologyFile::read(QStringLiteral(VIGIL_TEST_DATA_DIR "/topology-lab.json"));
        QCOMPARE(lab.error, QString());
        const auto topology = std::make_shared<const Topology>(lab.topology);
        test::FakeTsdb tsdb(topology, 11000, 0, 0);
        const QString events = dir.filePath(QStringLiteral("event-store.csv"));
        QFile f(events);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("time,entity,kind,code,message\n");
        for (const char *time : { "2025-12-01T01:00:00Z", "2025-12-01T03:30:00Z" })
            f.write(QByteArray(time) + ',' + topology->gpus[1].uuid.toUtf8() + ",xid,79,fell off the bus\n");
        f.close();
        const Run run
            = report({ QStringLiteral("--from-prometheus"), tsdb.url(), QStringLiteral("--from"),
                       QStringLiteral("2025-12-01"), QStringLiteral("--to"), QStringLiteral("2025-12-01T06:00"),
                       QStringLiteral("--step"), QStringLiteral("60"), QStringLiteral("--events"), events,
                       QStringLiteral("--format"), QStringLiteral("csv"), QStringLiteral("--out"),
                       dir.filePath(QStringLiteral("tsdb-tables")), QStringLiteral("--lang"), QStringLiteral("en") });
        QVERIFY2(run.status == 0, qPrintable(run.err));
        QVERIFY2(run.err.contains(QStringLiteral("361 frames of 4 GPUs")), qPrintable(run.err));
        QVERIFY2(run.err.contains(QStringLiteral("2 events from the event store")), qPrintable(run.err));
        QVERIFY2(run.out.startsWith(tsdb.url()), qPrintable(run.out));
        QVERIFY2(run.out.contains(QStringLiteral("2 hardware failures in the fleet")), qPrintable(run.out));
        QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("tsdb-tables/incidents.csv"))));
    }

    void commandLinesThatMakeNoSense_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("message");
        const QString out = dir.filePath(QStringLiteral("x"));
        QTest::newRow("no recording") << QStringList { QStringLiteral("--out"), out } << 2
                                      << "--recording FILE or --from-prometheus URL is needed";
        QTest::newRow("two inputs") << QStringList {
            QStringLiteral("--recording"),        QStringLiteral("r.vigil"), QStringLiteral("--from-prometheus"),
            QStringLiteral("http://127.0.0.1:9"), QStringLiteral("--out"),   out
        } << 2 << "one of them";
        QTest::newRow("events without a TSDB")
            << QStringList { QStringLiteral("--recording"), QStringLiteral("r.vigil"), QStringLiteral("--events"),
                             QStringLiteral("e.csv"),       QStringLiteral("--out"),   out }
            << 2 << "--events goes with --from-prometheus";
        QTest::newRow("a step in words") << QStringList { QStringLiteral("--from-prometheus"),
                                                          QStringLiteral("http://127.0.0.1:9"),
                                                          QStringLiteral("--step"),
                                                          QStringLiteral("often"),
                                                          QStringLiteral("--out"),
                                                          out }
                                         << 2 << "--step: 'often'";
        QTest::newRow("a TSDB that is not there")
            << QStringList { QStringLiteral("--from-prometheus"),
                             QStringLiteral("http://127.0.0.1:%1").arg(test::freeLoopbackPort()),
                             QStringLiteral("--out"), out }
            << 1 << "cannot connect";
        QTest::newRow("no output") << QStringList { QStringLiteral("--recording"), QStringLiteral("r.vigil") } << 2
                                   << "--out PATH is needed";
        QTest::newRow("a date in words") << QStringList { QStringLiteral("--recording"), QStringLiteral("r.vigil"),
                                                          QStringLiteral("--out"),       out,
                                                          QStringLiteral("--from"),      QStringLiteral("last monday") }
                                         << 2 << "--from: 'last monday' is not a date";
        QTest::newRow("the 31st of February")
            << QStringList { QStringLiteral("--recording"), QStringLiteral("r.vigil"),   QStringLiteral("--out"), out,
                             QStringLiteral("--to"),        QStringLiteral("2026-02-31") }
            << 2 << "--to: '2026-02-31' is not a date";
        QTest::newRow("backwards") << QStringList { QStringLiteral("--recording"), QStringLiteral("RECORDING"),
                                                    QStringLiteral("--out"),       out,
                                                    QStringLiteral("--from"),      QStringLiteral("2026-11-09"),
                                                    QStringLiteral("--to"),        QStringLiteral("2026-11-02") }
                                   << 2 << "before it begins";
        QTest::newRow("a negative price")
            << QStringList { QStringLiteral("--recording"), QStringLiteral("r.vigil"), QStringLiteral("--out"), out,
                             QStringLiteral("--price"),     QStringLiteral("-3") }
            << 2 << "price per GPU-hour must be between 0 and 10,000";
        QTest::newRow("a price in words")
            << QStringList { QStringLiteral("--recording"), QStringLiteral("r.vigil"), QStringLiteral("--out"), out,
                             QStringLiteral("--price"),     QStringLiteral("cheap") }
            << 2 << "--price: 'cheap' is not a number";
        QTest::newRow("a period of nothing")
            << QStringList { QStringLiteral("--recording"), QStringLiteral("r.vigil"), QStringLiteral("--out"), out,
                             QStringLiteral("--period"),    QStringLiteral("0d") }
            << 2 << "--period: '0d' is not a length";
        QTest::newRow("an unknown paper")
            << QStringList { QStringLiteral("--recording"), QStringLiteral("r.vigil"), QStringLiteral("--out"), out,
                             QStringLiteral("--page"),      QStringLiteral("a3") }
            << 2 << "--page: 'a3' is not a4 or letter";
        QTest::newRow("a pdf that cannot be written")
            << QStringList { QStringLiteral("--recording"), QStringLiteral("RECORDING"), QStringLiteral("--out"),
                             QStringLiteral("/proc/report.pdf") }
            << 1 << "/proc/report.pdf";
        QTest::newRow("an unknown format")
            << QStringList { QStringLiteral("--recording"), QStringLiteral("r.vigil"), QStringLiteral("--out"), out,
                             QStringLiteral("--format"),    QStringLiteral("docx") }
            << 2 << "--format: 'docx'";
        QTest::newRow("no such recording")
            << QStringList { QStringLiteral("--recording"), dir.filePath(QStringLiteral("missing.vigil")),
                             QStringLiteral("--out"), out }
            << 1 << "missing.vigil";
        QTest::newRow("not a recording") << QStringList { QStringLiteral("--recording"), QStringLiteral("JUNK"),
                                                          QStringLiteral("--out"), out }
                                         << 1 << "junk.vigil";
        QTest::newRow("an output that cannot be written")
            << QStringList { QStringLiteral("--recording"), QStringLiteral("RECORDING"), QStringLiteral("--out"),
                             QStringLiteral("/proc/vigil-report") }
            << 1 << "/proc/vigil-report";
    }

    void commandLinesThatMakeNoSense()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, status);
        QFETCH(QString, message);
        const QString junk = dir.filePath(QStringLiteral("junk.vigil"));
        QFile f(junk);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(8192, 'j'));
        f.close();
        arguments.replaceInStrings(QStringLiteral("RECORDING"), recording);
        arguments.replaceInStrings(QStringLiteral("JUNK"), junk);
        const Run run = report(arguments);
        QCOMPARE(run.status, status);
        QVERIFY2(run.err.contains(message), qPrintable(run.err));
    }
};

QTEST_MAIN(TestReport)
#include "tst_report.moc"
