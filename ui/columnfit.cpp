// SPDX-License-Identifier: GPL-3.0-or-later
#include "columnfit.h"

#include <QHeaderView>

namespace vigil {

void fitColumnsToShownRows(QHeaderView *header)
{
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setResizeContentsPrecision(64);
}

} // namespace vigil
