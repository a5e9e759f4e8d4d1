// SPDX-License-Identifier: GPL-3.0-or-later
#include "stalemark.h"

#include <QCoreApplication>
#include <QDockWidget>
#include <QGraphicsOpacityEffect>
#include <QVariant>

namespace vigil {

namespace {

constexpr const char *OwnTitle = "vigilOwnTitle"; // the title without the mark
constexpr const char *StaleNotice = "vigilStaleNotice";

} // namespace

void markStale(QDockWidget *dock, const QString &notice)
{
    if (!dock || !dock->widget() || dock->property(StaleNotice).toString() == notice)
        return;
    if (!dock->property(OwnTitle).isValid())
        dock->setProperty(OwnTitle, dock->windowTitle());
    const QString title = dock->property(OwnTitle).toString();
    dock->setProperty(StaleNotice, notice);
    if (notice.isEmpty()) {
        dock->setWindowTitle(title);
        dock->setToolTip(QString());
        dock->widget()->setGraphicsEffect(nullptr);
        return;
    }
    dock->setWindowTitle(QCoreApplication::translate("StaleMark", "%1 · stale").arg(title));
    dock->setToolTip(notice);
    if (!dock->widget()->graphicsEffect()) {
        auto *fade = new QGraphicsOpacityEffect(dock->widget());
        fade->setOpacity(0.45);
        dock->widget()->setGraphicsEffect(fade);
    }
}

bool isMarkedStale(const QDockWidget *dock)
{
    return dock && !dock->property(StaleNotice).toString().isEmpty();
}

} // namespace vigil
