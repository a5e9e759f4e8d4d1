// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dcgmmapper.h"
#include "kernellog.h"
#include "state/telemetrysource.h"
#include "traininglog.h"

#include <QString>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

namespace vigil {

// Where a bridge reads from (docs/sources.md).
struct BridgeSpec
{
    enum class Kind
    {
        Dcgm,
        KernelLog,
        TrainingLog
    };
    Kind kind = Kind::Dcgm;
    QString location; // http://host:9400/metrics, or a file path
    QString host; // dcgm: hostname for samples without a Hostname label; kernel log: the node it came from
    QString jobId; // training log: job for lines without a "job" field
    std::chrono::milliseconds interval { 1000 };

    // "[host=]URL|FILE" for --dcgm and --kernel-log, "[job=]FILE" for --training-log.
    static BridgeSpec fromArgument(Kind kind, const QString &argument);
    QString describe() const;
};

// What a bridge has done so far, for its log line and for tests.
struct BridgeCounters
{
    uint64_t polls = 0;
    uint64_t samples = 0; // readings that entered the journal
    uint64_t events = 0; // events that entered the journal
    uint64_t skipped = 0; // valid input of no interest (comments, unmapped fields, blanks)
    uint64_t rejected = 0; // bad input, counted and dropped
    QString lastError;
};

// A real source feeding a sink (the gateway's journal) on its own thread: scrapes
// dcgm-exporter (URL or file) every interval, or tails a kernel log or a
// training log, maps what it reads onto the topology, and appends it.
class BridgeSource final : public TelemetrySource
{
public:
    using Logger = std::function<void(const QString &)>;

    BridgeSource(BridgeSpec spec, TelemetrySink &sink, Logger log = {});
    ~BridgeSource() override;

    void start() override;
    void stop() override;
    // One poll on the calling thread (what the worker does every interval).
    void pollOnce();
    BridgeCounters counters() const;
    const BridgeSpec &spec() const { return m_spec; }

private:
    void pollDcgm(int64_t nowMs);
    void pollTail(int64_t nowMs);
    void appendReadings(int64_t timeMs, std::vector<GpuReading> &readings);
    void appendEvents(std::vector<Event> &&events);
    void handleXids(std::vector<XidRecord> &&records, int64_t nowMs);
    void handleTraining(std::vector<TrainingRecord> &&records, int64_t nowMs);
    void count(const ParseStats &before, const ParseStats &after);
    void report(const QString &message);

    BridgeSpec m_spec;
    TelemetrySink &m_sink;
    Logger m_log;
    std::unique_ptr<DcgmMapper> m_dcgm;
    KernelLogParser m_kernel; // syslog lines carry no year: this one is assumed
    TrainingLogParser m_training;
    qint64 m_offset = 0;
    std::map<QString, uint32_t> m_gpuByHostPci;
    std::map<QString, std::vector<uint32_t>> m_gpusByPci;
    std::map<QString, uint32_t> m_jobById;

    mutable std::mutex m_mutex;
    BridgeCounters m_counters;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::thread m_thread;
};

// Reads a dcgm-exporter source once and lays out a topology from its labels:
// one node per Hostname, its GPUs by index with their UUIDs, eight nodes to a
// rack. Used when no topology file is given.
Topology deriveTopologyFromDcgm(const BridgeSpec &spec, QString *error);

// Reads a dcgm-exporter source once and adds the GPUs it reports that `topology`
// does not know (by UUID or host and index) to an "Unplaced" hall, racks marked
// Placement::Unplaced, so they are shown and counted rather than dropped.
// Returns how many GPUs were added; on a read error, none.
size_t addUnplacedGpus(Topology &topology, const BridgeSpec &spec, QString *error);

} // namespace vigil
