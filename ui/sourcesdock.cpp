// SPDX-License-Identifier: GPL-3.0-or-later
#include "sourcesdock.h"

#include "whenfinished.h"
#include <QDateTime>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QShowEvent>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <QtConcurrent/QtConcurrentRun>

namespace vigil {

namespace {

constexpr int RefreshMs = 5000;

enum Column
{
    SourceColumn,
    LastPollColumn,
    ReadingsColumn,
    EventsColumn,
    SkippedColumn,
    RejectedColumn,
    ErrorColumn,
    ColumnCount
};

QString ago(int64_t thenMs, int64_t nowMs)
{
    if (thenMs <= 0)
        return SourcesDock::tr("never");
    const int64_t s = std::max<int64_t>(0, (nowMs - thenMs) / 1000);
    return s < 120 ? SourcesDock::tr("%1 s ago").arg(s) : SourcesDock::tr("%1 min ago").arg(s / 60);
}

} // namespace

SourcesDock::SourcesDock(Fetcher fetcher, QWidget *parent)
    : QDockWidget(tr("Sources"), parent)
    , m_fetcher(std::move(fetcher))
    , m_status(new QLabel(this))
    , m_tree(new QTreeWidget(this))
    , m_timer(new QTimer(this))
{
    setObjectName(QStringLiteral("sourcesDock"));
    m_status->setWordWrap(true);
    m_status->setContentsMargins(4, 2, 4, 2);
    m_tree->setColumnCount(ColumnCount);
    m_tree->setHeaderLabels({ tr("Source"), tr("Last poll"), tr("Readings"), tr("Events"), tr("Skipped"),
                              tr("Rejected"), tr("Last error") });
    m_tree->setRootIsDecorated(true);
    m_tree->setUniformRowHeights(true);
    m_tree->header()->setStretchLastSection(true);
    auto *body = new QWidget(this);
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_status);
    layout->addWidget(m_tree, 1);
    setWidget(body);
    m_status->setText(tr("Asking the gateway about its sources…"));
    connect(m_timer, &QTimer::timeout, this, &SourcesDock::refresh);
}

void SourcesDock::showEvent(QShowEvent *event)
{
    QDockWidget::showEvent(event);
    refresh();
    m_timer->start(RefreshMs);
}

void SourcesDock::hideEvent(QHideEvent *event)
{
    m_timer->stop(); // nobody looking: nobody asking
    QDockWidget::hideEvent(event);
}

void SourcesDock::refresh()
{
    if (m_asking || !m_fetcher)
        return;
    m_asking = true;
    whenFinished(QtConcurrent::run(m_fetcher), this, [this](const SourcesOutcome &outcome) {
        m_asking = false;
        present(outcome, QDateTime::currentMSecsSinceEpoch());
    });
}

void SourcesDock::present(const SourcesOutcome &outcome, int64_t nowMs)
{
    const QLocale l;
    if (!outcome.ok) {
        m_status->setText(outcome.unsupported
                              ? tr("This gateway does not report its sources (it is older than this dashboard).")
                              : tr("The gateway did not say: %1").arg(outcome.message));
        Q_EMIT updated();
        return;
    }
    // Keep what the operator opened open across refreshes.
    QSet<QString> expanded;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i)
        if (m_tree->topLevelItem(i)->isExpanded())
            expanded.insert(m_tree->topLevelItem(i)->text(SourceColumn));
    m_tree->clear();
    int troubled = 0;
    for (const v1::SourceStatus &s : outcome.sources.sources()) {
        auto *item = new QTreeWidgetItem(m_tree);
        const QString name = QString::fromStdString(s.name());
        item->setText(SourceColumn, name);
        item->setToolTip(SourceColumn, name);
        if (!s.names().empty()) {
            // Not trouble: what the source speaks, and that Vigil reads it in its own units.
            auto *child = new QTreeWidgetItem(item);
            child->setText(SourceColumn,
                           tr("speaks %1, read in each field's one unit").arg(QString::fromStdString(s.names())));
            child->setToolTip(SourceColumn, child->text(SourceColumn));
        }
        item->setText(LastPollColumn, ago(s.last_poll_ms(), nowMs));
        item->setText(ReadingsColumn, l.toString(qulonglong(s.readings())));
        item->setText(EventsColumn, l.toString(qulonglong(s.events())));
        item->setText(SkippedColumn, l.toString(qulonglong(s.skipped())));
        item->setText(RejectedColumn, l.toString(qulonglong(s.rejected())));
        item->setText(ErrorColumn, QString::fromStdString(s.last_error()));
        item->setToolTip(ErrorColumn, item->text(ErrorColumn));
        for (int c = ReadingsColumn; c <= RejectedColumn; ++c)
            item->setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
        const bool trouble = !s.last_error().empty() || s.rejected() > 0;
        if (trouble) {
            ++troubled;
            item->setForeground(ErrorColumn, QColor(0xff, 0x6b, 0x6b));
        }
        // Each distinct problem once, with how often and when last (a gateway before the tallies
        // gives the reasons alone).
        for (const v1::SourceStatus::Rejection &r : s.rejection_tallies()) {
            auto *child = new QTreeWidgetItem(item);
            child->setText(SourceColumn, tr("rejected: %1").arg(QString::fromStdString(r.why())));
            child->setToolTip(SourceColumn, child->text(SourceColumn));
            child->setText(RejectedColumn, l.toString(qulonglong(r.times())));
            child->setTextAlignment(RejectedColumn, Qt::AlignRight | Qt::AlignVCenter);
            child->setText(LastPollColumn, ago(r.last_seen_ms(), nowMs));
        }
        if (s.rejection_tallies().empty())
            for (const std::string &why : s.rejections())
                (new QTreeWidgetItem(item))->setText(SourceColumn, tr("rejected: %1").arg(QString::fromStdString(why)));
        for (const v1::SourceStatus::UnknownField &u : s.unknown_fields()) {
            auto *child = new QTreeWidgetItem(item);
            child->setText(SourceColumn, tr("not on the stream: %1").arg(QString::fromStdString(u.name())));
            child->setText(ReadingsColumn, l.toString(qulonglong(u.count())));
            child->setTextAlignment(ReadingsColumn, Qt::AlignRight | Qt::AlignVCenter);
            child->setText(ErrorColumn, QString::fromStdString(u.help()));
        }
        item->setExpanded(expanded.contains(name));
    }
    m_tree->resizeColumnToContents(SourceColumn);
    const int n = outcome.sources.sources_size();
    const QString when = QDateTime::fromMSecsSinceEpoch(nowMs).toString(QStringLiteral("HH:mm:ss"));
    m_status->setText(n == 0 ? tr("The gateway reads no sources: a simulated or replayed cluster. (%1)").arg(when)
                          : troubled == 0
                          ? tr("%n source(s), all reading. (%1)", "", n).arg(when)
                          : tr("%n source(s); %1 with rejected lines or an error — open one to see why. (%2)", "", n)
                                .arg(troubled)
                                .arg(when));
    Q_EMIT updated();
}

QString SourcesDock::statusText() const
{
    return m_status->text();
}

} // namespace vigil
