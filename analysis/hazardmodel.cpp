// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/hazardmodel.h"

#include "domain/xidcatalog.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <limits>

namespace vigil {

namespace {

// The continued fraction of the incomplete beta function (modified Lentz's method).
double betaFraction(double a, double b, double x)
{
    constexpr double Tiny = 1e-300;
    const double qab = a + b, qap = a + 1.0, qam = a - 1.0;
    double c = 1.0, d = 1.0 - qab * x / qap;
    d = 1.0 / (std::abs(d) < Tiny ? Tiny : d);
    double h = d;
    for (int m = 1; m <= 400; ++m) {
        const double m2 = 2.0 * m;
        double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1.0 + aa * d;
        d = 1.0 / (std::abs(d) < Tiny ? Tiny : d);
        c = 1.0 + aa / c;
        c = std::abs(c) < Tiny ? Tiny : c;
        h *= d * c;
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1.0 + aa * d;
        d = 1.0 / (std::abs(d) < Tiny ? Tiny : d);
        c = 1.0 + aa / c;
        c = std::abs(c) < Tiny ? Tiny : c;
        const double step = d * c;
        h *= step;
        if (std::abs(step - 1.0) < 1e-13)
            break;
    }
    return h;
}

// The regularised incomplete beta function I_x(a, b): Beta(a, b)'s distribution function.
double betaDistribution(double a, double b, double x)
{
    if (x <= 0.0)
        return 0.0;
    if (x >= 1.0)
        return 1.0;
    const double front
        = std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x));
    return x < (a + 1.0) / (a + b + 2.0) ? front * betaFraction(a, b, x) / a
                                         : 1.0 - front * betaFraction(b, a, 1.0 - x) / b;
}

} // namespace

