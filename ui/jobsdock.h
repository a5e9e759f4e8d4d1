// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDockWidget>

class QTableView;

namespace vigil {

class ClusterState;
class JobTableModel;

// The jobs running on the cluster, largest first, sortable by any column.
class JobsDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit JobsDock(QWidget *parent = nullptr);
    void setState(const ClusterState &state);
    JobTableModel *model() const { return m_jobs; }

private:
    JobTableModel *m_jobs;
    QTableView *m_view;
};

} // namespace vigil
