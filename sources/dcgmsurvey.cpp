// SPDX-License-Identifier: GPL-3.0-or-later
#include "sources/dcgmsurvey.h"

#include "domain/dcgmfields.h"
#include "sources/exposition.h"

#include <set>

namespace vigil {

namespace {

QString firstLabel(const ExpositionSample &s, QByteArrayView key, QByteArrayView otherKey)
{
    return s.raw(key).isEmpty() ? s.label(otherKey) : s.label(key);
}

// One read of a source's exposition into the survey.
struct SurveyReader final : ExpositionVisitor
{
    SurveyReader(const BridgeSpec &spec, DcgmSurvey::Inventory &hosts,
                 std::map<QString, DcgmSurvey::FoundField> &fields)
        : spec(spec)
        , hosts(hosts)
        , fields(fields)
    { }

    void sample(const ExpositionSample &s) override
    {
        DcgmSurvey::FoundField &field = fields[QString::fromLatin1(s.name.data(), s.name.size())];
        if (s.raw("UUID").isEmpty() && s.raw("gpu").isEmpty())
            return;
        field.perLink = field.perLink || !s.raw("nvlink").isEmpty();
        bool isInstance = false;
        const uint32_t instance = s.label("GPU_I_ID").toUInt(&isInstance);
        (isInstance ? field.perInstance : field.perGpu) = true;
        const QString host = s.raw("Hostname").isEmpty() ? spec.host : s.label("Hostname");
        bool ok = false;
        const uint32_t index = s.label("gpu").toUInt(&ok);
        if (host.isEmpty() || !ok || index > Topology::MaxLocalIndex)
            return;
        DcgmSurvey::FoundGpu &f = hosts[host][index];
        if (f.uuid.isEmpty()) {
            // An NVLink's sample (4.10) names its GPU as gpu_uuid and model_name; 4.9 renamed
            // the driver's label.
            f.uuid = firstLabel(s, "UUID", "gpu_uuid");
            f.model = firstLabel(s, "modelName", "model_name");
            f.pciBusId = s.label("pci_bus_id").toLower();
            f.serial = s.label("DCGM_FI_DEV_SERIAL");
            f.driverVersion = firstLabel(s, "DCGM_FI_DRIVER_VERSION", "DCGM_FI_SYSTEM_DRIVER_VERSION");
        }
        if (isInstance && instance <= Topology::MaxInstanceId && !f.instances.count(instance))
            f.instances[instance] = s.label("GPU_I_PROFILE");
    }
    void help(QByteArrayView name, QByteArrayView text) override
    {
        fields[QString::fromLatin1(name.data(), name.size())].help = QString::fromUtf8(text.data(), text.size());
    }
    void type(QByteArrayView name, QByteArrayView text) override
    {
        fields[QString::fromLatin1(name.data(), name.size())].type = QString::fromLatin1(text.data(), text.size());
    }

