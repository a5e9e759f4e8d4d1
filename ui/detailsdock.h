// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/event.h"
#include "state/clusterstate.h"

#include <QDockWidget>

class QTextBrowser;

namespace vigil {

// The selected GPU in full: place, power feed, job, every reading, recent events.
class DetailsDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit DetailsDock(QWidget *parent = nullptr);
    void showGpu(const ClusterState &state, int gpu, const std::vector<Event> &recentEvents);
    QString text() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    QTextBrowser *m_view;
    QString m_html;
    int m_gpu = -2;
};

} // namespace vigil
