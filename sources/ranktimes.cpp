// SPDX-License-Identifier: GPL-3.0-or-later
#include "sources/ranktimes.h"

#include <QRegularExpression>
#include <QtNumeric>

#include <algorithm>
#include <cmath>

namespace vigil {

RankTimesReader::Line RankTimesReader::read(QByteArrayView bytes, QStringList &problems)
{
    // Most of a training's output is no block: it is passed over before it is decoded.
    if (!m_inBlock && !bytes.contains("times across ranks"))
        return Line::None;
    const QString line = QString::fromUtf8(bytes).trimmed();
    if (line.endsWith(QLatin1String("times across ranks (ms):")) && !line.contains(QLatin1String("(min, max)"))) {
        finish(); // blocks follow each other with nothing between them
        m_inBlock = true;
        return Line::Header;
    }
    if (!m_inBlock)
        return Line::None;
    static const QRegularExpression rank(QStringLiteral("^rank\\s+(\\d{1,9}):\\s+(\\S+)$"));
    static const QRegularExpression timer(QStringLiteral("^([A-Za-z0-9_.-]{1,64}):$"));
    if (const QRegularExpressionMatch m = rank.match(line); m.hasMatch()) {
        if (m_timer.isEmpty()) {
            problems << QStringLiteral("a rank's time before any timer's name");
            return Line::Refused;
        }
        const int r = m.captured(1).toInt(); // nine digits at most: always an int
        bool ok = false;
        const double ms = m.captured(2).toDouble(&ok);
        if (r >= MaxRanks) {
            problems << QStringLiteral("rank %1 beyond the %2 a job can have").arg(m.captured(1)).arg(MaxRanks);
            return Line::Refused;
        }
        if (!ok || !std::isfinite(ms) || ms < 0.0 || ms > MaxMs) {
            problems << QStringLiteral("rank %1's %2 time '%3' is not a time in ms").arg(r).arg(m_timer, m.captured(2));
            return Line::Refused;
        }
        m_times[m_timer][r] = ms;
        return Line::Rank;
    }
    if (const QRegularExpressionMatch m = timer.match(line); m.hasMatch()) {
        m_timer = m.captured(1);
        return Line::Header;
    }
    finish();
    return Line::None;
}

void RankTimesReader::finish()
{
    if (!m_inBlock)
        return;
    m_inBlock = false;
    m_timer.clear();
    const auto forward = m_times.find(QStringLiteral("forward-compute"));
    const auto backward = m_times.find(QStringLiteral("backward-compute"));
    const auto both = m_times.find(QStringLiteral("forward-backward"));
    int ranks = 0;
    for (const auto &[name, byRank] : m_times)
        if (!byRank.empty())
            ranks = std::max(ranks, byRank.rbegin()->first + 1);
    std::vector<double> compute(size_t(ranks), qQNaN());
    auto timeOf = [this](std::map<QString, std::map<int, double>>::const_iterator timer, int r) {
        if (timer == m_times.end())
            return qQNaN();
        const auto found = timer->second.find(r);
        return found == timer->second.end() ? qQNaN() : found->second;
    };
    bool any = false;
    for (int r = 0; r < ranks; ++r) {
        const double f = timeOf(forward, r), b = timeOf(backward, r);
        compute[size_t(r)] = std::isfinite(f) && std::isfinite(b) ? f + b : timeOf(both, r);
        any |= std::isfinite(compute[size_t(r)]);
    }
    m_times.clear();
    if (any)
        m_finished = std::move(compute);
}

std::vector<double> RankTimesReader::takeComputeTimes()
{
    std::vector<double> out;
    out.swap(m_finished);
    return out;
}

} // namespace vigil
