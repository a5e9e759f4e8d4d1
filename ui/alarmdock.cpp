// SPDX-License-Identifier: GPL-3.0-or-later
#include "alarmdock.h"

#include "alarmtreemodel.h"
#include "dashboardsession.h"
#include "debtmodels.h"
#include "eventdescription.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDateTime>
#include <QFontMetrics>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <set>

namespace vigil {

AlarmDock::AlarmDock(QWidget *parent)
    : QDockWidget(tr("Alarms"), parent)
    , m_model(new AlarmTreeModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_view(new QTreeView(this))
    , m_filter(new QLineEdit(this))
    , m_showNormal(new QCheckBox(tr("Show normal"), this))

    , m_counts(new QLabel(this))
    , m_floodLabel(new QLabel(this))
    , m_feedback(new QLabel(this))
{
    setObjectName(QStringLiteral("alarmDock"));
    m_sound = new QAction(tr("Sound for new alarms"), this);
    m_sound->setCheckable(true);
    m_sound->setChecked(QSettings().value(QStringLiteral("alarms/sound"), false).toBool());
    connect(m_sound, &QAction::toggled, this,
            [](bool on) { QSettings().setValue(QStringLiteral("alarms/sound"), on); });
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(AlarmTreeModel::SortRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1); // any column
    m_proxy->setRecursiveFilteringEnabled(true); // a matching alarm keeps its group
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(AlarmTreeModel::PriorityColumn, Qt::DescendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    // Many at once: Shift and Ctrl pick alarms, a group's row stands for all of its alarms.
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setAlternatingRowColors(true);
    m_view->setUniformRowHeights(true);
    m_view->setAllColumnsShowFocus(true);
    // Fixed widths that fit what the columns hold: group rows span the whole width, so sizing
    // to contents would give the first column an incident's title.
    m_view->header()->setStretchLastSection(true);
    m_view->setIndentation(12);
    const QFontMetrics metrics(font());
    const std::pair<int, const char *> widths[] = {
        { AlarmTreeModel::PriorityColumn, "critical ↑__" },
        { AlarmTreeModel::StateColumn, "shelved until 23:59__" },
        { AlarmTreeModel::EntityColumn, "GPU 5 of a01r05n3____" },
        { AlarmTreeModel::WhatColumn, "Correctable ECC__" },
        { AlarmTreeModel::AgeColumn, "59 min_" },
        { AlarmTreeModel::JobColumn, "llm-405b-pretrain (1,536 GPUs)" },
        { AlarmTreeModel::OwnerColumn, "d.kowalski__" },
    };
    for (const auto &[column, sample] : widths)
        m_view->header()->resizeSection(column, metrics.horizontalAdvance(QLatin1String(sample)) + 16);
    m_view->installEventFilter(this);
    // The same actions on the right button, each with its key (the keys themselves go
    // through eventFilter, so the overlay keys never take them).
    const std::pair<QString, void (AlarmDock::*)()> menu[] = {
        { tr("Acknowledge\tA"), &AlarmDock::acknowledge }, { tr("Shelve…\tS"), &AlarmDock::shelve },
        { tr("Unshelve\tU"), &AlarmDock::unshelve },       { tr("Assign…\tO"), &AlarmDock::assign },
        { tr("Escalate…\tE"), &AlarmDock::escalate },      { tr("Note…\tN"), &AlarmDock::note },
        { tr("Hand off…\tH"), &AlarmDock::handOff },
    };
    for (const auto &[text, slot] : menu) {
        auto *action = new QAction(text, m_view);
        connect(action, &QAction::triggered, this, slot);
        m_view->addAction(action);
    }
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);
    // The operator's selection outlives a reset of the rows (alarms came or went).
    connect(m_model, &QAbstractItemModel::modelAboutToBeReset, this, &AlarmDock::keepSelection);
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        m_view->expandAll();
        for (int g = 0; g < m_proxy->rowCount(); ++g)
            m_view->setFirstColumnSpanned(g, {}, true);
        restoreSelection();
    });
    // Groups and alarms that come are rows inserted (the model resets only for another cluster):
    // a new group opens as the others did, and a group the operator closed stays closed.
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex &parent, int first, int last) {
        if (parent.isValid())
            return;
        for (int g = first; g <= last; ++g) {
            m_view->expand(m_proxy->index(g, 0));
            m_view->setFirstColumnSpanned(g, {}, true);
        }
    });
    connect(m_view, &QTreeView::activated, this, [this](const QModelIndex &index) {
        if (const Alarm *a = m_model->alarmAt(m_proxy->mapToSource(index)))
            Q_EMIT entityActivated(a->entity);
    });

    m_filter->setPlaceholderText(tr("Filter: priority, state, entity, job, owner… ( / )"));
    m_filter->setClearButtonEnabled(true);
    m_filter->installEventFilter(this);
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_proxy->setFilterFixedString(text);
        m_view->expandAll();
        for (int g = 0; g < m_proxy->rowCount(); ++g)
            m_view->setFirstColumnSpanned(g, {}, true);
    });
    m_showNormal->setToolTip(tr("Also list alarms back to normal (forgotten after a day)"));
    connect(m_showNormal, &QCheckBox::toggled, this,
            [this] { showAlarms(std::vector<Alarm>(m_alarms), m_nowMs, m_topology, m_analysis); });
    m_counts->setStyleSheet(QStringLiteral("font-weight:bold; padding:0 6px"));
    m_floodLabel->setWordWrap(true);
    m_floodLabel->setToolTip(
        tr("What reached you: the alarms raised, counted as the list shows them. Alarms joining one group (an "
           "incident's, or one cause in one row) within ten minutes are one thing to look at; an alarm on its "
           "own is one. Live, counted when they reached the screen; replayed, when they were raised."));
    m_floodLabel->setStyleSheet(QStringLiteral("padding:2px 4px"));
    m_feedback->setWordWrap(true);
    m_feedback->setStyleSheet(QStringLiteral("padding:2px 4px"));
    m_feedback->hide();

    auto *body = new QWidget(this);
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    top->addWidget(m_counts);
    top->addWidget(m_filter, 1);
    top->addWidget(m_showNormal);
    layout->addLayout(top);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_feedback);
    layout->addWidget(m_floodLabel);
    setWidget(body);
    showAlarms({}, 0, nullptr, nullptr);
}

