// SPDX-License-Identifier: GPL-3.0-or-later
// The gateway's operators file: tokens, names, roles and an agent's hosts.
#include "gateway/operators.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    vigil::OperatorRegistry registry;
    const QString error = registry.parse(QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size)),
                                         QStringLiteral("operators"));
    if (error.isEmpty() && registry.isEmpty())
        std::abort(); // a file that parses names somebody
    (void)registry.byToken(QStringLiteral("0123456789abcdef"));
    return 0;
}
