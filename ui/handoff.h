// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/recommendations.h"
#include "client/telemetryclient.h"

#include <QDialog>
#include <QObject>

#include <functional>
#include <optional>

class QCheckBox;
class QComboBox;
class QPlainTextEdit;

namespace vigil {

// Confirms a hand-off (docs/hand-off.md): the part, what is recommended and why, and the
// operator's choice of remedy, whether to drain it now, and a note for whoever takes the ticket.
class HandOffDialog : public QDialog
{
    Q_OBJECT
public:
    HandOffDialog(const QString &partName, const Recommendation &recommended, const QString &recommendedText,
                  QWidget *parent = nullptr);
    Remedy remedy() const;
    bool drainFirst() const;
    QString note() const;

private:
    QComboBox *m_remedy;
    QCheckBox *m_drain;
    QPlainTextEdit *m_note;
};

// An operator's hand-off of a recommended action: the dialog, then Act to the gateway, which
// hands it to the site's webhook or script and records it; the outcome is reported in words.
class HandOffFlow : public QObject
{
    Q_OBJECT
public:
    using Sender = std::function<ActOutcome(const v1::ActRequest &)>;
    // What the operator confirmed (nullopt: cancelled). The dialog by default; tests answer themselves.
    struct Asked
    {
        QString partName;
        PartRecommendation recommended;
        QString recommendedText;
    };
    using Confirm = std::function<std::optional<v1::ActRequest>(const Asked &asked, v1::ActRequest proposed)>;

    explicit HandOffFlow(QWidget *window);
    void setSender(Sender sender, QString operatorName);
    void setReplaying(bool replaying) { m_replaying = replaying; }
    void setConfirm(Confirm confirm) { m_confirm = std::move(confirm); }

    // Asks the operator, then hands off. `alarmId`: the alarm the part's warning raised (0: none).
    void handOff(const PartRecommendation &recommended, const Topology *topology, uint64_t alarmId = 0);

Q_SIGNALS:
    void finished(bool ok, const QString &message);

private:
    void fail(const QString &message);
    QWidget *m_window;
    Sender m_sender;
    QString m_operatorName;
    Confirm m_confirm;
    bool m_replaying = false;
};

} // namespace vigil
