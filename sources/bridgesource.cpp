// SPDX-License-Identifier: GPL-3.0-or-later
#include "sources/bridgesource.h"

#include "domain/codec.h"
#include "domain/pciaddress.h"
#include "domain/xidcatalog.h"
#include "sources/prometheusquery.h"

#include <QCryptographicHash>
#include <QDate>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QScopeGuard>
#include <QSysInfo>
#include <QUrl>

#include <sys/stat.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <set>

namespace vigil {

namespace {

int64_t wallClockMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

QString prometheusUrl(const BridgeSpec &spec, const QString &path, const QString &query)
{
    QString base = spec.location;
    while (base.endsWith(u'/'))
        base.chop(1);
    return base + path + u'?' + query;
}

QString encoded(const QString &text)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(text));
}

// An instant query of the DCGM series, as the exporter's text.
QByteArray queryPrometheus(const BridgeSpec &spec, QString *error, size_t *series = nullptr)
{
    QString query = QStringLiteral("query=") + encoded(dcgmSelector());
    if (spec.atMs > 0)
        query += QStringLiteral("&time=%1").arg(double(spec.atMs) / 1000.0, 0, 'f', 3);
    const HttpResponse response = httpGet(prometheusUrl(spec, QStringLiteral("/api/v1/query"), query), spec.http);
    if (!response.error.isEmpty()) {
        *error = response.error;
        return {};
    }
    QByteArray text;
    if (QString e = instantToExposition(response.body, { spec.hostLabel }, text, nullptr, series); !e.isEmpty()) {
        *error = QStringLiteral("%1: %2").arg(spec.location, e);
        return text;
    }
    if (spec.layoutSinceMs > 0 && spec.atMs > spec.layoutSinceMs) {
        // The GPUs that reported during the span, by the fields every GPU and MIG instance has:
        // the series API's answer is a label set a series, too large to ask for every field.
        const QString since = QStringLiteral("&start=%1&end=%2")
                                  .arg(double(spec.layoutSinceMs) / 1000.0, 0, 'f', 3)
                                  .arg(double(spec.atMs) / 1000.0, 0, 'f', 3);
        const HttpResponse all
            = httpGet(prometheusUrl(spec, QStringLiteral("/api/v1/series"),
                                    QStringLiteral("match[]=") + encoded(presenceSelector()) + since),
                      spec.http);
        if (!all.error.isEmpty())
            *error = QStringLiteral("%1: the GPUs of the span: %2").arg(spec.location, all.error);
        else if (QString e = seriesToExposition(all.body, { spec.hostLabel }, text); !e.isEmpty())
            *error = QStringLiteral("%1: the GPUs of the span: %2").arg(spec.location, e);
    }
    return text;
}

// A range query the server refused for its size (Prometheus: 400 "exceeded maximum
// resolution", 422 "would load too many samples"; VictoriaMetrics: 422 "too many"), as
// against one that failed for another reason and would fail again however small.
bool refusedForSize(const HttpResponse &response)
{
    if (response.status != 400 && response.status != 422)
        return false;
    const QString body = QString::fromUtf8(response.body).toLower();
    return body.contains(QLatin1String("maximum resolution")) || body.contains(QLatin1String("too many"))
        || body.contains(QLatin1String("exceed")) || body.contains(QLatin1String("limit"));
}

QByteArray readSource(const BridgeSpec &spec, QString *error)
{
    if (spec.kind == BridgeSpec::Kind::Prometheus)
        return queryPrometheus(spec, error);
    if (isHttpUrl(spec.location)) {
        HttpResponse response = httpGet(spec.location, spec.http);
        if (!response.error.isEmpty())
            *error = response.error;
        return std::move(response.body);
    }
    QFile file(spec.location);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(spec.location, file.errorString());
        return {};
    }
    if (file.size() > spec.http.maxBytes) {
        *error = QStringLiteral("%1 is larger than %2 bytes").arg(spec.location).arg(spec.http.maxBytes);
        return {};
    }
    return file.readAll();
}

} // namespace

