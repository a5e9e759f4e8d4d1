// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <vector>

namespace vigil {

// A site's policy for repeated Xids and SXids, and for parts that fail again after a repair
// (docs/repeat-offenders.md). As JSON:
//
//     { "repair_window_hours": 168,
//       "rules": [ { "code": 94, "threshold": 1000, "window_hours": 336, "action": "reset the GPU" },
//                  { "sxid": 11004, "threshold": 7, "window_hours": 336, "action": "reboot the node" } ] }
//
// A file replaces the defaults' rules as a whole, so what a site runs is what its file says.
struct XidPolicy
{
    struct Rule
    {
        int32_t code = 0;
        bool nvswitch = false; // an SXid (an NVSwitch's code), not a GPU's Xid
        int threshold = 2; // this many on one part within the window
        int64_t windowMs = 14 * 86400000LL;
        QString action; // what to do then, in the site's words
        bool operator==(const Rule &) const = default;
    };
    // A part that fails again this soon after a repair is escalated: the repair did not work.
    int64_t repairWindowMs = 7 * 86400000LL;
    std::vector<Rule> rules;

    // The documented defaults: gpud's thresholds where it sets one (Xid 94 × 1000, SXid 11004 × 7),
    // and two of any fatal Xid in NVIDIA's catalogue within 14 days.
    static XidPolicy defaults();
    const Rule *ruleFor(int32_t code, bool nvswitch) const;
    QByteArray toJson() const;
    bool operator==(const XidPolicy &) const = default;
};

// The policy a JSON text says; on a problem nothing is taken and the error names the source,
// the rule and the field.
QString parseXidPolicy(const QByteArray &json, const QString &source, XidPolicy &policy);
QString readXidPolicy(const QString &path, XidPolicy &policy);

} // namespace vigil
