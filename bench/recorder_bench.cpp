// SPDX-License-Identifier: GPL-3.0-or-later
// The flight recorder on 24 simulated hours of a 16,384-GPU cluster, one frame
// every 10 s (the simulator's metrics: six per GPU plus racks, PDUs, loops, jobs).
//
// recorder_samples_per_s: samples the writer takes in and commits per second of
//   its own time (simulation excluded). Baseline: the obvious schema, one SQLite
//   row per sample (time, metric, entity, value) in 10,000-row transactions
//   through the same driver, on the first frames.
// recorder_bytes_per_sample: file size over samples recorded. Baseline: the
//   same samples as protobuf wire frames.
// replay_seek_24h_16k_ms: median time to reconstruct the whole cluster at a
//   random instant of the day. Baseline: reaching the middle of the day by
//   replaying every frame from the start, as a recording without a keyframe
//   index would have to.
#include "recorder_bench.h"

#include "recording/columncodec.h"
#include "recording/recordingreader.h"
#include "recording/recordingschema.h"
#include "recording/recordingwriter.h"
#include "sim/generator.h"

#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTextStream>
#include <QVariant>

#include <chrono>
#include <map>

namespace vigil::bench {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// One row per sample: what a recorder without a chunk format would write.
double rowPerSampleRate(const QString &path, const std::vector<v1::Samples> &frames)
{
    const QString name = recording::uniqueConnectionName("bench-rows");
    double rate = 0;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        db.open();
        QSqlQuery q(db);
        q.exec(QStringLiteral("PRAGMA journal_mode=WAL"));
        q.exec(QStringLiteral("PRAGMA synchronous=NORMAL"));
        q.exec(QStringLiteral("CREATE TABLE samples (time_ms INTEGER, metric INTEGER, entity INTEGER, value REAL)"));
        const auto start = Clock::now();
        uint64_t rows = 0;
        db.transaction();
        q.prepare(QStringLiteral("INSERT INTO samples VALUES (?, ?, ?, ?)"));
        for (const v1::Samples &s : frames)
            for (const v1::MetricBlock &b : s.blocks())
                for (int i = 0; i < b.values_size(); ++i) {
                    q.addBindValue(qint64(s.time_ms()));
                    q.addBindValue(b.metric_id());
                    q.addBindValue(b.indices_size() ? b.indices(i) : b.first_index() + uint32_t(i));
                    q.addBindValue(double(b.values(i)));
                    q.exec();
                    if (++rows % 10000 == 0) {
                        db.commit();
                        db.transaction();
                    }
                }
        db.commit();
        rate = double(rows) / secondsSince(start);
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return rate;
}

// Reaches `timeMs` by decoding every frame from the start of the recording.
double replayFromStartSeconds(const QString &path, int64_t timeMs, const ClusterState &layout)
{
    const QString name = recording::uniqueConnectionName("bench-replay");
    double seconds = 0;
    {
        QSqlDatabase db;
        recording::openForReading(path, name, db);
        const auto start = Clock::now();
        std::map<uint32_t, recording::ColumnDecoder> decoders;
        for (const MetricColumn &c : layout.columns())
            decoders.emplace(c.descriptor.id,
                             recording::ColumnDecoder(recording::resolutionFor(c.descriptor), c.values.size()));
        struct Block
        {
            bool key;
            std::vector<int64_t> times;
        };
        std::map<int64_t, Block> blocks;
        QSqlQuery q(db);
        q.setForwardOnly(true);
        q.prepare(QStringLiteral("SELECT id, key, times FROM blocks WHERE start_ms <= ? ORDER BY id"));
        q.addBindValue(qint64(timeMs));
        q.exec();
        while (q.next()) {
            const QByteArray t = q.value(2).toByteArray();
            Block &b = blocks[q.value(0).toLongLong()];
            b.key = q.value(1).toInt() == 1;
            recording::decodeTimes({ t.constData(), size_t(t.size()) }, b.times, recording::MaxFramesPerBlock);
        }
        q.prepare(QStringLiteral("SELECT block_id, metric_id, data FROM chunks WHERE block_id <= ? ORDER BY block_id"));
        q.addBindValue(qint64(blocks.rbegin()->first));
        q.exec();
        std::string tokens;
        while (q.next()) {
            const Block &b = blocks[q.value(0).toLongLong()];
            const QByteArray data = q.value(2).toByteArray();
            recording::decompress({ data.constData(), size_t(data.size()) }, tokens, size_t(1) << 30);
            auto it = decoders.find(q.value(1).toUInt());
            if (it != decoders.end())
                it->second.decodeChunk(tokens, b.key && blocks.begin()->second.key && &b == &blocks.begin()->second,
                                       b.times, b.times.size());
        }
        seconds = secondsSince(start);
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return seconds;
}

} // namespace

void runRecorderBenchmark(BenchReport &report)
{
    constexpr int64_t DayMs = 86400000;
    constexpr int64_t IntervalMs = 10000;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("day.vigil"));
    SimulatorOptions options;
    options.shape.gpus = 16384;
    options.scenario = Scenario::Decline;
    ClusterSimulator probe(options);
    RecordingWriter writer;
    writer.open(path);
    writer.setLayout(std::make_shared<const Topology>(probe.topology()), probe.metrics());