void AlarmDock::setSender(Sender sender, QString operatorName)
{
    m_sender = std::move(sender);
    m_operatorName = std::move(operatorName);
}

void AlarmDock::showAlarms(const std::vector<Alarm> &alarms, int64_t nowMs, std::shared_ptr<const Topology> topology,
                           std::shared_ptr<const IncidentAnalysis> analysis)
{
    m_alarms = alarms;
    m_nowMs = nowMs;
    m_topology = topology;
    m_analysis = std::move(analysis);

    const int64_t floodNow = m_replaying ? nowMs : QDateTime::currentMSecsSinceEpoch();
    if (m_floodSinceMs == 0 || m_replaying)
        m_floodSinceMs = floodNow;
    // What asks for an operator, and what is new since the last look.
    size_t asking = 0, newlyAsking = 0;
    AlarmPriority highest = AlarmPriority::Low, highestNew = AlarmPriority::Low;
    std::vector<AlarmActivation> arriving, arrivingOnCluster;
    for (const Alarm &a : alarms) {
        const bool fresh = m_activationWatch.isNew(a);
        if (fresh && a.raisedMs > 0) {
            if (annunciates(a)) {
                // The flood is what reaches the operator, on the operator's clock. Live, that is
                // when it reached the screen: a demo runs an hour of cluster a second, and counted
                // on the cluster's clock 1,300 alarms in ten minutes read as one. A reconnect's
                // snapshot brings alarms raised long ago: only those new to the cluster too count.
                // Replayed, it is when they were raised.
                if (m_replaying)
                    arriving.push_back({ a.id, a.raisedMs, a.priority });
                else if (nowMs - a.raisedMs <= FloodFigures::WindowMs)
                    arriving.push_back({ a.id, floodNow, a.priority });
                // Live, the cluster's own clock too: how its alarms come and go, whatever the
                // pace it is watched at.
                if (!m_replaying)
                    arrivingOnCluster.push_back({ a.id, a.raisedMs, a.priority });
            }
        }
        if (!a.needsAcknowledging())
            continue;
        ++asking;
        highest = std::max(highest, a.priority);
        if (fresh && a.state() == AlarmState::Unacknowledged) {
            ++newlyAsking;
            highestNew = std::max(highestNew, a.priority);
        }
    }
    m_unacknowledged = asking;
    m_highest = highest;

    std::vector<AlarmGroup> groups
        = groupAlarms(alarms, m_analysis.get(), nowMs, m_showNormal->isChecked(), topology.get());
    placeInGroups(arriving, groups);
    placeInGroups(arrivingOnCluster, groups);
    // The flood figures keep the hour they count on the screen's clock, and a day of the cluster's.
    m_activations.insert(m_activations.end(), arriving.begin(), arriving.end());
    std::erase_if(m_activations, [&](const AlarmActivation &a) { return a.timeMs < floodNow - 3600000; });
    m_clusterActivations.insert(m_clusterActivations.end(), arrivingOnCluster.begin(), arrivingOnCluster.end());
    std::erase_if(m_clusterActivations, [&](const AlarmActivation &a) { return a.timeMs < nowMs - 86400000; });
    m_model->setGroups(std::move(groups), nowMs, std::move(topology));
    const bool blind = !m_connected && !m_replaying && alarms.empty();
    const bool stale = isStale();
    if (blind)
        m_counts->setText(tr("no gateway: no alarms to show"));
    else if (stale)
        m_counts->setText(tr("%n unacknowledged · stale: no gateway since %1", "", int(asking))
                              .arg(QLocale().toString(m_lostAt.time(), QLocale::ShortFormat)));
    else if (m_replaying)
        m_counts->setText(tr("%n unacknowledged at the replayed instant", "", int(asking)));
    else
        m_counts->setText(tr("%n unacknowledged", "", int(asking)));
    // The last alarms stay in sight during an outage, greyed: what stood when the feed was lost.
    m_view->setStyleSheet(stale ? QStringLiteral("QTreeView { color: #8b949e; }") : QString());
    const QString colour = blind || stale ? QStringLiteral("#8b949e")
        : asking == 0                     ? QStringLiteral("#7ee787")
        : highest >= AlarmPriority::High  ? QStringLiteral("#ff6b6b")
                                          : QStringLiteral("#ffc400");
    m_counts->setStyleSheet(QStringLiteral("font-weight:bold; padding:0 6px; color:%1").arg(colour));
    setWindowTitle(asking ? tr("Alarms (%1 unacknowledged)").arg(asking) : tr("Alarms"));

    showFlood(alarms, nowMs, floodNow);
    if (newlyAsking && !m_replaying) { // history raises no new alarm for tonight
        if (m_sound->isChecked())
            QApplication::beep();
        Q_EMIT newUnacknowledged(int(newlyAsking), highestNew);
    }
}