BridgeSpec BridgeSpec::fromArgument(Kind kind, const QString &argument)
{
    BridgeSpec spec;
    spec.kind = kind;
    spec.location = argument;
    const qsizetype equals = argument.indexOf(u'=');
    const qsizetype scheme = argument.indexOf(QLatin1String("://"));
    if (equals > 0 && (scheme < 0 || equals < scheme)) {
        (kind == Kind::TrainingLog ? spec.jobId : spec.host) = argument.left(equals);
        spec.location = argument.mid(equals + 1);
    }
    // A query API surveying a large fleet answers in tens of seconds (17–23 s for 100k GPUs on
    // VictoriaMetrics), not in a scrape's five.
    if (kind == Kind::Prometheus)
        spec.http.timeout = std::chrono::seconds(60);
    // An exporter's samples name their node by their Hostname label; without one, by the
    // host= given, or else by the host the exporter is scraped at (one exporter a node).
    if (kind == Kind::Dcgm && spec.host.isEmpty()) {
        const QUrl url(spec.location);
        if ((url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https")) && !url.host().isEmpty())
            spec.host = url.host();
    }
    return spec;
}

QString BridgeSpec::describe() const
{
    switch (kind) {
    case Kind::Dcgm:
        return QStringLiteral("dcgm-exporter %1").arg(location);
    case Kind::KernelLog:
        return QStringLiteral("kernel log %1").arg(location);
    case Kind::TrainingLog:
        return QStringLiteral("training log %1").arg(location);
    case Kind::Prometheus:
        return QStringLiteral("Prometheus %1").arg(location);
    }
    return location;
}

BridgeSource::BridgeSource(BridgeSpec spec, TelemetrySink &sink, Logger log, std::shared_ptr<XidMerger> xids)
    : m_spec(std::move(spec))
    , m_sink(sink)
    , m_log(std::move(log))
    , m_kernel(QDate::currentDate().year(), wallClockMs())
{
    m_xids = std::move(xids);
    const Topology &t = *sink.topology();
    if (m_spec.readsDcgm())
        m_dcgm = std::make_unique<DcgmMapper>(sink.topology(), sink.metrics());
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
    for (uint32_t j = 0; j < t.jobs.size(); ++j)
        m_jobById[t.jobs[j].id] = j;
    if (m_spec.kind == BridgeSpec::Kind::KernelLog && !m_spec.host.isEmpty()
        && m_spec.host.compare(QSysInfo::machineHostName(), Qt::CaseInsensitive) == 0) {
        // This machine's own kernel log: its boot time is known, so plain dmesg lines get dates.
        QFile stat(QStringLiteral("/proc/stat"));
        if (stat.open(QIODevice::ReadOnly))
            for (const QByteArray &l : stat.readAll().split('\n'))
                if (l.startsWith("btime "))
                    m_kernel.setBootTime(QString(), l.mid(6).trimmed().toLongLong() * 1000);
    }
    if (m_spec.kind == BridgeSpec::Kind::TrainingLog && QFileInfo(m_spec.location).isDir())
        m_tensorboard = std::make_unique<TensorBoardRun>(m_spec.location);
    if (m_spec.kind == BridgeSpec::Kind::KernelLog || m_spec.kind == BridgeSpec::Kind::TrainingLog)
        loadPosition();
}

QString BridgeSource::positionPath() const
{
    if (m_spec.positionsDirectory.isEmpty())
        return {};
    const QByteArray key
        = QCryptographicHash::hash(QFileInfo(m_spec.location).absoluteFilePath().toUtf8(), QCryptographicHash::Sha1)
              .toHex()
              .left(16);
    return QDir(m_spec.positionsDirectory).filePath(QStringLiteral("position-%1.json").arg(QLatin1String(key)));
}

void BridgeSource::loadPosition()
{
    const QString path = positionPath();
    if (path.isEmpty())
        return;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return; // never read before
    const QJsonObject saved = QJsonDocument::fromJson(file.read(1 << 20)).object();
    if (m_tensorboard) {
        // A run directory: where each event file was read to.
        std::map<QString, qint64> positions;
        const QJsonObject files = saved.value(QLatin1String("files")).toObject();
        for (auto it = files.begin(); it != files.end(); ++it)
            positions[it.key()] = qint64(it.value().toDouble(-1));
        m_tensorboard->resumeFrom(positions);
        if (m_log && !positions.empty())
            m_log(QStringLiteral("%1: going on from where the last run stopped in %2 event files")
                      .arg(m_spec.describe())
                      .arg(positions.size()));
        return;
    }
    struct stat st
    {
    };
    const QByteArray local = QFile::encodeName(m_spec.location);
    if (::stat(local.constData(), &st) != 0)
        return;
    const uint64_t inode = uint64_t(saved.value(QLatin1String("inode")).toDouble(-1));
    const qint64 offset = qint64(saved.value(QLatin1String("offset")).toDouble(-1));
    const QByteArray tail = QByteArray::fromHex(saved.value(QLatin1String("tail")).toString().toLatin1());
    // The same file, no shorter than where we were, and still holding the bytes we read
    // last (a file truncated and written again to the same length does not): go on
    // from there. Anything else was rotated or truncated while we were away, and is read
    // from its start.
    QFile log(m_spec.location);
    const bool sameBytes
        = log.open(QIODevice::ReadOnly) && log.seek(offset - tail.size()) && log.read(tail.size()) == tail;
    if (inode == uint64_t(st.st_ino) && offset >= 0 && offset <= qint64(st.st_size) && sameBytes) {
        m_inode = inode;
        m_offset = offset;
        if (m_log)
            m_log(QStringLiteral("%1: going on from byte %2, where the last run stopped")
                      .arg(m_spec.describe())
                      .arg(offset));
    }
}

void BridgeSource::savePosition(qint64 completeOffset, const QByteArray &tail)
{
    writePosition({ { QStringLiteral("inode"), double(m_inode) },
                    { QStringLiteral("offset"), double(completeOffset) },
                    { QStringLiteral("tail"), QString::fromLatin1(tail.toHex()) } });
}

void BridgeSource::writePosition(QJsonObject position)
{
    const QString path = positionPath();
    if (path.isEmpty())
        return;
    position.insert(QStringLiteral("location"), m_spec.location);
    QDir().mkpath(m_spec.positionsDirectory);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(position).toJson(QJsonDocument::Compact)) < 0
        || !file.commit())
        report(QStringLiteral("cannot keep the read position in %1: %2").arg(path, file.errorString()));
}

