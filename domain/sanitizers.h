// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// VIGIL_UNDER_ASAN is 1 in a build with AddressSanitizer, whichever compiler made it: GCC
// defines __SANITIZE_ADDRESS__, clang (the sanitizer lane's) answers
// __has_feature(address_sanitizer) instead.
#if defined(__SANITIZE_ADDRESS__)
#define VIGIL_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define VIGIL_UNDER_ASAN 1
#endif
#endif
#ifndef VIGIL_UNDER_ASAN
#define VIGIL_UNDER_ASAN 0
#endif