void AlarmDock::showFlood(const std::vector<Alarm> &alarms, int64_t nowMs, int64_t floodNow)
{
    // A demo's flood is a hundred thousand activations an hour: past a few thousand the figures
    // are recounted every ten seconds, not every second (a rate over ten minutes moves no faster).
    constexpr size_t Many = 5000;
    if (!m_replaying && m_activations.size() + m_clusterActivations.size() > Many && floodNow >= m_floodCountedMs
        && floodNow - m_floodCountedMs < 10000)
        return;
    m_floodCountedMs = floodNow;
    const int operators = std::max(1, QSettings().value(QStringLiteral("alarms/operatorsOnShift"), 1).toInt());
    // The last hour, or live as much of it as this dashboard has watched: a minute-old window
    // averaged over an hour would say a sixtieth of what it faced.
    const int64_t floodFrom = m_replaying ? nowMs - 3600000 : std::max(floodNow - 3600000, m_floodSinceMs);
    // Which alarms have stood for a day is read on the cluster's clock, below, not on this one.
    m_flood
        = floodFigures(m_activations, m_replaying ? alarms : std::vector<Alarm>(), floodFrom, floodNow + 1, operators);
    // On the cluster's clock, over the last day of it this dashboard watched: which alarms
    // chatter and which have stood for a day are the cluster's doing, not the viewer's pace
    // (a demo's cluster runs a month behind the wall clock and an hour a second).
    if (m_replaying)
        m_clusterFlood = m_flood;
    else {
        if (m_clusterSinceMs == 0)
            m_clusterSinceMs = nowMs;
        m_clusterFlood = floodFigures(m_clusterActivations, alarms, std::max(nowMs - 86400000, m_clusterSinceMs),
                                      nowMs + 1, operators);
    }
    const QLocale l;
    const QString span = floodFrom > floodNow - 3600000
        ? tr("Since %1").arg(QDateTime::fromMSecsSinceEpoch(floodFrom).toString(QStringLiteral("HH:mm")))
        : tr("Last hour");
    QString flood
        = tr("%1: %2 alarm groups to look at per 10 min per operator, from %n alarm(s) (ISA-18.2: about "
             "1 is manageable, over 10 is a flood) · busiest 10 min: %3",
             "", int(m_flood.activations))
              .arg(span, l.toString(m_flood.averagePer10Min, 'f', 1), l.toString(m_flood.peakPer10Min, 'f', 0));
    // A cluster watched faster than it runs (the demo): what an operator on it would face.
    const int64_t watchedMs = floodNow - m_floodSinceMs, clusterMs = nowMs - m_clusterSinceMs;
    if (!m_replaying && watchedMs >= 2000 && clusterMs > 10 * watchedMs)
        flood += tr(" · the cluster runs %1× faster than this screen; on its clock: %2 per 10 min, busiest %3")
                     .arg(l.toString(double(clusterMs) / double(watchedMs), 'f', 0),
                          l.toString(m_clusterFlood.averagePer10Min, 'f', 1),
                          l.toString(m_clusterFlood.peakPer10Min, 'f', 0));
    if (!m_clusterFlood.chattering.empty())
        flood += tr(" · %n chattering", "", int(m_clusterFlood.chattering.size()));
    if (!m_clusterFlood.stale.empty())
        flood += tr(" · %n standing for over a day", "", int(m_clusterFlood.stale.size()));
    m_floodLabel->setText(flood);
    m_floodLabel->setStyleSheet(QStringLiteral("padding:2px 4px; color:%1")
                                    .arg(m_flood.peakPer10Min > FloodFigures::Flood ? QStringLiteral("#ff6b6b")
                                                                                    : QStringLiteral("palette(text)")));
}

