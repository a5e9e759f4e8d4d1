// SPDX-License-Identifier: GPL-3.0-or-later
// The donor of the test suites' precompiled header (see vigil_add_test_pch_donor): CMake
// compiles the header alongside this file, and every suite reuses it.
