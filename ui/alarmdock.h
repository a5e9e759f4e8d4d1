// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "alarmtreemodel.h"
#include "analysis/recommendations.h"
#include "client/telemetryclient.h"
#include "domain/alarmstatistics.h"
#include "domain/topology.h"

#include <QDateTime>
#include <QDockWidget>

#include <functional>
#include <optional>
#include <set>

class QAction;
class QCheckBox;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTreeView;

namespace vigil {

class DashboardSession;
class IncidentAnalysis;

// The alarm list the night shift lives in: every alarm the gateway holds, the
// same on every operator's screen, grouped under the incident it belongs to,
// sorted by priority, filtered by anything typed after /. Keys on the list act on
// the selection (a group's row stands for its alarms), as one action however many:
// A acknowledge, S shelve, U unshelve, O assign an owner, E escalate, N add a
// note; Enter shows the alarm on the rack map. The actions go to the gateway, which
// checks them and tells every dashboard; a refusal is shown with its reason.
class AlarmDock : public QDockWidget
{
    Q_OBJECT
public:
    // Sends an action and returns what the gateway said (called off the GUI thread).
    using Sender = std::function<ActOutcome(const v1::ActRequest &)>;
    // Asks the operator for a line of text (a comment, a duration, an owner); nullopt: cancelled.
    using Prompt
        = std::function<std::optional<QString>(const QString &title, const QString &label, const QString &initial)>;

    explicit AlarmDock(QWidget *parent = nullptr);

    void setSender(Sender sender, QString operatorName);
    void setPrompt(Prompt prompt) { m_prompt = std::move(prompt); }
    // Whether the gateway's alarms are coming in. Without them the list keeps the last
    // alarms it had, marked stale with the time the feed was lost, or says there are none
    // to show rather than "0 unacknowledged".
    void setConnected(bool connected);
    bool isStale() const { return !m_connected && !m_replaying && !m_alarms.empty(); }
    // Replaying: the list shows a recording's alarms at the replayed instant; they are
    // history, and cannot be acted on.
    void setReplaying(bool replaying);
    QString countsText() const;
    // The alarms as they stand (and the incidents they may belong to).
    void showAlarms(const std::vector<Alarm> &alarms, int64_t nowMs, std::shared_ptr<const Topology> topology,
                    std::shared_ptr<const IncidentAnalysis> analysis);

    // Follows the session: live, the gateway's alarms (kept, stale, through an outage);
    // replaying, the recording's at the instant shown. Redrawn when they change, and once
    // a second for their ages; true when redrawn.
    bool follow(const DashboardSession &session, bool changed);
    // View → Sound for new alarms (remembered).
    QAction *soundAction() const { return m_sound; }

    AlarmTreeModel *model() const { return m_model; }
    QTreeView *view() const { return m_view; }
    QLineEdit *filterEdit() const { return m_filter; }
    // The alarm under the cursor (0: none).
    uint64_t currentAlarm() const;
    // The alarms the keys act on: every alarm selected, and every alarm the list shows of a
    // selected group (an incident's, or one condition's in one row); with nothing selected,
    // the alarm under the cursor.
    std::vector<uint64_t> selectedAlarms() const;
    bool selectAlarm(uint64_t id);
    size_t unacknowledged() const { return m_unacknowledged; }
    AlarmPriority highestUnacknowledged() const { return m_highest; }
    const FloodFigures &flood() const { return m_flood; }
    const FloodFigures &floodOnClusterClock() const { return m_clusterFlood; }
    QString feedbackText() const;
    // What came of the operator's latest action, under the list until the next (a hand-off's
    // outcome too: the status bar's messages are soon covered by new alarms).
    void showOutcome(bool ok, const QString &text);
    QString floodText() const;

    // The actions the keys take on the selected alarms.
    void acknowledge();
    void shelve();
    void unshelve();
    void assign();
    void escalate();
    void note();
    // Asks for a hand-off of what the alarm under the cursor's warning calls for (H).
    void handOff();

Q_SIGNALS:
    void entityActivated(vigil::EntityRef entity);
    // An action came back from the gateway: taken, or refused with a reason.
    void actionFinished(bool ok, const QString &message);
    // New alarms asking for an acknowledgement arrived.
    void newUnacknowledged(int count, vigil::AlarmPriority highest);
    // A hand-off asked for: what the alarm's warning calls for, and the alarm.
    void handOffRequested(const vigil::PartRecommendation &recommended, uint64_t alarmId);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Question
    {
        QString title, label, initial;
    };
    // The action on the selected alarms (one request, however many): asks the question (if
    // any), lets `fill` complete the request from the answer (false: do not send), and sends it.
    void actOnSelection(v1::EventType action, const QString &what, const std::optional<Question> &question,
                        const std::function<bool(v1::ActRequest &, const QString &)> &fill);
    void showFlood(const std::vector<Alarm> &alarms, int64_t nowMs, int64_t floodNow);
    // "Xid 79 on GPU 5 of a01r01n1", "12 alarms of <group>", "40 alarms".
    QString selectionTitle(const std::vector<uint64_t> &ids) const;
    // The selection across a reset of the rows: kept as the rows go, selected again once
    // the new rows are in.
    void keepSelection();
    void restoreSelection();
    void send(v1::ActRequest request, const QString &what);
    std::optional<QString> ask(const QString &title, const QString &label, const QString &initial = {});

    AlarmTreeModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTreeView *m_view;
    QLineEdit *m_filter;
    QCheckBox *m_showNormal;
    QLabel *m_counts;
    QLabel *m_floodLabel;
    int64_t m_floodSinceMs = 0; // live: when this dock began counting (wall clock)
    QLabel *m_feedback;
    Sender m_sender;
    QString m_operatorName;
    Prompt m_prompt;
    std::vector<Alarm> m_alarms;
    int64_t m_nowMs = 0;
    std::shared_ptr<const Topology> m_topology;
    std::shared_ptr<const IncidentAnalysis> m_analysis; // held: a newer one never frees it under the dock
    struct KeptSelection
    {
        std::set<QString> groups;
        std::set<uint64_t> alarms;
        uint64_t current = 0;
    };
    KeptSelection m_kept; // between a reset's start and its end
    size_t m_unacknowledged = 0;
    bool m_connected = false;
    bool m_replaying = false;
    QDateTime m_lostAt; // when the feed was lost (wall clock)
    AlarmPriority m_highest = AlarmPriority::Low;
    int64_t m_followedAtMs = 0; // wall clock
    bool m_changeWaiting = false; // the alarms changed since they were last drawn
    QAction *m_sound;
    AlarmActivationWatch m_activationWatch; // what is new since the last look, for the flood figures
    std::vector<AlarmActivation> m_activations; // on the operator's clock: when they reached the screen
    FloodFigures m_flood;
    // Live, the same activations on the cluster's clock (when raised), and the figures there.
    std::vector<AlarmActivation> m_clusterActivations;
    FloodFigures m_clusterFlood;
    int64_t m_clusterSinceMs = 0;
    int64_t m_floodCountedMs = 0; // when the figures were last counted (the flood's clock)
};

} // namespace vigil
