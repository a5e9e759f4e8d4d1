// SPDX-License-Identifier: GPL-3.0-or-later
// Wall screens: a subscription at node or rack level carries each GPU metric rolled up per
// node or rack, and GPUs in full only for the racks the dashboard looks at. Checked against
// a reference rollup written here from the simulator's own values, on a real gateway.
#include "client/telemetryclient.h"
#include "domain/rollups.h"
#include "gatewayfixture.h"
#include "host/gatewayserver.h"
#include "overlay.h"
#include "sim/topologybuilder.h"

#include <QTest>

#include <random>

using namespace vigil;

namespace {

constexpr float NoReading = std::numeric_limits<float>::quiet_NaN();

// The reference: the rule written out plainly, GPU by GPU.
float referenceRollup(const QString &rule, const std::vector<float> &values)
{
    std::vector<float> read;
    for (float v : values)
        if (!std::isnan(v))
            read.push_back(v);
    if (read.empty())
        return NoReading;
    if (rule == u"max")
        return *std::max_element(read.begin(), read.end());
    if (rule == u"any") {
        uint32_t bits = 0;
        for (float v : read)
            bits |= uint32_t(v);
        return float(bits);
    }
    double sum = 0.0;
    for (float v : read)
        sum += v;
    return float(sum / double(read.size()));
}

bool sameReading(float a, float b)
{
    if (std::isnan(a) || std::isnan(b))
        return std::isnan(a) && std::isnan(b);
    return std::abs(a - b) <= 1e-5f * std::max(1.0f, std::abs(a));
}

// Every rollup column of `state` against the reference over `gpuColumns` (by GPU metric id).
QString compareRollups(const ClusterState &state, const std::vector<MetricDescriptor> &gpuMetrics,
                       const MetricColumns &gpuColumns, size_t *checked)
{
    const Topology &t = *state.topology();
    for (const MetricColumn &c : state.columns()) {
        const QStringList parts = c.descriptor.name.split(u':');
        if (parts.size() != 3)
            continue;
        auto source = std::find_if(gpuMetrics.begin(), gpuMetrics.end(),
                                   [&](const MetricDescriptor &m) { return m.name == parts[1]; });
        if (source == gpuMetrics.end())
            return QStringLiteral("%1 rolls up no GPU metric").arg(c.descriptor.name);
        const bool byRack = parts[0] == u"rack";
        if (c.descriptor.entityKind != (byRack ? EntityKind::Rack : EntityKind::Node))
            return QStringLiteral("%1 is not of its level's kind").arg(c.descriptor.name);
        for (size_t e = 0; e < c.values.size(); ++e) {
            std::vector<float> values;
            for (uint32_t g = 0; g < t.gpus.size(); ++g)
                if ((byRack ? t.rackOfGpu(g) : t.gpus[g].nodeIndex) == e)
                    values.push_back(gpuColumns[source->id][g]);
            const float expected = referenceRollup(parts[2], values);
            if (!sameReading(expected, c.values[e]))
                return QStringLiteral("%1 of entity %2: expected %3, got %4")
                    .arg(c.descriptor.name)
                    .arg(e)
                    .arg(expected)
                    .arg(c.values[e]);
            ++*checked;
        }
    }
    return {};
}

ClusterState stateOf(LiveCluster &cluster)
{
    ClusterState state;
    uint64_t generation = 0;
    cluster.copyIfNewer(state, generation);
    return state;
}

std::vector<uint32_t> gpusOfRack(const Topology &t, uint32_t rack)
{
    std::vector<uint32_t> gpus;
    for (uint32_t g = 0; g < t.gpus.size(); ++g)
        if (t.rackOfGpu(g) == rack)
            gpus.push_back(g);
    return gpus;
}

grpc::Status subscribeOnce(const QString &address, const v1::SubscribeRequest &request)
{
    auto stub = test::stubFor(address);
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
    auto reader = stub->Subscribe(&context, request);
    v1::StreamMessage message;
    if (reader->Read(&message))
        context.TryCancel(); // it streams: refused nothing
    return reader->Finish();
}

} // namespace