bool AlarmDock::follow(const DashboardSession &session, bool changed)
{
    const ConnectionState live = session.live().status().state;
    setConnected(live == ConnectionState::Live || live == ConnectionState::Resumed);
    // Redrawn twice a second at most when the alarms change, and once a second for their ages: a
    // demo's alarms change on every frame, and at 100k GPUs each redraw (grouping ten thousand
    // alarms) was a fifth of the GUI thread's time.
    const int64_t now = QDateTime::currentMSecsSinceEpoch();
    m_changeWaiting = m_changeWaiting || changed;
    if (now - m_followedAtMs < (m_changeWaiting ? 500 : 1000))
        return false;
    m_followedAtMs = now;
    m_changeWaiting = false;
    showAlarms(session.alarms(), session.alarmClockMs(), session.alarmTopology(), session.analysisShared());
    return true;
}

void AlarmDock::setConnected(bool connected)
{
    if (connected == m_connected)
        return;
    m_connected = connected;
    if (!connected)
        m_lostAt = QDateTime::currentDateTime();
    showAlarms(std::vector<Alarm>(m_alarms), m_nowMs, m_topology, m_analysis);
}

void AlarmDock::setReplaying(bool replaying)
{
    if (replaying == m_replaying)
        return;
    m_replaying = replaying;
    m_activationWatch.clear(); // another book: nothing in it is new to the operator
    m_activations.clear(); // and another clock
    m_clusterActivations.clear();
    m_floodSinceMs = 0;
    m_clusterSinceMs = 0;
    m_floodCountedMs = 0;
    showAlarms({}, m_nowMs, m_topology, m_analysis);
}

QString AlarmDock::countsText() const
{
    return m_counts->text();
}

uint64_t AlarmDock::currentAlarm() const
{
    const Alarm *a = m_model->alarmAt(m_proxy->mapToSource(m_view->currentIndex()));
    return a ? a->id : 0;
}

void AlarmDock::keepSelection()
{
    m_kept = { {}, {}, currentAlarm() };
    for (const QModelIndex &row : m_view->selectionModel()->selectedRows()) {
        const QModelIndex source = m_proxy->mapToSource(row);
        if (const AlarmGroup *group = m_model->groupAt(source))
            m_kept.groups.insert(group->key);
        else if (const Alarm *a = m_model->alarmAt(source))
            m_kept.alarms.insert(a->id);
    }
}

