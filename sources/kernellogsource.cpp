// SPDX-License-Identifier: GPL-3.0-or-later
#include "sources/kernellogsource.h"

#include "domain/pciaddress.h"
#include "domain/xidcatalog.h"

#include <QDate>
#include <QFile>
#include <QSysInfo>

namespace vigil {

namespace {

QString hostOrHint(const QString &host)
{
    return host.isEmpty() ? QStringLiteral("(unknown host; give host=FILE)") : host;
}

} // namespace

KernelLogSource::KernelLogSource(BridgeSpec spec, TelemetrySink &sink, Logger log, std::shared_ptr<XidMerger> xids)
    : LogSource(std::move(spec), sink, std::move(log))
    , m_parser(QDate::currentDate().year(), wallClockMs())
    , m_xids(std::move(xids))
{
    const Topology &t = *sink.topology();
    for (uint32_t g = 0; g < t.gpus.size(); ++g) {
        const QString pci = normalisePciBusId(t.gpus[g].pciBusId);
        if (pci.isEmpty())
            continue;
        m_gpuByHostPci[t.nodes[t.gpus[g].nodeIndex].hostname + u'/' + pci] = g;
        m_gpusByPci[pci].push_back(g);
    }
    for (uint32_t s = 0; s < t.switches.size(); ++s) {
        const Switch &sw = t.switches[s];
        const QString pci = normalisePciBusId(sw.pciBusId);
        if (sw.role == SwitchRole::NvSwitch && !pci.isEmpty() && size_t(sw.nodeIndex) < t.nodes.size())
            m_nvSwitchByHostPci[t.nodes[size_t(sw.nodeIndex)].hostname + u'/' + pci] = s;
    }
    if (!m_spec.host.isEmpty() && m_spec.host.compare(QSysInfo::machineHostName(), Qt::CaseInsensitive) == 0) {
        // This machine's own kernel log: its boot time is known, so plain dmesg lines get dates.
        QFile stat(QStringLiteral("/proc/stat"));
        if (stat.open(QIODevice::ReadOnly))
            for (const QByteArray &l : stat.readAll().split('\n'))
                if (l.startsWith("btime "))
                    m_parser.setBootTime(QString(), l.mid(6).trimmed().toLongLong() * 1000);
    }
    if (const qint64 offset = m_tail.resume(); offset > 0 && m_log)
        m_log(
            QStringLiteral("%1: going on from byte %2, where the last run stopped").arg(m_spec.describe()).arg(offset));
}

KernelLogSource::~KernelLogSource()
{
    stop();
}

void KernelLogSource::pollOnce()
{
    const int64_t now = wallClockMs();
    countPoll();
    const QByteArray chunk = feedNewLines(m_parser);
    if (chunk.isEmpty())
        return;
    handleXids(m_parser.takeRecords(), now);
    keepPosition(chunk, m_parser.pendingBytes());
}

void KernelLogSource::handleXids(std::vector<XidRecord> &&records, int64_t nowMs)
{
    std::vector<Event> events;
    for (const XidRecord &r : records) {
        const QString host = r.host.isEmpty() ? m_spec.host : r.host;
        std::optional<Event> e = r.nvswitch ? sxidEvent(r, host, nowMs) : xidEvent(r, host, nowMs);
        if (!e)
            continue;
        if (!r.nvswitch && m_xids && !m_xids->admit(XidMerger::Source::KernelLog, e->entity.index, r.xid, e->timeMs)) {
            countSkipped(1); // dcgm's report of it went on first and stands
            continue;
        }
        events.push_back(std::move(*e));
    }
    appendEvents(std::move(events));
}

std::optional<Event> KernelLogSource::xidEvent(const XidRecord &r, const QString &host, int64_t nowMs)
{
    const Topology &t = *m_sink.topology();
    int64_t gpu = -1;
    if (const auto it = m_gpuByHostPci.find(host + u'/' + r.pciBusId); it != m_gpuByHostPci.end())
        gpu = it->second;
    else if (const auto any = m_gpusByPci.find(r.pciBusId);
             host.isEmpty() && any != m_gpusByPci.end() && any->second.size() == 1)
        gpu = any->second.front();
    if (gpu < 0) {
        reject(QStringLiteral("line %1: no GPU at PCI %2 on %3").arg(r.line).arg(r.pciBusId, hostOrHint(host)));
        return std::nullopt;
    }
    Event e;
    e.timeMs = r.timeMs > 0 ? r.timeMs : nowMs;
    e.type = EventType::Xid;
    e.severity = xidIsJobFatal(r.xid) ? Severity::Critical : Severity::Warning;
    e.entity = { EntityKind::Gpu, uint32_t(gpu) };
    e.code = r.xid;
    // The driver's words, and what NVIDIA's catalogue says the code means.
    QString process;
    if (r.pid >= 0)
        process = r.process.isEmpty() ? QStringLiteral("pid %1, ").arg(r.pid)
                                      : QStringLiteral("pid %1 (%2), ").arg(r.pid).arg(r.process);
    e.message = QStringLiteral("NVRM: Xid (PCI:%1): %2, %3%4 [%5]")
                    .arg(r.pciBusId)
                    .arg(r.xid)
                    .arg(process, r.text, xidDescription(r.xid));
    if (r.timeMs <= 0) // said, so that nobody takes the time of reading for the time it happened
        e.message += QStringLiteral(" (the line has no wall-clock time: stamped when read)");
    else if (r.clock == XidRecord::Clock::FromBoot)
        e.message += QStringLiteral(" (dated from dmesg's seconds since boot and the machine's boot time)");
    if (const int32_t job = t.jobOfGpu[size_t(gpu)]; job >= 0)
        e.jobId = t.jobs[size_t(job)].id;
    return e;
}

std::optional<Event> KernelLogSource::sxidEvent(const XidRecord &r, const QString &host, int64_t nowMs)
{
    const Topology &t = *m_sink.topology();
    const auto it = m_nvSwitchByHostPci.find(host + u'/' + r.pciBusId);
    if (it == m_nvSwitchByHostPci.end()) {
        // Counted and said, not dropped: name where it came from so the topology can gain the switch.
        reject(QStringLiteral("line %1: NVSwitch SXid %2 at PCI %3 on %4: no NVSwitch there in the topology (add it "
                              "to the node's \"nvswitches\")")
                   .arg(r.line)
                   .arg(r.xid)
                   .arg(r.pciBusId, hostOrHint(host)));
        return std::nullopt;
    }
    Event e;
    e.timeMs = r.timeMs > 0 ? r.timeMs : nowMs;
    e.type = EventType::Xid; // an SXid: its code is NVSwitch's own, five digits, on a switch
    // The driver says whether the fault is fatal to the fabric (and so to the jobs across it).
    e.severity
        = r.text.startsWith(QLatin1String("Fatal"), Qt::CaseInsensitive) ? Severity::Critical : Severity::Warning;
    e.entity = { EntityKind::Switch, it->second };
    e.code = r.xid;
    e.message = QStringLiteral("SXid (PCI:%1): %2, %3 on %4")
                    .arg(r.pciBusId)
                    .arg(r.xid)
                    .arg(r.text, t.switches[it->second].name);
    if (r.timeMs <= 0)
        e.message += QStringLiteral(" (the line has no wall-clock time: stamped when read)");
    // The jobs on the node's GPUs are the ones an NVSwitch fault reaches.
    const int32_t node = t.switches[it->second].nodeIndex;
    if (size_t(node) < t.gpusOfNode.size())
        for (uint32_t gpu : t.gpusOfNode[size_t(node)])
            if (const int32_t job = t.jobOfGpu[gpu]; job >= 0) {
                e.jobId = t.jobs[size_t(job)].id;
                break;
            }
    return e;
}

} // namespace vigil
