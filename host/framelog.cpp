// SPDX-License-Identifier: GPL-3.0-or-later
#include "host/framelog.h"

#include "recording/recordingwriter.h"

#include "domain/codec.h"
#include "sources/topologyfile.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/util/delimited_message_util.h>

#include <algorithm>

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
        if (!google::protobuf::util::SerializeDelimitedToZeroCopyStream(message, &raw))
            return false;
    }
    m_bytes += m_buffer.size();
    return m_file.write(m_buffer.data(), qint64(m_buffer.size())) == qint64(m_buffer.size());
}

// protobuf reads the file through this, in the adaptor's own buffer.
class FrameLogReader::FileInput : public google::protobuf::io::CopyingInputStream
{
public:
    explicit FileInput(QFile &file)
        : m_file(file)
    { }
    int Read(void *buffer, int size) override
    {
        const qint64 n = m_file.read(static_cast<char *>(buffer), size);
        return n < 0 ? -1 : int(n);
    }

private:
    QFile &m_file;
};

FrameLogReader::FrameLogReader() = default;
FrameLogReader::~FrameLogReader() = default;

QString FrameLogReader::open(const QString &path)
{
    m_file.setFileName(path);
    if (!m_file.open(QIODevice::ReadOnly))
        return m_error = QStringLiteral("cannot read %1: %2").arg(path, m_file.errorString());
    m_input = std::make_unique<FileInput>(m_file);
    m_stream = std::make_unique<google::protobuf::io::CopyingInputStreamAdaptor>(m_input.get());
    return {};
}

bool FrameLogReader::next(v1::StreamMessage &message)
{
    if (!m_stream)
        return false;
    // protobuf's own delimited framing: a varint length, then the message, read no further than the cap.
    const int64_t start = m_stream->ByteCount();
    message.Clear(); // the utility merges into what the message holds
    bool cleanEnd = false;
    {
        google::protobuf::io::CodedInputStream coded(m_stream.get());
        coded.SetTotalBytesLimit(int(MaxFrameBytes) + 5);
        if (google::protobuf::util::ParseDelimitedFromCodedStream(&message, &coded, &cleanEnd)) {
            ++m_frames;
            return true;
        }
    }
    if (!cleanEnd)
        m_error = diagnose(start);
    return false;
}

QString FrameLogReader::diagnose(int64_t frameStart)
{
    // Only on the way out: what exactly is wrong with the frame at `frameStart`, for the person.
    const uint64_t frame = m_frames + 1;
    m_file.seek(frameStart);
    const QByteArray head = m_file.read(5);
    google::protobuf::io::CodedInputStream in(reinterpret_cast<const uint8_t *>(head.constData()), int(head.size()));
    uint32_t length = 0;
    if (!in.ReadVarint32(&length)) {
        const bool continues = std::all_of(head.begin(), head.end(), [](char c) { return uint8_t(c) & 0x80; });
        return head.size() < 5 && continues ? QStringLiteral("frame %1: the file ends inside its length").arg(frame)
                                            : QStringLiteral("frame %1: malformed length").arg(frame);
    }
    if (length > MaxFrameBytes)
        return QStringLiteral("frame %1: %2 bytes is more than the %3 MB a frame may have")
            .arg(frame)
            .arg(length)
            .arg(MaxFrameBytes >> 20);
    const int64_t available = m_file.size() - frameStart - in.CurrentPosition();
    if (available < int64_t(length))
        return QStringLiteral("frame %1 is truncated: the file ends after %2 of its %3 bytes")
            .arg(frame)
            .arg(available)
            .arg(length);
    return QStringLiteral("frame %1 is not a vigil.v1.StreamMessage").arg(frame);
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
