// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QApplication;

namespace vigil {

// The dark control-room palette (Fusion style): easy on the eyes at 3 AM and on wall screens.
void applyDarkTheme(QApplication &app);
// A light palette for daylight desks; the colour ramps stay the same.
void applyLightTheme(QApplication &app);

} // namespace vigil
