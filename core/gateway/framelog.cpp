// SPDX-License-Identifier: GPL-3.0-or-later
#include "framelog.h"

#include "recorder/recordingwriter.h"

#include "bridge/topologyfile.h"
#include "wire/codec.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

namespace vigil {

QString FrameLogWriter::open(const QString &path)
{
    m_file.setFileName(path);
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return QStringLiteral("cannot write %1: %2").arg(path, m_file.errorString());
    return {};
}

bool FrameLogWriter::write(const v1::StreamMessage &message)
{
    m_buffer.clear();
    {
        google::protobuf::io::StringOutputStream raw(&m_buffer);
        google::protobuf::io::CodedOutputStream coded(&raw);
        coded.WriteVarint32(uint32_t(message.ByteSizeLong()));
        message.SerializeWithCachedSizes(&coded);
    }
    m_bytes += m_buffer.size();
    return m_file.write(m_buffer.data(), qint64(m_buffer.size())) == qint64(m_buffer.size());
}

QString FrameLogReader::open(const QString &path)
{
    m_file.setFileName(path);
    if (!m_file.open(QIODevice::ReadOnly))
        return m_error = QStringLiteral("cannot read %1: %2").arg(path, m_file.errorString());
    return {};
}

bool FrameLogReader::next(v1::StreamMessage &message)
{
    // The length prefix: a varint of at most 5 bytes.
    uint32_t length = 0;
    int shift = 0;
    for (int i = 0;; ++i) {
        char byte = 0;
        if (!m_file.getChar(&byte)) {
            if (i > 0)
                m_error = QStringLiteral("frame %1: the file ends inside its length").arg(m_frames + 1);
            return false;
        }
        length |= uint32_t(uint8_t(byte) & 0x7f) << shift;
        if (!(uint8_t(byte) & 0x80))
            break;
        shift += 7;
        if (i == 4) {
            m_error = QStringLiteral("frame %1: malformed length").arg(m_frames + 1);
            return false;
        }
    }
    if (length > MaxFrameBytes) {
        m_error = QStringLiteral("frame %1: %2 bytes is more than the %3 MB a frame may have")
                      .arg(m_frames + 1)
                      .arg(length)
                      .arg(MaxFrameBytes >> 20);
        return false;
    }
    const QByteArray bytes = m_file.read(length);
    if (uint32_t(bytes.size()) != length) {
        m_error = QStringLiteral("frame %1 is truncated: the file ends after %2 of its %3 bytes")
                      .arg(m_frames + 1)
                      .arg(bytes.size())
                      .arg(length);
        return false;
    }
    if (!message.ParseFromArray(bytes.constData(), bytes.size())) {
        m_error = QStringLiteral("frame %1 is not a vigil.v1.StreamMessage").arg(m_frames + 1);
        return false;
    }
    ++m_frames;
    return true;
}

RecordingFiles RecordingFiles::forPrefix(const QString &prefix)
{
    return { prefix + QStringLiteral(".frames"), prefix + QStringLiteral(".topology.json"),
             prefix + QStringLiteral(".truth.jsonl") };
}

namespace {

// The same run as a flight recording (what vigil and vigil-record write), with the truth beside it.
QString generateSqliteRecording(const SimulatorOptions &options, int64_t durationMs, int64_t intervalMs,
                                const QString &path, GenerationSummary *summary, int64_t keepFullMs)
{
    QFile::remove(path);
    RecordingWriter writer;
    if (QString error = writer.open(path); !error.isEmpty())
        return error;
    const QString truthPath = path.chopped(6) + QStringLiteral(".truth.jsonl");
    QFile truthFile(truthPath);
    if (!truthFile.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text))
        return QStringLiteral("cannot write %1: %2").arg(truthPath, truthFile.errorString());
    const ClusterSimulator probe(options);
    writer.setLayout(std::make_shared<const Topology>(probe.topology()), probe.metrics());
    QString error;
    GenerationSinks sinks;
    sinks.samples = [&](std::vector<v1::Samples> &&batch) {
        for (const v1::Samples &s : batch)
            writer.addSamples(s);
        if (writer.framesPending() >= 64 && error.isEmpty())
            error = writer.commit();
    };
    sinks.events = [&](std::vector<Event> &&events) { writer.addEvents(events); };
    sinks.truth = [&](std::vector<FailureTruth> &&truth) {
        for (const FailureTruth &t : truth)
            truthFile.write(t.toJsonLine());
    };
    // The alarms a gateway serving this run would have held, as a live recording keeps them.
    sinks.alarms
        = [&](int64_t timeMs, const AlarmBook &book, const std::vector<uint64_t> &changed,
              const std::vector<uint64_t> &forgotten) { writer.addAlarmChanges(timeMs, book, changed, forgotten); };
    const GenerationSummary result = generate(options, durationMs, intervalMs, 10, sinks);
    if (error.isEmpty())
        error = writer.commit();
    if (error.isEmpty() && keepFullMs > 0) {
        RecordingRetention retention;
        retention.fullRateMs = keepFullMs;
        RetentionReport report;
        report.finished = false;
        while (error.isEmpty() && !report.finished)
            error = writer.applyRetention(retention, writer.lastFrameMs(), &report);
    }
    if (summary)
        *summary = result;
    return error;
}

} // namespace

