// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobtablemodel.h"
#include "domain/threadaffinity.h"

#include "eventdescription.h"
#include "gpudescription.h"

#include <QLocale>

#include <cmath>

namespace vigil {

JobTableModel::JobTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void JobTableModel::setState(const ClusterState &state)
{
    checkThreadOf(this, Q_FUNC_INFO);
    const bool reset = state.topology() != m_topology;
    if (reset)
        beginResetModel();
    m_topology = state.topology();
    const size_t jobs = m_topology ? m_topology->jobs.size() : 0;
    m_rows.resize(jobs);
    const MetricColumn *step = state.column(metric::JobStep);
    const MetricColumn *loss = state.column(metric::JobLoss);
    const MetricColumn *tokens = state.column(metric::JobTokensPerSecond);
    const MetricColumn *stepTime = state.column(metric::JobStepTime);
    for (size_t j = 0; j < jobs; ++j)
        m_rows[j] = { state.value(step, j), state.value(loss, j), state.value(tokens, j), state.value(stepTime, j) };
    if (reset)
        endResetModel();
    else if (jobs > 0)
        Q_EMIT dataChanged(index(0, StepColumn), index(int(jobs) - 1, StepTimeColumn), { Qt::DisplayRole, SortRole });
}

int JobTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int JobTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant JobTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid) || !m_topology)
        return {};
    const Job &job = m_topology->jobs[size_t(index.row())];
    const Row &row = m_rows[size_t(index.row())];
    if (role == Qt::TextAlignmentRole)
        return index.column() >= GpusColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    if (role == SortRole) {
        switch (index.column()) {
        case JobColumn:
            return job.id;
        case PriorityColumn:
            return int(job.priority);
        case GpusColumn:
            return qulonglong(job.gpuIndices.size());
        case StepColumn:
            return row.step;
        case LossColumn:
            return row.loss;
        case ThroughputColumn:
            return row.tokensPerSecond;
        case StepTimeColumn:
            return row.stepTime;
        }
        return {};
    }
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const QLocale locale;
    switch (index.column()) {
    case JobColumn:
        return role == Qt::ToolTipRole ? job.name : job.id;
    case PriorityColumn:
        return priorityClassName(job.priority);
    case GpusColumn:
        return locale.toString(qulonglong(job.gpuIndices.size()));
    case StepColumn:
        return std::isnan(row.step) ? QStringLiteral("—") : locale.toString(qlonglong(row.step));
    case LossColumn:
        return std::isnan(row.loss) ? QStringLiteral("—") : locale.toString(double(row.loss), 'f', 4);
    case ThroughputColumn:
        if (std::isnan(row.tokensPerSecond))
            return QStringLiteral("—");
        if (row.tokensPerSecond >= 1e6f)
            return tr("%1 M").arg(locale.toString(double(row.tokensPerSecond) / 1e6, 'f', 2));
        return tr("%1 k").arg(locale.toString(double(row.tokensPerSecond) / 1000.0, 'f', 1));
    case StepTimeColumn:
        return formatReading(row.stepTime, QStringLiteral("s"), 2);
    }
    return {};
}

QVariant JobTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case JobColumn:
        return tr("Job");
    case PriorityColumn:
        return tr("Class");
    case GpusColumn:
        return tr("GPUs");
    case StepColumn:
        return tr("Step");
    case LossColumn:
        return tr("Loss");
    case ThroughputColumn:
        return tr("Tokens/s");
    case StepTimeColumn:
        return tr("Step time");
    }
    return {};
}

} // namespace vigil
