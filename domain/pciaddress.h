// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringView>

namespace vigil {

// One spelling of a PCI address for every matcher: "dddd:bb:dd", lower case,
// without the function. Takes what nvidia-smi, DCGM, the kernel and people
// write: a 4- or 8-digit domain or none ("00000000:1A:00.0", "0000:1a:00",
// "1a:00.0"), any case, with or without ".function". Empty when it is not a
// PCI address.
QString normalisePciBusId(QStringView text);

} // namespace vigil
