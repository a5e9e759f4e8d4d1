// SPDX-License-Identifier: GPL-3.0-or-later
// Real sources end to end: a gateway fed by a dcgm-exporter text file (and over
// HTTP), a kernel log and a training log, on a topology file; the real client
// sees the values and events on the right GPUs and jobs.
#include "client/telemetryclient.h"
#include "domain/blastradius.h"
#include "domain/entitynames.h"
#include "gateway/telemetryjournal.h"
#include "host/gatewaycommandline.h"
#include "host/gatewayserver.h"
#include "host/sourcecheck.h"
#include "httpfixture.h"
#include "sources/dcgmsurvey.h"
#include "sources/httpclient.h"
#include "sources/kernellogsource.h"
#include "sources/scrapegroup.h"
#include "sources/tensorboard.h"
#include "sources/topologyfile.h"
#include "tensorboard/tfevent.pb.h"
#include "testpki.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>

#include <cmath>
#include <mutex>

using namespace vigil;

namespace {

QString fixturePath(const char *name)
{
    return QStringLiteral(VIGIL_TEST_DATA_DIR "/%1").arg(QLatin1String(name));
}

QByteArray fixture(const char *name)
{
    QFile file(fixturePath(name));
    file.open(QIODevice::ReadOnly);
    return file.readAll();
}

void writeFile(const QString &path, const QByteArray &data, QIODevice::OpenMode mode = QIODevice::WriteOnly)
{
    QFile file(path);
    QVERIFY(file.open(mode));
    file.write(data);
}

float valueOf(const LiveCluster &cluster, const QString &metricName, size_t entity,
              EntityKind kind = EntityKind::Unspecified)
{
    ClusterState state;
    uint64_t generation = 0;
    cluster.copyIfNewer(state, generation);
    // Unspecified: the metric of that name (a GPU's before a MIG instance's of the same name).
    return state.value(kind == EntityKind::Unspecified ? state.column(metricName) : state.column(metricName, kind),
                       entity);
}

bool hasEvent(const std::vector<Event> &events, EventType type, int code, EntityRef entity)
{
    return std::any_of(events.begin(), events.end(), [&](const Event &e) {
        return e.type == type && (code == 0 || e.code == code) && e.entity == entity;
    });
}

uint32_t lossId(const TelemetryJournal &journal)
{
    for (const MetricDescriptor &m : journal.metrics())
        if (m.name == metric::JobLoss)
            return m.id;
    return UINT32_MAX;
}

// Everything the client has seen so far, kept in `events`: the first of this type, or end().
std::vector<Event>::const_iterator firstOf(LiveCluster &cluster, std::vector<Event> &events, EventType type)
{
    for (Event &e : cluster.takeEvents())
        events.push_back(std::move(e));
    return std::find_if(events.cbegin(), events.cend(), [type](const Event &e) { return e.type == type; });
}

} // namespace

class TestSources : public QObject
{
    Q_OBJECT

    // A gateway reading `text` as a dcgm-exporter scrape (saved as `name`), its topology derived from the labels.
    std::unique_ptr<GatewayServer> serveExposition(const QByteArray &text, const QString &name, QString *error)
    {
        const QString path = scratch.filePath(name);
        writeFile(path, text);
        return GatewayServer::start(optionsWith({ BridgeSpec::fromArgument(BridgeSpec::Kind::Dcgm, path) }, false),
                                    error);
    }

    QTemporaryDir scratch;

    GatewayOptions optionsWith(std::vector<BridgeSpec> bridges, bool withTopology = true)
    {
        GatewayOptions options;
        options.listen = "127.0.0.1:0";
        if (withTopology) {
            const TopologyFile file = TopologyFile::read(fixturePath("topology-lab.json"));
            options.topology = std::make_shared<const Topology>(file.topology);
        }
        for (BridgeSpec &b : bridges)
            b.interval = std::chrono::milliseconds(100);
        options.bridges = std::move(bridges);
        return options;
    }

    // A gateway following a copy of the fixture `name` in `dir` as job llm-70b's training log.
    std::unique_ptr<GatewayServer> startWithTrainingLog(const QTemporaryDir &dir, const char *name)
    {
        const QString log = dir.filePath(QStringLiteral("train.log"));
        writeFile(log, fixture(name));
        QString error;
        auto server = GatewayServer::start(
            optionsWith({ BridgeSpec::fromArgument(BridgeSpec::Kind::TrainingLog, QStringLiteral("llm-70b=") + log) }),
            &error);
        if (!server)
            qWarning("cannot start the gateway: %s", qPrintable(error));
        return server;
    }

private Q_SLOTS:
    void filesFeedTheGatewayAndTheClientSeesThem()
    {
        QTemporaryDir dir;
        const QString kernelLog = dir.filePath(QStringLiteral("kern.log"));
        writeFile(kernelLog, fixture("kern-lab.log"));
        const QString trainingLog = dir.filePath(QStringLiteral("train.jsonl"));
        writeFile(trainingLog, fixture("training-lab.jsonl"));
        QString error;
        auto server = GatewayServer::start(
            optionsWith(
                { BridgeSpec::fromArgument(BridgeSpec::Kind::Dcgm, fixturePath("dcgm-exporter-lab.prom")),
                  BridgeSpec::fromArgument(BridgeSpec::Kind::KernelLog, kernelLog),
                  BridgeSpec::fromArgument(BridgeSpec::Kind::TrainingLog, QStringLiteral("llm-70b=") + trainingLog) }),
            &error);
        QVERIFY2(server, qPrintable(error));

        LiveCluster cluster;
        TelemetryClient client({ server->address() }, cluster);
        client.start();
        QTRY_COMPARE_WITH_TIMEOUT(valueOf(cluster, metric::GpuTemp, 0), 64.0f, 5000);
        QCOMPARE(valueOf(cluster, metric::GpuTemp, 1), 71.0f);
        QCOMPARE(valueOf(cluster, metric::GpuTemp, 11), 58.0f); // gpu-node-02 GPU 3
        QCOMPARE(valueOf(cluster, metric::GpuPower, 0), 612.337f);
        QVERIFY(std::isnan(valueOf(cluster, metric::MemoryTemp, 0))); // DCGM blank: no reading
        QVERIFY(std::isnan(valueOf(cluster, metric::GpuPower, 1))); // negative power refused
        {
            // gpu-node-99 reports but is not in the topology file: it is shown in an
            // "Unplaced" hall, marked as such, and its readings arrive like any other.
            ClusterState state;
            uint64_t generation = 0;
            cluster.copyIfNewer(state, generation);
            const Topology &t = *state.topology();
            QCOMPARE(t.halls.back().name, QStringLiteral("Unplaced"));
            QCOMPARE(t.racks.back().placement, Rack::Placement::Unplaced);
            QCOMPARE(t.gpus.back().uuid, QStringLiteral("GPU-deadbeef-0000-0000-0000-000000000000"));
            QCOMPARE(t.nodes[t.gpus.back().nodeIndex].hostname, QStringLiteral("gpu-node-99"));
            QCOMPARE(t.gpus.back().localIndex, 7u);
            QTRY_COMPARE_WITH_TIMEOUT(valueOf(cluster, metric::GpuPower, t.gpus.size() - 1), 500.0f, 5000);
            QCOMPARE(t.racks[0].placement, Rack::Placement::Known);
            QCOMPARE(t.racks[1].placement, Rack::Placement::Assumed); // the file gives it no position
        }
        QTRY_COMPARE_WITH_TIMEOUT(valueOf(cluster, metric::JobStep, 0), 18450.0f, 5000);
        QCOMPARE(valueOf(cluster, metric::JobLoss, 0), 2.1121f);

        // QTRY evaluates its condition once more after it holds: collect, then look.
        std::vector<Event> events;
        auto saw = [&](EventType type, int code, EntityRef entity) {
            for (Event &e : cluster.takeEvents())
                events.push_back(std::move(e));
            return hasEvent(events, type, code, entity);
        };
        QTRY_VERIFY_WITH_TIMEOUT(saw(EventType::Rollback, 0, { EntityKind::Job, 0 }), 5000);
        // From the DCGM last-Xid gauge, which waits three polls for the kernel log to report it first.
        QTRY_VERIFY_WITH_TIMEOUT(saw(EventType::Xid, 79, { EntityKind::Gpu, 5 }), 5000);
        QVERIFY(hasEvent(events, EventType::Xid, 48, { EntityKind::Gpu, 5 })); // gpu-node-01, PCI ab
        QVERIFY(hasEvent(events, EventType::Xid, 92, { EntityKind::Gpu, 8 })); // gpu-node-02, PCI 18
        QVERIFY(hasEvent(events, EventType::Xid, 63, { EntityKind::Gpu, 0 }));
        QVERIFY(hasEvent(events, EventType::JobCrash, 0, { EntityKind::Job, 0 }));
        QVERIFY(hasEvent(events, EventType::CheckpointSaved, 0, { EntityKind::Job, 0 }));
        const auto xid48 = std::find_if(events.begin(), events.end(), [](const Event &e) { return e.code == 48; });
        QCOMPARE(xid48->timeMs, int64_t(1793589255000));
        QCOMPARE(xid48->jobId, QStringLiteral("llm-70b"));
        QCOMPARE(xid48->severity, Severity::Critical);
        QVERIFY(xid48->message.endsWith(QStringLiteral("[Double Bit ECC Error]"))); // the catalogue's meaning

        // Tailing: a new line is picked up; a rotated (truncated) log is read from its start.
        writeFile(kernelLog,
                  "Nov  2 05:00:00 gpu-node-02 kernel: NVRM: Xid (PCI:0000:db:00): 74, pid=9, NVLink error\n",
                  QIODevice::Append);
        QTRY_VERIFY_WITH_TIMEOUT(saw(EventType::Xid, 74, { EntityKind::Gpu, 15 }), 5000);
        // An older driver's line (no "PCI:" tag), upper case with a function: the same GPU.
        writeFile(kernelLog, "Nov  2 05:00:30 gpu-node-02 kernel: NVRM: Xid (0000:DB:00.0): 43, Channel 00000010\n",
                  QIODevice::Append);
        QTRY_VERIFY_WITH_TIMEOUT(saw(EventType::Xid, 43, { EntityKind::Gpu, 15 }), 5000);
        writeFile(kernelLog, "Nov  2 05:01:00 gpu-node-03 kernel: NVRM: Xid (PCI:0000:2a:00): 31, pid=9, MMU Fault\n");
        QTRY_VERIFY_WITH_TIMEOUT(saw(EventType::Xid, 31, { EntityKind::Gpu, 17 }), 5000);

        // Bad input was counted, not silently dropped.
        uint64_t rejected = 0;
        for (const auto &bridge : server->bridges())
            rejected += bridge->counters().rejected;
        QVERIFY(rejected >= 4 + 2 + 3);
        QCOMPARE(cluster.gaps().size(), size_t(0));

        // The same account, asked of the gateway as the dashboard's Sources dock asks it.
        const SourcesOutcome account = client.sources();
        QVERIFY2(account.ok, qPrintable(account.message));
        QCOMPARE(account.sources.sources_size(), 3);
        uint64_t rejectedThere = 0;
        for (int i = 0; i < account.sources.sources_size(); ++i) {
            const v1::SourceStatus &source = account.sources.sources(i);
            const BridgeCounters here = server->bridges()[size_t(i)]->counters();
            QCOMPARE(QString::fromStdString(source.name()), server->bridges()[size_t(i)]->spec().describe());
            QVERIFY(source.polls() > 0 && source.last_poll_ms() > 0);
            QVERIFY(source.readings() <= here.samples); // counted then, and only more since
            rejectedThere += source.rejected();
        }
        QVERIFY(rejectedThere >= 4 + 2 + 3);
        // The exporter serves the same four bad lines at every scrape: each is one problem, told once
        // with how often it came back, and the tallies add up to what was rejected (give or take the
        // scrape being counted as the gateway answered).
        const v1::SourceStatus &dcgm = account.sources.sources(0);
        QCOMPARE(dcgm.rejection_tallies_size(), 4);
        QCOMPARE(dcgm.rejections_size(), 4);
        uint64_t tallied = 0;
        for (const v1::SourceStatus::Rejection &r : dcgm.rejection_tallies()) {
            tallied += r.times();
            QVERIFY(r.last_seen_ms() > 0);
        }
        QVERIFY2(tallied <= dcgm.rejected() && tallied + 4 >= dcgm.rejected(),
                 qPrintable(QStringLiteral("%1 tallied, %2 rejected").arg(tallied).arg(dcgm.rejected())));
        QVERIFY(dcgm.polls() < 3 || dcgm.rejection_tallies(0).times() > 1);
        const v1::SourceStatus &training = account.sources.sources(2);
        QVERIFY(training.rejections_size() > 0); // "line N: why"
        QVERIFY(std::any_of(training.unknown_fields().begin(), training.unknown_fields().end(),
                            [](const auto &u) { return u.name() == "lr" && u.count() == 1; }));
        client.stop();
    }