void AlarmDock::restoreSelection()
{
    const KeptSelection kept = std::exchange(m_kept, {});
    if (kept.groups.size() + kept.alarms.size() <= 1) {
        if (kept.current)
            selectAlarm(kept.current);
        return;
    }
    QItemSelection selection;
    for (int g = 0; g < m_proxy->rowCount(); ++g) {
        const QModelIndex group = m_proxy->index(g, 0);
        if (const AlarmGroup *shown = m_model->groupAt(m_proxy->mapToSource(group));
            shown && kept.groups.count(shown->key))
            selection.select(group, group);
        for (int i = 0; i < m_proxy->rowCount(group); ++i) {
            const QModelIndex row = m_proxy->index(i, 0, group);
            if (const Alarm *a = m_model->alarmAt(m_proxy->mapToSource(row)); a && kept.alarms.count(a->id))
                selection.select(row, row);
        }
    }
    m_view->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    if (const QModelIndex at = m_proxy->mapFromSource(m_model->indexOf(kept.current)); at.isValid())
        m_view->selectionModel()->setCurrentIndex(at, QItemSelectionModel::NoUpdate);
}

bool AlarmDock::selectAlarm(uint64_t id)
{
    const QModelIndex index = m_proxy->mapFromSource(m_model->indexOf(id));
    if (!index.isValid())
        return false;
    m_view->expand(index.parent());
    m_view->setCurrentIndex(index);
    m_view->scrollTo(index);
    return true;
}

QString AlarmDock::feedbackText() const
{
    return m_feedback->text();
}

QString AlarmDock::floodText() const
{
    return m_floodLabel->text();
}

std::optional<QString> AlarmDock::ask(const QString &title, const QString &label, const QString &initial)
{
    if (m_prompt)
        return m_prompt(title, label, initial);
    bool ok = false;
    const QString text = QInputDialog::getText(this, title, label, QLineEdit::Normal, initial, &ok);
    return ok ? std::optional<QString>(text) : std::nullopt;
}

void AlarmDock::showOutcome(bool ok, const QString &text)
{
    m_feedback->show();
    m_feedback->setStyleSheet(
        QStringLiteral("padding:2px 4px; color:%1").arg(ok ? QStringLiteral("#7ee787") : QStringLiteral("#ff6b6b")));
    m_feedback->setText(text);
}

void AlarmDock::send(v1::ActRequest request, const QString &what)
{
    m_feedback->show();
    if (!m_sender) {
        m_feedback->setStyleSheet(QStringLiteral("padding:2px 4px; color:#ff6b6b"));
        m_feedback->setText(tr("Not connected to a gateway: alarms can only be acted on live."));
        Q_EMIT actionFinished(false, m_feedback->text());
        return;
    }
    request.set_operator_name(m_operatorName.toStdString());
    m_feedback->setStyleSheet(QStringLiteral("padding:2px 4px"));
    m_feedback->setText(tr("%1: sending…").arg(what));
    auto *watcher = new QFutureWatcher<ActOutcome>(this);
    connect(watcher, &QFutureWatcher<ActOutcome>::finished, this, [this, watcher, what, one = request.alarm_id()] {
        const ActOutcome outcome = watcher->result();
        // The gateway names an alarm by its number; the operator knows it by what and where.
        const auto named = [this](QString reason, uint64_t id) {
            return id
                ? reason.replace(QStringLiteral("alarm %1").arg(id), QStringLiteral("“%1”").arg(selectionTitle({ id })))
                : reason;
        };
        watcher->deleteLater();
        const bool shared = outcome.notShared.isEmpty();
        m_feedback->setStyleSheet(QStringLiteral("padding:2px 4px; color:%1")
                                      .arg(!outcome.ok  ? QStringLiteral("#ff6b6b")
                                               : shared ? QStringLiteral("#7ee787")
                                                        : QStringLiteral("#f0b429")));
        if (!outcome.ok)
            m_feedback->setText(tr("%1: refused by the gateway: %2").arg(what, named(outcome.message, one)));
        else if (!shared) // amber: it holds here, and the other gateways' operators do not see it yet
            m_feedback->setText(
                tr("%1: done on this gateway; not yet shared with the NOC: %2").arg(what, outcome.notShared));
        else if (!outcome.refused.empty()) { // some of many: the others were acted on meanwhile, or do not apply
            const auto &[id, reason] = outcome.refused.front();
            m_feedback->setText(tr("%1: done on %2; not on %n: %3", "", int(outcome.refused.size()))
                                    .arg(what, QLocale().toString(qulonglong(outcome.taken)), named(reason, id)));
        } else
            m_feedback->setText(tr("%1: done.").arg(what));
        Q_EMIT actionFinished(outcome.ok, m_feedback->text());
    });
    watcher->setFuture(QtConcurrent::run([sender = m_sender, request] { return sender(request); }));
}

