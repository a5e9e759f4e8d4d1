// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sources/bridgesource.h"

#include <QString>

#include <vector>

namespace vigil {

// Per-source credentials for HTTP(S) sources (`--scrape-config FILE`, docs/sources.md):
// each entry names the sources it is for by a prefix of their URL and gives the bearer
// token, basic auth, CA, client certificate or timeout they need, over the gateway-wide
// --scrape-* options. The longest matching prefix wins, so one entry can cover a pod and
// another a single exporter in it.
//
//   { "sources": [ { "match": "https://pod-a-", "bearer_token_file": "/etc/vigil/pod-a.token",
//                    "ca_file": "/etc/vigil/pod-a-ca.pem", "timeout_s": 10 } ] }
//
// Returns an error naming the file, the entry and the problem: a key it does not know
// (a typo must not silently leave a source unauthenticated), a file it cannot read, an
// entry that matches no --dcgm or --prometheus source.
QString applyScrapeConfig(const QString &path, std::vector<BridgeSpec> &sources);

} // namespace vigil
