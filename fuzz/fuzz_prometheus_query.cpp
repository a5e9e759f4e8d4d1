// SPDX-License-Identifier: GPL-3.0-or-later
// A Prometheus-compatible query API's answers (instant vectors, range matrices and the series
// API's label sets), as a hostile or broken server may send them, turned into dcgm-exporter's
// text. Whatever the answer holds, the text never has more lines than the answer has points
// (or label sets): a name or a value cannot start a line of its own.
#include "sources/exposition.h"
#include "sources/prometheusquery.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdlib>

namespace {

struct Counter final : vigil::ExpositionVisitor
{
    void sample(const vigil::ExpositionSample &s) override
    {
        if (s.name.isEmpty())
            std::abort();
    }
};

// Lines the text holds, as the exposition reader counts them (comments and blanks too).
size_t linesOf(const QByteArray &text)
{
    Counter counter;
    const vigil::ParseStats stats = vigil::readExposition(text, counter);
    if (stats.accepted + stats.skipped + stats.rejected != stats.lines)
        std::abort();
    return stats.lines;
}

// Points the answer holds, counted from its JSON independently of the code under test.
size_t pointsIn(const QByteArray &json, const char *key)
{
    const QJsonArray result = QJsonDocument::fromJson(json)
                                  .object()
                                  .value(QLatin1String("data"))
                                  .toObject()
                                  .value(QLatin1String("result"))
                                  .toArray();
    size_t points = 0;
    for (const QJsonValue &series : result) {
        const QJsonValue v = series.toObject().value(QLatin1String(key));
        points += qstrcmp(key, "value") == 0 ? 1 : size_t(v.toArray().size());
    }
    return points;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray json(reinterpret_cast<const char *>(data), qsizetype(size));
    for (const QString &hostLabel : { QString(), QStringLiteral("node") }) {
        QByteArray text;
        int64_t evaluatedMs = 0;
        size_t series = 0;
        if (vigil::instantToExposition(json, { hostLabel }, text, &evaluatedMs, &series).isEmpty()) {
            const size_t lines = linesOf(text);
            if (lines != series || series > pointsIn(json, "value") || evaluatedMs < 0)
                std::abort(); // one line a series, and only series the answer holds
        }
        std::map<int64_t, QByteArray> byTime;
        if (vigil::rangeToExposition(json, { hostLabel }, byTime).isEmpty()) {
            size_t lines = 0;
            for (const auto &[timeMs, instant] : byTime) {
                if (timeMs < 0 || instant.isEmpty())
                    std::abort();
                lines += linesOf(instant);
            }
            if (lines > pointsIn(json, "values"))
                std::abort(); // one line a point, never more
        }
        QByteArray listed;
        size_t added = 0;
        if (vigil::seriesToExposition(json, { hostLabel }, listed, &added).isEmpty()) {
            const size_t listedSeries
                = size_t(QJsonDocument::fromJson(json).object().value(QLatin1String("data")).toArray().size());
            if (linesOf(listed) != added || added > listedSeries)
                std::abort(); // one line a label set listed, never more
        }
    }
    return 0;
}
