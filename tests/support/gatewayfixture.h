// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "client/telemetryclient.h"
#include "domain/clusterstate.h"
#include "host/gatewayserver.h"
#include "sim/clustersimulator.h"
#include "vigil/v1/gateway.grpc.pb.h"

#include <grpcpp/grpcpp.h>

#include <QString>

#include <cmath>
#include <memory>
#include <optional>

namespace vigil::test {

inline bool isLive(const LiveCluster &cluster)
{
    const auto state = cluster.status().state;
    return state == ConnectionState::Live || state == ConnectionState::Resumed;
}

// A gateway on a free loopback port, fast enough for tests.
inline GatewayOptions testGatewayOptions(uint32_t gpus = 256, double rateHz = 20.0)
{
    GatewayOptions options;
    options.listen = "127.0.0.1:0";
    options.simulator.shape.gpus = gpus;
    options.simulator.seed = 11;
    options.rateHz = rateHz;
    options.stream.heartbeatInterval = std::chrono::milliseconds(200);
    return options;
}

inline std::unique_ptr<v1::Gateway::Stub> stubFor(const QString &address)
{
    return v1::Gateway::NewStub(grpc::CreateChannel(address.toStdString(), grpc::InsecureChannelCredentials()));
}

// A hardware warning published now, the way a bridge would (it raises an alarm); false when refused.
// Publishes one warning on a GPU, now on the cluster's clock, as the holder of `token` (none: anonymous).
inline grpc::Status publishWarningAs(GatewayServer &server, uint32_t gpu, const QString &token,
                                     v1::PublishResponse *reply, v1::EventType type = v1::EVENT_TYPE_ROW_REMAP)
{
    auto stub = stubFor(server.address());
    grpc::ClientContext context;
    if (!token.isEmpty())
        context.AddMetadata("authorization", (QStringLiteral("Bearer ") + token).toStdString());
    auto writer = stub->Publish(&context, reply);
    v1::PublishRequest request;
    request.set_source("test-bridge");
    v1::Event *e = request.mutable_events()->add_events();
    e->set_type(type);
    e->set_severity(v1::SEVERITY_WARNING);
    e->mutable_entity()->set_kind(v1::ENTITY_KIND_GPU);
    e->mutable_entity()->set_index(gpu);
    e->set_time_ms(server.journal().headTimeMs());
    e->set_message("12 correctable errors");
    writer->Write(request);
    writer->WritesDone();
    return writer->Finish();
}

inline bool publishWarning(GatewayServer &server, uint32_t gpu, v1::EventType type = v1::EVENT_TYPE_ROW_REMAP,
                           const QString &token = {})
{
    v1::PublishResponse reply;
    return publishWarningAs(server, gpu, token, &reply, type).ok() && reply.accepted() == 1;
}

// The note about `aboutMs` (a shared bookmark) among the events a dashboard has received so far
// (kept in `seen`, since taking them empties the dashboard's queue).
inline std::optional<Event> sharedBookmark(LiveCluster &cluster, std::vector<Event> &seen, int64_t aboutMs)
{
    for (Event &e : cluster.takeEvents())
        seen.push_back(std::move(e));
    for (const Event &e : seen)
        if (e.type == EventType::Note && e.aboutMs == aboutMs)
            return e;
    return std::nullopt;
}

// The alarm a dashboard holds for row remapping on a GPU (what publishWarning raises), if any.
inline std::optional<Alarm> rowRemapAlarmOn(const LiveCluster &cluster, uint32_t gpu)
{
    std::vector<Alarm> alarms;
    uint64_t generation = ~uint64_t(0);
    cluster.copyAlarmsIfNewer(alarms, generation);
    for (const Alarm &a : alarms)
        if (a.entity == EntityRef { EntityKind::Gpu, gpu } && a.sourceType == EventType::RowRemap)
            return a;
    return std::nullopt;
}

// The gateway's simulator replayed independently up to `timeMs`: every metric's values
// then, by metric id ("" in `error`), or why not.
inline MetricColumns simulateTo(const GatewayOptions &options, int64_t timeMs, QString *error)
{
    ClusterSimulator sim(options.simulator);
    MetricColumns columns;
    std::vector<Event> events;
    sim.advance(0, columns, events);
    const auto stepMs = int64_t(std::llround(1000.0 * options.speed / options.rateHz));
    while (sim.timeMs() < timeMs)
        sim.advance(stepMs, columns, events);
    if (sim.timeMs() != timeMs)
        *error = QStringLiteral("state time %1 is not a simulator tick").arg(timeMs);
    return columns;
}

// Replays the gateway's simulator independently up to `timeMs` and returns
// "" when every metric value in `state` is bit-identical to it.
inline QString compareWithSimulation(const GatewayOptions &options, const ClusterState &state)
{
    QString error;
    const MetricColumns columns = simulateTo(options, state.timeMs(), &error);
    if (!error.isEmpty())
        return error;
    for (size_t m = 0; m < columns.size(); ++m) {
        const MetricColumn *column = state.columnById(uint32_t(m));
        if (!column || column->values.size() != columns[m].size())
            return QStringLiteral("metric %1 missing or of the wrong size").arg(m);
        for (size_t i = 0; i < columns[m].size(); ++i) {
            const float expected = columns[m][i];
            const float got = column->values[i];
            if (!(expected == got || (std::isnan(expected) && std::isnan(got))))
                return QStringLiteral("metric %1 entity %2: expected %3, got %4").arg(m).arg(i).arg(expected).arg(got);
        }
    }
    return {};
}

} // namespace vigil::test