class TestWallScreen : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The rules, one per kind of reading; NaN (no reading) never counts.
    void rollupRules()
    {
        const auto find = [](const QString &name) {
            const auto &all = standardMetrics();
            return *std::find_if(all.begin(), all.end(), [&](const MetricDescriptor &m) { return m.name == name; });
        };
        QCOMPARE(rollupRule(find(metric::GpuTemp)), RollupRule::Max);
        QCOMPARE(rollupRule(find(metric::GpuPower)), RollupRule::Mean);
        QCOMPARE(rollupRule(find(metric::GpuUtil)), RollupRule::Mean);
        QCOMPARE(rollupRule(find(metric::ClocksEventReasons)), RollupRule::AnyBit);
        const std::vector<float> values { 60.0f, NoReading, 80.0f, 70.0f };
        QCOMPARE(rollUp(RollupRule::Max, values), 80.0f);
        QCOMPARE(rollUp(RollupRule::Mean, values), 70.0f);
        QCOMPARE(rollUp(RollupRule::AnyBit, std::vector<float> { 4.0f, NoReading, 32.0f, 4.0f }), 36.0f);
        QVERIFY(std::isnan(rollUp(RollupRule::Max, std::vector<float> { NoReading, NoReading })));
        QVERIFY(std::isnan(rollUp(RollupRule::Mean, std::vector<float> {})));
        QCOMPARE(rollupName(EntityKind::Rack, metric::GpuTemp, RollupRule::Max),
                 QStringLiteral("rack:DCGM_FI_DEV_GPU_TEMP:max"));
    }

    // Rollups kept by deltas (what the gateway journals) stay equal to the reference computed
    // afresh from every GPU, through dense and sparse changes, readings lost and back.
    void rollupsFollowChanges()
    {
        auto topology = std::make_shared<const Topology>(buildTopology({ 96 }, 5));
        const std::vector<MetricDescriptor> &metrics = standardMetrics();
        ClusterState head;
        QCOMPARE(head.reset(topology, metrics), QString());
        Rollups rollups;
        rollups.reset(topology, metrics);
        ClusterState wall; // what a wall screen holds: the rollups only
        QCOMPARE(wall.reset(topology, rollups.metrics()), QString());
        std::mt19937 random(7);
        std::uniform_real_distribution<float> reading(20.0f, 90.0f);
        size_t checked = 0;
        for (int step = 0; step < 60; ++step) {
            v1::Samples samples;
            samples.set_time_ms(1000 * step);
            for (const MetricDescriptor &m : metrics) {
                if (m.entityKind != EntityKind::Gpu)
                    continue;
                v1::MetricBlock *block = samples.add_blocks();
                block->set_metric_id(m.id);
                if (step % 3 == 0) { // dense over part of the cluster
                    block->set_first_index(uint32_t(random() % 40));
                    for (int i = 0; i < 50; ++i)
                        block->add_values(random() % 11 == 0 ? NoReading : std::round(reading(random)));
                } else { // a few GPUs
                    uint32_t gpu = uint32_t(random() % 8);
                    for (; gpu < 96; gpu += 1 + uint32_t(random() % 20)) {
                        block->add_indices(gpu);
                        block->add_values(random() % 7 == 0 ? NoReading : std::round(reading(random)));
                    }
                }
            }
            QVERIFY(head.apply(samples).ok());
            if (std::optional<v1::Samples> changed = rollups.follow(samples, head)) {
                const ApplyResult applied = wall.apply(*changed);
                QVERIFY2(applied.ok(), qPrintable(applied.firstError));
            }
            MetricColumns gpuColumns;
            for (const MetricColumn &c : head.columns())
                gpuColumns.push_back(c.values);
            const QString mismatch = compareRollups(wall, metrics, gpuColumns, &checked);
            QVERIFY2(mismatch.isEmpty(), qPrintable(QStringLiteral("step %1: %2").arg(step).arg(mismatch)));
        }
        QVERIFY2(checked > 5000, qPrintable(QString::number(checked)));
        // Samples that move no GPU metric move no rollup.
        v1::Samples quiet;
        quiet.set_time_ms(99000);
        QVERIFY(!rollups.follow(quiet, head));
    }

    // A wall screen on a real gateway: rack rollups equal to the reference over the simulator's
    // own values, the GPUs of the rack it looks at in full and no others; looking elsewhere
    // brings the new rack's GPUs (snapshot included) and leaves no gap; the map paints the
    // rest from the rollups.
    void aWallScreenTakesRollupsAndTheRacksItLooksAt()
    {
        const GatewayOptions options = test::testGatewayOptions(256, 5.0);
        QString error;
        std::unique_ptr<GatewayServer> server = GatewayServer::start(options, &error);
        QVERIFY2(server, qPrintable(error));
        ClientOptions wallOptions { server->address() };
        wallOptions.level = EntityKind::Rack;
        wallOptions.detailRacks = { 1 };
        LiveCluster cluster;
        TelemetryClient client(wallOptions, cluster);
        client.start();
        QTRY_VERIFY_WITH_TIMEOUT(test::isLive(cluster) && stateOf(cluster).timeMs() > 0, 15000);

        ClusterState state = stateOf(cluster);
        const Topology &t = *state.topology();
        QVERIFY(t.racks.size() >= 3);
        MetricColumns simulated = test::simulateTo(options, state.timeMs(), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        size_t checked = 0;
        QString mismatch = compareRollups(state, standardMetrics(), simulated, &checked);
        QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
        QVERIFY2(checked >= t.racks.size() * 5, qPrintable(QString::number(checked)));
        for (const MetricColumn &c : state.columns())
            QVERIFY2(c.descriptor.entityKind != EntityKind::Node, qPrintable(c.descriptor.name)); // racks only

        const MetricColumn *temperature = state.column(metric::GpuTemp, EntityKind::Gpu);
        QVERIFY(temperature);
        const std::vector<uint32_t> rack1 = gpusOfRack(t, 1), rack2 = gpusOfRack(t, 2);
        for (uint32_t g = 0; g < t.gpus.size(); ++g) {
            const bool inView = t.rackOfGpu(g) == 1;
            const float got = temperature->values[g];
            QVERIFY2(inView ? got == simulated[temperature->descriptor.id][g] : std::isnan(got),
                     qPrintable(QStringLiteral("GPU %1 (rack %2): %3").arg(g).arg(t.rackOfGpu(g)).arg(got)));
        }
        // The map: GPUs not looked at are painted with their rack's hottest GPU.
        std::vector<float> painted;
        computeOverlay(state, Overlay::GpuTemperature, painted);
        const MetricColumn *hottest = state.column(QStringLiteral("rack:DCGM_FI_DEV_GPU_TEMP:max"), EntityKind::Rack);
        QVERIFY(hottest);
        QCOMPARE(painted[rack2.front()], hottest->values[2]);
        QCOMPARE(painted[rack1.front()], temperature->values[rack1.front()]);

        // Looking at rack 2 instead.
        client.lookAt({ 2 });
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                const ClusterState now = stateOf(cluster);
                const MetricColumn *c = now.column(metric::GpuTemp, EntityKind::Gpu);
                return c && !std::isnan(c->values[rack2.front()]) && std::isnan(c->values[rack1.front()]);
            }(),
            10000);
        state = stateOf(cluster);
        simulated = test::simulateTo(options, state.timeMs(), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        temperature = state.column(metric::GpuTemp, EntityKind::Gpu);
        for (uint32_t g : rack2)
            QCOMPARE(temperature->values[g], simulated[temperature->descriptor.id][g]);
        mismatch = compareRollups(state, standardMetrics(), simulated, &checked);
        QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
        QVERIFY(cluster.gaps().empty());

        // A node-level screen looking nowhere in particular: node rollups, no GPU metric at all.
        ClientOptions nodeOptions { server->address() };
        nodeOptions.level = EntityKind::Node;
        LiveCluster nodes;
        TelemetryClient nodeClient(nodeOptions, nodes);
        nodeClient.start();
        QTRY_VERIFY_WITH_TIMEOUT(test::isLive(nodes) && stateOf(nodes).timeMs() > 0, 15000);
        state = stateOf(nodes);
        QVERIFY(!state.column(metric::GpuTemp, EntityKind::Gpu));
        QVERIFY(state.column(QStringLiteral("node:DCGM_FI_DEV_GPU_TEMP:max"), EntityKind::Node));
        QVERIFY(state.column(metric::RackInletTemp)); // not a GPU metric: as it is
        simulated = test::simulateTo(options, state.timeMs(), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        mismatch = compareRollups(state, standardMetrics(), simulated, &checked);
        QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
        nodeClient.stop();
        client.stop();
    }

    // What a wall screen cannot be given is refused in words, before anything streams.
    void refusesWhatItCannotServe()
    {
        QString error;
        std::unique_ptr<GatewayServer> server = GatewayServer::start(test::testGatewayOptions(64, 5.0), &error);
        QVERIFY2(server, qPrintable(error));
        v1::SubscribeRequest request;
        request.set_level(v1::AGGREGATION_LEVEL_RACK);
        request.add_detail_racks(9999);
        grpc::Status status = subscribeOnce(server->address(), request);
        QCOMPARE(int(status.error_code()), int(grpc::StatusCode::INVALID_ARGUMENT));
        QVERIFY2(QString::fromStdString(status.error_message()).contains(QStringLiteral("detail rack 9999")),
                 status.error_message().c_str());

        request.clear_detail_racks();
        for (uint32_t i = 0; i < 5000; ++i)
            request.add_detail_racks(0);
        status = subscribeOnce(server->address(), request);
        QCOMPARE(int(status.error_code()), int(grpc::StatusCode::INVALID_ARGUMENT));

        request.clear_detail_racks();
        request.set_level(v1::AggregationLevel(7));
        status = subscribeOnce(server->address(), request);
        QCOMPARE(int(status.error_code()), int(grpc::StatusCode::INVALID_ARGUMENT));
        QVERIFY2(QString::fromStdString(status.error_message()).contains(QStringLiteral("aggregation level")),
                 status.error_message().c_str());

        // A rack screen asking for one metric gets that metric's rollup only.
        request.set_level(v1::AGGREGATION_LEVEL_RACK);
        request.add_metrics(metric::GpuTemp.toStdString());
        auto stub = test::stubFor(server->address());
        grpc::ClientContext context;
        context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
        auto reader = stub->Subscribe(&context, request);
        v1::StreamMessage message;
        QVERIFY(reader->Read(&message));
        QVERIFY(message.has_dictionary());
        QStringList rollups;
        for (const v1::MetricDescriptor &m : message.dictionary().metrics()) {
            QVERIFY2(m.entity_kind() != v1::ENTITY_KIND_GPU, m.name().c_str()); // it looks at no GPU
            if (QString::fromStdString(m.name()).contains(u':'))
                rollups << QString::fromStdString(m.name());
        }
        QCOMPARE(rollups, QStringList { QStringLiteral("rack:DCGM_FI_DEV_GPU_TEMP:max") });
        context.TryCancel();
        (void)reader->Finish();
    }
};

QTEST_GUILESS_MAIN(TestWallScreen)
#include "tst_wallscreen.moc"
