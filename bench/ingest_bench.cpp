// SPDX-License-Identifier: GPL-3.0-or-later
// ingest_apply_samples_per_s: decode stream frames and apply them to the cluster
// state, against the same samples sent one protobuf message per sample.
#include "ingest_bench.h"

#include "domain/codec.h"
#include "domain/sampleencoder.h"
#include "domain/streamconsumer.h"
#include "sim/clustersimulator.h"
#include "vigil/v1/gateway.pb.h"

#include "proto/baseline.pb.h"

#include <google/protobuf/io/coded_stream.h>

#include <QTextStream>

#include <cmath>

namespace vigil::bench {

namespace {

struct RecordedStream
{
    std::shared_ptr<const Topology> topology;
    std::vector<std::string> frames; // serialised StreamMessages: dictionary, snapshot, sync, then deltas
    size_t deltaSamples = 0; // values carried by the journal entries (the part that is timed)
    size_t firstDelta = 0; // index of the first journal entry in `frames`
};

// A 16k-GPU cluster at 1 Hz, a keyframe every 10 s: what a gateway streams.
RecordedStream recordStream(uint32_t gpus, int ticks)
{
    SimulatorOptions options;
    options.shape.gpus = gpus;
    ClusterSimulator sim(options);
    RecordedStream out;
    out.topology = std::make_shared<const Topology>(sim.topology());
    SampleEncoder encoder;
    MetricColumns columns;
    std::vector<Event> events;
    sim.advance(0, columns, events);

    constexpr uint64_t Epoch = 1;
    uint64_t seq = 1;
    v1::StreamMessage m;
    m.set_epoch(Epoch);
    m.set_seq(seq);
    m.set_snapshot(true);
    *m.mutable_dictionary() = wire::toProto(out.topology->version, sim.metrics());
    out.frames.push_back(m.SerializeAsString());
    for (v1::Samples &s : encoder.encode(sim.timeMs(), columns, true)) {
        m.Clear();
        m.set_epoch(Epoch);
        m.set_seq(seq);
        m.set_snapshot(true);
        *m.mutable_samples() = std::move(s);
        out.frames.push_back(m.SerializeAsString());
    }
    m.Clear();
    m.set_epoch(Epoch);
    m.set_seq(seq);
    m.mutable_sync();
    out.frames.push_back(m.SerializeAsString());
    out.firstDelta = out.frames.size();
    for (int tick = 1; tick <= ticks; ++tick) {
        sim.advance(1000, columns, events);
        for (v1::Samples &s : encoder.encode(sim.timeMs(), columns, tick % 10 == 0)) {
            for (const auto &b : s.blocks())
                out.deltaSamples += size_t(b.values_size());
            m.Clear();
            m.set_epoch(Epoch);
            m.set_seq(++seq);
            *m.mutable_samples() = std::move(s);
            out.frames.push_back(m.SerializeAsString());
        }
    }
    return out;
}

// The baseline stream: every value of every journal entry as its own length-delimited message.
std::string perSampleMessages(const RecordedStream &stream)
{
    std::string out;
    google::protobuf::io::StringOutputStream raw(&out);
    google::protobuf::io::CodedOutputStream coded(&raw);
    v1::StreamMessage m;
    vigil::bench::SampleRecord record;
    for (size_t f = stream.firstDelta; f < stream.frames.size(); ++f) {
        m.ParseFromString(stream.frames[f]);
        for (const auto &b : m.samples().blocks())
            for (int i = 0; i < b.values_size(); ++i) {
                record.set_metric_id(b.metric_id());
                record.set_entity(b.indices_size() ? b.indices(i) : b.first_index() + uint32_t(i));
                record.set_time_ms(m.samples().time_ms());
                record.set_value(b.values(i));
                coded.WriteVarint32(uint32_t(record.ByteSizeLong()));
                record.SerializeWithCachedSizes(&coded);
            }
    }
    return out;
}

} // namespace

void runIngestBenchmark(BenchReport &report)
{
    constexpr uint32_t Gpus = 16384;
    constexpr int Ticks = 60;
    const RecordedStream stream = recordStream(Gpus, Ticks);
    const std::string baselineBytes = perSampleMessages(stream);
    size_t streamBytes = 0;
    for (size_t f = stream.firstDelta; f < stream.frames.size(); ++f)
        streamBytes += stream.frames[f].size();

    // Vigil's path: parse each frame, hand it to the same StreamConsumer the client uses.
    size_t applied = 0;
    const double ours = medianSeconds(7, [&] {
        StreamConsumer consumer;
        consumer.setTopology(stream.topology);
        std::vector<Event> events;
        v1::StreamMessage m;
        for (size_t f = 0; f < stream.firstDelta; ++f) {
            m.ParseFromString(stream.frames[f]);
            consumer.consume(m, events);
        }
        const uint64_t before = consumer.samplesApplied();
        for (size_t f = stream.firstDelta; f < stream.frames.size(); ++f) {
            m.ParseFromString(stream.frames[f]);
            consumer.consume(m, events);
        }
        applied = consumer.samplesApplied() - before;
    });

    // Baseline: parse one message per sample and apply it with the same bounds checks.
    size_t baselineApplied = 0;
    const double baseline = medianSeconds(3, [&] {
        ClusterState state;
        state.reset(stream.topology, standardMetrics());
        std::vector<std::vector<float> *> columns;
        for (const MetricColumn &c : state.columns())
            columns.push_back(const_cast<std::vector<float> *>(&c.values));
        google::protobuf::io::CodedInputStream in(reinterpret_cast<const uint8_t *>(baselineBytes.data()),
                                                  int(baselineBytes.size()));
        in.SetTotalBytesLimit(INT32_MAX);
        vigil::bench::SampleRecord record;
        baselineApplied = 0;
        uint32_t length = 0;
        while (in.ReadVarint32(&length)) {
            const auto limit = in.PushLimit(int(length));
            record.ParseFromCodedStream(&in);
            in.PopLimit(limit);
            if (record.metric_id() < columns.size() && record.entity() < columns[record.metric_id()]->size()
                && !std::isinf(record.value())) {
                (*columns[record.metric_id()])[record.entity()] = record.value();
                ++baselineApplied;
            }
        }
    });

    const double oursRate = double(applied) / ours;
    const double baselineRate = double(baselineApplied) / baseline;
    QTextStream(stdout) << QStringLiteral("ingest: %1 GPUs, %2 ticks, %3 samples in %4 MB of frames (%5 B/sample); "
                                          "baseline %6 MB")
                               .arg(Gpus)
                               .arg(Ticks)
                               .arg(applied)
                               .arg(double(streamBytes) / 1e6, 0, 'f', 1)
                               .arg(double(streamBytes) / double(applied), 0, 'f', 2)
                               .arg(double(baselineBytes.size()) / 1e6, 0, 'f', 1)
                        << Qt::endl;
    report.add({ QStringLiteral("ingest_apply_samples_per_s"), oursRate, QStringLiteral("samples/s"), baselineRate,
                 oursRate / baselineRate });
}

} // namespace vigil::bench
