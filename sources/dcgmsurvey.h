// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sources/bridgesource.h"

namespace vigil {

// What the dcgm-exporter sources (scraped, or read back from Prometheus) report at
// start-up, each read once: their GPUs by host and index (UUID, model, PCI id, serial,
// driver), the MIG instances on them (GPU_I_ID, GPU_I_PROFILE), and every field they
// report for whole GPUs and for GPU instances, with its help text. The topology and
// the stream's dictionary are laid out from it.
class DcgmSurvey
{
public:
    struct FoundGpu
    {
        QString uuid;
        QString model;
        QString pciBusId;
        QString serial;
        QString driverVersion;
        std::map<uint32_t, QString> instances; // GPU_I_ID -> GPU_I_PROFILE
    };
    struct FoundField
    {
        QString help;
        QString type;
        bool perGpu = false; // on samples of a whole GPU
        bool perInstance = false; // on samples of a MIG instance
        bool perLink = false; // on samples of a GPU's NVLink (dcgm-exporter 4.10)
    };
    using Inventory = std::map<QString, std::map<uint32_t, FoundGpu>>; // host -> index; sorted: stable layouts

    static DcgmSurvey read(const std::vector<BridgeSpec> &sources);

    QStringList errors; // "source: problem", per source that could not be read

private:
    friend Topology deriveTopologyFromDcgm(const DcgmSurvey &, QString *);
    friend size_t addUnplacedGpus(Topology &, const DcgmSurvey &, QString *);
    friend size_t addGpuInstances(Topology &, const DcgmSurvey &, QString *);
    friend std::vector<MetricDescriptor> metricsForDcgm(const DcgmSurvey &, std::vector<MetricDescriptor>);

    QString m_firstLocation;
    Inventory m_hosts;
    std::map<QString, FoundField> m_fields;
};

// The stream's metrics: `base`, then every DCGM field with a GPU identity the survey
// found that `base` lacks, known fields under DCGM's name and unit and others with
// the exposition's own help text; fields of MIG instances once more, as metrics of
// the GPU instance.
std::vector<MetricDescriptor> metricsForDcgm(const DcgmSurvey &survey, std::vector<MetricDescriptor> base);

// Lays out a topology from the sources' labels: one node per Hostname, its GPUs by
// index with their UUIDs, eight nodes to a rack. Used when no topology file is given.
Topology deriveTopologyFromDcgm(const DcgmSurvey &survey, QString *error);

// Adds the GPUs the sources report that `topology` does not know (by UUID or host and
// index) to an "Unplaced" hall, racks marked Placement::Unplaced, so they are shown and
// counted rather than dropped. Returns how many GPUs were added.
size_t addUnplacedGpus(Topology &topology, const DcgmSurvey &survey, QString *error);

// Adds the MIG instances the sources report on the topology's GPUs, each an entity
// under its GPU. Returns how many were added.
size_t addGpuInstances(Topology &topology, const DcgmSurvey &survey, QString *error);

} // namespace vigil
