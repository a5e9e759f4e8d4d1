// SPDX-License-Identifier: GPL-3.0-or-later
#include "connectionstatuswidget.h"

#include <QDateTime>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>

namespace vigil {

namespace {

QLabel *makeLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setTextFormat(Qt::RichText);
    label->setContentsMargins(6, 0, 6, 0);
    return label;
}

QString dot(const char *colour)
{
    return QStringLiteral("<span style='color:%1'>●</span> ").arg(QLatin1String(colour));
}

} // namespace

ConnectionStatusWidget::ConnectionStatusWidget(QWidget *parent)
    : QWidget(parent)
    , m_address(makeLabel(this))
    , m_state(makeLabel(this))
    , m_age(makeLabel(this))
    , m_rate(makeLabel(this))
    , m_gaps(makeLabel(this))
    , m_clock(makeLabel(this))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    for (QLabel *label : { m_state, m_address, m_age, m_rate, m_gaps, m_clock })
        layout->addWidget(label);
}

QString ConnectionStatusWidget::stateName(ConnectionState state)
{
    switch (state) {
    case ConnectionState::Connecting:
        return tr("Connecting…");
    case ConnectionState::Live:
        return tr("Live");
    case ConnectionState::Reconnecting:
        return tr("Reconnecting…");
    case ConnectionState::Resumed:
        return tr("Resumed");
    }
    return {};
}

QString ConnectionStatusWidget::stateText() const
{
    return stateName(m_status.state);
}

QString ConnectionStatusWidget::describeGap(const StreamGap &gap)
{
    auto time = [](int64_t ms) {
        return ms > 0 ? QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))
                      : tr("unknown");
    };
    QString why;
    switch (gap.reason) {
    case StreamGap::Reason::EpochChanged:
        why = tr("the gateway restarted without its journal");
        break;
    case StreamGap::Reason::NotRetained:
        why = tr("the outage outlasted the gateway's retained window");
        break;
    case StreamGap::Reason::MissingSequence:
        why = tr("journal entries never arrived");
        break;
    }
    // A gateway restarted with its clock behind (a simulator starting over, a host
    // whose time was wrong) resumes earlier than it stopped: say so, never run backwards.
    if (gap.toTimeMs > 0 && gap.toTimeMs < gap.fromTimeMs)
        return tr("%1 UTC, then the cluster's clock went back to %2: %3")
            .arg(time(gap.fromTimeMs), time(gap.toTimeMs), why);
    return tr("%1 → %2 UTC: %3").arg(time(gap.fromTimeMs), time(gap.toTimeMs), why);
}

void ConnectionStatusWidget::showStatus(const ConnectionStatus &status, int64_t clusterTimeMs,
                                        const std::vector<StreamGap> &gaps)
{
    m_status = status;
    m_gapList = gaps;
    m_clusterTimeMs = clusterTimeMs;
    const auto now = std::chrono::steady_clock::now();
    const double sinceRate = std::chrono::duration<double>(now - m_lastRateAt).count();
    if (sinceRate >= 1.0 || status.messagesReceived < m_lastCount) {
        m_framesPerSecond = m_lastRateAt == std::chrono::steady_clock::time_point {}
            ? 0.0
            : double(status.messagesReceived - std::min(m_lastCount, status.messagesReceived)) / sinceRate;
        m_lastCount = status.messagesReceived;
        m_lastRateAt = now;
    }

    const char *colour = "#8a94a3";
    switch (status.state) {
    case ConnectionState::Live:
        colour = "#3fb950";
        break;
    case ConnectionState::Resumed:
        colour = "#58a6ff";
        break;
    case ConnectionState::Reconnecting:
        colour = "#d29922";
        break;
    case ConnectionState::Connecting:
        break;
    }
    m_state->setText(dot(colour) + QStringLiteral("<b>%1</b>").arg(stateName(status.state)));
    m_state->setToolTip(status.lastError.isEmpty() ? QString() : tr("Last error: %1").arg(status.lastError));
    m_address->setText(status.encrypted ? tr("Gateway %1 · TLS").arg(status.address.toHtmlEscaped())
                                        : tr("Gateway %1").arg(status.address.toHtmlEscaped()));
    m_address->setToolTip(status.encrypted ? tr("The stream and your token travel encrypted (TLS).")
                                           : tr("The stream travels in the clear: fine on this machine, not across "
                                                "a network."));

    const QLocale locale;
    if (status.lastMessageAt == std::chrono::steady_clock::time_point {}) {
        m_age->setText(tr("no data yet"));
    } else {
        const double age = std::chrono::duration<double>(now - status.lastMessageAt).count();
        const QString ageColour = age > 30.0 ? QStringLiteral("#f85149")
            : age > 5.0                      ? QStringLiteral("#d29922")
                                             : palette().color(QPalette::WindowText).name();
        m_age->setText(tr("Data age <span style='color:%1'>%2 s</span>").arg(ageColour, locale.toString(age, 'f', 1)));
    }
    m_rate->setText(tr("%1 frames/s").arg(locale.toString(m_framesPerSecond, 'f', 1)));
    m_gaps->setText(status.gaps == 0 ? tr("no gaps")
                                     : QStringLiteral("<span style='color:#d29922'>%1</span>")
                                           .arg(tr("gaps in the stream: %1").arg(status.gaps)));
    QStringList gapLines;
    for (const StreamGap &gap : gaps)
        gapLines << describeGap(gap);
    m_gaps->setToolTip(gapLines.join(u'\n'));
    m_clock->setText(clusterTimeMs > 0 ? tr("Cluster time %1 UTC")
                                             .arg(QDateTime::fromMSecsSinceEpoch(clusterTimeMs, Qt::UTC)
                                                      .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")))
                                       : QString());
}

void ConnectionStatusWidget::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        showStatus(m_status, m_clusterTimeMs, m_gapList);
    QWidget::changeEvent(event);
}

QString ConnectionStatusWidget::staleNotice(const ConnectionStatus &status)
{
    constexpr double StaleAfterSeconds = 5.0;
    const double age = std::chrono::duration<double>(std::chrono::steady_clock::now() - status.lastMessageAt).count();
    if (status.state != ConnectionState::Reconnecting && age < StaleAfterSeconds)
        return {};
    return tr("Showing data from %1 s ago — reconnecting to %2").arg(QLocale().toString(age, 'f', 0), status.address);
}

} // namespace vigil
