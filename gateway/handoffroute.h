// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/event.h"

#include <QString>

namespace vigil {

// Where the gateway hands operators' recommended actions (docs/hand-off.md): the site's webhook
// or script, and who may use it. The host sets one from its --hand-off file; without one, Act
// refuses every hand-off. Called from gRPC's threads.
class HandOffRoute
{
public:
    virtual ~HandOffRoute() = default;
    // Empty when the operator may hand off; otherwise why not, in words.
    virtual QString mayHandOff(const QString &operatorName) const = 0;
    // A hand-off just journalled (its id set): delivered later, off the caller's thread; what the
    // site answered (or why it was not reached) is journalled as a HandOffAnswer.
    virtual void deliver(const Event &handOff) = 0;
};

} // namespace vigil