    // A framework's console log is a training log too: its loss and step reach the
    // dashboard with the line's own time, and a run that resumed from a checkpoint
    // (its iteration went back) is a rollback with the steps it trains again.
    void aFrameworkLogDrawsItsLossAndItsRestarts()
    {
        QTemporaryDir dir;
        const QString megatron = dir.filePath(QStringLiteral("train.log"));
        writeFile(megatron, fixture("megatron-lm.log"));
        QString error;
        auto server = GatewayServer::start(optionsWith({ BridgeSpec::fromArgument(
                                               BridgeSpec::Kind::TrainingLog, QStringLiteral("llm-70b=") + megatron) }),
                                           &error);
        QVERIFY2(server, qPrintable(error));
        LiveCluster cluster;
        TelemetryClient client({ server->address() }, cluster);
        client.start();
        std::vector<Event> events;
        auto rollback = [&] { return firstOf(cluster, events, EventType::Rollback); };
        QTRY_VERIFY_WITH_TIMEOUT(rollback() != events.cend(), 5000);
        const Event restart = *rollback();
        QCOMPARE(restart.entity, (EntityRef { EntityKind::Job, 0 }));
        // Logged every 10 steps, it went back from 30 to 20: it resumed from the checkpoint of
        // step 10 and trained steps 11 to 30 again.
        QCOMPARE(restart.step, int64_t(10));
        QCOMPARE(restart.value, 20.0);
        QCOMPARE(restart.timeMs, int64_t(1793589005000)); // the line's own time
        QCOMPARE(
            std::count_if(events.begin(), events.end(), [](const Event &e) { return e.type == EventType::Rollback; }),
            1);
        QTRY_COMPARE_WITH_TIMEOUT(valueOf(cluster, metric::JobStep, 0), 30.0f, 5000);
        QCOMPARE(valueOf(cluster, metric::JobLoss, 0), 9.400011f);

        // torchtitan's tokens per second are per GPU: the job's are over its 16 GPUs.
        writeFile(megatron, fixture("torchtitan.log"));
        QTRY_COMPARE_WITH_TIMEOUT(valueOf(cluster, metric::JobTokensPerSecond, 0), 7002.0f * 16, 5000);
        client.stop();
    }

    // Megatron's timers across ranks put each rank's compute time on its GPU (rank r on the job's
    // r-th GPU), and the straggler finder names the rank whose GPU computes slower than its peers.
    void megatronTimersAcrossRanksNameTheSlowRank()
    {
        QTemporaryDir dir;
        const auto server = startWithTrainingLog(dir, "megatron-timers.log");
        QVERIFY(server);
        const Topology lab = TopologyFile::read(fixturePath("topology-lab.json")).topology;
        const uint32_t rank11 = lab.jobs[0].gpuIndices[11], rank3 = lab.jobs[0].gpuIndices[3];
        LiveCluster cluster;
        TelemetryClient client({ server->address() }, cluster);
        client.start();
        std::vector<Event> events;
        auto straggler = [&] { return firstOf(cluster, events, EventType::Straggler); };
        QTRY_VERIFY_WITH_TIMEOUT(straggler() != events.cend(), 10000);
        const Event found = *straggler();
        qInfo("%s", qPrintable(found.message));
        QCOMPARE(found.entity, (EntityRef { EntityKind::Gpu, rank11 }));
        QVERIFY2(found.message.contains(metric::RankComputeTime), qPrintable(found.message));
        QVERIFY2(found.value > 0.03 && found.value < 0.05, qPrintable(found.message));
        QVERIFY(valueOf(cluster, metric::RankComputeTime, rank11) > 3800.0f);
        QVERIFY(std::abs(valueOf(cluster, metric::RankComputeTime, rank3) - 3700.0f) < 40.0f);
        client.stop();
    }

    // A real run's resumptions, as Megatron-DeepSpeed logs them: each rollback counts the
    // steps actually trained again, from the step after the checkpoint loaded to the last
    // one logged, whether the log names the checkpoint or only shows the steps going back.
    void resumedMegatronRunsCountTheStepsTrainedAgain()
    {
        QTemporaryDir dir;
        const auto server = startWithTrainingLog(dir, "megatron-deepspeed-resumed.log");
        QVERIFY(server);
        LiveCluster cluster;
        TelemetryClient client({ server->address() }, cluster);
        client.start();
        std::vector<Event> events;
        auto rollbacks = [&] {
            firstOf(cluster, events, EventType::Rollback);
            std::vector<Event> found;
            std::copy_if(events.begin(), events.end(), std::back_inserter(found),
                         [](const Event &e) { return e.type == EventType::Rollback; });
            return found;
        };
        QTRY_COMPARE_WITH_TIMEOUT(rollbacks().size(), size_t(2), 5000);
        const std::vector<Event> found = rollbacks();
        // Loaded the checkpoint of 1020 after logging 1040: 1021 to 1040 again, told at the
        // first step trained again (the loading line has no time).
        QCOMPARE(found[0].step, int64_t(1020));
        QCOMPARE(found[0].value, 20.0);
        QCOMPARE(found[0].timeMs, QDateTime(QDate(2026, 11, 3), QTime(2, 58, 44), Qt::UTC).toMSecsSinceEpoch());
        // No word of the checkpoint: back from 1060 to 1050, logged every 10, so from 1040.
        QCOMPARE(found[1].step, int64_t(1040));
        QCOMPARE(found[1].value, 20.0);
        QTRY_COMPARE_WITH_TIMEOUT(valueOf(cluster, metric::JobStep, 0), 1060.0f, 5000);
        QCOMPARE(valueOf(cluster, metric::JobStepTime, 0), 105.25f);
        client.stop();
    }

