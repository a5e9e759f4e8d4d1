// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "client/telemetryclient.h"

#include <QDockWidget>

#include <functional>

class QLabel;
class QTimer;
class QTreeWidget;

namespace vigil {

// View → Sources: what each of the gateway's sources (dcgm-exporter, Prometheus,
// kernel and training logs) has done: its last poll, readings and events that
// entered the stream, lines skipped and rejected with the first reasons, fields
// the stream has no metric for, and its last error. So an operator sees why a GPU
// is grey. Asked of the gateway every few seconds while the dock is shown, off the
// GUI thread.
class SourcesDock : public QDockWidget
{
    Q_OBJECT
public:
    using Fetcher = std::function<SourcesOutcome()>;
    explicit SourcesDock(Fetcher fetcher, QWidget *parent = nullptr);

    // Asks the gateway now; `updated` follows.
    void refresh();
    // Shows an answer (what refresh() does with the gateway's).
    void present(const SourcesOutcome &outcome, int64_t nowMs);
    QString statusText() const;
    QTreeWidget *tree() const { return m_tree; }

Q_SIGNALS:
    void updated();

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    Fetcher m_fetcher;
    QLabel *m_status;
    QTreeWidget *m_tree;
    QTimer *m_timer;
    bool m_asking = false;
};

} // namespace vigil
