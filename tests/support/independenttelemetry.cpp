// SPDX-License-Identifier: GPL-3.0-or-later
#include "independenttelemetry.h"

#include "alarmraising.h"

#include "domain/clusterstate.h"
#include "domain/dcgmfields.h"
#include "domain/pciaddress.h"
#include "domain/stragglerfinder.h"
#include "domain/xidcatalog.h"
#include "sources/dcgmmapper.h"
#include "sources/kernellog.h"
#include "vigil/v1/telemetry.pb.h"

#include <QDateTime>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>

namespace vigil::test {

namespace {

constexpr uint32_t GpusPerNode = 8;
constexpr uint32_t NodesPerRack = 4;
constexpr uint32_t SmallJobGpus = 64;
constexpr int64_t MinuteMs = 60000;
constexpr double CommunicationShare = 0.12; // of a healthy step's compute, not hidden by overlap
constexpr double TensorPeak = 0.65;
constexpr double PowerLimitW = 700.0;
// The page's fields, in fieldsOnPage's bits: the eight of the table in scrape(), then the clock event reasons.
constexpr uint32_t FieldCount = 9;
constexpr uint32_t ReasonsField = 8;
constexpr uint32_t ProfilingFields = (1u << 5) | (1u << 6) | (1u << 7); // SM, tensor and DRAM activity

uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

double unit(uint64_t h)
{
    return double(h >> 11) * (1.0 / 9007199254740992.0);
}

uint64_t hashOf(uint64_t seed, uint64_t a, uint64_t b, uint64_t c)
{
    return mix(mix(mix(seed ^ 0x5851f42d4c957f2dULL) ^ a) ^ (b * 0x2545f4914f6cdd1dULL)) ^ c;
}

// One sample line: name, the GPU's labels (with the space before the value) and the value with
// `decimals` places. Written straight into the page: a floor's page a second, for hours of it, is the
// suites' longest work, and a temporary per line made it twice as long (seven times under ASan).
void appendSample(QByteArray &page, QByteArrayView name, QByteArrayView labels, double value, int decimals)
{
    char digits[64];
    const auto written = std::to_chars(digits, digits + sizeof digits, value, std::chars_format::fixed, decimals);
    page.append(name).append(labels).append(digits, written.ptr - digits).append('\n');
}

void appendSample(QByteArray &page, QByteArrayView name, QByteArrayView labels, int64_t value)
{
    char digits[24];
    const auto written = std::to_chars(digits, digits + sizeof digits, value);
    page.append(name).append(labels).append(digits, written.ptr - digits).append('\n');
}

void appendFamily(QByteArray &page, QByteArrayView name, QByteArrayView help, QByteArrayView type)
{
    page.append("# HELP ").append(name).append(' ').append(help).append('\n');
    page.append("# TYPE ").append(name).append(' ').append(type).append('\n');
}

} // namespace

IndependentTelemetry::IndependentTelemetry(const Options &options)
    : m_options(options)
{
    auto t = std::make_shared<Topology>();
    t->clusterName = QStringLiteral("independent-floor");
    t->halls.push_back({ QStringLiteral("east") });
    t->rows.push_back({ QStringLiteral("e1"), 0 });
    t->coolingLoops.push_back({ QStringLiteral("loop-e1"), 22.0f });
    const uint32_t gpus = options.largeJobGpus + SmallJobGpus;
    const uint32_t nodes = (gpus + GpusPerNode - 1) / GpusPerNode;
    for (uint32_t n = 0; n < nodes; ++n) {
        const uint32_t rack = n / NodesPerRack;
        if (rack >= t->racks.size()) {
            Rack r;
            r.name = QStringLiteral("e1-r%1").arg(rack + 1, 2, 10, QLatin1Char('0'));
            r.positionInRow = rack;
            t->racks.push_back(r);
        }
        t->nodes.push_back({ QStringLiteral("gx-%1").arg(n + 1, 4, 10, QLatin1Char('0')), rack, n % NodesPerRack });
        for (uint32_t l = 0; l < GpusPerNode; ++l) {
            Gpu g;
            g.uuid = QStringLiteral("GPU-%1-%2")
                         .arg(mix(options.seed * 7919 + n * 8 + l), 16, 16, QLatin1Char('0'))
                         .arg(n * 8 + l, 4, 16, QLatin1Char('0'));
            g.nodeIndex = n;
            g.localIndex = l;
            g.model = QStringLiteral("NVIDIA H100 80GB HBM3");
            g.pciBusId = QStringLiteral("00000000:%1:00.0").arg(0x18 + 0x10 * l, 2, 16, QLatin1Char('0'));
            t->gpus.push_back(g);
        }
    }
    Job large { QStringLiteral("pretrain-7"), QStringLiteral("pretrain-7"), PriorityClass::Training, {}, {}, 0 };
    Job small { QStringLiteral("sft-12"), QStringLiteral("sft-12"), PriorityClass::Training, {}, {}, 0 };
    for (uint32_t g = 0; g < options.largeJobGpus; ++g)
        large.gpuIndices.push_back(g);
    for (uint32_t g = options.largeJobGpus; g < gpus; ++g)
        small.gpuIndices.push_back(g);
    t->jobs = { large, small };
    (void)t->index();
    m_topology = t;
    m_failuresOfGpu.resize(t->gpus.size());
    m_lastingOffset.resize(t->gpus.size());
    for (uint32_t g = 0; g < t->gpus.size(); ++g)
        m_lastingOffset[g] = 0.003 * noise(g, 0, 99);
    m_pageLabels.reserve(t->gpus.size());
    for (const Gpu &g : t->gpus)
        m_pageLabels.push_back(QByteArrayLiteral("{gpu=\"") + QByteArray::number(g.localIndex)
                               + QByteArrayLiteral("\",UUID=\"") + g.uuid.toLatin1()
                               + QByteArrayLiteral("\",pci_bus_id=\"") + g.pciBusId.toLatin1()
                               + QByteArrayLiteral("\",device=\"nvidia") + QByteArray::number(g.localIndex)
                               + QByteArrayLiteral("\",modelName=\"NVIDIA H100 80GB HBM3\",Hostname=\"")
                               + t->nodes[g.nodeIndex].hostname.toLatin1()
                               + QByteArrayLiteral("\",DCGM_FI_DRIVER_VERSION=\"550.90.07\"} "));
}

void IndependentTelemetry::addSlowGpu(const SlowGpu &slow)
{
    m_slow.push_back(slow);
}

bool IndependentTelemetry::isTrulySlow(EntityRef entity, int64_t timeMs, double minShare) const
{
    for (const SlowGpu &s : m_slow) {
        if (timeMs < s.fromMs || timeMs >= s.toMs || s.slowShare < minShare)
            continue;
        if ((entity.kind == EntityKind::Gpu && entity.index == s.gpu)
            || (entity.kind == EntityKind::Node && entity.index == m_topology->gpus[s.gpu].nodeIndex))
            return true;
    }
    return false;
}

double IndependentTelemetry::noise(uint32_t gpu, int64_t timeMs, uint32_t field) const
{
    // Box–Muller on two uniforms drawn from the hash of (seed, GPU, second, field).
    const uint64_t h = hashOf(m_options.seed, gpu, uint64_t(timeMs / 1000), field);
    const double u1 = std::max(1e-12, unit(h));
    const double u2 = unit(mix(h));
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
}

double IndependentTelemetry::jobPhaseActivity(uint32_t job, int64_t timeMs) const
{
    const int64_t t = timeMs - m_options.startMs + int64_t(job) * 7 * MinuteMs;
    if (t % (30 * MinuteMs) < MinuteMs)
        return 0.02; // saving a checkpoint: the tensor pipes idle
    if (t % (120 * MinuteMs) >= 116 * MinuteMs)
        return 0.4; // evaluating: forward passes only
    return 1.0;
}

double IndependentTelemetry::jobWideSlowdown(uint32_t job, int64_t timeMs, bool *powerCapped) const
{
    *powerCapped = false;
    if (!m_options.noise)
        return 0.0;
    // One 40-minute episode in each six hours, at a place the seed decides.
    const int64_t period = 6 * 60 * MinuteMs;
    const int64_t t = timeMs - m_options.startMs;
    const int64_t slot = t / period;
    const uint64_t h = hashOf(m_options.seed, 0xabcdef + job, uint64_t(slot), 3);
    const int64_t from = int64_t(unit(h) * double(period - 40 * MinuteMs));
    const int64_t into = t - slot * period - from;
    if (into < 0 || into >= 40 * MinuteMs)
        return 0.0;
    *powerCapped = (h & 1) != 0; // a cap on the floor, or a data loader that cannot keep up
    return 0.03 + 0.03 * unit(mix(h));
}

bool IndependentTelemetry::jobSlowsTogether(uint32_t job, int64_t timeMs) const
{
    bool capped = false;
    return jobWideSlowdown(job, timeMs, &capped) > 0.0;
}

bool IndependentTelemetry::dips(uint32_t gpu, int64_t timeMs) const
{
    if (!m_options.noise)
        return false;
    // About forty dips a day over the floor: one in ten-minute slots at 2.6e-4 a GPU.
    const int64_t t = timeMs - m_options.startMs;
    for (int64_t slot = t / (10 * MinuteMs); slot >= std::max<int64_t>(0, t / (10 * MinuteMs) - 1); --slot) {
        const uint64_t h = hashOf(m_options.seed, gpu, uint64_t(slot), 5);
        if (unit(h) >= 2.6e-4)
            continue;
        const int64_t from = slot * 10 * MinuteMs + int64_t(unit(mix(h)) * 10.0 * double(MinuteMs));
        const int64_t length = MinuteMs + int64_t(unit(mix(mix(h))) * 1.5 * double(MinuteMs));
        if (t >= from && t < from + length)
            return true;
    }
    return false;
}

double IndependentTelemetry::speedOf(uint32_t gpu, int64_t timeMs, uint32_t *reasons, double *clockShare) const
{
    double clock = 1.0 + m_lastingOffset[gpu];
    double compute = 1.0;
    *reasons = 0;
    for (const SlowGpu &s : m_slow) {
        if (s.gpu != gpu || timeMs < s.fromMs || timeMs >= s.toMs)
            continue;
        if (s.cause == QLatin1String("pcie") || s.cause == QLatin1String("nvlink"))
            continue; // it computes at its peers' pace; its job waits for its link (readingOf)
        if (s.cause == QLatin1String("compute")) {
            compute *= 1.0 - s.slowShare;
        } else {
            clock *= 1.0 - s.slowShare;
            *reasons |= s.cause == QLatin1String("thermal")
                ? (metric::clocks::SwThermalSlowdown | metric::clocks::HwThermalSlowdown)
                : metric::clocks::SwPowerCap;
        }
    }
    if (dips(gpu, timeMs)) {
        clock *= 0.96;
        *reasons |= metric::clocks::SwThermalSlowdown;
    }
    const int32_t job = m_topology->jobOfGpu[gpu];
    bool capped = false;
    if (job >= 0) {
        const double wide = jobWideSlowdown(uint32_t(job), timeMs, &capped);
        if (capped) {
            clock *= 1.0 - wide;
            *reasons |= metric::clocks::SwPowerCap;
        }
    }
    *clockShare = clock;
    return clock * compute;
}

const IndependentTelemetry::SlowGpu *IndependentTelemetry::narrowLink(uint32_t gpu, int64_t timeMs) const
{
    for (const SlowGpu &s : m_slow)
        if (s.gpu == gpu && timeMs >= s.fromMs && timeMs < s.toMs && s.cause == QLatin1String("pcie"))
            return &s;
    return nullptr;
}

IndependentTelemetry::Reading IndependentTelemetry::readingOf(uint32_t gpu, int64_t timeMs) const
{
    Reading r {};
    double clockShare = 1.0;
    const double speed = speedOf(gpu, timeMs, &r.reasons, &clockShare);
    const uint32_t job = uint32_t(m_topology->jobOfGpu[gpu]);
    // The job steps at its slowest GPU's pace: the others wait in the collective.
    double slowest = speed;
    double linkWait = 0.0; // the share of its pace the job loses to a narrowed link
    for (const SlowGpu &s : m_slow)
        if (timeMs >= s.fromMs && timeMs < s.toMs && uint32_t(m_topology->jobOfGpu[s.gpu]) == job) {
            uint32_t unused = 0;
            double unusedClock = 0.0;
            slowest = std::min(slowest, speedOf(s.gpu, timeMs, &unused, &unusedClock));
            if (s.cause == QLatin1String("pcie") || s.cause == QLatin1String("nvlink"))
                linkWait = std::max(linkWait, s.slowShare);
        }
    bool capped = false;
    const double wide = jobWideSlowdown(job, timeMs, &capped);
    const double stall = capped ? 0.0 : wide; // a slow data loader: every GPU waits for input
    const double step = (1.0 / slowest + CommunicationShare + stall) / (1.0 - linkWait);
    const double busy = (1.0 / speed) / step;
    const double activity = jobPhaseActivity(job, timeMs);
    r.tensorActive = std::clamp(
        TensorPeak * busy * (1.0 + CommunicationShare) * activity + 0.004 * noise(gpu, timeMs, 1), 0.0, 1.0);
    r.smActive = std::clamp((0.8 * busy + 0.12) * activity + 0.005 * noise(gpu, timeMs, 2), 0.0, 1.0);
    r.dramActive = std::clamp(0.3 * busy * activity + 0.01 * noise(gpu, timeMs, 3), 0.0, 1.0);
    r.utilisation = std::clamp(std::round(activity > 0.1 ? 97.0 + 1.5 * noise(gpu, timeMs, 4) : 12.0), 0.0, 100.0);
    const double clockMhz = activity > 0.1 ? NominalClockMhz * clockShare : 1410.0;
    r.smClockMhz = std::round((clockMhz + 6.0 * noise(gpu, timeMs, 5)) / 15.0) * 15.0;
    double power = PowerLimitW * (0.3 + 0.62 * r.tensorActive / TensorPeak) * clockShare + 8.0 * noise(gpu, timeMs, 6);
    if (r.reasons & metric::clocks::SwPowerCap)
        power = std::min(power, 610.0 + 3.0 * noise(gpu, timeMs, 7));
    r.powerW = std::clamp(power, 60.0, PowerLimitW);
    const bool hot = (r.reasons & metric::clocks::HwThermalSlowdown) != 0;
    r.tempC = std::round(31.0 + 0.055 * r.powerW + (hot ? 11.0 : 0.0) + 400.0 * m_lastingOffset[gpu]
                         + 0.7 * noise(gpu, timeMs, 8));
    r.memTempC = r.tempC + 6.0;
    return r;
}

QByteArray IndependentTelemetry::scrape(uint32_t node, int64_t timeMs) const
{
    const Topology &t = *m_topology;
    const std::vector<uint32_t> &gpus = t.gpusOfNode[node];
    double unanswered = m_options.noise ? 0.002 : 0.0;
    for (uint32_t g : gpus)
        for (size_t i : m_failuresOfGpu[g])
            if (m_failures[i].signs & FailingGpu::SlowExporter) // its NVML calls time out, now and then the scrape
                unanswered += 0.2 * decline(m_failures[i], timeMs) * m_failures[i].strength;
    if (unit(hashOf(m_options.seed, node, uint64_t(timeMs / 1000), 11)) < unanswered)
        return {}; // the exporter did not answer in time
    const bool profilingPaused = episode(node, 36, timeMs, 24 * 60 * MinuteMs, 0.1, 5, 30) >= 0.0;
    std::vector<Reading> readings;
    std::vector<uint32_t> onPage;
    readings.reserve(gpus.size());
    for (uint32_t g : gpus) {
        readings.push_back(readingOf(g, timeMs));
        onPage.push_back(fieldsOnPage(g, timeMs, profilingPaused));
    }
    struct Field
    {
        const char *name, *help, *type;
        double Reading::*value;
        int decimals;
    };
    static const Field fields[] = {
        { "DCGM_FI_DEV_SM_CLOCK", "SM clock frequency (in MHz).", "gauge", &Reading::smClockMhz, 0 },
        { "DCGM_FI_DEV_GPU_TEMP", "GPU temperature (in C).", "gauge", &Reading::tempC, 0 },
        { "DCGM_FI_DEV_MEMORY_TEMP", "Memory temperature (in C).", "gauge", &Reading::memTempC, 0 },
        { "DCGM_FI_DEV_POWER_USAGE", "Power draw (in W).", "gauge", &Reading::powerW, 3 },
        { "DCGM_FI_DEV_GPU_UTIL", "GPU utilization (in %).", "gauge", &Reading::utilisation, 0 },
        { "DCGM_FI_PROF_SM_ACTIVE", "The ratio of cycles an SM has at least 1 warp assigned.", "gauge",
          &Reading::smActive, 6 },
        { "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE", "Ratio of cycles the tensor (HMMA) pipe is active.", "gauge",
          &Reading::tensorActive, 6 },
        { "DCGM_FI_PROF_DRAM_ACTIVE", "Ratio of cycles the device memory interface is active.", "gauge",
          &Reading::dramActive, 6 },
    };
    QByteArray page;
    page.reserve(m_options.nvlinks ? 32768 : 8192);
    for (size_t f = 0; f < std::size(fields); ++f) {
        const Field &field = fields[f];
        appendFamily(page, field.name, field.help, field.type);
        for (size_t i = 0; i < gpus.size(); ++i)
            if (onPage[i] & (1u << f))
                appendSample(page, field.name, m_pageLabels[gpus[i]], readings[i].*field.value, field.decimals);
    }
    appendFamily(page, "DCGM_FI_DEV_CLOCKS_EVENT_REASONS", "Current clock event reasons.", "gauge");
    for (size_t i = 0; i < gpus.size(); ++i)
        if (onPage[i] & (1u << ReasonsField))
            appendSample(page, "DCGM_FI_DEV_CLOCKS_EVENT_REASONS", m_pageLabels[gpus[i]], int64_t(readings[i].reasons));
    if (m_options.pcieLinks)
        appendLinks(page, gpus, onPage, timeMs);
    if (m_options.nvlinks)
        appendNvlinks(page, gpus, onPage, readings, timeMs);
    return page;
}

void IndependentTelemetry::appendNvlinks(QByteArray &page, const std::vector<uint32_t> &gpus,
                                         const std::vector<uint32_t> &onPage, const std::vector<Reading> &readings,
                                         int64_t timeMs) const
{
    // An H100's 18 links, each busy as the GPU is; a quiet link carries a trickle of flow control.
    constexpr int Links = 18;
    constexpr QByteArrayView Name = "DCGM_FI_PROF_NVLINK_TX_BYTES_PER_SECOND";
    appendFamily(page, Name, "NVLink transmit rate (in B/s).", "gauge");
    for (size_t i = 0; i < gpus.size(); ++i) {
        if (onPage[i] == 0)
            continue;
        int quiet = -1;
        for (const SlowGpu &s : m_slow)
            if (s.gpu == gpus[i] && timeMs >= s.fromMs && timeMs < s.toMs && s.cause == QLatin1String("nvlink"))
                quiet = int(hashOf(m_options.seed, s.gpu, uint64_t(s.fromMs), 53) % Links);
        for (int link = 0; link < Links; ++link) {
            const double busy = std::max(0.0, readings[i].smActive * (1.0 + 0.02 * noise(gpus[i], timeMs, 40 + link)));
            const double rate = link == quiet ? 2e4 : 2.5e10 * busy;
            const QByteArrayView gpuLabels = QByteArrayView(m_pageLabels[gpus[i]]).sliced(1);
            page.append(Name).append("{nvlink=\"");
            if (link >= 10)
                page.append(char('0' + link / 10));
            page.append(char('0' + link % 10));
            appendSample(page, "\",", gpuLabels, rate, 0);
        }
    }
}

void IndependentTelemetry::appendLinks(QByteArray &page, const std::vector<uint32_t> &gpus,
                                       const std::vector<uint32_t> &onPage, int64_t timeMs) const
{
    // H100 SXM: PCIe Gen5 x16. A narrowed link trains to x8, or (one in three) to Gen4.
    struct LinkField
    {
        const char *name, *help;
        bool width, best;
    };
    static const LinkField links[] = {
        { "DCGM_FI_DEV_PCIE_LINK_GEN", "PCIe Current Link Generation.", false, false },
        { "DCGM_FI_DEV_PCIE_LINK_WIDTH", "PCIe Current Link Width.", true, false },
        { "DCGM_FI_DEV_PCIE_MAX_LINK_GEN", "PCIe Max Link Generation.", false, true },
        { "DCGM_FI_DEV_PCIE_MAX_LINK_WIDTH", "PCIe Max Link Width.", true, true },
    };
    for (const LinkField &f : links) {
        appendFamily(page, f.name, f.help, "gauge");
        for (size_t i = 0; i < gpus.size(); ++i) {
            if (onPage[i] == 0)
                continue;
            int value = f.width ? 16 : 5;
            if (const SlowGpu *s = f.best ? nullptr : narrowLink(gpus[i], timeMs)) {
                const bool genDown = hashOf(m_options.seed, s->gpu, uint64_t(s->fromMs), 51) % 3 == 0;
                if (f.width != genDown)
                    value = f.width ? 8 : 4;
            }
            appendSample(page, f.name, m_pageLabels[gpus[i]], int64_t(value));
        }
    }
}

double IndependentTelemetry::episode(uint64_t who, uint64_t kind, int64_t timeMs, int64_t slotMs, double chance,
                                     int minMinutes, int maxMinutes) const
{
    if (!m_options.noise)
        return -1.0;
    const int64_t t = std::max<int64_t>(0, timeMs - m_options.startMs);
    for (int64_t slot = t / slotMs; slot >= std::max<int64_t>(0, t / slotMs - 1); --slot) {
        const uint64_t h = hashOf(m_options.seed, who, uint64_t(slot), kind);
        if (unit(h) >= chance)
            continue;
        const int64_t from = slot * slotMs + int64_t(unit(mix(h)) * double(slotMs));
        const int64_t length = int64_t((minMinutes + (maxMinutes - minMinutes) * unit(mix(mix(h)))) * MinuteMs);
        if (t >= from && t < from + length)
            return unit(mix(mix(mix(h))));
    }
    return -1.0;
}

double IndependentTelemetry::decline(const FailingGpu &f, int64_t timeMs)
{
    if (f.degradesFromMs == 0 || timeMs < f.degradesFromMs || timeMs >= f.xidMs)
        return 0.0;
    return double(timeMs - f.degradesFromMs) / double(f.xidMs - f.degradesFromMs);
}

uint32_t IndependentTelemetry::fieldsOnPage(uint32_t gpu, int64_t timeMs, bool profilingPaused) const
{
    uint32_t carried = (1u << FieldCount) - 1;
    if (profilingPaused) // a profiler on the node: DCGM's profiling readings stop for every GPU
        carried &= ~ProfilingFields;
    const uint64_t h = hashOf(m_options.seed, gpu, uint64_t(timeMs / 1000), 21);
    if (m_options.noise && unit(h) < 0.0005) // a value the driver left blank, which the exporter leaves out
        carried &= ~(1u << (mix(h) % FieldCount));
    for (size_t i : m_failuresOfGpu[gpu]) {
        const FailingGpu &f = m_failures[i];
        if (timeMs >= f.xidMs && timeMs < f.backMs)
            return 0; // off the bus
        const double progress = decline(f, timeMs);
        if (progress <= 0.0)
            continue;
        const double strength = progress * f.strength;
        const uint64_t g = hashOf(m_options.seed, gpu, uint64_t(timeMs / 1000), 23 + i);
        if ((f.signs & FailingGpu::DropsFromPage) && unit(g) < 0.5 * strength)
            return 0;
        if ((f.signs & FailingGpu::ReadingsMissing) && unit(mix(g)) < 0.6 * strength)
            for (uint64_t k = 0, n = 1 + mix(mix(g)) % 3; k < n; ++k)
                carried &= ~(1u << (mix(g + k) % FieldCount));
        if ((f.signs & FailingGpu::SeriesVanishing) && progress >= 1.0 - 0.5 * f.strength)
            carried &= ~ProfilingFields;
    }
    return carried;
}

double IndependentTelemetry::scrapeLatencyMs(uint32_t node, int64_t timeMs) const
{
    double ms = 90.0 + 160.0 * unit(hashOf(m_options.seed, node, 0, 31));
    ms *= std::exp(0.25 * noise(1000000 + node, timeMs, 32));
    if (m_options.noise) {
        const uint64_t h = hashOf(m_options.seed, node, uint64_t(timeMs / 1000), 33);
        if (unit(h) < 0.01)
            ms *= 4.0 + 10.0 * unit(mix(h)); // one slow answer
        if (const double congested = episode(0, 34, timeMs, 12 * 60 * MinuteMs, 1.0, 10, 20); congested >= 0.0)
            ms *= 3.0 + 3.0 * congested; // the network, for every exporter at once
        if (const double busy = episode(node, 35, timeMs, 24 * 60 * MinuteMs, 0.05, 20, 60); busy >= 0.0)
            ms *= 1.5 + 2.5 * busy; // the host's CPUs taken by a data loader
    }
    for (uint32_t g : m_topology->gpusOfNode[node])
        for (size_t i : m_failuresOfGpu[g])
            if (m_failures[i].signs & FailingGpu::SlowExporter)
                ms *= 1.0 + 9.0 * decline(m_failures[i], timeMs) * m_failures[i].strength;
    return ms;
}

void IndependentTelemetry::addFailure(const FailingGpu &failure)
{
    m_failuresOfGpu[failure.gpu].push_back(m_failures.size());
    m_failures.push_back(failure);
}

void IndependentTelemetry::addFailures(uint32_t count, int64_t fromMs, int64_t toMs)
{
    const uint32_t gpus = uint32_t(m_topology->gpus.size());
    for (uint64_t i = 0, tries = 0; i < count && tries < 100ULL * count; ++tries) {
        const uint64_t h = hashOf(m_options.seed, 0xfa11, tries, 41);
        FailingGpu f;
        f.gpu = uint32_t(h % gpus);
        if (!m_failuresOfGpu[f.gpu].empty())
            continue; // one failure a GPU
        f.xidMs = fromMs + int64_t(unit(mix(h)) * double(toMs - fromMs));
        const uint64_t d = mix(mix(h));
        if (unit(d) < 0.7) {
            const int64_t lead = int64_t(15.0 * MinuteMs * std::pow(32.0, unit(mix(d))));
            f.degradesFromMs = f.xidMs - lead;
            for (uint8_t sign = 1, k = 0; sign <= FailingGpu::DropsFromPage; sign <<= 1, ++k)
                if (unit(mix(d + 10 + k)) < 0.5)
                    f.signs |= sign;
            if (f.signs == 0)
                f.signs = uint8_t(1u << (mix(d + 20) % 4));
            f.strength = 0.2 + 0.8 * unit(mix(d + 30));
        }
        f.xid = unit(mix(d + 40)) < 0.75 ? 79 : 48;
        f.backMs = f.xidMs + int64_t((2.0 + 4.0 * unit(mix(d + 50))) * 60.0 * MinuteMs);
        addFailure(f);
        ++i;
    }
}

bool IndependentTelemetry::failsWithin(EntityRef entity, int64_t timeMs, int64_t horizonMs) const
{
    auto fails = [&](uint32_t gpu) {
        for (size_t i : m_failuresOfGpu[gpu]) {
            const FailingGpu &f = m_failures[i];
            if ((timeMs >= f.xidMs && timeMs < f.backMs + 30 * MinuteMs)
                || (f.xidMs >= timeMs && f.xidMs - timeMs <= horizonMs))
                return true;
        }
        return false;
    };
    if (entity.kind == EntityKind::Gpu && entity.index < m_topology->gpus.size())
        return fails(entity.index);
    if (entity.kind == EntityKind::Node && entity.index < m_topology->nodes.size())
        return std::any_of(m_topology->gpusOfNode[entity.index].begin(), m_topology->gpusOfNode[entity.index].end(),
                           fails);
    return false;
}

QByteArray IndependentTelemetry::kernelLog(int64_t fromMs, int64_t toMs) const
{
    std::vector<const FailingGpu *> inSpan;
    for (const FailingGpu &f : m_failures)
        if (f.xidMs >= fromMs && f.xidMs < toMs)
            inSpan.push_back(&f);
    std::sort(inSpan.begin(), inSpan.end(), [](auto *a, auto *b) { return a->xidMs < b->xidMs; });
    QByteArray log;
    for (const FailingGpu *f : inSpan) {
        const Gpu &g = m_topology->gpus[f->gpu];
        log += QDateTime::fromMSecsSinceEpoch(f->xidMs, Qt::UTC)
                   .toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzz+00:00"))
                   .toLatin1()
            + ' ' + m_topology->nodes[g.nodeIndex].hostname.toLatin1()
            + " kernel: NVRM: Xid (PCI:" + g.pciBusId.mid(4, 10).toLatin1() + "): " + QByteArray::number(f->xid)
            + (f->xid == 79 ? ", pid='<unknown>', name=<unknown>, GPU has fallen off the bus.\n"
                            : ", pid=4242, name=python3, Double Bit ECC Error\n");
    }
    return log;
}

std::vector<Event> xidEventsOfKernelLog(const Topology &topology, const QByteArray &log, QString *error)
{
    KernelLogParser parser;
    parser.feed(log);
    parser.finish();
    std::map<QString, uint32_t> nodeOf;
    for (uint32_t n = 0; n < topology.nodes.size(); ++n)
        nodeOf[topology.nodes[n].hostname] = n;
    std::vector<Event> events;
    for (const XidRecord &x : parser.takeRecords()) {
        const auto node = nodeOf.find(x.host);
        std::optional<uint32_t> gpu;
        if (node != nodeOf.end())
            for (uint32_t g : topology.gpusOfNode[node->second])
                if (normalisePciBusId(topology.gpus[g].pciBusId) == x.pciBusId)
                    gpu = g;
        if (!gpu) {
            if (error->isEmpty())
                *error = QStringLiteral("kernel log line %1 names no GPU (%2 %3)").arg(x.line).arg(x.host, x.pciBusId);
            continue;
        }
        Event e;
        e.timeMs = x.timeMs;
        e.type = EventType::Xid;
        e.severity = xidIsJobFatal(x.xid) ? Severity::Critical : Severity::Warning;
        e.entity = { EntityKind::Gpu, *gpu };
        e.code = x.xid;
        events.push_back(e);
    }
    if (parser.stats().rejected > 0 && error->isEmpty())
        *error = QStringLiteral("the kernel log parser refused %1 line(s)").arg(parser.stats().rejected);
    return events;
}

size_t StragglerScore::falseAlarms(const std::vector<Alarm> &alarms) const
{
    return size_t(std::count_if(alarms.begin(), alarms.end(), [](const Alarm &a) { return !a.truePositive; }));
}

namespace {

class AlarmCount
{
public:
    void warn(const IndependentTelemetry &world, EntityRef entity, int64_t timeMs,
              std::vector<StragglerScore::Alarm> &out)
    {
        if (m_raising.raises(entity, timeMs))
            out.push_back({ timeMs, entity, world.isTrulySlow(entity, timeMs) });
    }

private:
    AlarmRaising m_raising;
};

// The rule without peers: a GPU below the fixed clock for the finder's confirmation.
class FixedThreshold
{
public:
    static constexpr double Share = 0.015;
    explicit FixedThreshold(size_t gpus)
        : m_sum(gpus, 0.0)
        , m_count(gpus, 0)
        , m_slowWindows(gpus, 0)
        , m_announcedMs(gpus, 0)
    { }
    void sample(const MetricColumn &clock)
    {
        for (size_t g = 0; g < m_sum.size(); ++g)
            if (std::isfinite(clock.values[g])) {
                m_sum[g] += double(clock.values[g]);
                ++m_count[g];
            }
    }
    void judge(int64_t nowMs, std::vector<std::pair<uint32_t, int64_t>> &flagged)
    {
        for (size_t g = 0; g < m_sum.size(); ++g) {
            const bool slow
                = m_count[g] > 0 && m_sum[g] / m_count[g] < IndependentTelemetry::NominalClockMhz * (1.0 - Share);
            m_slowWindows[g] = slow ? m_slowWindows[g] + 1 : 0;
            if (m_slowWindows[g] >= StragglerFinder::ConfirmWindows
                && (m_announcedMs[g] == 0 || nowMs - m_announcedMs[g] >= StragglerFinder::ReannounceMs)) {
                flagged.emplace_back(uint32_t(g), nowMs);
                m_announcedMs[g] = nowMs;
            }
            m_sum[g] = 0.0;
            m_count[g] = 0;
        }
    }

private:
    std::vector<double> m_sum;
    std::vector<int> m_count;
    std::vector<int> m_slowWindows;
    std::vector<int64_t> m_announcedMs;
};

} // namespace

IndependentScraper::IndependentScraper(const IndependentTelemetry &world)
    : m_world(world)
    , m_metrics(standardMetrics())
{
    for (const char *name :
         { "DCGM_FI_PROF_SM_ACTIVE", "DCGM_FI_PROF_DRAM_ACTIVE", "DCGM_FI_DEV_PCIE_LINK_GEN",
           "DCGM_FI_DEV_PCIE_LINK_WIDTH", "DCGM_FI_DEV_PCIE_MAX_LINK_GEN", "DCGM_FI_DEV_PCIE_MAX_LINK_WIDTH" }) {
        MetricDescriptor m = dcgmMetric(*findDcgmField(QByteArrayView(name)));
        m.id = uint32_t(m_metrics.size());
        m_metrics.push_back(m);
    }
    if (world.options().nvlinks) // the rates per link, and how many links carry traffic
        for (MetricDescriptor m : { dcgmMetric(*findDcgmField(QByteArrayView("DCGM_FI_PROF_NVLINK_TX_BYTES"))),
                                    metric::nvlinkActiveLinksMetric(0) }) {
            m.id = uint32_t(m_metrics.size());
            m_metrics.push_back(m);
        }
    m_mapper = std::make_unique<DcgmMapper>(world.topology(), m_metrics);
    m_mapped = std::make_unique<DcgmMapper::Result>();
    m_stale.resize(world.topology()->nodes.size());
}

IndependentScraper::~IndependentScraper() = default;

const std::vector<GpuReading> *IndependentScraper::scrapeNode(uint32_t node, int64_t timeMs)
{
    const QByteArray page = m_world.scrape(node, timeMs);
    if (page.isEmpty())
        return nullptr;
    const Topology &t = *m_world.topology();
    m_mapper->mapInto(page, timeMs, t.nodes[node].hostname, *m_mapped);
    m_stale[node].mark(m_mapped->readings); // as the DCGM source marks what its exporter stopped serving
    if (m_mapped->stats.rejected > 0 && m_error.isEmpty())
        m_error = QStringLiteral("the mapper refused %1 line(s) of %2's page: %3")
                      .arg(qulonglong(m_mapped->stats.rejected))
                      .arg(t.nodes[node].hostname, m_mapped->stats.firstErrors.join(QStringLiteral("; ")));
    return &m_mapped->readings;
}

v1::Samples IndependentScraper::scrape(int64_t timeMs)
{
    std::vector<GpuReading> readings;
    for (uint32_t n = 0; n < m_world.topology()->nodes.size(); ++n)
        if (const std::vector<GpuReading> *page = scrapeNode(n, timeMs))
            readings.insert(readings.end(), page->begin(), page->end());
    return samplesOfReadings(timeMs, readings);
}

StragglerScore scoreStragglers(const IndependentTelemetry &world, int64_t durationMs)
{
    StragglerScore score;
    score.hours = double(durationMs) / 3600000.0;
    const std::shared_ptr<const Topology> topology = world.topology();
    IndependentScraper scraper(world);
    ClusterState state;
    if (QString error = state.reset(topology, scraper.metrics()); !error.isEmpty()) {
        score.error = error;
        return score;
    }
    StragglerFinder finder;
    finder.setTopology(topology);
    FixedThreshold fixed(topology->gpus.size());
    AlarmCount finderAlarms, fixedAlarms;
    std::vector<Event> warnings;
    std::vector<std::pair<uint32_t, int64_t>> flagged;
    int samplesInWindow = 0;
    for (int64_t t = world.startMs(); t < world.startMs() + durationMs; t += StragglerFinder::SampleEveryMs) {
        const ApplyResult applied = state.apply(scraper.scrape(t));
        if (!applied.ok() && score.error.isEmpty())
            score.error = applied.firstError;
        if (!scraper.error().isEmpty() && score.error.isEmpty())
            score.error = scraper.error();
        warnings.clear();
        finder.observe(state, warnings);
        for (const Event &w : warnings)
            finderAlarms.warn(world, w.entity, w.timeMs, score.finder);
        fixed.sample(*state.column(QStringLiteral("DCGM_FI_DEV_SM_CLOCK")));
        if (++samplesInWindow == StragglerFinder::WindowSamples) {
            samplesInWindow = 0;
            flagged.clear();
            fixed.judge(t, flagged);
            for (const auto &[gpu, at] : flagged)
                fixedAlarms.warn(world, { EntityKind::Gpu, gpu }, at, score.fixedThreshold);
        }
    }
    auto minutesToFind
        = [&](const IndependentTelemetry::SlowGpu &slow, const std::vector<StragglerScore::Alarm> &alarms) {
              const uint32_t node = topology->gpus[slow.gpu].nodeIndex;
              for (const StragglerScore::Alarm &a : alarms)
                  if (a.timeMs >= slow.fromMs
                      && ((a.entity.kind == EntityKind::Gpu && a.entity.index == slow.gpu)
                          || (a.entity.kind == EntityKind::Node && a.entity.index == node)))
                      return double(a.timeMs - slow.fromMs) / double(MinuteMs);
              return -1.0;
          };
    for (const IndependentTelemetry::SlowGpu &slow : world.slowGpus()) {
        score.finderMinutes.push_back(minutesToFind(slow, score.finder));
        score.fixedThresholdMinutes.push_back(minutesToFind(slow, score.fixedThreshold));
    }
    return score;
}

} // namespace vigil::test
