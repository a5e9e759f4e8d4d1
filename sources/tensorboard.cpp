// SPDX-License-Identifier: GPL-3.0-or-later
#include "sources/tensorboard.h"

#include "sources/unknownfield.h"
#include "tensorboard/tfevent.pb.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QtEndian>

#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>

namespace vigil {

namespace tensorboard {

namespace {

constexpr qsizetype HeaderBytes = 12; // length + its checksum
constexpr qsizetype FooterBytes = 4; // the data's checksum
constexpr uint64_t MaxRecordBytes = 64u << 20; // far beyond any scalar event; beyond it the file is not one

std::array<uint32_t, 256> castagnoliTable()
{
    std::array<uint32_t, 256> table {};
    for (uint32_t i = 0; i < 256; ++i) {
        uint32_t c = i;
        for (int k = 0; k < 8; ++k)
            c = (c & 1) ? (c >> 1) ^ 0x82F63B78u : c >> 1; // the reflected Castagnoli polynomial
        table[i] = c;
    }
    return table;
}

} // namespace

uint32_t crc32c(QByteArrayView bytes)
{
    static const std::array<uint32_t, 256> table = castagnoliTable();
    uint32_t c = 0xFFFFFFFFu;
    for (const char b : bytes)
        c = table[(c ^ uint8_t(b)) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

uint32_t maskedCrc32c(QByteArrayView bytes)
{
    const uint32_t c = crc32c(bytes);
    return ((c >> 15) | (c << 17)) + 0xA282EAD8u;
}

QByteArray frameRecord(QByteArrayView data)
{
    QByteArray out(HeaderBytes + data.size() + FooterBytes, Qt::Uninitialized);
    qToLittleEndian<quint64>(quint64(data.size()), out.data());
    qToLittleEndian<quint32>(maskedCrc32c(QByteArrayView(out.constData(), 8)), out.data() + 8);
    std::memcpy(out.data() + HeaderBytes, data.data(), size_t(data.size()));
    qToLittleEndian<quint32>(maskedCrc32c(data), out.data() + HeaderBytes + data.size());
    return out;
}

void RecordReader::feed(QByteArrayView bytes, const std::function<void(QByteArrayView)> &record)
{
    if (lost())
        return;
    m_partial.append(bytes.data(), bytes.size());
    qsizetype at = 0;
    while (m_partial.size() - at >= HeaderBytes) {
        const char *frame = m_partial.constData() + at;
        const quint64 length = qFromLittleEndian<quint64>(frame);
        if (qFromLittleEndian<quint32>(frame + 8) != maskedCrc32c(QByteArrayView(frame, 8))) {
            m_lostWhy = QStringLiteral("record %1 has a damaged length: not an event file, or damaged here; "
                                       "nothing after it is read")
                            .arg(m_records + m_damaged + 1);
            break;
        }
        if (length > MaxRecordBytes) {
            m_lostWhy = QStringLiteral("record %1 claims %2 bytes: not an event file").arg(m_records + 1).arg(length);
            break;
        }
        const qsizetype whole = HeaderBytes + qsizetype(length) + FooterBytes;
        if (m_partial.size() - at < whole)
            break; // the rest of the record is still being written
        const QByteArrayView data(frame + HeaderBytes, qsizetype(length));
        if (qFromLittleEndian<quint32>(frame + HeaderBytes + length) == maskedCrc32c(data)) {
            ++m_records;
            record(data);
        } else {
            ++m_damaged;
        }
        at += whole;
    }
    m_partial.remove(0, lost() ? m_partial.size() : at);
}

namespace {

enum class Scalar
{
    Unknown,
    Loss,
    StepTime,
    Tokens,
    TokensPerGpu,
};

// What a training's scalar tag means, as Megatron-LM, NeMo, torchtitan and
// PyTorch Lightning name them. Validation and evaluation scalars are not the training's.
Scalar meaningOf(const QString &tag)
{
    static const QRegularExpression notTraining(
        QStringLiteral(R"((^|[/_ -])(val|valid|validation|eval|evaluation|test)([/_ -]|$))"),
        QRegularExpression::CaseInsensitiveOption);
    if (tag.contains(notTraining))
        return Scalar::Unknown;
    const QString last = tag.section(u'/', -1).toLower();
    static const std::map<QString, Scalar> names {
        { QStringLiteral("loss"), Scalar::Loss },
        { QStringLiteral("lm loss"), Scalar::Loss },
        { QStringLiteral("lm_loss"), Scalar::Loss },
        { QStringLiteral("train_loss"), Scalar::Loss },
        { QStringLiteral("train loss"), Scalar::Loss },
        { QStringLiteral("training_loss"), Scalar::Loss },
        { QStringLiteral("reduced_train_loss"), Scalar::Loss },
        { QStringLiteral("global_avg_loss"), Scalar::Loss },
        { QStringLiteral("iteration-time"), Scalar::StepTime },
        { QStringLiteral("iteration_time"), Scalar::StepTime },
        { QStringLiteral("train_step_timing in s"), Scalar::StepTime },
        { QStringLiteral("step_time"), Scalar::StepTime },
        { QStringLiteral("step_time_s"), Scalar::StepTime },
        { QStringLiteral("end_to_end(s)"), Scalar::StepTime },
        { QStringLiteral("elapsed_time_per_step"), Scalar::StepTime },
        { QStringLiteral("tokens_per_s"), Scalar::Tokens },
        { QStringLiteral("tokens_per_sec"), Scalar::Tokens },
        { QStringLiteral("tokens_per_second"), Scalar::Tokens },
        { QStringLiteral("tokens_per_sec_per_gpu"), Scalar::TokensPerGpu },
        { QStringLiteral("tokens_per_sec_per_device"), Scalar::TokensPerGpu },
        { QStringLiteral("tps"), Scalar::TokensPerGpu },
        { QStringLiteral("throughput(tps)"), Scalar::TokensPerGpu },
        { QStringLiteral("wps"), Scalar::TokensPerGpu },
    };
    const auto it = names.find(last);
    return it == names.end() ? Scalar::Unknown : it->second;
}

float fromHalf(uint16_t h)
{
    const uint32_t sign = uint32_t(h & 0x8000) << 16;
    const int exponent = (h >> 10) & 0x1F;
    const uint32_t mantissa = h & 0x3FF;
    if (exponent == 0)
        return (sign ? -1.0f : 1.0f) * std::ldexp(float(mantissa), -24);
    if (exponent == 31)
        return mantissa ? std::numeric_limits<float>::quiet_NaN()
                        : (sign ? -std::numeric_limits<float>::infinity() : std::numeric_limits<float>::infinity());
    return std::bit_cast<float>(sign | uint32_t(exponent - 15 + 127) << 23 | mantissa << 13);
}

// The one number of a scalar tensor (tf.summary v2 writes scalars that way).
std::optional<double> scalarOf(const TensorProto &t)
{
    const std::string &raw = t.tensor_content();
    switch (t.dtype()) {
    case 1: // float
        if (t.float_val_size())
            return t.float_val(0);
        if (raw.size() >= 4)
            return qFromLittleEndian<float>(raw.data());
        break;
    case 2: // double
        if (t.double_val_size())
            return t.double_val(0);
        if (raw.size() >= 8)
            return qFromLittleEndian<double>(raw.data());
        break;
    case 3: // int32
        if (t.int_val_size())
            return t.int_val(0);
        if (raw.size() >= 4)
            return qFromLittleEndian<qint32>(raw.data());
        break;
    case 9: // int64
        if (t.int64_val_size())
            return double(t.int64_val(0));
        if (raw.size() >= 8)
            return double(qFromLittleEndian<qint64>(raw.data()));
        break;
    case 14: // bfloat16: the high half of a float
    case 19: { // half
        uint16_t bits = 0;
        if (t.half_val_size())
            bits = uint16_t(t.half_val(0));
        else if (raw.size() >= 2)
            bits = qFromLittleEndian<quint16>(raw.data());
        else
            break;
        return t.dtype() == 14 ? double(std::bit_cast<float>(uint32_t(bits) << 16)) : double(fromHalf(bits));
    }
    default:
        break;
    }
    return std::nullopt;
}

} // namespace

bool readEvent(QByteArrayView record, std::vector<TrainingRecord> &out, std::map<QString, int> &unknownTags)
{
    Event event;
    if (!event.ParseFromArray(record.data(), int(record.size())))
        return false;
    if (!event.has_summary())
        return true; // the file's version, a graph, a session log: no metrics
    // A wall time beyond int64's milliseconds is no time (converting it would be undefined; found by fuzzing).
    const int64_t timeMs = std::isfinite(event.wall_time()) && event.wall_time() > 0 && event.wall_time() < 9.2e15
        ? int64_t(event.wall_time() * 1000.0)
        : 0;
    for (const SummaryValue &v : event.summary().value()) {
        const QString tag = QString::fromStdString(v.tag());
        const Scalar meaning = meaningOf(tag);
        std::optional<double> value;
        if (v.has_simple_value())
            value = v.simple_value();
        else if (v.has_tensor())
            value = scalarOf(v.tensor());
        if (meaning == Scalar::Unknown || !value) {
            ++unknownTags[UnknownField::countedAs(unknownTags, tag)];
            continue;
        }
        TrainingRecord r;
        r.timeMs = timeMs;
        if (event.step() >= 0 && event.step() <= int64_t(1e15))
            r.step = event.step();
        const double x = *value;
        const bool finite = std::isfinite(x);
        switch (meaning) {
        case Scalar::Loss:
            if (finite && x >= 0 && x <= 1e6)
                r.loss = x;
            break;
        case Scalar::StepTime:
            if (finite && x >= 1e-6 && x <= 1e6)
                r.stepTimeS = x;
            break;
        case Scalar::Tokens:
        case Scalar::TokensPerGpu:
            if (finite && x >= 0 && x <= 1e12) {
                r.tokensPerSecond = x;
                r.tokensPerGpu = meaning == Scalar::TokensPerGpu;
            }
            break;
        case Scalar::Unknown:
            break;
        }
        out.push_back(std::move(r)); // the step is kept even when the value was not believable
    }
    return true;
}

} // namespace tensorboard

TensorBoardRun::TensorBoardRun(QString directory)
    : m_directory(std::move(directory))
{ }

std::vector<TrainingRecord> TensorBoardRun::poll(QStringList &problems)
{
    std::vector<TrainingRecord> records;
    const QStringList names
        = QDir(m_directory).entryList({ QStringLiteral("events.out.tfevents.*") }, QDir::Files, QDir::Name);
    if (names.isEmpty() && m_files.empty())
        problems << QStringLiteral("no event files (events.out.tfevents.*) in %1 yet").arg(m_directory);
    for (const QString &name : names) {
        File &f = m_files[name];
        if (f.reader.lost()) {
            if (!f.reportedLoss)
                problems << QStringLiteral("%1: %2").arg(name, f.reader.lostWhy());
            f.reportedLoss = true;
            continue;
        }
        QFile file(QDir(m_directory).filePath(name));
        if (!file.open(QIODevice::ReadOnly)) {
            problems << QStringLiteral("%1: cannot read: %2").arg(name, file.errorString());
            continue;
        }
        if (file.size() < f.offset) { // written anew: read from its start
            f = File {};
        }
        const qint64 readTo = f.offset + f.reader.pending();
        if (file.size() <= readTo || !file.seek(readTo))
            continue;
        const QByteArray chunk = file.read(std::min<qint64>(file.size() - readTo, qint64(16) << 20));
        const uint64_t damagedBefore = f.reader.damaged();
        f.reader.feed(chunk, [&](QByteArrayView record) {
            ++m_stats.lines;
            const size_t before = records.size();
            if (!tensorboard::readEvent(record, records, m_unknownTags)) {
                m_stats.reject(m_stats.lines, QStringLiteral("%1: a record that is not an event").arg(name));
                return;
            }
            for (size_t i = before; i < records.size(); ++i)
                records[i].line = m_stats.lines;
            if (records.size() > before)
                ++m_stats.accepted;
            else
                ++m_stats.skipped; // the version record, or only tags Vigil does not read
        });
        for (uint64_t d = damagedBefore; d < f.reader.damaged(); ++d)
            m_stats.reject(m_stats.lines, QStringLiteral("%1: a record whose checksum does not match").arg(name));
        if (f.reader.lost()) {
            ++m_stats.rejected;
            problems << QStringLiteral("%1: %2").arg(name, f.reader.lostWhy());
            f.reportedLoss = true;
        }
        f.offset = readTo + chunk.size() - f.reader.pending();
    }
    return records;
}

std::map<QString, qint64> TensorBoardRun::positions() const
{
    std::map<QString, qint64> out;
    for (const auto &[name, f] : m_files)
        out[name] = f.offset;
    return out;
}

void TensorBoardRun::resumeFrom(const std::map<QString, qint64> &positions)
{
    for (const auto &[name, offset] : positions) {
        const QFileInfo info(QDir(m_directory).filePath(name));
        if (info.exists() && offset >= 0 && offset <= info.size())
            m_files[name].offset = offset;
    }
}

} // namespace vigil
