// SPDX-License-Identifier: GPL-3.0-or-later
#include "alarmcountlabel.h"

#include "dashboardsession.h"
#include "domain/clusterfeed.h"

#include <algorithm>

namespace vigil {

AlarmCountLabel::AlarmCountLabel(QWidget *parent)
    : QLabel(parent)
{
    hide();
}

void AlarmCountLabel::showCount(const DashboardSession &session, size_t asking, AlarmPriority highest)
{
    const std::vector<Alarm> &alarms = session.alarms();
    if (session.isReplaying()) {
        const std::vector<Alarm> &live = session.liveAlarms();
        const auto now = std::count_if(live.begin(), live.end(), [](const Alarm &a) { return a.needsAcknowledging(); });
        // Live only says "all acknowledged" when it hears a gateway: with none, it knows nothing.
        const ConnectionState state = session.live().status().state;
        const bool hearing = state == ConnectionState::Live || state == ConnectionState::Resumed;
        setText((asking ? tr("▲ %n unacknowledged then", "", int(asking)) : tr("alarms then: all acknowledged"))
                + QStringLiteral(" · ")
                + (!hearing  ? tr("live: no gateway heard")
                       : now ? tr("live: ▲ %n unacknowledged now", "", int(now))
                             : tr("live: all acknowledged")));
        setVisible(!alarms.empty() || !live.empty());
    } else {
        setText(asking ? tr("▲ %n unacknowledged", "", int(asking)) : tr("alarms: all acknowledged"));
        setVisible(!alarms.empty());
    }
    setStyleSheet(QStringLiteral("padding:0 8px; font-weight:bold; color:%1")
                      .arg(asking == 0                          ? QStringLiteral("#7ee787")
                               : highest >= AlarmPriority::High ? QStringLiteral("#ff6b6b")
                                                                : QStringLiteral("#ffc400")));
}

} // namespace vigil
