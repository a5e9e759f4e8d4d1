// SPDX-License-Identifier: GPL-3.0-or-later
#include "handoff.h"

#include "eventdescription.h"
#include "remedytext.h"
#include "whenfinished.h"

#include "domain/operatorcomment.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QtConcurrent>

namespace vigil {

HandOffDialog::HandOffDialog(const QString &partName, const Recommendation &recommended, const QString &recommendedText,
                             QWidget *parent)
    : QDialog(parent)
    , m_remedy(new QComboBox(this))
    , m_drain(new QCheckBox(tr("Drain it now, so no job lands on it meanwhile"), this))
    , m_note(new QPlainTextEdit(this))
{
    setWindowTitle(tr("Hand off %1").arg(partName));
    for (int r = 1; r < RemedyCount; ++r)
        m_remedy->addItem(remedyName(Remedy(r)), r);
    m_remedy->setCurrentIndex(std::max(0, m_remedy->findData(int(recommended.remedy))));
    m_drain->setChecked(recommended.drainFirst);
    m_note->setPlainText(recommendedText);
    m_note->setTabChangesFocus(true);
    auto *recommendation = new QLabel(recommendedText, this);
    recommendation->setWordWrap(true);
    auto *where = new QLabel(tr("The gateway hands it to the site's webhook or script (ticketing, automation). "
                                "The hand-off and the site's answer are recorded, and every dashboard sees them."),
                             this);
    where->setWordWrap(true);
    where->setStyleSheet(QStringLiteral("color: palette(mid)"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    QPushButton *send = buttons->addButton(tr("Hand off"), QDialogButtonBox::AcceptRole);
    send->setDefault(true);
    // The gateway takes a note of MaxCommentBytes: a longer one is said so here, not trimmed.
    auto *tooLong = new QLabel(this);
    tooLong->setStyleSheet(QStringLiteral("color: #ff6b6b"));
    tooLong->hide();
    connect(m_note, &QPlainTextEdit::textChanged, this, [this, send, tooLong] {
        const qsizetype bytes = note().toUtf8().size();
        const bool fits = bytes <= MaxCommentBytes;
        send->setEnabled(fits);
        tooLong->setVisible(!fits);
        if (!fits)
            tooLong->setText(tr("The note is %1 bytes; the gateway takes %2 at most.")
                                 .arg(QLocale().toString(bytes), QLocale().toString(MaxCommentBytes)));
    });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *form = new QFormLayout(this);
    form->addRow(tr("Part:"), new QLabel(partName, this));
    form->addRow(tr("Recommended:"), recommendation);
    form->addRow(tr("Action:"), m_remedy);
    form->addRow(QString(), m_drain);
    form->addRow(tr("Note for the ticket:"), m_note);
    form->addRow(QString(), tooLong);
    form->addRow(where);
    form->addRow(buttons);
    resize(560, sizeHint().height());
}

Remedy HandOffDialog::remedy() const
{
    return Remedy(m_remedy->currentData().toInt());
}

bool HandOffDialog::drainFirst() const
{
    return m_drain->isChecked();
}

QString HandOffDialog::note() const
{
    return m_note->toPlainText().trimmed();
}

HandOffFlow::HandOffFlow(QWidget *window)
    : QObject(window)
    , m_window(window)
{ }

void HandOffFlow::setSender(Sender sender, QString operatorName)
{
    m_sender = std::move(sender);
    m_operatorName = std::move(operatorName);
}

void HandOffFlow::fail(const QString &message)
{
    Q_EMIT finished(false, message);
}

void HandOffFlow::handOff(const PartRecommendation &recommended, const Topology *topology, uint64_t alarmId)
{
    const QString partName = entityName(topology, recommended.part);
    const QString recommendedText = recommendationWithReason(recommended.recommendation, topology, recommended.part);
    if (m_replaying)
        return fail(tr("Hand off %1: a replay cannot hand anything off; go back to live to act.").arg(partName));
    if (!m_sender)
        return fail(tr("Hand off %1: not connected to a gateway.").arg(partName));
    v1::ActRequest proposed;
    proposed.set_action(v1::EVENT_TYPE_HAND_OFF);
    proposed.mutable_entity()->set_kind(v1::EntityKind(recommended.part.kind));
    proposed.mutable_entity()->set_index(recommended.part.index);
    proposed.set_target_event_id(recommended.answersEventId);
    proposed.set_alarm_id(alarmId);
    proposed.set_remedy(v1::Remedy(recommended.recommendation.remedy));
    proposed.set_drain_first(recommended.recommendation.drainFirst);
    proposed.set_comment(recommendedText.toStdString());
    std::optional<v1::ActRequest> confirmed;
    if (m_confirm) {
        confirmed = m_confirm({ partName, recommended, recommendedText }, proposed);
    } else {
        HandOffDialog dialog(partName, recommended.recommendation, recommendedText, m_window);
        if (dialog.exec() == QDialog::Accepted) {
            confirmed = proposed;
            confirmed->set_remedy(v1::Remedy(dialog.remedy()));
            confirmed->set_drain_first(dialog.drainFirst());
            confirmed->set_comment(dialog.note().toStdString());
        }
    }
    if (!confirmed)
        return; // cancelled
    confirmed->set_operator_name(m_operatorName.toStdString());
    const QString what = tr("Hand off %1 (%2)").arg(partName, remedyName(Remedy(confirmed->remedy())));
    Q_EMIT finished(true, tr("%1: sending…").arg(what));
    whenFinished(QtConcurrent::run([sender = m_sender, request = *confirmed] { return sender(request); }), this,
                 [this, what](const ActOutcome &outcome) {
                     if (!outcome.ok)
                         return fail(tr("%1: refused by the gateway: %2").arg(what, outcome.message));
                     Q_EMIT finished(true,
                                     tr("%1: handed to the gateway; the site's answer will show in the "
                                        "event log.")
                                         .arg(what));
                 });
}

} // namespace vigil
