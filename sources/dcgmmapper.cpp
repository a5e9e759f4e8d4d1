// SPDX-License-Identifier: GPL-3.0-or-later
#include "sources/dcgmmapper.h"

#include "domain/xidcatalog.h"
#include "vigil/v1/telemetry.pb.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>

namespace vigil {

namespace {

// DCGM marks missing values with sentinels at the top of each type's range
// (dcgm_structs.h): 0x7ffffff0 (+1 not found, +2 not supported, +3 no permission)
// for 32-bit integers, 0x7ffffffffffffff0 for 64-bit, 2^47 for doubles.
constexpr double Int32Blank = 2147483632.0;
constexpr double Fp64Blank = 140737488355328.0;
constexpr double Int64Blank = 9223372036854775792.0;

// What an increase of an error counter is a warning of.
struct CounterWarning
{
    const char *field;
    EventType type;
    Severity severity;
    double scale; // the increase in the warning's unit: errors, or seconds for violation time (ns)
    const char *what;
};

constexpr CounterWarning CounterWarnings[] = {
    { "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", EventType::EccSingleBit, Severity::Warning, 1.0, "correctable ECC errors" },
    { "DCGM_FI_DEV_ECC_SBE_AGG_TOTAL", EventType::EccSingleBit, Severity::Warning, 1.0, "correctable ECC errors" },
    { "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", EventType::EccDoubleBit, Severity::Critical, 1.0, "uncorrectable ECC errors" },
    { "DCGM_FI_DEV_ECC_DBE_AGG_TOTAL", EventType::EccDoubleBit, Severity::Critical, 1.0, "uncorrectable ECC errors" },
    { "DCGM_FI_DEV_RETIRED_SBE", EventType::RowRemap, Severity::Warning, 1.0, "pages retired (single-bit)" },
    { "DCGM_FI_DEV_RETIRED_DBE", EventType::RowRemap, Severity::Warning, 1.0, "pages retired (double-bit)" },
    { "DCGM_FI_DEV_RETIRED_PENDING", EventType::RowRemap, Severity::Warning, 1.0, "pages pending retirement" },
    { "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS", EventType::RowRemap, Severity::Warning, 1.0,
      "rows remapped (correctable)" },
    { "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS", EventType::RowRemap, Severity::Warning, 1.0,
      "rows remapped (uncorrectable)" },
    { "DCGM_FI_DEV_PCIE_REPLAY_COUNTER", EventType::PcieReplay, Severity::Warning, 1.0, "PCIe replays" },
    { "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL", EventType::NvlinkCrc, Severity::Warning, 1.0,
      "NVLink flow-control CRC errors" },
    { "DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL", EventType::NvlinkCrc, Severity::Warning, 1.0,
      "NVLink data CRC errors" },
    { "DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL", EventType::NvlinkCrc, Severity::Warning, 1.0, "NVLink replays" },
    { "DCGM_FI_DEV_NVLINK_RECOVERY_ERROR_COUNT_TOTAL", EventType::NvlinkCrc, Severity::Warning, 1.0,
      "NVLink recoveries" },
    { "DCGM_FI_DEV_THERMAL_VIOLATION", EventType::ThermalThrottle, Severity::Warning, 1e-9, "s throttled for heat" },
    { "DCGM_FI_DEV_POWER_VIOLATION", EventType::PowerThrottle, Severity::Warning, 1e-9, "s throttled for power" },
};

// Warning types a counter can raise, as small indices for the per-GPU table.
int warningSlot(EventType type)
{
    switch (type) {
    case EventType::EccSingleBit:
        return 0;
    case EventType::EccDoubleBit:
        return 1;
    case EventType::RowRemap:
        return 2;
    case EventType::PcieReplay:
        return 3;
    case EventType::NvlinkCrc:
        return 4;
    case EventType::ThermalThrottle:
        return 5;
    case EventType::PowerThrottle:
        return 6;
    default:
        return 7;
    }
}
constexpr int WarningSlots = 8;

// Whether a field read on a MIG instance's sample describes the whole board, so that
// every instance repeats its GPU's value: temperatures, power and energy, clocks, error
// counters, PCIe and NVLink. Memory, utilisation and the profiling fields are the
// instance's own, and never land on the GPU (the instances would overwrite each other).
bool describesTheWholeBoard(const QByteArray &canonical)
{
    if (!canonical.startsWith("DCGM_FI_DEV_"))
        return false;
    static const char *const PerInstance[] = { "DCGM_FI_DEV_FB_", "DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_MEM_COPY_UTIL",
                                               "DCGM_FI_DEV_ENC_UTIL", "DCGM_FI_DEV_DEC_UTIL" };
    for (const char *prefix : PerInstance)
        if (canonical.startsWith(prefix))
            return false;
    return true;
}

} // namespace

// What a field name, as a scrape writes it, stands for.
struct DcgmMapper::Resolved
{
    enum class Role
    {
        Unknown, // no metric, no counter: counted by name
        Reading,
        Xid,
    };
    Role role = Role::Unknown;
    QString name; // as written, for messages
    QByteArray canonical; // DCGM's name
    int64_t metricId = -1; // the reading's metric, or -1
    int64_t instanceMetricId = -1; // the same field as a MIG instance's metric, or -1
    bool wholeBoard = false; // on an instance's sample, also the GPU's reading
    double min = -std::numeric_limits<double>::infinity();
    double max = std::numeric_limits<double>::infinity();
    double scale = 1.0; // values under this name to the field's unit
    QByteArray unit; // the unit the name is written in, as the alias table or the HELP text says
    const char *generation = nullptr; // the exporters that write the name (DcgmName::generation)
    const CounterWarning *counter = nullptr;
    int counterSlot = -1;
    bool isCounter = false; // a count: negative or fractional values are no count
    int nvlinkRate = -1; // an NVLink rate: 0 transmit, 1 receive, 2 both (which a GPU's links are counted on)
};

bool DcgmMapper::isBlank(double v)
{
    return (v >= Int32Blank && v <= Int32Blank + 15.0) || (v >= Fp64Blank && v <= Fp64Blank + 15.0) || v >= Int64Blank;
}

void DcgmMapper::Result::clear()
{
    generations.clear();
    readings.clear();
    events.clear();
    stats = {};
    unknownFields.clear();
}

DcgmMapper::DcgmMapper(std::shared_ptr<const Topology> topology, const std::vector<MetricDescriptor> &metrics)
    : m_topology(std::move(topology))
    , m_metrics(metrics)
{
    const Topology &t = *m_topology;
    for (uint32_t g = 0; g < t.gpus.size(); ++g) {
        m_byUuid.insert(t.gpus[g].uuid.toUtf8(), g);
        m_byHostIndex.insert(
            QStringLiteral("%1:%2").arg(t.nodes[t.gpus[g].nodeIndex].hostname).arg(t.gpus[g].localIndex).toUtf8(), g);
    }
    m_lastXid.assign(t.gpus.size(), 0);
    for (const MetricDescriptor &m : m_metrics)
        if (m.name == metric::NvlinkActiveLinks && m.entityKind == EntityKind::Gpu)
            m_activeLinksMetric = int64_t(m.id);
    m_counterSlots = std::size(CounterWarnings);
    m_lastCount.assign(t.gpus.size() * m_counterSlots, std::nan(""));
    m_counterOfType.assign(t.gpus.size() * WarningSlots, int16_t(-1));
}

DcgmMapper::~DcgmMapper() = default;

std::shared_ptr<const DcgmMapper::Resolved> DcgmMapper::resolve(QByteArrayView name)
{
    if (const auto it = m_resolved.constFind(QByteArray::fromRawData(name.data(), name.size()));
        it != m_resolved.constEnd())
        return *it;
    auto r = std::make_shared<Resolved>();
    r->name = QString::fromLatin1(name);
    const DcgmName known = findDcgmName(name);
    const DcgmField *field = known.field;
    // Every generation's name for a field reads as the field, in the field's one unit.
    r->canonical = field ? QByteArray(field->name) : name.toByteArray();
    r->unit = known.unit;
    r->generation = known.generation;
    if (field && field->kind != DcgmFieldKind::Label) {
        r->min = field->min;
        r->max = field->max;
        r->scale = known.scale;
        r->isCounter = field->kind == DcgmFieldKind::Counter;
    }
    for (const MetricDescriptor &m : m_metrics) {
        if (m.name != QLatin1String(r->canonical))
            continue;
        if (m.entityKind == EntityKind::Gpu)
            r->metricId = m.id;
        else if (m.entityKind == EntityKind::GpuInstance)
            r->instanceMetricId = m.id;
        else
            continue;
        r->role = Resolved::Role::Reading;
    }
    r->wholeBoard = describesTheWholeBoard(r->canonical);
    if (isNvlinkRate(QLatin1String(r->canonical)))
        r->nvlinkRate = r->canonical.endsWith("TX_BYTES") ? 0 : r->canonical.endsWith("RX_BYTES") ? 1 : 2;
    for (const CounterWarning &c : CounterWarnings)
        if (r->canonical == c.field) {
            r->counter = &c;
            r->counterSlot = int(&c - CounterWarnings);
            r->role = Resolved::Role::Reading;
        }
    if (r->canonical == "DCGM_FI_DEV_XID_ERRORS")
        r->role = Resolved::Role::Xid;
    if (m_resolved.size() >= MaxResolvedNames)
        m_resolved.clear(); // a scrape still holding one keeps it alive
    m_resolved.insert(name.toByteArray(), r);
    return r;
}

void DcgmMapper::readUnitFromHelp(QByteArrayView name, const Resolved &field, QByteArrayView help)
{
    // A collector file may select a field under its old name yet state another unit: the exporter
    // converts as its HELP says, so the HELP text outranks the name.
    const QByteArrayView unit = unitInHelp(help);
    const DcgmField *known = findDcgmField(field.canonical);
    if (unit.isEmpty() || unit == field.unit || !known || known->kind == DcgmFieldKind::Label)
        return;
    const double scale = unitConversion(unit, QByteArrayView(known->unit));
    if (scale == 0.0)
        return; // a unit Vigil cannot convert (or a HELP text that is no unit): the name decides
    auto r = std::make_shared<Resolved>(field);
    r->unit = unit.toByteArray();
    r->scale = scale;
    m_resolved.insert(name.toByteArray(), std::move(r));
}

int32_t DcgmMapper::gpuFor(const ExpositionSample &sample, QByteArrayView hostHint)
{
    QByteArrayView uuid = sample.raw("UUID");
    if (uuid.isEmpty())
        uuid = sample.raw("gpu_uuid"); // an NVLink's sample (dcgm-exporter 4.10) names its GPU so
    if (!uuid.isEmpty())
        if (const auto it = m_byUuid.constFind(QByteArray::fromRawData(uuid.data(), uuid.size()));
            it != m_byUuid.constEnd())
            return int32_t(*it);
    const QByteArrayView index = sample.raw("gpu");
    if (index.isEmpty())
        return -1;
    m_key.clear();
    if (const QByteArrayView host = sample.raw("Hostname"); !host.isEmpty())
        m_key.append(host);
    else
        m_key.append(hostHint);
    if (m_key.isEmpty())
        return -1;
    m_key.append(':');
    m_key.append(index);
    if (const auto it = m_byHostIndex.constFind(m_key); it != m_byHostIndex.constEnd())
        return int32_t(*it);
    return -1;
}

// One scrape's pass over the text: each sample is mapped as the reader meets it.
class DcgmMapper::Scrape final : public ExpositionVisitor
{
public:
    Scrape(DcgmMapper &mapper, int64_t timeMs, const QString &hostHint, Result &result)
        : m_mapper(mapper)
        , m_timeMs(timeMs)
        , m_hostHint(hostHint)
        , m_hostHintUtf8(hostHint.toUtf8())
        , m_result(result)
    { }