BridgeSource::~BridgeSource()
{
    stop();
}

void BridgeSource::start()
{
    m_worker.start(m_spec.interval, [this] { pollOnce(); });
}

void BridgeSource::stop()
{
    m_worker.stop();
}

BridgeCounters BridgeSource::counters() const
{
    std::lock_guard lock(m_mutex);
    return m_counters;
}

void BridgeSource::report(const QString &message)
{
    {
        std::lock_guard lock(m_mutex);
        // A source that keeps sending the same bad line is said once, not every poll.
        if (message == m_counters.lastError)
            return;
        m_counters.lastError = message;
    }
    if (m_log)
        m_log(QStringLiteral("%1: %2").arg(m_spec.describe(), message));
}

QStringList BridgeCounters::rejectionReasons() const
{
    QStringList reasons;
    for (const Rejection &r : rejections)
        reasons << r.why;
    return reasons;
}

void BridgeSource::keepRejections(const QStringList &reasons)
{
    constexpr size_t Kept = 20;
    const int64_t now = QDateTime::currentMSecsSinceEpoch();
    std::lock_guard lock(m_mutex);
    std::vector<BridgeCounters::Rejection> &kept = m_counters.rejections;
    for (const QString &r : reasons) {
        auto seen = std::find_if(kept.begin(), kept.end(), [&](const auto &k) { return k.why == r; });
        if (seen == kept.end()) {
            if (kept.size() >= Kept)
                continue;
            seen = kept.insert(kept.end(), { r, 0, 0 });
        }
        ++seen->times;
        seen->lastSeenMs = now;
    }
}

void BridgeSource::count(const ParseStats &before, const ParseStats &after)
{
    std::lock_guard lock(m_mutex);
    m_counters.skipped += after.skipped - before.skipped;
    m_counters.rejected += after.rejected - before.rejected;
}

void BridgeSource::countPoll()
{
    const int64_t now = wallClockMs();
    std::lock_guard lock(m_mutex);
    ++m_counters.polls;
    m_counters.lastPollMs = now;
}

void BridgeSource::pollOnce()
{
    const int64_t now = wallClockMs();
    countPoll();
    if (m_spec.kind == BridgeSpec::Kind::Prometheus) {
        if (!m_historyRead && m_spec.historyHours > 0)
            readPrometheusHistory(now);
        m_historyRead = true;
        QString error;
        const QByteArray text = queryPrometheus(m_spec, &error);
        if (!error.isEmpty())
            report(error);
        else
            mapScrape(text, now);
    } else if (m_spec.kind != BridgeSpec::Kind::Dcgm) {
        pollTail(now);
    } else if (isHttpUrl(m_spec.location)) {
        ingestScrape(httpGet(m_spec.location, m_spec.http), now);
    } else {
        QString error;
        const QByteArray text = readSource(m_spec, &error);
        if (!error.isEmpty())
            report(error);
        else
            mapScrape(text, now);
    }
}

