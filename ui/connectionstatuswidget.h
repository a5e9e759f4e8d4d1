// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "client/telemetryclient.h"

#include <QWidget>

class QLabel;

namespace vigil {

// The status bar's account of the feed: which gateway, whether data flows, how
// old the newest data is, how fast frames arrive, and whether anything was lost.
class ConnectionStatusWidget : public QWidget
{
    Q_OBJECT
public:
    explicit ConnectionStatusWidget(QWidget *parent = nullptr);

    // Called at the window's refresh cadence.
    void showStatus(const ConnectionStatus &status, int64_t clusterTimeMs, const std::vector<StreamGap> &gaps = {});
    static QString describeGap(const StreamGap &gap);
    // "Showing data from 12 s ago — reconnecting to …" over the map when the feed went quiet; empty when live.
    static QString staleNotice(const ConnectionStatus &status);

    QString stateText() const;
    static QString stateName(ConnectionState state);

protected:
    void changeEvent(QEvent *event) override;

private:
    QLabel *m_address;
    QLabel *m_state;
    QLabel *m_age;
    QLabel *m_rate;
    QLabel *m_gaps;
    QLabel *m_clock;
    uint64_t m_lastCount = 0;
    std::chrono::steady_clock::time_point m_lastRateAt {};
    double m_framesPerSecond = 0.0;
    ConnectionStatus m_status;
    int64_t m_clusterTimeMs = 0;
    std::vector<StreamGap> m_gapList;
};

} // namespace vigil