    void sample(const ExpositionSample &s) override
    {
        Result &result = m_result;
        // An exposition groups a field's samples: the name is looked up once a group.
        if (!m_field || s.name != m_fieldName) {
            m_field = m_mapper.resolve(s.name);
            m_fieldName = s.name;
            if (m_field->role == Resolved::Role::Unknown)
                m_unknown = &unknownField(m_field->name);
            m_switchField = nullptr;
        }
        const Resolved &f = *m_field;
        if (f.role == Resolved::Role::Unknown) {
            ++result.stats.skipped;
            ++m_unknown->samples;
            return;
        }
        noteGeneration(f.generation);
        if (isNvSwitchSample(s)) {
            // An NVSwitch's or its port's field: the stream has no switch readings yet. Counted by
            // name, as a field the stream has no metric for, never rejected as a GPU's.
            ++result.stats.skipped;
            if (!m_switchField) // named once a group, not once a line
                m_switchField = &unknownField(f.name + QStringLiteral(" (NVSwitch)"));
            ++m_switchField->samples;
            return;
        }
        const int32_t gpu = m_mapper.gpuFor(s, m_hostHintUtf8);
        if (gpu < 0) {
            rejectPlacement(s);
            return;
        }
        if (isBlank(s.value) || std::isnan(s.value)) {
            ++result.stats.skipped; // not supported or not available: missing, never a reading
            return;
        }
        int32_t instance = -1;
        if (const QByteArrayView id = s.raw("GPU_I_ID"); !id.isEmpty()) {
            instance = m_mapper.instanceFor(uint32_t(gpu), id);
            if (instance < 0) {
                m_result.stats.reject(s.line,
                                      QStringLiteral("%1: MIG instance %2 of %3 is not in the layout (created after "
                                                     "the gateway started? restart it to lay the instance out)")
                                          .arg(f.name, s.label("GPU_I_ID"), m_mapper.gpuName(uint32_t(gpu))));
                return;
            }
        }
        if (f.role == Resolved::Role::Xid) {
            mapXid(s, uint32_t(gpu));
            return;
        }
        const std::optional<double> value = valueOf(s, f);
        if (!value)
            return;
        if (const QByteArrayView link = s.raw("nvlink"); !link.isEmpty()) {
            mapLink(s, f, uint32_t(gpu), link, *value);
            return;
        }
        ++result.stats.accepted;
        if (instance >= 0 && f.instanceMetricId >= 0)
            result.readings.push_back({ uint32_t(f.instanceMetricId), uint32_t(instance), float(*value) });
        if (f.metricId >= 0 && (instance < 0 || f.wholeBoard))
            result.readings.push_back({ uint32_t(f.metricId), uint32_t(gpu), float(*value) });
        if (f.counter && (instance < 0 || f.wholeBoard))
            m_mapper.countIncrease(f, uint32_t(gpu), *value, m_timeMs, result);
    }

