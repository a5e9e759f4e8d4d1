// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QDockWidget;

namespace vigil {

// Marks a dock of live readings as stale the way the map is dimmed when the gateway goes
// silent: its contents faded, its title saying so, the notice (how old, what it is waiting
// for) on its title's tooltip. An empty notice takes the mark away.
void markStale(QDockWidget *dock, const QString &notice);
bool isMarkedStale(const QDockWidget *dock);

} // namespace vigil