    const BridgeSpec &spec;
    DcgmSurvey::Inventory &hosts;
    std::map<QString, DcgmSurvey::FoundField> &fields;
};

// Lays hosts out eight nodes to a rack in a new row of `hall`; returns the GPUs added.
size_t addRacksFor(Topology &t, const DcgmSurvey::Inventory &hosts, uint32_t hall, const QString &rowName,
                   Rack::Placement placement)
{
    constexpr uint32_t NodesPerRack = 8;
    const uint32_t row = uint32_t(t.rows.size());
    t.rows.push_back({ rowName, hall });
    if (t.coolingLoops.empty())
        t.coolingLoops.push_back({ QStringLiteral("unknown loop"), 0.0f });
    if (t.switches.empty())
        t.switches.push_back({ QStringLiteral("unknown leaf"), SwitchRole::Leaf, {} });
    size_t added = 0;
    uint32_t nodesInRow = 0;
    for (const auto &[host, gpus] : hosts) {
        if (gpus.empty())
            continue;
        if (nodesInRow % NodesPerRack == 0) {
            const uint32_t position = nodesInRow / NodesPerRack;
            Rack rack { QStringLiteral("%1-R%2").arg(rowName).arg(position + 1, 2, 10, QLatin1Char('0')),
                        row,
                        position,
                        {},
                        0,
                        0 };
            rack.placement = placement;
            t.racks.push_back(std::move(rack));
        }
        const uint32_t nodeIndex = uint32_t(t.nodes.size());
        t.nodes.push_back({ host, uint32_t(t.racks.size() - 1), nodesInRow % NodesPerRack });
        ++nodesInRow;
        for (const auto &[index, found] : gpus) {
            t.gpus.push_back({ found.uuid.isEmpty() ? QStringLiteral("%1:%2").arg(host).arg(index) : found.uuid,
                               nodeIndex, index, found.model.isEmpty() ? QStringLiteral("unknown") : found.model,
                               700.0f, 81559.0f, found.pciBusId, found.serial, found.driverVersion });
            ++added;
        }
    }
    return added;
}

} // namespace

DcgmSurvey DcgmSurvey::read(const std::vector<BridgeSpec> &sources)
{
    DcgmSurvey survey;
    for (const BridgeSpec &spec : sources) {
        if (!spec.readsDcgm())
            continue;
        if (survey.m_firstLocation.isEmpty())
            survey.m_firstLocation = spec.location;
        QString error;
        const QByteArray text = readDcgmText(spec, &error);
        if (!error.isEmpty()) {
            survey.errors.append(QStringLiteral("%1: %2").arg(spec.describe(), error));
            continue;
        }
        SurveyReader reader(spec, survey.m_hosts, survey.m_fields);
        readExposition(text, reader);
    }
    return survey;
}

Topology deriveTopologyFromDcgm(const DcgmSurvey &survey, QString *error)
{
    Topology t;
    if (survey.m_hosts.empty()) {
        *error = survey.errors.isEmpty()
            ? QStringLiteral("%1 has no DCGM samples with Hostname and gpu labels to lay out a cluster from")
                  .arg(survey.m_firstLocation)
            : survey.errors.join(QStringLiteral("; "));
        return t;
    }
    t.version = 1;
    t.clusterName = QStringLiteral("derived from %1").arg(survey.m_firstLocation);
    t.halls.push_back({ QStringLiteral("Hall (from dcgm labels)") });
    // The labels say which GPUs share a host, not where hosts stand: every place is assumed.
    addRacksFor(t, survey.m_hosts, 0, QStringLiteral("D01"), Rack::Placement::Assumed);
    *error = t.index();
    return t;
}

size_t addUnplacedGpus(Topology &t, const DcgmSurvey &survey, QString *error)
{
    DcgmSurvey::Inventory hosts = survey.m_hosts;
    std::set<QString> knownUuids;
    std::set<QString> knownHostIndex;
    for (const Gpu &g : t.gpus) {
        knownUuids.insert(g.uuid.toLower());
        knownHostIndex.insert(QStringLiteral("%1:%2").arg(t.nodes[g.nodeIndex].hostname).arg(g.localIndex));
    }
    for (auto &[host, gpus] : hosts) {
        const QString &hostname = host; // clang 14 cannot capture a structured binding in a lambda
        std::erase_if(gpus, [&](const auto &entry) {
            return knownUuids.count(entry.second.uuid.toLower())
                || knownHostIndex.count(QStringLiteral("%1:%2").arg(hostname).arg(entry.first));
        });
    }
    std::erase_if(hosts, [](const auto &entry) { return entry.second.empty(); });
    if (hosts.empty())
        return 0;
    const uint32_t hall = uint32_t(t.halls.size());
    t.halls.push_back({ QStringLiteral("Unplaced") });
    const size_t added = addRacksFor(t, hosts, hall, QStringLiteral("UNPLACED"), Rack::Placement::Unplaced);
    *error = t.index();
    return error->isEmpty() ? added : 0;
}

size_t addGpuInstances(Topology &t, const DcgmSurvey &survey, QString *error)
{
    std::map<QString, uint32_t> byUuid, byHostIndex;
    for (uint32_t g = 0; g < t.gpus.size(); ++g) {
        byUuid[t.gpus[g].uuid.toLower()] = g;
        byHostIndex[QStringLiteral("%1:%2").arg(t.nodes[t.gpus[g].nodeIndex].hostname).arg(t.gpus[g].localIndex)] = g;
    }
    std::set<std::pair<uint32_t, uint32_t>> present;
    for (const GpuInstance &g : t.gpuInstances)
        present.insert({ g.gpuIndex, g.instanceId });
    size_t added = 0;
    for (const auto &[host, gpus] : survey.m_hosts)
        for (const auto &[index, found] : gpus) {
            if (found.instances.empty())
                continue;
            auto gpu = byUuid.find(found.uuid.toLower());
            if (found.uuid.isEmpty() || gpu == byUuid.end())
                gpu = byHostIndex.find(QStringLiteral("%1:%2").arg(host).arg(index));
            if (gpu == byHostIndex.end() || gpu == byUuid.end())
                continue;
            for (const auto &[id, profile] : found.instances)
                if (present.insert({ gpu->second, id }).second) {
                    t.gpuInstances.push_back({ gpu->second, id, profile });
                    ++added;
                }
        }
    if (added)
        *error = t.index();
    return error->isEmpty() ? added : 0;
}

std::vector<MetricDescriptor> metricsForDcgm(const DcgmSurvey &survey, std::vector<MetricDescriptor> metrics)
{
    auto known = [&](const QString &name, EntityKind kind) {
        return std::any_of(metrics.begin(), metrics.end(),
                           [&](const MetricDescriptor &m) { return m.name == name && m.entityKind == kind; });
    };
    // GPU fields first: a view that looks a metric up by name finds the whole GPU's.
    for (const EntityKind kind : { EntityKind::Gpu, EntityKind::GpuInstance }) {
        for (const auto &[name, found] : survey.m_fields) {
            if (!(kind == EntityKind::Gpu ? found.perGpu : found.perInstance))
                continue;
            const QByteArray latin = name.toLatin1();
            const DcgmField *field = findDcgmField(latin);
            MetricDescriptor m;
            if (field && field->kind == DcgmFieldKind::Label)
                continue;
            if (field) {
                m = dcgmMetric(*field); // every generation's name, as the one field
            } else {
                // A field Vigil does not know is kept under its own name, in its own words.
                m = { 0, name, QString(), EntityKind::Gpu, found.help.isEmpty() ? name : found.help };
            }
            m.entityKind = kind;
            if (known(m.name, kind))
                continue;
            m.id = uint32_t(metrics.size());
            metrics.push_back(std::move(m));
        }
    }
    // Rates per NVLink: how many of a GPU's links carry traffic goes on the stream too.
    const bool ratesPerLink = std::any_of(survey.m_fields.begin(), survey.m_fields.end(), [](const auto &f) {
        const DcgmField *field = findDcgmField(f.first.toLatin1());
        return f.second.perLink && field && isNvlinkRate(QLatin1String(field->name));
    });
    if (ratesPerLink && !known(metric::NvlinkActiveLinks, EntityKind::Gpu))
        metrics.push_back(metric::nvlinkActiveLinksMetric(uint32_t(metrics.size())));
    return metrics;
}

} // namespace vigil