double betaQuantile(double a, double b, double p)
{
    double lo = 0.0, hi = 1.0;
    for (int i = 0; i < 100; ++i) {
        const double mid = 0.5 * (lo + hi);
        (betaDistribution(a, b, mid) < p ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

HazardKind HazardKind::of(const WarningRun &run)
{
    return { run.type, run.type == EventType::Xid ? run.code : 0, run.entity.kind };
}

bool HazardModel::isApplicationFault(const HazardKind &kind)
{
    return kind.type == EventType::Xid && xidIsApplicationError(kind.code);
}

double HazardModel::priorProbability(const HazardKind &kind)
{
    if (isApplicationFault(kind))
        return 0.0;
    switch (kind.type) {
    case EventType::Xid:
        return xidIsJobFatal(kind.code) ? 0.3 : 0.05;
    case EventType::EccDoubleBit:
        return 0.3;
    case EventType::RowRemap:
        return 0.05;
    // Telemetry coming apart (docs/precursors.md). No public rate exists: a GPU silent while its
    // node answers is taken to fail as often as a fatal Xid's GPU fails again, a vanished series
    // half as often, a reading missing now and then and a slow exporter as a row remap.
    case EventType::GpuSilent:
    case EventType::RepeatFailure: // it failed twice already, the repair between them did not help
        return 0.3;
    case EventType::PolicyThreshold:
        return 0.05;
    case EventType::SeriesVanished:
        return 0.15;
    case EventType::ReadingsMissing:
    case EventType::ScrapeSlow:
        return 0.05;
    default:
        // Correctable errors, throttling, link flaps and replays, hot inlets, loaded PDUs: about
        // nine times the base rate of an unwarned GPU (docs/cost-model.md).
        return 0.01;
    }
}

std::vector<HazardModel::Window> HazardModel::windowsOf(const std::vector<WarningRun> &runs)
{
    std::map<std::pair<quint64, HazardKind>, std::vector<const WarningRun *>> byEntityAndKind;
    for (const WarningRun &run : runs)
        byEntityAndKind[{ entityKey(run.entity), HazardKind::of(run) }].push_back(&run);
    std::vector<Window> windows;
    for (auto &[key, list] : byEntityAndKind) {
        std::sort(list.begin(), list.end(),
                  [](const WarningRun *a, const WarningRun *b) { return a->firstMs < b->firstMs; });
        int64_t free = std::numeric_limits<int64_t>::min(); // where the last window ended
        for (const WarningRun *run : list)
            for (int64_t start = std::max(run->firstMs, free); start <= std::max(run->firstMs, run->lastMs);
                 start += HorizonMs) {
                windows.push_back({ run->entity, key.second, start });
                free = start + HorizonMs;
            }
    }
    std::sort(windows.begin(), windows.end(), [](const Window &a, const Window &b) { return a.startMs < b.startMs; });
    return windows;
}

void HazardModel::fit(const std::vector<WarningRun> &runs, const std::vector<EntityFailure> &failures,
                      const std::map<EntityKind, size_t> &entities, int64_t fromMs, int64_t toMs)
{
    m_estimates.clear();
    m_baseRate.clear();
    m_pooledCases = 0.0;
    m_pooledFailures = 0;
    m_fromMs = fromMs;
    m_toMs = toMs;

    std::map<quint64, std::vector<int64_t>> failedAt;
    for (const EntityFailure &f : failures)
        if (f.timeMs >= fromMs && f.timeMs < toMs)
            failedAt[entityKey(f.entity)].push_back(f.timeMs);
    for (auto &[key, times] : failedAt)
        std::sort(times.begin(), times.end());
    auto failedWithin = [&](EntityRef e, int64_t after, int64_t until) {
        const auto it = failedAt.find(entityKey(e));
        if (it == failedAt.end())
            return false;
        const auto f = std::upper_bound(it->second.begin(), it->second.end(), after);
        return f != it->second.end() && *f <= until;
    };

    // Which failures some warning window covered: the rest make the base rate.
    std::map<quint64, std::vector<int64_t>> watched; // entity -> its windows' starts
    for (const Window &w : windowsOf(runs)) {
        if (w.startMs < fromMs || w.startMs >= toMs)
            continue;
        HazardEstimate &e = m_estimates[w.kind];
        e.kind = w.kind;
        const bool failed = failedWithin(w.entity, w.startMs, std::min(w.endMs(), toMs));
        const double share = watchedShare(w, toMs, failed);
        e.cases += share;
        m_pooledCases += share;
        e.failures += failed;
        m_pooledFailures += failed;
        watched[entityKey(w.entity)].push_back(w.startMs);
    }
    std::map<EntityKind, size_t> unwarned;
    for (const EntityFailure &f : failures) {
        if (f.timeMs < fromMs || f.timeMs >= toMs)
            continue;
        const auto w = watched.find(entityKey(f.entity));
        const bool covered = w != watched.end() && std::any_of(w->second.begin(), w->second.end(), [&](int64_t start) {
                                 return f.timeMs > start && f.timeMs <= start + HorizonMs;
                             });
        if (!covered)
            ++unwarned[f.entity.kind];
    }
    const double horizons = std::max(1.0, double(toMs - fromMs) / double(HorizonMs));
    for (const auto &[kind, count] : entities)
        if (count > 0)
            m_baseRate[kind] = double(unwarned[kind]) / (double(count) * horizons);

    for (auto &[kind, e] : m_estimates)
        e = rated(kind, e.cases, e.failures);
}

std::vector<EntityFailure> entityFailures(const Attributor &attributor, const std::vector<Incident> &incidents,
                                          const std::vector<Attribution> &attributions,
                                          const std::vector<double> &lostGpuHours)
{
    std::vector<EntityFailure> all;
    for (size_t i = 0; i < incidents.size() && i < attributions.size(); ++i)
        if (const CauseCandidate *cause = attributions[i].top())
            all.push_back({ cause->entity, incidents[i].failedMs, i < lostGpuHours.size() ? lostGpuHours[i] : 0.0 });
    for (const Event &e : attributor.warnings())
        if (isHardwareFailure(e))
            all.push_back({ e.entity, e.timeMs, 0.0 });
    std::sort(all.begin(), all.end(), [](const EntityFailure &a, const EntityFailure &b) {
        return entityKey(a.entity) != entityKey(b.entity) ? entityKey(a.entity) < entityKey(b.entity)
                                                          : a.timeMs < b.timeMs;
    });
    std::vector<EntityFailure> once;
    for (const EntityFailure &f : all) {
        if (!once.empty() && once.back().entity == f.entity
            && f.timeMs - once.back().timeMs <= Attributor::CoincidentMs) {
            once.back().lostGpuHours += f.lostGpuHours; // the Xid, then the crash it caused: one failure
            continue;
        }
        once.push_back(f);
    }
    return once;
}

HazardModel fitHazards(const Attributor &attributor, const std::vector<Incident> &incidents,
                       const std::vector<Attribution> &attributions, const Topology &topology, int64_t fromMs,
                       int64_t toMs)
{
    const std::vector<EntityFailure> failures = entityFailures(attributor, incidents, attributions);
    const std::map<EntityKind, size_t> entities {
        { EntityKind::Gpu, topology.gpus.size() },        { EntityKind::Node, topology.nodes.size() },
        { EntityKind::Rack, topology.racks.size() },      { EntityKind::Pdu, topology.pdus.size() },
        { EntityKind::Switch, topology.switches.size() }, { EntityKind::CoolingLoop, topology.coolingLoops.size() },
    };
    HazardModel model;
    model.fit(attributor.runs(fromMs, toMs), failures, entities, fromMs, toMs);
    return model;
}

QByteArray HazardModel::toJson() const
{
    QJsonArray kinds;
    for (const auto &[kind, e] : m_estimates)
        kinds.append(QJsonArray { int(kind.type), kind.code, int(kind.entityKind), e.cases, qint64(e.failures) });
    QJsonArray base;
    for (const auto &[kind, rate] : m_baseRate)
        base.append(QJsonArray { int(kind), rate });
    const QJsonObject model { { QStringLiteral("from_ms"), qint64(m_fromMs) },
                              { QStringLiteral("to_ms"), qint64(m_toMs) },
                              { QStringLiteral("pooled"), QJsonArray { m_pooledCases, qint64(m_pooledFailures) } },
                              { QStringLiteral("kinds"), kinds },
                              { QStringLiteral("base_rates"), base } };
    return QJsonDocument(model).toJson(QJsonDocument::Compact);
}

HazardModel HazardModel::fromJson(const QByteArray &json, QString *error)
{
    HazardModel model;
    QJsonParseError parse;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parse);
    if (!document.isObject()) {
        *error = QStringLiteral("the hazard model is not JSON: %1").arg(parse.errorString());
        return {};
    }
    const QJsonObject o = document.object();
    model.m_fromMs = o.value(QStringLiteral("from_ms")).toInteger();
    model.m_toMs = o.value(QStringLiteral("to_ms")).toInteger();
    const QJsonArray pooled = o.value(QStringLiteral("pooled")).toArray();
    model.m_pooledCases = std::max(0.0, pooled.at(0).toDouble());
    model.m_pooledFailures = size_t(std::max<qint64>(0, pooled.at(1).toInteger()));
    for (const QJsonValue &v : o.value(QStringLiteral("base_rates")).toArray()) {
        const QJsonArray rate = v.toArray();
        const double r = rate.at(1).toDouble(-1.0);
        if (rate.size() != 2 || !(r >= 0.0 && r <= 1.0)) {
            *error = QStringLiteral("a base rate of the hazard model is not a probability");
            return {};
        }
        model.m_baseRate[EntityKind(rate.at(0).toInt())] = r;
    }
    for (const QJsonValue &v : o.value(QStringLiteral("kinds")).toArray()) {
        const QJsonArray k = v.toArray();
        const double cases = k.at(3).toDouble(-1.0);
        const qint64 failures = k.at(4).toInteger(-1);
        if (k.size() != 5 || !(cases >= 0.0 && cases < 1e12) || failures < 0 || double(failures) > cases + 1e-9) {
            *error = QStringLiteral("a kind of the hazard model has impossible counts");
            return {};
        }
        const HazardKind kind { EventType(k.at(0).toInt()), k.at(1).toInt(), EntityKind(k.at(2).toInt()) };
        HazardEstimate &e = model.m_estimates[kind];
        e.kind = kind;
        e.cases = cases;
        e.failures = size_t(failures);
    }
    for (auto &[kind, e] : model.m_estimates)
        e = model.rated(kind, e.cases, e.failures);
    error->clear();
    return model;
}

double HazardModel::baseRate(EntityKind kind) const
{
    const auto it = m_baseRate.find(kind);
    return it == m_baseRate.end() ? 0.0 : it->second;
}

HazardEstimate HazardModel::estimate(const HazardKind &kind) const
{
    // Worked out once per kind when the model is fitted or read (the interval takes a few
    // thousand steps), not once per warning rated.
    if (const auto it = m_estimates.find(kind); it != m_estimates.end())
        return it->second;
    return rated(kind, 0.0, 0);
}

HazardEstimate HazardModel::rated(const HazardKind &kind, double cases, size_t failures) const
{
    HazardEstimate e;
    e.kind = kind;
    e.cases = cases;
    e.failures = failures;
    e.prior = priorProbability(kind);
    e.applicationFault = isApplicationFault(kind);
    if (e.applicationFault)
        return e; // the program's fault: nothing the hardware's owner can prevent
    const double a = e.prior * PriorStrength + double(e.failures);
    const double b = (1.0 - e.prior) * PriorStrength + std::max(0.0, e.cases - double(e.failures));
    e.probability = a / (a + b);
    e.low = betaQuantile(a, b, 0.05);
    e.high = betaQuantile(a, b, 0.95);
    e.material = e.probability >= MaterialProbability && e.low > baseRate(kind.entityKind);
    return e;
}

} // namespace vigil