QString generateRecording(const SimulatorOptions &options, int64_t durationMs, int64_t intervalMs,
                          const QString &prefix, GenerationSummary *summary, int64_t keepFullMs)
{
    const RecordingFiles files = RecordingFiles::forPrefix(prefix);
    if (prefix.endsWith(QLatin1String(".vigil")))
        return generateSqliteRecording(options, durationMs, intervalMs, prefix, summary, keepFullMs);
    const ClusterSimulator probe(options); // the same topology the generator's simulator builds
    QFile topologyFile(files.topology);
    if (!topologyFile.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return QStringLiteral("cannot write %1: %2").arg(files.topology, topologyFile.errorString());
    topologyFile.write(TopologyFile::write(probe.topology()));
    QFile truthFile(files.truth);
    if (!truthFile.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text))
        return QStringLiteral("cannot write %1: %2").arg(files.truth, truthFile.errorString());
    FrameLogWriter frames;
    if (QString error = frames.open(files.frames); !error.isEmpty())
        return error;

    // A fixed epoch: the same seed gives the same file.
    constexpr uint64_t Epoch = 1;
    uint64_t seq = 0;
    bool ok = true;
    v1::StreamMessage m;
    auto control = [&](auto fill) {
        m.Clear();
        m.set_epoch(Epoch);
        m.set_seq(seq);
        m.set_snapshot(true);
        fill(m);
        ok = ok && frames.write(m);
    };
    control([&](v1::StreamMessage &c) {
        *c.mutable_dictionary() = wire::toProto(probe.topology().version, probe.metrics());
    });
    control([](v1::StreamMessage &c) { c.mutable_sync()->set_resumed(false); });

    GenerationSinks sinks;
    sinks.samples = [&](std::vector<v1::Samples> &&batch) {
        for (v1::Samples &s : batch) {
            m.Clear();
            m.set_epoch(Epoch);
            m.set_seq(++seq);
            *m.mutable_samples() = std::move(s);
            ok = ok && frames.write(m);
        }
    };
    sinks.events = [&](std::vector<Event> &&events) {
        if (events.empty())
            return;
        m.Clear();
        m.set_epoch(Epoch);
        m.set_seq(++seq);
        for (const Event &e : events)
            *m.mutable_events()->add_events() = wire::toProto(e);
        ok = ok && frames.write(m);
    };
    sinks.truth = [&](std::vector<FailureTruth> &&truth) {
        for (const FailureTruth &t : truth)
            truthFile.write(t.toJsonLine());
    };
    const GenerationSummary result = generate(options, durationMs, intervalMs, 10, sinks);
    if (summary)
        *summary = result;
    if (!ok)
        return QStringLiteral("cannot write %1: the disk may be full").arg(files.frames);
    return {};
}

} // namespace vigil
