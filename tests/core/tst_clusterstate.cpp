// SPDX-License-Identifier: GPL-3.0-or-later
// Applying metric blocks: valid data lands, bad blocks are refused with a reason,
// and the encoder's deltas reproduce the source columns exactly.
#include "domain/clusterstate.h"
#include "domain/codec.h"
#include "domain/jobreadings.h"
#include "domain/sampleencoder.h"
#include "sim/topologybuilder.h"
#include "vigil/v1/telemetry.pb.h"

#include <QTest>

#include <cmath>
#include <random>

using namespace vigil;

namespace {

std::shared_ptr<const Topology> smallTopology()
{
    return std::make_shared<Topology>(buildTopology({ 64 }, 1));
}

v1::MetricBlock dense(uint32_t metric, uint32_t first, std::initializer_list<float> values)
{
    v1::MetricBlock b;
    b.set_metric_id(metric);
    b.set_first_index(first);
    for (float v : values)
        b.add_values(v);
    return b;
}

v1::MetricBlock sparse(uint32_t metric, std::initializer_list<uint32_t> indices, std::initializer_list<float> values)
{
    v1::MetricBlock b;
    b.set_metric_id(metric);
    for (uint32_t i : indices)
        b.add_indices(i);
    for (float v : values)
        b.add_values(v);
    return b;
}

} // namespace

