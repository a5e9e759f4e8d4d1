// SPDX-License-Identifier: GPL-3.0-or-later
#include "event.h"

namespace vigil {

bool isKnownEventType(int v)
{
    return (v >= 100 && v <= 109) || (v >= 200 && v <= 207) || (v >= 300 && v <= 312);
}

} // namespace vigil
