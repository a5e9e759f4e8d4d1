// SPDX-License-Identifier: GPL-3.0-or-later
// The simulated cluster: its shape, its physics, and that a seed fixes the byte stream.
#include "domain/sampleencoder.h"
#include "sim/clustersimulator.h"

#include <QTest>

#include <cmath>

using namespace vigil;

namespace {

// The journal payload a gateway would send for `ticks` one-second ticks.
std::string streamBytes(uint64_t seed, int ticks, uint32_t gpus = 512)
{
    SimulatorOptions options;
    options.seed = seed;
    options.shape.gpus = gpus;
    ClusterSimulator sim(options);
    SampleEncoder encoder;
    MetricColumns columns;
    std::vector<Event> events;
    std::string bytes;
    for (int tick = 0; tick < ticks; ++tick) {
        events.clear();
        sim.advance(tick == 0 ? 0 : 1000, columns, events);
        for (const v1::Samples &s : encoder.encode(sim.timeMs(), columns, tick % 10 == 0))
            bytes += s.SerializeAsString();
        for (const Event &e : events)
            bytes += std::to_string(e.id) + e.message.toStdString();
    }
    return bytes;
}

} // namespace

class TestSimulator : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void defaultClusterShape()
    {
        ClusterSimulator sim(SimulatorOptions {});
        const Topology &t = sim.topology();
        QCOMPARE(t.gpus.size(), size_t(2048));
        QCOMPARE(t.nodes.size(), size_t(256));
        QCOMPARE(t.racks.size(), size_t(32));
        QCOMPARE(t.pdus.size(), size_t(64));
        QVERIFY(t.rows.size() >= 2);
        QCOMPARE(t.coolingLoops.size(), t.rows.size());
        QVERIFY(t.jobs.size() >= 2);
        QCOMPARE(t.jobs.front().priority, PriorityClass::Training);
        QVERIFY(t.jobs.front().gpuIndices.size() >= 1024);
        for (const Pdu &pdu : t.pdus)
            QVERIFY(pdu.ratedKw > 0.0f);
    }

    void sizes_data()
    {
        QTest::addColumn<uint>("gpus");
        QTest::newRow("one GPU") << 1u;
        QTest::newRow("partial node") << 13u;
        QTest::newRow("16k") << 16384u;
        QTest::newRow("100k") << 100000u;
    }

    void sizes()
    {
        QFETCH(uint, gpus);
        SimulatorOptions options;
        options.shape.gpus = gpus;
        ClusterSimulator sim(options);
        QCOMPARE(sim.topology().gpus.size(), size_t(gpus));
        Topology copy = sim.topology();
        QCOMPARE(copy.index(), QString());
        MetricColumns columns;
        std::vector<Event> events;
        sim.advance(0, columns, events);
        QCOMPARE(columns[0].size(), size_t(gpus));
    }

    void sameSeedSameBytes()
    {
        const std::string a = streamBytes(42, 30);
        const std::string b = streamBytes(42, 30);
        QVERIFY(a.size() > 10000);
        QVERIFY(a == b);
    }

    void otherSeedOtherBytes() { QVERIFY(streamBytes(42, 5) != streamBytes(43, 5)); }

    void physicallyPlausible()
    {
        ClusterSimulator sim(SimulatorOptions {});
        const Topology &t = sim.topology();
        MetricColumns c;
        std::vector<Event> events;
        for (int tick = 0; tick < 120; ++tick)
            sim.advance(tick == 0 ? 0 : 1000, c, events);
        const auto &temp = c[0];
        const auto &power = c[2];
        const auto &util = c[3];
        for (size_t g = 0; g < t.gpus.size(); ++g) {
            QVERIFY2(power[g] > 40.0f && power[g] <= 700.0f, qPrintable(QString::number(power[g])));
            QVERIFY(temp[g] > 20.0f && temp[g] < 100.0f);
            QVERIFY(util[g] >= 0.0f && util[g] <= 100.0f);
            // Temperature follows power: a GPU at full load is warmer than its rack's inlet.
            QVERIFY(temp[g] > c[5][t.rackOfGpu(uint32_t(g))]);
        }
        // Busy GPUs run hotter and draw more than idle ones.
        double busyPower = 0, idlePower = 0, busyTemp = 0, idleTemp = 0;
        int busy = 0, idle = 0;
        for (size_t g = 0; g < t.gpus.size(); ++g) {
            if (t.jobOfGpu[g] == 0) {
                busyPower += power[g];
                busyTemp += temp[g];
                ++busy;
            } else if (t.jobOfGpu[g] < 0) {
                idlePower += power[g];
                idleTemp += temp[g];
                ++idle;
            }
        }
        QVERIFY(busy > 0 && idle > 0);
        QVERIFY(busyPower / busy > 400.0 && idlePower / idle < 150.0);
        QVERIFY(busyTemp / busy > idleTemp / idle + 10.0);
        // PDUs stay under their rating in a healthy hall.
        for (size_t p = 0; p < t.pdus.size(); ++p)
            QVERIFY(c[6][p] > 0.0f && c[6][p] < t.pdus[p].ratedKw);
        // Training makes progress and its loss is a sane number.
        QVERIFY(c[8][0] > 0.0f);
        QVERIFY(c[9][0] > 1.0f && c[9][0] < 10.0f);
    }

    void checkpointIntervalAndCostAreConfigurable()
    {
        auto stepsAfterAnHour = [](uint32_t interval, int64_t stallMs, int *checkpoints) {
            SimulatorOptions options;
            options.shape.gpus = 256;
            options.scenario = Scenario::Quiet;
            options.checkpointIntervalSteps = interval;
            options.checkpointStallMs = stallMs;
            ClusterSimulator sim(options);
            if (sim.topology().jobs.front().checkpointIntervalSteps != interval)
                return -1.0f;
            MetricColumns c;
            std::vector<Event> events;
            sim.advance(0, c, events);
            const float start = c[8][0];
            for (int tick = 0; tick < 3600; ++tick)
                sim.advance(1000, c, events);
            *checkpoints = int(std::count_if(events.begin(), events.end(), [](const Event &e) {
                return e.type == EventType::CheckpointSaved && e.entity.index == 0;
            }));
            return c[8][0] - start;
        };
        int often = 0, rarely = 0, free = 0;
        const float withCostlyCheckpoints = stepsAfterAnHour(100, 60000, &often);
        const float withRareCheckpoints = stepsAfterAnHour(1000, 60000, &rarely);
        const float withFreeCheckpoints = stepsAfterAnHour(100, 0, &free);
        QVERIFY(withCostlyCheckpoints > 0.0f && withRareCheckpoints > 0.0f && withFreeCheckpoints > 0.0f);
        QVERIFY(often >= 6 && rarely <= 1);
        // Checkpoints cost progress in proportion to how often and how long they stall.
        QVERIFY(withCostlyCheckpoints < withRareCheckpoints);
        QVERIFY(withCostlyCheckpoints < withFreeCheckpoints);
    }

    void checkpointsAreAnnounced()
    {
        SimulatorOptions options;
        options.shape.gpus = 256;
        ClusterSimulator sim(options);
        MetricColumns c;
        std::vector<Event> events;
        // 500 steps of ~4.2 s: a checkpoint within an hour of simulated time.
        for (int tick = 0; tick < 3600; ++tick)
            sim.advance(1000, c, events);
        const bool checkpoint = std::any_of(events.begin(), events.end(),
                                            [](const Event &e) { return e.type == EventType::CheckpointSaved; });
        QVERIFY(checkpoint);
    }
};

QTEST_GUILESS_MAIN(TestSimulator)
#include "tst_simulator.moc"
