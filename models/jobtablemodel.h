// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/clusterstate.h"

#include <QAbstractTableModel>

namespace vigil {

// The jobs on the cluster with their training progress, one row per job.
class JobTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        JobColumn,
        PriorityColumn,
        GpusColumn,
        StepColumn,
        LossColumn,
        ThroughputColumn,
        StepTimeColumn,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole + 1
    };

    explicit JobTableModel(QObject *parent = nullptr);

    // Takes the latest values; resets only when the topology changed.
    void setState(const ClusterState &state);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        float step, loss, tokensPerSecond, stepTime;
    };
    std::shared_ptr<const Topology> m_topology;
    std::vector<Row> m_rows;
};

} // namespace vigil
