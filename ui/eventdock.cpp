// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventdock.h"

#include "columnfit.h"
#include "eventlogmodel.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSettings>
#include <QTableView>
#include <QVBoxLayout>

namespace vigil {

EventDock::EventDock(QWidget *parent)
    : QDockWidget(parent)
    , m_model(new EventLogModel(this))
    , m_filter(new EventFilterProxy(this))
    , m_level(new QComboBox(this))
    , m_view(new QTableView(this))
{
    setObjectName(QStringLiteral("eventDock"));
    m_filter->setSourceModel(m_model);
    m_view->setModel(m_filter);
    m_view->verticalHeader()->hide();
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->horizontalHeader()->setStretchLastSection(false);
    fitColumnsToShownRows(m_view->horizontalHeader());
    m_view->horizontalHeader()->setSectionResizeMode(EventLogModel::MessageColumn, QHeaderView::Stretch);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);

    auto *content = new QWidget(this);
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);
    auto *bar = new QHBoxLayout;
    bar->addStretch(1);
    bar->addWidget(m_level);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);
    setWidget(content);

    retranslate();
    const int saved
        = QSettings().value(QStringLiteral("events/level"), int(EventFilterProxy::Level::WithoutRoutine)).toInt();
    m_level->setCurrentIndex(std::clamp(saved, 0, m_level->count() - 1));
    m_filter->setLevel(EventFilterProxy::Level(m_level->currentIndex()));
    connect(m_level, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_filter->setLevel(EventFilterProxy::Level(index));
        QSettings().setValue(QStringLiteral("events/level"), index);
    });
}

void EventDock::retranslate()
{
    setWindowTitle(tr("Events"));
    const int current = m_level->currentIndex();
    const QSignalBlocker block(m_level);
    m_level->clear();
    m_level->addItem(tr("Everything"));
    m_level->addItem(tr("Without checkpoints and acknowledgements"));
    m_level->addItem(tr("Warnings, failures and operators' actions"));
    m_level->setCurrentIndex(std::max(0, current));
}

void EventDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDockWidget::changeEvent(event);
}

void EventDock::setTopology(std::shared_ptr<const Topology> topology)
{
    m_model->setTopology(std::move(topology));
}

void EventDock::append(const std::vector<Event> &events)
{
    m_model->append(events);
}

bool EventDock::selectEvent(uint64_t id, bool bringToFront)
{
    for (int row = 0; row < m_model->rowCount(); ++row) {
        if (m_model->eventAt(row).id != id)
            continue;
        QModelIndex index = m_filter->mapFromSource(m_model->index(row, 0));
        if (!index.isValid()) { // filtered out: show everything rather than pretend it did not happen
            m_filter->setLevel(EventFilterProxy::Level::Everything);
            index = m_filter->mapFromSource(m_model->index(row, 0));
        }
        m_view->selectRow(index.row());
        m_view->scrollTo(index, QAbstractItemView::PositionAtCenter);
        if (bringToFront) {
            show();
            raise();
        }
        return true;
    }
    return false;
}

} // namespace vigil
