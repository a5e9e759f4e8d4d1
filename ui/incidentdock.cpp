// SPDX-License-Identifier: GPL-3.0-or-later
#include "incidentdock.h"

#include "analysisworker.h"
#include "columnfit.h"
#include "debtmodels.h"
#include "fleettablemodel.h"
#include "incidenttablemodel.h"
#include "slowdowntablemodel.h"

#include <QDateTime>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace vigil {

namespace {

QModelIndex sourceIndex(const QTableView *view, const QModelIndex &index)
{
    return static_cast<QSortFilterProxyModel *>(view->model())->mapToSource(index);
}

} // namespace

IncidentDock::IncidentDock(QWidget *parent)
    : QDockWidget(tr("Incidents"), parent)
    , m_model(new IncidentTableModel(this))
    , m_debt(new DebtTableModel(this))
    , m_lemons(new LemonTableModel(this))
    , m_interventions(new InterventionTableModel(this))
    , m_slowdowns(new SlowdownTableModel(this))
    , m_fleet(new FleetTableModel(this))
    , m_tabs(new QTabWidget(this))
    , m_totals(new QLabel(this))
    , m_story(new QLabel(this))
    , m_input(new QLabel(this))
    , m_handOff(new QToolButton(this))
{
    setObjectName(QStringLiteral("incidentDock"));
    m_view = addTable(m_model, IncidentTableModel::TimeColumn, Qt::DescendingOrder, IncidentTableModel::CauseColumn,
                      tr("Incidents"));
    QTableView *debt = addTable(m_debt, DebtTableModel::CostPerDayColumn, Qt::DescendingOrder,
                                DebtTableModel::EntityColumn, tr("Open warnings"));
    QTableView *lemons = addTable(m_lemons, LemonTableModel::LostColumn, Qt::DescendingOrder,
                                  LemonTableModel::EntityColumn, tr("Lemons"));
    QTableView *ledger = addTable(m_interventions, InterventionTableModel::TimeColumn, Qt::DescendingOrder,
                                  InterventionTableModel::AnsweredColumn, tr("Interventions"));
    QTableView *slowdowns = addTable(m_slowdowns, SlowdownTableModel::LostColumn, Qt::DescendingOrder,
                                     SlowdownTableModel::CauseColumn, tr("Slowdowns"));
    QTableView *fleet = addTable(m_fleet, FleetTableModel::FailuresColumn, Qt::DescendingOrder,
                                 FleetTableModel::WhereColumn, tr("Fleet"));
    m_tabs->setDocumentMode(true);

    m_totals->setWordWrap(true);
    m_totals->setStyleSheet(QStringLiteral("font-weight:bold; padding:4px"));
    auto *settings = new QToolButton(this);
    settings->setText(tr("Price…"));
    settings->setToolTip(tr("The price per GPU-hour, the lead time that makes a failure preventable, the site's "
                            "night hours"));
    connect(settings, &QToolButton::clicked, this, &IncidentDock::settingsRequested);
    m_handOff->setText(tr("Hand off…"));
    connect(m_handOff, &QToolButton::clicked, this, &IncidentDock::requestHandOff);
    m_story->setWordWrap(true);
    m_story->setTextFormat(Qt::RichText);
    m_story->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse
                                     | Qt::LinksAccessibleByKeyboard);
    connect(m_story, &QLabel::linkActivated, this, [this](const QString &href) {
        const StoryLink link = storyLink(href);
        if (link.timeMs)
            Q_EMIT timeRequested(*link.timeMs);
        if (link.entity)
            Q_EMIT entityActivated(*link.entity);
    });
    m_story->setStyleSheet(QStringLiteral("padding:4px"));
    m_input->setStyleSheet(QStringLiteral("color:#ffb300; padding:0 4px"));
    m_input->setWordWrap(true);
    m_input->hide();

    auto *body = new QWidget(this);
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    top->addWidget(m_totals, 1);
    top->addWidget(m_handOff, 0, Qt::AlignTop);
    top->addWidget(settings, 0, Qt::AlignTop);
    layout->addLayout(top);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_story);
    layout->addWidget(m_input);
    setWidget(body);
    // The tab last looked at comes back at the next start.
    m_tabs->setCurrentIndex(
        std::clamp(QSettings().value(QStringLiteral("incidents/tab"), 0).toInt(), 0, m_tabs->count() - 1));
    m_story->setVisible(m_tabs->currentIndex() == IncidentsTab);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int tab) {
        m_story->setVisible(tab == IncidentsTab);
        QSettings().setValue(QStringLiteral("incidents/tab"), tab);
        updateHandOff();
    });
    connect(debt->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &IncidentDock::updateHandOff);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        m_pickedByPress = QGuiApplication::mouseButtons() != Qt::NoButton; // the click that follows is this pick
        showStory();
        updateHandOff();
    });
    // Picking the incident already picked (after scrubbing away from it) jumps to it again.
    connect(m_view, &QTableView::clicked, this, [this] {
        if (!std::exchange(m_pickedByPress, false))
            showStory();
    });
    connect(m_view, &QTableView::activated, this, [this] { showStory(); });
    for (QTableView *table : { debt, lemons, fleet })
        connect(table, &QTableView::activated, this, [this](const QModelIndex &index) {
            if (const QVariant entity = index.data(DebtEntityRole); entity.isValid())
                Q_EMIT entityActivated(entityFromKey(entity.toULongLong()));
        });
    // A slowdown: the replay clock to where it began, and what began warning with it on the map.
    connect(slowdowns, &QTableView::activated, this, [this](const QModelIndex &index) {
        Q_EMIT timeRequested(index.data(SlowdownTableModel::BeganRole).toLongLong());
        if (const QVariant cause = index.data(DebtEntityRole); cause.isValid())
            Q_EMIT entityActivated(entityFromKey(cause.toULongLong()));
    });
    connect(ledger, &QTableView::activated, this, [this](const QModelIndex &index) {
        const uint64_t incident = index.data(DebtIncidentRole).toULongLong();
        if (incident && selectIncident(incident)) {
            showTab(IncidentsTab);
            showStory();
        }
    });
    setLive(true); // the button's tooltip and state; nothing is selected yet
}

