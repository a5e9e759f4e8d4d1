// SPDX-License-Identifier: GPL-3.0-or-later
#include "incidentdock.h"

#include "incidenttablemodel.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace vigil {

IncidentDock::IncidentDock(QWidget *parent)
    : QDockWidget(tr("Incidents"), parent)
    , m_model(new IncidentTableModel(this))
    , m_view(new QTableView(this))
    , m_totals(new QLabel(this))
    , m_story(new QLabel(this))
{
    setObjectName(QStringLiteral("incidentDock"));
    auto *proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_model);
    proxy->setSortRole(IncidentTableModel::SortRole);
    m_view->setModel(proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(IncidentTableModel::TimeColumn, Qt::DescendingOrder);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(IncidentTableModel::CauseColumn, QHeaderView::Stretch);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setAlternatingRowColors(true);
    m_totals->setWordWrap(true);
    m_totals->setStyleSheet(QStringLiteral("font-weight:bold; padding:4px"));
    m_story->setWordWrap(true);
    m_story->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_story->setStyleSheet(QStringLiteral("padding:4px"));
    auto *body = new QWidget(this);
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_totals);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_story);
    setWidget(body);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] { showStory(); });
    connect(m_view, &QTableView::activated, this, [this] { showStory(); });
}

void IncidentDock::showAnalysis(const IncidentAnalysis &analysis)
{
    m_analysis = &analysis;
    const uint64_t selected = m_model->incidentIdAt(
        m_view->currentIndex().isValid()
            ? static_cast<QSortFilterProxyModel *>(m_view->model())->mapToSource(m_view->currentIndex()).row()
            : -1);
    m_model->setAnalysis(analysis);
    if (selected)
        selectIncident(selected);
    const GritTotals &g = analysis.totals();
    const QLocale l;
    int night = 0;
    for (const Intervention &v : g.interventions)
        night += v.atNight;
    m_totals->setText(
        tr("Lost %1 GPU-h (%2) · ETTR %3 % · MTBF %4 h · MTTR %5 min · preventable %6 % · %7 manual actions, %8 at "
           "night")
            .arg(l.toString(g.lostGpuHours, 'f', 0), QStringLiteral("$%1").arg(l.toString(g.money, 'f', 0)),
                 l.toString(g.ettr * 100.0, 'f', 1), l.toString(g.mtbfHours, 'f', 1),
                 l.toString(g.mttrHours * 60.0, 'f', 0), l.toString(g.preventableShare() * 100.0, 'f', 0))
            .arg(g.interventions.size())
            .arg(night));
    m_totals->setToolTip(tr("The cost of grit since the first event seen: GPU-hours lost to failures (downtime plus "
                            "steps trained again), what share came after warnings that were visible for over the "
                            "lead time and not dealt with, and the manual work it took (docs/cost-model.md)."));
}

QString IncidentDock::totalsText() const
{
    return m_totals->text();
}

QString IncidentDock::storyText() const
{
    return m_story->text();
}

bool IncidentDock::selectIncident(uint64_t id)
{
    const int row = m_model->rowOf(id);
    if (row < 0)
        return false;
    auto *proxy = static_cast<QSortFilterProxyModel *>(m_view->model());
    const QModelIndex index = proxy->mapFromSource(m_model->index(row, 0));
    const QSignalBlocker block(m_view->selectionModel());
    m_view->setCurrentIndex(index);
    m_view->selectRow(index.row());
    m_story->setText(m_model->data(m_model->index(row, 0), Qt::ToolTipRole).toString());
    return true;
}

void IncidentDock::showStory()
{
    const QModelIndex current = m_view->currentIndex();
    if (!current.isValid() || !m_analysis)
        return;
    const int row = static_cast<QSortFilterProxyModel *>(m_view->model())->mapToSource(current).row();
    const uint64_t id = m_model->incidentIdAt(row);
    m_story->setText(m_model->data(m_model->index(row, 0), Qt::ToolTipRole).toString());
    const auto &incidents = m_analysis->incidents();
    for (size_t i = 0; i < incidents.size(); ++i)
        if (incidents[i].id == id) {
            const CauseCandidate *top
                = i < m_analysis->attributions().size() ? m_analysis->attributions()[i].top() : nullptr;
            Q_EMIT incidentActivated(id, incidents[i].failedMs, incidents[i].job,
                                     top ? std::optional<EntityRef>(top->entity) : std::nullopt);
        }
}

} // namespace vigil
