// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobsdock.h"

#include "columnfit.h"
#include "jobtablemodel.h"

#include <QHeaderView>
#include <QSortFilterProxyModel>
#include <QTableView>

namespace vigil {

JobsDock::JobsDock(QWidget *parent)
    : QDockWidget(tr("Jobs"), parent)
    , m_jobs(new JobTableModel(this))
    , m_view(new QTableView(this))
{
    setObjectName(QStringLiteral("jobsDock"));
    auto *proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_jobs);
    proxy->setSortRole(JobTableModel::SortRole);
    m_view->setModel(proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(JobTableModel::GpusColumn, Qt::DescendingOrder);
    m_view->verticalHeader()->hide();
    fitColumnsToShownRows(m_view->horizontalHeader());
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setAlternatingRowColors(true);
    setWidget(m_view);
}

void JobsDock::setState(const ClusterState &state)
{
    m_jobs->setState(state);
}

} // namespace vigil
