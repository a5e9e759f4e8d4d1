// SPDX-License-Identifier: GPL-3.0-or-later
#include "recording/columncodec.h"

#include <zstd.h>

#include <cmath>
#include <cstring>
#include <limits>

namespace vigil::recording {

namespace {

enum Token : uint64_t
{
    NoReading = 0,
    BecameMissing = 1,
    RawFloat = 2,
    FirstReading = 3,
};

// Beyond 2^52 steps a double no longer holds every integer: such values go raw.
constexpr double MaxQuantised = 4503599627370496.0;

inline void putVarint(std::string &out, uint64_t v)
{
    while (v >= 0x80) {
        out.push_back(char(uint8_t(v) | 0x80));
        v >>= 7;
    }
    out.push_back(char(uint8_t(v)));
}

inline uint64_t zigzag(int64_t v)
{
    return (uint64_t(v) << 1) ^ uint64_t(v >> 63);
}

inline int64_t unzigzag(uint64_t v)
{
    return int64_t(v >> 1) ^ -int64_t(v & 1);
}

// Reads a varint; false when the bytes end inside one or it is longer than 10 bytes.
inline bool getVarint(const uint8_t *&p, const uint8_t *end, uint64_t &v)
{
    if (p < end && *p < 0x80) { // the common one-byte token
        v = *p++;
        return true;
    }
    v = 0;
    for (int shift = 0; shift < 64 && p < end; shift += 7) {
        const uint8_t byte = *p++;
        v |= uint64_t(byte & 0x7f) << shift;
        if (byte < 0x80)
            return true;
    }
    return false;
}

} // namespace

double resolutionFor(const MetricDescriptor &metric)
{
    if (metric.name == metric::JobStep || metric.name == metric::ClocksEventReasons)
        return 1.0; // counters and bitmasks are integers
    if (metric.name == metric::JobLoss)
        return 1e-4;
    const QString &u = metric.unit;
    if (u == QLatin1String("C") || u == QLatin1String("W") || u == QLatin1String("%"))
        return 0.1;
    if (u == QLatin1String("MiB") || u == QLatin1String("1/s"))
        return 1.0;
    if (u == QLatin1String("kW"))
        return 0.01;
    if (u == QLatin1String("s"))
        return 1e-3;
    return 1e-3;
}

ColumnEncoder::ColumnEncoder(double resolution)
    : m_inverse(1.0 / resolution)
{ }

void ColumnEncoder::beginChunk(bool key)
{
    m_tokens.clear();
    m_frames = 0;
    m_key = key;
    if (key)
        std::fill(m_kind.begin(), m_kind.end(), Kind::Missing);
}

void ColumnEncoder::appendFrame(int64_t timeMs, std::span<const float> values, std::span<const int64_t> lastReadingMs)
{
    const size_t n = values.size();
    if (m_previous.size() != n) { // a new layout: nothing to be relative to
        m_previous.assign(n, 0);
        m_kind.assign(n, Kind::Missing);
    }
    const bool keyFrame = m_key && m_frames == 0;
    m_tokens.reserve(m_tokens.size() + n + n / 4);
    for (size_t e = 0; e < n; ++e) {
        const float v = values[e];
        const bool arrived = lastReadingMs[e] == timeMs && timeMs != 0;
        if (std::isnan(v)) {
            if (m_kind[e] != Kind::Missing || keyFrame)
                putVarint(m_tokens, BecameMissing);
            else
                m_tokens.push_back(char(NoReading));
            m_kind[e] = Kind::Missing;
            continue;
        }
        const double scaled = std::nearbyint(double(v) * m_inverse);
        if (!(std::fabs(scaled) <= MaxQuantised)) {
            uint32_t bits;
            std::memcpy(&bits, &v, 4);
            if (!keyFrame && !arrived && m_kind[e] == Kind::Raw && m_previous[e] == int64_t(bits)) {
                m_tokens.push_back(char(NoReading));
                continue;
            }
            putVarint(m_tokens, RawFloat);
            m_tokens.append(reinterpret_cast<const char *>(&bits), 4);
            m_previous[e] = int64_t(bits);
            m_kind[e] = Kind::Raw;
            continue;
        }
        const int64_t q = int64_t(scaled);
        if (!keyFrame && !arrived && m_kind[e] == Kind::Quantised && m_previous[e] == q) {
            m_tokens.push_back(char(NoReading));
            continue;
        }
        const bool relative = m_kind[e] == Kind::Quantised;
        putVarint(m_tokens, FirstReading + zigzag(relative ? q - m_previous[e] : q));
        m_previous[e] = q;
        m_kind[e] = Kind::Quantised;
    }
    if (keyFrame)
        for (size_t e = 0; e < n; ++e)
            putVarint(m_tokens,
                      lastReadingMs[e] == 0 ? 0 : uint64_t(std::max<int64_t>(0, timeMs - lastReadingMs[e])) + 1);
    ++m_frames;
}

std::string ColumnEncoder::finishChunk()
{
    std::string out;
    out.swap(m_tokens);
    m_frames = 0;
    return out;
}

ColumnDecoder::ColumnDecoder(double resolution, size_t entities)
    : m_resolution(resolution)
    , m_previous(entities, 0)
    , m_quantised(entities, 0)
    , m_values(entities, std::numeric_limits<float>::quiet_NaN())
    , m_lastReadingMs(entities, 0)
{ }

QString ColumnDecoder::decodeChunk(std::string_view tokens, bool key, std::span<const int64_t> frameTimes,
                                   size_t frames)
{
    const auto *p = reinterpret_cast<const uint8_t *>(tokens.data());
    return decodeFrames(p, p + tokens.size(), key, frameTimes, 0, std::min(frames, frameTimes.size()));
}

void ColumnDecoder::begin(std::string tokens, bool key, std::vector<int64_t> frameTimes)
{
    m_tokens = std::move(tokens);
    m_times = std::move(frameTimes);
    m_offset = 0;
    m_frame = 0;
    m_key = key;
    m_error.clear();
}

QString ColumnDecoder::advanceTo(size_t frame)
{
    frame = std::min(frame, m_times.size());
    if (frame <= m_frame || !m_error.isEmpty())
        return m_error;
    const auto *start = reinterpret_cast<const uint8_t *>(m_tokens.data());
    const uint8_t *p = start + m_offset;
    m_error = decodeFrames(p, start + m_tokens.size(), m_key, m_times, m_frame, frame);
    m_offset = size_t(p - start);
    m_frame = frame;
    return m_error;
}

QString ColumnDecoder::decodeFrames(const uint8_t *&p, const uint8_t *end, bool key,
                                    std::span<const int64_t> frameTimes, size_t from, size_t to)
{
    const size_t n = m_values.size();
    if (key && from == 0) { // a key chunk names every entity; nothing before it counts
        std::fill(m_quantised.begin(), m_quantised.end(), 0);
        std::fill(m_values.begin(), m_values.end(), std::numeric_limits<float>::quiet_NaN());
    }
    for (size_t f = from; f < to; ++f) {
        const int64_t time = frameTimes[f];
        for (size_t e = 0; e < n; ++e) {
            uint64_t token;
            if (!getVarint(p, end, token))
                return QStringLiteral("the data ends in frame %1 of %2 at entity %3 of %4")
                    .arg(f + 1)
                    .arg(to)
                    .arg(e)
                    .arg(n);
            if (token == NoReading)
                continue;
            if (token == BecameMissing) {
                m_values[e] = std::numeric_limits<float>::quiet_NaN();
                m_quantised[e] = 0;
                continue;
            }
            if (token == RawFloat) {
                if (end - p < 4)
                    return QStringLiteral("a raw value is cut off in frame %1").arg(f + 1);
                std::memcpy(&m_values[e], p, 4);
                p += 4;
                m_quantised[e] = 0;
                m_lastReadingMs[e] = time;
                continue;
            }
            const int64_t delta = unzigzag(token - FirstReading);
            int64_t q = delta;
            if (m_quantised[e] && __builtin_add_overflow(m_previous[e], delta, &q))
                return QStringLiteral("a reading overflows in frame %1 (a damaged chunk)").arg(f + 1);
            m_previous[e] = q;
            m_quantised[e] = 1;
            m_values[e] = float(double(q) * m_resolution);
            m_lastReadingMs[e] = time;
        }
        if (key && f == 0) {
            for (size_t e = 0; e < n; ++e) {
                uint64_t age;
                if (!getVarint(p, end, age))
                    return QStringLiteral("the data ages of a key frame are cut off at entity %1 of %2").arg(e).arg(n);
                if (age == 0) {
                    m_lastReadingMs[e] = 0;
                } else if (age - 1 > uint64_t(std::numeric_limits<int64_t>::max())
                           || __builtin_sub_overflow(time, int64_t(age - 1), &m_lastReadingMs[e])) {
                    return QStringLiteral("a data age out of range in frame 1 (a damaged chunk)");
                }
            }
        }
    }
    return {};
}

std::string compress(std::string_view bytes, int level)
{
    std::string out(ZSTD_compressBound(bytes.size()), '\0');
    const size_t size = ZSTD_compress(out.data(), out.size(), bytes.data(), bytes.size(), level);
    out.resize(ZSTD_isError(size) ? 0 : size);
    return out;
}

QString decompress(std::string_view compressed, std::string &out, size_t maxBytes)
{
    const unsigned long long size = ZSTD_getFrameContentSize(compressed.data(), compressed.size());
    if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN)
        return QStringLiteral("not a compressed block");
    if (size > maxBytes)
        return QStringLiteral("a block claims %1 bytes, more than the %2 allowed").arg(size).arg(maxBytes);
    out.resize(size_t(size));
    const size_t got = ZSTD_decompress(out.data(), out.size(), compressed.data(), compressed.size());
    if (ZSTD_isError(got) || got != size)
        return QStringLiteral("a compressed block is damaged (%1)")
            .arg(QString::fromLatin1(ZSTD_isError(got) ? ZSTD_getErrorName(got) : "short"));
    return {};
}

std::string encodeTimes(std::span<const int64_t> times)
{
    std::string out;
    int64_t previous = 0;
    for (int64_t t : times) {
        putVarint(out, zigzag(t - previous));
        previous = t;
    }
    return out;
}

QString decodeTimes(std::string_view bytes, std::vector<int64_t> &out, size_t maxFrames)
{
    out.clear();
    const auto *p = reinterpret_cast<const uint8_t *>(bytes.data());
    const uint8_t *end = p + bytes.size();
    int64_t t = 0;
    while (p < end) {
        uint64_t v;
        if (!getVarint(p, end, v))
            return QStringLiteral("frame times are cut off");
        if (out.size() >= maxFrames)
            return QStringLiteral("more than %1 frame times in one block").arg(maxFrames);
        int64_t next = 0;
        if (__builtin_add_overflow(t, unzigzag(v), &next))
            return QStringLiteral("frame time %1 is out of range").arg(out.size() + 1);
        if (!out.empty() && next < t)
            return QStringLiteral("frame times go backwards (frame %1)").arg(out.size() + 1);
        t = next;
        out.push_back(t);
    }
    if (out.empty())
        return QStringLiteral("a block without frame times");
    return {};
}

} // namespace vigil::recording