    void help(QByteArrayView name, QByteArrayView text) override
    {
        const std::shared_ptr<const Resolved> f = m_mapper.resolve(name);
        if (f->role == Resolved::Role::Unknown)
            unknownField(f->name).help = QString::fromUtf8(text.data(), text.size());
        else
            m_mapper.readUnitFromHelp(name, *f, text);
        m_field.reset(); // the name may now read in another unit
    }
    void type(QByteArrayView name, QByteArrayView text) override
    {
        const std::shared_ptr<const Resolved> f = m_mapper.resolve(name);
        if (f->role == Resolved::Role::Unknown)
            unknownField(f->name).type = QString::fromLatin1(text);
    }

private:
    // The sample's value in the field's unit, or nothing (the line rejected) when it cannot be one.
    std::optional<double> valueOf(const ExpositionSample &s, const Resolved &f)
    {
        double value = s.value * f.scale;
        // A count written in another unit (seconds of throttling, as nanoseconds) is a count again.
        if (f.isCounter && f.scale != 1.0)
            value = std::round(value);
        if (std::isfinite(value) && value >= f.min && value <= f.max
            && !(f.isCounter && value != std::floor(value) && f.counter))
            return value;
        if (f.isCounter)
            m_result.stats.reject(s.line, QStringLiteral("%1 = %2 is not a count").arg(f.name).arg(s.value));
        else
            m_result.stats.reject(s.line,
                                  QStringLiteral("%1 = %2 is outside %3..%4 %5 (wrong unit?)")
                                      .arg(f.name)
                                      .arg(s.value)
                                      .arg(f.min / f.scale)
                                      .arg(f.max / f.scale)
                                      .arg(QLatin1String(f.unit)));
        return std::nullopt;
    }