class TestClusterState : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void startsWithNoReadings()
    {
        ClusterState state;
        QCOMPARE(state.reset(smallTopology(), standardMetrics()), QString());
        const MetricColumn *temp = state.column(metric::GpuTemp);
        QVERIFY(temp);
        QCOMPARE(temp->values.size(), size_t(64));
        QVERIFY(std::isnan(temp->values[0]));
        QCOMPARE(state.column(metric::PduLoad)->values.size(), size_t(2)); // one rack of eight nodes, two PDUs
        QVERIFY(!state.column(QStringLiteral("NOT_A_METRIC")));
    }

    void appliesDenseAndSparse()
    {
        ClusterState state;
        state.reset(smallTopology(), standardMetrics());
        v1::Samples s;
        s.set_time_ms(1000);
        *s.add_blocks() = dense(0, 10, { 60.0f, 61.0f, 62.0f });
        *s.add_blocks() = sparse(2, { 0, 63 }, { 650.0f, 80.0f });
        const ApplyResult r = state.apply(s);
        QVERIFY(r.ok());
        QCOMPARE(r.samplesApplied, size_t(5));
        QCOMPARE(state.value(state.column(metric::GpuTemp), 11), 61.0f);
        QCOMPARE(state.value(state.column(metric::GpuPower), 63), 80.0f);
        QVERIFY(std::isnan(state.value(state.column(metric::GpuPower), 1)));
        QCOMPARE(state.timeMs(), int64_t(1000));
    }

    void refusesBadBlocksKeepsGoodOnes_data()
    {
        QTest::addColumn<QByteArray>("block");
        QTest::addColumn<QString>("reason");
        auto bytes = [](const v1::MetricBlock &b) { return QByteArray::fromStdString(b.SerializeAsString()); };
        QTest::newRow("unknown metric") << bytes(dense(999, 0, { 1.0f })) << QStringLiteral("unknown metric id 999");
        QTest::newRow("dense past the end")
            << bytes(dense(0, 62, { 1.0f, 2.0f, 3.0f })) << QStringLiteral("only 64 exist");
        QTest::newRow("huge first index") << bytes(dense(0, 4000000000u, { 1.0f })) << QStringLiteral("only 64 exist");
        QTest::newRow("index past the end") << bytes(sparse(0, { 64 }, { 1.0f })) << QStringLiteral("does not exist");
        QTest::newRow("indices and values differ")
            << bytes(sparse(0, { 1, 2 }, { 1.0f })) << QStringLiteral("2 indices for 1 values");
        QTest::newRow("duplicate index") << bytes(sparse(0, { 5, 5 }, { 1.0f, 2.0f }))
                                         << QStringLiteral("not strictly increasing");
        QTest::newRow("out of order") << bytes(sparse(0, { 9, 3 }, { 1.0f, 2.0f }))
                                      << QStringLiteral("not strictly increasing");
    }

    void refusesBadBlocksKeepsGoodOnes()
    {
        QFETCH(QByteArray, block);
        QFETCH(QString, reason);
        ClusterState state;
        state.reset(smallTopology(), standardMetrics());
        v1::Samples s;
        s.set_time_ms(5);
        *s.add_blocks() = dense(3, 0, { 97.0f });
        QVERIFY(s.add_blocks()->ParseFromString(block.toStdString()));
        *s.add_blocks() = dense(3, 1, { 42.0f });
        const ApplyResult r = state.apply(s);
        QCOMPARE(r.blocksRejected, size_t(1));
        QVERIFY2(r.firstError.contains(reason), qPrintable(r.firstError));
        QCOMPARE(state.value(state.column(metric::GpuUtil), 0), 97.0f);
        QCOMPARE(state.value(state.column(metric::GpuUtil), 1), 42.0f);
    }

    void infinityBecomesNoReading()
    {
        ClusterState state;
        state.reset(smallTopology(), standardMetrics());
        v1::Samples s;
        const float inf = std::numeric_limits<float>::infinity();
        *s.add_blocks() = dense(2, 0, { 500.0f, inf, std::nanf("") });
        *s.add_blocks() = sparse(2, { 10, 11 }, { -inf, 300.0f });
        const ApplyResult r = state.apply(s);
        QCOMPARE(r.valuesRejected, size_t(2));
        QVERIFY(r.firstError.contains(QStringLiteral("infinite")));
        const MetricColumn *power = state.column(metric::GpuPower);
        QCOMPARE(power->values[0], 500.0f);
        QVERIFY(std::isnan(power->values[1]));
        QVERIFY(std::isnan(power->values[2]));
        QVERIFY(std::isnan(power->values[10]));
        QCOMPARE(power->values[11], 300.0f);
    }

    void dictionaryProblems()
    {
        ClusterState state;
        auto metrics = standardMetrics();
        metrics[1].id = metrics[0].id;
        QVERIFY(state.reset(smallTopology(), metrics).contains(QStringLiteral("used twice")));
        metrics = standardMetrics();
        metrics[0].id = 70000;
        QVERIFY(state.reset(smallTopology(), metrics).contains(QStringLiteral("above the limit")));
    }

    // Property: whatever changes between frames, keyframe + deltas rebuild the source exactly.
    void deltasReproduceTheSource()
    {
        std::mt19937 random(7);
        const auto topology = smallTopology();
        const auto &metrics = standardMetrics();
        MetricColumns source(metrics.size());
        for (size_t m = 0; m < metrics.size(); ++m)
            source[m].assign(wire::entityCount(*topology, metrics[m].entityKind), 1.0f);
        SampleEncoder encoder(50); // small messages, so chunking is exercised
        ClusterState state;
        state.reset(topology, metrics);
        for (int frame = 0; frame < 200; ++frame) {
            const int mode = frame % 4; // nothing / a few / most / all values change
            for (auto &column : source)
                for (float &v : column) {
                    const bool change
                        = mode == 3 || (mode == 2 && random() % 4 != 0) || (mode == 1 && random() % 20 == 0);
                    if (change)
                        v = random() % 50 == 0 ? std::nanf("") : float(random() % 1000) / 8.0f;
                }
            for (const v1::Samples &s : encoder.encode(frame, source, frame % 25 == 0)) {
                QVERIFY(s.keyframe() == (frame % 25 == 0));
                size_t values = 0;
                for (const auto &b : s.blocks())
                    values += size_t(b.values_size());
                QVERIFY(values <= 50);
                QVERIFY(state.apply(s).ok());
            }
            for (size_t m = 0; m < metrics.size(); ++m)
                for (size_t i = 0; i < source[m].size(); ++i) {
                    const float a = source[m][i];
                    const float b = state.columns()[m].values[i];
                    QVERIFY2((std::isnan(a) && std::isnan(b)) || a == b,
                             qPrintable(QStringLiteral("frame %1 metric %2 entity %3").arg(frame).arg(m).arg(i)));
                }
        }
    }

    // Property: a reader brought up to date by changes alone holds exactly what a whole copy
    // holds, whatever the frames (dense, sparse, restored columns, a new dictionary), and a
    // frame that touched few entities moves few values.
    void copyByChangesEqualsWholeCopy()
    {
        std::mt19937 random(11);
        auto topology = smallTopology();
        const auto &metrics = standardMetrics();
        ClusterState source, follower, whole;
        source.reset(topology, metrics);
        source.copyTo(follower, false);
        size_t total = 0;
        for (const MetricColumn &column : source.columns())
            total += column.values.size();
        QCOMPARE(source.lastCopiedValues(), total);
        for (int frame = 1; frame < 300; ++frame) {
            v1::Samples samples;
            samples.set_time_ms(frame * 1000);
            const int blocks = int(random() % 4);
            size_t touched = 0;
            for (int b = 0; b < blocks; ++b) {
                const MetricColumn &column = source.columns()[random() % source.columns().size()];
                const size_t count = column.values.size();
                if (count == 0)
                    continue;
                v1::MetricBlock *block = samples.add_blocks();
                block->set_metric_id(column.descriptor.id);
                if (random() % 2) {
                    const uint32_t first = uint32_t(random() % count);
                    const uint32_t n = uint32_t(1 + random() % std::min<size_t>(4, count - first));
                    block->set_first_index(first);
                    for (uint32_t i = 0; i < n; ++i)
                        block->add_values(random() % 9 == 0 ? std::nanf("") : float(random() % 100));
                    touched += n;
                } else {
                    for (uint32_t i = uint32_t(random() % 3); i < count; i += 1 + uint32_t(random() % 40)) {
                        block->add_indices(i);
                        block->add_values(float(random() % 100));
                    }
                    touched += count;
                }
            }
            QVERIFY(source.apply(samples).ok());
            if (frame % 50 == 0) { // a replay's restored column
                const size_t c = size_t(frame / 50) % source.columns().size();
                const size_t count = source.columns()[c].values.size();
                QVERIFY(source.restoreColumn(c, std::vector<float>(count, float(frame)),
                                             std::vector<int64_t>(count, frame)));
            }
            if (frame == 170) { // a new subscription: another topology and dictionary
                topology = std::make_shared<const Topology>(buildTopology({ 128 }, 1));
                source.reset(topology, metrics);
            }
            const bool skip = frame % 7 == 3; // the reader is busy: two frames' changes in one copy
            if (!skip) {
                source.copyTo(follower, true);
                if (blocks <= 1 && frame != 170 && frame % 50 != 0 && frame % 7 != 4)
                    QVERIFY2(source.lastCopiedValues() <= touched, qPrintable(QString::number(frame)));
            }
            ClusterState unrelated = source; // copies are values: they do not disturb the follower
            Q_UNUSED(unrelated);
            if (skip)
                continue;
            // A fresh reader's whole copy, made from a copy so that the follower's changes stand.
            const ClusterState snapshot = source;
            snapshot.copyTo(whole, false);
            QCOMPARE(follower.timeMs(), whole.timeMs());
            QCOMPARE(follower.topology(), whole.topology());
            QCOMPARE(follower.columns().size(), whole.columns().size());
            for (size_t c = 0; c < whole.columns().size(); ++c) {
                const MetricColumn &a = follower.columns()[c];
                const MetricColumn &b = whole.columns()[c];
                QCOMPARE(a.lastReadingMs, b.lastReadingMs);
                QCOMPARE(a.values.size(), b.values.size());
                for (size_t i = 0; i < a.values.size(); ++i)
                    QVERIFY2((std::isnan(a.values[i]) && std::isnan(b.values[i])) || a.values[i] == b.values[i],
                             qPrintable(QStringLiteral("frame %1 column %2 entity %3").arg(frame).arg(c).arg(i)));
            }
        }
    }

    // A reader that is not the previous hand-over's, or has another layout, gets the whole state.
    void strangerGetsWholeState()
    {
        ClusterState source, reader;
        source.reset(smallTopology(), standardMetrics());
        v1::Samples samples;
        *samples.add_blocks() = dense(0, 3, { 42.0f });
        QVERIFY(source.apply(samples).ok());
        source.copyTo(reader, true); // claims a previous hand-over, but has no layout: whole
        QVERIFY(source.lastCopiedValues() > 1);
        QCOMPARE(reader.columns()[0].values[3], 42.0f);
        *samples.mutable_blocks(0) = dense(0, 4, { 43.0f });
        QVERIFY(source.apply(samples).ok());
        source.copyTo(reader, true);
        QCOMPARE(source.lastCopiedValues(), size_t(1));
        QCOMPARE(reader.columns()[0].values[4], 43.0f);
    }

    void unchangedFrameIsAnEmptyDelta()
    {
        SampleEncoder encoder;
        MetricColumns columns { { 1.0f, 2.0f } };
        encoder.encode(1, columns, true);
        const auto out = encoder.encode(2, columns, false);
        QCOMPARE(out.size(), size_t(1));
        QCOMPARE(out.front().blocks_size(), 0);
        QCOMPARE(out.front().time_ms(), int64_t(2));
    }

    // The job readings of a message, dense or sparse, and the gateway's bounded store of them.
    void jobReadingsOfAMessage()
    {
        std::vector<MetricDescriptor> metrics = standardMetrics();
        JobMetricIds ids;
        ids.setMetrics(metrics);
        uint32_t loss = 0, temp = 0;
        for (const MetricDescriptor &m : metrics) {
            if (m.name == metric::JobLoss)
                loss = m.id;
            if (m.name == metric::GpuTemp)
                temp = m.id;
        }
        QVERIFY(ids.contains(loss));
        QVERIFY(!ids.contains(temp));
        v1::Samples s;
        s.set_time_ms(1000);
        auto *dense = s.add_blocks();
        dense->set_metric_id(loss);
        dense->set_first_index(2);
        dense->add_values(2.5f);
        dense->add_values(2.6f);
        auto *gpu = s.add_blocks();
        gpu->set_metric_id(temp);
        gpu->add_values(60.0f);
        auto *sparse = s.add_blocks();
        sparse->set_metric_id(loss);
        sparse->add_indices(7);
        sparse->add_values(1.5f);
        std::vector<JobReading> out;
        appendJobReadings(s, ids, out);
        QCOMPARE(out.size(), size_t(3));
        QCOMPARE(out[0], (JobReading { 1000, 2, loss, 2.5f }));
        QCOMPARE(out[1], (JobReading { 1000, 3, loss, 2.6f }));
        QCOMPARE(out[2], (JobReading { 1000, 7, loss, 1.5f }));

        JobReadingHistory history(4);
        history.setMetrics(metrics);
        for (int t = 1; t <= 3; ++t) {
            s.set_time_ms(t * 1000);
            history.add(s);
        }
        QCOMPARE(history.size(), size_t(4)); // bounded: the newest kept
        const std::vector<JobReading> newest = history.since(0, 2);
        QCOMPARE(newest.size(), size_t(2));
        QCOMPARE(newest.back(), (JobReading { 3000, 7, loss, 1.5f }));
        QCOMPARE(history.since(3000, 100).size(), size_t(3));
    }
};

QTEST_GUILESS_MAIN(TestClusterState)
#include "tst_clusterstate.moc"
