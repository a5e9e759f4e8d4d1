// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/generator.h"

#include "vigil/v1/gateway.pb.h"

#include <QFile>
#include <QString>

#include <memory>

namespace google::protobuf::io {
class CopyingInputStreamAdaptor;
}

namespace vigil {

// A stream written to a file: vigil.v1.StreamMessage records delimited by protobuf's
// own delimited-message framing (a varint length before each), exactly what a fresh subscriber receives (Dictionary,
// Sync, then journal entries with epoch and gap-free seq). docs/scenarios.md.
class FrameLogWriter
{
public:
    QString open(const QString &path);
    bool write(const v1::StreamMessage &message);
    uint64_t bytesWritten() const { return m_bytes; }

private:
    QFile m_file;
    std::string m_buffer;
    uint64_t m_bytes = 0;
};

class FrameLogReader
{
public:
    static constexpr uint32_t MaxFrameBytes = 64u << 20;

    FrameLogReader();
    ~FrameLogReader();

    QString open(const QString &path);
    // Reads the next frame; false at the end of the file or on an error (then error() says which).
    bool next(v1::StreamMessage &message);
    const QString &error() const { return m_error; }
    uint64_t framesRead() const { return m_frames; }

private:
    class FileInput;
    QString diagnose(int64_t frameStart);

    QFile m_file;
    std::unique_ptr<FileInput> m_input;
    std::unique_ptr<google::protobuf::io::CopyingInputStreamAdaptor> m_stream;
    QString m_error;
    uint64_t m_frames = 0;
};

struct RecordingFiles
{
    QString frames; // PREFIX.frames
    QString topology; // PREFIX.topology.json
    QString truth; // PREFIX.truth.jsonl
    static RecordingFiles forPrefix(const QString &prefix);
};

// As fast as possible: runs a scenario for `durationMs` and writes the stream,
// the topology and the ground truth next to each other. Returns an error or empty.
// A prefix ending in .vigil writes a flight recording instead; `keepFullMs` > 0
// then downsamples what is older than that before the end, as a recorder
// running all along would have.
QString generateRecording(const SimulatorOptions &options, int64_t durationMs, int64_t intervalMs,
                          const QString &prefix, GenerationSummary *summary = nullptr, int64_t keepFullMs = 0);

} // namespace vigil
