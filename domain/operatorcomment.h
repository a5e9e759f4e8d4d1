// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

namespace vigil {

// The longest comment or note an operator's action may carry, in UTF-8 bytes: the gateway
// refuses a longer one, and the dashboard says so before it is sent.
constexpr qsizetype MaxCommentBytes = 4096;

} // namespace vigil