QTableView *IncidentDock::addTable(QAbstractItemModel *model, int sortColumn, Qt::SortOrder order, int stretchColumn,
                                   const QString &title)
{
    auto *view = new QTableView(this);
    auto *proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(model);
    proxy->setSortRole(DebtSortRole); // IncidentTableModel::SortRole is the same role
    view->setModel(proxy);
    view->setSortingEnabled(true);
    view->sortByColumn(sortColumn, order);
    view->verticalHeader()->hide();
    fitColumnsToShownRows(view->horizontalHeader());
    view->horizontalHeader()->setSectionResizeMode(stretchColumn, QHeaderView::Stretch);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    m_tabs->addTab(view, title);
    return view;
}

QTableView *IncidentDock::tableOf(Tab tab) const
{
    return static_cast<QTableView *>(m_tabs->widget(tab));
}

void IncidentDock::showTab(Tab tab)
{
    m_tabs->setCurrentIndex(tab);
}

void IncidentDock::showAnalysis(std::shared_ptr<const IncidentAnalysis> shown)
{
    if (!shown)
        return;
    m_analysis = std::move(shown);
    const IncidentAnalysis &analysis = *m_analysis;
    const QModelIndex current = m_view->currentIndex();
    const uint64_t selected = m_model->incidentIdAt(current.isValid() ? sourceIndex(m_view, current).row() : -1);
    m_model->setAnalysis(analysis);
    if (selected)
        selectIncident(selected);
    m_debt->setAnalysis(analysis);
    m_lemons->setAnalysis(analysis);
    m_interventions->setAnalysis(analysis);
    m_slowdowns->setAnalysis(analysis);
    m_fleet->setAnalysis(analysis);
    updateTabTitles();

    const GritTotals &g = analysis.totals();
    const QLocale l;
    const InterventionCounts work = countInterventions(g.interventions);
    m_totals->setText(
        tr("Lost %1 GPU-h (%2; %11 of them to slow steps) · ETTR %3 % · MTBF %4 h · MTTR %5 min · preventable %6 % "
           "· %7 hands-on actions (%8 at night, %9 operator-h) · open warnings worth acting on cost %10 a day · "
           "from %13 to %12 UTC")
            .arg(l.toString(g.lostGpuHours, 'f', 0), QStringLiteral("$%1").arg(l.toString(g.money, 'f', 0)),
                 l.toString(g.ettr * 100.0, 'f', 1), l.toString(g.mtbfHours, 'f', 1),
                 l.toString(g.mttrHours * 60.0, 'f', 0), l.toString(g.preventableShare() * 100.0, 'f', 0))
            .arg(work.handsOn)
            .arg(work.handsOnAtNight)
            .arg(l.toString(work.operatorHours, 'f', 1),
                 QStringLiteral("$%1").arg(l.toString(m_debt->totalPerDay(), 'f', 0)))
            .arg(l.toString(g.slowdownGpuHours, 'f', 0),
                 // One instant prices every incident in the dock (an open one accrues up to it): the
                 // replay's cursor, or now; the report of a period ending then says the same.
                 QDateTime::fromMSecsSinceEpoch(g.toMs, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm")))
            // Live, the period is a sliding window (AnalysisWorker::LiveHorizonMs); replayed, the recording.
            .arg(QDateTime::fromMSecsSinceEpoch(g.fromMs, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm"))));
    m_totals->setToolTip(
        tr("The cost of grit over the period shown (live: the last %3 days of the cluster and the %4 days of "
           "warnings before them, or the newest %5 hardware, job and operator events when those days hold more; "
           "replayed: the recording), at $%1 per GPU-hour and a lead time of %2 h: GPU-hours "
           "lost to failures (downtime plus steps trained again), what share came after warnings that were "
           "visible for over the lead time and not dealt with, and the manual work it took (docs/cost-model.md).")
            .arg(l.toString(analysis.settings().pricePerGpuHour, 'f', 2),
                 l.toString(double(analysis.settings().leadTimeMs) / 3600000.0, 'f', 1))
            .arg(AnalysisWorker::LiveHorizonMs / 86400000)
            .arg(Attributor::LookBackMs / 86400000)
            .arg(l.toString(qulonglong(AnalysisWorker::LiveEventLimit))));

    const uint64_t skipped = analysis.eventsSkipped(), duplicates = analysis.duplicatesIgnored();
    QStringList input;
    if (skipped)
        input << tr("%n event(s) about jobs or entities the topology does not know, skipped", "", int(skipped));
    if (duplicates)
        input << tr("%n duplicate event(s) ignored", "", int(duplicates));
    m_input->setText(input.join(QStringLiteral(" · ")));
    m_input->setVisible(!input.isEmpty());
    updateHandOff();
}

std::optional<PartRecommendation> IncidentDock::selectedRecommendation() const
{
    const QTableView *table = tableOf(Tab(m_tabs->currentIndex()));
    const QModelIndex current = table->currentIndex();
    if (!current.isValid())
        return std::nullopt;
    const int row = sourceIndex(table, current).row();
    std::optional<PartRecommendation> r;
    if (m_tabs->currentIndex() == IncidentsTab)
        r = m_model->recommendationAt(row);
    else if (m_tabs->currentIndex() == DebtTab)
        r = m_debt->recommendationAt(row);
    if (r && r->recommendation.remedy == Remedy::None)
        return std::nullopt;
    return r;
}

void IncidentDock::updateHandOff()
{
    m_handOff->setEnabled(m_live && selectedRecommendation().has_value());
}

void IncidentDock::setLive(bool live)
{
    m_live = live;
    m_handOff->setToolTip(live ? tr("Hand the recommended action for the selected incident's cause or open warning "
                                    "to the site's webhook or script, through the gateway (Ctrl+Shift+H)")
                               : tr("A replay cannot hand anything off: go back to live (Ctrl+L) to act"));
    updateHandOff();
}

void IncidentDock::requestHandOff()
{
    if (const std::optional<PartRecommendation> r = selectedRecommendation())
        Q_EMIT handOffRequested(*r);
}

void IncidentDock::updateTabTitles()
{
    const QLocale l;
    m_tabs->setTabText(IncidentsTab, tr("Incidents (%1)").arg(l.toString(m_model->rowCount())));
    m_tabs->setTabText(DebtTab, tr("Open warnings (%1)").arg(l.toString(qulonglong(m_debt->openWarnings()))));
    m_tabs->setTabToolTip(DebtTab,
                          m_debt->openWarnings() > size_t(m_debt->rowCount())
                              ? tr("The %1 costliest are listed").arg(l.toString(m_debt->rowCount()))
                              : QString());
    m_tabs->setTabText(LemonsTab, tr("Lemons (%1)").arg(l.toString(m_lemons->rowCount())));
    m_tabs->setTabText(InterventionsTab, tr("Interventions (%1)").arg(l.toString(m_interventions->rowCount())));
    m_tabs->setTabText(SlowdownsTab, tr("Slowdowns (%1)").arg(l.toString(m_slowdowns->rowCount())));
    m_tabs->setTabText(FleetTab, tr("Fleet (%1 failures)").arg(l.toString(qulonglong(m_fleet->failures()))));
}

QString IncidentDock::totalsText() const
{
    return m_totals->text();
}

QString IncidentDock::storyText() const
{
    return m_story->text();
}

QString IncidentDock::inputText() const
{
    return m_input->text();
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
    m_story->setText(m_model->data(m_model->index(row, 0), IncidentTableModel::StoryHtmlRole).toString());
    return true;
}

void IncidentDock::showStory()
{
    const QModelIndex current = m_view->currentIndex();
    if (!current.isValid() || !m_analysis)
        return;
    const int row = sourceIndex(m_view, current).row();
    const uint64_t id = m_model->incidentIdAt(row);
    m_story->setText(m_model->data(m_model->index(row, 0), IncidentTableModel::StoryHtmlRole).toString());
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