void BridgeSource::readPrometheusHistory(int64_t nowMs)
{
    const int64_t stepMs = std::max<int64_t>(1000, m_spec.interval.count());
    const PrometheusSpanRead read
        = readPrometheusSpan(nowMs - int64_t(m_spec.historyHours * 3600'000.0), nowMs - stepMs, stepMs);
    if (!read.error.isEmpty()) {
        report(QStringLiteral("cannot read the history: %1").arg(read.error));
        return;
    }
    for (const PrometheusSpanRead::Missing &m : read.missing)
        report(QStringLiteral("cannot read the history from %1: %2")
                   .arg(QDateTime::fromMSecsSinceEpoch(m.fromMs).toString(Qt::ISODate), m.reason));
    if (m_log)
        m_log(QStringLiteral("%1: read %2 h of history (%3 instants in %4 queries)")
                  .arg(m_spec.describe())
                  .arg(m_spec.historyHours)
                  .arg(read.instants)
                  .arg(read.queries));
}

PrometheusSpanRead BridgeSource::readPrometheusSpan(int64_t fromMs, int64_t toMs, int64_t stepMs,
                                                    const std::function<bool(double)> &progress)
{
    PrometheusSpanRead read;
    stepMs = std::max<int64_t>(1, stepMs);
    if (toMs < fromMs)
        return read;
    // How many series there are, as of the span's end, sets how long each range query may be.
    size_t series = 0;
    BridgeSpec atEnd = m_spec;
    atEnd.atMs = toMs;
    atEnd.layoutSinceMs = 0; // a count, not a layout
    queryPrometheus(atEnd, &read.error, &series);
    if (!read.error.isEmpty())
        return read;
    std::deque<RangeChunk> chunks;
    // Under the server's limits, and under ours: each answer is held whole, as JSON and then as
    // one exposition text per instant (~1 KB a sample in all), so a query of the server's
    // 50 M samples would take tens of GB here. Half a million is ~300 MB at most.
    constexpr int64_t MaxSamplesHeld = 500'000;
    for (const RangeChunk &c :
         planRangeQueries(fromMs, toMs, stepMs, std::max<size_t>(series, 1), 11000, MaxSamplesHeld))
        chunks.push_back(c);
    const double whole = double(toMs - fromMs + stepMs);
    double done = 0.0;
    while (!chunks.empty()) {
        if (progress && !progress(done / whole)) {
            read.cancelled = true;
            read.missing.push_back({ chunks.front().startMs, chunks.back().endMs, QStringLiteral("cancelled") });
            return read;
        }
        const RangeChunk c = chunks.front();
        chunks.pop_front();
        // Not arg(): the encoded selector holds % signs of its own.
        const QString query = QStringLiteral("start=%1&end=%2&step=%3&query=")
                                  .arg(double(c.startMs) / 1000.0, 0, 'f', 3)
                                  .arg(double(c.endMs) / 1000.0, 0, 'f', 3)
                                  .arg(double(c.stepMs) / 1000.0, 0, 'f', 3)
            + encoded(dcgmSelector());
        ++read.queries;
        const HttpResponse response
            = httpGet(prometheusUrl(m_spec, QStringLiteral("/api/v1/query_range"), query), m_spec.http);
        const int64_t steps = (c.endMs - c.startMs) / c.stepMs + 1;
        if (!response.error.isEmpty() && refusedForSize(response) && steps > 1) {
            // Asked again as two halves that together cover the same steps, first half first.
            const int64_t middle = c.startMs + (steps / 2) * c.stepMs;
            chunks.push_front({ middle, c.endMs, c.stepMs });
            chunks.push_front({ c.startMs, middle - c.stepMs, c.stepMs });
            ++read.splits;
            continue;
        }
        std::map<int64_t, QByteArray> byTime;
        QString error = response.error;
        if (error.isEmpty())
            error = rangeToExposition(response.body, { m_spec.hostLabel }, byTime);
        done += double(c.endMs - c.startMs + c.stepMs);
        if (!error.isEmpty()) {
            read.missing.push_back({ c.startMs, c.endMs, error });
            continue;
        }
        // In time order, each instant as if it had been scraped then: counters raise
        // their warnings at the time the count went up.
        for (auto &[timeMs, text] : byTime) {
            read.points += uint64_t(text.count('\n'));
            mapScrape(text, timeMs);
            ++read.instants;
        }
    }
    if (progress)
        progress(1.0);
    return read;
}

void BridgeSource::ingestScrape(const HttpResponse &response, int64_t nowMs)
{
    if (!response.error.isEmpty())
        report(response.error);
    else
        mapScrape(response.body, nowMs);
}

void BridgeSource::mapScrape(QByteArrayView text, int64_t nowMs)
{
    m_dcgm->mapInto(text, nowMs, m_spec.host, m_mapped);
    const ParseStats &stats = m_mapped.stats;
    count({}, stats);
    {
        std::lock_guard lock(m_mutex);
        m_counters.unknownFields = m_mapped.unknownFields;
    }
    if (!stats.firstErrors.isEmpty()) {
        keepRejections(stats.firstErrors);
        report(QStringLiteral("%1 lines rejected; first: %2").arg(stats.rejected).arg(stats.firstErrors.front()));
    }
    appendReadings(nowMs, m_mapped.readings);
    holdXids(m_mapped.events, nowMs);
    appendEvents(std::move(m_mapped.events));
    m_mapped.events.clear();
}

void BridgeSource::pollTensorBoard(int64_t nowMs)
{
    const ParseStats before = m_tensorboard->stats();
    QStringList problems;
    std::vector<TrainingRecord> records = m_tensorboard->poll(problems);
    count(before, m_tensorboard->stats());
    keepRejections(m_tensorboard->stats().firstErrors.mid(before.firstErrors.size()));
    for (const QString &p : problems)
        report(p);
    {
        std::lock_guard lock(m_mutex);
        for (const auto &[tag, count] : m_tensorboard->unknownTags())
            m_counters.unknownFields[tag] = { uint64_t(count), QStringLiteral("TensorBoard tag"), {} };
    }
    handleTraining(std::move(records), nowMs);
    if (m_tensorboard->stats().lines == before.lines)
        return;
    QJsonObject files;
    for (const auto &[name, offset] : m_tensorboard->positions())
        files.insert(name, double(offset));
    writePosition({ { QStringLiteral("files"), files } });
}

void BridgeSource::pollTail(int64_t nowMs)
{
    if (m_tensorboard) {
        pollTensorBoard(nowMs);
        return;
    }
    QFile file(m_spec.location);
    if (!file.open(QIODevice::ReadOnly)) {
        report(QStringLiteral("cannot read: %1").arg(file.errorString()));
        return;
    }
    // Another file at the path was rotated in; a file shorter than what was read was
    // truncated: either way, start over at its beginning.
    struct stat st
    {
    };
    if (::fstat(file.handle(), &st) == 0) {
        if (m_inode != 0 && uint64_t(st.st_ino) != m_inode)
            m_offset = 0;
        m_inode = uint64_t(st.st_ino);
    }
    if (file.size() < m_offset)
        m_offset = 0;
    if (!file.seek(m_offset))
        return;
    const QByteArray chunk = file.read(std::min<qint64>(file.size() - m_offset, qint64(16) << 20));
    m_offset += chunk.size();
    if (chunk.isEmpty())
        return;
    const auto keepPosition = qScopeGuard([this, &chunk] {
        // Up to the last complete line: a line half written is read whole next time.
        const qsizetype pending
            = m_spec.kind == BridgeSpec::Kind::KernelLog ? m_kernel.pendingBytes() : m_training.pendingBytes();
        // With the last bytes before that point, to tell this file from one truncated and rewritten.
        const qsizetype end = chunk.size() - pending;
        const qsizetype tail = std::min<qsizetype>(256, std::max<qsizetype>(end, 0)); // more than a line
        savePosition(m_offset - pending, chunk.mid(end - tail, tail));
    });
    if (m_spec.kind == BridgeSpec::Kind::KernelLog) {
        const ParseStats before = m_kernel.stats();
        m_kernel.feed(chunk);
        count(before, m_kernel.stats());
        keepRejections(m_kernel.stats().firstErrors.mid(before.firstErrors.size()));
        if (m_kernel.stats().rejected > before.rejected)
            report(QStringLiteral("%1 lines rejected so far; last: %2")
                       .arg(m_kernel.stats().rejected)
                       .arg(m_kernel.stats().firstErrors.last()));
        handleXids(m_kernel.takeRecords(), nowMs);
    } else {
        const ParseStats before = m_training.stats();
        m_training.feed(chunk);
        count(before, m_training.stats());
        keepRejections(m_training.stats().firstErrors.mid(before.firstErrors.size()));
        if (m_training.stats().rejected > before.rejected && !m_training.stats().firstErrors.isEmpty())
            report(QStringLiteral("%1 lines rejected so far; last: %2")
                       .arg(m_training.stats().rejected)
                       .arg(m_training.stats().firstErrors.last()));
        {
            std::lock_guard lock(m_mutex);
            for (const auto &[field, count] : m_training.unknownFields())
                m_counters.unknownFields[field] = { uint64_t(count), QStringLiteral("JSON field"), {} };
        }
        handleTraining(m_training.takeRecords(), nowMs);
    }
}

void BridgeSource::handleXids(std::vector<XidRecord> &&records, int64_t nowMs)
{
    const Topology &t = *m_sink.topology();
    std::vector<Event> events;
    for (const XidRecord &r : records) {
        const QString host = r.host.isEmpty() ? m_spec.host : r.host;
        if (r.nvswitch) {
            if (std::optional<Event> e = sxidEvent(r, host, nowMs))
                events.push_back(std::move(*e));
            continue;
        }
        int64_t gpu = -1;
        if (const auto it = m_gpuByHostPci.find(host + u'/' + r.pciBusId); it != m_gpuByHostPci.end())
            gpu = it->second;
        else if (host.isEmpty() && m_gpusByPci[r.pciBusId].size() == 1)
            gpu = m_gpusByPci[r.pciBusId].front();
        if (gpu < 0) {
            {
                std::lock_guard lock(m_mutex);
                ++m_counters.rejected;
            }
            const QString why
                = QStringLiteral("line %1: no GPU at PCI %2 on %3")
                      .arg(r.line)
                      .arg(r.pciBusId, host.isEmpty() ? QStringLiteral("(unknown host; give host=FILE)") : host);
            keepRejections({ why });
            report(why);
            continue;
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
        if (m_xids && !m_xids->admit(XidMerger::Source::KernelLog, uint32_t(gpu), r.xid, e.timeMs)) {
            std::lock_guard lock(m_mutex);
            ++m_counters.skipped; // dcgm's report of it went on first and stands
            continue;
        }
        events.push_back(std::move(e));
    }
    appendEvents(std::move(events));
}

std::optional<Event> BridgeSource::sxidEvent(const XidRecord &r, const QString &host, int64_t nowMs)
{
    const Topology &t = *m_sink.topology();
    const auto it = m_nvSwitchByHostPci.find(host + u'/' + r.pciBusId);
    if (it == m_nvSwitchByHostPci.end()) {
        // Counted and said, not dropped: name where it came from so the topology can gain the switch.
        const QString why
            = QStringLiteral("line %1: NVSwitch SXid %2 at PCI %3 on %4: no NVSwitch there in the topology (add it "
                             "to the node's \"nvswitches\")")
                  .arg(r.line)
                  .arg(r.xid)
                  .arg(r.pciBusId, host.isEmpty() ? QStringLiteral("(unknown host; give host=FILE)") : host);
        {
            std::lock_guard lock(m_mutex);
            ++m_counters.rejected;
        }
        keepRejections({ why });
        report(why);
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

void BridgeSource::handleTraining(std::vector<TrainingRecord> &&records, int64_t nowMs)
{
    auto idOf = [&](const QString &name) {
        for (const MetricDescriptor &m : m_sink.metrics())
            if (m.name == name)
                return m.id;
        return uint32_t(UINT32_MAX);
    };
    const uint32_t stepId = idOf(metric::JobStep);
    const uint32_t lossId = idOf(metric::JobLoss);
    const uint32_t tokensId = idOf(metric::JobTokensPerSecond);
    const uint32_t stepTimeId = idOf(metric::JobStepTime);
    const Topology &t = *m_sink.topology();
    std::vector<Event> events;
    for (const TrainingRecord &r : records) {
        const QString jobId = r.jobId.isEmpty() ? m_spec.jobId : r.jobId;
        const auto job = m_jobById.find(jobId);
        if (job == m_jobById.end()) {
            {
                std::lock_guard lock(m_mutex);
                ++m_counters.rejected;
            }
            const QString why = QStringLiteral("line %1: no job '%2' in the topology").arg(r.line).arg(jobId);
            keepRejections({ why });
            report(why);
            continue;
        }
        const int64_t time = r.timeMs > 0 ? r.timeMs : nowMs;
        std::vector<GpuReading> readings; // job index in the gpu field: the block builder only needs an index
        if (r.step)
            readings.push_back({ stepId, job->second, float(*r.step) });
        if (r.loss)
            readings.push_back({ lossId, job->second, float(*r.loss) });
        if (r.tokensPerSecond) {
            // A figure per GPU (torchtitan, NeMo) is the job's over the GPUs it runs on.
            const size_t gpus = t.jobs[job->second].gpuIndices.size();
            if (!r.tokensPerGpu || gpus > 0)
                readings.push_back(
                    { tokensId, job->second, float(*r.tokensPerSecond * (r.tokensPerGpu ? double(gpus) : 1.0)) });
        }
        if (r.stepTimeS)
            readings.push_back({ stepTimeId, job->second, float(*r.stepTimeS) });
        appendReadings(time, readings);
        // An event on the job at the line's time: what the log said, or what its steps show.
        auto jobEvent = [&](EventType type, Severity severity, int64_t step, double lostSteps, QString message) {
            Event e;
            e.timeMs = time;
            e.type = type;
            e.severity = severity;
            e.entity = { EntityKind::Job, job->second };
            e.jobId = jobId;
            e.step = step;
            e.value = lostSteps;
            e.message = std::move(message);
            events.push_back(std::move(e));
        };
        LoggedSteps &logged = m_stepsOfJob[job->second];
        const bool said
            = r.event == EventType::Rollback || r.event == EventType::JobRestart || r.event == EventType::JobStart;
        auto rollback = [&](int64_t checkpoint, int64_t stepsAgain, QString message) {
            jobEvent(EventType::Rollback, Severity::Warning, checkpoint, double(stepsAgain), std::move(message));
        };
        auto resumedFrom = [&](int64_t checkpoint, int64_t after, uint64_t line) {
            return QStringLiteral("training log line %1: resumed from the checkpoint of step %2, after step %3")
                .arg(line)
                .arg(checkpoint)
                .arg(after);
        };
        if (logged.restoredUntimed && (r.timeMs > 0 || r.step)) {
            rollback(
                *logged.restoredUntimed, logged.stepsAgain,
                resumedFrom(*logged.restoredUntimed, *logged.restoredUntimed + logged.stepsAgain, logged.restoredLine));
            logged.restoredUntimed.reset();
        }
        if (r.restoredStep) {
            // The framework says which checkpoint it loaded: training goes on from the step
            // after it, so everything logged since is trained again.
            if (logged.last > *r.restoredStep && !said) {
                if (r.timeMs > 0) {
                    rollback(*r.restoredStep, logged.last - *r.restoredStep,
                             resumedFrom(*r.restoredStep, logged.last, r.line));
                } else {
                    logged.restoredUntimed = *r.restoredStep;
                    logged.stepsAgain = logged.last - *r.restoredStep;
                    logged.restoredLine = r.line;
                }
            }
            logged.last = *r.restoredStep;
        }
        if (r.step) {
            // A step that goes back, with no word of the checkpoint loaded, is the run resumed
            // from one all the same. A framework logs every `interval` steps and saves on a
            // multiple of it, so the first step logged after resuming is one interval past the
            // checkpoint: the steps trained again start there, not at the step first seen.
            if (logged.last >= 0 && *r.step < logged.last && !said) {
                const int64_t checkpoint
                    = logged.interval > 0 && *r.step >= logged.interval ? *r.step - logged.interval : *r.step;
                jobEvent(EventType::Rollback, Severity::Warning, checkpoint, double(logged.last - checkpoint),
                         QStringLiteral("training log line %1: the step went back from %2 to %3 (from the "
                                        "checkpoint of step %4, one logging interval before)")
                             .arg(r.line)
                             .arg(logged.last)
                             .arg(*r.step)
                             .arg(checkpoint));
            } else if (logged.last >= 0 && *r.step > logged.last) {
                logged.interval = *r.step - logged.last;
            }
            logged.last = *r.step;
        }
        if (r.event != EventType::Unspecified)
            jobEvent(r.event,
                     r.event == EventType::JobCrash || r.event == EventType::JobOom || r.event == EventType::NcclTimeout
                         ? Severity::Critical
                         : r.event == EventType::Rollback ? Severity::Warning
                                                          : Severity::Info,
                     r.step.value_or(0), r.lostSteps, QStringLiteral("training log line %1").arg(r.line));
    }
    appendEvents(std::move(events));
}

void BridgeSource::appendReadings(int64_t timeMs, std::vector<GpuReading> &readings)
{
    if (readings.empty())
        return;
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
    uint64_t accepted = 0;
    for (const v1::MetricBlock &b : samples.blocks())
        accepted += uint64_t(b.values_size());
    std::vector<v1::Samples> batch;
    batch.push_back(std::move(samples));
    m_sink.appendSamples(std::move(batch));
    std::lock_guard lock(m_mutex);
    m_counters.samples += accepted;
}

void BridgeSource::holdXids(std::vector<Event> &events, int64_t nowMs)
{
    if (!m_xids)
        return;
    // Three polls: the kernel log, polled as often, has had its chance to say it first.
    const int64_t grace = 3 * int64_t(m_spec.interval.count());
    std::vector<Event> now;
    for (Event &e : events) {
        if (e.type == EventType::Xid && e.entity.kind == EntityKind::Gpu)
            m_heldXids.push_back({ nowMs + grace, std::move(e) });
        else
            now.push_back(std::move(e));
    }
    uint64_t merged = 0;
    std::erase_if(m_heldXids, [&](HeldXid &held) {
        if (held.releaseMs > nowMs)
            return false;
        const Event &e = held.event;
        if (m_xids->admit(XidMerger::Source::Dcgm, e.entity.index, e.code, e.timeMs))
            now.push_back(std::move(held.event));
        else
            ++merged;
        return true;
    });
    events = std::move(now);
    if (merged) {
        std::lock_guard lock(m_mutex);
        m_counters.skipped += merged; // the kernel log's event stands for them
    }
}

void BridgeSource::appendEvents(std::vector<Event> &&events)
{
    if (events.empty())
        return;
    const size_t n = events.size();
    m_sink.appendEvents(std::move(events), nullptr);
    std::lock_guard lock(m_mutex);
    m_counters.events += n;
}

namespace {

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
            f.uuid = s.label("UUID");
            f.model = s.label("modelName");
            f.pciBusId = s.label("pci_bus_id").toLower();
            f.serial = s.label("DCGM_FI_DEV_SERIAL");
            f.driverVersion = s.label("DCGM_FI_DRIVER_VERSION");
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
        const QByteArray text = readSource(spec, &error);
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

ScrapeGroup::ScrapeGroup(std::vector<BridgeSource *> sources, std::chrono::milliseconds interval)
    : m_sources(std::move(sources))
    , m_interval(interval)
{ }

ScrapeGroup::~ScrapeGroup()
{
    stop();
}

void ScrapeGroup::pollOnce()
{
    std::vector<HttpRequest> requests;
    requests.reserve(m_sources.size());
    for (BridgeSource *s : m_sources) {
        s->countPoll();
        requests.push_back(s->scrapeRequest());
    }
    const int64_t now = wallClockMs();
    const std::vector<HttpResponse> responses = httpGetAll(requests);
    for (size_t i = 0; i < m_sources.size(); ++i)
        m_sources[i]->ingestScrape(responses[i], now);
}

void ScrapeGroup::run(std::stop_token stop)
{
    HttpMulti transfers;
    std::mutex idle; // for the wait between polls, which only a stop interrupts
    std::condition_variable_any wake;
    std::vector<uint8_t> asked(m_sources.size(), 0);
    std::vector<int64_t> askedAtMs(m_sources.size(), 0);
    auto next = std::chrono::steady_clock::now();
    while (!stop.stop_requested()) {
        if (std::chrono::steady_clock::now() >= next) {
            const int64_t now = wallClockMs();
            for (size_t i = 0; i < m_sources.size(); ++i)
                if (!asked[i]) { // one still answering is asked again once it has answered
                    m_sources[i]->countPoll();
                    transfers.start(i, m_sources[i]->scrapeRequest());
                    asked[i] = 1;
                    askedAtMs[i] = now;
                }
            next += m_interval;
            next = std::max(next, std::chrono::steady_clock::now());
        }
        const auto untilNext
            = std::chrono::duration_cast<std::chrono::milliseconds>(next - std::chrono::steady_clock::now());
        if (transfers.inFlight() == 0) {
            std::unique_lock lock(idle);
            wake.wait_until(lock, stop, next, [] { return false; });
            continue;
        }
        // Short waits: a stop is noticed within 100 ms even while an exporter is slow.
        for (auto &[i, response] : transfers.wait(int(std::clamp<int64_t>(untilNext.count(), 0, 100)))) {
            asked[i] = 0;
            m_sources[i]->ingestScrape(response, askedAtMs[i]);
        }
    }
}

void ScrapeGroup::start()
{
    m_worker.start([this](std::stop_token stop) { run(stop); });
}

void ScrapeGroup::stop()
{
    m_worker.stop();
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
                m = dcgmMetric(*field);
                if (m.name == QLatin1String("DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"))
                    m.name = metric::ClocksEventReasons;
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
    return metrics;
}

} // namespace vigil