    // One NVLink's sample (dcgm-exporter 4.10 reports fields per link): its error counts are
    // the link's own, and its counts and rates add up to the GPU's when the GPU has no sample of
    // its own.
    void mapLink(const ExpositionSample &s, const Resolved &f, uint32_t gpu, QByteArrayView linkText, double value)
    {
        uint32_t link = 0;
        for (const char c : linkText) {
            if (c < '0' || c > '9' || link > MaxNvlink) {
                link = MaxNvlink + 1;
                break;
            }
            link = link * 10 + uint32_t(c - '0');
        }
        if (link > MaxNvlink) {
            m_result.stats.reject(s.line,
                                  QStringLiteral("%1: NVLink '%2' of %3 is not a link number (0..%4)")
                                      .arg(f.name, s.label("nvlink"), m_mapper.gpuName(gpu))
                                      .arg(MaxNvlink));
            return;
        }
        ++m_result.stats.accepted;
        if (f.counter)
            m_mapper.countLinkIncrease(f, gpu, link, value);
        if (f.metricId >= 0) // a GPU's links' counts and rates add up to the GPU's
            m_mapper.m_linkSums[(uint64_t(f.metricId) << 32) | gpu] += value;
        if (f.nvlinkRate >= 0)
            m_mapper.noteLinkRate(gpu, f.nvlinkRate, f.nvlinkRate == 2 ? value * 1024000.0 : value);
    }

