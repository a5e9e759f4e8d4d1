// SPDX-License-Identifier: GPL-3.0-or-later
#include "sources/trainingtext.h"

#include <QDateTime>
#include <QRegularExpression>

#include <cmath>
#include <optional>

namespace vigil {

namespace {

// The ranges a value must fall in to be believed (the JSON-lines format checks the same).
struct Range
{
    double min, max;
};
constexpr Range StepRange { 0, 1e15 };
constexpr Range LossRange { 0, 1e6 };
constexpr Range TokensRange { 0, 1e12 };
constexpr Range StepTimeRange { 1e-6, 1e6 };

QString withoutColour(QString text)
{
    static const QRegularExpression escape(QStringLiteral("\\x1b\\[[0-9;]*[A-Za-z]"));
    return text.contains(QChar(0x1b)) ? text.remove(escape) : text;
}

// "7.399415E+00", "6,281", "2e+3", "49.00": a number as the frameworks print one.
std::optional<double> numberIn(QString text, const QString &name, Range range, QStringList &problems)
{
    text = text.trimmed();
    text.remove(u',');
    while (text.endsWith(u'%') || text.endsWith(u's'))
        text.chop(1); // "12.3s", "31.4%"
    bool ok = false;
    const double v = text.toDouble(&ok);
    if (!ok || !std::isfinite(v) || v < range.min || v > range.max) {
        problems << QStringLiteral("%1 '%2' is not a finite number from %3 to %4")
                        .arg(name, text)
                        .arg(range.min)
                        .arg(range.max);
        return std::nullopt;
    }
    return v;
}

// A date and time before `before` in the line: "[2025-04-13 23:41:12]",
// "2025-01-01 12:00:00,123", "[2025-11-20T14:55:23+08:00]". Without an offset it is UTC.
int64_t timeBefore(const QString &line, qsizetype before)
{
    static const QRegularExpression stamp(
        QStringLiteral(R"((\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:[.,](\d{1,6}))?\s*(Z|[+-]\d{2}:?\d{2})?)"));
    const QRegularExpressionMatch m = stamp.match(line);
    if (!m.hasMatch() || m.capturedStart() >= before)
        return 0;
    const QDate date = QDate::fromString(m.captured(1), Qt::ISODate);
    const QTime time = QTime::fromString(m.captured(2), QStringLiteral("HH:mm:ss"));
    if (!date.isValid() || !time.isValid())
        return 0;
    QDateTime at(date, time, Qt::UTC);
    if (const QString fraction = m.captured(3); !fraction.isEmpty())
        at = at.addMSecs(qint64(QStringLiteral("0.%1").arg(fraction).toDouble() * 1000.0 + 0.5));
    if (const QString offset = m.captured(4); !offset.isEmpty() && offset != QLatin1String("Z")) {
        const QString digits = QString(offset).remove(u':');
        const int sign = digits.startsWith(u'-') ? -1 : 1;
        const int seconds = sign * (digits.mid(1, 2).toInt() * 3600 + digits.mid(3, 2).toInt() * 60);
        at = at.addSecs(-seconds); // 14:55 at +08:00 is 06:55 UTC
    }
    return at.toMSecsSinceEpoch();
}

// "iteration 200/ 1000 | key: value | key: value |" (Megatron-LM; NeMo 2 the same way).
TrainingLineFormat readPipeFields(const QString &line, TrainingRecord &out, QStringList &problems)
{
    static const QRegularExpression iteration(QStringLiteral(R"(\biteration\s+(\d+)\s*/\s*(?:\d+|infinity)\s*\|)"));
    const QRegularExpressionMatch m = iteration.match(line);
    if (!m.hasMatch())
        return TrainingLineFormat::None;
    const bool nemo = line.left(m.capturedStart()).contains(QLatin1String("Training epoch"));
    out.timeMs = timeBefore(line, m.capturedStart());
    if (const auto step = numberIn(m.captured(1), QStringLiteral("iteration"), StepRange, problems))
        out.step = int64_t(*step);
    std::optional<double> lmLoss, reducedLoss, plainLoss, globalStep;
    for (const QString &field : line.mid(m.capturedEnd()).split(u'|', Qt::SkipEmptyParts)) {
        const qsizetype colon = field.lastIndexOf(u':');
        if (colon < 0)
            continue;
        const QString key = field.left(colon).trimmed();
        const QString value = field.mid(colon + 1);
        if (key == QLatin1String("lm loss"))
            lmLoss = numberIn(value, key, LossRange, problems);
        else if (key == QLatin1String("reduced_train_loss"))
            reducedLoss = numberIn(value, key, LossRange, problems);
        else if (key == QLatin1String("loss"))
            plainLoss = numberIn(value, key, LossRange, problems);
        else if (key == QLatin1String("global_step"))
            globalStep = numberIn(value, key, StepRange, problems);
        else if (key.startsWith(QLatin1String("elapsed time per iteration"))) {
            // "(ms)" in Megatron-LM, "(s)" in the Megatron-DeepSpeed that trained BLOOM; bare, Megatron's ms.
            const QString unit = key.mid(26).trimmed();
            const double toSeconds = unit == QLatin1String("(s)") ? 1.0
                : unit == QLatin1String("(ms)") || unit.isEmpty() ? 1e-3
                                                                  : 0.0;
            if (toSeconds == 0.0)
                problems << QStringLiteral("%1: unknown unit").arg(key);
            else if (const auto v
                     = numberIn(value, key, { StepTimeRange.min / toSeconds, StepTimeRange.max / toSeconds }, problems))
                out.stepTimeS = *v * toSeconds;
        } else if (key == QLatin1String("train_step_timing in s"))
            out.stepTimeS = numberIn(value, key, StepTimeRange, problems);
        else if (key == QLatin1String("tokens_per_sec_per_gpu") || key == QLatin1String("tokens per second per GPU")) {
            out.tokensPerSecond = numberIn(value, key, TokensRange, problems);
            out.tokensPerGpu = true;
        } else if (key == QLatin1String("tokens_per_sec") || key == QLatin1String("tokens per second"))
            out.tokensPerSecond = numberIn(value, key, TokensRange, problems);
    }
    out.loss = lmLoss ? lmLoss : reducedLoss ? reducedLoss : plainLoss;
    if (globalStep)
        out.step = int64_t(*globalStep);
    return nemo ? TrainingLineFormat::NeMo : TrainingLineFormat::MegatronLm;
}

// "  successfully loaded checkpoint from /ckpt [ t 1/8, p 1/12 ] at iteration 1000" (Megatron-LM and
// Megatron-DeepSpeed, on resuming). "loading checkpoint ... at iteration" is the announcement, not the fact.
TrainingLineFormat readCheckpointLoaded(const QString &line, TrainingRecord &out, QStringList &problems)
{
    static const QRegularExpression loaded(
        QStringLiteral(R"(\bsuccessfully loaded checkpoint from\b.*\bat iteration\s+(\d+)\s*$)"));
    const QRegularExpressionMatch m = loaded.match(line);
    if (!m.hasMatch())
        return TrainingLineFormat::None;
    out.timeMs = timeBefore(line, m.capturedStart());
    if (const auto step = numberIn(m.captured(1), QStringLiteral("checkpoint iteration"), StepRange, problems))
        out.restoredStep = int64_t(*step);
    return TrainingLineFormat::MegatronCheckpointLoaded;
}

// "step: 10  loss:  9.5020  ...  tps: 6,281  ..." (torchtitan).
TrainingLineFormat readTorchTitan(const QString &line, TrainingRecord &out, QStringList &problems)
{
    static const QRegularExpression step(QStringLiteral(R"((validate\s+)?\bstep:\s*(\d+)\s+)"));
    const QRegularExpressionMatch m = step.match(line);
    if (!m.hasMatch() || !line.mid(m.capturedEnd()).contains(QLatin1String("loss:")))
        return TrainingLineFormat::None;
    if (m.capturedLength(1) > 0)
        return TrainingLineFormat::None; // a validation pass: not the training's loss
    out.timeMs = timeBefore(line, m.capturedStart());
    if (const auto s = numberIn(m.captured(2), QStringLiteral("step"), StepRange, problems))
        out.step = int64_t(*s);
    static const QRegularExpression field(QStringLiteral(R"(\b([A-Za-z_]+):\s*([-+0-9.,eE]+|nan|inf)(%|s)?)"));
    for (auto it = field.globalMatch(line, m.capturedEnd()); it.hasNext();) {
        const QRegularExpressionMatch f = it.next();
        const QString key = f.captured(1);
        if (key == QLatin1String("loss"))
            out.loss = numberIn(f.captured(2), key, LossRange, problems);
        else if (key == QLatin1String("tps")) {
            out.tokensPerSecond = numberIn(f.captured(2), key, TokensRange, problems);
            out.tokensPerGpu = true; // torchtitan counts tokens per second per device
        } else if (key == QLatin1String("step_time") || key == QLatin1String("elapsed_time_per_step"))
            out.stepTimeS = numberIn(f.captured(2), key, StepTimeRange, problems);
    }
    return TrainingLineFormat::TorchTitan;
}

// "[06:19<07:13, reduced_train_loss=11.50, global_step=5.000, train_step_timing in s=49.50]" (NeMo 1).
TrainingLineFormat readProgressBar(const QString &line, TrainingRecord &out, QStringList &problems)
{
    if (!line.contains(QLatin1String("global_step=")))
        return TrainingLineFormat::None;
    static const QRegularExpression pair(QStringLiteral(R"(([A-Za-z_][A-Za-z_ ]*?)=([^,\]\s]+))"));
    std::optional<double> reducedLoss, runningLoss;
    bool hasStep = false;
    for (auto it = pair.globalMatch(line); it.hasNext();) {
        const QRegularExpressionMatch p = it.next();
        const QString key = p.captured(1).trimmed();
        const QString value = p.captured(2);
        if (key == QLatin1String("global_step")) {
            if (const auto s = numberIn(value, key, StepRange, problems)) {
                out.step = int64_t(*s);
                hasStep = true;
            }
        } else if (key == QLatin1String("reduced_train_loss"))
            reducedLoss = numberIn(value, key, LossRange, problems);
        else if (key == QLatin1String("loss"))
            runningLoss = numberIn(value, key, LossRange, problems);
        else if (key == QLatin1String("train_step_timing in s"))
            out.stepTimeS = numberIn(value, key, StepTimeRange, problems);
    }
    if (!hasStep)
        return TrainingLineFormat::None;
    out.loss = reducedLoss ? reducedLoss : runningLoss; // the bar's own "loss" is a running mean
    out.timeMs = timeBefore(line, line.indexOf(QLatin1String("global_step=")));
    return TrainingLineFormat::NeMoProgressBar;
}

} // namespace

TrainingLineFormat parseFrameworkLine(QByteArrayView bytes, TrainingRecord &out, QStringList &problems)
{
    const QString line = withoutColour(QString::fromUtf8(bytes));
    if (line.contains(QLatin1String("iteration")))
        if (const auto f = readPipeFields(line, out, problems); f != TrainingLineFormat::None)
            return f;
    if (line.contains(QLatin1String("loaded checkpoint")))
        return readCheckpointLoaded(line.trimmed(), out, problems);
    if (line.contains(QLatin1String("step:")))
        if (const auto f = readTorchTitan(line, out, problems); f != TrainingLineFormat::None)
            return f;
    return readProgressBar(line, out, problems);
}

} // namespace vigil
