// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/alarm.h"

#include <QLabel>

namespace vigil {

class DashboardSession;

// "▲ 3 unacknowledged" in the status bar, red when the highest is high or
// critical. Replaying, the count is the recording's at the instant shown and says
// so, with tonight's beside it: replaying a week ago must not hide a PDU alarm now.
class AlarmCountLabel : public QLabel
{
    Q_OBJECT
public:
    explicit AlarmCountLabel(QWidget *parent = nullptr);

    // `asking` and `highest` are the alarm list's, so the two never disagree.
    void showCount(const DashboardSession &session, size_t asking, AlarmPriority highest);
};

} // namespace vigil