    static bool isNvSwitchSample(const ExpositionSample &s)
    {
        return !s.raw("nvswitch").isEmpty() && s.raw("gpu").isEmpty() && s.raw("UUID").isEmpty()
            && s.raw("gpu_uuid").isEmpty();
    }

    void noteGeneration(const char *generation)
    {
        if (!generation)
            return;
        auto &seen = m_result.generations;
        if (std::find(seen.begin(), seen.end(), generation) == seen.end())
            seen.push_back(generation);
    }

    UnknownField &unknownField(const QString &name)
    {
        auto &fields = m_result.unknownFields;
        return fields[UnknownField::countedAs(fields, name)];
    }

    void rejectPlacement(const ExpositionSample &s)
    {
        const QString host = s.raw("Hostname").isEmpty() ? m_hostHint : s.label("Hostname");
        if (s.raw("UUID").isEmpty() && host.isEmpty())
            m_result.stats.reject(s.line,
                                  QStringLiteral("%1: the sample has neither a UUID nor a Hostname label; run "
                                                 "dcgm-exporter with its default labels, or name the node "
                                                 "of this source (--dcgm NODE=URL)")
                                      .arg(m_field->name));
        else
            m_result.stats.reject(s.line,
                                  QStringLiteral("%1: no GPU with UUID '%2' or %3:%4 in the topology")
                                      .arg(m_field->name, s.label("UUID"), host, s.label("gpu")));
    }

