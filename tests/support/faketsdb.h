// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "domain/topology.h"
#include "httpfixture.h"

#include <QString>

#include <memory>

namespace vigil::test {

// A query API that answers like Prometheus for four GPUs of node gpu-node-01 whose
// temperature is 40 plus the minute's second (plus the GPU's index), refuses any range of
// more than `maxSteps` steps for its size (422, as --query.max-samples does), and fails
// every range that touches [downFromMs, downToMs] (503).
class FakeTsdb
{
public:
    FakeTsdb(std::shared_ptr<const Topology> topology, int64_t maxSteps, int64_t downFromMs, int64_t downToMs);
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_server.port()); }
    int requests() const { return m_server.requests(); }
    static double temperature(int64_t timeMs) { return 40.0 + double((timeMs / 1000) % 60); }

private:
    HttpFixture m_server;
};

} // namespace vigil::test
