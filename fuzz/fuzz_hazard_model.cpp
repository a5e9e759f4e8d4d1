// SPDX-License-Identifier: GPL-3.0-or-later
// The hazard model a bundle carries (its meta table's hazard_model, written by another Vigil or
// by anyone): JSON of kinds with their cases and failures, and base rates.
#include "analysis/hazardmodel.h"

#include <cmath>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    QString error;
    const vigil::HazardModel model
        = vigil::HazardModel::fromJson(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)), &error);
    if (!error.isEmpty())
        return 0;
    // What was taken is a model: every estimate a probability inside its interval, and it
    // travels again to the same estimates.
    for (const auto &[kind, e] : model.estimates()) {
        if (!(e.probability >= 0.0 && e.probability <= 1.0) || !(e.low <= e.probability + 1e-9)
            || !(e.probability <= e.high + 1e-9) || e.cases < double(e.failures) - 1e-9)
            std::abort();
        if (e.applicationFault && (e.probability != 0.0 || e.material))
            std::abort(); // the program's own Xid never carries a hardware risk
    }
    const vigil::HazardModel again = vigil::HazardModel::fromJson(model.toJson(), &error);
    if (!error.isEmpty() || again.estimates().size() != model.estimates().size())
        std::abort();
    return 0;
}
