// SPDX-License-Identifier: GPL-3.0-or-later
#include "sources/traininglogsource.h"

#include <QFileInfo>

#include <algorithm>
#include <cmath>

namespace vigil {

namespace {

QString resumedFrom(int64_t checkpoint, int64_t after, uint64_t line)
{
    return QStringLiteral("training log line %1: resumed from the checkpoint of step %2, after step %3")
        .arg(line)
        .arg(checkpoint)
        .arg(after);
}

Severity severityOf(EventType type)
{
    if (type == EventType::JobCrash || type == EventType::JobOom || type == EventType::NcclTimeout)
        return Severity::Critical;
    return type == EventType::Rollback ? Severity::Warning : Severity::Info;
}

} // namespace

TrainingLogSource::TrainingLogSource(BridgeSpec spec, TelemetrySink &sink, Logger log)
    : LogSource(std::move(spec), sink, std::move(log))
{
    const Topology &t = *sink.topology();
    for (uint32_t j = 0; j < t.jobs.size(); ++j)
        m_jobById[t.jobs[j].id] = j;
    auto idOf = [&](const QString &name) {
        for (const MetricDescriptor &m : sink.metrics())
            if (m.name == name)
                return m.id;
        return uint32_t(UINT32_MAX);
    };
    m_ids = { idOf(metric::JobStep), idOf(metric::JobLoss), idOf(metric::JobTokensPerSecond), idOf(metric::JobStepTime),
              idOf(metric::RankComputeTime) };
    if (!QFileInfo(m_spec.location).isDir()) {
        if (const qint64 offset = m_tail.resume(); offset > 0 && m_log)
            m_log(QStringLiteral("%1: going on from byte %2, where the last run stopped")
                      .arg(m_spec.describe())
                      .arg(offset));
        return;
    }
    // A run directory: where each event file was read to.
    m_tensorboard = std::make_unique<TensorBoardRun>(m_spec.location);
    std::map<QString, qint64> positions;
    const QJsonObject files = m_tail.saved().value(QLatin1String("files")).toObject();
    for (auto it = files.begin(); it != files.end(); ++it)
        positions[it.key()] = qint64(it.value().toDouble(-1));
    m_tensorboard->resumeFrom(positions);
    if (m_log && !positions.empty())
        m_log(QStringLiteral("%1: going on from where the last run stopped in %2 event files")
                  .arg(m_spec.describe())
                  .arg(positions.size()));
}

TrainingLogSource::~TrainingLogSource()
{
    stop();
}

void TrainingLogSource::pollOnce()
{
    const int64_t now = wallClockMs();
    countPoll();
    if (m_tensorboard) {
        pollTensorBoard(now);
        return;
    }
    const QByteArray chunk = feedNewLines(m_parser);
    if (chunk.isEmpty())
        return;
    for (const auto &[field, count] : m_parser.unknownFields())
        setUnknownField(field, { uint64_t(count), QStringLiteral("JSON field"), {} });
    handleTraining(m_parser.takeRecords(), now);
    keepPosition(chunk, m_parser.pendingBytes());
}

void TrainingLogSource::pollTensorBoard(int64_t nowMs)
{
    const ParseStats before = m_tensorboard->stats();
    QStringList problems;
    std::vector<TrainingRecord> records = m_tensorboard->poll(problems);
    count(before, m_tensorboard->stats());
    keepRejections(m_tensorboard->stats().firstErrors.mid(before.firstErrors.size()));
    for (const QString &p : problems)
        report(p);
    for (const auto &[tag, count] : m_tensorboard->unknownTags())
        setUnknownField(tag, { uint64_t(count), QStringLiteral("TensorBoard tag"), {} });
    handleTraining(std::move(records), nowMs);
    if (m_tensorboard->stats().lines == before.lines)
        return;
    QJsonObject files;
    for (const auto &[name, offset] : m_tensorboard->positions())
        files.insert(name, double(offset));
    if (const QString e = m_tail.keep({ { QStringLiteral("files"), files } }); !e.isEmpty())
        report(e);
}

void TrainingLogSource::handleTraining(std::vector<TrainingRecord> &&records, int64_t nowMs)
{
    std::vector<Event> events;
    for (const TrainingRecord &r : records) {
        const QString jobId = r.jobId.isEmpty() ? m_spec.jobId : r.jobId;
        const auto job = m_jobById.find(jobId);
        if (job == m_jobById.end()) {
            reject(QStringLiteral("line %1: no job '%2' in the topology").arg(r.line).arg(jobId));
            continue;
        }
        const int64_t time = r.timeMs > 0 ? r.timeMs : nowMs;
        appendJobReadings(r, job->second, time);
        // An event on the job at the line's time: what the log said, or what its steps show.
        auto jobEvent = [&](EventType type, int64_t step, double lostSteps, QString message) {
            Event e;
            e.timeMs = time;
            e.type = type;
            e.severity = severityOf(type);
            e.entity = { EntityKind::Job, job->second };
            e.jobId = jobId;
            e.step = step;
            e.value = lostSteps;
            e.message = std::move(message);
            events.push_back(std::move(e));
        };
        noteSteps(r, job->second, [&](int64_t checkpoint, int64_t stepsAgain, QString message) {
            jobEvent(EventType::Rollback, checkpoint, double(stepsAgain), std::move(message));
        });
        if (r.event != EventType::Unspecified)
            jobEvent(r.event, r.step.value_or(0), r.lostSteps, QStringLiteral("training log line %1").arg(r.line));
    }
    appendEvents(std::move(events));
}

void TrainingLogSource::appendJobReadings(const TrainingRecord &r, uint32_t job, int64_t timeMs)
{
    std::vector<GpuReading> readings; // job index in the gpu field: the block builder only needs an index
    if (r.step)
        readings.push_back({ m_ids.step, job, float(*r.step) });
    if (r.loss)
        readings.push_back({ m_ids.loss, job, float(*r.loss) });
    if (r.tokensPerSecond) {
        // A figure per GPU (torchtitan, NeMo) is the job's over the GPUs it runs on.
        const size_t gpus = m_sink.topology()->jobs[job].gpuIndices.size();
        if (!r.tokensPerGpu || gpus > 0)
            readings.push_back(
                { m_ids.tokensPerSecond, job, float(*r.tokensPerSecond * (r.tokensPerGpu ? double(gpus) : 1.0)) });
    }
    if (r.stepTimeS)
        readings.push_back({ m_ids.stepTime, job, float(*r.stepTimeS) });
    appendRankTimes(r, job, readings);
    appendReadings(timeMs, readings);
}

void TrainingLogSource::appendRankTimes(const TrainingRecord &r, uint32_t job, std::vector<GpuReading> &readings)
{
    if (r.rankComputeMs.empty() || m_ids.rankCompute == UINT32_MAX)
        return;
    // Rank r on the job's r-th GPU: torchrun and Slurm number ranks node by node, in the order
    // the job's nodes are listed.
    const std::vector<uint32_t> &gpus = m_sink.topology()->jobs[job].gpuIndices;
    if (r.rankComputeMs.size() > gpus.size())
        reject(QStringLiteral("line %1: the timers name %2 ranks, but job '%3' runs on %4 GPUs")
                   .arg(r.line)
                   .arg(r.rankComputeMs.size())
                   .arg(m_sink.topology()->jobs[job].id)
                   .arg(gpus.size()));
    for (size_t rank = 0; rank < std::min(gpus.size(), r.rankComputeMs.size()); ++rank)
        if (std::isfinite(r.rankComputeMs[rank]))
            readings.push_back({ m_ids.rankCompute, gpus[rank], float(r.rankComputeMs[rank]) });
}

void TrainingLogSource::noteSteps(const TrainingRecord &r, uint32_t job,
                                  const std::function<void(int64_t, int64_t, QString)> &rollback)
{
    LoggedSteps &logged = m_stepsOfJob[job];
    const bool said
        = r.event == EventType::Rollback || r.event == EventType::JobRestart || r.event == EventType::JobStart;
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
    if (!r.step)
        return;
    // A step that goes back, with no word of the checkpoint loaded, is the run resumed from
    // one all the same. A framework logs every `interval` steps and saves on a multiple of
    // it, so the first step logged after resuming is one interval past the checkpoint: the
    // steps trained again start there, not at the step first seen.
    if (logged.last >= 0 && *r.step < logged.last && !said) {
        const int64_t checkpoint
            = logged.interval > 0 && *r.step >= logged.interval ? *r.step - logged.interval : *r.step;
        rollback(checkpoint, logged.last - checkpoint,
                 QStringLiteral("training log line %1: the step went back from %2 to %3 (from the checkpoint of "
                                "step %4, one logging interval before)")
                     .arg(r.line)
                     .arg(logged.last)
                     .arg(*r.step)
                     .arg(checkpoint));
    } else if (logged.last >= 0 && *r.step > logged.last) {
        logged.interval = *r.step - logged.last;
    }
    logged.last = *r.step;
}

} // namespace vigil
