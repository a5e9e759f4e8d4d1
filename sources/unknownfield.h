// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <cstdint>

namespace vigil {

// A field a source carried that no metric of the stream stands for (an exporter's field, a
// training log's JSON key, a TensorBoard tag), counted by name for the Sources view.
struct UnknownField
{
    // At most this many names are told apart (per scrape, per log); the rest are counted
    // together under OtherNames, so a hostile or broken source cannot grow the gateway.
    static constexpr size_t MaxNames = 256;
    static constexpr const char *OtherNames = "(other names)";

    // The name to count `name` under in `tally` (a map by name): itself while fewer than
    // MaxNames are told apart or it is one of them, else OtherNames.
    template<class Tally> static QString countedAs(const Tally &tally, const QString &name)
    {
        return tally.size() < MaxNames || tally.count(name) ? name : QString::fromLatin1(OtherNames);
    }

    uint64_t samples = 0;
    QString help; // the exposition's # HELP text
    QString type; // the exposition's # TYPE
};

} // namespace vigil