    double writerSeconds = 0;
    uint64_t wireBytes = 0;
    std::vector<v1::Samples> firstFrames; // for the row-per-sample baseline
    GenerationSinks sinks;
    sinks.samples = [&](std::vector<v1::Samples> &&batch) {
        const auto start = Clock::now();
        for (const v1::Samples &s : batch)
            writer.addSamples(s);
        if (writer.framesPending() >= size_t(recording::KeyEveryFrames))
            writer.commit();
        writerSeconds += secondsSince(start);
        for (const v1::Samples &s : batch)
            wireBytes += s.ByteSizeLong();
        if (firstFrames.size() < 24)
            firstFrames.insert(firstFrames.end(), batch.begin(), batch.end());
    };
    sinks.events = [&](std::vector<Event> &&events) { writer.addEvents(events); };
    generate(options, DayMs, IntervalMs, 10, sinks);
    const auto start = Clock::now();
    writer.commit();
    writerSeconds += secondsSince(start);
    const uint64_t samples = writer.samplesWritten();
    writer.close();
    const double fileBytes = double(QFileInfo(path).size());

    const double rowRate = rowPerSampleRate(dir.filePath(QStringLiteral("rows.sqlite")), firstFrames);
    const double rate = double(samples) / writerSeconds;
    QTextStream(stdout) << QStringLiteral("recorder: %1 M samples in %2 s of writer time, file %3 MB")
                               .arg(double(samples) / 1e6, 0, 'f', 0)
                               .arg(writerSeconds, 0, 'f', 1)
                               .arg(fileBytes / 1e6, 0, 'f', 0)
                        << Qt::endl;
    report.add(
        { QStringLiteral("recorder_samples_per_s"), rate, QStringLiteral("samples/s"), rowRate, rate / rowRate });
    const double perSample = fileBytes / double(samples);
    const double wirePerSample = double(wireBytes) / double(samples);
    report.add({ QStringLiteral("recorder_bytes_per_sample"), perSample, QStringLiteral("B"), wirePerSample,
                 wirePerSample / perSample });

    RecordingReader reader;
    reader.open(path);
    QRandomGenerator random(11);
    ClusterState state;
    std::vector<int64_t> instants;
    for (int i = 0; i < 21; ++i)
        instants.push_back(reader.startMs() + int64_t(random.bounded(quint64(reader.endMs() - reader.startMs()))));
    size_t next = 0;
    const double seek = medianSeconds(int(instants.size()), [&] { reader.stateAt(instants[next++], state); });
    const double linear = replayFromStartSeconds(path, reader.startMs() + DayMs / 2, state);
    report.add({ QStringLiteral("replay_seek_24h_16k_ms"), seek * 1000.0, QStringLiteral("ms"), linear * 1000.0,
                 linear / seek });
}

} // namespace vigil::bench
