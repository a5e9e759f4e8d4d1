// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QHeaderView;

namespace vigil {

// A table's columns fit what it shows: sized to the rows on screen and the 64 around them, not
// to every row. Qt measures a thousand rows by default, laying out each cell's text again
// whenever a row changes: 50-270 ms of the GUI thread per refresh for a ledger of thousands.
void fitColumnsToShownRows(QHeaderView *header);

} // namespace vigil