    // A TensorBoard run directory: the loss reaches the dashboard, and a training that
    // restarted (a new event file whose steps begin below where the last one ended) is
    // a rollback to one logging interval before the new file's first step.
    void aTensorBoardRunDrawsItsLossAndItsRestarts()
    {
        namespace tb = vigil::tensorboard;
        auto lossAt = [](double wallTime, int64_t step, float loss) {
            tb::Event e;
            e.set_wall_time(wallTime);
            e.set_step(step);
            tb::SummaryValue *v = e.mutable_summary()->add_value();
            v->set_tag("lm loss");
            v->set_simple_value(loss);
            return tb::frameRecord(QByteArray::fromStdString(e.SerializeAsString()));
        };
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("events.out.tfevents.1793588400.node1.100.0")),
                  lossAt(1793588400.0, 100, 3.0f) + lossAt(1793588460.0, 200, 2.9f) + lossAt(1793588520.0, 300, 2.8f));
        QString error;
        auto server
            = GatewayServer::start(optionsWith({ BridgeSpec::fromArgument(BridgeSpec::Kind::TrainingLog,
                                                                          QStringLiteral("llm-70b=") + dir.path()) }),
                                   &error);
        QVERIFY2(server, qPrintable(error));
        LiveCluster cluster;
        TelemetryClient client({ server->address() }, cluster);
        client.start();
        QTRY_COMPARE_WITH_TIMEOUT(valueOf(cluster, metric::JobStep, 0), 300.0f, 5000);
        QCOMPARE(valueOf(cluster, metric::JobLoss, 0), 2.8f);
        {
            // A dashboard that connects after the run was read gets its whole past, in order,
            // as a history that replaces whatever its charts held.
            LiveCluster late;
            TelemetryClient lateClient({ server->address() }, late);
            lateClient.start();
            std::vector<JobReading> readings;
            bool startedOver = false;
            auto history = [&] { // QTRY looks once more after it holds: collect, then look
                bool startOver = false;
                late.takeJobReadings(readings, startOver);
                startedOver = startedOver || startOver;
                return startedOver;
            };
            QTRY_VERIFY_WITH_TIMEOUT(history(), 5000);
            std::vector<std::pair<int64_t, float>> losses;
            for (const JobReading &r : readings)
                if (r.job == 0 && r.metricId == lossId(server->journal()))
                    losses.push_back({ r.timeMs, r.value });
            QCOMPARE(losses.size(), size_t(3));
            QCOMPARE(losses[0], std::make_pair(int64_t(1793588400000), 3.0f));
            QCOMPARE(losses[2], std::make_pair(int64_t(1793588520000), 2.8f));
            lateClient.stop();
        }
        writeFile(dir.filePath(QStringLiteral("events.out.tfevents.1793589000.node1.200.0")),
                  lossAt(1793589000.0, 200, 2.95f) + lossAt(1793589060.0, 210, 2.94f));
        std::vector<Event> events;
        auto rollback = [&] { return firstOf(cluster, events, EventType::Rollback); };
        QTRY_VERIFY_WITH_TIMEOUT(rollback() != events.cend(), 5000);
        // Logged every 100 steps, the new run's first step is 200: it resumed from the
        // checkpoint of step 100 and trains 101 to 300 again.
        QCOMPARE(rollback()->step, int64_t(100));
        QCOMPARE(rollback()->value, 200.0);
        QCOMPARE(rollback()->timeMs, int64_t(1793589000000));
        QTRY_COMPARE_WITH_TIMEOUT(valueOf(cluster, metric::JobStep, 0), 210.0f, 5000);
        client.stop();
    }

    // dcgm-exporter's XID_ERRORS gauge and the kernel log report the same Xid: one
    // event, the kernel's (it names the process), and the other counted as merged.
    void anXidSeenTwiceIsOneEvent()
    {
        QTemporaryDir dir;
        const QString kernelLog = dir.filePath(QStringLiteral("kern.log"));
        const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
        writeFile(kernelLog,
                  (now
                   + QStringLiteral(" gpu-node-01 kernel: NVRM: Xid (PCI:0000:ab:00): 79, pid=4242, "
                                    "name=python3, GPU has fallen off the bus.\n"))
                      .toUtf8());
        QString error;
        auto server = GatewayServer::start(
            optionsWith({ BridgeSpec::fromArgument(BridgeSpec::Kind::Dcgm, fixturePath("dcgm-exporter-lab.prom")),
                          BridgeSpec::fromArgument(BridgeSpec::Kind::KernelLog, kernelLog) }),
            &error);
        QVERIFY2(server, qPrintable(error));
        LiveCluster cluster;
        TelemetryClient client({ server->address() }, cluster);
        client.start();
        std::vector<Event> events;
        auto xid79 = [&] {
            for (Event &e : cluster.takeEvents())
                events.push_back(std::move(e));
            return std::count_if(events.begin(), events.end(), [](const Event &e) {
                return e.type == EventType::Xid && e.code == 79 && e.entity == EntityRef { EntityKind::Gpu, 5 };
            });
        };
        QTRY_VERIFY_WITH_TIMEOUT(xid79() >= 1, 5000);
        QTest::qWait(1000); // ten polls: dcgm's report has long been released or merged
        QCOMPARE(xid79(), 1);
        const auto standing = std::find_if(events.begin(), events.end(), [](const Event &e) { return e.code == 79; });
        QVERIFY2(standing->message.contains(QStringLiteral("python3")), qPrintable(standing->message));
        client.stop();
    }

    // A line dated days ahead (a node whose clock is wrong, or a hostile log) never enters: it
    // would move the alarm clock days on, clearing every warning and expiring every shelf. The
    // lines around it are kept, and the refusal is said.
    void aFutureDatedLineIsRefusedAndSaid()
    {
        QTemporaryDir dir;
        const QString kernelLog = dir.filePath(QStringLiteral("kern.log"));
        const QDateTime now = QDateTime::currentDateTimeUtc();
        auto line = [](const QDateTime &at, int xid) {
            return at.toString(Qt::ISODate)
                + QStringLiteral(" gpu-node-01 kernel: NVRM: Xid (PCI:0000:ab:00): %1, pid=4242, name=python3, "
                                 "a fault.\n")
                      .arg(xid);
        };
        writeFile(kernelLog, (line(now.addDays(3), 79) + line(now, 48)).toUtf8());
        GatewayOptions options = optionsWith({ BridgeSpec::fromArgument(BridgeSpec::Kind::KernelLog, kernelLog) });
        QStringList said;
        std::mutex saidMutex;
        options.log = [&](const QString &text) {
            std::lock_guard lock(saidMutex);
            said << text;
        };
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        LiveCluster cluster;
        TelemetryClient client({ server->address() }, cluster);
        client.start();
        std::vector<Event> events;
        auto xids = [&](int code) {
            for (Event &e : cluster.takeEvents())
                events.push_back(std::move(e));
            return std::count_if(events.begin(), events.end(),
                                 [code](const Event &e) { return e.type == EventType::Xid && e.code == code; });
        };
        QTRY_COMPARE_WITH_TIMEOUT(xids(48), 1, 5000);
        QCOMPARE(xids(79), 0);
        QTRY_COMPARE_WITH_TIMEOUT(server->journal().refusedAhead(), uint64_t(1), 5000);
        {
            std::lock_guard lock(saidMutex);
            QVERIFY2(!said.filter(QStringLiteral("dated ahead of the gateway's clock")).isEmpty(),
                     qPrintable(said.join(u'\n')));
        }
        client.stop();
    }

    void scrapesOverHttpAndDerivesTheTopology()
    {
        test::HttpFixture exporter(test::HttpFixture::ok(fixture("dcgm-exporter-lab.prom")));
        QString error;
        auto server = GatewayServer::start(
            optionsWith(
                { BridgeSpec::fromArgument(BridgeSpec::Kind::Dcgm,
                                           QStringLiteral("http://127.0.0.1:%1/metrics").arg(exporter.port())) },
                false),
            &error);
        QVERIFY2(server, qPrintable(error));
        const Topology &t = *server->journal().topology();
        QCOMPARE(t.nodes.size(), size_t(3)); // gpu-node-01, -02 and -99, from the labels
        QCOMPARE(t.nodes[0].hostname, QStringLiteral("gpu-node-01"));
        QCOMPARE(t.gpus[0].uuid, QStringLiteral("GPU-000000a0-1111-2222-3333-000000000000"));
        LiveCluster cluster;
        TelemetryClient client({ server->address() }, cluster);
        client.start();
        QTRY_COMPARE_WITH_TIMEOUT(valueOf(cluster, metric::GpuTemp, 0), 64.0f, 5000);
        QTRY_VERIFY(exporter.requests() >= 3);
        client.stop();
    }

    void aGpuGoneFromItsExportersPageIsSaidSilent()
    {
        // The exporter serves both GPUs of its node for five scrapes, then only GPU 0: the
        // gateway's DCGM source says GPU 1 is silent while its node answers (ScrapeWatch).
        auto page = [](bool both) {
            QByteArray body;
            for (int g = 0; g < (both ? 2 : 1); ++g)
                body += QByteArrayLiteral("DCGM_FI_DEV_GPU_TEMP{gpu=\"") + QByteArray::number(g)
                    + QByteArrayLiteral("\",UUID=\"GPU-s") + QByteArray::number(g)
                    + QByteArrayLiteral("\",Hostname=\"node-a\"} 55\n");
            return test::HttpFixture::ok(body);
        };
        std::atomic<int> served { 0 };
        test::HttpFixture exporter([&](const QByteArray &) { return page(++served <= 5); });
        QString error;
        auto server = GatewayServer::start(
            optionsWith(
                { BridgeSpec::fromArgument(BridgeSpec::Kind::Dcgm,
                                           QStringLiteral("http://127.0.0.1:%1/metrics").arg(exporter.port())) },
                false),
            &error);
        QVERIFY2(server, qPrintable(error));
        LiveCluster cluster;
        TelemetryClient client({ server->address() }, cluster);
        client.start();
        std::vector<Event> events;
        auto silent = [&] {
            for (Event &e : cluster.takeEvents())
                events.push_back(std::move(e));
            return std::count_if(events.begin(), events.end(), [](const Event &e) {
                return e.type == EventType::GpuSilent && e.entity == EntityRef { EntityKind::Gpu, 1 };
            });
        };
        QTRY_VERIFY_WITH_TIMEOUT(silent() >= 1, 10000);
        QVERIFY(std::none_of(events.begin(), events.end(),
                             [](const Event &e) { return e.type == EventType::GpuSilent && e.entity.index == 0; }));
        // Its temperature is no longer read: the source marked the series stale, as Prometheus does,
        // rather than let its last value stand.
        QTRY_VERIFY_WITH_TIMEOUT(std::isnan(valueOf(cluster, metric::GpuTemp, 1)), 5000);
        QCOMPARE(valueOf(cluster, metric::GpuTemp, 0), 55.0f);
        client.stop();
    }

    void httpErrorsAreClear()
    {
        QString error;
        test::HttpFixture notFound("HTTP/1.0 404 Not Found\r\n\r\nno metrics here");
        HttpResponse r = httpGet(QStringLiteral("http://127.0.0.1:%1/metrics").arg(notFound.port()));
        QCOMPARE(r.status, 404);
        QVERIFY2(r.error.contains(QStringLiteral("HTTP 404")), qPrintable(r.error));
        test::HttpFixture garbage("SSH-2.0-OpenSSH_9.2\r\n");
        r = httpGet(QStringLiteral("http://127.0.0.1:%1/").arg(garbage.port()));
        QVERIFY2(r.error.contains(QStringLiteral("did not answer in HTTP")), qPrintable(r.error));
        test::HttpFixture huge(test::HttpFixture::ok(QByteArray(3 << 20, 'x')));
        HttpOptions small;
        small.maxBytes = 1 << 20;
        r = httpGet(QStringLiteral("http://127.0.0.1:%1/").arg(huge.port()), small);
        QVERIFY2(r.error.contains(QStringLiteral("more than")), qPrintable(r.error));
        QVERIFY(r.body.isEmpty());
        r = httpGet(QStringLiteral("ftp://example/metrics"));
        QVERIFY2(r.error.contains(QStringLiteral("not an http://")), qPrintable(r.error));
        int closedPort = 0;
        {
            test::HttpFixture gone("");
            closedPort = gone.port();
        }
        HttpOptions quick;
        quick.timeout = std::chrono::milliseconds(500);
        r = httpGet(QStringLiteral("http://127.0.0.1:%1/").arg(closedPort), quick);
        QVERIFY2(r.error.contains(QStringLiteral("cannot connect")), qPrintable(r.error));
    }

    // An exporter whose samples carry no Hostname label (run without it) is one node: the
    // host it is scraped at names it, so its GPUs are laid out and read rather than refused.
    void theUrlsHostNamesANodeWithoutLabels()
    {
        test::HttpFixture exporter(test::HttpFixture::ok("DCGM_FI_DEV_GPU_TEMP{gpu=\"0\",UUID=\"GPU-x0\"} 55\n"
                                                         "DCGM_FI_DEV_GPU_TEMP{gpu=\"1\",UUID=\"GPU-x1\"} 57\n"));
        const QString url = QStringLiteral("http://127.0.0.1:%1/metrics").arg(exporter.port());
        QString error;
        auto server = GatewayServer::start(
            optionsWith({ BridgeSpec::fromArgument(BridgeSpec::Kind::Dcgm, url) }, false), &error);
        QVERIFY2(server, qPrintable(error));
        const Topology &t = *server->journal().topology();
        QCOMPARE(t.nodes.size(), size_t(1));
        QCOMPARE(t.nodes[0].hostname, QStringLiteral("127.0.0.1"));
        QCOMPARE(t.gpus.size(), size_t(2));
        LiveCluster cluster;
        TelemetryClient client({ server->address() }, cluster);
        client.start();
        QTRY_COMPARE_WITH_TIMEOUT(valueOf(cluster, metric::GpuTemp, 1), 57.0f, 5000);
        client.stop();
        QCOMPARE(server->bridges().front()->counters().rejected, uint64_t(0));
    }

    // Each exporter its own credentials (--scrape-config): two pods, one behind a token and
    // one behind a password, both scraped by one gateway; a typo or an entry for no source
    // is refused by name, before anything is scraped unauthenticated.
    void eachSourceItsOwnCredentials()
    {
        const QByteArray body = fixture("dcgm-exporter-lab.prom");
        test::HttpFixture podA([&](const QByteArray &request) -> QByteArray {
            return request.contains("\r\nAuthorization: Bearer alpha\r\n") ? test::HttpFixture::ok(body)
                                                                           : "HTTP/1.0 401 Unauthorized\r\n\r\n";
        });
        test::HttpFixture podB([&](const QByteArray &request) -> QByteArray {
            return request.contains("\r\nAuthorization: Basic " + QByteArray("ops:beta").toBase64() + "\r\n")
                ? test::HttpFixture::ok(body)
                : "HTTP/1.0 401 Unauthorized\r\n\r\n";
        });
        const QString a = QStringLiteral("http://127.0.0.1:%1/").arg(podA.port());
        const QString b = QStringLiteral("http://127.0.0.1:%1/").arg(podB.port());
        writeFile(scratch.filePath(QStringLiteral("a.token")), "alpha\n");
        writeFile(scratch.filePath(QStringLiteral("b.auth")), "ops:beta\n");
        const QString config = scratch.filePath(QStringLiteral("scrape.json"));
        auto readWith = [&](const QByteArray &json, GatewayOptions &options) {
            writeFile(config, json);
            QCommandLineParser parser;
            addGatewayOptions(parser, true);
            if (!parser.parse({ QStringLiteral("vigil-gateway"), QStringLiteral("--topology"),
                                fixturePath("topology-lab.json"), QStringLiteral("--dcgm"),
                                a + QStringLiteral("metrics"), QStringLiteral("--dcgm"), b + QStringLiteral("metrics"),
                                QStringLiteral("--poll"), QStringLiteral("0.1"), QStringLiteral("--scrape-config"),
                                config }))
                return parser.errorText();
            return readGatewayOptions(parser, options, true);
        };
        GatewayOptions options;
        const QByteArray good = "{\"sources\": [{\"match\": \"" + a.toUtf8() + "\", \"bearer_token_file\": \""
            + scratch.filePath(QStringLiteral("a.token")).toUtf8() + "\"}, {\"match\": \"" + b.toUtf8()
            + "\", \"basic_auth_file\": \"" + scratch.filePath(QStringLiteral("b.auth")).toUtf8()
            + "\", \"timeout_s\": 2}]}";
        QCOMPARE(readWith(good, options), QString());
        QCOMPARE(options.bridges.size(), size_t(2));
        QCOMPARE(options.bridges[0].http.bearerToken, QStringLiteral("alpha"));
        QVERIFY(options.bridges[0].http.basicAuth.isEmpty());
        QCOMPARE(options.bridges[1].http.basicAuth, QStringLiteral("ops:beta"));
        QVERIFY(options.bridges[1].http.bearerToken.isEmpty());
        QCOMPARE(options.bridges[1].http.timeout, std::chrono::milliseconds(2000));
        options.listen = "127.0.0.1:0";
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(
            server->bridges()[0]->counters().samples > 0 && server->bridges()[1]->counters().samples > 0, 10000);
        for (const auto &bridge : server->bridges()) // the fixture's own bad lines aside, nothing was refused
            QVERIFY2(!bridge->counters().lastError.contains(QStringLiteral("401")),
                     qPrintable(bridge->counters().lastError));
        server.reset();

        GatewayOptions refused;
        QString why
            = readWith("{\"sources\": [{\"match\": \"" + a.toUtf8() + "\", \"bearer_tokn_file\": \"x\"}]}", refused);
        QVERIFY2(why.contains(QStringLiteral("unknown key \"bearer_tokn_file\"")), qPrintable(why));
        why = readWith("{\"sources\": [{\"match\": \"https://elsewhere/\", \"ca_file\": \"" + config.toUtf8() + "\"}]}",
                       refused);
        QVERIFY2(why.contains(QStringLiteral("matches no --dcgm or --prometheus source")), qPrintable(why));
        why = readWith("{\"sources\": [{\"match\": \"" + a.toUtf8() + "\", \"bearer_token_file\": \"/nonexistent\"}]}",
                       refused);
        QVERIFY2(why.contains(QStringLiteral("source 1 bearer_token_file: cannot read /nonexistent")), qPrintable(why));
        QVERIFY2(readWith("[1, 2", refused).contains(QStringLiteral("not JSON")), "a broken file is named");
    }

    // Exporters behind a token or a password, compressed bodies, and redirects.
    void httpAuthenticationCompressionAndRedirects()
    {
        const QByteArray body = fixture("dcgm-exporter-lab.prom");
        test::HttpFixture guarded([&](const QByteArray &request) -> QByteArray {
            if (request.contains("\r\nAuthorization: Bearer s3cret\r\n")
                || request.contains("\r\nAuthorization: Basic " + QByteArray("ops:pa ss").toBase64() + "\r\n"))
                return test::HttpFixture::ok(body);
            return "HTTP/1.0 401 Unauthorized\r\nWWW-Authenticate: Bearer\r\n\r\n";
        });
        const QString url = QStringLiteral("http://127.0.0.1:%1/metrics").arg(guarded.port());
        HttpResponse r = httpGet(url);
        QVERIFY2(r.error.contains(QStringLiteral("refused the scrape: HTTP 401")), qPrintable(r.error));
        HttpOptions token;
        token.bearerToken = QStringLiteral("s3cret");
        r = httpGet(url, token);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.body, body);
        HttpOptions password;
        password.basicAuth = QStringLiteral("ops:pa ss");
        QCOMPARE(httpGet(url, password).body, body);

        // deflate (a zlib stream), undone on the way in; the size bound applies after it.
        const QByteArray packed = qCompress(body).mid(4);
        test::HttpFixture compressed("HTTP/1.0 200 OK\r\nContent-Encoding: deflate\r\nContent-Length: "
                                     + QByteArray::number(packed.size()) + "\r\n\r\n" + packed);
        r = httpGet(QStringLiteral("http://127.0.0.1:%1/").arg(compressed.port()));
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.body, body);
        const QByteArray bomb = qCompress(QByteArray(8 << 20, '0'), 9).mid(4);
        test::HttpFixture bombs("HTTP/1.0 200 OK\r\nContent-Encoding: deflate\r\nContent-Length: "
                                + QByteArray::number(bomb.size()) + "\r\n\r\n" + bomb);
        HttpOptions small;
        small.maxBytes = 1 << 20;
        r = httpGet(QStringLiteral("http://127.0.0.1:%1/").arg(bombs.port()), small);
        QVERIFY2(r.error.contains(QStringLiteral("more than")), qPrintable(r.error));

        // Redirects are followed within http(s), never to a file.
        test::HttpFixture moved([&](const QByteArray &request) -> QByteArray {
            if (request.startsWith("GET /old "))
                return "HTTP/1.0 302 Found\r\nLocation: /metrics\r\n\r\n";
            if (request.startsWith("GET /file "))
                return "HTTP/1.0 302 Found\r\nLocation: file:///etc/passwd\r\n\r\n";
            return test::HttpFixture::ok(body);
        });
        r = httpGet(QStringLiteral("http://127.0.0.1:%1/old").arg(moved.port()));
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.body, body);
        r = httpGet(QStringLiteral("http://127.0.0.1:%1/file").arg(moved.port()));
        QVERIFY(!r.error.isEmpty());
        QVERIFY(r.body.isEmpty());
    }

    // Exporters are scraped at once: each of these answers only when all have been asked,
    // which one request after another would never reach.
    void exportersAreScrapedConcurrently()
    {
        constexpr int Exporters = 12;
        std::atomic<int> asked { 0 };
        const QByteArray body = test::HttpFixture::ok(fixture("dcgm-exporter-lab.prom"));
        std::vector<std::unique_ptr<test::HttpFixture>> exporters;
        std::vector<HttpRequest> requests;
        for (int i = 0; i < Exporters; ++i) {
            exporters.push_back(std::make_unique<test::HttpFixture>([&](const QByteArray &) {
                ++asked;
                for (int wait = 0; wait < 400 && asked.load() < Exporters; ++wait)
                    std::this_thread::sleep_for(std::chrono::milliseconds(10));
                return asked.load() >= Exporters ? body : QByteArray("HTTP/1.0 503 Alone\r\n\r\n");
            }));
            requests.push_back({ QStringLiteral("http://127.0.0.1:%1/metrics").arg(exporters.back()->port()), {} });
        }
        const std::vector<HttpResponse> responses = httpGetAll(requests);
        QCOMPARE(responses.size(), size_t(Exporters));
        for (const HttpResponse &r : responses) {
            QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
            QCOMPARE(r.status, 200L);
        }
    }

    // vigil-gateway's simulator runs on the wall clock unless told otherwise, so what it sends
    // on to a time-series database lands inside the database's retention (a month-old start
    // was dropped, silently, by a TSDB that keeps a month).
    void theSimulatorRunsOnTheWallClock()
    {
        auto read = [](const QStringList &arguments, GatewayOptions &options) {
            QCommandLineParser parser;
            addGatewayOptions(parser, true);
            if (!parser.parse(QStringList { QStringLiteral("vigil-gateway") } + arguments))
                return parser.errorText();
            return readGatewayOptions(parser, options, true);
        };
        GatewayOptions now;
        QCOMPARE(read({}, now), QString());
        QVERIFY(std::abs(now.simulator.startTimeMs - QDateTime::currentMSecsSinceEpoch()) < 5000);
        GatewayOptions told;
        QCOMPARE(read({ QStringLiteral("--sim-start"), QStringLiteral("2026-11-02T06:00") }, told), QString());
        QCOMPARE(told.simulator.startTimeMs, int64_t(1793577600000) + 6 * 3600000);
        GatewayOptions faster; // ahead of real time it would run into the future: its fixed start
        QCOMPARE(read({ QStringLiteral("--speed"), QStringLiteral("60") }, faster), QString());
        QCOMPARE(faster.simulator.startTimeMs, SimulatorOptions().startTimeMs);
        GatewayOptions demo; // vigil --demo runs an hour a second: its fixed start
        {
            QCommandLineParser parser;
            addGatewayOptions(parser, false);
            QVERIFY(parser.parse({ QStringLiteral("vigil") }));
            QCOMPARE(readDemoGatewayOptions(&parser, demo), QString());
            QCOMPARE(demo.simulator.startTimeMs, SimulatorOptions().startTimeMs);
        }
        GatewayOptions wrong;
        QVERIFY(read({ QStringLiteral("--sim-start"), QStringLiteral("yesterday-ish") }, wrong)
                    .contains(QLatin1String("--sim-start")));
        // Served: the journal's clock is the wall's.
        now.listen = "127.0.0.1:0";
        now.simulator.shape.gpus = 64;
        QString error;
        auto server = GatewayServer::start(now, &error);
        QVERIFY2(server, qPrintable(error));
        QVERIFY(std::abs(server->journal().headTimeMs() - QDateTime::currentMSecsSinceEpoch()) < 5000);
    }

    // A query API's refusal is told whole, with the status first and the URL apart: the limit
    // VictoriaMetrics names comes at the end of a long sentence, and the query string can be
    // kilobytes of PromQL (both used to be cut or buried in the message).
    void aServersRefusalIsToldWhole()
    {
        const QByteArray said = "{\"status\":\"error\",\"errorType\":\"422\",\"error\":\"error when executing query="
            + QByteArray(400, 'q')
            + ": cannot fetch data: the number of matching timeseries exceeds 300000; either narrow down the search "
              "or increase -search.maxUniqueTimeseries command-line flag value\"}";
        test::HttpFixture refusing("HTTP/1.0 422 Unprocessable Entity\r\nContent-Type: application/json\r\n\r\n"
                                   + said);
        const HttpResponse r = httpGet(QStringLiteral("http://127.0.0.1:%1/api/v1/query?query=%2&time=1793577600")
                                           .arg(refusing.port())
                                           .arg(QString(2000, u'x')));
        QVERIFY(r.error.startsWith(QLatin1String("HTTP 422: 422: error when executing query=")));
        QVERIFY2(r.error.contains(QLatin1String("-search.maxUniqueTimeseries command-line flag value")),
                 qPrintable(r.error));
        QVERIFY2(r.error.endsWith(QStringLiteral("(from http://127.0.0.1:%1/api/v1/query)").arg(refusing.port())),
                 qPrintable(r.error));
        QVERIFY(!r.error.contains(QLatin1String("xxxx")));
    }

    // One exporter that takes a second and a half to answer does not hold up another: the
    // fast one is scraped every interval (100 ms) while the slow one is still answering, and
    // its readings are mapped as they come. (The group used to wait for every answer, so each
    // exporter was scraped at the slowest one's pace.)
    void aSlowExporterHoldsUpNoOther()
    {
        const QByteArray body = test::HttpFixture::ok(fixture("dcgm-exporter-lab.prom"));
        test::HttpFixture fast(body);
        test::HttpFixture slow([&](const QByteArray &) {
            std::this_thread::sleep_for(std::chrono::milliseconds(1500));
            return body;
        });
        const TopologyFile topologyFile = TopologyFile::read(fixturePath("topology-lab.json"));
        auto topology = std::make_shared<const Topology>(topologyFile.topology);
        TelemetryJournal journal(1, topology, standardMetrics(), {});
        auto specFor = [](const test::HttpFixture &exporter) {
            BridgeSpec spec = BridgeSpec::fromArgument(
                BridgeSpec::Kind::Dcgm, QStringLiteral("http://127.0.0.1:%1/metrics").arg(exporter.port()));
            spec.interval = std::chrono::milliseconds(100);
            return spec;
        };
        DcgmSource fastSource(specFor(fast), journal, {}, {}), slowSource(specFor(slow), journal, {}, {});
        ScrapeGroup group({ &fastSource, &slowSource }, std::chrono::milliseconds(100));
        QElapsedTimer running;
        running.start();
        group.start();
        QTRY_VERIFY_WITH_TIMEOUT(fastSource.counters().samples > 0, 5000);
        QVERIFY2(running.elapsed() < 1200, qPrintable(QString::number(running.elapsed()))); // not after the slow one
        QTRY_VERIFY_WITH_TIMEOUT(slowSource.counters().samples > 0, 5000);
        const int fastBefore = fast.requests(), slowBefore = slow.requests();
        QTest::qWait(1600);
        group.stop();
        QVERIFY2(fast.requests() - fastBefore >= 8, qPrintable(QString::number(fast.requests() - fastBefore)));
        QVERIFY2(slow.requests() - slowBefore <= 2, qPrintable(QString::number(slow.requests() - slowBefore)));
    }

    // HTTPS against a real TLS server (openssl s_server), with the site's own CA.
    void httpsWithTheSitesCa()
    {
        QTemporaryDir dir;
        test::TestPki pki;
        QCOMPARE(test::makeTestPki(dir.path(), QStringLiteral("exp"), pki), QString());
        writeFile(dir.filePath(QStringLiteral("metrics")), fixture("dcgm-exporter-lab.prom"));
        const int port = test::freeLoopbackPort();
        QProcess server;
        server.setWorkingDirectory(dir.path());
        server.start(QStringLiteral("openssl"),
                     { QStringLiteral("s_server"), QStringLiteral("-quiet"), QStringLiteral("-accept"),
                       QStringLiteral("127.0.0.1:%1").arg(port), QStringLiteral("-cert"), pki.serverCertificate,
                       QStringLiteral("-key"), pki.serverKey, QStringLiteral("-WWW") });
        QVERIFY(server.waitForStarted());
        const QString url = QStringLiteral("https://127.0.0.1:%1/metrics").arg(port);
        HttpOptions trusted;
        trusted.caFile = pki.caCertificate;
        HttpResponse r;
        for (int attempt = 0; attempt < 50; ++attempt) { // until s_server listens
            r = httpGet(url, trusted);
            if (!r.error.contains(QStringLiteral("cannot connect")))
                break;
            QTest::qWait(100);
        }
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.body, fixture("dcgm-exporter-lab.prom"));
        r = httpGet(url); // the system's CAs do not know this one
        QVERIFY2(r.error.contains(QStringLiteral("cannot verify")), qPrintable(r.error));
        r = httpGet(QStringLiteral("http://127.0.0.1:%1/metrics").arg(port), trusted); // http to a TLS port
        QVERIFY(!r.error.isEmpty());
        server.kill();
        server.waitForFinished();
    }

    // Every field an exporter reports for GPUs is on the stream: known ones under DCGM's
    // name and unit, a site's own under its name and help text; GPUs keep their PCI
    // address, serial and driver.
    void everyFieldReachesTheStream()
    {
        const QByteArray text = "# HELP DCGM_FI_DEV_SM_CLOCK SM clock frequency (in MHz).\n"
                                "# TYPE DCGM_FI_DEV_SM_CLOCK gauge\n"
                                "DCGM_FI_DEV_SM_CLOCK{gpu=\"0\",UUID=\"GPU-a\",pci_bus_id=\"00000000:1A:00.0\","
                                "Hostname=\"n1\",DCGM_FI_DRIVER_VERSION=\"535.104.05\",DCGM_FI_DEV_SERIAL=\"1650923\"} "
                                "1980\n"
                                "# HELP SITE_FAN_RPM Fan speed our BMC agent adds.\n"
                                "# TYPE SITE_FAN_RPM gauge\n"
                                "SITE_FAN_RPM{gpu=\"0\",UUID=\"GPU-a\",Hostname=\"n1\"} 7200\n"
                                "dcgm_fi_prof_gr_engine_active{gpu=\"0\",UUID=\"GPU-a\",Hostname=\"n1\"} 87.5\n"
                                "DCGM_FI_DEV_PCIE_REPLAY_COUNTER{gpu=\"0\",UUID=\"GPU-a\",Hostname=\"n1\"} 3\n"
                                "process_open_fds 12\n";
        QString error;
        auto server = serveExposition(text, QStringLiteral("metrics.prom"), &error);
        QVERIFY2(server, qPrintable(error));
        const Topology &t = *server->journal().topology();
        QCOMPARE(t.gpus.size(), size_t(1));
        QCOMPARE(t.gpus[0].pciBusId, QStringLiteral("00000000:1a:00.0"));
        QCOMPARE(t.gpus[0].serial, QStringLiteral("1650923"));
        QCOMPARE(t.gpus[0].driverVersion, QStringLiteral("535.104.05"));
        auto descriptor = [&](const QString &name) -> const MetricDescriptor * {
            for (const MetricDescriptor &m : server->journal().metrics())
                if (m.name == name)
                    return &m;
            return nullptr;
        };
        QVERIFY(descriptor(QStringLiteral("DCGM_FI_DEV_SM_CLOCK")));
        QCOMPARE(descriptor(QStringLiteral("DCGM_FI_DEV_SM_CLOCK"))->unit, QStringLiteral("MHz"));
        QVERIFY(descriptor(QStringLiteral("SITE_FAN_RPM")));
        QCOMPARE(descriptor(QStringLiteral("SITE_FAN_RPM"))->help, QStringLiteral("Fan speed our BMC agent adds."));
        QVERIFY(descriptor(QStringLiteral("DCGM_FI_PROF_GR_ENGINE_ACTIVE"))); // the 1.x name, as DCGM's field
        QVERIFY(descriptor(QStringLiteral("DCGM_FI_DEV_PCIE_REPLAY_COUNTER"))); // a counter stays a counter
        QVERIFY(!descriptor(QStringLiteral("process_open_fds"))); // no GPU: not a GPU metric

        LiveCluster cluster;
        TelemetryClient client({ server->address() }, cluster);
        client.start();
        QTRY_COMPARE_WITH_TIMEOUT(valueOf(cluster, QStringLiteral("DCGM_FI_DEV_SM_CLOCK"), 0), 1980.0f, 5000);
        QCOMPARE(valueOf(cluster, QStringLiteral("SITE_FAN_RPM"), 0), 7200.0f);
        QCOMPARE(valueOf(cluster, QStringLiteral("DCGM_FI_PROF_GR_ENGINE_ACTIVE"), 0), 0.875f); // 1.x gave %
        QCOMPARE(valueOf(cluster, QStringLiteral("DCGM_FI_DEV_PCIE_REPLAY_COUNTER"), 0), 3.0f);
        client.stop();
        // The one sample without a GPU is named, not dropped without a word.
        const BridgeCounters counters = server->bridges().front()->counters();
        QVERIFY(counters.unknownFields.count(QStringLiteral("process_open_fds")));
    }

    // A corpus of scrapes written from dcgm-exporter's documented formats, one per
    // exporter generation and GPU kind (1.x names on a T4, 2.x on an A100 with a blank and
    // a NaN, 3.x's profiling fields and counters on an H100, 4.x's lower-case labels on an
    // L4, 3.x on an A30 split by MIG), each with the readings it must give: laid out the
    // way the gateway lays a cluster out (survey, topology, instances, dictionary), then
    // mapped. Every field is on the stream (none unknown) and every expected value lands
    // on its GPU or GPU instance.
    void exporterCorpus_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("host");
        QTest::newRow("1.x T4") << QStringLiteral("exporter-1.x-t4") << QStringLiteral("t4-node");
        QTest::newRow("2.x A100") << QStringLiteral("exporter-2.x-a100") << QString();
        QTest::newRow("3.x H100") << QStringLiteral("exporter-3.x-h100") << QString();
        QTest::newRow("4.x L4") << QStringLiteral("exporter-4.x-l4") << QString();
        QTest::newRow("3.x A30 MIG") << QStringLiteral("exporter-3.x-a30-mig") << QString();
        QTest::newRow("4.9 H100") << QStringLiteral("exporter-4.9-h100") << QString();
        QTest::newRow("4.10 GB200") << QStringLiteral("exporter-4.10-gb200") << QString();
    }

    void exporterCorpus()
    {
        QFETCH(QString, name);
        QFETCH(QString, host);
        const QString directory = fixturePath("dcgm-corpus");
        const QString path = directory + u'/' + name + QStringLiteral(".prom");
        const BridgeSpec spec
            = BridgeSpec::fromArgument(BridgeSpec::Kind::Dcgm, host.isEmpty() ? path : host + u'=' + path);
        const DcgmSurvey survey = DcgmSurvey::read({ spec });
        QCOMPARE(survey.errors, QStringList());
        QString error;
        Topology t = deriveTopologyFromDcgm(survey, &error);
        QCOMPARE(error, QString());
        addGpuInstances(t, survey, &error);
        QCOMPARE(error, QString());
        const auto topology = std::make_shared<const Topology>(std::move(t));
        const std::vector<MetricDescriptor> metrics = metricsForDcgm(survey, standardMetrics());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        DcgmMapper mapper(topology, metrics);
        const DcgmMapper::Result result = mapper.map(text, 1793577600000, spec.host);
        QCOMPARE(result.stats.accepted + result.stats.skipped + result.stats.rejected, result.stats.lines);
        QStringList unknown; // (QVERIFY2 reads its message whether or not the check holds)
        for (const auto &[field, seen] : result.unknownFields)
            unknown << field;
        QStringList unmapped; // what the expectations say is counted, not mapped

        const EntityNames names(*topology);
        auto reading = [&](const QString &metricName, const QString &entityName) -> std::optional<float> {
            const std::optional<EntityRef> entity = names.find(entityName);
            if (!entity)
                return std::nullopt;
            for (const GpuReading &r : result.readings)
                if (r.gpu == entity->index && metrics[r.metricId].name == metricName
                    && metrics[r.metricId].entityKind == entity->kind)
                    return r.value;
            return std::nullopt;
        };
        QFile expected(directory + u'/' + name + QStringLiteral(".expected"));
        QVERIFY(expected.open(QIODevice::ReadOnly | QIODevice::Text));
        int checked = 0;
        while (!expected.atEnd()) {
            const QStringList f = QString::fromUtf8(expected.readLine()).simplified().split(u' ');
            if (f.value(0).isEmpty() || f.value(0).startsWith(u'#'))
                continue;
            ++checked;
            if (f[0] == QLatin1String("rejected")) {
                QCOMPARE(result.stats.rejected, f.value(1).toULongLong());
            } else if (f[0] == QLatin1String("unmapped")) {
                unmapped << f.mid(1).join(u' ');
            } else if (f[0] == QLatin1String("missing")) {
                QVERIFY2(names.find(f.value(2)).has_value(), qPrintable(f.value(2)));
                QVERIFY2(!reading(f.value(1), f.value(2)), qPrintable(f.join(u' ')));
            } else {
                const std::optional<float> value = reading(f[0], f.value(1));
                QVERIFY2(value, qPrintable(QStringLiteral("no reading: ") + f.join(u' ')));
                const double want = f.value(2).toDouble();
                QVERIFY2(std::abs(*value - want) <= 1e-6 * std::max(1.0, std::abs(want)),
                         qPrintable(QStringLiteral("%1: got %2").arg(f.join(u' ')).arg(*value)));
            }
        }
        QVERIFY(checked >= 8);
        QCOMPARE(unknown, unmapped);
    }

    // One cluster, two generations of dcgm-exporter (#39): node-a still on 4.8, node-b on 4.9, whose
    // GPUs are in the same state. 4.9 writes clocks in Hz, energy in J, utilisation as a ratio,
    // memory in bytes and NVLink in B/s; the map must show both nodes alike, field by field.
    void mixedExporterGenerationsDrawTheSameMap()
    {
        const QString directory = fixturePath("dcgm-corpus/mixed");
        std::vector<BridgeSpec> specs;
        for (const char *file : { "node-a-4.8.prom", "node-b-4.9.prom" })
            specs.push_back(BridgeSpec::fromArgument(BridgeSpec::Kind::Dcgm, directory + u'/' + QLatin1String(file)));
        const DcgmSurvey survey = DcgmSurvey::read(specs);
        QCOMPARE(survey.errors, QStringList());
        QString error;
        const auto topology = std::make_shared<const Topology>(deriveTopologyFromDcgm(survey, &error));
        QCOMPARE(error, QString());
        QCOMPARE(topology->gpus.size(), size_t(4));
        const std::vector<MetricDescriptor> metrics = metricsForDcgm(survey, standardMetrics());
        // One metric per field, whatever the names it came under.
        QStringList names;
        for (const MetricDescriptor &m : metrics)
            names << m.name;
        QCOMPARE(names.count(QStringLiteral("DCGM_FI_DEV_SM_CLOCK")), 1);
        QVERIFY(!names.contains(QStringLiteral("DCGM_FI_DEV_SM_CLOCK_HERTZ")));

        std::map<std::pair<uint32_t, uint32_t>, float> values; // (metric, gpu)
        std::vector<const char *> generations;
        for (const BridgeSpec &spec : specs) {
            QFile file(spec.location);
            QVERIFY(file.open(QIODevice::ReadOnly));
            DcgmMapper mapper(topology, metrics);
            const DcgmMapper::Result result = mapper.map(file.readAll(), 1793577600000);
            QCOMPARE(result.stats.rejected, 0u);
            QVERIFY(result.unknownFields.empty());
            generations.insert(generations.end(), result.generations.begin(), result.generations.end());
            for (const GpuReading &r : result.readings)
                values[{ r.metricId, r.gpu }] = r.value;
        }
        QCOMPARE(generations.size(), size_t(1));
        QCOMPARE(QLatin1String(generations.front()), QLatin1String("4.9"));
        const EntityNames entities(*topology);
        int compared = 0;
        for (const MetricDescriptor &m : metrics) {
            for (const char *gpu : { "0", "1" }) {
                const auto a = entities.find(QStringLiteral("node-a:") + QLatin1String(gpu));
                const auto b = entities.find(QStringLiteral("node-b:") + QLatin1String(gpu));
                QVERIFY(a && b);
                const auto va = values.find({ m.id, a->index });
                const auto vb = values.find({ m.id, b->index });
                QCOMPARE(va != values.end(), vb != values.end());
                if (va == values.end())
                    continue;
                ++compared;
                // Within a float's precision: readings travel as 32-bit floats.
                QVERIFY2(std::abs(va->second - vb->second) <= 1e-6f * std::max(1.0f, std::abs(va->second)),
                         qPrintable(QStringLiteral("%1 GPU %2: 4.8 says %3, 4.9 says %4")
                                        .arg(m.name, QLatin1String(gpu))
                                        .arg(va->second)
                                        .arg(vb->second)));
            }
        }
        QCOMPARE(compared, 2 * 20);
    }

    // dcgm-exporter 4.10 reports NVLink fields per link: a link's errors are a warning that names the
    // link; with the GPU's own counter also served, the GPU's speaks and nothing is counted twice.
    void anNvlinksErrorsAreAWarningThatNamesTheLink()
    {
        const QString path = fixturePath("dcgm-corpus/exporter-4.10-gb200.prom");
        const DcgmSurvey survey = DcgmSurvey::read({ BridgeSpec::fromArgument(BridgeSpec::Kind::Dcgm, path) });
        QString error;
        const auto topology = std::make_shared<const Topology>(deriveTopologyFromDcgm(survey, &error));
        const std::vector<MetricDescriptor> metrics = metricsForDcgm(survey, standardMetrics());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray first = file.readAll();
        QByteArray later = first;
        const QByteArray link7 = QByteArrayLiteral("nvlink=\"7\",gpu=\"1\"");
        // GPU 1's link 7: 42 CRC errors, then 50. Its transmit rate (0) stays.
        const qsizetype crc = later.indexOf("DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL{" + link7);
        QVERIFY(crc > 0);
        const qsizetype end = later.indexOf('\n', crc);
        QCOMPARE(later.mid(end - 3, 3), QByteArray(" 42"));
        later.replace(end - 2, 2, "50");

        DcgmMapper mapper(topology, metrics);
        QCOMPARE(mapper.map(first, 1000).events.size(), size_t(0)); // the baseline
        const DcgmMapper::Result result = mapper.map(later, 2000);
        QCOMPARE(result.events.size(), size_t(1));
        const Event &e = result.events.front();
        QCOMPARE(e.type, EventType::NvlinkCrc);
        QCOMPARE(e.value, 8.0);
        QVERIFY2(e.message.contains(QStringLiteral("gb200-n1 GPU 1, NVLink 7")), qPrintable(e.message));

        // The GPU's own counter, served as well (before or after its links): it alone speaks.
        const QByteArray gpuCounter = QByteArrayLiteral(
            "DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL{gpu=\"1\",UUID=\"GPU-410a0b0c-0000-4000-8000-000000410002\","
            "hostname=\"gb200-n1\"} ");
        DcgmMapper both(topology, metrics);
        both.map(gpuCounter + "100\n" + first, 1000);
        const DcgmMapper::Result counted = both.map(later + gpuCounter + "108\n", 2000);
        QCOMPARE(counted.events.size(), size_t(1));
        QVERIFY2(!counted.events.front().message.contains(QStringLiteral("NVLink 7")),
                 qPrintable(counted.events.front().message));

        // A link number that is none is refused with its reason.
        QByteArray bad = first;
        bad.replace(link7, QByteArrayLiteral("nvlink=\"x7\",gpu=\"1\""));
        const DcgmMapper::Result refused = DcgmMapper(topology, metrics).map(bad, 1000);
        QCOMPARE(refused.stats.rejected, 2u);
        QVERIFY2(refused.stats.firstErrors.front().contains(QStringLiteral("not a link number")),
                 qPrintable(refused.stats.firstErrors.join(u'|')));
    }

    // The HELP text outranks the name (#39): a collector file that selects the old name yet
    // states another unit is read in the unit it states.
    void aHelpTextsUnitOutranksTheName()
    {
        const QString path = fixturePath("dcgm-corpus/mixed/node-a-4.8.prom");
        const DcgmSurvey survey = DcgmSurvey::read({ BridgeSpec::fromArgument(BridgeSpec::Kind::Dcgm, path) });
        QString error;
        const auto topology = std::make_shared<const Topology>(deriveTopologyFromDcgm(survey, &error));
        const std::vector<MetricDescriptor> metrics = metricsForDcgm(survey, standardMetrics());
        const QByteArray labels
            = QByteArrayLiteral("{gpu=\"0\",UUID=\"GPU-a48d5e6f-0000-4000-8000-000000048001\",hostname=\"node-a\"}");
        auto smClock = [&](const QByteArray &help, const QByteArray &value) -> float {
            DcgmMapper mapper(topology, metrics);
            const DcgmMapper::Result r = mapper.map(
                "# HELP DCGM_FI_DEV_SM_CLOCK " + help + "\nDCGM_FI_DEV_SM_CLOCK" + labels + ' ' + value + '\n', 1000);
            for (const GpuReading &g : r.readings)
                if (metrics[g.metricId].name == QLatin1String("DCGM_FI_DEV_SM_CLOCK"))
                    return g.value;
            return -1;
        };
        QCOMPARE(smClock("SM clock frequency (in MHz).", "1980"), 1980.0f);
        QCOMPARE(smClock("SM clock frequency (in Hz).", "1980000000"), 1980.0f);
        QCOMPARE(smClock("SM clock frequency (in GHz).", "1.98"), 1980.0f);
        // Not a unit of frequency, or none Vigil knows: the name decides.
        QCOMPARE(smClock("SM clock frequency (in C).", "1980"), 1980.0f);
        QCOMPARE(smClock("SM clock frequency (in furlongs).", "1980"), 1980.0f);
    }

    // NVSwitches (#19): a node's NVSwitches are in the topology (its file's "nvswitches"),
    // and an SXid line lands on its switch, fatal or not as the driver says; the jobs on
    // the node's GPUs are the ones it reaches. An SXid from a switch the topology lacks is
    // counted and says what to add.
    void anSxidLandsOnItsNvSwitch()
    {
        TopologyFile file = TopologyFile::read(fixturePath("topology-lab.json"));
        QVERIFY2(file.error.isEmpty(), qPrintable(file.error));
        Topology t = file.topology;
        uint32_t node = 0;
        while (t.nodes[node].hostname != QLatin1String("gpu-node-01"))
            ++node;
        t.switches.push_back({ QStringLiteral("gpu-node-01-nvswitch0"),
                               SwitchRole::NvSwitch,
                               {},
                               int32_t(node),
                               QStringLiteral("0000:C1:00.0") });
        QCOMPARE(t.index(), QString());
        // The topology file keeps it (written and read back).
        const TopologyFile again = TopologyFile::parse(TopologyFile::write(t));
        QVERIFY2(again.error.isEmpty(), qPrintable(again.error));
        const auto nvswitch = std::find_if(again.topology.switches.begin(), again.topology.switches.end(),
                                           [](const Switch &s) { return s.role == SwitchRole::NvSwitch; });
        QVERIFY(nvswitch != again.topology.switches.end());
        QCOMPARE(nvswitch->pciBusId, QStringLiteral("0000:c1:00.0"));
        QCOMPARE(again.topology.nodes[size_t(nvswitch->nodeIndex)].hostname, QStringLiteral("gpu-node-01"));
        QCOMPARE(gpusAffectedBy(t, { EntityKind::Switch, uint32_t(t.switches.size() - 1) }), t.gpusOfNode[node]);

        const QString log = scratch.filePath(QStringLiteral("nvswitch.log"));
        writeFile(log,
                  "2026-11-02T03:14:15+00:00 gpu-node-01 kernel: nvidia-nvswitch0: SXid (PCI:0000:c1:00.0): "
                  "12028, Non-fatal, Link 32 egress non-posted PRIV error (First)\n"
                  "2026-11-02T03:15:00+00:00 gpu-node-01 kernel: nvidia-nvswitch0: SXid (PCI:0000:c1:00.0): "
                  "24007, Fatal, Link 22 sourcetrack timeout error (First)\n"
                  "2026-11-02T03:16:00+00:00 gpu-node-01 kernel: nvidia-nvswitch5: SXid (PCI:0000:c9:00.0): "
                  "12028, Non-fatal, Link 40 egress non-posted PRIV error\n");
        GatewayOptions options = optionsWith({ BridgeSpec::fromArgument(BridgeSpec::Kind::KernelLog, log) });
        options.topology = std::make_shared<const Topology>(t);
        QString error;
        auto server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        LiveCluster cluster;
        TelemetryClient client({ server->address() }, cluster);
        client.start();
        std::vector<Event> events;
        const EntityRef onSwitch { EntityKind::Switch, uint32_t(t.switches.size() - 1) };
        auto both = [&] {
            for (Event &e : cluster.takeEvents())
                if (e.type == EventType::Xid)
                    events.push_back(std::move(e));
            return hasEvent(events, EventType::Xid, 12028, onSwitch)
                && hasEvent(events, EventType::Xid, 24007, onSwitch);
        };
        QTRY_VERIFY_WITH_TIMEOUT(both(), 5000);
        client.stop();
        QCOMPARE(events.size(), size_t(2));
        for (const Event &e : events) {
            QCOMPARE(e.severity, e.code == 24007 ? Severity::Critical : Severity::Warning);
            QCOMPARE(e.jobId,
                     t.jobOfGpu[t.gpusOfNode[node].front()] >= 0
                         ? t.jobs[size_t(t.jobOfGpu[t.gpusOfNode[node].front()])].id
                         : QString());
        }
        const BridgeCounters counters = server->bridges().front()->counters();
        QCOMPARE(counters.rejected, uint64_t(1));
        QVERIFY2(
            counters.rejectionReasons().join(u'\n').contains(QStringLiteral("add it to the node's \"nvswitches\"")),
            qPrintable(counters.rejectionReasons().join(u'\n')));
    }

    // MIG (#19): each GPU instance is an entity under its GPU with readings of its own, never
    // collapsed onto the GPU; what describes the whole board (temperature) stays the GPU's.
    // An A100 split in two (exporter 3.x labels) beside an H100 without MIG (4.x lower case).
    void migInstancesAreEntitiesOfTheirOwn()
    {
        const QByteArray a100 = "gpu=\"0\",UUID=\"GPU-a100\",device=\"nvidia0\",modelName=\"NVIDIA A100-SXM4-80GB\","
                                "Hostname=\"mig-node\"";
        const QByteArray text = "# HELP DCGM_FI_DEV_GPU_TEMP GPU temperature (in C).\n"
                                "# TYPE DCGM_FI_DEV_GPU_TEMP gauge\n"
                                "DCGM_FI_DEV_GPU_TEMP{"
            + a100
            + ",GPU_I_PROFILE=\"4g.40gb\",GPU_I_ID=\"1\"} 41\n"
              "DCGM_FI_DEV_GPU_TEMP{"
            + a100
            + ",GPU_I_PROFILE=\"3g.40gb\",GPU_I_ID=\"2\"} 41\n"
              "DCGM_FI_DEV_GPU_TEMP{gpu=\"0\",uuid=\"GPU-h100\",hostname=\"plain-node\"} 58\n"
              "# HELP DCGM_FI_DEV_FB_USED Framebuffer memory used (in MiB).\n"
              "# TYPE DCGM_FI_DEV_FB_USED gauge\n"
              "DCGM_FI_DEV_FB_USED{"
            + a100
            + ",GPU_I_PROFILE=\"4g.40gb\",GPU_I_ID=\"1\"} 30000\n"
              "DCGM_FI_DEV_FB_USED{"
            + a100
            + ",gpu_i_profile=\"3g.40gb\",gpu_i_id=\"2\"} 12000\n"
              "DCGM_FI_DEV_FB_USED{gpu=\"0\",uuid=\"GPU-h100\",hostname=\"plain-node\"} 70000\n"
              "# HELP DCGM_FI_PROF_GR_ENGINE_ACTIVE Ratio of time the graphics engine is active.\n"
              "# TYPE DCGM_FI_PROF_GR_ENGINE_ACTIVE gauge\n"
              "DCGM_FI_PROF_GR_ENGINE_ACTIVE{"
            + a100
            + ",GPU_I_PROFILE=\"4g.40gb\",GPU_I_ID=\"1\"} 0.9\n"
              "DCGM_FI_PROF_GR_ENGINE_ACTIVE{"
            + a100
            + ",GPU_I_PROFILE=\"3g.40gb\",GPU_I_ID=\"2\"} 0.25\n"
              "DCGM_FI_PROF_GR_ENGINE_ACTIVE{gpu=\"0\",uuid=\"GPU-h100\",hostname=\"plain-node\"} 0.5\n";
        QString error;
        auto server = serveExposition(text, QStringLiteral("mig.prom"), &error);
        QVERIFY2(server, qPrintable(error));
        const Topology &t = *server->journal().topology();
        QCOMPARE(t.gpus.size(), size_t(2));
        QCOMPARE(t.gpuInstances.size(), size_t(2));
        const uint32_t a = t.gpus[0].uuid == QLatin1String("GPU-a100") ? 0 : 1;
        QCOMPARE(t.instancesOfGpu[a].size(), size_t(2));
        QVERIFY(t.instancesOfGpu[1 - a].empty());
        const GpuInstance &first = t.gpuInstances[t.instancesOfGpu[a][0]];
        const GpuInstance &second = t.gpuInstances[t.instancesOfGpu[a][1]];
        QCOMPARE(first.instanceId, 1u);
        QCOMPARE(first.profile, QStringLiteral("4g.40gb"));
        QCOMPARE(second.instanceId, 2u);
        QCOMPARE(second.profile, QStringLiteral("3g.40gb"));

        LiveCluster cluster;
        TelemetryClient client({ server->address() }, cluster);
        client.start();
        const QString active = QStringLiteral("DCGM_FI_PROF_GR_ENGINE_ACTIVE");
        const QString fbUsed = QStringLiteral("DCGM_FI_DEV_FB_USED");
        const size_t i1 = t.instancesOfGpu[a][0], i2 = t.instancesOfGpu[a][1];
        QTRY_COMPARE_WITH_TIMEOUT(valueOf(cluster, active, i1, EntityKind::GpuInstance), 0.9f, 5000);
        QCOMPARE(valueOf(cluster, active, i2, EntityKind::GpuInstance), 0.25f); // not collapsed: each its own
        QCOMPARE(valueOf(cluster, fbUsed, i1, EntityKind::GpuInstance), 30000.0f);
        QCOMPARE(valueOf(cluster, fbUsed, i2, EntityKind::GpuInstance), 12000.0f);
        QCOMPARE(valueOf(cluster, metric::GpuTemp, a), 41.0f); // the board's, from its instances
        QVERIFY(std::isnan(valueOf(cluster, active, a))); // never the last instance read
        QVERIFY(std::isnan(valueOf(cluster, fbUsed, a)));
        QCOMPARE(valueOf(cluster, active, 1 - a), 0.5f); // a whole GPU is read as before
        QCOMPARE(valueOf(cluster, fbUsed, 1 - a), 70000.0f);
        client.stop();
        QCOMPARE(server->bridges().front()->counters().rejected, uint64_t(0));
    }

    // The dry run says, per source, what was mapped, what has no metric, which lines were
    // rejected and why, and what failed.
    void checkSourcesSaysWhatBecameOfEachSource()
    {
        QTemporaryDir dir;
        const QString exposition = dir.filePath(QStringLiteral("metrics.prom"));
        writeFile(exposition, fixture("dcgm-exporter-lab.prom") + "site_fan_rpm{rack=\"r1\"} 1\n");
        const QString kernelLog = dir.filePath(QStringLiteral("kern.log"));
        writeFile(kernelLog, fixture("kern-lab.log"));
        auto options = optionsWith(
            { BridgeSpec::fromArgument(BridgeSpec::Kind::Dcgm, exposition),
              BridgeSpec::fromArgument(BridgeSpec::Kind::KernelLog, kernelLog),
              BridgeSpec::fromArgument(BridgeSpec::Kind::Dcgm,
                                       QStringLiteral("http://127.0.0.1:%1/metrics").arg(test::freeLoopbackPort())) });
        QString error;
        const std::vector<SourceCheck> checks = checkSources(options, &error);
        QCOMPARE(error, QString());
        QCOMPARE(checks.size(), size_t(3));
        QVERIFY(checks[0].readable);
        QCOMPARE(checks[0].counters.samples, uint64_t(9));
        QCOMPARE(checks[0].counters.rejected, uint64_t(4));
        QCOMPARE(checks[0].counters.rejections.size(), 4);
        QVERIFY(checks[1].readable);
        QVERIFY(checks[1].counters.events >= 3);
        QVERIFY(checks[1].counters.rejectionReasons().join(u'\n').contains(QStringLiteral("no GPU at PCI")));
        QVERIFY(!checks[2].readable);
        QVERIFY(checks[2].counters.lastError.contains(QStringLiteral("cannot connect")));
        QString printed;
        QTextStream out(&printed);
        QCOMPARE(printSourceChecks(checks, out), 1);
        QVERIFY2(printed.contains(QStringLiteral("NOT READ")), qPrintable(printed));
        QVERIFY2(printed.contains(QStringLiteral("'hot' is not a number")), qPrintable(printed));
        // A field with no GPU identity has no metric; it is named, with its count.
        QVERIFY(checks[0].counters.unknownFields.count(QStringLiteral("site_fan_rpm")));
        QVERIFY2(printed.contains(QStringLiteral("site_fan_rpm: 1 samples")), qPrintable(printed));
    }

    // Read positions survive a restart: only what is new is published again. Rotation and
    // truncation start the new file from its beginning.
    void logPositionsSurviveRestartsAndRotation()
    {
        QTemporaryDir dir;
        const QString log = dir.filePath(QStringLiteral("kern.log"));
        const QByteArray xid
            = "Nov  2 03:14:15 gpu-node-01 kernel: NVRM: Xid (PCI:0000:18:00): 48, Double Bit ECC Error\n";
        writeFile(log, xid + xid);
        const TopologyFile topologyFile = TopologyFile::read(fixturePath("topology-lab.json"));
        auto topology = std::make_shared<const Topology>(topologyFile.topology);
        TelemetryJournal journal(1, topology, standardMetrics(), {});
        BridgeSpec spec = BridgeSpec::fromArgument(BridgeSpec::Kind::KernelLog, log);
        spec.positionsDirectory = dir.filePath(QStringLiteral("positions"));
        auto eventsAfterPoll = [&](const char *append) -> uint64_t {
            if (append) {
                QFile f(log);
                if (!f.open(QIODevice::Append))
                    qFatal("cannot append to the log");
                f.write(append);
            }
            const auto source = BridgeSource::make(spec, journal); // a gateway started again
            source->pollOnce();
            return source->counters().events;
        };
        QCOMPARE(eventsAfterPoll(nullptr), uint64_t(2));
        QCOMPARE(eventsAfterPoll(nullptr), uint64_t(0)); // restarted: nothing new, nothing again
        // Half a line is not read until it is whole.
        QCOMPARE(eventsAfterPoll(xid.left(30).constData()), uint64_t(0));
        QCOMPARE(eventsAfterPoll(xid.mid(30).constData()), uint64_t(1));

        // Rotated: the old file moves away, a new one takes its path.
        QVERIFY(QFile::rename(log, log + QStringLiteral(".1")));
        writeFile(log, xid);
        QCOMPARE(eventsAfterPoll(nullptr), uint64_t(1));
        // Truncated in place (copytruncate), then written again to the same length.
        {
            QFile f(log);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        }
        QByteArray later = xid;
        later.replace("03:14:15", "04:00:00");
        QCOMPARE(eventsAfterPoll(later.constData()), uint64_t(1));

        // Within one run too: a rotation under the tail is followed.
        KernelLogSource running(spec, journal, {}, {});
        running.pollOnce();
        QCOMPARE(running.counters().events, uint64_t(0));
        QVERIFY(QFile::rename(log, log + QStringLiteral(".2")));
        writeFile(log, xid + xid + xid);
        running.pollOnce();
        QCOMPARE(running.counters().events, uint64_t(3));
    }

    void logsWithoutATopologyAreRefused()
    {
        QString error;
        auto options
            = optionsWith({ BridgeSpec::fromArgument(BridgeSpec::Kind::KernelLog, QStringLiteral("/tmp/x")) }, false);
        QVERIFY(!GatewayServer::start(options, &error));
        QVERIFY(error.contains(QStringLiteral("--topology")));
    }

    void bridgeArguments()
    {
        BridgeSpec a
            = BridgeSpec::fromArgument(BridgeSpec::Kind::KernelLog, QStringLiteral("gpu-node-07=/var/log/kern.log"));
        QCOMPARE(a.host, QStringLiteral("gpu-node-07"));
        QCOMPARE(a.location, QStringLiteral("/var/log/kern.log"));
        BridgeSpec b = BridgeSpec::fromArgument(BridgeSpec::Kind::Dcgm, QStringLiteral("http://n7:9400/metrics?a=b"));
        QCOMPARE(b.host, QStringLiteral("n7")); // samples without a Hostname label are the URL's host's
        QCOMPARE(b.location, QStringLiteral("http://n7:9400/metrics?a=b"));
        BridgeSpec named = BridgeSpec::fromArgument(BridgeSpec::Kind::Dcgm,
                                                    QStringLiteral("gpu-node-07=https://10.0.0.7:9400/metrics"));
        QCOMPARE(named.host, QStringLiteral("gpu-node-07")); // host= first
        QCOMPARE(BridgeSpec::fromArgument(BridgeSpec::Kind::Dcgm, QStringLiteral("/var/lib/dcgm/metrics.prom")).host,
                 QString()); // a file names no host
        QCOMPARE(BridgeSpec::fromArgument(BridgeSpec::Kind::Prometheus, QStringLiteral("http://prom:9090")).host,
                 QString()); // Prometheus's series name their own nodes
        BridgeSpec c = BridgeSpec::fromArgument(BridgeSpec::Kind::TrainingLog, QStringLiteral("llm=/runs/a.jsonl"));
        QCOMPARE(c.jobId, QStringLiteral("llm"));
    }
};

QTEST_GUILESS_MAIN(TestSources)
#include "tst_sources.moc"