std::vector<uint64_t> AlarmDock::selectedAlarms() const
{
    std::vector<uint64_t> ids;
    std::set<uint64_t> seen;
    const auto take = [&](const QModelIndex &row) {
        if (const Alarm *a = m_model->alarmAt(m_proxy->mapToSource(row)); a && seen.insert(a->id).second)
            ids.push_back(a->id);
    };
    for (const QModelIndex &row : m_view->selectionModel()->selectedRows()) {
        if (!m_model->groupAt(m_proxy->mapToSource(row))) {
            take(row);
            continue;
        }
        // A group stands for its alarms as the list shows them (the filter applies).
        for (int i = 0; i < m_proxy->rowCount(row); ++i)
            take(m_proxy->index(i, 0, row));
    }
    if (ids.empty())
        if (const uint64_t id = currentAlarm())
            ids.push_back(id);
    return ids;
}

QString AlarmDock::selectionTitle(const std::vector<uint64_t> &ids) const
{
    if (ids.size() == 1) {
        const uint64_t id = ids.front();
        const auto alarm = std::find_if(m_alarms.begin(), m_alarms.end(), [id](const Alarm &a) { return a.id == id; });
        return alarm != m_alarms.end() ? alarmTitle(*alarm, m_topology.get()) : tr("alarm %1").arg(id);
    }
    // One group selected: its title says what the alarms are.
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    if (rows.size() == 1)
        if (const AlarmGroup *group = m_model->groupAt(m_proxy->mapToSource(rows.front())))
            return tr("%n alarms of %1", "", int(ids.size())).arg(group->title);
    return tr("%n alarms", "", int(ids.size()));
}

void AlarmDock::actOnSelection(v1::EventType action, const QString &what, const std::optional<Question> &question,
                               const std::function<bool(v1::ActRequest &, const QString &)> &fill)
{
    const std::vector<uint64_t> ids = selectedAlarms();
    if (ids.empty())
        return;
    const QString title = selectionTitle(ids);
    if (m_replaying) {
        m_feedback->show();
        m_feedback->setStyleSheet(QStringLiteral("padding:2px 4px; color:#ff6b6b"));
        m_feedback->setText(tr("“%1”: replayed alarms cannot be acted on; go back to live to act.").arg(title));
        Q_EMIT actionFinished(false, m_feedback->text());
        return;
    }
    QString answer;
    if (question) {
        // The dialog names what it acts on, as the list does.
        const std::optional<QString> given
            = ask(question->title, QStringLiteral("%1\n\n%2").arg(title, question->label), question->initial);
        if (!given)
            return; // cancelled
        answer = given->trimmed();
    }
    v1::ActRequest request;
    request.set_action(action);
    if (ids.size() == 1)
        request.set_alarm_id(ids.front());
    else // one action on them all: one commit that every gateway sees at once
        for (uint64_t id : ids)
            request.add_alarm_ids(id);
    if (fill && !fill(request, answer))
        return;
    send(request, what.arg(title));
}

void AlarmDock::acknowledge()
{
    actOnSelection(v1::EVENT_TYPE_ACKNOWLEDGE, tr("Acknowledge “%1”"),
                   Question { tr("Acknowledge"), tr("Comment (optional):"), {} },
                   [](v1::ActRequest &r, const QString &comment) {
                       r.set_comment(comment.toStdString());
                       return true;
                   });
}