    void mapXid(const ExpositionSample &s, uint32_t gpu)
    {
        // The range first: converting a value beyond int is itself undefined (found by fuzzing).
        if (!(s.value >= 0 && s.value <= 1000) || double(int(s.value)) != s.value) {
            m_result.stats.reject(s.line, QStringLiteral("%1: %2 is not an Xid code").arg(m_field->name).arg(s.value));
            return;
        }
        const int xid = int(s.value);
        ++m_result.stats.accepted;
        const Topology &t = *m_mapper.m_topology;
        if (xid != 0 && xid != m_mapper.m_lastXid[gpu]) {
            Event e = m_mapper.warningOn(gpu, m_timeMs);
            e.type = EventType::Xid;
            e.severity = xidIsJobFatal(xid) ? Severity::Critical : Severity::Warning;
            e.code = xid;
            e.message = QStringLiteral("Xid %1 on %2 GPU %3 (dcgm-exporter): %4")
                            .arg(xid)
                            .arg(t.nodes[t.gpus[gpu].nodeIndex].hostname)
                            .arg(t.gpus[gpu].localIndex)
                            .arg(xidDescription(xid));
            m_result.events.push_back(std::move(e));
        }
        m_mapper.m_lastXid[gpu] = xid;
    }

    DcgmMapper &m_mapper;
    const int64_t m_timeMs;
    const QString &m_hostHint;
    const QByteArray m_hostHintUtf8;
    Result &m_result;
    std::shared_ptr<const Resolved> m_field;
    QByteArrayView m_fieldName;
    UnknownField *m_unknown = nullptr;
    UnknownField *m_switchField = nullptr; // the group's NVSwitch samples, counted by name
};

DcgmMapper::Result DcgmMapper::map(QByteArrayView exposition, int64_t timeMs, const QString &hostHint)
{
    Result result;
    mapInto(exposition, timeMs, hostHint, result);
    return result;
}

void DcgmMapper::mapInto(QByteArrayView exposition, int64_t timeMs, const QString &hostHint, Result &result)
{
    result.clear();
    Scrape scrape(*this, timeMs, hostHint, result);
    const ParseStats text = readExposition(exposition, scrape);
    finishLinks(timeMs, result);
    // Lines: every line of the text. Accepted: what became a reading, count or Xid.
    // Skipped: comments and blanks, and fields the stream has no metric for.
    // Rejected: malformed lines, and samples that could not be placed or read.
    ParseStats &s = result.stats;
    s.lines = text.lines;
    s.skipped += text.skipped;
    s.rejected += text.rejected;
    QStringList errors = text.firstErrors + s.firstErrors;
    if (errors.size() > 8)
        errors.resize(8);
    s.firstErrors = errors;
}

int32_t DcgmMapper::instanceFor(uint32_t gpu, QByteArrayView id) const
{
    uint32_t instanceId = 0;
    for (const char c : id) {
        if (c < '0' || c > '9' || instanceId > Topology::MaxInstanceId)
            return -1;
        instanceId = instanceId * 10 + uint32_t(c - '0');
    }
    const Topology &t = *m_topology;
    if (gpu >= t.instancesOfGpu.size())
        return -1;
    for (uint32_t i : t.instancesOfGpu[gpu])
        if (t.gpuInstances[i].instanceId == instanceId)
            return int32_t(i);
    return -1;
}

QString DcgmMapper::gpuName(uint32_t gpu) const
{
    const Topology &t = *m_topology;
    return QStringLiteral("%1 GPU %2").arg(t.nodes[t.gpus[gpu].nodeIndex].hostname).arg(t.gpus[gpu].localIndex);
}

Event DcgmMapper::warningOn(uint32_t gpu, int64_t timeMs) const
{
    const Topology &t = *m_topology;
    Event e;
    e.timeMs = timeMs;
    e.entity = { EntityKind::Gpu, gpu };
    const int32_t job = t.jobOfGpu[gpu];
    if (job >= 0)
        e.jobId = t.jobs[size_t(job)].id;
    return e;
}

void DcgmMapper::countIncrease(const Resolved &field, uint32_t gpu, double value, int64_t timeMs, Result &result)
{
    const CounterWarning &counter = *field.counter;
    // One field per GPU speaks for each kind of warning: the first one seen.
    int16_t &source = m_counterOfType[size_t(gpu) * WarningSlots + size_t(warningSlot(counter.type))];
    if (source < 0)
        source = int16_t(field.counterSlot);
    double &last = m_lastCount[size_t(gpu) * m_counterSlots + size_t(field.counterSlot)];
    const double previous = last;
    last = value;
    if (std::isnan(previous) || source != field.counterSlot || value <= previous)
        return; // the baseline, another field's business, nothing new, or a reset (a reboot)
    const double increase = (value - previous) * counter.scale;
    const Topology &t = *m_topology;
    Event e = warningOn(gpu, timeMs);
    e.type = counter.type;
    e.severity = counter.severity;
    e.value = increase;
    e.message = QStringLiteral("%1 %2 on %3 GPU %4 (%5)")
                    .arg(increase, 0, 'g', 4)
                    .arg(QLatin1String(counter.what))
                    .arg(t.nodes[t.gpus[gpu].nodeIndex].hostname)
                    .arg(t.gpus[gpu].localIndex)
                    .arg(QLatin1String(field.canonical));
    result.events.push_back(std::move(e));
}

QString describeGenerations(const std::vector<const char *> &generations)
{
    QStringList said;
    for (const char *g : generations) {
        const QLatin1String generation(g);
        if (generation == QLatin1String("1.x"))
            said << QStringLiteral("dcgm-exporter 1.x compatibility names");
        else if (generation == QLatin1String("2.x"))
            said << QStringLiteral("DCGM 3.2's clock-throttle name");
        else if (generation == QLatin1String("4.9"))
            said << QStringLiteral("dcgm-exporter 4.9 names (DCGM 4.7)");
        else
            said << QStringLiteral("dcgm-exporter %1 names").arg(generation);
    }
    said.sort();
    return said.join(QStringLiteral(", "));
}

void DcgmMapper::countLinkIncrease(const Resolved &field, uint32_t gpu, uint32_t link, double value)
{
    const uint64_t key = (uint64_t(gpu) << 16) | (uint64_t(field.counterSlot) << 8) | link;
    const auto [it, first] = m_lastLinkCount.try_emplace(key, value);
    const double previous = it->second;
    it->second = value;
    // Nothing new, the baseline, or a reset (a reboot): no increase, yet the link has spoken.
    const double increase = first || value <= previous ? 0.0 : value - previous;
    m_linkCounts.push_back({ gpu, link, field.counterSlot, increase });
}

void DcgmMapper::noteLinkRate(uint32_t gpu, int rank, double bytesPerSecond)
{
    // One rate a GPU's links are counted on: transmit where served, else receive, else both.
    LinkRates &r = m_linkRates[gpu];
    if (rank > r.rank)
        return;
    if (rank < r.rank) {
        r.rank = rank;
        r.rates.clear();
    }
    r.rates.push_back(bytesPerSecond);
}

void DcgmMapper::countActiveLinks(Result &result)
{
    if (m_activeLinksMetric >= 0)
        for (const auto &[gpu, links] : m_linkRates) {
            const double busiest = *std::max_element(links.rates.begin(), links.rates.end());
            if (!(busiest >= MinBusyLinkRate))
                continue; // its links idle: none can be told from a quiet one
            const auto active = std::count_if(links.rates.begin(), links.rates.end(),
                                              [&](double r) { return r > QuietLinkShare * busiest; });
            result.readings.push_back({ uint32_t(m_activeLinksMetric), gpu, float(active) });
        }
    m_linkRates.clear();
}

void DcgmMapper::finishLinks(int64_t timeMs, Result &result)
{
    countActiveLinks(result);
    // Decided once the scrape is read, whatever the order of its lines: a GPU's own counter of a
    // kind outranks its links' (the same errors, counted twice otherwise).
    const Topology &t = *m_topology;
    for (const LinkCount &c : m_linkCounts) {
        const CounterWarning &counter = CounterWarnings[c.counterSlot];
        int16_t &source = m_counterOfType[size_t(c.gpu) * WarningSlots + size_t(warningSlot(counter.type))];
        const auto mine = int16_t(LinkCounterSource + c.counterSlot);
        if (source < 0)
            source = mine;
        if (source != mine || c.increase <= 0)
            continue;
        Event e = warningOn(c.gpu, timeMs);
        e.type = counter.type;
        e.severity = counter.severity;
        e.value = c.increase * counter.scale;
        e.message = QStringLiteral("%1 %2 on %3 GPU %4, NVLink %5 (%6)")
                        .arg(e.value, 0, 'g', 4)
                        .arg(QLatin1String(counter.what))
                        .arg(t.nodes[t.gpus[c.gpu].nodeIndex].hostname)
                        .arg(t.gpus[c.gpu].localIndex)
                        .arg(c.link)
                        .arg(QLatin1String(counter.field));
        result.events.push_back(std::move(e));
    }
    m_linkCounts.clear();
    if (m_linkSums.empty())
        return;
    for (const GpuReading &r : result.readings) // the GPU's own sample speaks for its links
        m_linkSums.erase((uint64_t(r.metricId) << 32) | r.gpu);
    for (const auto &[key, sum] : m_linkSums)
        result.readings.push_back({ uint32_t(key >> 32), uint32_t(key & 0xffffffffu), float(sum) });
    m_linkSums.clear();
}

void StalenessMarks::mark(std::vector<GpuReading> &readings)
{
    m_current.clear();
    for (const GpuReading &r : readings)
        if (!std::isnan(r.value))
            m_current.push_back((uint64_t(r.metricId) << 32) | r.gpu);
    std::sort(m_current.begin(), m_current.end());
    m_current.erase(std::unique(m_current.begin(), m_current.end()), m_current.end());
    size_t c = 0;
    for (uint64_t key : m_previous) { // both sorted: what the previous page had and this one lacks
        while (c < m_current.size() && m_current[c] < key)
            ++c;
        if (c == m_current.size() || m_current[c] != key)
            readings.push_back({ uint32_t(key >> 32), uint32_t(key & 0xffffffffu), std::nanf("") });
    }
    std::swap(m_previous, m_current);
}

v1::Samples samplesOfReadings(int64_t timeMs, std::vector<GpuReading> &readings)
{
    // One sparse block per metric, indices strictly increasing (the last reading wins).
    std::stable_sort(readings.begin(), readings.end(), [](const GpuReading &a, const GpuReading &b) {
        return a.metricId != b.metricId ? a.metricId < b.metricId : a.gpu < b.gpu;
    });
    v1::Samples samples;
    samples.set_time_ms(timeMs);
    v1::MetricBlock *block = nullptr;
    for (size_t i = 0; i < readings.size(); ++i) {
        const GpuReading &r = readings[i];
        if (i + 1 < readings.size() && readings[i + 1].metricId == r.metricId && readings[i + 1].gpu == r.gpu)
            continue;
        if (!block || block->metric_id() != r.metricId) {
            block = samples.add_blocks();
            block->set_metric_id(r.metricId);
        }
        block->add_indices(r.gpu);
        block->add_values(r.value);
    }
    return samples;
}

} // namespace vigil
