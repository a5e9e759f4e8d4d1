// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/metric.h"

#include <QString>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

// How a recording stores one metric column over a run of frames. Values are
// rounded to the metric's resolution and written as one token per entity and
// frame, relative to the entity's previous value; the token bytes are then
// compressed. docs/recording-format.md describes the tokens.
namespace vigil::recording {

// The step values of a metric are rounded to when recorded: finer than its
// sensor reports or a person reads (0.1 °C, 0.1 W, 1 MiB, …).
double resolutionFor(const MetricDescriptor &metric);

// Tokens (unsigned LEB128 varints):
//   0  no reading arrived in this frame; the previous value stands
//   1  the reading became missing (NaN)
//   2  a value that does not fit the integer form follows as 4 raw float bytes
//   3+ a reading: previous quantised value + zigzag⁻¹(token − 3), or the
//      absolute quantised value when there was no previous one
// A key chunk starts with no previous values and, after its first frame's
// tokens, carries each entity's data age at that frame (0 = never heard from,
// else age in ms + 1), so a seek restores "last heard" exactly.
class ColumnEncoder
{
public:
    explicit ColumnEncoder(double resolution = 1.0);

    // Starts a chunk. A key chunk forgets the previous values so it decodes on its own.
    void beginChunk(bool key);
    // One frame: every entity's current value and when it last reported (0 = never).
    void appendFrame(int64_t timeMs, std::span<const float> values, std::span<const int64_t> lastReadingMs);
    // The chunk's token bytes (uncompressed); the previous values carry into the next chunk.
    std::string finishChunk();
    size_t framesInChunk() const { return m_frames; }

private:
    enum class Kind : uint8_t
    {
        Missing,
        Quantised,
        Raw
    };
    double m_inverse;
    std::vector<int64_t> m_previous;
    std::vector<Kind> m_kind;
    std::string m_tokens;
    size_t m_frames = 0;
    bool m_key = true;
};

// The running state of one column while chunks are decoded in order. A chunk
// can be decoded in one go (decodeChunk) or frame by frame (begin, advanceTo).
class ColumnDecoder
{
public:
    explicit ColumnDecoder(double resolution = 1.0, size_t entities = 0);

    // Applies the first `frames` frames of a chunk (all when frames exceeds the
    // chunk). `frameTimes` holds the chunk's frame times. Returns an error for
    // tokens that do not fit the entity count or end early; the state is then
    // left as far as it decoded.
    QString decodeChunk(std::string_view tokens, bool key, std::span<const int64_t> frameTimes, size_t frames);

    // Starts a chunk to be decoded frame by frame; the tokens are kept.
    void begin(std::string tokens, bool key, std::vector<int64_t> frameTimes);
    // Decodes up to (not including) frame `frame` of the chunk begun.
    QString advanceTo(size_t frame);
    size_t framesDecoded() const { return m_frame; }

    const std::vector<float> &values() const { return m_values; }
    const std::vector<int64_t> &lastReadingMs() const { return m_lastReadingMs; }
    std::vector<float> &values() { return m_values; }

private:
    QString decodeFrames(const uint8_t *&p, const uint8_t *end, bool key, std::span<const int64_t> frameTimes,
                         size_t from, size_t to);

    double m_resolution;
    std::vector<int64_t> m_previous;
    std::vector<uint8_t> m_quantised; // 1 when m_previous holds a quantised value
    std::vector<float> m_values;
    std::vector<int64_t> m_lastReadingMs;
    // The chunk begun, while it is decoded frame by frame.
    std::string m_tokens;
    std::vector<int64_t> m_times;
    size_t m_offset = 0;
    size_t m_frame = 0;
    bool m_key = false;
    QString m_error;
};

// Block compression for chunk bytes (zstd).
std::string compress(std::string_view bytes, int level = 3);
// Decompresses; an empty optional-like error string on failure.
QString decompress(std::string_view compressed, std::string &out, size_t maxBytes);

// Frame times of a block: the first as an absolute varint, then deltas.
std::string encodeTimes(std::span<const int64_t> times);
QString decodeTimes(std::string_view bytes, std::vector<int64_t> &out, size_t maxFrames);

} // namespace vigil::recording