void AlarmDock::shelve()
{
    actOnSelection(
        v1::EVENT_TYPE_SHELVE, tr("Shelve “%1”"),
        Question { tr("Shelve"), tr("Shelve for (e.g. 30 min, 2 h, 1 d; at most 7 days):"), QStringLiteral("1 h") },
        [this](v1::ActRequest &r, const QString &answer) {
            const std::optional<int64_t> duration = parseShelveDuration(answer);
            if (!duration) {
                m_feedback->show();
                m_feedback->setStyleSheet(QStringLiteral("padding:2px 4px; color:#ff6b6b"));
                m_feedback->setText(tr("“%1” is not a duration like 30 min, 2 h or 1 d.").arg(answer));
                Q_EMIT actionFinished(false, m_feedback->text());
                return false;
            }
            r.set_shelve_for_ms(*duration);
            return true;
        });
}

void AlarmDock::unshelve()
{
    actOnSelection(v1::EVENT_TYPE_UNSHELVE, tr("Unshelve “%1”"), std::nullopt, {});
}

void AlarmDock::assign()
{
    actOnSelection(v1::EVENT_TYPE_ASSIGN, tr("Assign “%1”"),
                   Question { tr("Assign"), tr("Owner (empty: nobody):"), m_operatorName },
                   [](v1::ActRequest &r, const QString &owner) {
                       r.set_owner(owner.toStdString());
                       return true;
                   });
}

void AlarmDock::escalate()
{
    actOnSelection(v1::EVENT_TYPE_ESCALATE, tr("Escalate “%1”"), Question { tr("Escalate"), tr("Why (optional):"), {} },
                   [](v1::ActRequest &r, const QString &why) {
                       r.set_comment(why.toStdString());
                       return true;
                   });
}

void AlarmDock::note()
{
    actOnSelection(v1::EVENT_TYPE_NOTE, tr("Note on “%1”"), Question { tr("Note"), tr("Note:"), {} },
                   [](v1::ActRequest &r, const QString &text) {
                       r.set_comment(text.toStdString());
                       return !text.isEmpty();
                   });
}

void AlarmDock::handOff()
{
    const uint64_t id = currentAlarm();
    const auto alarm = std::find_if(m_alarms.begin(), m_alarms.end(), [id](const Alarm &a) { return a.id == id; });
    if (!id || alarm == m_alarms.end())
        return;
    PartRecommendation r;
    r.part = alarm->entity;
    r.recommendation
        = recommendRemedy(WarningSign { alarm->sourceType, alarm->code, alarm->entity.kind, alarm->message });
    if (r.recommendation.remedy == Remedy::None) // a threshold's or a watch-only warning: the operator picks
        r.recommendation.remedy = Remedy::Diagnose;
    Q_EMIT handOffRequested(r, id);
}

bool AlarmDock::eventFilter(QObject *watched, QEvent *event)
{
    static const std::set<int> ListKeys { Qt::Key_A, Qt::Key_S, Qt::Key_U, Qt::Key_O,
                                          Qt::Key_E, Qt::Key_N, Qt::Key_H, Qt::Key_Slash };
    if (event->type() == QEvent::ShortcutOverride && watched == m_view) {
        // The window's overlay keys (E, …) must not take the list's letters while it has the focus.
        auto *key = static_cast<QKeyEvent *>(event);
        if (ListKeys.count(key->key()) && !(key->modifiers() & (Qt::ControlModifier | Qt::AltModifier))) {
            event->accept();
            return true;
        }
    }
    if (event->type() != QEvent::KeyPress)
        return QDockWidget::eventFilter(watched, event);
    auto *key = static_cast<QKeyEvent *>(event);
    if (watched == m_filter) {
        if (key->key() == Qt::Key_Escape || key->key() == Qt::Key_Down) {
            m_view->setFocus();
            return true;
        }
        return false;
    }
    if (watched != m_view || key->modifiers() & (Qt::ControlModifier | Qt::AltModifier))
        return QDockWidget::eventFilter(watched, event);
    switch (key->key()) {
    case Qt::Key_A:
        acknowledge();
        return true;
    case Qt::Key_S:
        shelve();
        return true;
    case Qt::Key_U:
        unshelve();
        return true;
    case Qt::Key_O:
        assign();
        return true;
    case Qt::Key_E:
        escalate();
        return true;
    case Qt::Key_N:
        note();
        return true;
    case Qt::Key_H:
        handOff();
        return true;
    case Qt::Key_Slash:
        m_filter->setFocus();
        m_filter->selectAll();
        return true;
    default:
        return QDockWidget::eventFilter(watched, event);
    }
}

} // namespace vigil
