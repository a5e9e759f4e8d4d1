// SPDX-License-Identifier: GPL-3.0-or-later
// dcgm-exporter's Prometheus text: read, every label undone, mapped onto a small cluster
// (one GPU whole, one split by MIG into two instances), and watched for a GPU coming apart.
#include "sources/dcgmmapper.h"
#include "sources/exposition.h"
#include "sources/scrapewatch.h"

#include <cmath>
#include <cstdlib>
#include <cstring>

namespace {

struct Checker final : vigil::ExpositionVisitor
{
    void sample(const vigil::ExpositionSample &s) override
    {
        if (s.name.isEmpty() || s.labelCount > vigil::ExpositionSample::MaxLabels)
            std::abort(); // a sample is always named, and its labels fit
        for (size_t i = 0; i < s.labelCount; ++i)
            if (vigil::ExpositionSample::text(s.labels[i]).size() > s.labels[i].raw.size())
                std::abort(); // undoing escapes never makes a value longer
    }
};

std::shared_ptr<const vigil::Topology> cluster()
{
    auto t = std::make_shared<vigil::Topology>();
    t->version = 1;
    t->halls.push_back({ QStringLiteral("h") });
    t->rows.push_back({ QStringLiteral("r"), 0 });
    t->racks.push_back({ QStringLiteral("k"), 0, 0, {}, 0, 0 });
    t->coolingLoops.push_back({ QStringLiteral("l"), 0.0f });
    t->switches.push_back({ QStringLiteral("s"), vigil::SwitchRole::Leaf, {} });
    t->nodes.push_back({ QStringLiteral("n1"), 0, 0 });
    for (uint32_t g = 0; g < 2; ++g)
        t->gpus.push_back({ QStringLiteral("GPU-%1").arg(g), 0, g, QStringLiteral("H100") });
    t->gpuInstances = { { 1, 1, QStringLiteral("4g.40gb") }, { 1, 2, QStringLiteral("3g.40gb") } };
    if (!t->index().isEmpty())
        std::abort();
    return t;
}

// The standard metrics, and two fields again as GPU-instance metrics.
std::vector<vigil::MetricDescriptor> metrics()
{
    std::vector<vigil::MetricDescriptor> out = vigil::standardMetrics();
    for (const char *name : { "DCGM_FI_DEV_FB_USED", "DCGM_FI_PROF_GR_ENGINE_ACTIVE" })
        out.push_back(
            { uint32_t(out.size()), QString::fromLatin1(name), QString(), vigil::EntityKind::GpuInstance, QString() });
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView text(reinterpret_cast<const char *>(data), qsizetype(size));
    Checker checker;
    const vigil::ParseStats stats = vigil::readExposition(text, checker);
    if (stats.accepted + stats.skipped + stats.rejected != stats.lines)
        std::abort(); // every line is accounted for
    static const auto topology = cluster();
    static const auto dictionary = metrics();
    static vigil::DcgmMapper mapper(topology, dictionary);
    static int64_t scrapeMs = 1793577600000;
    scrapeMs += 15000; // one mapper across inputs: counters, per GPU and per NVLink, carry over
    const auto mapped = mapper.map(text, scrapeMs, QStringLiteral("n1"));
    if (mapped.stats.accepted + mapped.stats.skipped + mapped.stats.rejected != mapped.stats.lines)
        std::abort(); // every line is accounted for, NVLinks and NVSwitch ports included
    for (const vigil::GpuReading &r : mapped.readings) {
        const bool ofInstance = dictionary[r.metricId].entityKind == vigil::EntityKind::GpuInstance;
        if (r.gpu >= (ofInstance ? topology->gpuInstances.size() : topology->gpus.size()) || !std::isfinite(r.value))
            std::abort(); // every reading is of an entity its metric has, and a number (links' sums too)
    }
    for (const vigil::Event &e : mapped.events)
        if (e.entity.kind != vigil::EntityKind::Gpu || e.entity.index >= topology->gpus.size() || !(e.value >= 0)
            || e.message.isEmpty())
            std::abort(); // a warning names a GPU of the cluster, and what it counts
    // The scrape's structure, watched as a DCGM source watches it: hostile pages one after
    // another, with hostile latencies (negative, NaN, huge), name only the GPUs and node they may.
    static vigil::ScrapeWatch watch(topology, dictionary);
    static int64_t nowMs = 1793577600000;
    nowMs += 15000;
    double latencyMs = 0.0;
    if (size > 0) // an empty input comes with no buffer at all
        std::memcpy(&latencyMs, data, std::min(size, sizeof latencyMs));
    std::vector<vigil::Event> warnings;
    if (size % 7 == 0)
        watch.unanswered(nowMs, latencyMs, warnings);
    else
        watch.answered(nowMs, latencyMs, mapped.readings, warnings);
    for (const vigil::Event &w : warnings) {
        const bool known = (w.entity.kind == vigil::EntityKind::Gpu && w.entity.index < topology->gpus.size())
            || (w.entity.kind == vigil::EntityKind::Node && w.entity.index < topology->nodes.size());
        if (!known || w.timeMs != nowMs || w.message.isEmpty())
            std::abort();
    }
    return 0;
}
