// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/groundtruth.h"

#include "domain/entitynames.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace vigil {

namespace {

QJsonArray ids(const std::vector<uint64_t> &values)
{
    QJsonArray out;
    for (uint64_t v : values)
        out.append(qint64(v));
    return out;
}

} // namespace

QByteArray FailureTruth::toJsonLine() const
{
    QJsonObject o {
        { QStringLiteral("failure_id"), qint64(failureId) },
        { QStringLiteral("time_ms"), qint64(timeMs) },
        { QStringLiteral("component"), component },
        { QStringLiteral("category"), category },
        { QStringLiteral("root_entity"),
          QJsonObject { { QStringLiteral("kind"), entityKindKey(rootEntity.kind) },
                        { QStringLiteral("index"), qint64(rootEntity.index) } } },
        { QStringLiteral("precursor_event_ids"), ids(precursorEventIds) },
        { QStringLiteral("failure_event_ids"), ids(failureEventIds) },
        { QStringLiteral("job_id"), jobId },
        { QStringLiteral("step_at_failure"), qint64(stepAtFailure) },
        { QStringLiteral("checkpoint_step"), qint64(checkpointStep) },
        { QStringLiteral("scripted"), scripted },
    };
    if (!story.isEmpty())
        o.insert(QStringLiteral("story"), story);
    return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
}

} // namespace vigil
